"""A lean copy of a poker grid for the computer player: one integer per line, no history. No pygame here.

Each line keeps the sum of its cards' codes (see `hands`), so adding a card is one addition and the made
hand is one table look-up. The computer player tries thousands of placements per move on this, never on
`PokerGame`, whose records and checks are for the window.
"""

from __future__ import annotations

from typing import Hashable, Sequence

from idioten.cards import SUIT_CHARS, Card, full_deck
from idioten.poker.hands import classify_sum, code_of, is_joker, joker_category
from idioten.poker.scoring import CELLS, lines, points_table

KIND_INDEX = {"row": 0, "column": 1, "diagonal": 2}


class Board:
    __slots__ = ("lines", "cell_lines", "kinds", "keys", "counts", "joker_line", "grid", "empty", "points",
                 "unseen_suits", "table", "diagonals")

    def __init__(self, table: str, diagonals: bool):
        self.table = table
        self.diagonals = diagonals
        self.points = points_table(table)
        self.lines = lines(diagonals)
        self.kinds = tuple(KIND_INDEX[line.kind] for line in self.lines)
        self.cell_lines = tuple(tuple(i for i, line in enumerate(self.lines) if cell in line.cells)
                                for cell in range(CELLS))
        self.keys = [0] * len(self.lines)
        self.counts = [0] * len(self.lines)
        self.joker_line = [False] * len(self.lines)
        self.grid: list[Card | None] = [None] * CELLS
        self.empty = list(range(CELLS))
        self.unseen_suits = [13] * 4

    @classmethod
    def from_grid(cls, grid: Sequence[Card | None], table: str, diagonals: bool,
                  unseen: Sequence[Card] | None = None) -> "Board":
        """`unseen`: the cards still to come as far as the player knows (by default every card of the deck
        not on the grid)."""
        board = cls(table, diagonals)
        for cell, card in enumerate(grid):
            if card is not None:
                board.put(cell, card)
        if unseen is None:
            unseen = [card for card in full_deck() if card not in grid]
        board.set_unseen(unseen)
        return board

    def set_unseen(self, cards: Sequence[Card]) -> None:
        """The cards still to come, as far as the player knows (their order is not kept)."""
        self.unseen_suits = [0] * 4
        for card in cards:
            if not is_joker(card):
                self.unseen_suits[SUIT_CHARS.index(card.suit)] += 1

    def see(self, card: Card) -> None:
        """`card` has come: it is no longer among the cards to come."""
        if not is_joker(card):
            self.unseen_suits[SUIT_CHARS.index(card.suit)] -= 1

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        for name in ("lines", "cell_lines", "kinds", "points", "table", "diagonals"):
            setattr(other, name, getattr(self, name))
        other.keys = list(self.keys)
        other.counts = list(self.counts)
        other.joker_line = list(self.joker_line)
        other.grid = list(self.grid)
        other.empty = list(self.empty)
        other.unseen_suits = list(self.unseen_suits)
        return other

    @property
    def placed(self) -> int:
        return CELLS - len(self.empty)

    def put(self, cell: int, card: Card) -> None:
        self.grid[cell] = card
        self.empty.remove(cell)
        joker = is_joker(card)
        code = 0 if joker else code_of(card)
        for line in self.cell_lines[cell]:
            self.keys[line] += code
            self.counts[line] += 1
            if joker:
                self.joker_line[line] = True

    def shape(self) -> Hashable:
        """A key that two boards share when they score alike whatever comes: without diagonals, boards that
        differ only by an order of their rows and of their columns (each card sits where its row and its
        column meet, so the rows' and the columns' card sets fix the grid up to such orders). With the
        diagonals every cell is its own."""
        grid = self.grid
        if self.diagonals:
            return tuple(grid)
        rows = frozenset(frozenset(card for card in grid[row * 5:row * 5 + 5] if card is not None)
                         for row in range(5))
        columns = frozenset(frozenset(card for card in grid[column::5] if card is not None) for column in range(5))
        return rows, columns

    def line_points(self, line: int) -> int:
        """Points of the hand the line makes now (the final points once it is full)."""
        if self.joker_line[line]:
            return self.points[joker_category(self.keys[line], self.points)]
        return self.points[classify_sum(self.keys[line])]

    def total(self) -> int:
        return sum(self.line_points(line) for line in range(len(self.lines)))
