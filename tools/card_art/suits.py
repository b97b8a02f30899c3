"""The four suit symbols as our own Bézier outlines, and the colours of the two decks.

Each symbol is drawn in a 100 x 100 box centred on the origin, so a pip is the symbol under
`translate(x y) scale(size / 100)`. A symbol is a list of separate filled paths (the club's three leaves
and stem overlap; separate paths avoid winding-rule holes where they meet).
"""

from __future__ import annotations

from .svg import circle_path, element, group, num

RED = "#c8102e"
BLACK = "#1b1b1b"
GREEN = "#12803c"
BLUE = "#1553b6"

STANDARD_COLOURS = {"C": BLACK, "D": RED, "H": RED, "S": BLACK}
FOUR_COLOURS = {"C": GREEN, "D": BLUE, "H": RED, "S": BLACK}

_HEART = ("M0 44 C-8 32 -48 10 -48 -18 C-48 -36 -34 -44 -24 -44 C-12 -44 -3 -36 0 -26 "
          "C3 -36 12 -44 24 -44 C34 -44 48 -36 48 -18 C48 10 8 32 0 44 Z")
_DIAMOND = "M0 -50 C10 -34 24 -16 38 0 C24 16 10 34 0 50 C-10 34 -24 16 -38 0 C-24 -16 -10 -34 0 -50 Z"
_SPADE = ("M0 -48 C8 -32 48 -14 48 10 C48 28 34 36 24 36 C14 36 7 30 4 24 C5 34 10 42 20 48 L-20 48 "
          "C-10 42 -5 34 -4 24 C-7 30 -14 36 -24 36 C-34 36 -48 28 -48 10 C-48 -14 -8 -32 0 -48 Z")
_CLUB_STEM = "M-4 12 C-4 30 -10 42 -20 48 L20 48 C10 42 4 30 4 12 Z"

SHAPES: dict[str, tuple[str, ...]] = {
    "H": (_HEART,),
    "D": (_DIAMOND,),
    "S": (_SPADE,),
    "C": (circle_path(0, -25, 22), circle_path(-25, 9, 22), circle_path(25, 9, 22), circle_path(0, 4, 12),
          _CLUB_STEM),
}


def symbol(suit: str, fill: str) -> list[str]:
    """The suit symbol at the origin, 100 units tall, as path elements."""
    return [element("path", d=d, fill=fill) for d in SHAPES[suit]]


def pip(suit: str, fill: str, x: float, y: float, size: float, upside_down: bool = False) -> str:
    spin = " rotate(180)" if upside_down else ""
    return group(symbol(suit, fill), transform=f"translate({num(x)} {num(y)}){spin} scale({num(size / 100)})")
