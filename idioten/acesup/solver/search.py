"""The solver's search: a compact position, its own move generator, and the proved prunings.

Position: `piles` is a tuple of four `bytes` (bottom to top, each byte a card index 0..51 as in
`Card.index`: suit-major, rank 2..A as 0..12), `k` is how many stock cards have been dealt, `gone` is a
bit mask of the discarded cards. `bytes` cache their hash, so a tuple of them is a cheap table key.

**Optional cards.** Discarding is optional, and keeping a card can win a deal, so a plain search tries both
for every discard: that doubles the work per discardable card. Instead, a card that could be discarded is
left where it is and *flagged* (`flags`): a flagged card may later be removed at any moment (a *drop*), as if
it had been discarded back when it was flagged. The search therefore never branches on "discard or keep"; it
drops a flagged card only when something needs the card under it (see `_drop_matters`).

Why a drop is a real discard moved back in time -- the *removal lemma*. Let L be a line of play and R a set
of cards on the table such that in L no card of R is ever the higher card that allows a card outside R to be
discarded. Playing L with the cards of R taken away (every action on a card of R left out) is legal: a
pile is then the same pile minus some cards, so a top card stays a top card and an empty pile stays empty;
a discard uses a higher card not in R, which is still on top; a move goes into a pile that is empty either
way (a move from a pile that lost cards may now move a lone card: legal, merely useless). So a card c is
flagged only when a higher card of its suit that is *not* flagged is on top of another pile (so the discard
of c then would have been legal, and the higher card is still there at that time, being removed only later
if at all), and c's flag is cleared whenever c is used as the higher card for a discard. Then the real line
"discard each dropped card at the moment it was last flagged, and skip its moves after that" is legal and
discards the same cards: `to_steps` builds it, and the tests replay it through `rules.Game`.

Conversely nothing is lost: any real line L is followed by the search with the same actions, except that a
card L discards while it is flagged stays (flagged) until something in L touches the card under it or needs
its pile empty -- exactly when `_drop_matters` lets the search drop it. Until then the cards L plays with are
the same: the flagged card only covers a card L does not touch (a deal onto it changes nothing either: the
dealt card lies on the flagged card instead of under nothing, and the drop happens when the dealt card has
gone). A discard in L of a card that has only flagged higher cards on top is tried explicitly, clearing the
flag of the higher card it uses.

Events (the line the search plays, before `to_steps` turns it into rules.Actions):
(DISCARD_EV, pile), (MOVE_EV, pile, target, card), (DEAL_EV,), (MARK_EV, card, pile), (DROP_EV, card).
"""

from __future__ import annotations

import time
from typing import Protocol

from idioten.acesup import rules
from idioten.acesup.solver import prune
from idioten.acesup.solver.prune import ACE_RANK, ALL_CARDS, BIT, HIGHER, LOWER, NON_ACES

DISCARD_EV, MOVE_EV, DEAL_EV, MARK_EV, DROP_EV = range(5)
CHECK_EVERY = 256  # positions between looks at the clock and the cancel flag (about a millisecond)
NO_CAP = 1 << 62  # a position cap (`Search.max_positions`) that is never reached
# Positions remembered; the table is emptied when full (it only saves work). An entry (a tuple of four bytes
# objects, its dict slot and a list of flag masks) takes about 400 bytes, so the budget in bytes that
# `solve` passes becomes a number of entries: 64 MB keeps about 160,000 (measured with /usr/bin/time -v:
# 1.5 M entries peaked at about 590 MB).
ENTRY_BYTES = 400
MAX_TABLE = 1_500_000

# The prunings beyond the settle loop's own (prune.py, the specification of csrc/prune.c), as bits.
EXACT_PRUNINGS = prune.EXACT
LOCK = prune.LOCK  # the verdict-only pruning (Search.verdict_prunings): the move-free lock
ONE = [bytes((c,)) for c in range(52)]
Piles = tuple[bytes, ...]  # a compact position's piles, card indices bottom to top


class Cancel(Protocol):
    """What a search asks whether to stop: a threading.Event, or one of solve's wrappers around one."""

    def is_set(self) -> bool: ...


Event = tuple[int, ...]  # a line's step: its kind (DISCARD_EV, ...) and its cards or piles


class SearchStopped(Exception):
    """The time limit ran out, the caller cancelled or the position cap was reached."""


def compact(game: rules.Game) -> tuple[tuple[bytes, ...], bytes, int]:
    """(piles, stock, gone) for a rules.Game."""
    piles = tuple(bytes(c.index for c in pile) for pile in game.piles)
    stock = bytes(c.index for c in game.stock)
    gone = 0
    for card in game.discards:
        gone |= BIT[card.index]
    return piles, stock, gone


def gap_moves(piles: Piles, stock_left: bool, aces_only: bool) -> list[tuple[int, int]]:
    """(pile, gap) for every move into a gap the search tries: every legal one, except a lone card moved
    from one gap to another once the stock is empty (then it changes nothing). Before that it can matter:
    the card then gets another pile's dealt cards, which can win a deal (the tests hold such a position)."""
    gaps = [j for j in range(4) if not piles[j]]
    if not gaps:
        return []
    shortest = 1 if stock_left else 2
    return [(i, j) for i, pile in enumerate(piles)
            if len(pile) >= shortest and (not aces_only or pile[-1] % 13 == ACE_RANK) for j in gaps]


def legal_actions(piles: Piles, stock_left: int, aces_only: bool) -> list[rules.Action]:
    """The actions the search considers in a compact position, as rules.Actions (tested against the
    rules: these are `Game.legal_actions()`, less the lone-card moves once the stock is empty)."""
    tops = 0
    for pile in piles:
        if pile:
            tops |= BIT[pile[-1]]
    actions = [rules.DISCARD_ACTIONS[i] for i, pile in enumerate(piles) if pile and HIGHER[pile[-1]] & tops]
    actions += [rules.MOVE_ACTIONS[i][j] for i, j in gap_moves(piles, bool(stock_left), aces_only)]
    if stock_left:
        actions.append(rules.DEAL_ACTION)
    return actions


def to_steps(events: list[Event], final_flags: int) -> list[rules.Action]:
    """The real line for a line of events: each dropped card (and each card still flagged at the end) is
    discarded where it was last flagged, and its moves after that are left out (see the module notes)."""
    last_mark: dict[int, int] = {}
    dropped_at: dict[int, int] = {}
    for n, event in enumerate(events):
        if event[0] == MARK_EV:
            last_mark[event[1]] = n
        elif event[0] == DROP_EV:
            dropped_at[event[1]] = n
    removed_from = {}  # card -> index of the event where it leaves the real line
    for card, n in dropped_at.items():
        removed_from[card] = max(m for m, e in enumerate(events[:n]) if e[0] == MARK_EV and e[1] == card)
    for card, n in last_mark.items():
        if final_flags & BIT[card] and card not in dropped_at:
            removed_from[card] = n
    steps = []
    for n, event in enumerate(events):
        kind = event[0]
        if kind == DISCARD_EV:
            steps.append(rules.Action(rules.DISCARD, event[1]))
        elif kind == MARK_EV:
            if removed_from.get(event[1]) == n:
                steps.append(rules.Action(rules.DISCARD, event[2]))
        elif kind == MOVE_EV:
            if not (event[3] in removed_from and removed_from[event[3]] < n):
                steps.append(rules.Action(rules.MOVE, event[1], event[2]))
        elif kind == DEAL_EV:
            steps.append(rules.Action(rules.DEAL))
    return steps


class Search:
    def __init__(self, piles: Piles, stock: bytes, gone: int, aces_only: bool, deadline: float | None,
                 cancel: Cancel | None, max_table: int = MAX_TABLE, max_positions: int | None = None):
        self.start = (piles, gone)
        self.stock = stock
        self.aces_only = aces_only
        self.deadline = deadline
        self.cancel = cancel
        self.report = getattr(cancel, "searched", None)  # told the positions examined at each look (solver.solve)
        self.states = 0  # positions examined (with those of the first look, when `solve` adds them)
        # The search stops (SearchStopped) rather than examine more positions than this, counting `states`.
        self.max_positions = NO_CAP if max_positions is None else max_positions
        self.best_score = gone.bit_count()
        self.seen: dict[tuple[bytes | int, ...], list[int]] = {}  # piles (before the end game, k) -> flag masks
        self.max_table = max_table
        self.win_flags = 0
        # A line reaching this score ends the search: a win, or a lower score for `solver.reaches` (then there
        # is no second pass, and best_score after a "no" is only a lower bound).
        self.target = rules.WIN_SCORE
        # First decide: a position that cannot reach a win is cut. Then, if no win exists, measure the
        # best score: a position that cannot beat the best found so far is cut (branch and bound).
        self.deciding = True
        self.decided = False
        self.decided_at: float | None = None
        self.decided_cpu: float | None = None  # time.thread_time() when the verdict was known
        self.decided_states: int | None = None
        self.cpu_started = 0.0  # time.thread_time() when the solve began (solve sets it; see decided_cpu)
        self.best_exact = False
        # The verdict-only pruning (LOCK) allowed in the first pass when it asks for a win; `verdict` says
        # whether the pass running now uses it.
        self.verdict_prunings = LOCK
        self.verdict = False
        self.verdict_cuts = 0  # positions it cut: none, and the first pass's best score is exact
        # The prunings that keep the best score (prune.py): the settle loop takes cards away by Rule 4F.
        self.prunings = EXACT_PRUNINGS
        self.deal = prune.Deal(piles, stock, aces_only, self.prunings)  # run() builds it again for its prunings

    @classmethod
    def from_game(cls, game: rules.Game, deadline: float | None = None, cancel: Cancel | None = None,
                  max_table: int = MAX_TABLE, max_positions: int | None = None) -> Search:
        piles, stock, gone = compact(game)
        return cls(piles, stock, gone, game.variant == rules.ACES_ONLY, deadline, cancel, max_table, max_positions)

    def run(self) -> list[rules.Action] | None:
        """A winning line, or None when every line has been ruled out. Raises SearchStopped.

        The first pass decides. With a win as the target it may use the verdict-only pruning (`verdict`: the
        move-free lock, proved in csrc/prune.c), which cuts positions that cannot be won but says nothing
        about the best score; so does the aces-only bound, which cuts against a win. When either cut
        something and no win exists, a second pass without them measures the best score (branch and bound in
        aces-only). If that pass is stopped, `best_score` is the best found so far and `best_exact` False."""
        piles, gone = self.start
        self.deal = prune.Deal(piles, self.stock, self.aces_only, self.prunings | self.verdict_prunings)
        self.verdict = bool(self.verdict_prunings) and self.target == rules.WIN_SCORE
        events = self._search(piles, 0, gone, 0)
        self.decided = True
        self.decided_at = time.perf_counter()
        self.decided_cpu = time.thread_time()
        self.decided_states = self.states
        if events is not None:
            self.best_exact = True
            return to_steps(events[::-1], self.win_flags)
        if self.target < rules.WIN_SCORE:
            return None
        if self.aces_only or self.verdict_cuts:
            self.deciding = False
            self.verdict = False
            self.seen.clear()
            self._search(piles, 0, gone, 0)
        self.best_exact = True
        return None

    def _check_clock(self) -> None:
        if self.report is not None:
            self.report(self.states)
        if self.cancel is not None and self.cancel.is_set():
            raise SearchStopped
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchStopped

    def _search(self, piles: Piles, k: int, gone: int, flags: int) -> list[Event] | None:
        """A winning line of events from here, reversed, or None."""
        if self.states >= self.max_positions:
            raise SearchStopped
        self.states += 1
        if not self.states % CHECK_EVERY:
            self._check_clock()
        end_game = k == len(self.stock)
        events: list[Event] = []
        # Settle the tops: flag what can be flagged, and take away at once a card that provably loses nothing
        # by going (`deal.settle_removes`): a *useless* top, every lower card of its suit still in play flagged
        # (or none), and with SAFE_REMOVAL any card Rule 4F allows (prune.py; proved in csrc/prune.c). Proof
        # for a useless card c: it is only ever needed as the higher card for a lower card of its suit, and each
        # of those is flagged, so it can be dropped instead of discarded with c's help; if it lost its flag
        # by helping an even lower card, that card was flagged too and could have been dropped instead. So
        # some best line never uses c, and by the removal lemma the position without c is as good. c must be
        # removable now: it is flagged (a drop), or a higher card that is not flagged is on top elsewhere (a
        # real discard). Tops are looked at from the lowest rank up, so a card is flagged with the help of a
        # higher top before that top is itself flagged.
        deal = self.deal
        while True:
            tops = 0
            for pile in piles:
                if pile:
                    tops |= BIT[pile[-1]]
            free = tops & ~flags
            removed = False
            marked = False
            for card, i in sorted((pile[-1], i) for i, pile in enumerate(piles) if pile):
                bit = BIT[card]
                if card % 13 == ACE_RANK or not (flags & bit or HIGHER[card] & free):
                    continue
                goes = deal.settle_removes(card, k, gone, flags, free)
                if flags & bit:
                    if not goes:
                        continue
                    events.append((DROP_EV, card))
                    flags &= ~bit
                else:
                    if not goes:
                        events.append((MARK_EV, card, i))
                        flags |= bit
                        free &= ~bit
                        marked = True
                        continue
                    events.append((DISCARD_EV, i))
                piles = piles[:i] + (piles[i][:-1],) + piles[i + 1:]
                gone |= bit
                removed = True
                break
            if not removed and self.prunings & prune.SAFE_REMOVAL:
                # Rule 4F also takes away a flagged card that lies under others, highest first (prune.c).
                for card in prune.cards_of(flags & ~tops):
                    if deal.removable(card, k, gone, flags, free):
                        events.append((DROP_EV, card))
                        piles = tuple(pile.replace(ONE[card], b"") for pile in piles)
                        flags &= ~BIT[card]
                        gone |= BIT[card]
                        removed = True
                        break
            if not removed and not marked:
                break

        score = gone.bit_count() + flags.bit_count()
        if score > self.best_score:
            self.best_score = score
        if score >= self.target:
            self.win_flags = flags
            events.reverse()
            return events
        # A position already searched with these piles and a superset of these flags had every option this
        # one has. In the end game the piles are interchangeable (nothing is dealt by pile any more), so
        # any order of the same four piles is the same position.
        seen = self.seen
        key = tuple(sorted(piles)) if end_game else piles + (k,)
        searched = seen.get(key)
        if searched is None:
            if len(seen) >= self.max_table:
                seen.clear()
            seen[key] = [flags]
        else:
            for mask in searched:
                if not flags & ~mask:
                    return None
            searched.append(flags)
        # The bound is only worth its cost in aces-only, where few cards move; in the standard game nearly
        # every position has a pile that may still empty, and the bound is then 48 (measured).
        if self.aces_only and self._upper_bound(piles, gone, flags) < (
                self.target if self.deciding else self.best_score + 1):
            return None
        if self.verdict and self.verdict_prunings & LOCK and self.deal.locked_lost(piles, k, gone, flags):
            # Counted only where the position has children (_children; no pile is empty, so no move): a pass
            # that cut nothing else measured the exact best score.
            if not end_game or any(self._drop_matters(piles, i, flags, end_game) if flags & BIT[pile[-1]]
                                   else HIGHER[pile[-1]] & tops for i, pile in enumerate(piles)):
                self.verdict_cuts += 1
            return None
        line = self._children(piles, k, gone, flags, tops, end_game)
        if line is not None:
            line.extend(reversed(events))
        return line

    def _children(self, piles: Piles, k: int, gone: int, flags: int, tops: int,
                  end_game: bool) -> list[Event] | None:
        aces_only = self.aces_only
        free = tops & ~flags
        # A discard whose only higher cards on top are flagged: done with each of them, whose flag it clears.
        for i in range(4):
            pile = piles[i]
            if pile:
                card = pile[-1]
                if not flags & BIT[card] and HIGHER[card] & tops and not HIGHER[card] & free:
                    for j in range(4):
                        if j != i and piles[j] and HIGHER[card] & flags & BIT[piles[j][-1]]:
                            line = self._search(piles[:i] + (pile[:-1],) + piles[i + 1:], k, gone | BIT[card],
                                                flags & ~BIT[piles[j][-1]])
                            if line is not None:
                                line.append((DISCARD_EV, i))
                                return line
        for i in range(4):
            pile = piles[i]
            if pile and flags & BIT[pile[-1]] and self._drop_matters(piles, i, flags, end_game):
                card = pile[-1]
                line = self._search(piles[:i] + (pile[:-1],) + piles[i + 1:], k, gone | BIT[card],
                                    flags & ~BIT[card])
                if line is not None:
                    line.append((DROP_EV, card))
                    return line
        moves = gap_moves(piles, not end_game, aces_only)
        if end_game and moves:
            # The gaps are interchangeable in the end game (see the table key): one of them is enough.
            first_gap = moves[0][1]
            moves = [(i, j) for i, j in moves if j == first_gap]
        for i, j in moves:
            pile = piles[i]
            moved = list(piles)
            moved[j] = pile[-1:]
            moved[i] = pile[:-1]
            line = self._search(tuple(moved), k, gone, flags)
            if line is not None:
                line.append((MOVE_EV, i, j, pile[-1]))
                return line
        if not end_game:
            stock = self.stock
            dealt = (piles[0] + ONE[stock[k]], piles[1] + ONE[stock[k + 1]],
                     piles[2] + ONE[stock[k + 2]], piles[3] + ONE[stock[k + 3]])
            line = self._search(dealt, k + 4, gone, flags)
            if line is not None:
                line.append((DEAL_EV,))
                return line
        return None

    def _drop_matters(self, piles: Piles, i: int, flags: int, end_game: bool) -> bool:
        """Whether dropping the flagged top of pile i can start something: true unless nothing a line could
        do next needs the card under it or the pile empty. A line may need several drops before its next
        action (the two cards of a discard may each lie under flagged cards), so "could do" counts every card
        *within reach*: a top card, and each card under an unbroken run of flagged cards above it. After the
        drop the card under it matters if it is flagged (it may be dropped in turn), if a card of its suit is
        within reach on another pile (one of the two may discard the other), or if it could move into a
        pile that is empty or all flagged; an emptied pile matters if a card within reach could move into it.
        Anything else a line does after the drop it could do with the card still there, so the drop can
        wait until something needs it (module notes)."""
        aces_only = self.aces_only
        rest = piles[i][:-1]
        reach = 0  # cards within reach on the other piles
        movers = 0  # of those, the ones that may move into a gap
        clearable = False  # another pile is empty or all flagged
        for j in range(4):
            if j == i:
                continue
            pile = piles[j]
            depth = len(pile) - 1
            while depth >= 0:
                card = pile[depth]
                reach |= BIT[card]
                if (depth >= 1 or not end_game) and (not aces_only or card % 13 == ACE_RANK):
                    movers |= BIT[card]
                if not flags & BIT[card]:
                    break
                depth -= 1
            else:
                clearable = True
        if not rest:
            return bool(movers)
        under = rest[-1]
        if flags & BIT[under] or (HIGHER[under] | LOWER[under]) & reach:
            return True
        return clearable and (len(rest) >= 2 or not end_game) and (not aces_only or under % 13 == ACE_RANK)

    def _upper_bound(self, piles: Piles, gone: int, flags: int) -> int:
        """No line from here discards more than this many cards in all.

        Proof. A non-ace x that is not flagged is *stuck* when it can never leave its pile and every higher
        card of its suit still in play lies under x in x's own pile or under a stuck card: none of them can be
        on top of another pile while x is there, so x is never discarded (nor flagged, which needs the same)
        and the cards under x never come on top again; those are lost too unless flagged (a flagged card can
        be dropped without coming on top). When can x never leave? In aces-only a non-ace leaves only by
        discard. In the standard game, when every pile holds cards and each pile's bottom card can never be
        discarded, no pile ever empties (a bottom card leaves only by discard, since a move needs an empty
        pile), so no move ever happens. The stuck cards are first found assuming no moves; if every bottom
        card is then an ace or lost, the first time a pile empties would need a bottom card discarded inside
        that move-free stretch, where it cannot be, so there is no such time and the assumption holds.
        """
        aces_only = self.aces_only
        if not aces_only and not (piles[0] and piles[1] and piles[2] and piles[3]):
            return rules.WIN_SCORE
        in_play = ALL_CARDS & ~gone
        buried = 0
        stuck = 0
        changed = True
        while changed:
            changed = False
            for pile in piles:
                below = 0
                for card in pile:
                    bit = BIT[card]
                    if not (stuck | buried | flags) & bit and card % 13 != ACE_RANK \
                            and not HIGHER[card] & in_play & ~(below | buried):
                        stuck |= bit
                        buried |= below
                        changed = True
                    below |= bit
        lost = (stuck | buried) & ~flags & NON_ACES
        if not lost:
            return rules.WIN_SCORE
        if not aces_only:
            for pile in piles:
                if pile[0] % 13 != ACE_RANK and not lost & BIT[pile[0]]:
                    return rules.WIN_SCORE
        return rules.WIN_SCORE - lost.bit_count()
