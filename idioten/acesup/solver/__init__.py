"""Exact perfect-information solver for Idioten: it sees the stock order and plays the deal out.

`solve(game)` answers "winnable" with a move list that replays as a win through `rules.Game.apply`,
"unwinnable" only when every line has been ruled out (with the best score any line reaches), or "unknown"
when the time limit ran out, the caller cancelled or the cap on positions (`max_positions`) was reached.
The rules layer stays the judge: the search runs on a compact copy of the position (`solver.search`), and
its move generator is tested against `Game.useful_actions()`.

The search is a depth-first branch and bound over positions. Every shortcut it takes is a proved
dominance (a position that is at least as good is kept) or an upper bound on the score; the proofs sit
beside the code in `solver.search` and `csrc/prune.c`. The verdict comes first, from a pass that may also
cut positions that provably cannot be won (the move-free lock, PRUNE_LOCK); an unwinnable deal's best score
is then measured by a second pass in what is left of the time, and `best_score_exact` says whether it ended.

Two cores run that search. `search.py` and `quick.py` are the executable specification and the fallback;
`_csearch` (C, `csrc/`, built by setup.py where a compiler exists) is a transcription of them that gives the
same answers, releases the GIL while it searches and keeps its table within a fixed memory budget. `CORE`
says which one `solve` uses; `IDIOTEN_PURE_PYTHON=1` in the environment forces the Python one.
"""

from __future__ import annotations

import math
import os
import threading
import time
from dataclasses import dataclass
from typing import Any

from idioten import cores
from idioten.acesup import rules
from idioten.acesup.options import READINGS as READINGS  # re-exported: callers of solve() name them here
from idioten.acesup.options import STANDARD_RULES as STANDARD_RULES
from idioten.acesup.options import STRICT_RULES as STRICT_RULES
from idioten.acesup.solver import prune, quick
from idioten.acesup.solver import search as python_search
from idioten.acesup.solver.quick import quick_win, shorten_moves
from idioten.acesup.solver.search import (
    DISCARD_EV,
    ENTRY_BYTES,
    MOVE_EV,
    Cancel,
    Search,
    SearchStopped,
    compact,
    to_steps,
)
from idioten.acesup.solver.strict import StrictSearch
from idioten.acesup.verdict import UNKNOWN as UNKNOWN  # re-exported: callers name the verdicts here
from idioten.acesup.verdict import UNWINNABLE as UNWINNABLE
from idioten.acesup.verdict import WINNABLE as WINNABLE
from idioten.acesup.verdict import Verdict

PURE_PYTHON_ENV = cores.PURE_PYTHON_ENV

# Loaded even when the environment asks for pure Python, so that tests can still compare the two cores.
COMPILED_CORE = cores.load("idioten.acesup.solver._csearch")
_csearch = COMPILED_CORE.module
COMPILED_BUILT = COMPILED_CORE.built
CORE = COMPILED_CORE.name
# Each core asks its cancel object at least once every this many positions, so a cancel is answered within
# that many positions of being set: a count, the same on every machine (milliseconds of search).
CANCEL_POLL_POSITIONS = {"python": max(quick.CHECK_EVERY, python_search.CHECK_EVERY)}
if _csearch is not None:
    CANCEL_POLL_POSITIONS["compiled"] = _csearch.POLL_POSITIONS

# The first look (discard at once, `solver_quick`) finds most wins in milliseconds but cannot prove a loss,
# so it gets a share of the time and a cap on positions; the exact search gets the rest.
QUICK_SHARE = 0.3
QUICK_MAX_SECONDS = 3.0
QUICK_MAX_POSITIONS = 400_000
# solve(threads=N): the positions the verdict pass searches alone before the team of threads takes over
# (csrc/solve.c). Most deals are decided sooner, and then alone exactly as with threads=1.
TEAM_AFTER_POSITIONS = 65536
# The compiled core's table: a fixed budget that is never exceeded (entries are replaced when it is full).
DEFAULT_MEMORY_BYTES = 64 * 2**20
# The prunings beyond the settle loop's own, proved in csrc/prune.c; prune.py is their Python specification, and
# both cores apply them (bit values of PRUNE_* there).
PRUNE_SAFE_REMOVAL = prune.SAFE_REMOVAL
PRUNE_SAME_COLUMN = prune.SAME_COLUMN  # aces-only, on top of PRUNE_SAFE_REMOVAL
# On top of PRUNE_SAFE_REMOVAL: its round condition skips rounds after which nothing can happen.
PRUNE_DEAD_ROUNDS = prune.DEAD_ROUNDS
# Verdict only (csrc/prune.c): it cuts positions that cannot be won, so an unwinnable deal's best score is
# then measured by a second pass without it.
PRUNE_LOCK = prune.LOCK  # the move-free lock (Lemma L)
ALL_PRUNINGS = PRUNE_SAFE_REMOVAL | PRUNE_SAME_COLUMN | PRUNE_DEAD_ROUNDS | PRUNE_LOCK


@dataclass
class SolveResult:
    result: Verdict  # WINNABLE, UNWINNABLE or UNKNOWN
    moves: list[rules.Action] | None  # a winning line from the given position, when winnable
    best_score: int | None  # the best reachable score; exact when best_score_exact, else the best found so far
    states: int  # positions examined
    seconds: float
    # Seconds until the answer was known; less than `seconds` when an unwinnable deal's best score was then
    # measured in a second pass (aces-only). Not part of the command line's JSON.
    decided_seconds: float | None = None
    core: str = "python"  # which core searched: "compiled" or "python"
    cpu_seconds: float | None = None  # CPU time of the thread that searched
    # Whether best_score is exact. False when UNKNOWN, and when an unwinnable deal's best score was still
    # being measured (after the verdict) as the time ran out: then it is the best found, a lower bound.
    best_score_exact: bool = True
    # CPU-seconds of the searching threads (all of them, solve(threads=N)) until the verdict was known, and
    # the positions examined until then
    # (None when it never was known).
    decided_cpu_seconds: float | None = None
    decided_states: int | None = None
    rules: str = STANDARD_RULES  # the reading searched: STANDARD_RULES (the game's) or STRICT_RULES (strict.py)

    def to_json(self) -> dict[str, object]:
        answer: dict[str, object] = {"result": self.result,
                                     "moves": None if self.moves is None else [str(a) for a in self.moves],
                                     "best_score": self.best_score, "best_score_exact": self.best_score_exact,
                                     "states": self.states, "seconds": round(self.seconds, 4)}
        if self.rules != STANDARD_RULES:  # the game's own reading keeps the contract's original fields
            answer["rules"] = self.rules
        return answer


def solve(game: rules.Game, time_limit: float | None = None, cancel: Cancel | None = None, *,
          memory_bytes: int = DEFAULT_MEMORY_BYTES, core: str | None = None,
          prunings: int | None = None, cpu_limit: float | None = None,
          rules: str = STANDARD_RULES, max_positions: int | None = None, threads: int | str = 1) -> SolveResult:
    """Solve the position `game` is in (any point of play). The game itself is not changed.

    `time_limit` in seconds (None: no limit); setting `cancel` stops the search within
    CANCEL_POLL_POSITIONS positions (milliseconds), and a `cancel` with a `searched(positions)` method is told
    at each look how many positions were examined so far (the window shows it while it waits).
    `max_positions` caps the positions examined in all (`states`): reaching it ends the search as a time
    limit does (UNKNOWN, or UNWINNABLE with best_score_exact False when the verdict was in), at the same point
    on every machine. `memory_bytes` bounds the search's position table (the compiled core's exactly; the
    Python core's by an estimate per entry); `core` ("compiled" or "python", default `CORE`) picks the core;
    `prunings` (a bit mask of the PRUNE_* rules, default all; both cores) is for measuring what each rule
    cuts. `cpu_limit` stops the search after that many CPU-seconds of the thread that searches (a budget that
    does not depend on how busy the machine is, but on its speed).
    Safe to call from a worker thread: nothing here is shared between calls, and the compiled core releases
    the GIL while it searches.

    `rules` is the reading searched: STANDARD_RULES (the game's) or STRICT_RULES (the stricter reading of
    published solvers, only for comparing odds: strict.py; it takes no `prunings` and no `max_positions`).

    `threads` (default 1, the one-thread search exactly; 0 or "auto": os.cpu_count()): the compiled core's
    verdict pass is then searched by that many threads sharing the one table (csrc/solve.c, the team), once
    a first stretch alone has not decided it. The answers are the same; a winning line may be another one.
    The threads run at the caller's thread's priority. `cpu_limit` stays the CPU-seconds of the calling
    thread, so the budget is per thread: N threads may spend N times it in about the same wall time.
    The Python core and the strict reading ignore `threads` (one thread).
    """
    # Here `rules` is the reading (a string), not the rules module: the module is not used in this body.
    if rules not in READINGS:
        raise ValueError(f"unknown reading of the rules {rules!r} (choose {' or '.join(READINGS)})")
    if rules == STRICT_RULES and prunings is not None:
        raise ValueError("the strict reading's search takes no prunings")
    if rules == STRICT_RULES and max_positions is not None:
        raise ValueError("the strict reading's search takes no position cap (it needs a few thousand at most)")
    _check_cap(max_positions)
    threads = resolve_threads(threads)
    cpu_started = time.thread_time()
    stop: Cancel | None = cancel if cpu_limit is None else _CpuBudget(cancel, cpu_started + cpu_limit)
    if rules == STRICT_RULES:
        result = _solve_strict(game, time_limit, stop, memory_bytes, core or CORE)
    elif (core or CORE) == "compiled":
        if _csearch is None:
            raise RuntimeError("the compiled solver core is not built")
        result = _solve_compiled(game, time_limit, stop, memory_bytes,
                                 ALL_PRUNINGS if prunings is None else prunings, max_positions, threads)
    else:
        result = _solve_python(game, time_limit, stop, memory_bytes, max_positions,
                               ALL_PRUNINGS if prunings is None else prunings)
    result.cpu_seconds = time.thread_time() - cpu_started
    return result


def resolve_threads(threads: int | str) -> int:
    """The number of search threads `threads` asks for: 0 or "auto" is every core (os.cpu_count())."""
    if threads == "auto" or threads == 0:
        return os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise ValueError(f"threads must be a whole number of at least 0, or 'auto' (got {threads!r})")
    return threads


def _check_cap(max_positions: int | None) -> None:
    if max_positions is not None and max_positions < 1:  # the compiled core reads 0 as "no cap"
        raise ValueError(f"a cap on positions is at least 1, not {max_positions}")


def reaches(game: rules.Game, score: int, cancel: threading.Event | None = None, *, core: str | None = None,
            memory_bytes: int = DEFAULT_MEMORY_BYTES, max_positions: int | None = None) -> bool | None:
    """Whether some line from the position `game` is in ends with at least `score` cards discarded in all
    (knowing the stock); None when `cancel` or the cap `max_positions` (as in `solve`) stopped the search
    first. The same search as `solve`, ended by
    the first line that reaches `score` instead of a win (the compiled core's first look, which discards
    every card at once, too): a "yes" is often found long before a proof of the exact best score would end
    (`analysis` asks this of the positions it probes in a deal never winnable). A "no" explores what `solve`
    explores. Every pruning of the search keeps the best score, so the answer is exact."""
    return line_reaching(game, score, cancel, core=core, memory_bytes=memory_bytes, max_positions=max_positions)[0]


def line_reaching(game: rules.Game, score: int, cancel: threading.Event | None = None, *, core: str | None = None,
                  memory_bytes: int = DEFAULT_MEMORY_BYTES,
                  max_positions: int | None = None) -> tuple[bool | None, list[rules.Action] | None]:
    """`reaches`, with the line it found: (True, actions after which at least `score` cards are discarded),
    (False, None) when no line reaches `score`, (None, None) when `cancel` stopped the search first."""
    if not 0 <= score <= rules.WIN_SCORE:
        raise ValueError(f"a score is 0 to {rules.WIN_SCORE}, not {score}")
    _check_cap(max_positions)
    if (core or CORE) == "compiled":
        if _csearch is None:
            raise RuntimeError("the compiled solver core is not built")
        piles, stock, gone = compact(game)
        status, line, win_flags = _csearch.solve(piles, stock, gone, game.variant == rules.ACES_ONLY, None, cancel,
                                                 QUICK_MAX_SECONDS, QUICK_MAX_POSITIONS, memory_bytes,
                                                 ALL_PRUNINGS, score, max_positions or 0)[:3]
        if status == 0:
            return True, shorten_moves(game, [_event_action(kind, pile, target)
                                              for kind, pile, target in line])
        if status == 1:
            return True, to_steps(line, win_flags)
        return (False if status == 2 else None), None
    search = Search.from_game(game, None, cancel, max(1000, memory_bytes // ENTRY_BYTES), max_positions)
    search.target = score
    try:
        line = search.run()
    except SearchStopped:
        return None, None
    return (True, line) if line is not None else (False, None)


# The sighted look of the hint's perfect-information sampling (hint/pimc.py): the compiled first look capped
# by positions, not by a clock, so that its answer depends only on the position and the order. The first look
# examines at most FIRST_LOOK_POSITIONS positions; only when it runs out of lines sooner (proving that
# discarding at once cannot win) does a glance of at most GLANCE_POSITIONS positions of the exact search follow.
# tests/acesup/test_hint_pimc.py checks the counts.
FIRST_LOOK_POSITIONS = 511
GLANCE_POSITIONS = 255
_FIRST_LOOK_TABLE_BYTES = 65536


def first_look(piles: tuple[bytes, ...], stock: bytes, gone: int, aces_only: bool) -> tuple[bool, int, int]:
    """Whether the compiled core's first look (or the glance of the exact search after it) finds a win from a
    compact position (card indices as `search.compact` gives them): (won, first-look positions, exact-search
    positions). RuntimeError without the compiled core. A False proves nothing."""
    if _csearch is None:
        raise RuntimeError("the compiled solver core is not built")
    # No clock. The first look's own cap is looked at every 512 positions: the first time after 511, which
    # is FIRST_LOOK_POSITIONS; reaching it ends the first look and, as this is a glance, the whole search.
    out = _csearch.solve(piles, stock, gone, aces_only, None, None, math.inf, FIRST_LOOK_POSITIONS,
                         _FIRST_LOOK_TABLE_BYTES, ALL_PRUNINGS, rules.WIN_SCORE, 0, GLANCE_POSITIONS)
    return out[0] in (0, 1), out[5], out[4]


class _Wrapper:
    """A cancel object around the caller's, which passes on the caller's progress report (`searched`)."""

    def __init__(self, cancel: Cancel | None):
        self.cancel = cancel
        searched = getattr(cancel, "searched", None)
        if searched is not None:
            self.searched = searched


class _CpuBudget(_Wrapper):
    """A cancel flag that is also set once the searching thread has used its CPU budget. Both cores ask
    `is_set()` from the thread that searches (every CANCEL_POLL_POSITIONS positions; the compiled one with the
    GIL taken back for the moment), so `time.thread_time()` there is the search's own CPU time."""

    def __init__(self, cancel: Cancel | None, until: float):
        super().__init__(cancel)
        self.until = until

    def is_set(self) -> bool:
        return (self.cancel is not None and self.cancel.is_set()) or time.thread_time() > self.until


def always_discard_wins(game: rules.Game, time_limit: float = 60.0) -> bool | None:
    """Whether a player who sees the stock but discards every card as soon as it may go can win from here:
    the first look searched to the end (None when `time_limit` ran out first). A position `solve` finds
    winnable where this is False can only be won by keeping a card: a trap."""
    if _csearch is not None and CORE == "compiled":
        piles, stock, _ = compact(game)
        won: bool | None = _csearch.always_discard(piles, stock, game.variant == rules.ACES_ONLY, time_limit,
                                                    DEFAULT_MEMORY_BYTES)[0]
        return won
    deadline = time.perf_counter() + time_limit
    line, positions = quick_win(game, 2**62, deadline)
    if line is not None:
        return True
    return None if time.perf_counter() > deadline else False


def _solve_compiled(game: rules.Game, time_limit: float | None, cancel: Cancel | None, memory_bytes: int,
                    prunings: int, max_positions: int | None, threads: int = 1) -> SolveResult:
    if _csearch is None:
        raise RuntimeError("the compiled solver core is not built")
    piles, stock, gone = compact(game)
    quick_seconds = QUICK_MAX_SECONDS if time_limit is None else min(QUICK_MAX_SECONDS, QUICK_SHARE * time_limit)
    (status, line, win_flags, best, states, quick_states, decided, seconds, exact, decided_cpu,
     decided_states) = _csearch.solve(
        piles, stock, gone, game.variant == rules.ACES_ONLY, time_limit, cancel, quick_seconds,
        QUICK_MAX_POSITIONS, memory_bytes, prunings, rules.WIN_SCORE, max_positions or 0, 0, threads,
        TEAM_AFTER_POSITIONS)
    states += quick_states
    decided_seconds = None if decided < 0 else decided
    decided_cpu_seconds = None if decided_cpu < 0 else decided_cpu
    decided = {"decided_cpu_seconds": decided_cpu_seconds, "decided_states": decided_states or None}
    if status == 0:
        actions = [_event_action(kind, pile, target) for kind, pile, target in line]
        return SolveResult(WINNABLE, shorten_moves(game, actions), rules.WIN_SCORE, states, seconds, seconds,
                           "compiled", **decided)
    if status == 1:
        return SolveResult(WINNABLE, to_steps(line, win_flags), rules.WIN_SCORE, states, seconds,
                           decided_seconds, "compiled", **decided)
    result = UNWINNABLE if status == 2 else UNKNOWN
    return SolveResult(result, None, best, states, seconds, decided_seconds, "compiled",
                       best_score_exact=bool(exact), **decided)


def _event_action(kind: int, pile: int, target: int) -> rules.Action:
    """An action of the first look's line, which comes back as (event kind, pile, target) with search.py's
    event numbers."""
    if kind == DISCARD_EV:
        return rules.Action.discard(pile)
    if kind == MOVE_EV:
        return rules.Action.move(pile, target)
    return rules.DEAL_ACTION


def _solve_python(game: rules.Game, time_limit: float | None, cancel: Cancel | None, memory_bytes: int,
                  max_positions: int | None, prunings: int = prune.ALL) -> SolveResult:
    started = time.perf_counter()
    cpu_started = time.thread_time()
    deadline = None if time_limit is None else started + time_limit
    quick_seconds = QUICK_MAX_SECONDS if time_limit is None else min(QUICK_MAX_SECONDS, QUICK_SHARE * time_limit)
    remembered = None if cancel is None else _Remembered(cancel)
    line, quick_states = quick_win(game, QUICK_MAX_POSITIONS, started + quick_seconds, remembered, max_positions)
    if line is not None:
        seconds = time.perf_counter() - started
        return SolveResult(WINNABLE, shorten_moves(game, line), rules.WIN_SCORE, quick_states, seconds, seconds,
                           decided_cpu_seconds=time.thread_time() - cpu_started, decided_states=quick_states)
    search = Search.from_game(game, deadline, remembered, max(1000, memory_bytes // ENTRY_BYTES), max_positions)
    search.states += quick_states
    search.prunings = prunings & prune.EXACT
    search.verdict_prunings = prunings & prune.VERDICT_ONLY
    if remembered is not None and remembered.said_stop:
        search.max_positions = search.states  # cancelled in the first look: no exact search
    search.cpu_started = cpu_started
    try:
        line = search.run()
    except SearchStopped:
        # Stopped while measuring the best score of an unwinnable deal: the answer stands, and the best
        # score is the best found so far (a lower bound).
        result = UNWINNABLE if search.decided else UNKNOWN
        return SolveResult(result, None, search.best_score, search.states, time.perf_counter() - started,
                           None if search.decided_at is None else search.decided_at - started, best_score_exact=False,
                           **_decided(search))
    seconds = time.perf_counter() - started
    assert search.decided_at is not None  # run() returns only once the verdict is known
    decided = search.decided_at - started
    if line is None:
        return SolveResult(UNWINNABLE, None, search.best_score, search.states, seconds, decided, **_decided(search))
    return SolveResult(WINNABLE, line, rules.WIN_SCORE, search.states, seconds, decided,
                       **_decided(search))


class _Remembered(_Wrapper):
    """A cancel object that remembers having said "stop", so that a cancel seen by the first look ends the
    search there, as in the compiled core, instead of at the exact search's first look at the flag."""

    def __init__(self, cancel: Cancel):
        super().__init__(cancel)
        self.said_stop = False

    def is_set(self) -> bool:
        self.said_stop = self.said_stop or bool(self.cancel is not None and self.cancel.is_set())
        return self.said_stop


def _decided(search: Search) -> dict[str, Any]:
    if not search.decided or search.decided_cpu is None:
        return {}
    return {"decided_cpu_seconds": search.decided_cpu - search.cpu_started, "decided_states": search.decided_states}


def _solve_strict(game: rules.Game, time_limit: float | None, cancel: Cancel | None, memory_bytes: int,
                  core: str) -> SolveResult:
    """The search under the strict reading (strict.py): one pass, which decides and measures the best score."""
    started = time.perf_counter()
    cpu_started = time.thread_time()
    if core == "compiled":
        if _csearch is None:
            raise RuntimeError("the compiled solver core is not built")
        piles, stock, _ = compact(game)
        status, line, best, states = _csearch.solve_strict(piles, stock, game.variant == rules.ACES_ONLY,
                                                           time_limit, cancel, memory_bytes)
        moves = None if line is None else [_event_action(kind, pile, target)
                                           for kind, pile, target in line]
        result = {1: WINNABLE, 2: UNWINNABLE}.get(status, UNKNOWN)
    else:
        deadline = None if time_limit is None else started + time_limit
        search = StrictSearch.from_game(game, deadline, cancel, max(1000, memory_bytes // ENTRY_BYTES))
        try:
            moves = search.run()
            result = UNWINNABLE if moves is None else WINNABLE
        except SearchStopped:
            moves, result = None, UNKNOWN
        best, states = search.best_score, search.states
    seconds = time.perf_counter() - started
    decided = result != UNKNOWN
    return SolveResult(result, moves, best, states, seconds, seconds if decided else None, core,
                       best_score_exact=decided, rules=STRICT_RULES,
                       decided_cpu_seconds=time.thread_time() - cpu_started if decided else None,
                       decided_states=states if decided else None)
