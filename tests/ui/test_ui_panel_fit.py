"""Every panel and both tables fit the smallest window the program allows, 720×520 points, at a desktop scale of 100 %
and 200 % (1440×1040 pixels), at each text size (the minimum grows with it, as with a desktop scaled as much:
900×650 points at 125 %), in every language (the slow tier; the fast tier takes English and the languages longest on
each panel, panel_fit.languages_to_check, the tallest panels at 150 %, and of the windows smaller than the minimum
the smallest): every text and button inside the panel's box, the box inside the window, no text over another or over
a button not its own (tests/ui/panel_fit.py reads what the panel really draws). There the panels are laid out for
the window's own pixels. A window smaller still (no window manager has to keep to the minimum) shows a panel that
does not fit laid out larger and scaled down, and a click there reaches the button under it. Each panel is opened in
the real loop, by its key or by playing to it."""

from __future__ import annotations

import pygame
import pytest
from panel_fit import (
    each_with_a_text_size,
    languages_to_check,
    misfits,
    resize,
    set_text_size,
    sizes_to_check,
    smallest,
    text_sizes,
)
from test_ui_poker import finish_by_hand, poker_app
from ui_support import click, key, make_app

from idioten import i18n
from idioten.acesup.rules import WIN_SCORE, Game
from idioten.cards import deal_cards
from idioten.ui import window
from idioten.ui.acesup.rules_panel import RulesPanel
from idioten.ui.acesup.stats_panel import ResetConfirm, StatsPanel
from idioten.ui.kit.layout import MIN_WINDOW
from idioten.ui.menu import MenuPanel
from idioten.ui.persist import persistence
from idioten.ui.poker.panels import PokerEndPanel, PokerOptionsPanel, PokerRulesPanel, PokerStatsPanel
from idioten.ui.settings_screen import SettingsPanel

SMALLEST = smallest(100)  # the program's minimum at 100 % and 200 %, (720, 520) and (1440, 1040) pixels
BELOW = [(400, 300, 1.0), (800, 600, 2.0), (640, 400, 1.0)]  # what a window manager may still make of it
# The fast tier's slice of them: the smallest, where a panel is scaled down the most (the others of the window's
# shape and scale: the slow tier).
BELOW_FAST = BELOW[:1]
pytestmark = [pytest.mark.usefixtures("english_window"), pytest.mark.every_language]


def check_every_size_and_language(app, kind: type, text_size: int = 100) -> None:
    set_text_size(app, text_size)
    least = smallest(text_size)
    wrong = {}
    for language in languages_to_check(app):
        app.set_language(language)
        for width, height, scale in least + sizes_to_check(BELOW, BELOW_FAST):
            resize(app, width, height, scale)
            panel = app.scenes[-1]
            assert isinstance(panel, kind)
            found = misfits(app)
            if (width, height, scale) in least and panel.canvas_size is not None:
                found.append(f"laid out on a canvas of {panel.canvas_size}, not for the window itself")
            if found:
                wrong[(language, width, height, scale)] = found
    assert wrong == {}


def aces_up():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    return app


def some_games(app) -> None:
    """Games counted in both variants and in Poker patience, so the charts have bars and the figures numbers."""
    stats = persistence(app).stats
    for index, score in enumerate([3, 17, 17, 25, 30, 44, 47, WIN_SCORE, 12, 9, 40, 41]):
        for variant in ("standard", "aces-only"):
            assert stats.record_result(f"{variant}{index}", variant, score, score == WIN_SCORE, index % 2 == 0)
        assert stats.record_keyed("poker", "classic", f"poker{index}", score * 3)


@pytest.mark.parametrize("keys, kind", [([pygame.K_ESCAPE], MenuPanel), ([pygame.K_e], SettingsPanel),
                                        ([pygame.K_e, pygame.K_PAGEDOWN], SettingsPanel),  # the game's page
                                        ([pygame.K_F1], RulesPanel), ([pygame.K_s], StatsPanel),
                                        ([pygame.K_s, pygame.K_DELETE], ResetConfirm)])
@pytest.mark.parametrize("text_size", text_sizes())
def test_every_aces_up_panel_fits(keys, kind, text_size):
    app = aces_up()
    some_games(app)
    for each in keys:
        key(app, each)
    check_every_size_and_language(app, kind, text_size)


@pytest.mark.parametrize("keys, kind", [([pygame.K_e], SettingsPanel), ([pygame.K_s], StatsPanel)])
def test_the_tallest_panels_fit_at_the_largest_text_in_the_fast_tier_too(keys, kind):
    """The fast tier's slice of the text sizes (the slow tier has every panel at each): the two panels of their
    own layout (the others are kit/panels.py's, which shrinks alike for all), at 150 %."""
    app = aces_up()
    some_games(app)
    for each in keys:
        key(app, each)
    check_every_size_and_language(app, kind, 150)


@pytest.mark.parametrize("text_size", text_sizes())
def test_the_statistics_fit_before_any_game_too(text_size):
    app = aces_up()
    key(app, pygame.K_s)
    check_every_size_and_language(app, StatsPanel, text_size)


@pytest.mark.parametrize("keys, kind", [([pygame.K_ESCAPE], MenuPanel), ([pygame.K_e], SettingsPanel),
                                        ([pygame.K_e, pygame.K_PAGEDOWN], SettingsPanel),
                                        ([pygame.K_F1], PokerRulesPanel), ([pygame.K_s], PokerStatsPanel),
                                        ([pygame.K_o], PokerOptionsPanel)])
@pytest.mark.parametrize("text_size", text_sizes())
def test_every_poker_panel_fits(keys, kind, text_size):
    app, _ = poker_app(competitive=True, diagonals=True)
    some_games(app)
    for each in keys:
        key(app, each)
    check_every_size_and_language(app, kind, text_size)


@pytest.mark.parametrize("text_size", text_sizes())
def test_the_poker_end_panel_fits(text_size):
    app, _ = poker_app(diagonals=True)
    finish_by_hand(app)
    for _ in range(600):
        if isinstance(app.scenes[-1], PokerEndPanel):
            break
        app.step(dt=1 / 60)
    check_every_size_and_language(app, PokerEndPanel, text_size)


# The fast tier: Idioten at 100 %, Poker patience at 150 % (test_ui_time_history.py's sibling with the clock
# takes the other two pairs).
@pytest.mark.parametrize("game, text_size", each_with_a_text_size(["idioten", "poker"]))
def test_both_tables_fit_the_smallest_window(game, text_size):
    app, _ = poker_app(competitive=True, diagonals=True, open_deck=True)
    app.playing.switch_game(game)
    set_text_size(app, text_size)
    least = smallest(text_size)
    wrong = {}
    resize(app, *least[0])
    for language in languages_to_check(app, app.scenes[0]):
        app.set_language(language)
        for width, height, scale in least:
            resize(app, width, height, scale)
            found = misfits(app, app.scenes[0])
            if found:
                wrong[(language, width, height, scale)] = found
    assert wrong == {}


def test_a_click_on_a_panel_scaled_down_reaches_the_button_under_it():
    app = aces_up()
    i18n.set_language("de")
    key(app, pygame.K_e)
    resize(app, 400, 300, 1.0)
    panel = app.scenes[-1]
    assert isinstance(panel, SettingsPanel) and panel.canvas_size is not None
    wide, high = panel.canvas_size
    assert wide > 400 and high > 300 and abs(wide / high - 400 / 300) < 0.02  # the window's shape, larger
    fast = next(button for value, button in dict(panel.rows_of_buttons)["animation"] if value == "fast")
    on_screen = (fast.rect.centerx * 400 // wide, fast.rect.centery * 300 // high)
    assert on_screen != fast.rect.center  # the canvas' place is not the window's
    click(app, on_screen)
    assert app.settings.animation == "fast"
    resize(app, 720, 520, 1.0)
    assert panel.canvas_size is None  # back in a window of the program's size, drawn for its pixels again


def test_the_smallest_window_is_counted_in_points():
    assert window.smallest_size(1.0) == MIN_WINDOW
    assert window.smallest_size(2.0) == (1440, 1040)
    assert window.smallest_size(2.0, (0, 0, 1366, 768)) == (1366, 768 - 2 * window.TITLE_BAR_ROOM)  # the screen's
    assert window.first_size((400, 300), None, 2.0) == (1440, 1040)


def test_the_window_asks_for_the_smallest_size_at_the_desktops_scale(monkeypatch):
    monkeypatch.setattr(window, "system_scale", lambda: 2.0)
    app, _ = make_app(size=(1600, 1100))
    assert tuple(app.window.minimum_size) == window.smallest_size(2.0, window.display_bounds()[0])
    assert app.layout.scale == 2.0
