"""solve(threads=N): the compiled core's verdict pass searched by a team of threads sharing one table
(csrc/solve.c). The answers must be those of one thread: the same verdict and best score, a winning line that
replays legally; a cancel stops every thread, and the position cap counts all of them. Nothing here depends
on the machine's speed: the team is made to start at once (TEAM_AFTER_POSITIONS), searches are bounded by
position caps, and waits are hang guards only."""

import contextlib
import os
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from solver_brute import best_score as brute_best_score
from test_solver import TRAP, replays_as_win, small_positions
from test_solver_cores import TRAP_DEALS, positions_with_rounds
from tiers import examples

from idioten.acesup import solver
from idioten.acesup.rules import ACES_ONLY, STANDARD, WIN_SCORE, Game
from idioten.acesup.solver import UNKNOWN, UNWINNABLE, WINNABLE, solve
from idioten.cards import deal_cards

pytestmark = pytest.mark.skipif(not solver.COMPILED_BUILT, reason="the team is the compiled core's")
LONG_DEAL = 2  # millions of positions: never finished here
HANG_GUARD = 60


@contextlib.contextmanager
def team_at_once():
    """The team takes over after one position, so that even small searches are searched by all threads."""
    before = solver.TEAM_AFTER_POSITIONS
    solver.TEAM_AFTER_POSITIONS = 1
    try:
        yield
    finally:
        solver.TEAM_AFTER_POSITIONS = before


def answer(game, threads, **limits):
    result = solve(game, core="compiled", threads=threads, **limits)
    if result.result == WINNABLE:
        assert replays_as_win(game, result.moves), (threads, game.to_text())
    return result.result, result.best_score, result.best_score_exact


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_a_team_agrees_with_the_brute_force_on_small_positions(game):
    expected = brute_best_score(game)
    verdict = WINNABLE if expected == WIN_SCORE else UNWINNABLE
    with team_at_once():
        for threads in (2, 4):
            assert answer(game, threads) == (verdict, expected, True), (threads, game.to_text())


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions_with_rounds())
def test_a_team_agrees_with_the_brute_force_on_positions_with_rounds_left(game):
    expected = brute_best_score(game)
    verdict = WINNABLE if expected == WIN_SCORE else UNWINNABLE
    with team_at_once():
        for threads in (2, 4):
            assert answer(game, threads)[:2] == (verdict, expected), (threads, game.to_text())


# Standard losses whose searches pass the lock's cuts to a best-score pass (7, 19) or run past the first table
# stage (8), and wins only the exact search finds (the pinned trap, aces-only trap deals).
REAL = [(STANDARD, 7), (STANDARD, 19), (STANDARD, 8), (ACES_ONLY, TRAP_DEALS[0]), (ACES_ONLY, TRAP_DEALS[1])]


@pytest.mark.parametrize("variant, deal", [pytest.param(*real, marks=pytest.mark.slow)
                                           if real == (STANDARD, 8) else real for real in REAL])
def test_a_team_gives_the_answer_of_one_thread_on_real_deals(variant, deal):
    game = Game.new(deal_cards(deal), variant, deal)
    alone = answer(game, 1)
    assert alone[2], "the one-thread answer is exact"
    with team_at_once():
        for threads in (2, 4):
            assert answer(game, threads) == alone, (threads, deal)


def test_a_team_wins_the_pinned_trap_position():
    game = Game.from_text(TRAP)
    with team_at_once():
        for threads in (2, 4):
            assert answer(game, threads) == (WINNABLE, WIN_SCORE, True)


def test_one_thread_is_the_default_and_the_python_core_ignores_threads():
    game = Game.new(deal_cards(19), STANDARD, 19)
    default, one = solve(game, core="compiled"), solve(game, core="compiled", threads=1)
    assert (default.result, default.best_score, default.states) == (one.result, one.best_score, one.states)
    # the Python core's search of deal 19 takes a second: the pinned trap is searched in a few positions
    trap = Game.from_text(TRAP)
    alone, asked = solve(trap, core="compiled"), solve(trap, core="python", threads=4)
    assert (asked.result, asked.best_score, asked.best_score_exact) == (alone.result, alone.best_score, True)


@pytest.mark.parametrize("bad", [-1, 1.5, "two", True])
def test_a_bad_thread_count_is_refused(bad):
    with pytest.raises(ValueError):
        solve(Game.from_text(TRAP), threads=bad)


def test_auto_and_zero_mean_every_core():
    assert solver.resolve_threads("auto") == solver.resolve_threads(0) == (os.cpu_count() or 1)
    assert solver.resolve_threads(3) == 3


def os_threads() -> frozenset[str] | None:
    """The ids of the process's OS threads. Ids, not a count: a thread of an earlier test may still be ending
    (an OS thread outlives its join() for a moment, longer on a loaded machine), and it must neither count as
    one of the team nor be waited for."""
    return frozenset(os.listdir("/proc/self/task")) if sys.platform.startswith("linux") else None


class CancelAtTheTeam:
    """Says stop at the first question asked while the team is there (its helpers started: on Linux seen as OS
    threads, elsewhere from the second question on, the first being the solo stretch's); counts the questions
    and the progress reports, and notes the threads seen at each."""

    def __init__(self, before: frozenset[str] | None):
        self.before, self.asked, self.said_stop_at, self.reports, self.threads_seen = before, 0, None, [], []

    def searched(self, positions: int) -> None:
        self.reports.append(positions)

    def is_set(self) -> bool:
        seen = os_threads()
        self.threads_seen.append(seen)
        self.asked += 1
        team_there = len(seen - self.before) >= 4 if seen is not None and self.before is not None else self.asked > 1
        if team_there and self.said_stop_at is None:
            self.said_stop_at = self.asked
        return self.said_stop_at is not None


def test_a_cancel_stops_every_thread_of_the_team():
    # The caller asks the cancel as the team starts, and the helpers wait for that answer (csrc/team.c): a stop
    # given there stops a team that cannot have ended its search first, however busy the machine. Asked later,
    # after positions of the caller's own, the answer raced the helpers, who sometimes decided the deal first
    # (UNWINNABLE). That running helpers stop when the team is halted is the cap's test below (the same stop).
    game = Game.new(deal_cards(LONG_DEAL), STANDARD, LONG_DEAL)
    before = os_threads()
    cancel = CancelAtTheTeam(before)
    out = {}
    with team_at_once():
        worker = threading.Thread(target=lambda: out.setdefault("r", solve(game, core="compiled", threads=4,
                                                                           cancel=cancel)))
        worker.start()
        worker.join(HANG_GUARD)
    assert not worker.is_alive(), "the search did not stop when cancelled"
    assert out["r"].result == UNKNOWN
    assert cancel.said_stop_at is not None and cancel.asked == cancel.said_stop_at  # not asked again after stop
    # The team spent no position after the stop: the positions are those before it (the first look and the
    # solo stretch), as reported at the stop.
    assert out["r"].states == cancel.reports[-1]
    if before is not None:
        # While it searched, the team was there (the worker and three helpers); none outlived the search.
        team = frozenset().union(*cancel.threads_seen) - before
        assert max(len(seen - before) for seen in cancel.threads_seen) == len(team) == 4
        # The solve has returned, so its helpers are joined; the worker's own OS thread may take a moment
        # more to end after join() (a hang guard: a helper left running would never let this pass).
        waited = time.monotonic()
        while team & os_threads() and time.monotonic() - waited < HANG_GUARD:
            time.sleep(0.01)
        assert not team & os_threads(), "a helper thread outlived the search"


@pytest.mark.parametrize("threads", [2, 4])
def test_the_position_cap_counts_every_thread(threads):
    game = Game.new(deal_cards(LONG_DEAL), STANDARD, LONG_DEAL)
    cap = 300_000
    with team_at_once():
        result = solve(game, core="compiled", threads=threads, max_positions=cap)
    assert result.result == UNKNOWN
    # Positions are claimed in blocks of 256; a thread that stops leaves at most one block unused.
    assert cap - threads * 256 <= result.states <= cap
