"""The end panel leaves every pile's top card in sight (issue 39, item 9): a lost game with tall piles (deal
1,000,038 at 1280×800 hid the last top cards under the panel) is ended through the real loop, and at several
window sizes and in two languages each pile's top card, where it rests on screen, lies clear of the panel's
box (the piles are fanned tighter while the panel covers the foot of the table, and as before once it goes)."""

from __future__ import annotations

import pygame
import pytest
from ui_solver_support import run_until
from ui_support import aces_table, end_panel, key, make_app

from idioten.acesup.rules import Game
from idioten.cards import full_deck
from idioten.play.acesup.guide import table

SIZES = [(1280, 800), (1200, 680), (1024, 640), (1366, 768), (1920, 1080), (720, 520)]

pytestmark = pytest.mark.usefixtures("english_window")


def tall_piles() -> Game:
    """Eleven cards on every pile and the last deal in the stock: the four kings, one of each suit, land on
    top and nothing can be discarded or moved after them. The game is lost at 4."""
    kings = ["KC", "KD", "KH", "KS"]
    rest = [str(c) for c in full_deck() if str(c) not in kings and c.rank != 2]
    piles = tuple(" ".join(rest[i::4]) for i in range(4))
    return Game.from_text(table(piles, stock=" ".join(kings), stock_size=4))


def resize(app, width: int, height: int) -> None:
    app.window.minimum_size = (1, 1)
    app.window.size = (width, height)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height))
    app.settle()
    assert app.layout.size == (width, height)


def searches_answered(panel) -> bool:
    lesson = panel.lesson
    return panel.known is not None and (lesson is None or lesson.found is not None or bool(lesson.failed))


def hidden_tops(app) -> list[str]:
    """The top cards the end panel on top covers, by their pile and where they rest."""
    table, panel = aces_table(app), end_panel(app)
    box = panel.box
    if panel.canvas_size is not None:  # laid out larger, drawn scaled down to the window
        sx, sy = app.layout.width / panel.canvas_size[0], app.layout.height / panel.canvas_size[1]
        box = pygame.Rect(round(box.x * sx), round(box.y * sy), round(box.w * sx), round(box.h * sy))
    hidden = []
    for pile, cards in enumerate(table.game.piles):
        x, y = table.cards.sprites[cards[-1]].pos
        rect = pygame.Rect(round(x), round(y), app.layout.card_w, app.layout.card_h)
        if rect.colliderect(box):
            hidden.append(f"pile {pile + 1}: {rect} under {box}")
    return hidden


def test_every_pile_keeps_its_top_card_in_sight_beside_the_end_panel():
    app, _ = make_app(tall_piles())
    key(app, pygame.K_SPACE)  # the last deal: the game is lost
    assert aces_table(app).game.is_over()
    assert run_until(app, lambda: end_panel(app) is not None)
    # The panel grows as its searches answer (a verdict, a lesson), and the piles follow it a frame later: its
    # place is checked once they have answered, whatever core answers and however long it takes.
    assert run_until(app, lambda: searches_answered(end_panel(app)))
    app.settle()
    wrong = {}
    for language in ("en", "de"):
        app.set_language(language)
        for width, height in SIZES:
            resize(app, width, height)
            hidden = hidden_tops(app)
            if hidden:
                wrong[(language, width, height)] = hidden
    assert not wrong, wrong
    key(app, pygame.K_ESCAPE)  # the panel closed: the piles fanned as before
    table = aces_table(app)
    assert end_panel(app) is None and table.cards.fan_limit is None
    pile = table.game.piles[0]
    assert table.cards.sprites[pile[-1]].pos == app.layout.card_position(0, len(pile) - 1, len(pile))
