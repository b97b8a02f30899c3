"""The hint player's compact position and its fast rollout player (plain ints and lists, no rules.Game).

A card is `suit * 16 + rank` (suit 0-3 in SUIT_CHARS order, rank 2-14), so two cards of one suit compare
by value and `card >> 4` is the suit. Piles are four lists, bottom to top. Actions are rules.Action tuples
so that the move generator can be checked against `Game.useful_actions()` one for one (tests do).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from idioten.acesup.rules import DEAL_ACTION, DISCARD, DISCARD_ACTIONS, MOVE, MOVE_ACTIONS, PILES, WIN_SCORE, Action
from idioten.cards import ACE, SUIT_CHARS, Card, splitmix64

RANK_MASK = 15
FINAL_LIMIT = 5000  # positions the rollout searches once the stock is gone (a few dozen is usual)


def encode(card: Card) -> int:
    return SUIT_CHARS.index(card.suit) * 16 + card.rank


def decode(code: int) -> Card:
    return Card(code & RANK_MASK, SUIT_CHARS[code >> 4])


def can_discard(piles: list[list[int]], pile: int) -> bool:
    cards = piles[pile]
    if not cards:
        return False
    card = cards[-1]
    if card & RANK_MASK == ACE:
        return False
    suit = card >> 4
    for other in range(PILES):
        if other != pile and piles[other]:
            top = piles[other][-1]
            if top >> 4 == suit and top > card:
                return True
    return False


def useful_actions(piles: list[list[int]], stock_left: int, aces_only: bool) -> list[Action]:
    """The useful actions in the order `Game.useful_actions()` yields them."""
    actions = [DISCARD_ACTIONS[p] for p in range(PILES) if can_discard(piles, p)]
    for pile in range(PILES):
        cards = piles[pile]
        # A lone card moved between gaps changes nothing; with the stock left it would (it then receives
        # another pile's dealt cards), but the rules call it useless and so does the hint.
        if len(cards) < 2 or (aces_only and cards[-1] & RANK_MASK != ACE):
            continue
        actions.extend(MOVE_ACTIONS[pile][target] for target in range(PILES) if not piles[target])
    if stock_left:
        actions.append(DEAL_ACTION)
    return actions


def apply(piles: list[list[int]], order: list[int], dealt: int, action: Action) -> tuple[int, int]:
    """Apply `action`; returns (cards discarded by it, cards dealt from `order` so far)."""
    if action.kind == DISCARD:
        piles[action.source].pop()
        return 1, dealt
    if action.kind == MOVE:
        piles[action.destination].append(piles[action.source].pop())
        return 0, dealt
    for pile in range(PILES):
        piles[pile].append(order[dealt + pile])
    return 0, dealt + PILES


def greedy_move(piles: list[list[int]], aces_only: bool) -> tuple[int, int] | None:
    """The rollout's move into a gap: an ace first, then a card whose removal frees a discard, then the top
    of the tallest pile (fewest cards buried by later deals). None when no move is useful."""
    gap = -1
    for pile in range(PILES):
        if not piles[pile]:
            gap = pile
            break
    if gap < 0:
        return None
    best, best_key = -1, None
    for pile in range(PILES):
        cards = piles[pile]
        if len(cards) < 2:
            continue
        card = cards[-1]
        is_ace = card & RANK_MASK == ACE
        if aces_only and not is_ace:
            continue
        under = cards[-2]
        frees = card >> 4 == under >> 4 and card > under
        if not frees:
            for other in range(PILES):
                if other != pile and piles[other]:
                    top = piles[other][-1]
                    if top >> 4 == under >> 4 and top > under:
                        frees = True
                        break
        key = (is_ace, frees, len(cards))
        if best_key is None or key > best_key:
            best, best_key = pile, key
    return None if best < 0 else (best, gap)


def rollout(piles: list[list[int]], order: list[int], dealt: int, aces_only: bool, limit: int = FINAL_LIMIT,
            turn_limit: int = 0, learned: Learned | None = None) -> int:
    """Play to the end: each turn by the simple rule (discard the lowest card at once, fill gaps, deal), or
    with `turn_limit` by `search_turn` over that many positions (ranked by `learned` if given), while cards
    are still to come; then the best line exactly once everything is on the table. Returns the cards it
    discards; `piles` is changed."""
    discarded = 0
    stock_size = len(order)
    while dealt < stock_size:
        if not turn_limit:
            discarded += greedy_turn(piles, aces_only)
        else:
            discarded += search_turn(piles, aces_only, turn_limit, learned, stock_size - dealt)
        for pile in range(PILES):
            piles[pile].append(order[dealt + pile])
        dealt += PILES
    return discarded + max(gained for _, gained, _ in turn_ends(piles, aces_only, limit))


def turn_key(gained: int, position: Position) -> tuple[int, int, int]:
    """How a searching rollout ranks the ends of a turn: the most discards, then the most aces at the
    bottom of a pile (an ace never leaves, so alone it blocks nothing), then the fewest gaps (a gap the deal
    fills wastes the chance to move a buried card)."""
    aces = sum(1 for pile in position if pile and pile[0] & RANK_MASK == ACE)
    return gained, aces, -sum(1 for pile in position if not pile)


# The learned evaluation of a turn's end (learned.py, trained by bench/learn_evaluation.py): integer weights of
# `end_features`, one row for each stage of the game (`stage`), flattened (the compiled core takes them so).
Learned = tuple[int, ...]
FEATURES = 8
STAGES = 3


def stage(unseen: int) -> int:
    """The row of weights for a turn with `unseen` cards still to come: early, middle, or the last four deals."""
    return 0 if unseen > 32 else 1 if unseen > 16 else 2


def end_features(position: Sequence[Sequence[int]]) -> list[int]:
    """What the learned evaluation sees of a turn's end (the table only, never the stock): cards on the table,
    empty piles, aces at the bottom of a pile, aces lying on other cards, cards lying above a higher card of
    their suit in their own pile (that card cannot kill them until they go), the sum of the piles' squared
    heights (tall piles bury more under later deals), the suits among the top cards, and the top cards'
    ranks summed (high tops kill what is dealt onto the others)."""
    f = [0] * FEATURES
    suits = 0
    for cards in position:
        n = len(cards)
        if not n:
            f[1] += 1
            continue
        f[0] += n
        f[5] += n * n
        if cards[0] & RANK_MASK == ACE:
            f[2] += 1
        for i in range(1, n):
            card = cards[i]
            if card & RANK_MASK == ACE:
                f[3] += 1
                continue
            for j in range(i):
                if cards[j] >> 4 == card >> 4 and cards[j] > card:
                    f[4] += 1
                    break
        suits |= 1 << (cards[-1] >> 4)
        f[7] += cards[-1] & RANK_MASK
    f[6] = bin(suits).count("1")
    return f


def learned_key(position: Sequence[Sequence[int]], learned: Learned, unseen: int) -> int:
    """The learned value of a turn's end with `unseen` cards still to come (a larger one is better)."""
    row = learned[stage(unseen) * FEATURES:][:FEATURES]
    return sum(w * x for w, x in zip(row, end_features(position)))


def search_turn(piles: list[list[int]], aces_only: bool, limit: int, learned: Learned | None = None,
                unseen: int = 0) -> int:
    """Play the line to the turn's end with the best `turn_key`, or with `learned` the best `learned_key`
    for `unseen` cards to come (the first found among equals), searching `limit` positions; returns the
    cards it discards. `piles` is changed."""
    ends = turn_ends(piles, aces_only, limit)
    if learned is None:
        _, gained, position = max(ends, key=lambda end: turn_key(end[1], end[2]))
    else:
        _, gained, position = max(ends, key=lambda end: learned_key(end[2], learned, unseen))
    piles[:] = [list(pile) for pile in position]
    return gained


def greedy_turn(piles: list[list[int]], aces_only: bool) -> int:
    """The simple rule's play up to the next deal; returns the cards discarded. `piles` is changed."""
    discarded = 0
    while True:
        while True:  # discard while anything can go, the lowest rank first
            best, best_rank = -1, 99
            for pile in range(PILES):
                cards = piles[pile]
                if not cards:
                    continue
                card = cards[-1]
                rank = card & RANK_MASK
                if rank >= best_rank or rank == ACE:
                    continue
                suit = card >> 4
                for other in range(PILES):
                    if other != pile and piles[other]:
                        top = piles[other][-1]
                        if top >> 4 == suit and top > card:
                            best, best_rank = pile, rank
                            break
            if best < 0:
                break
            piles[best].pop()
            discarded += 1
        move = greedy_move(piles, aces_only)
        if move is None:
            return discarded
        piles[move[1]].append(piles[move[0]].pop())


def rollout_choice(piles: list[list[int]], stock_left: int, aces_only: bool) -> Action | None:
    """The action the rollout player would take here (the hint's answer when there is no time to think)."""
    discards = [p for p in range(PILES) if can_discard(piles, p)]
    if discards:
        return DISCARD_ACTIONS[min(discards, key=lambda p: piles[p][-1] & RANK_MASK)]
    move = greedy_move(piles, aces_only)
    if move is not None:
        return Action.move(*move)
    return DEAL_ACTION if stock_left else None


Position = tuple[tuple[int, ...], ...]


def canonical(piles: Sequence[Sequence[int]]) -> Position:
    """Positions that differ only in the order of the piles are worth the same to a player who cannot see
    the stock: every pile is equally likely to receive any unseen card."""
    return tuple(sorted(tuple(pile) for pile in piles))


def turn_ends(piles: list[list[int]], aces_only: bool, limit: int) -> list[tuple[Action | None, int, Position]]:
    """Every position reachable before the next deal (nothing hidden changes until then), one per
    canonical form: (first action of a line that reaches it, or None for the position itself; cards that
    line discards; the position). Stops after `limit` positions."""
    root = tuple(tuple(pile) for pile in piles)
    seen = {canonical(root)}
    ends: list[tuple[Action | None, int, Position]] = [(None, 0, root)]
    stack: list[tuple[Position, Action | None, int]] = [(root, None, 0)]
    while stack:
        position, first, gained = stack.pop()
        table = [list(pile) for pile in position]
        for action in useful_actions(table, 0, aces_only):
            after = [list(pile) for pile in position]
            discarded, _ = apply(after, [], 0, action)
            key = canonical(after)
            if key in seen:
                continue
            seen.add(key)
            frozen = tuple(tuple(pile) for pile in after)
            entry = (first or action, gained + discarded, frozen)
            ends.append(entry)
            if len(ends) >= limit:
                return ends
            stack.append((frozen, first or action, gained + discarded))
    return ends


# Stock orders for the sampling. Both cores draw them the same way, so they give the same answers:
# splitmix64 (a small, well-mixed generator with a 64-bit state) and a Fisher-Yates shuffle of the sorted
# unseen cards, one whole shuffle per sample.


def shuffled(unseen: bytes | list[int], state: int) -> tuple[list[int], int]:
    """A stock order drawn from `state`: (the order, the next state)."""
    order = list(unseen)
    for i in range(len(order) - 1, 0, -1):
        state, draw = splitmix64(state)
        j = draw % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order, state


@dataclass(frozen=True)
class Nested:
    """How a nested rollout chooses its turns: `samples` orders of the cards still to come weighed at each
    turn, over the `width` turn ends with the best `turn_key`, at the turns with at most `last` cards still
    to come (0: every turn; the others are played by `search_turn`)."""
    samples: int
    width: int
    last: int = 0


# The inner orders' stream: each sample's state after its shuffle, xor this (the same in rollout.c).
NESTED_SALT = 0xD1B54A32D192ED03
MAX_WIDTH = 16


def nested_rollout(piles: list[list[int]], order: list[int] | bytes, dealt: int, aces_only: bool, limit: int,
                   turn_limit: int, nested: Nested, base: int, win_bonus: int, state: int) -> int:
    """`rollout`, with its turns chosen by a rollout player (iterated rollouts): at each turn with a
    choice and at most `nested.last` cards still to come (every turn if it is 0), the `nested.width` turn
    ends with the best `turn_key` (the first found among equals) are each dealt `nested.samples` orders of
    the cards still to come (shuffles of them in sorted order, drawn from `state`: the nested player never
    sees the order it is dealt) and played out by the searching rollout; the end with the best sum, scored
    as the hint scores a rollout from `base` discards, is played (the first of the ranking among equals).
    The other turns are played by `search_turn`. Returns the cards discarded; `piles` is changed. The
    compiled `_crollout.nested_rollout` gives the same numbers."""
    discarded = 0
    size = len(order)
    while dealt < size:
        if nested.last and size - dealt > nested.last:
            discarded += search_turn(piles, aces_only, turn_limit)
        else:
            ends = turn_ends(piles, aces_only, turn_limit)
            ranked = sorted(range(len(ends)), key=lambda i: (tuple(-k for k in turn_key(ends[i][1], ends[i][2])), i))
            ranked = ranked[:nested.width]
            best = 0
            if len(ranked) > 1:
                unseen = sorted(order[dealt:])
                totals = [0] * len(ranked)
                for _ in range(nested.samples):
                    inner, state = shuffled(unseen, state)
                    for slot, index in enumerate(ranked):
                        table = [list(pile) for pile in ends[index][2]]
                        _, inner_dealt = apply(table, inner, 0, DEAL_ACTION)
                        score = (base + discarded + ends[index][1]
                                 + rollout(table, inner, inner_dealt, aces_only, limit, turn_limit))
                        totals[slot] += score + (win_bonus if score == WIN_SCORE else 0)
                best = max(range(len(ranked)), key=lambda slot: (totals[slot], -slot))
            _, gained, position = ends[ranked[best]]
            piles[:] = [list(pile) for pile in position]
            discarded += gained
        for pile in range(PILES):
            piles[pile].append(order[dealt + pile])
        dealt += PILES
    return discarded + max(gained for _, gained, _ in turn_ends(piles, aces_only, limit))


def sample_totals(ends: list[Position], bases: list[int], unseen: bytes, state: int, count: int,
                  aces_only: bool, win_bonus: int, limit: int = FINAL_LIMIT,
                  turn_limit: int = 0, nested: Nested | None = None,
                  learned: Learned | None = None) -> tuple[list[int], int]:
    """`count` stock orders drawn from `state`, each dealt onto every end position and played out by the
    rollout (its turns ranked by `learned` if given; by `nested_rollout` with `nested`, every end's from the
    same inner state): per end, the sum
    over the orders of (its base + the rollout's discards, plus `win_bonus` for a win). Returns (the sums,
    the next state). The compiled `_crollout.sample` gives the same numbers."""
    totals = [0] * len(ends)
    for _ in range(count):
        order, state = shuffled(unseen, state)
        for index, position in enumerate(ends):
            piles = [list(pile) for pile in position]
            _, dealt = apply(piles, order, 0, DEAL_ACTION)
            if nested is None:
                gained = rollout(piles, order, dealt, aces_only, limit, turn_limit, learned)
            else:
                gained = nested_rollout(piles, order, dealt, aces_only, limit, turn_limit, nested, bases[index],
                                        win_bonus, state ^ NESTED_SALT)
            score = bases[index] + gained
            totals[index] += score + (win_bonus if score == WIN_SCORE else 0)
    return totals, state
