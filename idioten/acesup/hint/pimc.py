"""Perfect-information sampling for the hint player (issue 13): each sampled stock order is also handed to
a player who sees it, and a candidate that such a player can win from more often counts for more.

For every sample the candidates' turn ends get the same order twice over: the rollout player plays it out
as in `hint.plan` (its score is the graded part of the value and the tie-break), and the compiled solver's
first look (`solver.first_look`: discard every card as soon as it may go, search gap fills and deals, knowing
the order) says whether that order can be won from the candidate. A candidate's value is the sum over the
samples of the rollout's value plus `WIN_WEIGHT` for every order the first look wins.

Why the first look and not the exact solver: on positions of deals 1-30 the first look with 512 positions
costs about 0.16 ms a sample (about five rollouts) and finds about half the wins a 20 ms exact solve finds
with 44 cards unseen, all of them with 20 or fewer; the exact solve costs 2-8 ms, a few dozen samples a
decision at 0.05 s. The look is capped by positions (`solver.first_look`, 512), not by a clock, so an answer
depends only on the position and the order (the no-peeking test needs that).

The player still never sees the real stock: the orders are shuffles of the view's unseen cards.
"""

from __future__ import annotations

import threading
from typing import Callable

from idioten.acesup.hint import core as hint_core

WIN_WEIGHT = 48  # a sampled order the sighted first look wins counts as this many cards of rollout value
FIRST_CUT = 4  # samples before the weaker half of the candidates is first dropped
CHUNK_SECONDS = 0.002

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


def sighted_win(position, order: list[int] | bytes, aces_only: bool) -> bool:
    """Whether the first look, seeing `order` (hint card codes, the next card first), finds a win after
    the deal onto the turn's end `position`."""
    piles = tuple(bytes(pile).translate(_TO_INDEX) + bytes((order[i],)).translate(_TO_INDEX)
                  for i, pile in enumerate(position))
    stock = bytes(order[4:]).translate(_TO_INDEX)
    gone = _ALL & ~(_mask(b"".join(piles)) | _mask(stock))
    return solver.first_look(piles, stock, gone, aces_only)[0]


def plan(view, ends: list, rng, deadline: float, cancel: threading.Event | None, max_samples: int | None,
         clock: Callable[[], float], sample_totals) -> int | None:
    """Index of the turn's end with the best value over common sampled orders (module notes), dropping the
    weaker half of the candidates at FIRST_CUT, 2 * FIRST_CUT, ... samples; None if no sample fitted.
    `sample_totals` is the hint's rollout sampler (the compiled or the Python core)."""
    totals = [0] * len(ends)
    wins = [0] * len(ends)
    alive = list(range(len(ends)))
    bases = [view.discarded + gained for _, gained, _ in ends]
    unseen = bytes(view.unseen)
    state = rng.getrandbits(64)
    samples, next_cut = 0, FIRST_CUT
    per_sample = None
    while len(alive) > 1 and (max_samples is None or samples < max_samples):
        now = clock()
        if (cancel is not None and cancel.is_set()) or now >= deadline:
            break
        count = 1 if per_sample is None else max(1, int(min(CHUNK_SECONDS, deadline - now) / per_sample))
        count = min(count, next_cut - samples)
        if max_samples is not None:
            count = min(count, max_samples - samples)
        # The rollouts draw `count` orders from `state`; the same orders are drawn here for the sighted look.
        sums, after = sample_totals([ends[i][2] for i in alive], [bases[i] for i in alive], unseen, state, count,
                                    view.aces_only)
        for _ in range(count):
            order, state = hint_core.shuffled(unseen, state)
            for index in alive:
                if sighted_win(ends[index][2], order, view.aces_only):
                    wins[index] += 1
        assert state == after  # both cores draw the orders as hint_core.shuffled does
        spent = clock() - now
        if spent > 0:
            per_sample = spent / count
        for index, total in zip(alive, sums):
            totals[index] += total
        samples += count
        if samples == next_cut:
            survivors = max(2, len(alive) // 2)
            alive.sort(key=lambda i: (-(totals[i] + WIN_WEIGHT * wins[i]), i))
            alive = sorted(alive[:survivors])
            next_cut *= 2
    if not samples:
        return None
    return max(alive, key=lambda i: (totals[i] + WIN_WEIGHT * wins[i], -i))
