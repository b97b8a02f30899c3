"""Where a game went wrong: the first move of a player's line after which no win remained (knowing the stock),
or, for a deal that was never winnable, the first move after which its best possible score was out of reach.
No pygame: the window asks this off its loop, `idioten analyse` on the command line.

Why a binary search over the player's positions is valid. Let p_0 be the deal's start and p_(i+1) the
position after the player's move m_i from p_i. Every line of play from p_(i+1), prefixed with m_i, is a line
from p_i that ends in the same final position with the same discards (the score counts every card discarded
since the deal, so it is the same number either way). So the final scores reachable from p_(i+1) are a
subset of those reachable from p_i, and best(p_(i+1)) <= best(p_i): the best possible score only falls (or
stays) along any line. For a target score s, "best(p_i) >= s" is therefore true on a prefix p_0 .. p_K and
false after it, and the last true index K is found with O(log n) exact searches; moves[K] is the move that
put the target out of reach. Winnability is the case s = 48.

A probe only needs "best(p_i) >= s", not best(p_i) itself. For a win (s = 48) the search for a winning line
answers it. For a deal never winnable, proving the exact best score of a position is a full proof however
early a line reaching it turns up, so those probes ask `solver.reaches(p_i, s)` instead, which stops at the
first line reaching s: a "yes" is then usually quick, and only a "no" costs a full proof (bench/analyse.py
times both ways on the same games).

Cheaper facts are used before searching: a winning line found from p_i says p_(i+1) .. p_(i+t) are winnable
as long as the player's moves follow that line, and the caller may pass what it already knows (the window's
verdict from the deal on, and positions it proved lost, `Fact(UNWINNABLE)` with no best score: for a win
they answer "no" without a search).
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from idioten.acesup.rules import WIN_SCORE, Action, Game
from idioten.acesup.verdict import UNWINNABLE, WINNABLE, Verdict
from idioten.errors import IllegalAction

HINT_SAMPLES = 48  # stock orders the no-peek hint weighs when compared with the player's move (reproducible)
HINT_BUDGET = 20.0  # seconds; with HINT_SAMPLES fixed, the answer does not depend on the machine's speed


class Undecided(Exception):
    """A position could not be decided: the search was cancelled or ran out of its time."""


@dataclass(frozen=True)
class Fact:
    """What is known about one position: WINNABLE with a winning line, or UNWINNABLE with its best score (None
    when only the loss is known)."""
    result: Verdict
    line: tuple[Action, ...] | None = None
    best: int | None = None


@dataclass
class Analysis:
    winnable_until: int | None  # index of the first move after which no win remained; None: never winnable,
    # or the line never lost the win (then best_until is None too)
    move: Action | None  # moves[winnable_until] (or moves[best_until] for a deal never winnable)
    line: tuple[Action, ...] | None  # a winning line from the position before that move
    best_score: int  # the best score possible from the deal's start (48 when winnable)
    best_until: int | None  # the first move after which best_score was out of reach
    searches: int = 0  # exact searches it took
    hint: Action | None = field(default=None, compare=False)  # the no-peek hint's choice there, when different
    # For a deal never winnable: a line from the position before best_until to the end of the game that keeps
    # best_score (`best_line`), when it was asked for. Not part of the command line's JSON.
    best_line: tuple[Action, ...] | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, object]:
        return {"winnable_until": self.winnable_until,
                "move": None if self.move is None else str(self.move),
                "line": None if self.line is None else [str(a) for a in self.line],
                "best_score": self.best_score, "best_until": self.best_until}


class StopFlag(threading.Event):
    """A cancel flag for the solver that is also set by a deadline (wall seconds, or the calling thread's CPU
    seconds) and by an outer flag. The solver looks at it every few hundred or thousand positions
    (`solver.CANCEL_POLL_POSITIONS`), from its own thread, so `time.thread_time()` there measures the search's
    own CPU. It also keeps what the solver tells it of its progress (`searched`), for a window to show while
    it waits: `positions` and `seconds_left()`."""

    def __init__(self, outer: threading.Event | None = None, seconds: float | None = None, cpu: bool = False):
        super().__init__()
        self.outer, self.cpu = outer, cpu
        self.seconds = seconds
        self.started: float | None = None  # on the first look, in the thread that searches
        self.used = 0.0  # seconds of the budget used, as of the last look
        self.positions = 0  # examined so far, as of the last look

    def watching(self, outer: threading.Event) -> "StopFlag":
        """This flag, also set by `outer` (a worker's flag, known only once its job runs)."""
        self.outer = outer
        return self

    def clock(self) -> float:
        return time.thread_time() if self.cpu else time.monotonic()

    def searched(self, positions: int) -> None:
        self.positions = positions

    def seconds_left(self) -> float | None:
        return None if self.seconds is None else max(0.0, self.seconds - self.used)

    def is_set(self) -> bool:
        if super().is_set():
            return True
        if self.outer is not None and self.outer.is_set():
            return True
        if self.seconds is not None:
            now = self.clock()
            if self.started is None:
                self.started = now
            self.used = now - self.started
            if self.used > self.seconds:
                return True
        return False


def parse_moves(text: str) -> list[Action]:
    """`"discard 1, move 2 3, deal"` as actions; ValueError naming the first that is not a move by its place
    in the line ("move 7 of 30: 'move 5 1': there is no pile 5 (piles 1-4)")."""
    words = [part.strip() for part in text.split(",")]
    if words == [""]:
        return []
    moves = []
    for number, word in enumerate(words, 1):
        where = f"move {number} of {len(words)}"
        if not word:
            raise ValueError(f"{where} is empty (a comma too many?)")
        try:
            moves.append(Action.parse(word))
        except ValueError as err:
            raise ValueError(f"{where}: {err}") from None
    return moves


def positions_along(start: Game, moves: Sequence[Action]) -> list[Game]:
    """p_0 (the position `start` was dealt or set up in) .. p_n; ValueError naming the first move the rules
    refuse."""
    game = Game.from_text(start.start_text, start.deal_number)
    positions = [game.copy()]
    for number, action in enumerate(moves, 1):
        try:
            game.apply(action)
        except IllegalAction as refusal:
            raise ValueError(f"move {number} of {len(moves)}: '{action}' is not allowed there: {refusal}") from None
        positions.append(game.copy())
    return positions


def default_solve(game: Game, cancel: threading.Event | None, memory_bytes: int | None = None) -> Fact:
    from idioten.acesup import solver  # the compiled core when it is there (idioten.acesup.solver.CORE)

    result = solver.solve(game, None, cancel, memory_bytes=memory_bytes or solver.DEFAULT_MEMORY_BYTES)
    if result.result == WINNABLE:
        assert result.moves is not None  # a win comes with its line
        return Fact(WINNABLE, tuple(result.moves), WIN_SCORE)
    if result.result == UNWINNABLE:  # the best score is known only if its measuring pass was not stopped
        return Fact(UNWINNABLE, None, result.best_score if result.best_score_exact else None)
    raise Undecided("the search was stopped before it decided")


def default_reach(game: Game, score: int, cancel: threading.Event | None, memory_bytes: int | None = None) -> bool:
    from idioten.acesup import solver

    answer = solver.reaches(game, score, cancel, memory_bytes=memory_bytes or solver.DEFAULT_MEMORY_BYTES)
    if answer is None:
        raise Undecided("the search was stopped before it decided")
    return answer


# How analyse asks a position's fact (`default_solve`), and whether its best score is at least some score
# (`default_reach`); each stops when the flag is set.
Solve = Callable[[Game, "threading.Event | None"], Fact]
Reach = Callable[[Game, int, "threading.Event | None"], bool]


class _Oracle:
    def __init__(self, positions: list[Game], moves: list[Action], known: Mapping[str, Fact],
                 cancel: threading.Event | None, solve: Solve, reach: Reach,
                 progress: Callable[[int], None] | None):
        self.texts = [p.to_text() for p in positions]
        self.positions, self.moves = positions, moves
        self.facts: dict[int, Fact] = {}  # exact: a winning line, or the best score
        self.lost: set[int] = set()  # known not winnable, best score not known
        self.reached: dict[int, bool] = {}  # best >= the one target of reach questions
        for index, text in enumerate(self.texts):
            fact = known.get(text)
            if fact is not None and fact.best is None:
                if fact.result == UNWINNABLE:
                    self.lost.add(index)
            elif fact is not None:
                self.learn(index, fact)
        self.cancel, self.solve, self.reach, self.progress = cancel, solve, reach, progress
        self.searches = 0

    def learn(self, index: int, fact: Fact) -> None:
        self.facts.setdefault(index, fact)
        if fact.result == WINNABLE and fact.line:
            # The player's moves that follow the line keep the win (see the module notes).
            line, step = fact.line, 0
            while step < len(line) and index + step < len(self.moves) and self.moves[index + step] == line[step]:
                step += 1
                self.facts.setdefault(index + step, Fact(WINNABLE, line[step:], WIN_SCORE))

    def counted(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise Undecided("cancelled")
        self.searches += 1
        if self.progress is not None:
            self.progress(self.searches)

    def fact(self, index: int) -> Fact:
        if index not in self.facts:
            self.counted()
            found = self.solve(self.positions[index], self.cancel)
            if found.result == UNWINNABLE and found.best is None:  # lost, its best score not measured in time
                self.lost.add(index)
                return found
            self.learn(index, found)
        return self.facts[index]

    def best(self, index: int) -> int:
        best = self.fact(index).best
        if best is None:
            raise Undecided("the best score was not measured in time")
        return best

    def at_least(self, index: int, score: int) -> bool:
        """best(p_index) >= score, by the cheapest way known (module notes)."""
        known = self.facts[index].best if index in self.facts else None  # a learned fact has its best score
        if known is not None:
            return known >= score
        if score == WIN_SCORE:  # a search that keeps the winning line; a proved loss is enough for a "no"
            return index not in self.lost and self.fact(index).result == WINNABLE
        if index not in self.reached:
            self.counted()
            self.reached[index] = self.reach(self.positions[index], score, self.cancel)
        return self.reached[index]


def analyse(start: Game, moves: Sequence[Action], *, known: Mapping[str, Fact] | None = None,
            cancel: threading.Event | None = None, solve: Solve = default_solve, reach: Reach | None = None,
            progress: Callable[[int], None] | None = None) -> Analysis:
    """Where the line `moves` played from `start`'s starting position lost the win (or the best score).
    `reach(position, s, cancel)` answers "best >= s" (default: `solver.reaches`, or, when another `solve` is
    given, that solve's best score). Raises ValueError for a move the rules refuse, Undecided when `cancel`
    stops a search first."""
    if reach is None:
        reach = default_reach if solve is default_solve else _reach_by(solve)
    positions = positions_along(start, moves)
    oracle = _Oracle(positions, list(moves), dict(known or {}), cancel, solve, reach, progress)
    target = oracle.best(0)
    last = len(moves)
    until = None
    if not oracle.at_least(last, target):
        reached, lost = 0, last  # best >= target at `reached`, below it at `lost` (module notes)
        while lost - reached > 1:
            middle = (reached + lost) // 2
            if oracle.at_least(middle, target):
                reached = middle
            else:
                lost = middle
        until = reached
    winnable = target == WIN_SCORE
    return Analysis(winnable_until=until if winnable else None,
                    move=None if until is None else moves[until],
                    line=oracle.fact(until).line if winnable and until is not None else None,
                    best_score=target, best_until=until, searches=oracle.searches)


def _reach_by(solve: Solve) -> Reach:
    """`reach` answered by another `solve`'s best score."""
    def reach(game: Game, score: int, flag: threading.Event | None) -> bool:
        best = solve(game, flag).best
        if best is None:
            raise Undecided("the best score was not measured in time")
        return best >= score
    return reach


def best_line(position: Game, score: int, cancel: threading.Event | None = None,
              memory_bytes: int | None = None) -> tuple[Action, ...]:
    """A line from `position` to the end of the game that discards `score` cards in all, the best possible
    from there: the solver's first line reaching `score`, then played out by the simple discarding rule (no
    line can discard more, so the rest only ends the game). ValueError if no line reaches `score`;
    Undecided when `cancel` stopped the search first."""
    from idioten.acesup import solver
    from idioten.acesup.players import greedy

    found, line = solver.line_reaching(position, score, cancel,
                                       memory_bytes=memory_bytes or solver.DEFAULT_MEMORY_BYTES)
    if found is None:
        raise Undecided("the search was stopped before it found the line")
    if not found:
        raise ValueError(f"no line reaches {score} from this position")
    assert line is not None  # a line that reaches the score comes with it
    game = position.copy()
    for step in line:
        game.apply(step)
    whole = list(line)
    while (action := greedy(game)) is not None:
        game.apply(action)
        whole.append(action)
    return tuple(whole)


def hint_instead(position: Game, played: Action, cancel: threading.Event | None = None) -> Action | None:
    """The no-peek hint player's action at `position` when it differs from the move `played`, else None.
    Reproducible: a fixed number of sampled stock orders and a fixed seed."""
    from idioten.acesup import hint as no_peek

    if position.is_over():
        return None
    choice = no_peek.hint(position.copy(), time_budget=HINT_BUDGET, rng=random.Random(0), cancel=cancel,
                          max_samples=HINT_SAMPLES)
    return None if choice == played else choice
