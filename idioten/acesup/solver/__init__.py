"""Exact perfect-information solver for Idioten: it sees the stock order and plays the deal out.

`solve(game)` answers "winnable" with a move list that replays as a win through `rules.Game.apply`,
"unwinnable" only when every line has been ruled out (with the best score any line reaches), or "unknown"
when the time limit ran out or the caller cancelled. The rules layer stays the judge: the search runs on a
compact copy of the position (`solver.search`), and its move generator is tested against
`Game.useful_actions()`.

The search is a depth-first branch and bound over positions. Every shortcut it takes is a proved
dominance (a position that is at least as good is kept) or an upper bound on the score; the proofs sit
beside the code in `solver.search`.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from idioten.acesup import rules
from idioten.acesup.solver.search import Search, SearchStopped
from idioten.acesup.solver.quick import quick_win, shorten_moves

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
# The first look (discard at once, `solver_quick`) finds most wins in milliseconds but cannot prove a loss,
# so it gets a share of the time and a cap on positions; the exact search gets the rest.
QUICK_SHARE = 0.3
QUICK_MAX_SECONDS = 3.0
QUICK_MAX_POSITIONS = 400_000


@dataclass
class SolveResult:
    result: str  # WINNABLE, UNWINNABLE or UNKNOWN
    moves: list[rules.Action] | None  # a winning line from the given position, when winnable
    best_score: int | None  # the best reachable score; exact unless UNKNOWN (then the best found so far)
    states: int  # positions examined
    seconds: float
    # Seconds until the answer was known; less than `seconds` when an unwinnable deal's best score was then
    # measured in a second pass (aces-only). Not part of the command line's JSON.
    decided_seconds: float | None = None

    def to_json(self) -> dict:
        return {"result": self.result,
                "moves": None if self.moves is None else [str(a) for a in self.moves],
                "best_score": self.best_score, "states": self.states, "seconds": round(self.seconds, 4)}


def solve(game: rules.Game, time_limit: float | None = None,
          cancel: threading.Event | None = None) -> SolveResult:
    """Solve the position `game` is in (any point of play). The game itself is not changed.

    `time_limit` in seconds (None: no limit); setting `cancel` stops the search within a few milliseconds.
    Safe to call from a worker thread: nothing here is shared between calls.
    """
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    quick_seconds = QUICK_MAX_SECONDS if time_limit is None else min(QUICK_MAX_SECONDS, QUICK_SHARE * time_limit)
    line, quick_states = quick_win(game, QUICK_MAX_POSITIONS, started + quick_seconds, cancel)
    if line is not None:
        seconds = time.perf_counter() - started
        return SolveResult(WINNABLE, shorten_moves(game, line), rules.WIN_SCORE, quick_states, seconds, seconds)
    search = Search.from_game(game, deadline, cancel)
    search.states += quick_states
    try:
        line = search.run()
    except SearchStopped:
        # Stopped while measuring the best score of an unwinnable deal: the answer stands, and the best
        # score is the best found so far (a lower bound).
        result = UNWINNABLE if search.decided else UNKNOWN
        return SolveResult(result, None, search.best_score, search.states, time.perf_counter() - started,
                           search.decided_at - started if search.decided else None)
    seconds = time.perf_counter() - started
    decided = search.decided_at - started
    if line is None:
        return SolveResult(UNWINNABLE, None, search.best_score, search.states, seconds, decided)
    return SolveResult(WINNABLE, line, rules.WIN_SCORE, search.states, seconds, decided)
