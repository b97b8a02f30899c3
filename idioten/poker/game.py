"""Poker patience: the game state and the only place that decides what is legal. No pygame here.

Cells are numbered 0-24 row by row in the code (1-25 in the text form). As in `idioten.acesup.rules`, the one
action has `can_place()`, `verify_place()` (raises `IllegalAction` with a reason code) and `place()`, which
applies it and returns a `Placed` record for the window to animate. A placed card never moves; `undo()`
and `redo()` walk the history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from idioten.cards import Card, CardError, check_deal_number, deal_cards, splitmix64
from idioten.errors import IllegalAction
from idioten.poker.hands import JOKER, parse_poker_card
from idioten.poker.options import DEFAULT_TABLE
from idioten.poker.scoring import (
    CELLS,
    TABLES,
    GridScore,
    LineScore,
    lines_through,
    score_grid,
    score_line,
)


def poker_deck(number: int, joker: bool = False) -> list[Card]:
    """The draw order of deal `number`: the numbered deal's 52 cards, and in the joker variant the joker
    slipped in at a position that also follows from the number alone (so the deal is stable forever)."""
    deck = deal_cards(check_deal_number(number))
    if joker:
        _, word = splitmix64(number ^ 0x4A4F4B4552)  # a different stream from the shuffle's
        deck.insert(word % (len(deck) + 1), JOKER)
    return deck


@dataclass(frozen=True)
class Placed:
    cell: int
    card: Card
    number: int  # 1 for the first card placed, 25 for the last
    lines: tuple[LineScore, ...]  # the lines through the cell after the card went in: what to highlight


class PokerGame:
    """A grid, the cards still to come, and the history. Build with `PokerGame.new(deal_number)`,
    `PokerGame(deck)` or `PokerGame.from_text(...)`."""

    def __init__(self, deck: Sequence[Card], table: str = DEFAULT_TABLE, diagonals: bool = False,
                 open_deck: bool = False, deal_number: int | None = None):
        if table not in TABLES:
            raise CardError(f"unknown scoring table {table!r} (choose {', '.join(TABLES)})")
        deck = list(deck)
        if len(set(deck)) != len(deck):
            raise CardError("a card appears twice in the deck")
        if len(deck) < CELLS:
            raise CardError(f"the deck needs at least {CELLS} cards, not {len(deck)}")
        self.deck: tuple[Card, ...] = tuple(deck)
        self.table = table
        self.diagonals = diagonals
        self.open_deck = open_deck
        self.deal_number = deal_number
        self.grid: list[Card | None] = [None] * CELLS
        self.history: list[Placed] = []
        self.future: list[tuple[int, Card]] = []

    @classmethod
    def new(cls, deal_number: int, table: str = DEFAULT_TABLE, diagonals: bool = False, joker: bool = False,
            open_deck: bool = False) -> "PokerGame":
        return cls(poker_deck(deal_number, joker), table, diagonals, open_deck, deal_number)

    # -- what is on the table ---------------------------------------------------------------------------

    @property
    def joker(self) -> bool:
        return JOKER in self.deck

    @property
    def placed_count(self) -> int:
        return len(self.history)

    def is_over(self) -> bool:
        return len(self.history) == CELLS

    def remaining(self) -> list[Card]:
        """The cards not placed yet, in draw order."""
        placed = {record.card for record in self.history}
        return [card for card in self.deck if card not in placed]

    @property
    def drawn(self) -> Card | None:
        """The card to place now (None when the game is over). In the open deck the player picks any
        remaining card; this is then the next one in draw order, a default."""
        if self.is_over():
            return None
        return self.remaining()[0]

    def choices(self) -> list[Card]:
        """The cards that may be placed now."""
        if self.is_over():
            return []
        return self.remaining() if self.open_deck else [self.remaining()[0]]

    def unseen(self) -> list[Card]:
        """What a player who may not peek knows is still to come: every card neither placed nor drawn.
        (In the open deck everything is visible, so this is the remaining cards but the drawn one.)"""
        remaining = self.remaining()
        return remaining[1:]

    def empty_cells(self) -> list[int]:
        return [cell for cell, card in enumerate(self.grid) if card is None]

    def score(self) -> GridScore:
        return score_grid(self.grid, self.table, self.diagonals)

    # -- place -------------------------------------------------------------------------------------------

    def verify_place(self, cell: int, card: Card | None = None) -> None:
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < CELLS:
            raise IllegalAction("no_such_cell", f"there is no cell {cell!r} (cells 0-24)", cell=cell)
        if self.is_over():
            raise IllegalAction("grid_full", "the grid is full: the game is over")
        if self.grid[cell] is not None:
            raise IllegalAction("cell_taken", f"cell {cell + 1} already holds {self.grid[cell]}; a placed card "
                                "never moves", cell=cell)
        if card is not None and card not in self.choices():
            if card in self.remaining():
                raise IllegalAction("not_drawn", f"{card} is not the drawn card; place {self.drawn}",
                                    card=card)
            raise IllegalAction("card_not_available", f"{card} is not among the cards still to place",
                                card=card)

    def can_place(self, cell: int, card: Card | None = None) -> bool:
        try:
            self.verify_place(cell, card)
        except IllegalAction:
            return False
        return True

    def place(self, cell: int, card: Card | None = None) -> Placed:
        """Put `card` (by default the drawn card) into the empty `cell`."""
        self.verify_place(cell, card)
        chosen = card if card is not None else self.drawn
        assert chosen is not None  # verify_place refuses a finished game, the one with no drawn card
        return self._do(cell, chosen)

    def _do(self, cell: int, card: Card, keep_future: bool = False) -> Placed:
        self.grid[cell] = card
        lines = tuple(score_line(self.grid, line, self.table) for line in lines_through(cell, self.diagonals))
        record = Placed(cell, card, len(self.history) + 1, lines)
        self.history.append(record)
        if not keep_future:
            self.future.clear()
        return record

    # -- undo, redo, restart -----------------------------------------------------------------------------

    def progressed(self) -> bool:
        """Any card to take back or place again: the grid has been played (a new deal or a restart keeps it
        for Ctrl+Z)."""
        return bool(self.history or self.future)

    def can_undo(self) -> bool:
        return bool(self.history)

    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> Placed | None:
        """Take back the last placement; returns its record (the window plays it backwards), or None."""
        if not self.history:
            return None
        record = self.history.pop()
        self.grid[record.cell] = None
        self.future.append((record.cell, record.card))
        return record

    def redo(self) -> Placed | None:
        if not self.future:
            return None
        cell, card = self.future.pop()
        return self._do(cell, card, keep_future=True)

    def restart(self) -> None:
        self.grid = [None] * CELLS
        self.history.clear()
        self.future.clear()

    def copy(self) -> "PokerGame":
        other = PokerGame(self.deck, self.table, self.diagonals, self.open_deck, self.deal_number)
        other.grid = list(self.grid)
        other.history = list(self.history)
        other.future = list(self.future)
        return other

    # -- text form ---------------------------------------------------------------------------------------

    def to_text(self) -> str:
        """One line: `options | deck in draw order | grid (25 cells row by row, - empty) | order`.
        Options are the table then any of `diagonals`, `open`, `deal=N`; the joker is written JK; order is
        the cells (1-25) in the order they were filled, `-` before the first card.
        Example: `american diagonals deal=7 | 8D TC ... | 8D - - ... | 1`."""
        options = [self.table] + (["diagonals"] if self.diagonals else []) + (["open"] if self.open_deck else [])
        if self.deal_number is not None:
            options.append(f"deal={self.deal_number}")
        grid = " ".join("-" if card is None else str(card) for card in self.grid)
        order = " ".join(str(record.cell + 1) for record in self.history) or "-"
        return f"{' '.join(options)} | {' '.join(map(str, self.deck))} | {grid} | {order}"

    @classmethod
    def from_text(cls, text: str) -> "PokerGame":
        """The game `to_text` wrote, history included (so undo works after loading). Every placement is
        checked against the rules again; a text that could not have come from play is refused."""
        parts = [part.strip() for part in text.split("|")]
        if len(parts) != 4:
            raise CardError("a poker game is 'options | deck | grid | order'")
        options_text, deck_text, grid_text, order_text = parts
        options = options_text.lower().split()
        if not options or options[0] not in TABLES:
            raise CardError(f"a poker game starts with its scoring table ({', '.join(TABLES)})")
        deal_number = None
        for option in options[1:]:
            if option.startswith("deal="):
                try:
                    deal_number = check_deal_number(int(option[5:]))
                except ValueError:
                    raise CardError(f"not a deal number: {option[5:]!r}") from None
            elif option not in ("diagonals", "open"):
                raise CardError(f"unknown poker option {option!r}")
        deck = [parse_poker_card(token) for token in deck_text.replace(",", " ").split()]
        game = cls(deck, options[0], "diagonals" in options, "open" in options, deal_number)
        cells = grid_text.split()
        if len(cells) != CELLS:
            raise CardError(f"a grid has {CELLS} cells, not {len(cells)}")
        grid = [None if token == "-" else parse_poker_card(token) for token in cells]
        order = [] if order_text == "-" else order_text.split()
        if len(order) != sum(card is not None for card in grid):
            raise CardError("the order must name each filled cell once")
        for word in order:
            if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= CELLS or grid[int(word) - 1] is None:
                raise CardError(f"not a filled cell: {word!r}")
            cell = int(word) - 1
            try:
                game.place(cell, grid[cell])
            except IllegalAction as err:
                raise CardError(f"this game could not have been played: {err}") from None
        return game

