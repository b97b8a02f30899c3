"""The joker of Poker patience's joker variant: a jester's cap with bells, and JOKER down both corners.

Like every face here it is plain paths and shapes (nanosvg draws no <text>); the corner letters are stroked
centre lines in the style of the rank glyphs, so the card reads as a joker even when it is small.
"""

from __future__ import annotations

from .svg import CENTRE_X, CENTRE_Y, card_outline, element, group, num, turned

RED = "#c8102e"
INK = "#1b1b1b"
GOLD = "#e2a82a"
LETTER_STROKE = 13
LETTER_HEIGHT = 19  # card units per letter; five letters run down the corner
LETTER_X = 27
LETTER_TOP = 16

# Letters in a 60 x 100 box, as stroked centre lines (J and K match the rank glyphs' shapes).
_LETTERS = {
    "J": "M24 1 L58 1 M45 1 L45 70 C45 91 35 100 23 100 C11 100 3 92 2 80",
    "O": "M30 0 A27 50 0 1 1 30 100 A27 50 0 1 1 30 0 Z",
    "K": "M5 0 L5 100 M57 0 L9 60 M26 40 L59 100",
    "E": "M55 1 L5 1 L5 99 L55 99 M5 50 L45 50",
    "R": "M5 100 L5 1 L34 1 C50 1 57 12 57 26 C57 40 48 50 32 50 L5 50 M30 50 L58 100",
}


def _letter(char: str, colour: str, top: float) -> str:
    scale = LETTER_HEIGHT / 100
    stroke = element("path", d=_LETTERS[char], fill="none", stroke=colour, stroke_width=LETTER_STROKE,
                     stroke_linecap="round", stroke_linejoin="round")
    return group(stroke, transform=f"translate({num(LETTER_X - 30 * scale)} {num(top)}) scale({num(scale)})")


def _corner(colour: str) -> list[str]:
    step = LETTER_HEIGHT * 1.32
    return [group([_letter(char, colour, LETTER_TOP + i * step) for i, char in enumerate("JOKER")])]


def _cap() -> list[str]:
    """A three-pointed jester's cap on a band, a bell at each point, a star below."""
    outline = {"stroke": INK, "stroke_width": 2, "stroke_linejoin": "round"}
    x, y = CENTRE_X, CENTRE_Y
    left = element("path", d=f"M{num(x - 52)} {num(y + 22)} C{num(x - 60)} {num(y - 20)} {num(x - 82)} "
                             f"{num(y - 44)} {num(x - 78)} {num(y - 70)} C{num(x - 50)} {num(y - 50)} "
                             f"{num(x - 26)} {num(y - 20)} {num(x - 14)} {num(y + 22)} Z", fill=RED, **outline)
    right = element("path", d=f"M{num(x + 52)} {num(y + 22)} C{num(x + 60)} {num(y - 20)} {num(x + 82)} "
                              f"{num(y - 44)} {num(x + 78)} {num(y - 70)} C{num(x + 50)} {num(y - 50)} "
                              f"{num(x + 26)} {num(y - 20)} {num(x + 14)} {num(y + 22)} Z", fill=RED, **outline)
    middle = element("path", d=f"M{num(x - 24)} {num(y + 22)} C{num(x - 26)} {num(y - 30)} {num(x - 10)} "
                               f"{num(y - 70)} {num(x)} {num(y - 92)} C{num(x + 10)} {num(y - 70)} "
                               f"{num(x + 26)} {num(y - 30)} {num(x + 24)} {num(y + 22)} Z", fill=INK, **outline)
    band = element("rect", x=x - 60, y=y + 16, width=120.0, height=18.0, rx=6.0, fill=GOLD, **outline)
    bells = [element("circle", cx=bx, cy=by, r=8.0, fill=GOLD, **outline)
             for bx, by in ((x - 78, y - 72), (x, y - 96), (x + 78, y - 72))]
    studs = [element("circle", cx=x + dx, cy=y + 25, r=3.0, fill=RED) for dx in (-40, -20, 0, 20, 40)]
    return [left, right, middle, band, *bells, *studs, _star(x, y + 72, 22)]


def _star(cx: float, cy: float, r: float) -> str:
    import math

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = math.pi * i / 5
        points.append(f"{num(cx + radius * math.sin(angle))} {num(cy - radius * math.cos(angle))}")
    return element("path", d="M" + " L".join(points) + " Z", fill=GOLD, stroke=INK, stroke_width=1.5,
                   stroke_linejoin="round")


def joker_face() -> list[str]:
    """The body of the joker's SVG document (the same in both decks: it has no suit to colour)."""
    corner = _corner(RED)
    return [card_outline(), *_cap(), *corner, turned(corner)]
