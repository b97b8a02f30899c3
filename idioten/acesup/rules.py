"""Idioten (Aces Up): the only place that decides what is legal. No pygame here.

Piles are numbered 0-3 inside the code and 1-4 in the notation ("discard 1", "move 1 2", "deal").
Each action has `can_x()` (a bool), `verify_x()` (raises `IllegalAction` with the reason) and `x()` which
applies it and returns a small record the window animates. `undo()` and `redo()` walk the history.

>>> from idioten.cards import full_deck
>>> game = Game.new(full_deck())  # the deck in order: 2C 3C 4C 5C on the piles
>>> [str(a) for a in game.legal_actions()]
['discard 1', 'discard 2', 'discard 3', 'deal']
>>> game.apply(Action.parse("discard 1"))
Discarded(pile=0, card=Card(rank=2, suit='C'))
>>> game.score, game.top(0), game.can(Action.move(1, 0))
(1, None, True)
>>> game.discard(3)
Traceback (most recent call last):
...
idioten.errors.IllegalAction: no higher C card on top of another pile
>>> game.undo() == Discarded(0, Card(2, "C")), game.score
(True, 0)

A game follows one of two readings of the rules (`Game.reading`): the game's own (STANDARD_RULES, the window
always), or the strict reading of published solvers and simulators (STRICT_RULES, docs/rules.md, "The strict
reading, for comparing odds"), which allows a subset of the game's actions: no lone card moved into a gap,
and no deal while a discard is possible or a gap could be filled from a pile of two or more cards. The
solver's strict search (solver/strict.py), `idioten simulate --rules strict` and its players ask this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, NamedTuple, Sequence

# The variants are the rules' own, named in options.py so that the settings read at start need not load these.
from idioten.acesup.options import ACES_ONLY as ACES_ONLY
from idioten.acesup.options import READINGS as READINGS
from idioten.acesup.options import STANDARD as STANDARD
from idioten.acesup.options import STANDARD_RULES as STANDARD_RULES
from idioten.acesup.options import STRICT_RULES as STRICT_RULES
from idioten.acesup.options import VARIANTS as VARIANTS
from idioten.cards import ACE, Card, CardError, format_cards, parse_cards
from idioten.errors import IllegalAction

PILES = 4
WIN_SCORE = 48

DISCARD, MOVE, DEAL = "discard", "move", "deal"


class _ActionFields(NamedTuple):
    kind: str  # DISCARD, MOVE or DEAL
    pile: int | None = None  # source pile, 0-3 (a discard or a move)
    target: int | None = None  # destination pile, 0-3 (a move)


class Action(_ActionFields):
    """One action, well formed by construction: a discard names a pile, a move two, a deal none. Whether it
    is legal in a position is the game's question (`Game.verify`). It is a tuple, so the solver, the command
    line and saved games compare, hash and store it as one; `str` and `parse` are the notation.

    >>> Action.move(0, 2), str(Action.move(0, 2))
    (Action(kind='move', pile=0, target=2), 'move 1 3')
    >>> Action(MOVE, 0)
    Traceback (most recent call last):
    ...
    ValueError: not an action: move 0 None (a discard names a pile, a move two, a deal none; piles 0-3)
    """

    __slots__ = ()

    def __new__(cls, kind: str, pile: int | None = None, target: int | None = None) -> "Action":
        if kind == DISCARD:
            well_formed = _is_pile(pile) and target is None
        elif kind == MOVE:
            well_formed = _is_pile(pile) and _is_pile(target)
        else:
            well_formed = kind == DEAL and pile is None and target is None
        if not well_formed:
            raise ValueError(f"not an action: {kind} {pile} {target} "
                             "(a discard names a pile, a move two, a deal none; piles 0-3)")
        return super().__new__(cls, kind, pile, target)

    @staticmethod
    def discard(pile: int) -> "Action":
        """Discard the top card of `pile`: one of the interned actions, so hot loops build nothing."""
        return DISCARD_ACTIONS[pile]

    @staticmethod
    def move(pile: int, target: int) -> "Action":
        """Move the top card of `pile` into the gap `target`."""
        return MOVE_ACTIONS[pile][target]

    @staticmethod
    def deal() -> "Action":
        """Deal one card from the stock onto each pile."""
        return DEAL_ACTION

    @property
    def source(self) -> int:
        """The pile a discard or a move takes its top card from (a deal has none: ValueError)."""
        if self.pile is None:
            raise ValueError("a deal takes no card from a pile")
        return self.pile

    @property
    def destination(self) -> int:
        """The gap a move fills (a discard or a deal has none: ValueError)."""
        if self.target is None:
            raise ValueError(f"a {self.kind} fills no gap")
        return self.target

    def __str__(self) -> str:
        if self.kind == DISCARD:
            return f"discard {self.source + 1}"
        if self.kind == MOVE:
            return f"move {self.source + 1} {self.destination + 1}"
        return "deal"

    @staticmethod
    def parse(text: str) -> "Action":
        """The action a line of the notation names; ValueError for anything else.

        >>> Action.parse("Move 4 1") == Action.move(3, 0), Action.parse("deal") == Action.deal()
        (True, True)
        """
        words = text.lower().split()
        if words == ["deal"]:
            return Action(DEAL)
        if (len(words) == 2 and words[0] == "discard") or (len(words) == 3 and words[0] == "move"):
            piles = [_pile_number(word, text) for word in words[1:]]
            return Action(words[0], *piles)
        # The text is quoted short: a line written without commas would otherwise come back whole.
        if len(words) > 3:
            raise ValueError(f"{_quoted(text)}: not one move; moves are separated by commas, "
                             "e.g. 'discard 1, move 2 3, deal'")
        raise ValueError(f"{_quoted(text)}: not a move; expected 'discard P', 'move P Q' or 'deal', piles 1-4")


def _is_pile(pile: object) -> bool:
    return type(pile) is int and 0 <= pile < PILES


DISCARD_ACTIONS = tuple(Action(DISCARD, pile) for pile in range(PILES))
MOVE_ACTIONS = tuple(tuple(Action(MOVE, pile, target) for target in range(PILES)) for pile in range(PILES))
DEAL_ACTION = Action(DEAL)


def _pile_number(word: str, text: str) -> int:
    try:
        if not (word.isascii() and word.isdigit()):  # int() would take "１" or "١" too
            raise ValueError(word)
        number = int(word)
    except ValueError:
        raise ValueError(f"{_quoted(text)}: a pile is a number from 1 to {PILES}, not {_quoted(word)}") from None
    if not 1 <= number <= PILES:
        raise ValueError(f"{_quoted(text)}: there is no pile {number} (piles 1-{PILES})")
    return number - 1


def _quoted(text: str, limit: int = 24) -> str:
    """`text` in quotes for a message, cut to its first `limit` characters."""
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[:limit - 1] + "…")


@dataclass(frozen=True)
class Discarded:
    """What a discard did: `card` left the top of `pile` for the discards."""
    pile: int
    card: Card


@dataclass(frozen=True)
class Moved:
    """What a move did: `card` went from the top of `pile` into the gap `target`."""
    pile: int
    target: int
    card: Card


@dataclass(frozen=True)
class Dealt:
    """What a deal did: one card from the stock onto each pile."""
    cards: tuple[Card, ...]  # cards[i] went onto pile i


Record = Discarded | Moved | Dealt


class Game:
    """A position plus its history. Build with `Game.new(deal_cards)` or `Game.from_text(...)`."""

    def __init__(self, piles: Sequence[Sequence[Card]], stock: Sequence[Card], discards: Sequence[Card] = (),
                 variant: str = STANDARD, deal_number: int | None = None, reading: str = STANDARD_RULES):
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r} (choose {' or '.join(VARIANTS)})")
        if reading not in READINGS:
            raise ValueError(f"unknown reading of the rules {reading!r} (choose {' or '.join(READINGS)})")
        if len(piles) != PILES:
            raise ValueError("a position has exactly four piles")
        if len(stock) % PILES:
            raise ValueError("the stock is dealt four at a time, so it holds a multiple of four cards")
        self.piles: list[list[Card]] = [list(p) for p in piles]
        self.stock: list[Card] = list(stock)  # stock[0] is dealt first
        self.discards: list[Card] = list(discards)
        self.variant = variant
        self.deal_number = deal_number
        self.reading = reading  # not part of the position's text: a saved game is always the game's reading
        all_cards = [c for p in self.piles for c in p] + self.stock + self.discards
        if len(set(all_cards)) != len(all_cards):
            raise ValueError("a card appears twice in the position")
        self.start_text = self.to_text()
        self.history: list[tuple[Action, Record]] = []
        self.future: list[Action] = []

    @classmethod
    def new(cls, deal: Sequence[Card], variant: str = STANDARD, deal_number: int | None = None,
            reading: str = STANDARD_RULES) -> "Game":
        """A game from a 52-card deal in deal order: four to the piles, the rest is the stock."""
        if len(deal) != 52 or len(set(deal)) != 52:
            raise CardError("a deal needs the 52 different cards of a deck")
        return cls([[c] for c in deal[:PILES]], deal[PILES:], (), variant, deal_number, reading)

    # -- what is on the table ---------------------------------------------------------------------------

    def top(self, pile: int) -> Card | None:
        """The card on top of `pile`, or None for a gap."""
        cards = self.piles[pile]
        return cards[-1] if cards else None

    @property
    def score(self) -> int:
        """Cards discarded so far; 48 (every card but the aces) wins."""
        return len(self.discards)

    def is_won(self) -> bool:
        """Only the four aces are left on the table."""
        return self.score == WIN_SCORE

    def is_over(self) -> bool:
        """The stock is empty and no useful action is left (a lone card moved between gaps changes nothing)."""
        return not self.stock and not any(True for _ in self.useful_actions())

    def card_count(self) -> int:
        """Cards in the piles, the stock and the discards: 52 in every position."""
        return sum(len(p) for p in self.piles) + len(self.stock) + len(self.discards)

    # -- discard -----------------------------------------------------------------------------------------

    def verify_discard(self, pile: int) -> None:
        """Raise IllegalAction unless the top card of `pile` may be discarded: not an ace, and a higher card
        of its suit lies on top of another pile."""
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
        """Whether `discard(pile)` is legal."""
        return _allowed(self.verify_discard, pile)

    def discard(self, pile: int) -> Discarded:
        """Discard the top card of `pile` (IllegalAction if the rules forbid it)."""
        _check_pile(pile)  # a pile that does not exist is refused like any illegal action
        record = self.apply(Action.discard(pile))
        assert isinstance(record, Discarded)  # the record of its kind of action
        return record

    # -- move into a gap ---------------------------------------------------------------------------------

    def verify_move(self, pile: int, target: int) -> None:
        """Raise IllegalAction unless the top card of `pile` may move into `target`: a gap, and in the
        aces-only variant only an ace may go there."""
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
        """Whether `move(pile, target)` is legal."""
        return _allowed(self.verify_move, pile, target)

    def move(self, pile: int, target: int) -> Moved:
        """Move the top card of `pile` into the gap `target` (IllegalAction if the rules forbid it)."""
        _check_pile(pile)
        _check_pile(target)
        record = self.apply(Action.move(pile, target))
        assert isinstance(record, Moved)  # the record of its kind of action
        return record

    # -- deal --------------------------------------------------------------------------------------------

    def verify_deal(self) -> None:
        """Raise IllegalAction if the stock is empty."""
        if not self.stock:
            raise IllegalAction("stock_empty", "the stock is empty")

    def can_deal(self) -> bool:
        """Whether the stock has cards left to deal."""
        return bool(self.stock)

    def deal(self) -> Dealt:
        """Deal four cards from the stock, one onto each pile (IllegalAction if the stock is empty)."""
        record = self.apply(DEAL_ACTION)
        assert isinstance(record, Dealt)  # the record of its kind of action
        return record

    # -- all actions -------------------------------------------------------------------------------------

    def legal_actions(self, reading: str | None = None) -> Iterator[Action]:
        """Every legal action under `reading` (default the game's own, `self.reading`): discards, then moves,
        then the deal, piles in order."""
        strict = (self.reading if reading is None else reading) == STRICT_RULES
        for pile in range(PILES):
            if self.can_discard(pile):
                yield DISCARD_ACTIONS[pile]
        for pile in range(PILES):
            for target in range(PILES):
                if self.can_move(pile, target) and not (strict and len(self.piles[pile]) == 1):
                    yield MOVE_ACTIONS[pile][target]
        if self.can_deal() and not (strict and self._strict_deal_refusal() is not None):
            yield DEAL_ACTION

    # -- the strict reading ------------------------------------------------------------------------------

    def verify_strict(self, action: Action) -> None:
        """Raise IllegalAction unless the strict reading allows `action` here (it is legal in the game, and
        not one of the actions the strict reading takes away), whatever the game's own reading is."""
        self._verify_game(action)
        if action.kind == MOVE and len(self.piles[action.source]) == 1:
            raise IllegalAction("strict_lone_move", "a lone card is not moved from one gap to another",
                                pile=action.source)
        if action.kind == DEAL:
            refusal = self._strict_deal_refusal()
            if refusal is not None:
                raise refusal

    def _strict_deal_refusal(self) -> IllegalAction | None:
        if any(self.can_discard(pile) for pile in range(PILES)):
            return IllegalAction("strict_deal_before_discard", "no deal while a discard is possible")
        if any(self.can_move(pile, target) for pile in range(PILES) if len(self.piles[pile]) >= 2
               for target in range(PILES)):
            return IllegalAction("strict_deal_before_fill",
                                 "no deal while a gap can be filled from a pile of two or more cards")
        return None

    def is_useful(self, action: Action) -> bool:
        """False only for moving a lone card from one gap to another. Once the stock is empty that changes
        nothing (docs/rules.md, "How the game ends"); while the stock lasts it changes which dealt cards land on the
        card, which the exact solver does exploit, but a player who cannot see the stock gains nothing by it on average,
        so the simple players and the hint player leave it out."""
        return not (action.kind == MOVE and len(self.piles[action.source]) == 1)

    def useful_actions(self, reading: str | None = None) -> Iterator[Action]:
        """The legal actions under `reading` (default the game's) less the useless ones (see `is_useful`)."""
        return (a for a in self.legal_actions(reading) if self.is_useful(a))

    def verify(self, action: Action) -> None:
        """Raise IllegalAction (with the reason) unless `action` is legal here, under the game's reading."""
        if self.reading == STRICT_RULES:
            self.verify_strict(action)
        else:
            self._verify_game(action)

    def _verify_game(self, action: Action) -> None:
        if action.kind == DISCARD:
            self.verify_discard(action.source)
        elif action.kind == MOVE:
            self.verify_move(action.source, action.destination)
        else:
            self.verify_deal()

    def can(self, action: Action) -> bool:
        """Whether `action` is legal here."""
        return _allowed(self.verify, action)

    def apply(self, action: Action) -> Record:
        """Do `action` if it is legal (else IllegalAction, and nothing changes); returns what it did."""
        self.verify(action)
        return self._do(action)

    def _do(self, action: Action, keep_future: bool = False) -> Record:
        """Apply an action already verified. A new action forgets the redo list; redo itself keeps it."""
        if action.kind == DISCARD:
            card = self.piles[action.source].pop()
            self.discards.append(card)
            record: Record = Discarded(action.source, card)
        elif action.kind == MOVE:
            card = self.piles[action.source].pop()
            self.piles[action.destination].append(card)
            record = Moved(action.source, action.destination, card)
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

    def _undo(self, action: Action, record: Record) -> None:
        """Take back `action` (the last one done), dispatched on its kind as `_do` is."""
        if action.kind == DISCARD:
            self.piles[action.source].append(self.discards.pop())
        elif action.kind == MOVE:
            self.piles[action.source].append(self.piles[action.destination].pop())
        else:
            assert isinstance(record, Dealt)  # a deal's record
            self.stock[:0] = [self.piles[pile].pop() for pile in range(len(record.cards))]

    # -- undo, redo, restart -----------------------------------------------------------------------------

    def progressed(self) -> bool:
        """Anything to undo or redo: the game has been played (a new deal or a restart keeps it for Ctrl+Z)."""
        return bool(self.history or self.future)

    def can_undo(self) -> bool:
        """Whether there is an action to take back."""
        return bool(self.history)

    def can_redo(self) -> bool:
        """Whether an undone action can be done again (a new action forgets them)."""
        return bool(self.future)

    def undo(self) -> Record | None:
        """Take back the last action; returns its record (the window plays it backwards), or None."""
        if not self.history:
            return None
        action, record = self.history.pop()
        self._undo(action, record)
        self.future.append(action)
        return record

    def redo(self) -> Record | None:
        """Do the last undone action again; returns its record, or None if there is none."""
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
        """An independent game in the same position, with the same start, history, redo list and deal number.

        >>> from idioten.cards import full_deck
        >>> game = Game.new(full_deck(), deal_number=7)
        >>> clone = game.copy(); clone.deal()
        Dealt(cards=(Card(rank=6, suit='C'), Card(rank=7, suit='C'), Card(rank=8, suit='C'), Card(rank=9, suit='C')))
        >>> len(game.stock), len(clone.stock), clone.deal_number
        (48, 44, 7)
        """
        other = Game.from_text(self.to_text(), self.deal_number)
        other.reading = self.reading
        other.start_text = self.start_text
        other.history = list(self.history)
        other.future = list(self.future)
        return other

    # -- text form ---------------------------------------------------------------------------------------

    def to_text(self) -> str:
        """One line: `variant | pile1 / pile2 / pile3 / pile4 | stock | discards`, piles bottom to top,
        `-` for an empty pile or list. Example: `standard | 2H 5C / KH / - / AS | 3D ... | QS`."""
        def cards_or_dash(cards: Sequence[Card]) -> str:
            return format_cards(cards) or "-"
        piles = " / ".join(cards_or_dash(p) for p in self.piles)
        return f"{self.variant} | {piles} | {cards_or_dash(self.stock)} | {cards_or_dash(self.discards)}"

    @classmethod
    def from_text(cls, text: str, deal_number: int | None = None) -> "Game":
        """The game in the position `text` (as `to_text` writes it), with no history; CardError if it is not
        a position of all 52 cards."""
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
    if not _is_pile(pile):
        raise IllegalAction("no_such_pile", f"there is no pile {pile!r}", pile=pile)


def _allowed(verify: Callable[..., None], *args: object) -> bool:
    try:
        verify(*args)
    except IllegalAction:
        return False
    return True
