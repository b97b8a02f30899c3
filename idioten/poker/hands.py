"""Poker hands: classify five cards (or the start of a line) into a category. No pygame here.

Speed comes from one integer per card, its *code*: the rank sets one 3-bit counter among 13 (bits 0-38)
and the suit one 3-bit counter among 4 (bits 39-50). The sum of the codes of a hand therefore holds how many
cards of each rank and of each suit it has, with no carries (a counter never exceeds 5). The rank counters
alone decide every category but flush and straight flush, so one table keyed by them answers; a second
table, used only when the suit counters show a single suit, answers for flushes. Both are built once at
import from the 8,568 possible rank multisets (`rank_multisets`).

The joker (wild) is not encoded: a line holding it is evaluated for each of the 52 cards the joker could
stand for, and the best is kept (see `best_category`).
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Iterable, Iterator, NamedTuple, Sequence

from idioten.cards import SUIT_CHARS, Card, CardError, parse_card

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, \
    STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_OF_A_KIND = range(11)

# The names used in JSON output and as i18n keys ("poker.hand.<name>").
HAND_NAMES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
              "four of a kind", "straight flush", "royal flush", "five of a kind")

RANK_BITS = 3
SUIT_SHIFT = 13 * RANK_BITS
RANK_MASK = (1 << SUIT_SHIFT) - 1
LINE = 5


class Joker(Card):
    """The 53rd card of the joker variant. It is a `Card` so that grids and decks stay lists of cards."""

    __slots__ = ()

    def __str__(self) -> str:
        return "JK"

    # The joker's place after the 52 cards, shadowing tuple.index as Card.index does (idioten/cards.py).
    @property
    def index(self) -> int:  # type: ignore[override]
        return 52

    @property
    def is_red(self) -> bool:
        return False

    def pretty(self) -> str:
        return "\U0001F0CF"


JOKER = Joker(0, "*")


def is_joker(card: Card | None) -> bool:
    return card is not None and card.rank == 0


def parse_poker_card(token: str) -> Card:
    """A card in the shared notation, or the joker written JK (also JOKER or *)."""
    if token.strip().upper() in ("JK", "JOKER", "*"):
        return JOKER
    return parse_card(token)


def card_code(card: Card) -> int:
    if is_joker(card):
        raise CardError("the joker has no fixed code; evaluate its line with best_category")
    return (1 << RANK_BITS * (card.rank - 2)) | (1 << SUIT_SHIFT + RANK_BITS * SUIT_CHARS.index(card.suit))


ALL_CODES = tuple(card_code(Card(rank, suit)) for suit in SUIT_CHARS for rank in range(2, 15))
_CODE_OF_CARD = {Card(rank, suit): card_code(Card(rank, suit)) for suit in SUIT_CHARS for rank in range(2, 15)}


def code_of(card: Card) -> int:
    return _CODE_OF_CARD[card]


def rank_key(ranks: Iterable[int]) -> int:
    return sum(1 << RANK_BITS * (r - 2) for r in ranks)


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank of the straight these five different ranks make, or None. The ace is low in A-2-3-4-5
    (top 5) and high in T-J-Q-K-A; nothing wraps around the ace."""
    ordered = sorted(ranks)
    if ordered == [2, 3, 4, 5, 14]:
        return 5
    if ordered[-1] - ordered[0] == 4 and len(set(ordered)) == 5:
        return ordered[-1]
    return None


def _plain_category(ranks: Sequence[int]) -> int:
    """The hand these ranks make without looking at suits (fewer than five cards: the hand made so far)."""
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    if not counts:
        return HIGH_CARD
    if counts[0] == 5:
        return FIVE_OF_A_KIND
    if counts[0] == 4:
        return FOUR_OF_A_KIND
    if counts[0] == 3:
        return FULL_HOUSE if len(counts) > 1 and counts[1] == 2 else THREE_OF_A_KIND
    if counts[0] == 2:
        return TWO_PAIR if len(counts) > 1 and counts[1] == 2 else ONE_PAIR
    if len(ranks) == LINE and _straight_top(ranks) is not None:
        return STRAIGHT
    return HIGH_CARD


def _flush_category(ranks: Sequence[int]) -> int:
    """Five cards of one suit. Repeated ranks in one suit happen only when the joker copies a card."""
    top = _straight_top(ranks) if len(set(ranks)) == LINE else None
    if top == 14:
        return ROYAL_FLUSH
    if top is not None:
        return STRAIGHT_FLUSH
    return max(FLUSH, _plain_category(ranks))


def count_patterns(size: int, most: int = LINE) -> Iterator[tuple[int, ...]]:
    """Every way `size` cards fall into ranks: how many of each rank, most repeated first, none above `most`."""
    if size == 0:
        yield ()
        return
    for first in range(min(size, most), 0, -1):
        for rest in count_patterns(size - first, first):
            yield (first, *rest)


def rank_multisets() -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Every multiset of at most LINE ranks once, as (its counts, most repeated first; its distinct ranks, low
    to high; its rank_key). Made pattern by pattern, so nothing is counted: the tables are built at every
    start of the program, and counting the ranks of each multiset again cost a tenth of a second."""
    for size in range(LINE + 1):
        for counts in count_patterns(size):
            for spread in sorted(set(permutations(counts))):
                for ranks in combinations(range(2, 15), len(counts)):
                    yield counts, ranks, sum(count << RANK_BITS * (rank - 2) for count, rank in zip(spread, ranks))


def _build_tables() -> tuple[dict[int, int], dict[int, int]]:
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    distinct_line = (1,) * LINE
    by_counts: dict[tuple[int, ...], int] = {}
    for counts, ranks, key in rank_multisets():
        if counts == distinct_line:
            top = _straight_top(ranks)
            plain[key] = HIGH_CARD if top is None else STRAIGHT
            flush[key] = FLUSH if top is None else ROYAL_FLUSH if top == 14 else STRAIGHT_FLUSH
            continue
        category = by_counts.get(counts)
        if category is None:
            category = by_counts[counts] = _plain_category([rank for rank, count in enumerate(counts) for _ in
                                                            range(count)])
        plain[key] = category
        if sum(counts) == LINE:
            flush[key] = max(FLUSH, category)
    return plain, flush


_PLAIN, _FLUSH = _build_tables()
_FLUSH_SUIT_COUNTS = frozenset(LINE << RANK_BITS * s for s in range(4))


def classify_codes(a: int, b: int, c: int, d: int, e: int) -> int:
    """The category of five cards given by their codes. The hot path: keep it this short."""
    k = a + b + c + d + e
    if k >> SUIT_SHIFT in _FLUSH_SUIT_COUNTS:
        return _FLUSH[k & RANK_MASK]
    return _PLAIN[k & RANK_MASK]


def classify_sum(key: int) -> int:
    """The category of a line from the sum of its card codes: any number of cards, 0-5."""
    if key >> SUIT_SHIFT in _FLUSH_SUIT_COUNTS:
        return _FLUSH[key & RANK_MASK]
    return _PLAIN[key & RANK_MASK]


def classify(cards: Sequence[Card]) -> int:
    """The category of five cards, or of fewer: the hand made so far (pairs, trips, quads, full house;
    straights and flushes need all five). A joker stands for the card that makes the highest category;
    use `best_category` to choose by the points of a scoring table."""
    return best_category(cards, None)


def best_category(cards: Sequence[Card], points: Sequence[int] | None) -> int:
    """The category of a line, with a joker standing for whichever card scores most under `points`
    (ties, and `points=None`, go to the higher category)."""
    if len(cards) > LINE:
        raise CardError(f"a poker hand has at most {LINE} cards, not {len(cards)}")
    key = 0
    jokers = 0
    for card in cards:
        if is_joker(card):
            jokers += 1
        else:
            key += _CODE_OF_CARD[card]
    if not jokers:
        return classify_sum(key)
    if jokers > 1:
        raise CardError("a line holds at most one joker")
    return joker_category(key, points)


_joker_cache: dict[tuple[int, tuple[int, ...] | None], int] = {}


def joker_category(key_without_joker: int, points: Sequence[int] | None) -> int:
    """Best category of a line whose other cards sum to `key_without_joker`, the joker being wild."""
    cache_key = (key_without_joker, None if points is None else tuple(points))
    found = _joker_cache.get(cache_key)
    if found is not None:
        return found
    best = 0
    best_value: tuple[int, int] | None = None
    for code in ALL_CODES:
        category = classify_sum(key_without_joker + code)
        value = (points[category] if points is not None else 0, category)
        if best_value is None or value > best_value:
            best, best_value = category, value
    _joker_cache[cache_key] = best
    return best


class Hand(NamedTuple):
    category: int
    name: str


def hand(cards: Sequence[Card], points: Sequence[int] | None = None) -> Hand:
    category = best_category(cards, points)
    return Hand(category, HAND_NAMES[category])
