"""While the verdict on a hard deal is still searched, the end panel shows how far the search has come (positions
examined, time left of its real budget) and the player can leave at once (Esc, a new deal, a restart). The
search is a stand-in the test drives and the budget's clock is faked: nothing here depends on how fast the
machine is."""

from __future__ import annotations

import threading

import pygame
import pytest
from ui_solver_support import lost_position, panel_text, run_until
from ui_support import aces_table, end_panel, key, make_app, shown_texts

from idioten import i18n
from idioten.acesup import analysis, solver
from idioten.ui.acesup import assist

pytestmark = pytest.mark.usefixtures("english_window")

START = 100.0  # the faked clock of the search's budget (CPU seconds from the deal on, or wall seconds at the end)


class StandInSearch:
    """Tells its cancel object the positions the test sets, at each look, until it is stopped; when its budget
    runs out it answers "unknown" as the solver does."""

    def __init__(self):
        self.positions = 0
        self.running, self.stopped = threading.Event(), threading.Event()

    def __call__(self, game, seconds, cancel, *memory):
        stopped = cancel.is_set()  # the first look starts the budget's clock, as the solver's does
        self.running.set()
        while not stopped:
            cancel.searched(self.positions)
            threading.Event().wait(0.001)  # not a busy loop: the window's thread runs meanwhile
            stopped = cancel.is_set()
        if cancel.outer is not None and cancel.outer.is_set():
            self.stopped.set()
        return solver.SolveResult(solver.UNKNOWN, None, 0, self.positions, 0.0, best_score_exact=False)


@pytest.fixture
def hard_deal(monkeypatch, request):
    """A game one discard from its lost end whose verdict never comes by itself; the compiled core (the verdict
    searched from the deal on) or the Python one (searched when the game ends)."""
    compiled = request.param
    search, budget_clock = StandInSearch(), [START]
    monkeypatch.setattr(assist, "compiled_core", lambda: compiled)
    monkeypatch.setattr(assist, "solve", search)
    monkeypatch.setattr(analysis.StopFlag, "clock", lambda flag: budget_clock[0])
    app, clock = make_app(lost_position())
    for pile_key in (pygame.K_4, pygame.K_d, pygame.K_4, pygame.K_d):
        key(app, pile_key)
    assert aces_table(app).game.is_over() and search.running.wait(10)
    assert end_panel(app) is not None and i18n.t("ui.truth.looking") in panel_text(end_panel(app))
    budget = assist.VERDICT_CPU_SECONDS if compiled else assist.VERDICT_SECONDS
    return app, clock, search, budget_clock, budget


def progress_shown(hard_deal, positions: int, used: float) -> None:
    """The search reports `positions` with `used` seconds of its budget gone; the panel's next look shows it."""
    app, clock, search, budget_clock, budget = hard_deal
    search.positions, budget_clock[0] = positions, START + used
    start = aces_table(app).game.start_text
    assert run_until(app, lambda: aces_table(app).assistant.progress(start) == (positions, budget - used), timeout=10)
    clock.now += 1.0  # the panel looks again (truth_panel.PROGRESS_EVERY)
    app.step(dt=1 / 60)


@pytest.mark.parametrize("hard_deal", [True, False], indirect=True, ids=["compiled", "python"])
def test_the_panel_counts_the_positions_and_the_budget_left_then_says_not_known(hard_deal):
    app, clock, search, budget_clock, budget = hard_deal
    progress_shown(hard_deal, 1_234_567, budget - 23)
    text = panel_text(end_panel(app))
    assert "Working it out … 1,234,567 positions so far, 23 s of search time left." in text
    progress_shown(hard_deal, 2_345_678, budget - 22.5)
    assert "2,345,678 positions so far, 23 s of search time left" in panel_text(end_panel(app))
    app.set_language("sv")  # the digits grouped as Swedish writes them, never broken across two lines
    assert any("2\u00a0345\u00a0678" in line for line in shown_texts(app))
    assert "2\u00a0345\u00a0678 ställningar hittills, 23 s söktid kvar" in panel_text(end_panel(app))
    app.set_language("en")
    budget_clock[0] = START + budget + 1  # the budget runs out: the search says "unknown", and so does the panel
    assert run_until(app, lambda: i18n.t("ui.truth.unknown") in panel_text(end_panel(app)), timeout=10)
    assert not search.stopped.is_set()


@pytest.mark.parametrize("hard_deal", [True, False], indirect=True, ids=["compiled", "python"])
def test_esc_a_new_deal_and_a_restart_work_at_once_while_it_searches(hard_deal):
    app, clock, search, budget_clock, budget = hard_deal
    progress_shown(hard_deal, 5_000, 3)
    first_deal = aces_table(app).game.start_text
    key(app, pygame.K_ESCAPE)  # the panel goes; the search goes on for when the player comes back
    assert end_panel(app) is None and aces_table(app).game.is_over() and not search.stopped.is_set()
    key(app, pygame.K_r)  # the same deal again at once ...
    assert aces_table(app).game.history == [] and aces_table(app).game.start_text == first_deal
    if assist.compiled_core():  # ... its verdict from the deal on still wanted
        assert not search.stopped.is_set() and aces_table(app).assistant.early.tag == first_deal
    else:  # ... the verdict asked at the end no longer is
        assert search.stopped.wait(10)
    key(app, pygame.K_n)
    assert aces_table(app).game.start_text != first_deal and aces_table(app).game.history == []
    assert search.stopped.wait(10)
