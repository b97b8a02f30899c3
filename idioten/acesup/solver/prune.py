"""The proved prunings beyond the settle loop's own, in Python: the executable specification of csrc/prune.c.

Each rule is a bit of `prunings`, with the values of the compiled core's PRUNE_* bits; the proofs are in
csrc/prune.c, next to the code that runs in the compiled core, and each function here decides exactly what its
C twin decides (tests/acesup/test_solver_prune.py asks both about many positions):

- SAFE_REMOVAL (Rule 4F): a non-ace that is flagged anywhere, or an unflagged top with a higher free top of
  its suit, is taken away at once when every unflagged lower card of its suit in play is still beaten later on:
  by a free top of the suit now (for a table card) and by a card of the suit in every round to come from the
  card's own on. `removable`. Without it the search takes away only a *useless* top (search.py).
- SAME_COLUMN (Rule 4F-A, aces-only): a lower card whose higher cards in question all lie in its own column
  (its pile, or the pile the deals put it on) needs no such condition: no card of its column can ever be a top
  beside it.
- DEAD_ROUNDS: rounds whose four cards are of four suits are left out of the "every round to come" condition:
  nothing but the next deal can happen after such a round is dealt. `dead_round`, `Deal.round_floor`.
- LOCK (Lemma L, verdict only): with no pile empty and a card on every pile that can never leave, a non-ace
  that can never be discarded means the position cannot be won. `locked_lost`.

Positions are search.py's: `piles` four `bytes` (bottom to top), `k` stock cards dealt, `gone` and `flags` bit
masks. `Deal` holds what the rules need to know of the stock, built once a search from its first position.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

SAFE_REMOVAL, SAME_COLUMN, DEAD_ROUNDS, LOCK = 1, 2, 4, 8
EXACT = SAFE_REMOVAL | SAME_COLUMN | DEAD_ROUNDS  # they keep the verdict and the best score
VERDICT_ONLY = LOCK  # it keeps only the verdict (a position that cannot be won is cut)
ALL = EXACT | VERDICT_ONLY

ACE_RANK = 12
BIT = [1 << c for c in range(52)]
# Cards of the same suit above / below each card (nothing is above an ace, nothing below a two).
HIGHER = [sum(1 << (c - c % 13 + r) for r in range(c % 13 + 1, 13)) for c in range(52)]
LOWER = [sum(1 << (c - c % 13 + r) for r in range(c % 13)) for c in range(52)]
SUIT = [((1 << 13) - 1) << (13 * suit) for suit in range(4)]
ALL_CARDS = (1 << 52) - 1
ACES = sum(1 << (13 * suit + ACE_RANK) for suit in range(4))
NON_ACES = ALL_CARDS & ~ACES
ROUNDS = 12


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a bit mask, highest first."""
    while mask:
        card = mask.bit_length() - 1
        yield card
        mask &= ~BIT[card]


def dead_round(stock: bytes, a: int) -> bool:
    """Round a (counted from the first card of the stock): four cards of four different suits."""
    return len({stock[4 * a + j] // 13 for j in range(4)}) == 4


class Deal:
    """What the prunings know of a deal, from the search's first position (csrc/prune.c's prune_init)."""

    def __init__(self, piles: Sequence[bytes], stock: bytes, aces_only: bool, prunings: int = ALL):
        self.aces_only = aces_only
        self.prunings = prunings
        rounds = len(stock) // 4
        skip_dead = bool(prunings & DEAD_ROUNDS)
        # round_floor[s][a]: the lowest, over the rounds a, a+1, ... to the last (dead ones left out with
        # DEAD_ROUNDS), of the highest rank of suit s in that round (-1 when some round has none; 13 past the
        # last). A card of suit s and rank r has a higher card of its suit in every such round exactly when
        # round_floor[s][a] > r.
        self.round_floor = [[13] * (ROUNDS + 1) for _ in range(4)]
        for suit in range(4):
            floor = 13
            for a in range(ROUNDS - 1, -1, -1):
                if a < rounds and not (skip_dead and dead_round(stock, a)):
                    ranks = [card % 13 for card in stock[4 * a:4 * a + 4] if card // 13 == suit]
                    floor = min(floor, max(ranks, default=-1))
                self.round_floor[suit][a] = floor
        # stock_cols[a][j]: the stock cards from round a on that the deals put on pile j (a bit mask)
        self.stock_cols = [[0] * 4 for _ in range(ROUNDS + 1)]
        for a in range(ROUNDS - 1, -1, -1):
            for j in range(4):
                at = 4 * a + j
                self.stock_cols[a][j] = self.stock_cols[a + 1][j] | (BIT[stock[at]] if at < len(stock) else 0)
        self.stock_at = [-1] * 52
        self.home = [-1] * 52  # the column: the pile a card starts on or is dealt to
        for at, card in enumerate(stock):
            self.stock_at[card] = at
            self.home[card] = at % 4
        for i, pile in enumerate(piles):
            for card in pile:
                self.home[card] = i

    def removable(self, card: int, k: int, gone: int, flags: int, free_tops: int) -> bool:
        """Rule 4F's condition (with 4F-A and the dead rounds as `prunings` says) for `card`: every unflagged
        lower card of its suit in play is beaten later on. The caller checks that `card` is a non-ace that is
        flagged or a top with a higher free top; `free_tops` are the unflagged top cards."""
        lower = LOWER[card] & ~gone & ~flags
        if not lower:
            return True
        suit = card // 13
        others = SUIT[suit] & free_tops & ~BIT[card]
        best_free = others.bit_length() - 1  # -1 when there is none
        floor = self.round_floor[suit]
        same_column = self.aces_only and self.prunings & SAME_COLUMN
        for low in cards_of(lower):
            at = self.stock_at[low]
            if at < k:  # on the table: it was never in the stock, or has been dealt
                met = best_free > low and floor[k // 4] > low % 13
            else:
                met = floor[at // 4] > low % 13
            if not met and not (same_column and self._same_column_exempt(card, low, flags)):
                return False
        return True

    def _same_column_exempt(self, card: int, low: int, flags: int) -> bool:
        """Rule 4F-A: every card that could discard `low` in place of the ones taken away (`card`, and the
        flagged cards of the suit between them) lies in `low`'s column."""
        column = self.home[low]
        if column < 0 or self.home[card] != column:
            return False
        return all(self.home[between] == column for between in cards_of(flags & HIGHER[low] & LOWER[card]))

    def settle_removes(self, card: int, k: int, gone: int, flags: int, free_tops: int) -> bool:
        """Whether the settle loop takes `card` away at once: Rule 4F when SAFE_REMOVAL is on, else only a
        useless card (every lower card of its suit in play is flagged or gone; search.py)."""
        if self.prunings & SAFE_REMOVAL:
            return self.removable(card, k, gone, flags, free_tops)
        return not LOWER[card] & ~gone & ~flags

    def locked_lost(self, piles: Sequence[bytes], k: int, gone: int, flags: int) -> bool:
        """The move-free lock (Lemma L, csrc/prune.c): no pile is empty, every pile holds a PERM card (an ace,
        or a STUCK table card: every higher card of its suit in play lies in its column or is BURIED, under a
        PERM card), and some unflagged non-ace is STUCK or BURIED. Then the position cannot be won."""
        return locked_lost(piles, self.stock_cols[k // 4], gone, flags)


def locked_lost(piles: Sequence[bytes], stock_cols: Sequence[int], gone: int, flags: int) -> bool:
    """Lemma L for the piles and `stock_cols`, the stock cards still to come by the pile they land on."""
    if not (piles[0] and piles[1] and piles[2] and piles[3]):
        return False
    alive = ALL_CARDS & ~gone
    column = [0] * 4
    where = {}
    buried = 0
    for i, pile in enumerate(piles):
        mask = 0
        for depth, card in enumerate(pile):
            if card % 13 == ACE_RANK:
                buried |= mask
            mask |= BIT[card]
            where[card] = (i, depth)
        column[i] = mask | stock_cols[i]
    stuck = 0
    changed = True
    while changed:
        changed = False
        for card, (i, depth) in where.items():
            if card % 13 == ACE_RANK or (stuck | flags) & BIT[card] \
                    or HIGHER[card] & alive & ~column[i] & ~buried:
                continue
            stuck |= BIT[card]
            changed = True
            for under in piles[i][:depth]:
                buried |= BIT[under]
    perm = stuck | ACES
    if not all(column[i] & ~stock_cols[i] & perm for i in range(4)):
        return False
    if stuck | (buried & ~flags & NON_ACES):
        return True
    return any(stock_cols[i] & BIT[card] and card % 13 != ACE_RANK and not HIGHER[card] & alive & ~column[i] & ~buried
               for i in range(4) for card in range(52))
