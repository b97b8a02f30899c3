"""Idioten (Aces Up): the only place that decides what is legal. No pygame here.

Piles are numbered 0-3 inside the code and 1-4 in the notation ("discard 1", "move 1 2", "deal").
Each action has `can_x()` (a bool), `verify_x()` (raises `IllegalAction` with the reason) and `x()` which
applies it and returns a small record the window animates. `undo()` and `redo()` walk the history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, NamedTuple, Sequence

from idioten.cards import ACE, Card, CardError, format_cards, parse_cards
from idioten.errors import IllegalAction

STANDARD = "standard"
ACES_ONLY = "aces-only"
VARIANTS = (STANDARD, ACES_ONLY)
PILES = 4
WIN_SCORE = 48

DISCARD, MOVE, DEAL = "discard", "move", "deal"


class Action(NamedTuple):
    kind: str
    pile: int | None = None  # source pile, 0-3
    target: int | None = None  # destination pile for a move, 0-3

    def __str__(self) -> str:
        if self.kind == DISCARD:
            return f"discard {self.pile + 1}"
        if self.kind == MOVE:
            return f"move {self.pile + 1} {self.target + 1}"
        return "deal"

    @staticmethod
    def parse(text: str) -> "Action":
        words = text.lower().split()
        try:
            if words == ["deal"]:
                return Action(DEAL)
            if len(words) == 2 and words[0] == "discard":
                return Action(DISCARD, _pile_number(words[1]))
            if len(words) == 3 and words[0] == "move":
                return Action(MOVE, _pile_number(words[1]), _pile_number(words[2]))
        except ValueError:
            pass
        raise ValueError(f"not a move: {text!r} (expected 'discard P', 'move P Q' or 'deal', piles 1-4)")


def _pile_number(word: str) -> int:
    number = int(word)
    if not 1 <= number <= PILES:
        raise ValueError(word)
    return number - 1


@dataclass(frozen=True)
class Discarded:
    pile: int
    card: Card


@dataclass(frozen=True)
class Moved:
    pile: int
    target: int
    card: Card


@dataclass(frozen=True)
class Dealt:
    cards: tuple[Card, ...]  # cards[i] went onto pile i


Record = Discarded | Moved | Dealt


class Game:
    """A position plus its history. Build with `Game.new(deal_cards)` or `Game.from_text(...)`."""

    def __init__(self, piles: Sequence[Sequence[Card]], stock: Sequence[Card], discards: Sequence[Card] = (),
                 variant: str = STANDARD, deal_number: int | None = None):
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r} (choose {' or '.join(VARIANTS)})")
        if len(piles) != PILES:
            raise ValueError("a position has exactly four piles")
        if len(stock) % PILES:
            raise ValueError("the stock is dealt four at a time, so it holds a multiple of four cards")
        self.piles: list[list[Card]] = [list(p) for p in piles]
        self.stock: list[Card] = list(stock)  # stock[0] is dealt first
        self.discards: list[Card] = list(discards)
        self.variant = variant
        self.deal_number = deal_number
        all_cards = [c for p in self.piles for c in p] + self.stock + self.discards
        if len(set(all_cards)) != len(all_cards):
            raise ValueError("a card appears twice in the position")
        self.start_text = self.to_text()
        self.history: list[tuple[Action, Record]] = []
        self.future: list[Action] = []

    @classmethod
    def new(cls, deal: Sequence[Card], variant: str = STANDARD, deal_number: int | None = None) -> "Game":
        """A game from a 52-card deal in deal order: four to the piles, the rest is the stock."""
        if len(deal) != 52 or len(set(deal)) != 52:
            raise CardError("a deal needs the 52 different cards of a deck")
        return cls([[c] for c in deal[:PILES]], deal[PILES:], (), variant, deal_number)

    # -- what is on the table ---------------------------------------------------------------------------

    def top(self, pile: int) -> Card | None:
        cards = self.piles[pile]
        return cards[-1] if cards else None

    @property
    def score(self) -> int:
        return len(self.discards)

    def is_won(self) -> bool:
        return self.score == WIN_SCORE

    def is_over(self) -> bool:
        return not self.stock and not any(True for _ in self.useful_actions())

    def card_count(self) -> int:
        return sum(len(p) for p in self.piles) + len(self.stock) + len(self.discards)

    # -- discard -----------------------------------------------------------------------------------------

    def verify_discard(self, pile: int) -> None:
        _check_pile(pile)
        card = self.top(pile)
        if card is None:
            raise IllegalAction("empty_pile", f"pile {pile + 1} is empty", pile=pile)
        if card.rank == ACE:
            raise IllegalAction("ace_never_discarded", "an ace is never discarded", card=card)
        for other in range(PILES):
            top = self.top(other)
            if other != pile and top is not None and top.suit == card.suit and top.rank > card.rank:
                return
        raise IllegalAction("no_higher_same_suit", f"no higher {card.suit} card on top of another pile",
                            card=card, suit=card.suit)

    def can_discard(self, pile: int) -> bool:
        return _allowed(self.verify_discard, pile)

    def discard(self, pile: int) -> Discarded:
        self.verify_discard(pile)
        return self._do(Action(DISCARD, pile))

    # -- move into a gap ---------------------------------------------------------------------------------

    def verify_move(self, pile: int, target: int) -> None:
        _check_pile(pile)
        _check_pile(target)
        card = self.top(pile)
        if card is None:
            raise IllegalAction("empty_pile", f"pile {pile + 1} is empty", pile=pile)
        if pile == target:
            raise IllegalAction("same_pile", "the card is already on that pile", pile=pile)
        if self.piles[target]:
            raise IllegalAction("target_not_empty", f"pile {target + 1} is not empty; cards go only into gaps",
                                pile=target)
        if self.variant == ACES_ONLY and card.rank != ACE:
            raise IllegalAction("aces_only_gap", "in this variant only an ace may move into a gap", card=card)

    def can_move(self, pile: int, target: int) -> bool:
        return _allowed(self.verify_move, pile, target)

    def move(self, pile: int, target: int) -> Moved:
        self.verify_move(pile, target)
        return self._do(Action(MOVE, pile, target))

    # -- deal --------------------------------------------------------------------------------------------

    def verify_deal(self) -> None:
        if not self.stock:
            raise IllegalAction("stock_empty", "the stock is empty")

    def can_deal(self) -> bool:
        return bool(self.stock)

    def deal(self) -> Dealt:
        self.verify_deal()
        return self._do(Action(DEAL))

    # -- all actions -------------------------------------------------------------------------------------

    def legal_actions(self) -> Iterator[Action]:
        for pile in range(PILES):
            if self.can_discard(pile):
                yield Action(DISCARD, pile)
        for pile in range(PILES):
            for target in range(PILES):
                if self.can_move(pile, target):
                    yield Action(MOVE, pile, target)
        if self.can_deal():
            yield Action(DEAL)

    def is_useful(self, action: Action) -> bool:
        """False only for moving a lone card from one gap to another. Once the stock is empty that changes
        nothing (RULES.md, "End"); while the stock lasts it changes which dealt cards land on the card, which
        the exact solver does exploit, but a player who cannot see the stock gains nothing by it on average,
        so the simple players and the hint player leave it out."""
        return not (action.kind == MOVE and len(self.piles[action.pile]) == 1)

    def useful_actions(self) -> Iterator[Action]:
        return (a for a in self.legal_actions() if self.is_useful(a))

    def verify(self, action: Action) -> None:
        if action.kind == DISCARD:
            self.verify_discard(action.pile)
        elif action.kind == MOVE:
            self.verify_move(action.pile, action.target)
        elif action.kind == DEAL:
            self.verify_deal()
        else:
            raise IllegalAction("unknown_action", f"unknown action {action.kind!r}")

    def can(self, action: Action) -> bool:
        return _allowed(self.verify, action)

    def apply(self, action: Action) -> Record:
        self.verify(action)
        return self._do(action)

    def _do(self, action: Action, keep_future: bool = False) -> Record:
        """Apply an action already verified. A new action forgets the redo list; redo itself keeps it."""
        if action.kind == DISCARD:
            card = self.piles[action.pile].pop()
            self.discards.append(card)
            record: Record = Discarded(action.pile, card)
        elif action.kind == MOVE:
            card = self.piles[action.pile].pop()
            self.piles[action.target].append(card)
            record = Moved(action.pile, action.target, card)
        else:
            dealt = tuple(self.stock[:PILES])
            del self.stock[:PILES]
            for pile, card in enumerate(dealt):
                self.piles[pile].append(card)
            record = Dealt(dealt)
        self.history.append((action, record))
        if not keep_future:
            self.future.clear()
        return record

    # -- undo, redo, restart -----------------------------------------------------------------------------

    def can_undo(self) -> bool:
        return bool(self.history)

    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> Record | None:
        """Take back the last action; returns its record (the window plays it backwards), or None."""
        if not self.history:
            return None
        action, record = self.history.pop()
        if isinstance(record, Discarded):
            self.piles[record.pile].append(self.discards.pop())
        elif isinstance(record, Moved):
            self.piles[record.pile].append(self.piles[record.target].pop())
        else:
            self.stock[:0] = [self.piles[p].pop() for p in range(len(record.cards))]
        self.future.append(action)
        return record

    def redo(self) -> Record | None:
        if not self.future:
            return None
        return self._do(self.future.pop(), keep_future=True)

    def restart(self) -> None:
        """Back to the position this game started from, with an empty history."""
        start = Game.from_text(self.start_text)
        self.piles, self.stock, self.discards = start.piles, start.stock, start.discards
        self.history.clear()
        self.future.clear()

    def copy(self) -> "Game":
        other = Game.from_text(self.to_text(), self.deal_number)
        other.start_text = self.start_text
        other.history = list(self.history)
        other.future = list(self.future)
        return other

    # -- text form ---------------------------------------------------------------------------------------

    def to_text(self) -> str:
        """One line: `variant | pile1 / pile2 / pile3 / pile4 | stock | discards`, piles bottom to top,
        `-` for an empty pile or list. Example: `standard | 2H 5C / KH / - / AS | 3D ... | QS`."""
        def cards_or_dash(cards):
            return format_cards(cards) or "-"
        piles = " / ".join(cards_or_dash(p) for p in self.piles)
        return f"{self.variant} | {piles} | {cards_or_dash(self.stock)} | {cards_or_dash(self.discards)}"

    @classmethod
    def from_text(cls, text: str, deal_number: int | None = None) -> "Game":
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != 4:
            raise CardError("a position is 'variant | piles | stock | discards'")
        variant, piles_text, stock_text, discards_text = parts
        pile_texts = [p.strip() for p in piles_text.split("/")]
        if len(pile_texts) != PILES:
            raise CardError("a position has four piles separated by '/'")

        def cards(field: str) -> list[Card]:
            return [] if field == "-" else parse_cards(field)

        piles = [cards(p) for p in pile_texts]
        stock, discards = cards(stock_text), cards(discards_text)
        total = sum(map(len, piles)) + len(stock) + len(discards)
        if total != 52:
            raise CardError(f"a position holds all 52 cards, this one {total}")
        if len(stock) % PILES:
            raise CardError("the stock is dealt four at a time, so it holds a multiple of four cards")
        try:
            return cls(piles, stock, discards, variant, deal_number)
        except ValueError as err:
            raise CardError(str(err)) from None

    def replay(self, actions: Sequence[Action]) -> list[Record]:
        """Apply a list of actions, each verified; raises IllegalAction naming the first that fails."""
        return [self.apply(a) for a in actions]


def _check_pile(pile: int) -> None:
    if not isinstance(pile, int) or not 0 <= pile < PILES:
        raise IllegalAction("no_such_pile", f"there is no pile {pile!r}", pile=pile)


def _allowed(verify, *args) -> bool:
    try:
        verify(*args)
    except IllegalAction:
        return False
    return True
