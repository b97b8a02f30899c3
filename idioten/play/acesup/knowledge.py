"""What is known about Aces Up positions from the solver's answers, per position (`Game.to_text()`), so that
one search serves every question about that position (no pygame here; the window's assistant keeps one).

Two facts carry an answer forward without searching again: after the first action of a known winning line,
the rest of the line wins from the new position; after any action from a position that cannot be won, the
new one cannot be won either (it reaches fewer positions).

The solver's answers are strings of its contract (docs/design.md); the solver itself is imported only when
first asked, so that it stays off the window's start-up path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from idioten.acesup.rules import WIN_SCORE, Action, Game

# The verdicts are re-exported: the window names them here.
from idioten.acesup.verdict import ERROR as ERROR
from idioten.acesup.verdict import UNKNOWN as UNKNOWN
from idioten.acesup.verdict import UNWINNABLE as UNWINNABLE
from idioten.acesup.verdict import WINNABLE as WINNABLE
from idioten.acesup.verdict import Verdict
from idioten.errors import IllegalAction

if TYPE_CHECKING:
    from idioten.acesup.solver import SolveResult

KNOWN_LIMIT = 4000  # positions remembered (a few hundred bytes each)


@dataclass(frozen=True)
class Knowledge:
    result: Verdict
    # A winning line from the position, when WINNABLE; when UNWINNABLE, a line to its best score if one was
    # asked for (the lesson's way back, lesson.py).
    line: tuple[Action, ...] | None = None
    best: int | None = None  # the best possible score (or, when not best_exact, the best found)
    error: str = ""
    # False when the deal was proved lost but its best score was still being measured as the search's time
    # ran out: `best` is then a lower bound (solver.SolveResult.best_score_exact).
    best_exact: bool = True


def knowledge_of(result: SolveResult) -> Knowledge:
    """A solver.SolveResult as the window keeps it."""
    if result.result == WINNABLE:
        return Knowledge(WINNABLE, tuple(result.moves or ()), result.best_score)
    if result.result == UNWINNABLE:
        return Knowledge(UNWINNABLE, None, result.best_score, best_exact=result.best_score_exact)
    return Knowledge(UNKNOWN)



class Known:
    """The answers kept, by position: `known[text]`, `text in known`, `known.get(text)`."""

    def __init__(self, limit: int = KNOWN_LIMIT):
        self.limit = limit
        self._by_position: dict[str, Knowledge] = {}

    def __contains__(self, text: str) -> bool:
        return text in self._by_position

    def __getitem__(self, text: str) -> Knowledge:
        return self._by_position[text]

    def __len__(self) -> int:
        return len(self._by_position)

    def get(self, text: str | None) -> Knowledge | None:
        return self._by_position.get(text) if text is not None else None

    def learn(self, text: str, knowledge: Knowledge) -> None:
        if len(self._by_position) >= self.limit:
            self._by_position.clear()  # only saves work; everything can be searched again
        self._by_position[text] = knowledge

    def learn_line(self, text: str, line: Iterable[Action]) -> None:
        """A winning line from position `text`."""
        self.learn(text, Knowledge(WINNABLE, tuple(line), WIN_SCORE))

    def carry_forward(self, before: str, action: Action, after: str) -> None:
        """What is known before an action, carried to the position after it (see the module notes)."""
        known, was = self.get(before), self.get(after)
        if known is None or (was is not None and (was.line or not known.line)):
            return  # nothing to carry, or nothing the position after does not know already
        replayed = Game.from_text(before)
        try:
            replayed.apply(action)
        except IllegalAction:
            return
        if replayed.to_text() != after:
            return  # an undo or a redo: not a step forward from `before`
        if known.line and known.line[0] == action:  # a winning line, or one keeping the best score
            self.learn(after, Knowledge(known.result, known.line[1:], known.best))
        elif known.result == UNWINNABLE and was is None:
            self.learn(after, Knowledge(UNWINNABLE))

    def carry_along_history(self, game: Game) -> None:
        """What is known about the deal's start, carried along the moves already played in `game`."""
        replayed = Game.from_text(game.start_text)
        before = replayed.to_text()
        for action, _ in game.history:
            if before not in self:
                return
            replayed.apply(action)
            after = replayed.to_text()
            self.carry_forward(before, action, after)
            before = after
