"""Hints and the demo in the window, through the real loop under SDL's dummy driver."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pygame
import pytest
from ui_solver_support import HANG_GUARD, LINE_FRAME, TRAP, computer_playing, lost_position, run_until
from ui_support import aces_table, click, end_panel, headings, key, make_app

from idioten import i18n
from idioten.acesup.rules import DEAL, DISCARD, Action, Game
from idioten.cards import deal_cards
from idioten.play.acesup import coach
from idioten.ui.acesup.hint_arrow import ARROW, arc_peak, curve
from idioten.ui.kit.palette import LABEL

# After the first deal of this position nothing can be discarded and there is no gap: the hint is "deal".
MUST_DEAL = ("standard | 2C / 3D / 4H / 5S | 6C 7D 8H 9S | 2D 3C 4C 5C 6D 7C 8C 9C TC JC QC KC AC 4D 5D 8D 9D TD "
             "JD QD KD AD 2H 3H 5H 6H 7H 9H TH JH QH KH AH 2S 3S 4S 6S 7S 8S TS JS QS KS AS")


pytestmark = pytest.mark.usefixtures("english_window")
HINT_SAMPLES = 50  # stock orders the hint player weighs here (the TRAP deal's hint needs 4 or more)


@pytest.fixture(autouse=True)
def hints_by_samples(monkeypatch):
    """The window's hint player weighs a fixed number of stock orders, not as many as its budget of wall
    seconds allows, so what it answers here does not depend on how fast or busy the machine is. (That the
    window hands it its budget: test_the_window_asks_the_hint_player_with_what_the_player_sees....)"""
    real = coach.no_peek.hint

    def by_samples(game, time_budget, rng, cancel=None):
        return real(game, time_budget=HANG_GUARD, rng=rng, cancel=cancel, max_samples=HINT_SAMPLES)
    monkeypatch.setattr(coach, "no_peek", SimpleNamespace(hint=by_samples))


def wait_for_arrow(app) -> Action:
    assert run_until(app, lambda: aces_table(app).assistant.coach.hint_arrow() is not None)
    return aces_table(app).assistant.coach.hint_arrow()


def pixel(app, point) -> tuple:
    app.draw()
    return tuple(app.window.get_surface().get_at((round(point[0]), round(point[1]))))[:3]


def test_h_shows_an_arrow_from_the_card_to_the_discard_pile_for_a_legal_action():
    app, _ = make_app(Game.from_text(TRAP))
    key(app, pygame.K_h, settle=False)
    action = wait_for_arrow(app)
    game = aces_table(app).game
    assert game.can(action) and action.kind == DISCARD
    assert aces_table(app).message.startswith("Hint:")
    layout = app.layout
    x, y = aces_table(app).cards.sprites[game.top(action.pile)].screen_pos()
    start = (x + layout.card_w / 2, y + layout.card_h * 0.3)
    end = (layout.discard.centerx, layout.discard.y + layout.card_h * 0.3)
    middle = curve(start, end, arc_peak(layout))[12]
    assert pixel(app, middle) == ARROW
    # Following the hint takes the arrow away: it belonged to the position before.
    aces_table(app).act(action)
    app.settle()
    assert aces_table(app).assistant.coach.hint_arrow() is None
    assert pixel(app, middle) != ARROW


def test_the_arrow_leaves_the_pile_labels_it_passes_readable():
    app, _ = make_app(Game.from_text(TRAP))
    key(app, pygame.K_h, settle=False)
    action = wait_for_arrow(app)
    layout = app.layout
    start_x = aces_table(app).cards.sprites[aces_table(app).game.top(action.pile)].screen_pos()[0]
    passed = [i for i, rect in enumerate(layout.piles) if start_x < rect.centerx < layout.discard.centerx]
    assert passed, "the hinted card should lie left of some pile, so that the arc passes a label"
    app.draw()
    frame = app.window.get_surface()
    for pile in passed:
        rect = layout.piles[pile]
        label = app.texts.render(str(pile + 1), layout.label_size, LABEL)
        place = label.get_rect(midbottom=(rect.centerx, rect.top - 6))
        glyph = [(x, y) for x in range(label.get_width()) for y in range(label.get_height())
                 if label.get_at((x, y)).a == 255]
        assert glyph
        hidden = [p for p in glyph if tuple(frame.get_at((place.x + p[0], place.y + p[1])))[:3] != LABEL]
        assert not hidden, f"label {pile + 1}: {len(hidden)} of {len(glyph)} pixels under the arrow"


def test_the_hint_button_asks_for_a_hint_and_a_deal_points_at_the_stock():
    app, _ = make_app(Game.from_text(MUST_DEAL))
    button = next(b for b in aces_table(app).buttons if b.text_key == "ui.button.hint")
    assert button.enabled()
    click(app, button.rect.center, settle=False)
    action = wait_for_arrow(app)
    assert action == Action(DEAL)
    stock = app.layout.stock
    assert pixel(app, (stock.centerx, stock.bottom + app.layout.card_h * 0.5)) == ARROW


def test_hint_in_swedish_and_german_names_the_card_as_on_its_corner():
    app, _ = make_app(lost_position())
    for language in ("sv", "de"):
        i18n.set_language(language)
        aces_table(app).assistant.coach.arrow = None
        key(app, pygame.K_h, settle=False)
        wait_for_arrow(app)
        assert i18n.t("ui.hint.discard", card="4\u2660") in aces_table(app).message


def test_demo_plays_and_any_key_stops_it():
    app, _ = make_app(Game.from_text(TRAP))
    key(app, pygame.K_a, settle=False)
    assert computer_playing(app)
    assert run_until(app, lambda: len(aces_table(app).game.history) >= 2, timeout=HANG_GUARD)
    key(app, pygame.K_x, settle=False)
    assert not computer_playing(app)
    assert aces_table(app).message == i18n.t("ui.demo.stopped")
    app.settle()
    played = len(aces_table(app).game.history)
    app.run_frames(120)
    assert len(aces_table(app).game.history) == played  # stopped means stopped
    assert not aces_table(app).game.is_over()


def test_a_click_stops_the_demo_without_acting_on_the_table():
    app, _ = make_app(Game.from_text(TRAP))
    key(app, pygame.K_a, settle=False)
    assert run_until(app, lambda: len(aces_table(app).game.history) >= 1, timeout=HANG_GUARD)
    app.settle()
    played = len(aces_table(app).game.history)
    # The demo's moves so far depend on how long its player could think: the click goes to a pile it left a
    # card on, whichever that is.
    tops = [aces_table(app).top_rect(pile) for pile in range(len(aces_table(app).game.piles))]
    click(app, next(top for top in tops if top is not None).center)  # on a card: it only stops the demo
    assert not computer_playing(app)
    assert len(aces_table(app).game.history) == played


def test_demo_left_alone_plays_the_deal_to_its_end():
    app, _ = make_app(Game.from_text(TRAP))
    app.settings = app.settings.changed("animation", "fast")
    key(app, pygame.K_a, settle=False)
    assert run_until(app, lambda: end_panel(app) is not None, timeout=HANG_GUARD, dt=LINE_FRAME)
    assert aces_table(app).game.is_won()
    assert headings(app) == [i18n.t("ui.truth.shown_title")]


def test_the_menu_offers_the_demo():
    app, _ = make_app(Game.from_text(TRAP))
    key(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    demo = next(b for b in menu.buttons if b.text_key == "ui.menu.demo")
    click(app, demo.rect.center, settle=False)
    assert headings(app) == [] and computer_playing(app)


def test_demo_on_a_finished_game_says_so():
    app, _ = make_app(lost_position())
    for _ in range(2):
        key(app, pygame.K_4)
        key(app, pygame.K_d)
    key(app, pygame.K_ESCAPE)  # close the end panel to look at the table
    key(app, pygame.K_a)
    assert aces_table(app).message == i18n.t("ui.demo.over")
    assert not computer_playing(app)


def test_the_window_asks_the_hint_player_with_what_the_player_sees_and_says_its_advice(monkeypatch):
    # The simple rule of idioten.acesup.players stands in for the hint player: quick and predictable.
    from idioten.acesup.players import greedy
    seen = []

    def no_peek_hint(game, time_budget, rng, cancel):
        seen.append((game.to_text(), time_budget, cancel.is_set()))
        return greedy(game, rng)
    monkeypatch.setattr(coach, "no_peek", SimpleNamespace(hint=no_peek_hint))
    app, _ = make_app(lost_position())
    key(app, pygame.K_h, settle=False)
    action = wait_for_arrow(app)
    # It is handed the worker's cancel flag (unset), so a new deal, restart or quit stops its thinking.
    assert action == Action(DISCARD, 3) and seen == [(aces_table(app).game.to_text(), coach.NO_PEEK_SECONDS, False)]
    assert aces_table(app).message == i18n.t("ui.hint.plain", advice=i18n.t("ui.hint.discard", card="4\u2660"))
    key(app, pygame.K_a, settle=False)
    assert run_until(app, lambda: aces_table(app).game.is_over(), timeout=HANG_GUARD, dt=LINE_FRAME)
    assert len(seen) >= 3  # the demo asked it once per action


def test_the_thinking_message_stays_until_the_hint_comes(monkeypatch):
    gate = threading.Event()
    real_hint = coach.no_peek.hint
    monkeypatch.setattr(coach, "no_peek", SimpleNamespace(
        hint=lambda *args, **kw: gate.wait(HANG_GUARD) and real_hint(*args, **kw)))
    app, clock = make_app(Game.from_text(TRAP))
    key(app, pygame.K_h, settle=False)
    clock.now += coach.NO_PEEK_SECONDS + 1.5  # past the hint player's budget: it may still be thinking
    app.step(dt=1 / 60)
    assert aces_table(app).message == i18n.t("ui.hint.thinking")
    gate.set()
    wait_for_arrow(app)
    assert aces_table(app).message.startswith("Hint")


def test_the_demo_thinks_about_the_next_position_while_the_last_action_is_still_on_its_way(monkeypatch):
    from idioten.acesup.players import greedy
    asked = []

    def no_peek_hint(game, time_budget, rng, cancel=None):
        asked.append((game.to_text(), time_budget))
        return greedy(game, rng)
    monkeypatch.setattr(coach, "no_peek", SimpleNamespace(hint=no_peek_hint))
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_a, settle=False)
    assert run_until(app, lambda: len(aces_table(app).game.history) >= 1, timeout=HANG_GUARD)
    for _ in range(20):  # no time passes on the table: the first action's cards stay in the air
        aces_table(app).assistant.worker.wait(HANG_GUARD)
        app.step(dt=0)
    table, demo = aces_table(app), app.scenes[-1]
    assert len(table.game.history) == 1 and table.busy()
    after_next = table.game.copy()
    after_next.apply(table.assistant.computer.plan[table.game.to_text()])  # the next action is known already ...
    assert after_next.to_text() in aces_table(app).assistant.computer.plan  # ... and so is the one after it
    assert len(asked) == 3  # no further: one action ahead of the table is enough
    think = aces_table(app).assistant.computer.think_seconds
    assert [seconds for _, seconds in asked] == [think / 2, think, think]  # the first is quick: the table waits
    assert aces_table(app).assistant.computer.think_seconds < demo.shortest_step()  # a thought fits in the demo's step
    key(app, pygame.K_x, settle=False)  # stopping forgets the plan
    assert aces_table(app).assistant.computer.plan == {}
