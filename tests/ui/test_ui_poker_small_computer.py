"""Poker patience against the computer in a small window (issue 39): where two grids side by side would both be
unreadable (400×300, below the program's smallest, where they were 17 pixels wide with ranks 4 pixels tall),
the player's grid keeps the room and the computer's shrinks to its total and a button; C or that button shows
the computer's grid in the player's place and back, said aloud; while it shows, nothing is placed on the grid out
of sight. At the program's smallest window, at each text size, both grids stay readable or the compact view
takes over. Through the real loop with posted keys and clicks (positions read from the events)."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from panel_fit import resize, set_text_size, smallest, text_sizes
from test_ui_poker import DEAL, fill, scene, think
from test_ui_poker_small import READABLE_RANK, felt_texts, languages, misfits
from ui_support import click, key, make_app

from idioten import i18n
from idioten.play.poker.session import PokerSession
from idioten.speech.backends import Recording
from idioten.speech.speaker import Speaker
from idioten.ui.kit.sprites import CardImages
from idioten.ui.poker.painter import INDEX_FACES_BELOW

pytestmark = pytest.mark.usefixtures("english_window")
OPTIONS = [{}, {"diagonals": True}, {"open_deck": True}, {"joker": True, "diagonals": True},
           {"diagonals": True, "open_deck": True}]


def computer_app(**options):
    """Deal 7 against a quick computer, with a recording screen reader."""
    session = PokerSession(None, random.Random(1), move_seconds=0.005)
    session.options = session.options.changed("competitive", True)
    for name, value in options.items():
        session.options = session.options.changed(name, value)
    session.new_deal(DEAL)
    spoken = Recording()
    app, _ = make_app(sessions={"poker": session}, speech=Speaker(backend=spoken))
    app.playing.switch_game("poker")
    app.settle()
    return app, spoken


def rank_height(app, size: tuple[int, int]) -> int:
    images = CardImages(lambda: app.settings, index_below=INDEX_FACES_BELOW)
    images.set_size(size)
    return images.rank_height()


def readable_grids(app) -> list[str]:
    """What is unreadable of the grids the table shows: the player's and (beside it) the computer's."""
    layout = scene(app).layout
    wrong = []
    for whose, size in (("player", (layout.card_w, layout.card_h)), ("computer", layout.computer_card_size)):
        if whose == "computer" and not layout.computer_cells:
            continue
        if rank_height(app, size) < READABLE_RANK:
            wrong.append(f"{whose}'s cards {size}: rank {rank_height(app, size)} px")
    return wrong


def alone_rank(app) -> int:
    """How tall the ranks of the player's cards would be in Poker alone, in this window and language."""
    painter = scene(app).painter
    place = painter.place
    painter.place = lambda base, size: dataclasses.replace(place(base, size), competitive=False)
    try:
        alone = painter.placed_for_reading(app.layout)
    finally:
        del painter.place
    return rank_height(app, (alone.card_w, alone.card_h))


def drawn_grid(app) -> dict[int, object]:
    """The cards the painter puts into the grid's cells in a frame."""
    painter = scene(app).painter
    grids = []
    grid = painter.grid
    painter.grid = lambda surface, cards, card_rect, *rest: grids.append((cards, card_rect)) or grid(
        surface, cards, card_rect, *rest)
    try:
        scene(app).draw(pygame.Surface(app.layout.size))
    finally:
        del painter.grid
    return next(cards for cards, card_rect in grids if card_rect == scene(app).layout.card_rect)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(o) or "classic")
def test_at_400_by_300_the_players_grid_is_readable_and_the_computers_is_compact(options):
    app, _ = computer_app(**options)
    resize(app, 400, 300, 1.0)
    fill(app, range(6))
    layout = scene(app).layout
    assert readable_grids(app) == []  # before: the player's cards 17 pixels wide, their ranks 4 pixels tall
    assert layout.compact and not layout.computer_cells
    assert layout.view_button.w and any(plate.contains(layout.view_button) for plate in layout.plates)
    assert misfits(app) == []  # every text whole on its plate, the computer's total and whose grid it is too
    texts = [text for text, *_ in felt_texts(app)]
    computer = scene(app).session.computer
    assert not layout.grid_title.w or i18n.t("ui.poker.your_grid") in texts  # above the grid, beside the deck
    assert any(text.startswith(i18n.t("ui.poker.computer_total", total=computer.score().total)) for text in texts)
    wrong = {}
    for language in languages():  # the longest words too: the compact view's total and buttons measured in each
        app.set_language(language)
        app.step(dt=1 / 60)
        # As readable as alone (Finnish with the diagonals is not, even alone: its hand names leave 21 pixels)
        now = scene(app).layout
        if rank_height(app, (now.card_w, now.card_h)) < min(READABLE_RANK, alone_rank(app)):
            wrong[language] = [f"cards {now.card_w} px, less readable than alone"]
            continue
        key(app, pygame.K_c)  # and with the computer's grid shown: its labels, the gold title, the other button
        scene(app).say("")  # (the message grows the status bar over the felt while it shows: not the felt's)
        found = misfits(app)
        key(app, pygame.K_c)
        scene(app).say("")
        found += misfits(app)
        if found:
            wrong[language] = found
    assert wrong == {}


def test_c_and_the_button_show_the_computers_grid_in_place_of_yours_and_back_said_aloud():
    app, spoken = computer_app()
    resize(app, 400, 300, 1.0)
    fill(app, range(6))
    game, computer = scene(app).game, scene(app).session.computer
    assert drawn_grid(app) == dict(enumerate(game.grid))

    key(app, pygame.K_c)
    assert scene(app).viewing_computer() and drawn_grid(app) == dict(enumerate(computer.grid))
    assert scene(app).message == i18n.t("ui.poker.msg.showing_computer")
    said = spoken.spoken[-1]
    assert said.startswith("The computer's grid, in place of yours. C or Esc: yours again.")
    assert f"total {computer.score().total}" in said.lower()
    assert i18n.t("ui.poker.button.show_own") == scene(app).view_button.label

    click(app, scene(app).layout.view_button.center)  # the button: the player's grid again
    assert not scene(app).viewing_computer() and drawn_grid(app) == dict(enumerate(game.grid))
    assert spoken.spoken[-1].startswith("Your grid again.") and "score" in spoken.spoken[-1].lower()
    click(app, scene(app).layout.view_button.center)
    assert scene(app).viewing_computer()
    key(app, pygame.K_c)
    assert not scene(app).viewing_computer()


@pytest.mark.parametrize("how", ["space", "arrow", "click on a cell", "escape"])
def test_while_the_computers_grid_shows_nothing_is_placed_and_the_players_grid_comes_back(how):
    app, _ = computer_app()
    resize(app, 400, 300, 1.0)
    fill(app, range(3))
    key(app, pygame.K_c)
    assert scene(app).viewing_computer()
    placed, cursor = scene(app).game.placed_count, scene(app).cursor
    if how == "space":
        key(app, pygame.K_SPACE)
    elif how == "arrow":
        key(app, pygame.K_RIGHT)
    elif how == "escape":
        key(app, pygame.K_ESCAPE)
    else:
        click(app, scene(app).layout.cells[scene(app).cursor].center)
    assert not scene(app).viewing_computer() and len(app.scenes) == 1  # no menu either
    assert scene(app).game.placed_count == placed and scene(app).cursor == cursor
    assert scene(app).message == i18n.t("ui.poker.msg.showing_own")
    key(app, pygame.K_SPACE)  # and now the key places, on the grid in sight
    think(app)
    assert scene(app).game.placed_count == placed + 1


def test_a_window_made_large_enough_for_both_grids_shows_both_and_a_small_one_again_the_players():
    app, _ = computer_app()
    resize(app, 400, 300, 1.0)
    fill(app, range(2))
    key(app, pygame.K_c)
    resize(app, 1280, 800, 1.0)
    assert not scene(app).layout.compact and scene(app).layout.computer_cells
    assert not scene(app).viewing_computer() and drawn_grid(app) == dict(enumerate(scene(app).game.grid))
    resize(app, 400, 300, 1.0)
    assert scene(app).layout.compact and not scene(app).viewing_computer()


def test_an_undo_shows_the_players_grid():
    app, _ = computer_app()
    resize(app, 400, 300, 1.0)
    fill(app, range(3))
    key(app, pygame.K_c)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    think(app)
    assert not scene(app).viewing_computer() and scene(app).game.placed_count == 2


def test_where_both_grids_show_c_says_the_computers_aloud_and_alone_says_where_the_computer_is():
    app, spoken = computer_app()
    fill(app, range(2))
    assert not scene(app).layout.compact and scene(app).layout.computer_cells
    key(app, pygame.K_c)
    assert not scene(app).viewing_computer() and scene(app).message == i18n.t("ui.poker.msg.computer_beside")
    assert "total" in spoken.spoken[-1].lower()
    scene(app).session.set_option("competitive", False)
    key(app, pygame.K_n)
    key(app, pygame.K_c)
    assert scene(app).message == i18n.t("ui.poker.msg.no_computer")


@pytest.mark.parametrize("text_size", text_sizes(fast=(100, 150)))
@pytest.mark.parametrize("options", [{}, {"diagonals": True, "open_deck": True}], ids=["classic", "diagonals+open"])
def test_at_the_smallest_window_and_each_text_size_both_grids_read_or_the_computers_is_compact(text_size, options):
    app, _ = computer_app(**options)
    set_text_size(app, text_size)
    wrong = {}
    for width, height, scale in smallest(text_size):
        resize(app, width, height, scale)
        fill(app, range(scene(app).game.placed_count, 4))
        found = readable_grids(app) + misfits(app)
        if found:
            wrong[(width, height, scale)] = found
    assert wrong == {}
