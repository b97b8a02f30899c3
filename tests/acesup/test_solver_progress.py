"""The solver tells a cancel object with a `searched(positions)` method how far it has come, at each look at it
(both cores): the window shows the count while it waits for a hard deal. Stopped by a count of positions,
not by a clock."""

from __future__ import annotations

import pytest
from tiers import fast_first

from idioten.acesup import solver
from idioten.acesup.rules import STANDARD, Game
from idioten.cards import deal_cards

CORES = ["python"] + (["compiled"] if solver.COMPILED_BUILT else [])
HARD_DEAL = 2  # millions of positions before its verdict


class StopAfter:
    """Says "stop" once it has been told of `cap` positions; keeps every report."""

    def __init__(self, cap: int):
        self.cap, self.reports = cap, []

    def searched(self, positions: int) -> None:
        self.reports.append(positions)

    def is_set(self) -> bool:
        return bool(self.reports) and self.reports[-1] >= self.cap


# A CPU budget wraps the object: the reports still reach it. The Python core with a budget is the slow tier's (a
# second of it); the wrapping is the same for both cores.
CASES = [(core, limit) for core, limit in [("python", None), ("compiled", None), ("compiled", 10_000.0),
                                            ("python", 10_000.0)] if core in CORES]


@pytest.mark.parametrize("core, cpu_limit", fast_first(CASES, len(CASES) - 1))
def test_each_look_at_the_cancel_object_tells_it_the_positions_so_far(core, cpu_limit):
    # The Python core looks every 512 positions, the compiled one every 16,384: each cap gives several looks.
    stop = StopAfter(cap=5_000 if core == "python" else 20_000)
    result = solver.solve(Game.new(deal_cards(HARD_DEAL), STANDARD, HARD_DEAL), None, stop, core=core,
                          cpu_limit=cpu_limit, max_positions=2_000_000)  # a cap: a broken report fails, never hangs
    reports = stop.reports
    assert result.result == solver.UNKNOWN and len(reports) >= 2
    # The count only grows (the first look's positions, then the search's on top); the compiled core looks once
    # before its first position, so its first report may be 0.
    assert reports == sorted(reports) and reports[-1] > reports[0] >= 0
    assert stop.cap <= reports[-1] <= result.states
