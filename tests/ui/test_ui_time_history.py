"""Issue 39 items 1, 2 and 7 through the real loop with real events: the clock and the moves on the status bar
(paused by focus, minimising and panels), the best time and fewest moves of a won game, the history of games
in the statistics panel (play again, copy the moves, Ctrl+V plays them back), and a game left with N shown at
once as left and not yet counted."""

from __future__ import annotations

import shlex

import pygame
import pytest
from panel_fit import drawn_texts, each_with_a_text_size, misfits, resize, set_text_size, smallest, text_sizes
from test_ui_panel_fit import check_every_size_and_language
from test_ui_poker import fill, poker_app
from ui_store_support import open_window, press
from ui_support import key, make_app, position

from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.cli.parser import build_parser
from idioten.storage.history import Played
from idioten.storage.settings import Settings
from idioten.ui.acesup.autoplay import Autoplay
from idioten.ui.acesup.endgame import EndPanel
from idioten.ui.acesup.stats_panel import StatsPanel, figures
from idioten.ui.kit.history_panel import HistoryPanel
from idioten.ui.persist import persistence

CTRL = pygame.KMOD_CTRL

pytestmark = pytest.mark.usefixtures("english_window")


def window_event(app, kind) -> None:
    pygame.event.post(pygame.event.Event(kind, window=None))
    app.step(dt=1 / 60)


def wait(app, clock, seconds: float) -> None:
    clock.now += seconds
    app.step(dt=1 / 60)


def status(app) -> list[str]:
    """The texts of the status bar as last drawn."""
    return [text for text, _rect in app.scenes[0].painter.status_lines]


def test_the_clock_and_moves_show_on_the_status_bar_and_pause_while_the_game_cannot_be_played():
    app, clock = make_app(Game.new(deal_cards(7), deal_number=7), settings=Settings(clock=True))
    assert any("Time 0:00" in line for line in status(app)) and any("Moves 0" in line for line in status(app))
    wait(app, clock, 20)  # no move yet: the clock waits for the first
    key(app, pygame.K_SPACE)  # deal
    wait(app, clock, 10.4)
    assert any("Time 0:10" in line and "Moves 1" in line for line in status(app))
    window_event(app, pygame.WINDOWFOCUSLOST)
    wait(app, clock, 300)
    window_event(app, pygame.WINDOWFOCUSGAINED)
    wait(app, clock, 5)
    assert any("Time 0:15" in line for line in status(app))
    window_event(app, pygame.WINDOWMINIMIZED)
    wait(app, clock, 600)
    window_event(app, pygame.WINDOWRESTORED)
    wait(app, clock, 1)
    key(app, pygame.K_s)  # a panel over the table
    wait(app, clock, 90)
    key(app, pygame.K_ESCAPE)
    wait(app, clock, 1)
    key(app, pygame.K_z, CTRL)  # an undo is a move, as most patience programs count it
    assert any("Time 0:17" in line and "Moves 2" in line for line in status(app))
    seconds, moves = app.playing.session("idioten").time_and_moves()
    assert 17 <= seconds < 18 and moves == 2


def test_the_clock_is_off_the_status_bar_by_default_but_the_time_is_kept():
    app, clock = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_SPACE)
    wait(app, clock, 12)
    assert not any("Time" in line for line in status(app))
    assert app.idle_timeout_ms() > 1000  # nothing to show each second: the idle window sleeps
    assert 12 <= app.playing.session("idioten").time_and_moves()[0] < 13


def test_a_shown_clock_wakes_the_idle_window_at_the_next_second():
    app, clock = make_app(Game.new(deal_cards(7), deal_number=7), settings=Settings(clock=True))
    key(app, pygame.K_SPACE)
    wait(app, clock, 3.25)
    assert 740 <= app.idle_timeout_ms() <= 760


def won_in_two(app, clock, seconds: float) -> None:
    """Discard 2♠ under the A♠, wait, move A♣ to the gap: won in two moves after `seconds`."""
    key(app, pygame.K_2)
    key(app, pygame.K_d)
    wait(app, clock, seconds)
    key(app, pygame.K_4)
    key(app, pygame.K_2)
    for _ in range(600):
        if isinstance(app.scenes[-1], EndPanel):
            break
        app.step(dt=1 / 15)


def test_a_won_game_gives_the_best_time_and_the_fewest_moves():
    app, clock = make_app(position(["AS", "2S", "AH", "AD AC"]))
    won_in_two(app, clock, 7.5)
    assert app.playing.session("idioten").game.is_won()
    stats = persistence(app).stats.variants["standard"]
    assert (stats.best_time, stats.fewest_moves) == (8, 2)  # choosing a pile is no move: two actions
    shown = dict(figures(stats))
    assert shown["ui.stats.best_time"] == "0:08" and shown["ui.stats.fewest_moves"] == "2"


def panel_texts(app) -> list[str]:
    return [text for text, _rect in drawn_texts(app, app.scenes[-1])]


def test_a_game_left_with_n_shows_at_once_as_left_and_not_yet_counted(data_folder):
    app = open_window()
    for each in (pygame.K_n, pygame.K_SPACE, pygame.K_n, pygame.K_s):
        press(app, each)
    panel = app.scenes[-1]
    assert isinstance(panel, StatsPanel)
    assert panel.stats.played == 0  # not counted: Ctrl+Z can still bring it back
    assert any(text.startswith("1 left with N, not yet counted") for text in panel_texts(app))
    press(app, pygame.K_h)
    assert any("left, not yet counted" in text for text in panel_texts(app))
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_z, CTRL)  # back it comes: nothing was counted, nothing is pending
    press(app, pygame.K_s)
    assert app.scenes[-1].stats.played == 0
    assert not any("not yet counted" in text for text in panel_texts(app))
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_n)
    press(app, pygame.K_SPACE)  # the first move in the next game: now it is left for good, and counted
    press(app, pygame.K_s)
    assert app.scenes[-1].stats.played == 1
    assert not any("not yet counted" in text for text in panel_texts(app))
    press(app, pygame.K_h)
    assert any(text == "left" for text in panel_texts(app))


def test_the_history_plays_a_deal_again_copies_its_moves_and_ctrl_v_plays_them_back():
    app, clock = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_SPACE)
    wait(app, clock, 61)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_n)
    key(app, pygame.K_SPACE)  # deal 7 is left for good: counted, and a row of the history
    key(app, pygame.K_s)
    key(app, pygame.K_h)
    texts = panel_texts(app)
    assert "7" in texts and "left" in texts and "1:01" in texts and "2" in texts
    key(app, pygame.K_c)
    copied = pygame.scrap.get_text()
    assert copied == 'idioten analyse --deal 7 --moves "deal, deal"'
    args = build_parser().parse_args(shlex.split(copied)[1:])  # what the command line reads
    assert (args.deal, args.moves) == (7, "deal, deal")
    key(app, pygame.K_RETURN)  # play it again
    table = app.scenes[0]
    assert len(app.scenes) == 1 and table.game.deal_number == 7 and table.game.history == []
    key(app, pygame.K_v, CTRL, settle=False)
    assert any(isinstance(scene, Autoplay) for scene in app.scenes)
    app.settle(dt=1 / 15)
    assert [str(action) for action, _ in table.game.history] == ["deal", "deal"]
    assert "Played back" in table.message
    # Counted: deal 7 and the game N dealt after it (left at the playback's first move); the playback is the
    # computer's, never counted, however it ends.
    assert persistence(app).stats.variants["standard"].played == 2
    assert table.session.saved.by_computer


def test_ctrl_v_with_no_game_on_the_clipboard_says_so_and_changes_nothing():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    pygame.scrap.put_text("hello")
    key(app, pygame.K_v, CTRL)
    assert "no game to play back" in app.scenes[0].message
    assert app.scenes[0].game.deal_number == 7 and len(app.scenes) == 1


# -- everything new fits the smallest window in sv, en and de ------------------------------------------------

def some_history(app) -> None:
    """Long rows in every column: a deal of the day, a number of ten digits, an hour of play, each result."""
    stats = persistence(app).stats
    for index in range(40):
        result = ("won", "lost", "left")[index % 3]
        score = 48 if result == "won" else index
        daily = "2026-12-06" if index % 4 == 0 else None
        stats.record_result(f"h{index}", "aces-only" if index % 2 else "standard", score, result == "won", False,
                            seconds=3725 + index, moves=412, played=Played(
                                "2026-12-06T23:59", "aces-only" if index % 2 else "standard", result, score,
                                2147483000 + index, daily, 412, 3725 + index, ("deal",)))
    stats = app.playing.session("poker").stats  # a Poker session opened on its own keeps its own
    for index in range(5):
        stats.record_keyed("poker", "american+diagonals+joker+open", f"p{index}", 120 + index, seconds=4000,
                           played=Played("2026-12-06T23:59", "american+diagonals+joker+open", "won", 120,
                                         2147483000, None, None, 4000))


@pytest.mark.parametrize("text_size", text_sizes())
def test_the_history_and_the_pending_line_fit_every_size_and_language(text_size):
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    some_history(app)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_n)  # a game pending: the line under the numbers, the first row of the history
    key(app, pygame.K_s)
    assert app.scenes[-1].pending_words()
    check_every_size_and_language(app, StatsPanel, text_size)
    key(app, pygame.K_h)
    assert app.scenes[-1].showing_history
    check_every_size_and_language(app, StatsPanel, text_size)


@pytest.mark.parametrize("text_size", text_sizes())
def test_poker_patience_lists_its_history_and_its_best_time(text_size):
    app, _ = poker_app(competitive=True, diagonals=True)
    some_history(app)
    key(app, pygame.K_s)
    key(app, pygame.K_RIGHT)  # from the table on screen to the one played
    assert "Best time 1:06:40" in app.scenes[-1].summary_lines()
    key(app, pygame.K_h)
    panel = app.scenes[-1]
    assert isinstance(panel, HistoryPanel) and len(panel.list.rows) == 5
    assert "American, Diagonals, Joker, Open deck" in panel_texts(app)
    check_every_size_and_language(app, HistoryPanel, text_size)


# The fast tier: Idioten at 150 %, Poker patience at 100 % (test_ui_panel_fit.py's sibling without the clock takes
# the other two pairs).
@pytest.mark.parametrize("game, text_size", each_with_a_text_size(["idioten", "poker"], fast=(150, 100)))
def test_both_tables_fit_the_smallest_window_with_the_clock(game, text_size):
    app, clock = poker_app(competitive=True, diagonals=True, open_deck=True)
    persistence(app).change_setting("clock", True)
    set_text_size(app, text_size)
    app.playing.switch_game(game)
    if game == "idioten":
        key(app, pygame.K_SPACE)
    else:
        fill(app, [0])
        assert app.scenes[0].game.placed_count == 1
    wait(app, clock, 3725)
    wrong = {}
    for language in ("sv", "en", "de"):
        app.set_language(language)
        for width, height, scale in smallest(text_size):
            resize(app, width, height, scale)
            app.step(dt=1 / 60)
            assert any("1:02:05" in text for text, _ in drawn_texts(app, app.scenes[0]))
            found = misfits(app, app.scenes[0])
            if found:
                wrong[(language, width, height, scale)] = found
    assert wrong == {}
