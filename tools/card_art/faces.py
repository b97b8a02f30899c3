"""Card faces: corner indices, the standard pip layouts for 2-10, and the aces."""

from __future__ import annotations

import math

from .glyphs import glyph
from .suits import pip
from .svg import CENTRE_X, CENTRE_Y, element, group, num, turned

INDEX_X = 27
INDEX_TOP = 14
INDEX_HEIGHT = 44
INDEX_SUIT_Y = 85
INDEX_SUIT_SIZE = 34

PIP_SIZE = 46
LEFT, MIDDLE, RIGHT = 76, CENTRE_X, 174
TOP, BOTTOM = 70, 280


def _rows(count: int) -> list[float]:
    step = (BOTTOM - TOP) / (count - 1)
    return [TOP + step * i for i in range(count)]


def pip_positions(rank: int) -> list[tuple[float, float]]:
    """Where the pips of a 2-10 go, in the layouts printed on real cards."""
    three, four = _rows(3), _rows(4)
    sides3 = [(x, y) for y in three for x in (LEFT, RIGHT)]
    sides4 = [(x, y) for y in four for x in (LEFT, RIGHT)]
    upper = (TOP + CENTRE_Y) / 2
    lower = (BOTTOM + CENTRE_Y) / 2
    layouts = {
        2: [(MIDDLE, TOP), (MIDDLE, BOTTOM)],
        3: [(MIDDLE, y) for y in three],
        4: [(x, y) for y in (TOP, BOTTOM) for x in (LEFT, RIGHT)],
        5: [(x, y) for y in (TOP, BOTTOM) for x in (LEFT, RIGHT)] + [(MIDDLE, CENTRE_Y)],
        6: sides3,
        7: sides3 + [(MIDDLE, upper)],
        8: sides3 + [(MIDDLE, upper), (MIDDLE, lower)],
        9: sides4 + [(MIDDLE, CENTRE_Y)],
        10: sides4 + [(MIDDLE, (four[0] + four[1]) / 2), (MIDDLE, (four[2] + four[3]) / 2)],
    }
    return layouts[rank]


def corner_indices(rank: int, suit: str, colour: str) -> list[str]:
    """Rank over suit in the top-left corner, and the same turned into the bottom-right corner."""
    index = [glyph(rank, colour, INDEX_X, INDEX_TOP, INDEX_HEIGHT),
             pip(suit, colour, INDEX_X, INDEX_SUIT_Y, INDEX_SUIT_SIZE)]
    return [group(index), turned(index)]


def number_card(rank: int, suit: str, colour: str) -> list[str]:
    # Pips below the centre line face the other way, as on a real card turned upside down.
    return [pip(suit, colour, x, y, PIP_SIZE, upside_down=y > CENTRE_Y + 0.5) for x, y in pip_positions(rank)]


def ace(suit: str, colour: str) -> list[str]:
    if suit == "S":
        return _ornate_ace_of_spades(colour)
    return [pip(suit, colour, CENTRE_X, CENTRE_Y, 104)]


def _ornate_ace_of_spades(colour: str) -> list[str]:
    """A big spade with an engraved inner line, inside a beaded double oval with a spade at each quarter."""
    ring_rx, ring_ry, beads = 90, 116, 40
    parts = [
        element("ellipse", cx=CENTRE_X, cy=CENTRE_Y, rx=ring_rx + 7, ry=ring_ry + 7, fill="none", stroke=colour,
                stroke_width=2.5),
        element("ellipse", cx=CENTRE_X, cy=CENTRE_Y, rx=ring_rx - 7, ry=ring_ry - 7, fill="none", stroke=colour,
                stroke_width=1.5),
    ]
    for i in range(beads):
        if i % 10 == 0:
            continue  # the quarter spades sit here
        angle = 2 * math.pi * i / beads
        parts.append(element("circle", cx=CENTRE_X + ring_rx * math.sin(angle),
                             cy=CENTRE_Y - ring_ry * math.cos(angle), r=2.6, fill=colour))
    for x, y in ((0, -ring_ry), (ring_rx, 0), (0, ring_ry), (-ring_rx, 0)):
        parts.append(pip("S", colour, CENTRE_X + x, CENTRE_Y + y, 20, upside_down=y > 0))
    parts.append(pip("S", colour, CENTRE_X, CENTRE_Y, 132))
    engraving = element("path", d=_SPADE_BODY, fill="none", stroke="#ffffff", stroke_width=4)
    parts.append(group(engraving, transform=f"translate({num(CENTRE_X)} {num(CENTRE_Y - 4)}) scale(0.98)"))
    parts.append(pip("S", "#ffffff", CENTRE_X, CENTRE_Y - 6, 30))
    return parts


# The spade without its stem, for the engraved line on the ace.
_SPADE_BODY = ("M0 -48 C8 -32 48 -14 48 10 C48 28 34 36 24 36 C14 36 7 30 0 22 "
               "C-7 30 -14 36 -24 36 C-34 36 -48 28 -48 10 C-48 -14 -8 -32 0 -48 Z")
