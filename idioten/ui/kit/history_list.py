"""The history of games as a statistics panel lists it: one row per game (storage/history.py's `Played`), newest
first, with the game chosen marked; the arrows, Page Up/Down, Home and End choose, a click chooses the row
under it. Games left with a new deal that Ctrl+Z can still bring back come first, marked as not yet counted
(issue 39 item 7): they are shown, not counted, until they are out of reach.

Columns: date, deal (its number, or "deal of the day"), variant (Poker: its table), result, score, moves,
time. Where the columns do not fit at the text's size they are written smaller; the list shows as many rows
as its rectangle holds and scrolls to keep the chosen one in sight."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from idioten import i18n
from idioten.storage.history import Played
from idioten.ui.game_clock import clock_text
from idioten.ui.kit.fonts import Texts
from idioten.ui.kit.palette import CAPTION, EDGE, SELECT, TEXT, TITLE, tint

COLUMNS = ("when", "deal", "variant", "result", "score", "moves", "time")
PENDING = "pending"  # the result shown for a game left but not yet counted
STEP_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}


def cells(row: Played, variant_name: Callable[[str], str], pending: bool = False) -> dict[str, str]:
    """One row's texts, by column."""
    deal = i18n.t("ui.history.daily") if row.daily else "–" if row.deal is None else str(row.deal)
    result = PENDING if pending else row.result
    return {"when": row.when.replace("T", " "), "deal": deal, "variant": variant_name(row.variant),
            "result": i18n.t(f"ui.history.result.{result}"), "score": str(row.score),
            "moves": "–" if row.moves is None else str(row.moves), "time": clock_text(row.seconds)}


def gap_at(size: int) -> int:
    """Between two columns: most of a letter's height, enough to tell them apart."""
    return size * 3 // 4


class HistoryList:
    """The list of games inside a panel: the rows it shows, the one chosen, its place and its columns' widths."""
    def __init__(self, variant_name: Callable[[str], str], columns: Sequence[str] = COLUMNS):
        """`columns`: which of COLUMNS (Poker patience counts no moves)."""
        self.variant_name = variant_name
        self.columns = tuple(columns)
        self.rows: list[Played] = []
        self.pending = 0  # how many of the first rows are games not yet counted
        self.chosen = 0
        self.first = 0  # the first row shown
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.size = 12
        self.widths: list[int] = []

    def show(self, pending: Sequence[Played], counted: Sequence[Played]) -> None:
        self.rows, self.pending = [*pending, *counted], len(pending)
        self.chosen = min(self.chosen, max(0, len(self.rows) - 1))

    @property
    def chosen_row(self) -> Played | None:
        return self.rows[self.chosen] if self.rows else None

    def texts_of(self, index: int) -> list[str]:
        shown = cells(self.rows[index], self.variant_name, index < self.pending)
        return [shown[name] for name in self.columns]

    def place(self, rect: pygame.Rect, texts: Texts, sizes: Sequence[int]) -> bool:
        """Columns at the first of `sizes` at which they fit across `rect`; False if none fits."""
        self.rect = rect
        headers = [i18n.t(f"ui.history.{name}") for name in self.columns]
        lines = [headers] + [self.texts_of(i) for i in range(len(self.rows))]
        for size in sizes:
            widths = [max(texts.width(line[c], size) for line in lines) for c in range(len(self.columns))]
            if sum(widths) + gap_at(size) * (len(widths) - 1) <= rect.w:
                break
        self.size, self.widths = size, widths
        self.row_h = round(size * 1.35)
        self.keep_in_sight()
        return sum(widths) + gap_at(size) * (len(widths) - 1) <= rect.w and self.visible() >= 2

    def visible(self) -> int:
        return max(0, (self.rect.h - self.row_h) // self.row_h)  # the header takes one row

    def keep_in_sight(self) -> None:
        shown = max(1, self.visible())
        self.first = min(max(self.first, self.chosen - shown + 1), self.chosen)

    def choose(self, index: int) -> None:
        if self.rows:
            self.chosen = max(0, min(len(self.rows) - 1, index))
            self.keep_in_sight()

    def key(self, event: pygame.event.Event) -> bool:
        """The keys that choose a row; True if it was one of them."""
        page = max(1, self.visible() - 1)
        steps = {**STEP_KEYS, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if event.key in steps:
            self.choose(self.chosen + steps[event.key])
        elif event.key == pygame.K_HOME:
            self.choose(0)
        elif event.key == pygame.K_END:
            self.choose(len(self.rows) - 1)
        else:
            return False
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        if not self.rect.collidepoint(pos):
            return False
        index = self.first + (pos[1] - self.rect.y - self.row_h) // self.row_h
        if self.rect.y + self.row_h <= pos[1] and 0 <= index < len(self.rows):
            self.choose(index)
        return True

    def draw(self, surface: pygame.Surface, texts: Texts) -> None:
        size, rect = self.size, self.rect
        if not self.rows:
            empty = texts.render(i18n.t("ui.history.empty"), size, TEXT)
            surface.blit(empty, empty.get_rect(center=rect.center))
            return
        table_w = sum(self.widths) + gap_at(size) * (len(self.widths) - 1)
        lefts, x = [], rect.x + max(0, rect.w - table_w) // 2  # the columns in the middle of the panel
        start = x
        for width in self.widths:
            lefts.append(x)
            x += width + gap_at(size)
        for column, name in enumerate(self.columns):
            header = texts.render(i18n.t(f"ui.history.{name}"), size, TITLE)
            surface.blit(header, (lefts[column], rect.y))
        under_headers = rect.y + self.row_h - 3
        pygame.draw.line(surface, tint(EDGE), (start, under_headers), (start + table_w, under_headers))
        for line in range(self.visible()):
            index = self.first + line
            if index >= len(self.rows):
                break
            y = rect.y + self.row_h * (line + 1)
            if index == self.chosen:
                pygame.draw.rect(surface, SELECT, pygame.Rect(start - 6, y - 1, table_w + 12, self.row_h), width=2,
                                 border_radius=4)
            colour = CAPTION if index < self.pending else TEXT
            for column, text in enumerate(self.texts_of(index)):
                cell = texts.render(text, size, colour)
                right_aligned = self.columns[column] in ("score", "moves", "time")
                left = lefts[column] + self.widths[column] - cell.get_width() if right_aligned else lefts[column]
                surface.blit(cell, (left, y + 1))
