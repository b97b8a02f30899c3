"""The hint player's play-outs: finish the game from each candidate many times. No pygame here.

One *sample* draws an order of the unseen cards from a 64-bit state (splitmix64 and a forward
Fisher-Yates shuffle of the cards sorted by index, so the order the caller lists them in never matters: no
peeking) and plays the rest of the game from every start board on that same order with the value policy
(the cell whose lines gain most; a tie goes to the highest cell). `sample_sums` returns, per start, the sum
of the final scores over `count` samples, and the next state.

Two cores give the same numbers: this module (the executable specification and the fallback) and
`_cplayout` (C, csrc/playout.c, built by setup.py when a compiler is there), some hundred times faster.
`CORE` says which one runs; `IDIOTEN_PURE_PYTHON=1` forces this one, as for the Aces Up cores. The C core
knows no joker: a game with the joker still to come or on the grid plays out here.
"""

from __future__ import annotations

from array import array
from typing import Sequence

from idioten import cores
from idioten.cards import Card, splitmix64
from idioten.poker.board import Board
from idioten.poker.gains import placement_gains
from idioten.poker.hands import is_joker
from idioten.poker.values import PATTERNS

# Loaded by name: the extension is this module's own half, built beside the package (see setup.py).
COMPILED_CORE = cores.load("idioten.poker._cplayout")
_cplayout = COMPILED_CORE.module
COMPILED_BUILT = COMPILED_CORE.built
CORE = COMPILED_CORE.name


def draw_order(cards: Sequence[Card], take: int, state: int) -> tuple[list[Card], int]:
    """The first `take` cards of a uniformly shuffled copy of `cards` (only `take` draws are needed), and
    the next state."""
    order = list(cards)
    n = len(order)
    for i in range(min(take, n - 1)):
        state, draw = splitmix64(state)
        j = i + draw % (n - i)
        order[i], order[j] = order[j], order[i]
    return order[:take], state


def play_out(start: Board, sequence: Sequence[Card], values: Sequence[float]) -> int:
    """The final score of `start` played to the end on `sequence` by the value policy."""
    board = start.copy()
    for card in sequence:
        board.see(card)
        board.put(max(placement_gains(board, card, values))[1], card)
    return board.total()


def python_sums(starts: Sequence[Board], future: Sequence[Card], state: int, count: int,
                values: Sequence[float]) -> tuple[list[int], int]:
    future = sorted(future, key=lambda c: c.index)
    take = len(starts[0].empty)
    sums = [0] * len(starts)
    for _ in range(count):
        sequence, state = draw_order(future, take, state)
        for index, start in enumerate(starts):
            sums[index] += play_out(start, sequence, values)
    return sums, state


_PATTERN_TABLE = None


def pattern_table() -> bytes:
    """Pattern index by the rank counts of a line, largest first, as base-8 digits (for the C core)."""
    global _PATTERN_TABLE
    if _PATTERN_TABLE is None:
        table = bytearray([255]) * 8 ** 5
        for index, pattern in enumerate(PATTERNS):
            code = 0
            for count in pattern:
                code = code * 8 + count
            table[code] = index
        _PATTERN_TABLE = bytes(table)
    return _PATTERN_TABLE


_VALUE_BYTES: dict[int, tuple[object, bytes]] = {}


def _value_bytes(values: Sequence[float]) -> bytes:
    found = _VALUE_BYTES.get(id(values))
    if found is None or found[0] is not values:
        found = (values, array("d", values).tobytes())
        _VALUE_BYTES[id(values)] = found
    return found[1]


def compiled_fits(starts: Sequence[Board], future: Sequence[Card]) -> bool:
    return not any(any(start.joker_line) for start in starts) and not any(is_joker(card) for card in future)


def compiled_sums(starts: Sequence[Board], future: Sequence[Card], state: int, count: int,
                  values: Sequence[float]) -> tuple[list[int], int]:
    from idioten.poker.hands import code_of
    if _cplayout is None:
        raise RuntimeError("the compiled play-out core is not built (compiled_sums needs CORE == 'compiled')")
    first = starts[0]
    codes = [code_of(card) for card in sorted(future, key=lambda c: c.index)]
    sums: tuple[list[int], int] = _cplayout.sample(
        [tuple(start.keys) for start in starts], [bytes(start.empty) for start in starts], codes,
        tuple(first.unseen_suits), len(first.lines), _value_bytes(values), tuple(first.points), pattern_table(),
        state, count)
    return sums


def sample_sums(starts: Sequence[Board], future: Sequence[Card], state: int, count: int, values: Sequence[float],
                core: str | None = None) -> tuple[list[int], int]:
    """Per start, the sum of `count` play-outs' final scores, and the next state (see the module's text).
    Every start has the same empty cells' count and the same unseen cards (`future`, in any order)."""
    if (core or CORE) == "compiled" and compiled_fits(starts, future):
        return compiled_sums(starts, future, state, count, values)
    return python_sums(starts, future, state, count, values)
