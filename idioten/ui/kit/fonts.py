"""Every text in the window: the shipped font (DejaVu Sans Bold, assets/fonts/, licence beside it) by size, a
bounded cache of rendered lines, and cards named in a text ("9♦") drawn as small cards: the rank and the suit
in the ink of the deck on the table, on white, so a black suit stays readable on the dark felt.

pygame's built-in font has no ♣ ♦ ♥ ♠; the shipped one has them and every letter of every catalogue
(tests/test_ui_fonts.py). If the file is missing the built-in font stands in (suits then show as boxes, but
nothing breaks)."""

from __future__ import annotations

import functools
import re
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pygame

from idioten import paths
from idioten.cards import SUIT_SYMBOLS

FONT_FILE = ("fonts", "DejaVuSans-Bold.ttf")
# The sizes the layout asks for were chosen with pygame's built-in font, which draws a size-24 line 16 pixels
# tall; the shipped font at this share of the size is as tall, so every panel keeps its proportions.
SHIPPED_SCALE = 0.6

CHIP_PAPER = (250, 250, 246)
CARD_INK = {  # as in tools/card_art (the faces' colours), two-colour and four-colour deck
    False: {"C": (27, 27, 27), "D": (200, 16, 46), "H": (200, 16, 46), "S": (27, 27, 27)},
    True: {"C": (18, 128, 60), "D": (21, 83, 182), "H": (200, 16, 46), "S": (27, 27, 27)},
}
RANK_INK = (27, 27, 27)
SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
ITEM_JOINER, PART_JOINER = " · ", ", "  # a line of keys: "1–4 choose a pile, D discard · Space deal"
WIDTHS_KEPT = 20_000  # measured widths kept (a few MB at most), then measured afresh
FONTS_MEASURED = 64  # as many as fonts are kept loaded (_font_at)
LINES_KEPT = 256  # rendered lines kept for the run, for the next window (a few MB), the least recently used go
CARD_IN_TEXT = re.compile("(10|[2-9TJQKA])?([" + "".join(SUIT_SYMBOLS.values()) + "])")


def load_font(size: int) -> pygame.font.Font:
    """The shipped font (DejaVu Sans, which has the suit symbols) at `size`; pygame's own if it cannot be read."""
    return _font_at(paths.kept_asset(*FONT_FILE), size)


# A font once loaded at a size serves every window of the run (a new window, another game's table, the rules'
# samples): nothing draws into a font, and pygame's font module is never closed while the program runs. Kept by
# the least recently used, as each one holds its file open.
@functools.lru_cache(maxsize=64)
def _font_at(path: Path, size: int) -> pygame.font.Font:
    if path.is_file():
        try:
            return pygame.font.Font(str(path), max(6, round(size * SHIPPED_SCALE)))
        except (pygame.error, OSError):
            pass
    return pygame.font.Font(None, size)


def pieces(text: str) -> list[tuple[str, str | None]]:
    """The text cut into plain runs (suit None) and cards ("9♦", suit "D"); a lone suit symbol is a card
    without rank."""
    result: list[tuple[str, str | None]] = []
    start = 0
    for match in CARD_IN_TEXT.finditer(text):
        if match.start() > start:
            result.append((text[start:match.start()], None))
        result.append((match.group(0), SUIT_OF_SYMBOL[match.group(2)]))
        start = match.end()
    if start < len(text):
        result.append((text[start:], None))
    return result


def words_of(text: str) -> list[str]:
    """Words split at spaces only: a no-break space holds "1 234 567" together."""
    return [word for word in text.split(" ") if word]


# Each font's measures of texts, for the run: every window (and each of its layouts, and a panel growing word by
# word) measures the same words at the same sizes, and a font's measure of a text never changes. By the font
# itself, loaded once per file and size (load_font): text (and whether cards are measured on their paper) ->
# width.
_measured: dict[pygame.font.Font, dict[tuple[str, bool], int]] = {}
# ... and the lines rendered, by font, text, colour and deck colours: nothing draws on a rendered line.
_rendered: OrderedDict[tuple[pygame.font.Font, str, tuple[int, int, int], bool], pygame.Surface] = OrderedDict()


class Texts:
    """Fonts by size and a bounded cache of rendered lines: the status bar is redrawn often, its text rarely
    changes. `four_colour` (a callable, so it follows the setting) picks the suits' inks."""

    # A rendered status line is tens of KB: keep the cache small.
    def __init__(self, limit: int = 96, four_colour: Callable[[], bool] = lambda: False) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._lines: OrderedDict[tuple[str, int, tuple[int, int, int], bool], pygame.Surface] = OrderedDict()
        self._limit = limit
        # Laying out a panel measures each line as it grows word by word, and again at each resize and frame
        # that lays it out: the widths measured, by text and size (a font's measure of a text never changes).
        self._widths: dict[tuple[str, int], int] = {}
        self.four_colour = four_colour

    def font(self, size: int) -> pygame.font.Font:
        """The font at `size`, loaded once."""
        font = self._fonts.get(size)
        if font is None:
            font = self._fonts[size] = load_font(size)
        return font

    def chip_pad(self, size: int) -> int:
        """The paper each side of a card named in a text (the suit's chip), at `size`."""
        return max(1, self.font(size).get_height() // 7)

    def width(self, text: str, size: int) -> int:
        """The rendered width, cards' paper included."""
        key = (text, size)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()
            width = self._widths[key] = self._measure(text, size, chips=True)
        return width

    def plain_width(self, text: str, size: int) -> int:
        """The font's own width of `text`, cards named in it measured as plain letters (a button's words)."""
        return self._measure(text, size, chips=False)

    def _measure(self, text: str, size: int, chips: bool) -> int:
        """A width as any window measured it with this font (`_measured`), or measured now. The window's own
        `_widths` and `_lines` stay in front of the run's caches: asked by text and size alone they answer in a
        third of the time, and a frame asks hundreds of times."""
        font = self.font(size)
        known = _measured.get(font)
        if known is None:
            if len(_measured) >= FONTS_MEASURED:
                _measured.clear()
            known = _measured[font] = {}
        width = known.get((text, chips))
        if width is None:
            if len(known) >= WIDTHS_KEPT:
                known.clear()
            if chips:
                pad = self.chip_pad(size)
                width = sum(font.size(piece)[0] + (2 * pad if suit else 0) for piece, suit in pieces(text))
            else:
                width = font.size(text)[0]
            known[(text, chips)] = width
        return width

    def render(self, text: str, size: int, colour: tuple[int, int, int] = (240, 240, 235)) -> pygame.Surface:
        """`text` rendered in `colour`, each card named in it on a paper chip in its suit's ink; kept for the
        next frame, which most likely shows it again."""
        four = bool(self.four_colour())
        key = (text, size, colour, four)
        surface = self._lines.get(key)
        if surface is None:
            surface = self._rendered(text, size, colour, four)
            self._lines[key] = surface
            if len(self._lines) > self._limit:
                self._lines.popitem(last=False)
        else:
            self._lines.move_to_end(key)
        return surface

    def _rendered(self, text: str, size: int, colour: tuple[int, int, int], four: bool) -> pygame.Surface:
        """The line as another window rendered it with the same font, or rendered now (and kept for the next)."""
        key = (self.font(size), text, colour, four)
        surface = _rendered.get(key)
        if surface is None:
            surface = _rendered[key] = self._render(text, size, colour, four)
            if len(_rendered) > LINES_KEPT:
                _rendered.popitem(last=False)
        else:
            _rendered.move_to_end(key)
        return surface

    def _render(self, text: str, size: int, colour: tuple[int, int, int], four: bool) -> pygame.Surface:
        font = self.font(size)
        parts = pieces(text)
        if all(suit is None for _, suit in parts):
            return font.render(text, True, colour)
        pad, height = self.chip_pad(size), font.get_height()
        surface = pygame.Surface((max(1, self.width(text, size)), height), pygame.SRCALPHA)
        x = 0
        for piece, suit in parts:
            if suit is None:
                surface.blit(font.render(piece, True, colour), (x, 0))
                x += font.size(piece)[0]
                continue
            w = font.size(piece)[0] + 2 * pad
            pygame.draw.rect(surface, CHIP_PAPER, (x, 0, w, height), border_radius=max(2, height // 5))
            rank, symbol = piece[:-1], piece[-1]
            if rank:
                surface.blit(font.render(rank, True, RANK_INK), (x + pad, 0))
            surface.blit(font.render(symbol, True, CARD_INK[four][suit]), (x + pad + font.size(rank)[0], 0))
            x += w
        return surface

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """`text` in lines no wider than `width`, broken between words. A text of items joined by " · " (a
        line of keys: "Space deal · S statistics") breaks only between its items, or between the comma-joined
        parts of an item ("1–4 choose a pile, D discard"), so a key never ends one line and what it does
        begins the next; only a part too long for a line of its own breaks between its words."""
        lines, line = [], ""
        for joiner, piece in self.wrap_pieces(text, size, width):
            candidate = f"{line}{joiner}{piece}" if line else piece
            if line and self.width(candidate, size) > width:
                lines.append(line + joiner.rstrip(" ·"))  # a comma stays at the end of its line, a dot goes
                line = piece
            else:
                line = candidate
        if line:
            lines.append(line)
        return lines

    def wrap_pieces(self, text: str, size: int, width: int) -> list[tuple[str, str]]:
        """The pieces `wrap` never breaks, each with what joins it to the piece before."""
        if ITEM_JOINER not in text:
            return [(" ", word) for word in words_of(text)]
        pieces = []
        for item in text.split(ITEM_JOINER):
            for part_index, part in enumerate(item.strip().split(PART_JOINER)):
                joiner = PART_JOINER if part_index else ITEM_JOINER
                words = words_of(part)
                if self.width(" ".join(words), size) <= width:
                    words = [" ".join(words)]
                pieces += [(joiner if i == 0 else " ", word) for i, word in enumerate(words)]
        return pieces
