"""The last few cards played exactly: the expected final score of a position when every card still to be
placed is put where it maximises that expectation. No pygame here.

With k cells left and n cards unseen the expectation runs over n (n-1) ... (n-k+1) orders and (k-1)!
choices each: a few thousand positions at k = 3, about half a million at k = 4 (a few CPU milliseconds
compiled), tens of millions at k = 5. Near the end the play-outs compare cells by how the value player
would finish the game; this compares them by how the best player could (the orders stay unknown: no
peeking, only the set of unseen cards is used).

This module is the executable specification and the fallback; `_cplayout.exact` (csrc/playout.c) gives the
same numbers, added in the same order. Neither knows the joker: the player plays out those games instead.
"""

from __future__ import annotations

from typing import Sequence

from idioten.cards import Card
from idioten.poker.board import Board
from idioten.poker.hands import classify_sum, code_of, is_joker
from idioten.poker.playout import CORE, _cplayout

# Exact below this many empty cells before the card is placed: compiled, 4 (about 10-40 CPU ms for the
# whole choice); in Python, 3 (about the same time, some hundred times fewer positions).
EXACT_CELLS = {"compiled": 4, "python": 3}


def fits(board: Board, future: Sequence[Card]) -> bool:
    return not any(board.joker_line) and not any(is_joker(card) for card in future)


def _expect(keys: list[int], empty: list[int], codes: list[int], used: int, cell_lines, points) -> float:
    if len(empty) == 1:  # every other line is full: only the lines through the last cell change
        through = cell_lines[empty[0]]
        fixed = sum(points[classify_sum(key)] for line, key in enumerate(keys) if line not in through)
        total, dealt = 0, 0
        for index, code in enumerate(codes):
            if not used >> index & 1:
                total += fixed
                for line in through:
                    total += points[classify_sum(keys[line] + code)]
                dealt += 1
        return total / dealt
    total, dealt = 0.0, 0
    for index, code in enumerate(codes):
        if used >> index & 1:
            continue
        best = None
        for at, cell in enumerate(empty):
            for line in cell_lines[cell]:
                keys[line] += code
            value = _expect(keys, empty[:at] + empty[at + 1:], codes, used | 1 << index, cell_lines, points)
            for line in cell_lines[cell]:
                keys[line] -= code
            if best is None or value > best:
                best = value
        total += best
        dealt += 1
    return total / dealt


def python_means(starts: Sequence[Board], future: Sequence[Card]) -> list[float]:
    codes = [code_of(card) for card in sorted(future, key=lambda c: c.index)]
    means = []
    for start in starts:
        if not start.empty:
            means.append(float(start.total()))
        else:
            means.append(_expect(list(start.keys), list(start.empty), codes, 0, start.cell_lines, start.points))
    return means


def exact_means(starts: Sequence[Board], future: Sequence[Card], core: str | None = None) -> list[float]:
    """Per start board, the expected final score under best play, the rest dealt at random from `future`.
    Every start has the same number of empty cells, at most as many as `future` has cards."""
    if (core or CORE) == "compiled" and hasattr(_cplayout, "exact"):  # a stale build has no `exact`
        codes = [code_of(card) for card in sorted(future, key=lambda c: c.index)]
        return _cplayout.exact([tuple(start.keys) for start in starts], [bytes(start.empty) for start in starts],
                               codes, len(starts[0].lines), tuple(starts[0].points))
    return python_means(starts, future)
