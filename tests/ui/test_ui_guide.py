"""Learn to play in the window (issue 28): the whole guide driven through the real loop with posted events, by
the keys and by the mouse, on a data folder of the test's own. Each step's refusals (the rules' reason, and the
guide's own for a legal action the lesson is not about) are checked as the table says them, and leaving the
guide, at its end or half-way, shows the player's own game exactly as it was, with statistics.json untouched."""

from __future__ import annotations

import random

import pygame
import pytest
from panel_fit import each_with_a_text_size, set_text_size, smallest
from ui_store_support import Clock, open_window, state
from ui_support import OPEN_APPS, choose_in_menu, close_apps, drag, headings

from idioten import i18n
from idioten.acesup.rules import DEAL, DISCARD, Action
from idioten.errors import IllegalAction
from idioten.play.acesup.guide import BEGINNER_LINE, RING_ACTIONS, STEPS, parse_line
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.store import Store
from idioten.ui.acesup.guide import GuideScene
from idioten.ui.kit.panels import OfferPanel

FRAME = 1 / 60


@pytest.fixture(autouse=True)
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    i18n.set_language("en")
    assert Store.open(tmp_path).change_setting("animation", "off") is None
    yield tmp_path
    close_apps()


def first_start():
    """The program's very first start (no deal named): the offer is on top, kept on screen for the test."""
    from idioten.ui.launch import open_app
    from idioten.ui.opening import Launch

    clock = Clock()
    app = open_app(Launch(language="en"), clock=clock, rng=random.Random(3), size=(1280, 800))
    app.clock_for_tests = clock
    OPEN_APPS.append(app)
    app.step(dt=0)
    return app


def press(app, key: int, mod: int = 0) -> None:
    app.clock_for_tests.now += 1.0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    app.settle(dt=FRAME)


def click(app, pos) -> None:
    app.clock_for_tests.now += 1.0  # a separate gesture, never half of a double click
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.settle(dt=FRAME)


def guide_of(app) -> GuideScene:
    scene = app.scenes[-1]
    assert isinstance(scene, GuideScene), type(scene).__name__
    return scene


def pile_key(pile: int) -> int:
    return pygame.K_1 + pile


def play_by_keys(app, action: Action) -> None:
    if action.kind == DEAL:
        press(app, pygame.K_SPACE)
    elif action.kind == DISCARD:
        press(app, pile_key(action.source))
        press(app, pygame.K_d)
    else:
        press(app, pile_key(action.source))
        press(app, pile_key(action.destination))


def refused_by_keys(app, action: Action, words: str) -> None:
    """`action` by the keys changes nothing, and the message line says `words`."""
    guide = guide_of(app)
    before = guide.game.to_text()
    play_by_keys(app, action)
    assert guide.game.to_text() == before
    assert guide.message == words


def rules_reason(app, action: Action) -> str:
    try:
        guide_of(app).game.verify(action)
    except IllegalAction as refusal:
        return i18n.reason(refusal)
    raise AssertionError(f"the rules allow {action}")


def player_files(folder) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in ("stats.json", "game.json") if (folder / name).exists()}


def a_game_in_progress(app, folder):
    """The player's own game after a deal, as it stands, and the files of it as written."""
    press(app, pygame.K_SPACE)
    app.persist.wait()
    return state(app), player_files(folder)


def test_the_whole_guide_by_the_keys_from_the_first_start_offer(folder):
    app = first_start()
    assert isinstance(app.scenes[-1], OfferPanel) and headings(app) == [i18n.t("guide.title")]
    app.persist.wait()
    assert Store.open(folder).settings.guide_offered  # offered once: remembered at once
    press(app, pygame.K_ESCAPE)  # skipped with one key
    assert len(app.scenes) == 1
    saved, files = a_game_in_progress(app, folder)

    choose_in_menu(app, "guide.title", press=press)
    guide = guide_of(app)
    # 1. K♥ A♥ 8♣ 3♠: the ace never goes, the 8♣ has no higher club; dealing is legal but not the lesson.
    assert guide.painter.hint_arrow() == Action.discard(0)
    refused_by_keys(app, Action.discard(1), rules_reason(app, Action.discard(1)))
    refused_by_keys(app, Action.discard(2), rules_reason(app, Action.discard(2)))
    refused_by_keys(app, Action.deal(), i18n.t("guide.try.discard", card=i18n.card_name(guide.game.top(0))))
    press(app, pygame.K_RIGHT)  # not done yet: the step stays
    assert guide.guide.index == 0
    play_by_keys(app, Action.discard(0))
    assert guide.game.score == 1 and guide.painter.hint_arrow() is None
    press(app, pygame.K_RIGHT)
    # 2. the 9♠ under the ace is not free; moving the 6♦ into the gap is legal but not the lesson.
    assert guide.guide.index == 1 and guide.painter.hint_arrow() == Action.move(1, 0)
    refused_by_keys(app, Action.move(3, 0), i18n.t("guide.try.move", card=i18n.card_name(guide.game.top(1)), pile=1))
    refused_by_keys(app, Action.discard(1), rules_reason(app, Action.discard(1)))
    play_by_keys(app, Action.move(1, 0))
    assert guide.painter.hint_arrow() == Action.discard(1)
    play_by_keys(app, Action.discard(1))
    press(app, pygame.K_RIGHT)
    # 3. nothing to discard; moving the lone K♦ into the gap opens nothing: the guide says so.
    assert guide.guide.index == 2 and guide.painter.hint_arrow() == Action.deal()
    refused_by_keys(app, Action.move(0, 1), i18n.t("guide.deal.lone_move"))
    play_by_keys(app, Action.deal())
    assert [len(pile) for pile in guide.game.piles] == [2, 1, 2, 2]  # one card on every pile, the gap too
    refused_by_keys(app, Action.discard(1), rules_reason(app, Action.discard(1)))
    press(app, pygame.K_RIGHT)
    # 4. what the end looks like: the four aces alone.
    assert guide.guide.index == 3 and guide.game.is_won() and not guide.game.stock
    refused_by_keys(app, Action.discard(0), rules_reason(app, Action.discard(0)))
    press(app, pygame.K_RIGHT)
    # 5. the beginner's deal: the ring for its first actions, then the player alone.
    assert guide.guide.index == 4 and guide.game.deal_number == STEPS[-1].deal_number
    line = parse_line(BEGINNER_LINE)
    for number, action in enumerate(line):
        assert guide.painter.hint_arrow() == (action if number < RING_ACTIONS else None)
        play_by_keys(app, action)
    assert guide.game.is_won() and i18n.t("guide.first.won") in guide.box_texts()
    press(app, pygame.K_RIGHT)  # after the last step: the player's own game, as it was

    assert len(app.scenes) == 1 and state(app) == saved
    assert app.scenes[0].message == i18n.t("guide.back")
    app.persist.wait()
    assert player_files(folder) == files  # nothing written: no game saved over, no statistics counted


def test_the_guide_by_the_mouse_and_left_half_way(folder):
    app = open_window()  # a first start, its offer skipped with Esc
    saved, files = a_game_in_progress(app, folder)
    table = app.scenes[0]
    menu_button = next(b for b in table.buttons if b.text_key == "ui.button.menu")
    click(app, menu_button.rect.center)
    entry = next(b for b in app.scenes[-1].buttons if b.text_key == "guide.title")
    click(app, entry.rect.center)
    guide = guide_of(app)
    next_button = next(b for b in guide.buttons if b.text_key == "guide.next")

    # 1. a click on the 8♣ is refused beside the click, with the rules' reason; the K♥ goes.
    eight = guide.top_rect(2).center
    reason = rules_reason(app, Action.discard(2))
    click(app, eight)
    assert guide.message == reason and guide.message_at == eight and guide.game.score == 0
    click(app, next_button.rect.center)  # not done: Next does nothing
    assert guide.guide.index == 0
    click(app, guide.top_rect(0).center)
    assert guide.game.score == 1
    click(app, next_button.rect.center)
    # 2. the ace dragged into the gap, then the freed 9♠ clicked; Undo takes the discard back.
    assert guide.guide.index == 1
    drag(app, guide.top_rect(1).center, app.layout.piles[0].center)
    assert [str(c) for c in guide.game.piles[0]] == ["AH"]
    click(app, guide.top_rect(1).center)
    undo = next(b for b in guide.buttons if b.text_key == "ui.button.undo")
    click(app, undo.rect.center)
    assert [str(c) for c in guide.game.piles[1]] == ["9S"] and guide.painter.hint_arrow() == Action.discard(1)
    click(app, guide.top_rect(1).center)
    click(app, next_button.rect.center)
    # 3. the stock clicked deals.
    click(app, app.layout.stock.center)
    assert len(guide.game.stock) == 20
    click(app, next_button.rect.center)
    assert guide.guide.index == 3

    leave = next(b for b in guide.buttons if b.text_key == "guide.leave")
    click(app, leave.rect.center)
    assert len(app.scenes) == 1 and state(app) == saved
    app.persist.wait()
    assert player_files(folder) == files


def test_esc_leaves_the_guide_at_any_step_and_the_offer_comes_only_once(folder):
    app = first_start()
    press(app, pygame.K_RETURN)  # the offer taken: the guide at its first step
    guide = guide_of(app)
    press(app, pygame.K_n)  # a new deal is not the guide's: said, nothing changes
    assert guide.message == i18n.t("guide.not_here") and guide.guide.index == 0
    press(app, pygame.K_ESCAPE)
    assert len(app.scenes) == 1
    app.persist.close()
    app.close()
    OPEN_APPS.remove(app)
    again = first_start()
    assert len(again.scenes) == 1  # never offered again


@pytest.mark.parametrize("smallest_or_below, text_size", each_with_a_text_size(["smallest", "400x300"]))
def test_the_steps_lines_fit_a_small_window_below_the_cards(smallest_or_below, text_size):
    """Every step's box, at the program's smallest window (for the text size) and below it: under the first row
    of cards, above the status bar, inside the window, every line as wide as the box at most, and all the step's
    words in it."""
    from ui_support import make_app, post

    app, _ = make_app()
    set_text_size(app, text_size)
    size = smallest(text_size)[0][:2] if smallest_or_below == "smallest" else (400, 300)
    choose_in_menu(app, "guide.title")
    guide = guide_of(app)
    app.window.minimum_size = (1, 1)  # as a tiling window manager may: below the smallest the program asks for
    app.window.size = size
    post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.settle()
    assert app.layout.size == size
    for index, step in enumerate(STEPS):  # each step's position shown as the guide shows it
        guide.guide.index, guide.guide.game = index, step.new_game()
        guide.set_game()
        app.draw()
        box, layout = guide.painter.box, app.layout
        assert box.top > layout.piles[0].bottom and box.bottom <= layout.status_bar.top
        assert 0 <= box.left and box.right <= layout.width
        assert all(app.texts.width(text, s) <= box.w for text, s, _ in guide.painter.box_lines)
        shown = "".join(text for text, _, _ in guide.painter.box_lines).replace(" ", "")
        assert all(text.replace(" ", "") in shown for text in guide.box_texts())


def to_the_deal_step(app) -> GuideScene:
    """The guide opened from the menu and gone through its first four steps by the keys."""
    choose_in_menu(app, "guide.title", press=press)
    guide = to_the_deal_step_from(app, guide_of(app))
    assert guide.guide.index == len(STEPS) - 1
    return guide


def hint_by_samples(monkeypatch) -> None:
    """The hint player weighs a fixed number of stock orders (not as many as its wall seconds allow), so its
    answer does not depend on how busy the machine is."""
    from types import SimpleNamespace

    from idioten.play.acesup import coach

    real = coach.no_peek.hint
    monkeypatch.setattr(coach, "no_peek", SimpleNamespace(
        hint=lambda game, time_budget, rng, cancel=None: real(game, time_budget=60.0, rng=rng, cancel=cancel,
                                                              max_samples=20)))


def wait_for(app, condition) -> bool:
    """The real loop stepped until `condition()` holds (the hint's worker thinks meanwhile); a hang guard only."""
    from ui_solver_support import run_until

    return run_until(app, condition)


def keys_line(guide: GuideScene) -> str:
    return "".join(text for text, _, _ in guide.painter.box_lines)


@pytest.mark.parametrize("leave_the_line", [True, False])
def test_the_last_step_says_when_the_guidance_ends_and_h_gives_a_hint_there(folder, monkeypatch, leave_the_line):
    """Issue 39 item 5: a move off the ring's line, or the last ringed move, ends the guidance in words (the
    box, the message line and the keys below), and H (or the Hint button) then gives the table's own hint."""
    hint_by_samples(monkeypatch)
    app = open_window()
    saved, files = a_game_in_progress(app, folder)
    guide = to_the_deal_step(app)
    line = parse_line(BEGINNER_LINE)
    play_by_keys(app, line[0])  # the ringed deal
    if leave_the_line:
        off = next(a for a in guide.game.legal_actions() if a != line[1])
        play_by_keys(app, off)
        ended = i18n.t("guide.first.off_line")
    else:
        for action in line[1:RING_ACTIONS]:
            play_by_keys(app, action)
        ended = i18n.t("guide.first.ring_done")
    assert guide.painter.hint_arrow() is None and not guide.guide.done
    assert guide.box_texts() == [ended, i18n.t("guide.first.play_on")]
    assert guide.message == ended
    app.draw()
    assert i18n.t("guide.keys_deal").replace(" ", "") in keys_line(guide).replace(" ", "")
    assert "→" not in keys_line(guide)  # Next does nothing until the deal is over: not offered

    press(app, pygame.K_h)
    assert guide.message != i18n.t("guide.not_here")
    assert wait_for(app, lambda: guide.painter.hint_arrow() is not None)
    hinted = guide.painter.hint_arrow()
    assert guide.game.can(hinted) and guide.message.startswith(i18n.t("ui.hint.plain", advice="").strip())
    assert guide.message.split(": ", 1)[1][0].islower()  # "Hint: discard 8♣.", in small letters after the colon
    play_by_keys(app, hinted)
    assert guide.painter.hint_arrow() is None  # the hint was for the position before
    hint_button = next(b for b in guide.buttons if b.text_key == "ui.button.hint")
    click(app, hint_button.rect.center)
    assert wait_for(app, lambda: guide.painter.hint_arrow() is not None)

    press(app, pygame.K_ESCAPE)
    assert len(app.scenes) == 1 and state(app) == saved
    app.persist.wait()
    assert player_files(folder) == files  # the hints counted and saved nothing


def test_h_in_the_lessons_and_under_the_ring_points_at_the_ring(folder):
    app = open_window()
    choose_in_menu(app, "guide.title", press=press)
    guide = guide_of(app)
    press(app, pygame.K_h)
    assert guide.message == i18n.t("guide.not_here")
    guide = to_the_deal_step_from(app, guide)
    press(app, pygame.K_h)
    assert guide.message == i18n.t("guide.first.follow") and guide.painter.hint_arrow() == Action.deal()


def to_the_deal_step_from(app, guide: GuideScene) -> GuideScene:
    for step in STEPS[guide.guide.index:-1]:
        for action in step.waits_for:
            play_by_keys(app, action)
        press(app, pygame.K_RIGHT)
    return guide


def a_start(deal: int | None = None):
    """`idioten [--deal N]` on the test's data folder, as the program starts it; nothing skipped."""
    from ui_store_support import launch

    from idioten.ui.launch import open_app

    clock = Clock()
    app = open_app(launch(deal=deal), clock=clock, rng=random.Random(3), size=(1280, 800))
    app.clock_for_tests = clock
    OPEN_APPS.append(app)
    app.step(dt=0)
    return app


def closed(app) -> None:
    app.persist.close()
    app.close()
    OPEN_APPS.remove(app)


def test_a_first_start_with_a_deal_named_offers_the_guide_and_the_next_start_does_not(folder):
    """Issue 39 item 10: `idioten --deal N` as the very first start offers Learn to play over the fresh deal
    (it skipped it, and the offer then came over the game in progress at the next start)."""
    app = a_start(deal=1000038)
    assert isinstance(app.scenes[-1], OfferPanel)
    assert app.scenes[0].game.deal_number == 1000038 and not app.scenes[0].game.progressed()
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_SPACE)  # the player plays on
    closed(app)
    again = a_start()
    assert len(again.scenes) == 1 and again.scenes[0].game.progressed()


@pytest.mark.parametrize("deal", [None, 7])
def test_the_offer_never_covers_a_game_in_progress(folder, deal):
    """A settings file that never had the guide offered (as the bug above left it) and a game in progress:
    the start shows the game, offers nothing, and remembers the offer as made."""
    app = a_start()
    press(app, pygame.K_ESCAPE)  # the very first start's offer, skipped
    press(app, pygame.K_SPACE)
    closed(app)
    assert Store.open(folder).change_setting("guide_offered", False) is None
    again = a_start(deal=deal)  # with a deal named, the game in progress waits behind Ctrl+Z
    assert len(again.scenes) == 1
    again.persist.wait()
    assert Store.open(folder).settings.guide_offered
