"""Court cards: a framed, double-ended picture of a jack, queen or king.

The upper half is drawn once in card coordinates (it ends on the centre line) and repeated turned half a
turn, as real double-ended courts are. The robe takes the suit colour; trim uses gold and a second colour
chosen to stand apart from the suit colour (blue beside red, red beside black, green or blue).
"""

from __future__ import annotations

from .suits import RED, pip
from .svg import CENTRE_Y, element, group, turned

GOLD = "#e2a82a"
SKIN = "#f7d6b8"
INK = "#262626"
PAPER = "#fffaf0"
FRAME = (48, 40, 154, 270)  # x, y, width, height

_OUTLINE = {"stroke": INK, "stroke_width": 1.6, "stroke_linejoin": "round"}


def _shape(d: str, fill: str, **extra: object) -> str:
    return element("path", d=d, fill=fill, **{**_OUTLINE, **extra})


def _second_colour(main: str) -> str:
    return "#1d3f8a" if main == RED else RED


def _body(main: str, second: str) -> list[str]:
    robe = _shape("M84 136 C92 120 108 114 125 114 C142 114 158 120 166 136 L176 175 L74 175 Z", main)
    sleeve_left = _shape("M84 136 C78 150 76 162 78 175 L96 175 C94 160 96 148 100 138 Z", second)
    sleeve_right = _shape("M166 136 C172 150 174 162 172 175 L154 175 C156 160 154 148 150 138 Z", second)
    band = _shape("M117 117 L133 117 L137 175 L113 175 Z", GOLD)
    studs = [element("circle", cx=125, cy=y, r=2.6, fill=second) for y in (130, 145, 160)]
    collar = _shape("M99 116 C108 124 142 124 151 116 C146 110 104 110 99 116 Z", "#ffffff")
    neck = _shape("M119 104 L131 104 L131 114 L119 114 Z", SKIN)
    return [robe, sleeve_left, sleeve_right, band, *studs, neck, collar]


def _face() -> list[str]:
    return [
        element("circle", cx=125, cy=92, r=16, fill=SKIN, **_OUTLINE),
        element("circle", cx=119, cy=89, r=1.7, fill=INK),
        element("circle", cx=131, cy=89, r=1.7, fill=INK),
        element("path", d="M124 92 C123 95 124 97 127 96", fill="none", stroke=INK, stroke_width=1.2),
        element("path", d="M120 101 C123 103 127 103 130 101", fill="none", stroke="#a0302a", stroke_width=1.6,
                stroke_linecap="round"),
    ]


def _king(main: str, second: str) -> list[str]:
    hair = _shape("M107 86 C106 70 144 70 143 86 L146 104 L104 104 Z", "#7a4a22")
    beard = _shape("M109 96 C110 112 119 120 125 120 C131 120 140 112 141 96 C135 103 130 104 125 104 "
                   "C120 104 115 103 109 96 Z", "#8b5a2b")
    crown = _shape("M105 78 L103 52 L113 64 L119 46 L125 62 L131 46 L137 64 L147 52 L145 78 Z", GOLD)
    jewels = [element("circle", cx=x, cy=71, r=2.8, fill=c) for x, c in ((113, second), (125, main), (137, second))]
    sword = [
        _shape("M151 172 L151 102 L155 94 L159 102 L159 172 Z", "#d9dde3"),
        _shape("M143 150 L167 150 L167 156 L143 156 Z", GOLD),
        element("circle", cx=155, cy=162, r=6, fill=SKIN, **_OUTLINE),
    ]
    return [hair, *_body(main, second), *_face(), beard, crown, *jewels, *sword]


def _queen(main: str, second: str) -> list[str]:
    hair = _shape("M103 94 C100 70 112 68 125 68 C138 68 150 70 147 94 L152 124 L98 124 Z", "#5b3417")
    crown = _shape("M108 80 L106 60 C111 66 113 64 116 56 C119 64 121 64 125 52 C129 64 131 64 134 56 "
                   "C137 64 139 66 144 60 L142 80 Z", GOLD)
    pearls = [element("circle", cx=x, cy=y, r=2.4, fill="#ffffff", **_OUTLINE)
              for x, y in ((116, 56), (125, 52), (134, 56))]
    flower = [
        element("path", d="M96 170 C94 150 92 136 94 122", fill="none", stroke="#2f7a2f", stroke_width=3),
        *[element("circle", cx=94 + dx, cy=120 + dy, r=5.5, fill=second, **_OUTLINE)
          for dx, dy in ((0, -7), (7, 0), (0, 7), (-7, 0))],
        element("circle", cx=94, cy=120, r=4, fill=GOLD, **_OUTLINE),
        element("circle", cx=96, cy=160, r=6, fill=SKIN, **_OUTLINE),
    ]
    return [hair, *_body(main, second), *_face(), crown, *pearls, *flower]


def _jack(main: str, second: str) -> list[str]:
    hair = _shape("M108 96 C104 74 146 74 142 96 L144 108 L106 108 Z", "#c2872e")
    hat = _shape("M103 84 C98 66 112 60 127 60 C142 60 154 68 148 84 Z", second)
    hat_band = _shape("M104 78 L147 78 L148 85 L103 85 Z", GOLD)
    feather = _shape("M144 70 C150 56 162 46 176 44 C170 54 160 64 146 74 Z", "#ffffff")
    halberd = [
        _shape("M150 174 L156 100 L161 100 L155 174 Z", "#9a6a3a"),
        _shape("M158 96 L166 84 L172 98 L162 110 Z", "#d9dde3"),
        element("circle", cx=154, cy=158, r=6, fill=SKIN, **_OUTLINE),
    ]
    return [hair, *_body(main, second), *_face(), hat, hat_band, feather, *halberd]


_FIGURES = {11: _jack, 12: _queen, 13: _king}


def court_card(rank: int, suit: str, colour: str) -> list[str]:
    x, y, width, height = FRAME
    second = _second_colour(colour)
    top_half = [*_FIGURES[rank](colour, second), pip(suit, colour, x + 15, y + 17, 20)]
    return [
        element("rect", x=x, y=y, width=width, height=height, rx=4, fill=PAPER, stroke=colour, stroke_width=2.5),
        group(top_half),
        turned(top_half),
        element("path", d=f"M{x} {CENTRE_Y} L{x + width} {CENTRE_Y}", stroke=colour, stroke_width=2),
        element("rect", x=x + 4, y=y + 4, width=width - 8, height=height - 8, rx=2, fill="none", stroke=colour,
                stroke_width=1),
    ]

