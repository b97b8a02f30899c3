"""Scoring tables, the lines of the grid, and the score of a grid (full or partly filled). No pygame here.

The grid is 25 cells, row by row, top-left first (cell 0), as in the shared notation. Each row and column
is a line; with the diagonals option the two corner-to-corner diagonals are lines too.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from idioten.cards import Card, CardError
from idioten.poker.hands import HAND_NAMES, LINE, best_category, parse_poker_card

SIZE = 5
CELLS = SIZE * SIZE

# Points by category, in the order of hands.HAND_NAMES. Five of a kind (joker only) scores as a straight
# flush, as the rule books say.
TABLES: dict[str, tuple[int, ...]] = {
    #            high pair 2pr three str flush full four sflush royal five
    "classic": (0, 1, 2, 3, 4, 5, 8, 25, 50, 250, 50),
    "simple": (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 8),
    "american": (0, 2, 5, 10, 15, 20, 25, 50, 75, 100, 75),
    "british": (0, 1, 3, 6, 12, 5, 10, 16, 30, 30, 30),
}
from idioten.poker.options import DEFAULT_TABLE  # noqa: E402  (one name for the command line and the tables)


class Line(NamedTuple):
    name: str  # "row 1".."row 5", "column 1".."column 5", "diagonal 1" (from top left), "diagonal 2"
    cells: tuple[int, ...]
    kind: str  # "row", "column" or "diagonal"


ROWS = tuple(Line(f"row {r + 1}", tuple(r * SIZE + c for c in range(SIZE)), "row") for r in range(SIZE))
COLUMNS = tuple(Line(f"column {c + 1}", tuple(r * SIZE + c for r in range(SIZE)), "column") for c in range(SIZE))
DIAGONALS = (Line("diagonal 1", tuple(i * SIZE + i for i in range(SIZE)), "diagonal"),
             Line("diagonal 2", tuple(i * SIZE + SIZE - 1 - i for i in range(SIZE)), "diagonal"))


def lines(diagonals: bool = False) -> tuple[Line, ...]:
    return ROWS + COLUMNS + (DIAGONALS if diagonals else ())


def lines_through(cell: int, diagonals: bool = False) -> tuple[Line, ...]:
    return tuple(line for line in lines(diagonals) if cell in line.cells)


def points_table(table: str) -> tuple[int, ...]:
    try:
        return TABLES[table]
    except KeyError:
        raise CardError(f"unknown scoring table {table!r} (choose {', '.join(TABLES)})") from None


class LineScore(NamedTuple):
    line: Line
    cards: tuple[Card, ...]  # the cards placed in the line so far, in cell order
    category: int
    points: int

    @property
    def hand(self) -> str:
        return HAND_NAMES[self.category]

    @property
    def complete(self) -> bool:
        return len(self.cards) == LINE

    def as_json(self) -> dict[str, object]:
        return {"line": self.line.name, "hand": self.hand, "points": self.points}


class GridScore(NamedTuple):
    total: int
    lines: tuple[LineScore, ...]

    def as_json(self) -> dict[str, object]:
        return {"total": self.total, "hands": [line.as_json() for line in self.lines]}


def score_line(grid: Sequence[Card | None], line: Line, table: str = DEFAULT_TABLE) -> LineScore:
    points = points_table(table)
    cards = tuple(card for card in (grid[cell] for cell in line.cells) if card is not None)
    category = best_category(cards, points)
    return LineScore(line, cards, category, points[category])


def score_grid(grid: Sequence[Card | None], table: str = DEFAULT_TABLE, diagonals: bool = False) -> GridScore:
    """The score of every line and the total. A line not yet full scores the hand it makes so far (pairs,
    trips and the like), so a running display can show it; once the grid is full this is the final score."""
    if len(grid) != CELLS:
        raise CardError(f"a grid has {CELLS} cells, not {len(grid)}")
    scores = tuple(score_line(grid, line, table) for line in lines(diagonals))
    return GridScore(sum(s.points for s in scores), scores)


def parse_grid(text: str, allow_empty: bool = False) -> list[Card | None]:
    """25 cards row by row, separated by spaces or commas; `-` marks an empty cell when allowed.
    The joker may appear once, as JK."""
    tokens = text.replace(",", " ").split()
    if len(tokens) != CELLS:
        raise CardError(f"a grid is {CELLS} cards row by row, got {len(tokens)}")
    grid: list[Card | None] = []
    seen: set[Card] = set()
    for token in tokens:
        if token == "-" and allow_empty:
            grid.append(None)
            continue
        card = parse_poker_card(token)
        if card in seen:
            raise CardError(f"card {card} appears twice in the grid")
        seen.add(card)
        grid.append(card)
    return grid

