"""What the window keeps of a solver answer, per position (`Assistant.known` in ui/acesup/assist.py).

The solver's answers are strings of its contract (docs/design.md); the solver itself is imported only when
first asked, so that it stays off the window's start-up path.
"""

from __future__ import annotations

from dataclasses import dataclass

from idioten.acesup.rules import Action

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
ERROR = "error"


@dataclass(frozen=True)
class Knowledge:
    result: str  # WINNABLE, UNWINNABLE, UNKNOWN or ERROR
    # A winning line from the position, when WINNABLE; when UNWINNABLE, a line to its best score if one was
    # asked for (the lesson's way back, lesson.py).
    line: tuple[Action, ...] | None = None
    best: int | None = None  # the best possible score (or, when not best_exact, the best found)
    error: str = ""
    # False when the deal was proved lost but its best score was still being measured as the search's time
    # ran out: `best` is then a lower bound (solver.SolveResult.best_score_exact).
    best_exact: bool = True


def knowledge_of(result) -> Knowledge:
    """A solver.SolveResult as the window keeps it."""
    if result.result == WINNABLE:
        return Knowledge(WINNABLE, tuple(result.moves), result.best_score)
    if result.result == UNWINNABLE:
        return Knowledge(UNWINNABLE, None, result.best_score, best_exact=result.best_score_exact)
    return Knowledge(UNKNOWN)

