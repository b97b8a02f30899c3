"""Rank glyphs (2-10, J, Q, K, A) as stroked centre lines, since nanosvg does not draw <text>.

Each glyph is drawn in a box 100 units tall starting at the origin; WIDTHS gives the box width so the
index can centre it. The stroke is heavy (like the bold faces printed on real indices) so the rank stays
readable when a card is drawn about 70 pixels wide.
"""

from __future__ import annotations

from .svg import element, group, num

STROKE = 14


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    return (f"M{num(cx)} {num(cy - ry)} A{num(rx)} {num(ry)} 0 1 1 {num(cx)} {num(cy + ry)} "
            f"A{num(rx)} {num(ry)} 0 1 1 {num(cx)} {num(cy - ry)} Z")


_SIX = ("M52 8 C46 2 38 0 31 0 C12 0 4 26 4 58 C4 86 15 100 31 100 C48 100 57 87 57 70 "
        "C57 52 46 41 31 41 C18 41 7 49 4 60")

GLYPHS: dict[int, str] = {
    2: "M5 22 C7 6 19 0 31 0 C46 0 56 10 56 26 C56 44 42 56 5 100 L58 100",
    3: ("M5 12 C12 3 22 0 31 0 C46 0 54 10 54 24 C54 38 43 46 27 46 M27 46 C46 46 57 56 57 72 "
        "C57 90 44 100 30 100 C18 100 8 95 3 86"),
    4: "M44 100 L44 0 L3 68 L60 68",
    5: "M53 1 L13 1 L8 46 C16 40 24 38 31 38 C48 38 58 51 58 68 C58 88 45 100 29 100 C17 100 8 95 3 86",
    6: _SIX,
    7: "M3 1 L58 1 C42 28 28 60 23 100",
    8: _ellipse(30, 23, 21, 22) + " " + _ellipse(30, 72, 26, 27),
    9: _SIX,  # a 6 turned half a turn, see glyph()
    10: "M4 16 L22 1 L22 100 " + _ellipse(58, 50, 18, 48),
    11: "M24 1 L58 1 M45 1 L45 70 C45 91 35 100 23 100 C11 100 3 92 2 80",
    12: _ellipse(31, 49, 27, 48) + " M33 74 L60 104",
    13: "M5 0 L5 100 M57 0 L9 60 M26 40 L59 100",
    14: "M1 100 L31 0 L61 100 M12 66 L50 66",
}

WIDTHS = {2: 61, 3: 60, 4: 61, 5: 60, 6: 60, 7: 60, 8: 60, 9: 60, 10: 76, 11: 60, 12: 62, 13: 62, 14: 62}


def glyph(rank: int, colour: str, centre_x: float, top: float, height: float) -> str:
    """The rank glyph with its box centred on centre_x, its top at `top`, `height` units tall."""
    scale = height / 100
    width = WIDTHS[rank]
    stroke = element("path", d=GLYPHS[rank], fill="none", stroke=colour, stroke_width=STROKE,
                     stroke_linecap="round", stroke_linejoin="round")
    if rank == 9:
        stroke = group(stroke, transform=f"rotate(180 {num(width / 2)} 50)")
    return group(stroke, transform=f"translate({num(centre_x - width * scale / 2)} {num(top)}) scale({num(scale)})")
