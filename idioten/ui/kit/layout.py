"""Where everything goes, computed from the window size alone (no drawing here). Sizes are the picture's
pixels; `scale` is how many of them a point of the design takes on a high-DPI screen (window.ui_scale), so
the bars and texts, whose sizes are bounded, keep their size to the eye there too. `text_scale` is the
player's text size (1.25 for the setting's 125 %): every text, and the bars that hold texts, that many times
as large as at 100 % in a window of the same size; the cards take the room that is left.

Row of the table, left to right: stock, the four piles, discard pile. Piles fan downward. A bar of buttons
runs along the top and the status bar along the bottom. The card width is the largest that lets the row fit
the width and a pile of about twelve cards fit the height at the nominal fan.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from idioten.ui.kit.felt import MIN_WINDOW as MIN_WINDOW  # the layouts' smallest window, named beside the felt

CARD_ASPECT = 350 / 250
NOMINAL_FAN = 0.2  # of the card height, between two cards of a pile that has room
CARDS_PLANNED = 12  # the pile length that must fit at the nominal fan
PILE_GAP = 0.22  # of the card width, between piles
SIDE_GAP = 0.55  # of the card width, between the stock or discard pile and the piles
OUTER_MARGIN = 0.4  # of the card width, at the left and right window edges
SMALLEST_BUTTON_TEXT = 0.65  # of the bar's text size: how far the buttons' text shrinks before buttons go


def status_line_pitch(size: int) -> int:
    """From one line of the status bar to the next, at text size `size`: the font's line and a little air."""
    return round(size * 0.85)


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass
class Layout:
    width: int
    height: int
    card_w: int = 0
    card_h: int = 0
    top_bar: pygame.Rect = field(default_factory=pygame.Rect)
    status_bar: pygame.Rect = field(default_factory=pygame.Rect)
    stock: pygame.Rect = field(default_factory=pygame.Rect)
    discard: pygame.Rect = field(default_factory=pygame.Rect)
    piles: list[pygame.Rect] = field(default_factory=list)
    table_bottom: int = 0
    scale: float = 1.0
    text_scale: float = 1.0
    font_size: int = 0
    small_font_size: int = 0
    label_size: int = 0

    def __post_init__(self) -> None:
        w, h, s, t = max(self.width, 1), max(self.height, 1), self.scale, self.text_scale
        bar_h = round(_clamp(h * 0.06, 34 * s, 56 * s) * t)
        status_h = round(_clamp(h * 0.045, 26 * s, 42 * s) * t)
        self.font_size = round(bar_h * 0.5)
        self.small_font_size = round(status_h * 0.62)
        # A window narrower than the program ever opens one (a tiling window manager can force it) has no room
        # for the facts and a message side by side: its status bar holds two lines (kit/drawing.py).
        if w < MIN_WINDOW[0] * s * t:
            status_h += status_line_pitch(self.small_font_size)
        self.top_bar = pygame.Rect(0, 0, w, bar_h)
        self.status_bar = pygame.Rect(0, h - status_h, w, status_h)
        self.label_size = round(_clamp(h * 0.026, 16 * s, 28 * s) * t)

        label_room = self.label_size + 10
        table_h = self.status_bar.top - self.top_bar.bottom - label_room - 16
        by_width = w / (6 + 3 * PILE_GAP + 2 * SIDE_GAP + 2 * OUTER_MARGIN)
        by_height = table_h / (CARD_ASPECT * (1 + (CARDS_PLANNED - 1) * NOMINAL_FAN))
        self.card_w = max(20, int(min(by_width, by_height)))
        self.card_h = round(self.card_w * CARD_ASPECT)

        row_w = self.card_w * (6 + 3 * PILE_GAP + 2 * SIDE_GAP)
        x = (w - row_w) / 2
        y = self.top_bar.bottom + label_room + 6
        step = self.card_w * (1 + PILE_GAP)
        self.stock = pygame.Rect(round(x), y, self.card_w, self.card_h)
        first_pile_x = x + self.card_w * (1 + SIDE_GAP)
        self.piles = [pygame.Rect(round(first_pile_x + i * step), y, self.card_w, self.card_h) for i in range(4)]
        last_pile_right = first_pile_x + 3 * step + self.card_w
        self.discard = pygame.Rect(round(last_pile_right + self.card_w * SIDE_GAP), y, self.card_w, self.card_h)
        self.table_bottom = self.status_bar.top - 8

    @property
    def size(self) -> tuple[int, int]:
        """The window's (or canvas's) width and height."""
        return self.width, self.height

    @property
    def text_points(self) -> float:
        """Pixels per design point of text: the desktop's scale times the player's text size (a text's least
        size, given in points, grows by it)."""
        return self.scale * self.text_scale

    def grown(self, factor: float) -> Layout:
        """The same layout for a canvas `factor` times the window's size (a panel too large for its window)."""
        return Layout(round(self.width * factor), round(self.height * factor), scale=self.scale,
                      text_scale=self.text_scale)

    def with_text_scale(self, text_scale: float) -> Layout:
        """The same window with another text size (a panel that does not fit at the size chosen)."""
        return Layout(self.width, self.height, scale=self.scale, text_scale=text_scale)

    def fan_step(self, cards_in_pile: int) -> float:
        """Vertical distance between two cards of a pile: nominal while there is room, then tighter."""
        if cards_in_pile <= 1:
            return 0.0
        room = self.table_bottom - self.piles[0].top - self.card_h
        return max(1.0, min(self.card_h * NOMINAL_FAN * 1.2, room / (cards_in_pile - 1)))

    def card_position(self, pile: int, index: int, cards_in_pile: int) -> tuple[float, float]:
        """The top-left corner of the `index`th card of a pile of `cards_in_pile`, fanned down the table."""
        rect = self.piles[pile]
        return float(rect.x), rect.y + index * self.fan_step(cards_in_pile)

    def pile_area(self, pile: int, cards_in_pile: int) -> pygame.Rect:
        """The whole fanned pile (at least one card's size): where a drop on this pile lands."""
        rect = self.piles[pile]
        height = self.card_h + self.fan_step(cards_in_pile) * max(0, cards_in_pile - 1)
        return pygame.Rect(rect.x, rect.y, rect.w, round(height))

    def bar_buttons(self, widths_at: Callable[[int], list[int]],
                    right_aligned: int = 1) -> tuple[list[pygame.Rect], int]:
        """The top bar's buttons side by side, never over each other, and the text size to draw them at
        (`widths_at(size)`: each button's width at that size). At the bar's own size if they fit; else at a
        smaller one, down to SMALLEST_BUTTON_TEXT of it; should even that be too wide (a window narrower than
        the program ever opens one), the left group's last buttons are left out, each an empty rectangle at the
        corner: their keys and the menu still do what they do."""
        pad = max(6, self.top_bar.h // 6)

        def needed(widths: list[int]) -> int:  # margins of 2 pads, a pad between buttons and between the groups
            return 4 * pad + sum(widths) + pad * len(widths)

        smallest = max(1, round(self.font_size * SMALLEST_BUTTON_TEXT))
        for size in range(self.font_size, smallest - 1, -1):
            widths = widths_at(size)
            if needed(widths) <= self.width:
                return self.button_row(widths, right_aligned), size
        widths = widths_at(smallest)
        shown = list(range(len(widths)))
        while len(shown) > right_aligned and needed([widths[i] for i in shown]) > self.width:
            shown.pop(len(shown) - right_aligned - 1)
        rects = dict(zip(shown, self.button_row([widths[i] for i in shown], right_aligned)))
        return [rects.get(i, pygame.Rect(0, 0, 0, 0)) for i in range(len(widths))], smallest

    def button_row(self, widths: list[int], right_aligned: int = 1) -> list[pygame.Rect]:
        """Buttons along the top bar: all but the last `right_aligned` from the left, those at the right."""
        pad = max(6, self.top_bar.h // 6)
        height = self.top_bar.h - 2 * pad
        rects = []
        x = pad * 2
        left_count = len(widths) - right_aligned
        for width in widths[:left_count]:
            rects.append(pygame.Rect(x, pad, width, height))
            x += width + pad
        x = self.width - pad * 2
        right = []
        for width in reversed(widths[left_count:]):
            x -= width
            right.append(pygame.Rect(x, pad, width, height))
            x -= pad
        return rects + list(reversed(right))
