"""While the verdict on a hard deal is still searched, the end panel shows how far the search has come (positions
examined out of the most it will examine) and the player can leave at once (Esc, a new deal, a restart); the
search is never started twice for one deal, and the game that comes back finds it going on. The search is a
stand-in the test drives (the positions it reports, and its end when they reach its cap): nothing here depends
on how fast or busy the machine is."""

from __future__ import annotations

import threading

import pygame
import pytest
from ui_solver_support import HANG_GUARD, lost_position, panel_text, run_until
from ui_support import aces_table, end_panel, key, make_app, screen_text, shown_texts

from idioten import i18n
from idioten.acesup import solver
from idioten.play.acesup import assist

pytestmark = pytest.mark.usefixtures("english_window")


class StandInSearch:
    """Tells its cancel object the positions the test sets, at each look, until it is stopped or they reach its
    cap; then it answers "unknown" as the solver does. Counts the searches started for each position."""

    def __init__(self):
        self.positions = 0
        self.started: list[str] = []
        self.running, self.stopped = threading.Event(), threading.Event()

    def __call__(self, game, seconds, cancel, *memory, max_positions=None, threads=1):
        self.started.append(game.to_text())
        self.running.set()
        while not cancel.is_set():
            positions = self.positions if game.to_text() == self.started[0] else 1
            cancel.searched(positions)
            if max_positions is not None and positions >= max_positions:
                break
            threading.Event().wait(0.001)  # not a busy loop: the window's thread runs meanwhile
        if cancel.outer is not None and cancel.outer.is_set():
            self.stopped.set()
        return solver.SolveResult(solver.UNKNOWN, None, 0, self.positions, 0.0, best_score_exact=False)


@pytest.fixture
def hard_deal(monkeypatch, request):
    """A game one discard from its lost end whose verdict never comes by itself; the compiled core (the verdict
    searched from the deal on) or the Python one (searched when the game ends)."""
    compiled = request.param
    search = StandInSearch()
    monkeypatch.setattr(assist, "compiled_core", lambda: compiled)
    monkeypatch.setattr(assist, "solve", search)
    app, clock = make_app(lost_position())
    for pile_key in (pygame.K_4, pygame.K_d, pygame.K_4, pygame.K_d):
        key(app, pile_key)
    assert aces_table(app).game.is_over() and search.running.wait(HANG_GUARD)
    assert end_panel(app) is not None and i18n.t("ui.truth.looking") in panel_text(end_panel(app))
    cap = assist.VERDICT_POSITIONS if compiled else assist.VERDICT_POSITIONS_PYTHON
    return app, clock, search, cap


def progress_shown(hard_deal, positions: int) -> None:
    """The search reports `positions`; the panel's next look shows it."""
    app, clock, search, cap = hard_deal
    search.positions = positions
    start = aces_table(app).game.start_text
    assert run_until(app, lambda: aces_table(app).assistant.progress(start) == (positions, cap), timeout=HANG_GUARD)
    clock.now += 1.0  # the panel looks again (truth_panel.PROGRESS_EVERY)
    app.step(dt=1 / 60)


@pytest.mark.parametrize("hard_deal", [True, False], indirect=True, ids=["compiled", "python"])
def test_the_panel_counts_the_positions_out_of_the_most_it_searches_then_says_not_known(hard_deal):
    app, clock, search, cap = hard_deal
    progress_shown(hard_deal, 1_234_567)
    text = panel_text(end_panel(app))
    assert f"Working it out … 1,234,567 of at most {cap:,} positions searched." in text
    assert " s " not in text and "time" not in text  # no clock a busy machine would make wrong
    progress_shown(hard_deal, 1_345_678)
    app.set_language("sv")  # the digits grouped as Swedish writes them, never broken across two lines
    assert any("1\u00a0345\u00a0678" in line for line in shown_texts(app))
    assert f"1\u00a0345\u00a0678 av högst {cap:,} ställningar".replace(",", "\u00a0") in panel_text(end_panel(app))
    app.set_language("en")
    search.positions = cap  # the cap reached: the search says "unknown", and so does the panel
    assert run_until(app, lambda: i18n.t("ui.truth.unknown") in panel_text(end_panel(app)), timeout=HANG_GUARD)
    assert not search.stopped.is_set() and len(search.started) == 1


@pytest.mark.parametrize("hard_deal", [True, False], indirect=True, ids=["compiled", "python"])
def test_the_ring_stays_where_tab_put_it_while_the_progress_changes(hard_deal):
    app, clock, search, cap = hard_deal
    progress_shown(hard_deal, 5_000)
    panel = end_panel(app)
    assert panel.focused.text_key == "ui.button.new_deal"
    first_deal = aces_table(app).game.start_text
    key(app, pygame.K_TAB)
    assert panel.focused.text_key == "ui.button.restart"
    progress_shown(hard_deal, 6_000)  # the panel is built again with the new count ...
    assert "6,000 of at most" in panel_text(panel) and panel.focused.text_key == "ui.button.restart"
    key(app, pygame.K_RETURN)  # ... and Enter does what the ring shows
    assert aces_table(app).game.start_text == first_deal and aces_table(app).game.history == []


@pytest.mark.parametrize("hard_deal", [True, False], indirect=True, ids=["compiled", "python"])
def test_after_esc_the_table_says_the_verdict_is_coming_and_v_brings_it_back(hard_deal):
    app, clock, search, cap = hard_deal
    progress_shown(hard_deal, 5_000)
    key(app, pygame.K_ESCAPE)
    assert end_panel(app) is None and i18n.t("ui.status.verdict_pending") in screen_text(app)
    key(app, pygame.K_v)
    assert end_panel(app) is not None
    progress_shown(hard_deal, 7_000)
    assert "7,000 of at most" in panel_text(end_panel(app))
    key(app, pygame.K_ESCAPE)
    search.positions = cap
    assert run_until(app, lambda: i18n.t("ui.status.verdict_ready") in screen_text(app), timeout=HANG_GUARD)
    key(app, pygame.K_v)
    assert i18n.t("ui.truth.unknown") in panel_text(end_panel(app))


@pytest.mark.parametrize("hard_deal", [True, False], indirect=True, ids=["compiled", "python"])
def test_a_deal_is_never_searched_twice_and_the_game_brought_back_finds_its_search_going_on(hard_deal):
    app, clock, search, cap = hard_deal
    progress_shown(hard_deal, 5_000)
    lost_deal = aces_table(app).game.start_text
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r)  # the same deal again: its search goes on
    assert aces_table(app).game.history == [] and aces_table(app).assistant.early.tag == lost_deal
    key(app, pygame.K_n)  # another deal: the lost game's search still goes on; the new deal's waits for it
    assert aces_table(app).game.start_text != lost_deal
    app.step(dt=1 / 60)
    assert aces_table(app).assistant.early.tag == lost_deal and search.started == [lost_deal]
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # back to the lost game (the restart, untouched, was not kept)
    assert aces_table(app).game.start_text == lost_deal and aces_table(app).game.is_over()
    progress_shown(hard_deal, 9_000)  # where it was, not from the start
    assert end_panel(app) is not None and "9,000 of at most" in panel_text(end_panel(app))
    search.positions = cap
    assert run_until(app, lambda: i18n.t("ui.truth.unknown") in panel_text(end_panel(app)), timeout=HANG_GUARD)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert aces_table(app).game.start_text != lost_deal
    if assist.compiled_core():  # now the new deal's turn
        assert run_until(app, lambda: len(search.started) == 2, timeout=HANG_GUARD)
    assert search.started[0] == lost_deal and lost_deal not in search.started[1:]
    aces_table(app).assistant.known._by_position.clear()  # the position table forgets; the run does not
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    app.step(dt=1 / 60)
    assert aces_table(app).game.start_text == lost_deal
    assert i18n.t("ui.truth.unknown") in panel_text(end_panel(app)) and search.started.count(lost_deal) == 1
    assert not search.stopped.is_set()


def test_the_team_of_threads_only_where_cores_are_idle():
    assert assist.team_size(2, 0.0) == 1  # this project's machine: one thread, as before the team existed
    assert assist.team_size(None, 0.0) == 1 and assist.team_size(3, 0.0) == 1
    assert assist.team_size(4, 0.2) == 2  # four idle cores: one is left to the window and the rest
    assert assist.team_size(4, 3.5) == 1  # four busy cores: a team would only split one thread's share
    assert assist.team_size(16, 0.0) == assist.TEAM_MAX_THREADS
