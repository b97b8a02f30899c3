"""Leaving the shown solution (issue 39, item 8): "Show solution" restarts the deal and plays its winning line
at the table. Quitting, a new deal (N), a restart (R) or the other game (G) during that playback must leave
the player's own lost game, with its moves and Ctrl+Z, as the game saved, not the solution's half-played line.
Each is driven through the real loop on a data folder of the test's own, and game.json is read back."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_solver_support import TRAP, panel_text, run_until
from ui_store_support import Clock, launch
from ui_support import OPEN_APPS, aces_table, close_apps, end_panel, key

from idioten import i18n
from idioten.acesup.players import greedy
from idioten.acesup.rules import DEAL, DISCARD, Action, Game
from idioten.play.acesup.session import load
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.store import Store

FRAME = 1 / 60
SOLUTION_FRAMES = 20_000  # a cap on frames, never on time: the line's first actions come well before it


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    i18n.set_language("en")
    store = Store.open(tmp_path)
    assert store.change_setting("guide_offered", True) is None  # not a first start
    assert store.change_setting("animation", "fast") is None
    yield tmp_path
    close_apps()


def open_on_the_trap():
    """The program start on the data folder, showing TRAP: lost by always discarding, though winnable."""
    from idioten.ui.launch import open_app

    clock = Clock()
    app = open_app(launch(), first=Game.from_text(TRAP), clock=clock, rng=random.Random(3), size=(1280, 800))
    app.clock_for_tests = clock
    OPEN_APPS.append(app)
    app.step(dt=0)
    return app


def play_by_keys(app, action: Action) -> None:
    if action.kind == DEAL:
        key(app, pygame.K_SPACE)
    elif action.kind == DISCARD:
        key(app, pygame.K_1 + action.pile)
        key(app, pygame.K_d)
    else:
        key(app, pygame.K_1 + action.pile)
        key(app, pygame.K_1 + action.target)


def lose_and_show_the_solution(app) -> tuple[str, list[Action]]:
    """The player loses TRAP by the keys; the end panel's "Show solution" (L) plays a few actions of the line.
    The player's lost game as it was: its position and its moves."""
    table = aces_table(app)
    while not table.game.is_over():
        play_by_keys(app, greedy(table.game.copy(), None))
    lost = table.game.to_text(), [action for action, _ in table.game.history]
    assert not table.game.is_won()
    assert run_until(app, lambda: end_panel(app) is not None and i18n.t("ui.truth.yes") in panel_text(end_panel(app)))
    key(app, pygame.K_l, settle=False)
    for _ in range(SOLUTION_FRAMES):
        if len(table.game.history) >= 3:
            break
        app.step(dt=FRAME)
    assert table.computer_playing() and 3 <= len(table.game.history) < len(lost[1])
    return lost


def saved(folder):
    return load(Store.open(folder))[0]


def the_same(kept, lost) -> bool:
    return kept is not None and (kept.game.to_text(), [a for a, _ in kept.game.history]) == lost


def test_quitting_during_the_solution_saves_the_players_own_game(folder):
    app = open_on_the_trap()
    lost = lose_and_show_the_solution(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert not app.step(dt=FRAME)
    app.persist.close()  # as the program does when its loop ends
    assert the_same(saved(folder), lost)
    assert not saved(folder).by_computer


@pytest.mark.parametrize("leaving_key", [pygame.K_n, pygame.K_r])
def test_a_new_deal_or_restart_during_the_solution_keeps_the_players_game_behind_ctrl_z(folder, leaving_key):
    app = open_on_the_trap()
    lost = lose_and_show_the_solution(app)
    key(app, leaving_key)
    table = aces_table(app)
    assert not table.computer_playing() and not table.game.history  # the key did what it does: a fresh game
    if leaving_key == pygame.K_r:
        assert table.game.start_text == Game.from_text(TRAP).to_text()
    app.persist.wait()
    assert the_same(saved(folder).previous, lost)  # what Ctrl+Z brings back, as written
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert (table.game.to_text(), [a for a, _ in table.game.history]) == lost


def test_the_other_game_during_the_solution_leaves_the_players_game_saved(folder):
    app = open_on_the_trap()
    lost = lose_and_show_the_solution(app)
    key(app, pygame.K_g)
    assert app.playing.current_game.name == "poker"
    app.persist.wait()
    assert the_same(saved(folder), lost)


def test_esc_during_the_solution_stops_it_where_it_is(folder):
    """Any other key still only stops the playback and leaves its position to look at (the banner says so)."""
    app = open_on_the_trap()
    lose_and_show_the_solution(app)
    table = aces_table(app)
    played = len(table.game.history)
    key(app, pygame.K_ESCAPE)
    assert not table.computer_playing() and len(table.game.history) == played
    assert table.message == i18n.t("ui.solution.stopped")
