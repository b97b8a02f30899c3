"""What a search says of a position: one name for it, shared by the solver (`solver.SolveResult.result`),
the analysis of a played line (`analysis.Fact`) and what the window knows of each position
(`play.acesup.knowledge.Knowledge`). A `Verdict` is a `str`, so JSON and the command line write it as they always
did ("winnable", "unwinnable", "unknown").
"""

from __future__ import annotations

import enum


class Verdict(str, enum.Enum):
    WINNABLE = "winnable"  # a line wins, and it comes with the verdict
    UNWINNABLE = "unwinnable"  # every line was ruled out
    UNKNOWN = "unknown"  # the time ran out first
    ERROR = "error"  # the search itself failed (the window says so; the solver never answers it)

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


WINNABLE, UNWINNABLE, UNKNOWN, ERROR = Verdict.WINNABLE, Verdict.UNWINNABLE, Verdict.UNKNOWN, Verdict.ERROR
