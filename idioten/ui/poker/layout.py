"""Where Poker patience's pieces go, from the window size, the widths of the texts and the game's options alone
(no drawing here).

The top bar and the status bar are the Idioten table's (`Layout`). Between them, left to right: the 5x5
grid, each row's hand and points to its right, each column's below it (the first diagonal's beyond the
bottom-right corner, the second's beyond the top-right one, where the diagonals would run on); then a side
column with the drawn card, the cards left and the total, and the open deck's cards (four rows, one per suit)
in the Open-deck practice below them.

The cards grow with the window as the Aces Up table's do, up to that table's card size. Where the height is
short for five whole rows, the rows overlap like a fanned pile: each row lies over the lower part of the one
above, which still shows its top `ROW_SHOWS` or more (the corner index and the top of the face, all a hand
needs), and the last row shows whole. `cells` are the parts that show, where a click or a drop lands;
`card_rect(cell)` is the whole card, where it is drawn.

In the Competitive mode the computer's grid comes too, either beside the side column or below it, whichever
gives the player's grid the larger cards. Its cards are at least `COMPUTER_MIN` of the player's width (the
player's grid shrinks before it does, so its ranks and suits stay legible) and grow into the room that is
left, up to the player's size. (Since rows may overlap, the player's grid takes the room a wide window has:
the two grids are alike only where the player's cards have reached the Aces Up table's size.) Where even so the
computer's cards would be narrower than `READABLE_CARD` (a window below the program's smallest), two grids
side by side would both be unreadable: the player's grid takes the room as if alone (`COMPACT`), and the
computer's shrinks to its total and a button, at the foot of the side column (`grid_title` above the grid then
says whose grid shows), or the total above the grid and the button beside the drawn card, or both in a strip
above the grid or below its column labels (`COMPACT_PLACES`), whichever leaves the larger cards; the table shows
either grid in the one place, the scene's C key or that button switching between them.

The texts on the felt lie on dark plates (`plates`): the felt's light middle is too bright behind light text
for a readable contrast, so every text has the same dark ground wherever it is. Each line's label has a plate
of its own, there before the line scores anything, like a box on a score sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from idioten.cards import SUIT_CHARS, Card
from idioten.ui.kit.layout import CARD_ASPECT, Layout

CELL_GAP = 0.09  # of the card width, between grid cells
MARGIN = 0.35  # of the card width, around the blocks
LABEL_GAP = 12  # pixels between the grid and its row labels
ROW_SHOWS = 0.42  # of the card height: how much of a row at least shows above the next (rows overlap below 1)
COMPUTER_MIN = 0.7  # the computer's cards, in grid card widths, at the least
DECK = 0.62  # the open deck's cards, in grid card widths
DECK_STEP = 0.4  # of an open-deck card's width: how much of each card shows in its suit's fan
DECK_ROW = 1.06  # of an open-deck card's height, from one suit's row to the next
BESIDE, BELOW = "beside", "below"  # where the computer's grid goes, from the side column
COMPACT = "compact"  # the computer's grid as its total and a button; either grid in the one grid's place
COMPACT_PLACES = ("side", "split", "top", "bottom")  # where that total and button go, in this order of preference
# Pixels (at a desktop scale of 1): the narrowest card whose rank, drawn large (kit/sprites.py, index_face), is
# 7 pixels tall, as the status bar's letters are; a computer's grid narrower than that is shown compact.
READABLE_CARD = 24
SEARCHES_KEPT = 256  # PokerLayout's searches kept, by what they depend on (a few bytes each)


def _largest(low: int, high: int, fits: Callable[[int], bool]) -> int:
    """The largest n in [low, high] with fits(n) (fits only turns false as n grows); low if none."""
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def _grid(x0: int, y0: int, w: int, h: int, gap: int, shows: float, least_pitch: int = 0) -> list[pygame.Rect]:
    """The part of each of 25 cards that shows, row by row: the top `shows` of each card but the last row's,
    which show whole; rows at least `least_pitch` apart."""
    shown_h = max(1, min(h, round(h * shows)))
    pitch = max(shown_h + gap, least_pitch)
    return [pygame.Rect(x0 + c * (w + gap), y0 + r * pitch, w, h if r == 4 else shown_h)
            for r in range(5) for c in range(5)]


_SEARCHED: dict[tuple[object, ...], tuple[int, int, str | None, str, float, float]] = {}


@dataclass
class PokerLayout:
    base: Layout
    label_w: int  # the widest "hand  points" text of the row labels, in pixels
    info_w: int = 0  # the widest text of the side column (its caption, cards left, total), in pixels
    diagonals: bool = False
    open_deck: bool = False
    competitive: bool = False
    computer_w: int = 0  # the computer's total above its grid, at its widest, in pixels
    note_w: int = 0  # "the computer is thinking", in pixels: on the same line if there is room, else below
    view_w: int = 0  # the button that switches the grid shown (COMPACT), at its widest, in pixels
    compact_at: str = COMPACT_PLACES[0]  # COMPACT: where the computer's total and button go
    card_w: int = 0
    card_h: int = 0
    shows: float = 1.0  # of the card height, the part of each row but the last that shows (1: whole rows)
    computer_shows: float = 1.0  # the same in the computer's grid
    arrangement: str | None = None  # BESIDE or BELOW in the Competitive mode
    cells: list[pygame.Rect] = field(default_factory=list)
    row_labels: list[pygame.Rect] = field(default_factory=list)
    column_labels: list[pygame.Rect] = field(default_factory=list)
    diagonal_labels: list[pygame.Rect] = field(default_factory=list)
    grid_rect: pygame.Rect = field(default_factory=pygame.Rect)
    drawn: pygame.Rect = field(default_factory=pygame.Rect)
    caption: pygame.Rect = field(default_factory=pygame.Rect)  # "Next card" above the drawn card
    info: pygame.Rect = field(default_factory=pygame.Rect)  # cards left and the total, below it
    computer_cells: list[pygame.Rect] = field(default_factory=list)  # the parts that show, as `cells`
    computer_card_size: tuple[int, int] = (0, 0)
    computer_title: pygame.Rect = field(default_factory=pygame.Rect)  # the computer's total
    computer_note: pygame.Rect = field(default_factory=pygame.Rect)  # "thinking", beside the total or under the grid
    grid_title: pygame.Rect = field(default_factory=pygame.Rect)  # COMPACT: whose grid shows, above it
    view_button: pygame.Rect = field(default_factory=pygame.Rect)  # COMPACT: the other grid, under the total
    plates: list[pygame.Rect] = field(default_factory=list)
    deck_size: tuple[int, int] = (0, 0)
    deck_origin: tuple[int, int] = (0, 0)
    label_size: int = 0  # the texts' size on the felt (0: the base layout's; a window below the smallest: less)

    def __post_init__(self) -> None:
        base = self.base
        self.label_size = self.label_size or base.label_size
        self.area = pygame.Rect(0, base.top_bar.bottom, base.width, base.status_bar.top - base.top_bar.bottom)
        # The search below lays the table out some hundred times; a window laid out again for the same room and
        # words (a language or game switched back, a panel's sample, another test's window) takes its answer.
        key = (tuple(self.area), base.card_w, base.scale, self.label_size, self.label_w, self.info_w,
               self.diagonals, self.open_deck, self.competitive, self.computer_w, self.note_w, self.view_w,
               self.compact_at, self.arrangement)
        found = _SEARCHED.get(key)
        if found is None:
            if len(_SEARCHED) >= SEARCHES_KEPT:
                _SEARCHED.clear()
            found = _SEARCHED[key] = self._search()
        card_w, computer_w, self.arrangement, self.compact_at, self.shows, self.computer_shows = found
        arrangement = self.arrangement
        bounds = self._place(card_w, computer_w, arrangement, 0, 0, self.shows, self.computer_shows)
        # Centred in the room between the bars (what does not fit at the smallest card starts at the corner).
        dx = max(0, (self.area.w - bounds.w) // 2) - bounds.x
        dy = self.area.y + max(0, (self.area.h - bounds.h) // 2) - bounds.y
        self._place(card_w, computer_w, arrangement, dx, dy, self.shows, self.computer_shows)

    def _search(self) -> tuple[int, int, str | None, str, float, float]:
        """The largest cards that fit, where the computer's grid goes, and how far the rows spread: (card width,
        the computer's card width, arrangement, where a compact computer's total goes, shows, computer_shows)."""
        base = self.base
        # The Aces Up table's card size is the most: switching games keeps the cards' size where there is room.
        largest = max(4, min(self.area.h, base.card_w))
        best: tuple[int, int, str | None] | None = None
        for arrangement in ((BESIDE, BELOW) if self.competitive else (None,)):
            card_w = _largest(4, largest, partial(self._fits_card, arrangement=arrangement))
            computer_w = _largest(self._least_computer(card_w), card_w,
                                  partial(self._fits, card_w, arrangement=arrangement, shows=ROW_SHOWS,
                                          computer_shows=ROW_SHOWS)) if arrangement else 0
            if best is None or (card_w, computer_w) > best[:2]:
                best = (card_w, computer_w, arrangement)
        assert best is not None
        if self.competitive and best[1] < round(READABLE_CARD * base.scale):
            widths = {}
            for self.compact_at in COMPACT_PLACES:
                # A strip's room grows with the cards: one too narrow at the largest cards that fit is no place.
                width = _largest(4, largest, partial(self._fits_card, arrangement=COMPACT))
                self._fits_card(width, COMPACT)
                widths[self.compact_at] = width if self.strip_fits else 0
            self.compact_at = max(COMPACT_PLACES, key=lambda place: widths[place])  # the first of the widest
            best = (widths[self.compact_at], 0, COMPACT)
        card_w, computer_w, self.arrangement = best
        # Then the rows spread out into the height that is left, up to whole rows: the player's first, then the
        # computer's (beside or below other things, its grid may have room of another height).
        arrangement = self.arrangement

        def spread(fits: Callable[[float], bool]) -> float:
            return _largest(round(ROW_SHOWS * 1000), 1000, lambda p: fits(p / 1000)) / 1000

        self.shows = spread(lambda f: self._fits(card_w, computer_w, arrangement, f, ROW_SHOWS))
        self.computer_shows = spread(lambda f: self._fits(card_w, computer_w, arrangement, self.shows, f))
        return card_w, computer_w, self.arrangement, self.compact_at, self.shows, self.computer_shows

    @staticmethod
    def _least_computer(card_w: int) -> int:
        return max(1, -int(-card_w * COMPUTER_MIN // 1))

    def _fits_card(self, card_w: int, arrangement: str | None) -> bool:
        """Whether cards `card_w` wide fit with the computer's grid at its least."""
        return self._fits(card_w, self._least_computer(card_w), arrangement, ROW_SHOWS, ROW_SHOWS)

    def _fits(self, card_w: int, computer_w: int, arrangement: str | None, shows: float,
              computer_shows: float) -> bool:
        bounds = self._place(card_w, computer_w, arrangement, 0, 0, shows, computer_shows)
        margin = round(card_w * MARGIN)
        return bounds.w + 2 * margin <= self.area.w and bounds.h + 16 <= self.area.h

    def _place(self, cw: int, mw: int, arrangement: str | None, x0: int, y0: int, shows: float,
               computer_shows: float) -> pygame.Rect:
        """Everything at card width `cw` (the computer's `mw`), each row but the last showing `shows` of its
        height (the computer's `computer_shows`), the grid's corner at (x0, y0); returns the rectangle that holds
        it all."""
        line = self.label_size
        top_strip = line + 12
        column_strip = round(2.7 * line) + 16  # a hand name on up to two small lines, then the points
        pad = max(6, round(cw * 0.08))  # a plate reaches this far beyond what it holds (its corners round 6)
        ch = round(cw * CARD_ASPECT)
        gap = max(2, round(cw * CELL_GAP))
        margin = round(cw * MARGIN)
        self.card_w, self.card_h = cw, ch

        # A row's label needs at least a line of text: in a very small window the rows keep that far apart.
        self.cells = _grid(x0, y0, cw, ch, gap, shows, least_pitch=line + 8)
        self.grid_rect = self.cells[0].unionall(self.cells[1:])
        label_x = self.grid_rect.right + LABEL_GAP
        shown_h, pitch = self.cells[0].h, self.cells[5].y - self.cells[0].y
        label_h = min(pitch - 2, round(2.3 * line) + 12)  # the hand over its points, not a whole card's height
        self.row_labels = [pygame.Rect(label_x, self.cells[r * 5].y + max(0, shown_h - label_h) // 2, self.label_w,
                                       label_h) for r in range(5)]
        self.grid_rect.h = max(self.grid_rect.bottom, self.row_labels[-1].bottom) - y0
        self.column_labels = [pygame.Rect(self.cells[c].x, self.grid_rect.bottom + gap, cw, column_strip - gap)
                              for c in range(5)]
        self.diagonal_labels = [
            pygame.Rect(label_x, self.grid_rect.bottom + gap, self.label_w, column_strip - gap),  # from top left
            pygame.Rect(label_x, y0 - top_strip, self.label_w, top_strip - gap),  # from bottom left
        ]
        self.plates = self.row_labels + self.column_labels + (self.diagonal_labels if self.diagonals else [])

        side_x = label_x + self.label_w + max(2 * margin, 2 * pad + 4)
        side_w = max(cw, self.info_w)
        self.caption = pygame.Rect(side_x, y0 - line - 6, self.info_w, line)
        self.drawn = pygame.Rect(side_x, y0, cw, ch)
        self.info = pygame.Rect(side_x, self.drawn.bottom + 8, self.info_w, line + 6 + round(1.5 * line))
        side_bottom = self.info.bottom
        if self.open_deck:
            dw = max(4, round(cw * DECK))
            self.deck_size = (dw, round(dw * CARD_ASPECT))
            self.deck_origin = (side_x, self.info.bottom + margin // 2)
            deck = pygame.Rect(self.deck_origin, (dw + 13 * self.deck_step, 4 * round(self.deck_size[1] * DECK_ROW)))
            side_w = max(side_w, deck.w)
            side_bottom = deck.bottom
        side_w, side_bottom = self._place_compact(arrangement, x0, cw, gap, pad, line, side_x, side_w, side_bottom)
        self.plates.append(pygame.Rect(side_x - pad, self.caption.y - pad, side_w + 2 * pad,
                                       side_bottom - self.caption.y + 2 * pad))
        everything = [self.grid_rect, *self.plates, *self.column_labels, *self.diagonal_labels]

        self.computer_cells = []
        if arrangement in (BESIDE, BELOW):
            mh = round(mw * CARD_ASPECT)
            mgap = max(1, round(mw * CELL_GAP))
            if arrangement == BESIDE:
                mx, my = side_x + side_w + 2 * pad + margin, y0
            else:
                mx, my = side_x, side_bottom + 2 * pad + margin + line + 6
            self.computer_cells = _grid(mx, my, mw, mh, mgap, computer_shows)
            self.computer_card_size = (mw, mh)
            block_w = max(5 * mw + 4 * mgap, self.computer_w, self.note_w)
            self.computer_title = pygame.Rect(mx, my - line - 6, self.computer_w, line)
            if self.computer_w + 2 * line + self.note_w <= block_w:
                self.computer_note = pygame.Rect(mx + block_w - self.note_w, self.computer_title.y, self.note_w, line)
            else:
                self.computer_note = pygame.Rect(mx, self.computer_cells[-1].bottom + 6, self.note_w, line)
            bottom = max(self.computer_cells[-1].bottom, self.computer_note.bottom)
            self.plates.append(pygame.Rect(mx - pad, self.computer_title.y - pad, block_w + 2 * pad,
                                           bottom - self.computer_title.y + 2 * pad))
            everything.append(self.plates[-1])
        return everything[0].unionall(everything[1:])

    def _place_compact(self, arrangement: str | None, x0: int, cw: int, gap: int, pad: int, line: int, side_x: int,
                       side_w: int, side_bottom: int) -> tuple[int, int]:
        """The compact layout's parts at `compact_at` (nothing in the others); returns the side column's width
        and bottom as they grow. Their plates start at the grid's left edge, never beyond it."""
        self.grid_title = self.view_button = pygame.Rect(0, 0, 0, 0)
        self.strip_fits = True
        if arrangement != COMPACT:
            return side_w, side_bottom
        self.computer_note = pygame.Rect(0, 0, 0, 0)  # its total ends in an ellipsis while it thinks
        grid_w = 5 * cw + 4 * gap
        button_h = line + 10
        strip = pygame.Rect(x0, self.caption.y - pad, grid_w, line + pad + 6)  # above the grid, down to its top
        if self.compact_at == "side":  # whose grid, above it; the total and the button under the side column
            self.grid_title = pygame.Rect(x0 + pad, self.caption.y, grid_w - 2 * pad, line)
            self.plates.append(strip)
            self.computer_title = pygame.Rect(side_x, side_bottom + 8, self.computer_w, line)
            self.view_button = pygame.Rect(side_x, self.computer_title.bottom + 6, self.view_w, button_h)
            return max(side_w, self.computer_w, self.view_w), self.view_button.bottom
        if self.compact_at == "split":  # the total above the grid; the button beside the drawn card
            self.computer_title = pygame.Rect(x0 + pad, self.caption.y, self.computer_w, line)
            self.strip_fits = self.computer_w + 2 * pad <= grid_w
            self.plates.append(strip)
            self.view_button = pygame.Rect(self.drawn.right + 8, self.drawn.bottom - button_h, self.view_w, button_h)
            return max(side_w, self.view_button.right - side_x), side_bottom
        # "top" or "bottom": the total and the button on one line, above the grid or below its column labels
        # (below, the strip reaches under the row labels too; above, diagonal 2's label is there)
        room = grid_w + (LABEL_GAP + self.label_w if self.compact_at == "bottom" or not self.diagonals else 0)
        top = self.caption.bottom - button_h if self.compact_at == "top" else self.column_labels[0].bottom + 2 * pad
        self.computer_title = pygame.Rect(x0 + pad, top + (button_h - line) // 2, self.computer_w, line)
        self.view_button = pygame.Rect(x0 + room - pad - self.view_w, top, self.view_w, button_h)
        self.strip_fits = self.computer_w + self.view_w + 3 * pad <= room
        self.plates.append(pygame.Rect(x0, top - pad, room, button_h + 2 * pad))
        return side_w, side_bottom

    def card_rect(self, cell: int) -> pygame.Rect:
        """The whole card in `cell` (its lower part lies under the next row where rows overlap)."""
        return pygame.Rect(self.cells[cell].topleft, (self.card_w, self.card_h))

    def computer_card_rect(self, cell: int) -> pygame.Rect:
        return pygame.Rect(self.computer_cells[cell].topleft, self.computer_card_size)

    @property
    def compact(self) -> bool:
        """The computer's grid shown as its total and a button, either grid in the grid's place."""
        return self.arrangement == COMPACT

    @property
    def overlapping(self) -> bool:
        return self.shows < 1

    @property
    def deck_step(self) -> int:
        return max(2, round(self.deck_size[0] * DECK_STEP))

    @staticmethod
    def deck_order(card: Card) -> tuple[int, int]:
        """(suit row, place in the fan): cards further right lie on top."""
        if card.rank == 0:  # the joker has no suit: it ends the first row
            return 0, 13
        return SUIT_CHARS.index(card.suit), card.rank - 2

    def deck_rect(self, card: Card) -> pygame.Rect:
        """An open-deck card's place: its suit's row, its rank's place in the fan (the two counts as low)."""
        w, h = self.deck_size
        row, place = self.deck_order(card)
        return pygame.Rect(self.deck_origin[0] + place * self.deck_step,
                           self.deck_origin[1] + row * round(h * DECK_ROW), w, h)

    def texts(self) -> list[pygame.Rect]:
        """Where the texts on the felt go (each lies on a plate)."""
        rects = [*self.row_labels, *self.column_labels, self.caption, self.info]
        if self.diagonals:
            rects += self.diagonal_labels
        if self.computer_cells:
            rects += [self.computer_title, self.computer_note]
        if self.compact:
            rects += [self.computer_title] + ([self.grid_title] if self.grid_title.w else [])
        return rects

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        for cell, rect in enumerate(self.cells):
            if rect.collidepoint(pos):
                return cell
        return None

    def cell_under(self, card_rect: pygame.Rect) -> int | None:
        """The cell whose showing part a dropped card covers most (at least a quarter of that part)."""
        best, best_area = None, 0
        for cell, rect in enumerate(self.cells):
            clip = rect.clip(card_rect)
            if clip.w * clip.h > max(best_area, rect.w * rect.h // 4):
                best, best_area = cell, clip.w * clip.h
        return best
