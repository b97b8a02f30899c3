"""The strict reading of the rules, used only to compare odds with published solvers (docs/rules.md, "The
strict reading, for comparing odds"), and the solver's search under it.

The strict reading allows a subset of the game's actions:
1. no lone card is moved into a gap (a pile holding exactly one card never moves its card);
2. no deal while a discard is possible, or while a gap could be filled from a pile of two or more cards (in
   aces-only: while an ace lies on top of such a pile and a gap is open).
Everything else is as in the game: discards and moves in any order between deals, the variants, the end.
The game itself (the window) keeps the free reading; what the strict reading allows is the rules layer's
to say (rules.py, `Game.verify_strict` and `Game.legal_actions(STRICT_RULES)`, which `idioten simulate
--rules strict` plays by too), and tests replay the search's lines through it.

**Why the search may discard every card at once here.** In the free reading a card that could go may be
worth keeping across a deal (a trap). Here it cannot be: let c be discardable, with a higher card of its
suit on top of another pile. Inside a window (the play between two deals) the highest top card M of a suit
never drops: a top leaves only by a discard, which needs a higher top, or a move, which keeps it a top. So
until the next deal some top above c lies on a pile other than c's, c stays discardable, and rule 2 makes
every strict line discard it before that deal (or, with the stock empty, before a win). Take any strict line
L and play instead "discard c now, then L without c's own actions". Every kill c made in L is made by M,
which is higher than c, a top, and on another pile than the victim (two tops on one pile are one card). A
pile holds c only on top (nothing covers a card inside a window), so a move L makes from c's pile after c
has left finds the same cards there, and the lone-card rule judges it alike; a gap of L is a gap here. At
the next deal c is gone in both lines, so the positions are the same and the deal is as legal. Hence
discarding c at once loses nothing, and neither does discarding to the closure (in any order: the quick
look's proof, quick.py, shows the closure is unique). With every discard forced, the only choices are which
top card fills which gap, and the deal comes exactly when no fill is left: the search is the first look
(quick.py) under rules 1 and 2, searched to the end. The same argument keeps the best score: c can still be
discarded at the end of any line that kept it.

**What of the free reading's search carries over.** A whole deal takes a few hundred positions (at most 7,129
over deals 1-100,000), so this search uses none of its prunings, and several would need new proofs:
- the flags of search.py (a discardable card kept, dropped later) exist to keep cards over a deal: not needed;
- safe and canonical removal, the same-column and dead-rounds rules (csrc/prune.c) take buried cards out of
  piles, and their proofs replay a line with fewer cards in a pile; here a pile's height decides what is
  legal (a card from a pile of two may move, a lone card may not; an open gap with a pile of two stops the
  deal), so those proofs do not carry over;
- the move-free lock (prune.c) proves that no line of the game wins; strict lines are lines of the game, so it
  would stay sound, but there is nothing left for it to cut;
- the end game's key (any order of the same four piles is one position) holds: with the stock empty the
  strict constraints treat every pile alike;
- `quick.shorten_moves`, which tidies the free reading's lines, may put in lone-card moves, so strict lines
  are returned as found (they have no wandering cards: a move never starts from a lone card).
"""

from __future__ import annotations

import time
from typing import Iterator, Sequence

from idioten.acesup import rules
from idioten.acesup.solver.search import Cancel, SearchStopped
from idioten.errors import IllegalAction

ACE_RANK = 12
CHECK_EVERY = 256  # positions between looks at the clock and the cancel flag
Piles = tuple[tuple[int, ...], ...]  # card indices, bottom to top


class StrictViolation(ValueError):
    """A line that the strict reading does not allow; `step` is the index of the first such action."""

    def __init__(self, step: int, action: rules.Action, reason: str):
        super().__init__(f"step {step + 1} ({action}): {reason}")
        self.step = step
        self.action = action


def strict_refusal(game: rules.Game, action: rules.Action) -> str | None:
    """Why the strict reading refuses `action` in `game`'s position, or None when it allows it (the rules
    layer decides: `Game.verify_strict`)."""
    try:
        game.verify_strict(action)
    except IllegalAction as refusal:
        return str(refusal)
    return None


def strict_actions(game: rules.Game) -> Iterator[rules.Action]:
    """The legal actions that the strict reading allows (`Game.legal_actions(STRICT_RULES)`)."""
    return game.legal_actions(rules.STRICT_RULES)


def strict_replay(game: rules.Game, actions: Sequence[rules.Action]) -> rules.Game:
    """A copy of `game` after `actions`, each checked against the strict reading (StrictViolation names the
    first it refuses). The game itself is not changed."""
    copy = game.copy()
    for step, action in enumerate(actions):
        reason = strict_refusal(copy, action)
        if reason is not None:
            raise StrictViolation(step, action, reason)
        copy.apply(action)
    return copy


class StrictSearch:
    """Depth-first search of a compact position (piles as tuples of card indices, bottom to top; the stock
    as card indices) under the strict reading. `run()` gives a winning line of rules.Actions or None, and
    sets `best_score` (exact when it returns; the best found so far if SearchStopped is raised)."""

    def __init__(self, piles: Sequence[Sequence[int]], stock: Sequence[int], aces_only: bool,
                 deadline: float | None = None, cancel: Cancel | None = None, max_table: int = 1_500_000):
        self.start = tuple(tuple(p) for p in piles)
        self.stock = tuple(stock)
        self.aces_only = aces_only
        self.deadline = deadline
        self.cancel = cancel
        self.max_table = max_table
        self.seen: set[tuple[Piles, int] | Piles] = set()
        self.states = 0
        self.best_score = 52 - sum(map(len, self.start)) - len(self.stock)

    @classmethod
    def from_game(cls, game: rules.Game, deadline: float | None = None, cancel: Cancel | None = None,
                  max_table: int = 1_500_000) -> StrictSearch:
        piles = [[c.index for c in pile] for pile in game.piles]
        return cls(piles, [c.index for c in game.stock], game.variant == rules.ACES_ONLY, deadline, cancel,
                   max_table)

    def run(self) -> list[rules.Action] | None:
        """A winning line, or None when no strict line wins. Raises SearchStopped (search.py's)."""
        line = self._search(self.start, 0)
        return None if line is None else line[::-1]

    def _check_clock(self) -> None:
        if (self.cancel is not None and self.cancel.is_set()) or \
                (self.deadline is not None and time.perf_counter() > self.deadline):
            raise SearchStopped

    def _search(self, piles: Piles, dealt: int) -> list[rules.Action] | None:
        """A winning line from here, reversed (last action first), or None."""
        self.states += 1
        if not self.states % CHECK_EVERY:
            self._check_clock()
        piles, discards = discard_all(piles)
        stock_left = len(self.stock) - dealt
        score = 52 - sum(map(len, piles)) - stock_left
        if score > self.best_score:
            self.best_score = score
        if score == rules.WIN_SCORE:
            return [rules.DISCARD_ACTIONS[i] for i in reversed(discards)]
        # Once the stock is empty the piles are interchangeable (nothing is dealt by pile any more, and the
        # lone-card rule is the same for every pile), so any order of the same four piles is one position.
        key = (piles, dealt) if stock_left else tuple(sorted(piles))
        if key in self.seen:
            return None
        if len(self.seen) >= self.max_table:
            self.seen.clear()
        self.seen.add(key)
        line = None
        filled = False
        for target in range(4):
            if piles[target]:
                continue
            for source in range(4):
                pile = piles[source]
                if len(pile) < 2 or (self.aces_only and pile[-1] % 13 != ACE_RANK):
                    continue
                filled = True
                moved = list(piles)
                moved[target] = pile[-1:]
                moved[source] = pile[:-1]
                line = self._search(tuple(moved), dealt)
                if line is not None:
                    line.append(rules.MOVE_ACTIONS[source][target])
                    break
            if line is not None or (filled and not stock_left):
                break  # with the stock gone, gaps are all alike: one of them is enough
        if line is None and stock_left and not filled:
            stock = self.stock
            line = self._search(tuple(piles[i] + (stock[dealt + i],) for i in range(4)), dealt + 4)
            if line is not None:
                line.append(rules.DEAL_ACTION)
        if line is not None:
            line.extend(rules.DISCARD_ACTIONS[i] for i in reversed(discards))
        return line


def discard_all(piles: Sequence[Sequence[int]]) -> tuple[Piles, list[int]]:
    """The piles after every possible discard (the closure), and the piles discarded from, in a legal order:
    each top card with a higher card of its suit on top of another pile goes, until none has one."""
    lists = [list(p) for p in piles]
    made = []
    found = True
    while found:
        found = False
        for i in range(4):
            if not lists[i]:
                continue
            card = lists[i][-1]
            suit_top = card - card % 13 + 12
            if any(j != i and lists[j] and card < lists[j][-1] <= suit_top for j in range(4)):
                lists[i].pop()
                made.append(i)
                found = True
    return tuple(tuple(p) for p in lists), made
