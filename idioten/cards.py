"""Cards, the shared notation, and numbered deals.

Notation (see docs/design.md): a card is rank + suit, ranks 2-9, T (or 10), J, Q, K, A and suits C, D, H, S,
case-insensitive on input. A deal is 52 cards in deal order: the first four go to piles 1-4, the rest are
the stock in the order it is dealt.

Deal numbers must mean the same deal forever, on every platform and Python version, so the shuffle uses
its own generator instead of the `random` module (whose algorithms are not promised to stay the same):

* SplitMix64 (Steele, Lea & Flood 2014), state seeded with the deal number, gives 64-bit words.
* Fisher-Yates over the deck in `full_deck()` order: for i from 51 down to 1, j is drawn uniformly from
  0..i by rejection sampling (words at or above the largest multiple of i+1 below 2**64 are discarded),
  and cards i and j swap.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RED_SUITS = frozenset("DH")
ACE = 14
MIN_DEAL = 1
MAX_DEAL = 2**31 - 1

_MASK64 = (1 << 64) - 1


class CardError(ValueError):
    """Raised for text that is not a valid card, hand or deal; the message is shown to the player."""


class Card(NamedTuple):
    rank: int  # 2..14, ace high
    suit: str  # one of SUIT_CHARS

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 2] + self.suit

    # The card's place in the deck, which shadows tuple.index: nothing asks a Card for tuple.index.
    @property
    def index(self) -> int:  # type: ignore[override]
        """0..51, suit-major: the position of the card in `full_deck()`."""
        return SUIT_CHARS.index(self.suit) * 13 + self.rank - 2

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def pretty(self) -> str:
        rank = "10" if self.rank == 10 else RANK_CHARS[self.rank - 2]
        return rank + SUIT_SYMBOLS[self.suit]


def full_deck() -> list[Card]:
    return [Card(rank, suit) for suit in SUIT_CHARS for rank in range(2, 15)]


def parse_card(token: str) -> Card:
    text = token.strip().upper()
    if len(text) < 2:
        raise CardError(f"not a card: {token!r} (expected rank and suit, for example AS or 10H)")
    rank_text, suit = text[:-1], text[-1]
    if rank_text == "10":
        rank_text = "T"
    if suit not in SUIT_CHARS or len(rank_text) != 1 or rank_text not in RANK_CHARS:
        raise CardError(f"not a card: {token!r} (ranks 2-9, T or 10, J, Q, K, A; suits C, D, H, S)")
    return Card(RANK_CHARS.index(rank_text) + 2, suit)


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas; duplicates are an error."""
    cards = [parse_card(tok) for tok in text.replace(",", " ").split()]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"card {card} appears twice")
        seen.add(card)
    return cards


def parse_deal(text: str) -> list[Card]:
    """A full deal: exactly the 52 cards of a deck, each once."""
    cards = parse_cards(text)
    if len(cards) != 52:
        missing = sorted(set(full_deck()) - set(cards), key=lambda c: c.index)
        hint = f"; missing: {format_cards(missing[:8])}{' ...' if len(missing) > 8 else ''}" if missing else ""
        raise CardError(f"a deal needs 52 cards, got {len(cards)}{hint}")
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: the next state and a 64-bit word (the same on every platform, forever).

    >>> splitmix64(0)[1] == 0xE220A8397B1DCDAF
    True
    """
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def check_deal_number(number: int) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or not MIN_DEAL <= number <= MAX_DEAL:
        raise CardError(f"deal numbers run from {MIN_DEAL} to {MAX_DEAL}, not {number!r}")
    return number


def deal_cards(number: int) -> list[Card]:
    """The 52 cards of deal `number`, in deal order. Stable forever: tests pin several deals."""
    check_deal_number(number)
    deck = full_deck()
    state = number
    for i in range(51, 0, -1):
        bound = i + 1
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            state, word = splitmix64(state)
            if word < limit:
                break
        j = word % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck
