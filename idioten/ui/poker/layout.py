"""Where Poker patience's pieces go, from the window size and the game's options alone (no drawing here).

The top bar and the status bar are the Idioten table's (`Layout`). Between them, left to right: the 5x5
grid, each row's hand and points to its right, each column's below it (the first diagonal's beyond the
bottom-right corner, the second's beyond the top-right one, where the diagonals would run on); then a side
column with the drawn card, the cards left and the total, the computer's small grid in the Competitive mode,
and the open deck's cards (four rows, one per suit) in the Open-deck practice.

The card size is the largest that satisfies every constraint; each is linear in the card width.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from idioten.cards import SUIT_CHARS
from idioten.ui.kit.layout import CARD_ASPECT, Layout

CELL_GAP = 0.09  # of the card width, between grid cells
MARGIN = 0.35  # of the card width, around the blocks
MINI = 0.34  # the computer's grid, in grid card widths
DECK = 0.62  # the open deck's cards, in grid card widths
DECK_STEP = 0.4  # of an open-deck card's width: how much of each card shows in its suit's fan


def _fit(avail: float, per_card: float, fixed: float) -> float:
    return (avail - fixed) / per_card


@dataclass
class PokerLayout:
    base: Layout
    label_w: int  # the widest "hand  points" text of the row labels, in pixels
    info_w: int = 0  # the widest text under the drawn card (cards left, total), in pixels
    diagonals: bool = False
    open_deck: bool = False
    competitive: bool = False
    card_w: int = 0
    card_h: int = 0
    cells: list[pygame.Rect] = field(default_factory=list)
    row_labels: list[pygame.Rect] = field(default_factory=list)
    column_labels: list[pygame.Rect] = field(default_factory=list)
    diagonal_labels: list[pygame.Rect] = field(default_factory=list)
    grid_rect: pygame.Rect = field(default_factory=pygame.Rect)
    drawn: pygame.Rect = field(default_factory=pygame.Rect)
    info_x: int = 0
    info_y: int = 0
    mini_cells: list[pygame.Rect] = field(default_factory=list)
    mini_title_y: int = 0
    deck_size: tuple[int, int] = (0, 0)
    deck_origin: tuple[int, int] = (0, 0)

    def __post_init__(self):
        base = self.base
        line = base.label_size
        top, bottom = base.top_bar.bottom, base.status_bar.top
        avail_h = bottom - top
        avail_w = base.width
        grid_per_w = 5 + 4 * CELL_GAP  # grid width in card widths
        grid_per_h = 5 * CARD_ASPECT + 4 * CELL_GAP
        top_strip = line + 12
        column_strip = round(2.7 * line) + 16  # a hand name on up to two small lines, then the points
        info_h = 4 * (line + 6)  # the drawn card's caption, cards left, total, (computer's total)

        side_w = 1.0  # the drawn card (its texts below may be wider: info_w)
        side_fixed = self.info_w
        if self.competitive:
            side_w = max(side_w, MARGIN + 5 * MINI * (1 + CELL_GAP))  # the computer's grid beside the texts
        deck_w = DECK * (1 + 13 * DECK_STEP)  # 13 ranks and the joker's place
        if self.open_deck:
            side_w = max(side_w, deck_w)
        # The drawn card with its texts below, beside the computer's grid: the taller of the two.
        side_h = max(CARD_ASPECT, 5 * MINI * CARD_ASPECT * (1 + CELL_GAP) if self.competitive else 0)
        deck_h = 4 * DECK * CARD_ASPECT * 1.06 if self.open_deck else 0

        widths = grid_per_w + 3 * MARGIN + side_w
        limits = [
            _fit(avail_h, grid_per_h, top_strip + column_strip + 16),
            _fit(avail_w, widths, self.label_w + 24 + (side_fixed if self.competitive else 0)),
            _fit(avail_h, side_h + (2 * MARGIN if self.open_deck else 0) + deck_h, info_h + top_strip + 20),
        ]
        self.card_w = max(24, int(min(limits)))
        self.card_h = round(self.card_w * CARD_ASPECT)
        cw, ch = self.card_w, self.card_h
        gap = max(2, round(cw * CELL_GAP))
        margin = round(cw * MARGIN)

        grid_w, grid_h = 5 * cw + 4 * gap, 5 * ch + 4 * gap
        side_px = round(side_w * cw) + (self.info_w if self.competitive else 0)
        total_w = grid_w + 12 + self.label_w + 2 * margin + side_px
        x0 = max(margin, (avail_w - total_w) // 2)
        used_h = top_strip + grid_h + column_strip
        y0 = top + max(top_strip, (avail_h - used_h) // 2 + top_strip)
        self.grid_rect = pygame.Rect(x0, y0, grid_w, grid_h)
        self.cells = [pygame.Rect(x0 + c * (cw + gap), y0 + r * (ch + gap), cw, ch)
                      for r in range(5) for c in range(5)]
        label_x = self.grid_rect.right + 12
        self.row_labels = [pygame.Rect(label_x, self.cells[r * 5].y, self.label_w, ch) for r in range(5)]
        self.column_labels = [pygame.Rect(self.cells[c].x - gap // 2, self.grid_rect.bottom + 6, cw + gap,
                                          column_strip - 6) for c in range(5)]
        self.diagonal_labels = [
            pygame.Rect(label_x, self.grid_rect.bottom + 6, self.label_w, column_strip - 6),  # from top left
            pygame.Rect(label_x, self.grid_rect.top - top_strip, self.label_w, top_strip - 4),  # from bottom left
        ]

        side_x = label_x + self.label_w + 2 * margin
        self.drawn = pygame.Rect(side_x, y0, cw, ch)
        self.info_x = side_x
        self.info_y = self.drawn.bottom + 8
        if self.competitive:
            mw = max(8, round(cw * MINI))
            mh = round(mw * CARD_ASPECT)
            mgap = max(1, round(mw * CELL_GAP))
            mx = side_x + max(cw, self.info_w) + margin
            my = y0 + line + 8
            self.mini_title_y = y0
            self.mini_cells = [pygame.Rect(mx + c * (mw + mgap), my + r * (mh + mgap), mw, mh)
                               for r in range(5) for c in range(5)]
        if self.open_deck:
            dw = max(12, round(cw * DECK))
            self.deck_size = (dw, round(dw * CARD_ASPECT))
            deck_top = max(self.info_y + info_h, self.mini_cells[-1].bottom + 8 if self.mini_cells else 0)
            self.deck_origin = (side_x, deck_top + margin // 2)

    @property
    def deck_step(self) -> int:
        return max(4, round(self.deck_size[0] * DECK_STEP))

    @staticmethod
    def deck_order(card) -> tuple[int, int]:
        """(suit row, place in the fan): cards further right lie on top."""
        if card.rank == 0:  # the joker has no suit: it ends the first row
            return 0, 13
        return SUIT_CHARS.index(card.suit), card.rank - 2

    def deck_rect(self, card) -> pygame.Rect:
        """An open-deck card's place: its suit's row, its rank's place in the fan (the two counts as low)."""
        w, h = self.deck_size
        row, place = self.deck_order(card)
        return pygame.Rect(self.deck_origin[0] + place * self.deck_step,
                           self.deck_origin[1] + row * round(h * 1.06), w, h)

    def cell_at(self, pos) -> int | None:
        for cell, rect in enumerate(self.cells):
            if rect.collidepoint(pos):
                return cell
        return None

    def cell_under(self, card_rect: pygame.Rect) -> int | None:
        """The cell a dropped card covers most (at least a quarter of a card)."""
        best, best_area = None, self.card_w * self.card_h // 4
        for cell, rect in enumerate(self.cells):
            clip = rect.clip(card_rect)
            if clip.w * clip.h > best_area:
                best, best_area = cell, clip.w * clip.h
        return best
