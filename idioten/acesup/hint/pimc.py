"""Perfect-information sampling for the hint player (issue 13): each sampled stock order is also handed to
a player who sees it, and a candidate that such a player can win from more often counts for more.

For every sample the candidates' turn ends get the same order twice over: the rollout player plays it out
in `hint.plan` (its score is the graded part of the value and the tie-break), and the compiled solver's
first look (`solver.first_look`: discard every card as soon as it may go, search gap fills and deals, knowing
the order) says whether that order can be won from the candidate. A candidate's value is the sum over the
samples of the rollout's value plus `WIN_WEIGHT` for every order the first look wins.

Why the first look and not the exact solver: on positions of deals 1-30 the first look with 512 positions
costs about 0.16 ms a sample (about five rollouts) and finds about half the wins a 20 ms exact solve finds
with 44 cards unseen, all of them with 20 or fewer; the exact solve costs 2-8 ms, a few dozen samples a
decision at 0.05 s. The look is capped by positions (`solver.first_look`: 511, then a glance of 255 at the
exact search), not by a clock, so an answer depends only on the position and the order (the no-peeking test
needs that).

The player still never sees the real stock: the orders are shuffles of the view's unseen cards.
"""

from __future__ import annotations

from idioten.acesup.hint import core as hint_core

WIN_WEIGHT = 48  # a sampled order the sighted first look wins counts as this many cards of rollout value
FIRST_CUT = 4  # samples before the weaker half of the candidates is first dropped (hint.FIRST_CUT is 8)

# Card codes: the hint's suit * 16 + rank to the solver's suit * 13 + rank - 2 (same suit order).
_TO_INDEX = bytes((code >> 4) * 13 + (code & 15) - 2 if 2 <= code & 15 <= 14 and code >> 4 < 4 else 0
                  for code in range(256))
_ALL = (1 << 52) - 1


from idioten.acesup import solver  # noqa: E402

# Without the compiled solver (not built, or IDIOTEN_PURE_PYTHON=1) the hint uses the rollouts alone: the
# Python first look is some hundred times slower, too slow for samples.
AVAILABLE = solver.CORE == "compiled"


def _mask(indices: bytes) -> int:
    bits = 0
    for index in indices:
        bits |= 1 << index
    return bits


def sighted_win(position: hint_core.Position, order: list[int] | bytes, aces_only: bool) -> bool:
    """Whether the first look, seeing `order` (hint card codes, the next card first), finds a win after
    the deal onto the turn's end `position`."""
    piles = tuple(bytes(pile).translate(_TO_INDEX) + bytes((order[i],)).translate(_TO_INDEX)
                  for i, pile in enumerate(position))
    stock = bytes(order[4:]).translate(_TO_INDEX)
    gone = _ALL & ~(_mask(b"".join(piles)) | _mask(stock))
    return solver.first_look(piles, stock, gone, aces_only)[0]


def sighted_values(positions: list[hint_core.Position], unseen: bytes, state: int, count: int,
                   aces_only: bool) -> tuple[list[int], int]:
    """`WIN_WEIGHT` for each of the `count` orders drawn from `state` (as the rollouts draw them) that the
    first look, seeing the order, wins from a turn's end, summed per position; and the state after the draws."""
    values = [0] * len(positions)
    for _ in range(count):
        order, state = hint_core.shuffled(unseen, state)
        for index, position in enumerate(positions):
            if sighted_win(position, order, aces_only):
                values[index] += WIN_WEIGHT
    return values, state
