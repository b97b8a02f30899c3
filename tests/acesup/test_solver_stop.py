"""How a search is stopped, on both cores, measured in positions and never on a clock: the cap on positions
(`solve(max_positions=...)`) falls at the same count on every machine, a cancel is answered within
`CANCEL_POLL_POSITIONS` positions, a CPU budget is read from the searching thread's clock, and the compiled
core lets other threads run while it searches."""

import functools
import itertools
import threading
import time
from types import SimpleNamespace

import pytest
from test_solver import TRAP, replays_as_win
from test_solver_cores import CORES
from test_solver_verdict import late_position
from tiers import fast_first

from idioten.acesup import solver
from idioten.acesup.rules import STANDARD, Game
from idioten.acesup.solver import CANCEL_POLL_POSITIONS, UNKNOWN, UNWINNABLE, WINNABLE, reaches, solve
from idioten.cards import deal_cards

LONG_DEAL = 2  # standard deal 2 takes millions of positions (seconds of the compiled core): never finished here
HANG_GUARD = 60  # seconds a thread is given for what takes milliseconds; only a hang ever comes near it


def long_game() -> Game:
    return Game.new(deal_cards(LONG_DEAL), STANDARD, LONG_DEAL)


def summary(result):
    return result.result, result.states, result.best_score, result.best_score_exact, result.moves


# Standard deal 19 is a loss whose best score is measured by a second pass after the verdict (the lock cut
# positions in the first), and TRAP is a win only the exact search finds: one full search of each per core.
@functools.cache
def full_search(core: str, name: str):
    game = Game.new(deal_cards(19), STANDARD, 19) if name == "loss" else Game.from_text(TRAP)
    return game, solve(game, core=core)


@pytest.mark.parametrize("core", CORES)
def test_a_position_cap_stops_the_search_at_the_same_count_every_time(core):
    for cap in (1, 700, 5000):
        first, again = (solve(long_game(), core=core, max_positions=cap) for _ in range(2))
        assert (first.result, first.best_score_exact, first.moves) == (UNKNOWN, False, None)
        assert first.states == cap
        assert summary(again) == summary(first)


# The Python core's three searches of the loss take seconds: the slow tier's.
@pytest.mark.parametrize("core, name", fast_first(sorted(itertools.product(CORES, ["loss", "win"]),
                                                         key=lambda case: case == ("python", "loss")),
                                                  2 * len(CORES) - 1))
def test_a_cap_of_exactly_the_positions_a_search_needs_changes_nothing_and_one_less_stops_it(core, name):
    game, full = full_search(core, name)
    assert full.result in (WINNABLE, UNWINNABLE) and full.best_score_exact
    assert summary(solve(game, core=core, max_positions=full.states)) == summary(full)
    short = solve(game, core=core, max_positions=full.states - 1)
    assert short.states == full.states - 1 and not short.best_score_exact
    assert short.result == (UNWINNABLE if name == "loss" else UNKNOWN)  # the loss's verdict came first
    # (a cap between the verdict and the end of the second pass: tests/ui/test_solver_verdict.py)


# The Python core's search of deal 19 takes a second: in the fast tier it searches a late position of some
# three hundred positions whose best score is 45 (tests/acesup/test_solver_verdict.py), deal 19 in the slow tier.
@pytest.mark.parametrize("core, position", fast_first(sorted(itertools.product(CORES, ["deal 19", "late"]),
                                                             key=lambda case: case == ("python", "deal 19")),
                                                      2 * len(CORES) - 1))
def test_reaches_takes_the_cap_too(core, position):
    game = Game.new(deal_cards(19), STANDARD, 19) if position == "deal 19" else late_position(28)
    assert reaches(game, 48, core=core, max_positions=1) is None
    assert reaches(game, 48, core=core, max_positions=10**7) is False
    assert reaches(game, 30, core=core, max_positions=10**7) is True


def test_a_cap_is_a_positive_count():
    for cap in (0, -5):
        with pytest.raises(ValueError):
            solve(long_game(), max_positions=cap)
        with pytest.raises(ValueError):
            reaches(long_game(), 40, max_positions=cap)


class StopAtAsk:
    """A cancel object that counts how often the search asks it and says "stop" from its `n`-th ask on."""

    def __init__(self, n: int):
        self.n, self.asked = n, 0

    def is_set(self) -> bool:
        self.asked += 1
        return self.asked >= self.n


@pytest.mark.parametrize("core", CORES)
def test_the_cancel_object_is_asked_every_so_many_positions_and_the_first_stop_ends_the_search(core):
    every = CANCEL_POLL_POSITIONS[core]
    for n in (1, 2, 5):
        cancel = StopAtAsk(n)
        result = solve(long_game(), core=core, cancel=cancel)
        assert (result.result, cancel.asked) == (UNKNOWN, n)  # stopped at the first "stop", asked no more
        assert (n - 1) * every <= result.states <= n * every


class WatchedEvent:
    """A real Event for another thread to set, which notes what the search saw each time it asked."""

    def __init__(self):
        self.event, self.asking = threading.Event(), threading.Event()
        self.answers: list[bool] = []

    def is_set(self) -> bool:
        answer = self.event.is_set()
        self.answers.append(answer)
        self.asking.set()
        return answer


@pytest.mark.parametrize("core", CORES)
def test_a_cancel_from_another_thread_is_answered_at_the_next_ask(core):
    cancel, results = WatchedEvent(), []
    worker = threading.Thread(target=lambda: results.append(solve(long_game(), core=core, cancel=cancel)))
    worker.start()
    assert cancel.asking.wait(HANG_GUARD)  # the search is under way
    cancel.event.set()
    worker.join(HANG_GUARD)
    assert not worker.is_alive()
    # The set was seen at the first ask after it, so at most CANCEL_POLL_POSITIONS more positions were searched.
    assert cancel.answers[-1] and not any(cancel.answers[:-1])
    assert results[0].result == UNKNOWN
    assert results[0].states <= len(cancel.answers) * CANCEL_POLL_POSITIONS[core]


def test_the_compiled_core_lets_other_threads_run_while_it_searches():
    if not solver.COMPILED_BUILT:
        assert solver.CORE == "python"
        return
    # The search's answers to "stop?" are taken from the end of a list by a built-in (list.pop runs no Python
    # code, so an ask gives no other thread a turn). This thread waits until the search has asked once, then
    # puts a "stop" on the end. Only if the search runs without the GIL can this thread do that while it
    # searches; a search holding it would run on to the end of the deal and never take that "stop".
    answers = [False] * 10**6
    results = []
    worker = threading.Thread(target=lambda: results.append(
        solve(long_game(), core="compiled", cancel=SimpleNamespace(is_set=answers.pop))))
    worker.start()
    waited = 0.0
    while len(answers) == 10**6 and waited < HANG_GUARD:
        time.sleep(0.001)
        waited += 0.001
    answers.append(True)
    worker.join(HANG_GUARD)
    assert not worker.is_alive()
    assert answers[-1] is False, "the search never took the stop put there while it searched"
    assert results[0].result == UNKNOWN


@pytest.mark.parametrize("core", CORES)
def test_a_cpu_budget_is_read_from_the_thread_time_of_the_search(core, monkeypatch):
    # A fake CPU clock that moves a second at every reading: the budget runs out after a few asks of the
    # cancel object, however fast the machine. A budget read from another clock would never run out here.
    readings = itertools.count()
    monkeypatch.setattr(time, "thread_time", lambda: float(next(readings)))
    result = solve(long_game(), core=core, cpu_limit=2.5)
    assert (result.result, result.moves, result.best_score_exact) == (UNKNOWN, None, False)
    assert 0 < result.states <= 3 * CANCEL_POLL_POSITIONS[core]


@pytest.mark.parametrize("core", CORES)
def test_a_time_limit_that_has_run_out_stops_the_search_at_its_first_look_at_the_clock(core):
    result = solve(long_game(), time_limit=0.0, core=core)
    assert (result.result, result.moves, result.best_score_exact) == (UNKNOWN, None, False)


def test_a_capped_win_replays():
    game = Game.from_text(TRAP)
    result = solve(game, max_positions=10**6)
    assert result.result == WINNABLE and replays_as_win(game, result.moves)
