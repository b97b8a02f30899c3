"""The colours both games' tables and every panel share, each named once by what it is for, so the screens
look alike and a colour changes in one place. A colour only one painter uses stays beside it, and the cards'
own inks are the card art's (kit/fonts.py, kit/sprites.py).

The dark ones are the green felt's (the bars, a panel's box and edges, the buttons, Poker's plates): drawn
through `tint`, they take the hue of the table colour chosen (`follow_table`, which the window calls at its
start and when the setting changes), so a blue table has blue panels, a grey one grey. The texts and the marks
keep their colours: they are chosen to read on every table alike."""

from __future__ import annotations

import colorsys

from idioten.ui.kit.felt import FELTS

RGB = tuple[int, int, int]

# the table: the bars along the top and bottom, the texts on the felt
BAR = (12, 40, 26)
BAR_LINE = (60, 110, 78)
LABEL = (210, 228, 214)
TEXT = (236, 240, 230)  # the status line and a panel's text
MESSAGE = (255, 226, 120)

# marks: what can be played, the choice made, and where the player is (a chosen card, the keyboard focus)
GLOW = (255, 224, 110)
SELECT = (130, 200, 255)
GOLD = (255, 214, 90)  # points scored, a won game's bar, the scoring table in use

# panels
BOX = (18, 48, 32)
EDGE = (120, 170, 135)  # a panel's edge, a button's edge, a chart's axis
TITLE = (255, 236, 160)
CAPTION = (190, 214, 196)  # the name beside a value (statistics, settings)
CHART_BAR = (120, 190, 140)


_table = "green"
_tinted: dict[tuple[RGB, str], RGB] = {}


def follow_table(colour: str) -> None:
    """The table colour the tinted colours follow from now on (one of the felts; any other: green)."""
    global _table
    _table = colour if colour in FELTS else "green"


def table_colour() -> str:
    return _table


def tint(colour: RGB) -> RGB:
    """`colour`, one of the green felt's, in the table's own hue: turned by the angle between the two felts'
    hues, its saturation in the ratio of theirs, its brightness kept (a grey felt gives grey)."""
    key = (colour, _table)
    if key not in _tinted:
        _tinted[key] = colour if _table == "green" else _turned(colour, FELTS["green"][0], FELTS[_table][0])
    return _tinted[key]


def _turned(colour: RGB, green: RGB, table: RGB) -> RGB:
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in colour))
    green_h, green_s, _ = colorsys.rgb_to_hsv(*(c / 255 for c in green))
    table_h, table_s, _ = colorsys.rgb_to_hsv(*(c / 255 for c in table))
    red, green_, blue = colorsys.hsv_to_rgb((h + table_h - green_h) % 1.0, min(1.0, s * table_s / green_s), v)
    return round(red * 255), round(green_ * 255), round(blue * 255)
