"""Card backs, the empty-pile placeholder, and the application icon."""

from __future__ import annotations

from .faces import ace, corner_indices
from .suits import STANDARD_COLOURS, pip
from .svg import CARD_HEIGHT, CARD_WIDTH, CENTRE_X, CENTRE_Y, card_outline, element, group, num

MARGIN = 13
PANEL = (MARGIN, MARGIN, CARD_WIDTH - 2 * MARGIN, CARD_HEIGHT - 2 * MARGIN)

# name: (ground, lattice, light line); the lattice differs too so the two backs tell apart without colour.
BACKS = {
    "blue": ("#1c4a9a", "#3d6fc4", "#dfe9ff"),
    "red": ("#a3142b", "#cf3a50", "#ffe3e6"),
}


def _panel_grid(step: float):
    """Row, column and centre of each cell of a lattice with cells `step` apart, centred on the back's panel."""
    x0, y0, width, height = PANEL
    columns, rows = int((width - 8) // step), int((height - 8) // step)
    left = x0 + (width - columns * step) / 2 + step / 2
    top = y0 + (height - rows * step) / 2 + step / 2
    for row in range(rows):
        for column in range(columns):
            yield row, column, left + column * step, top + row * step


def _lattice_of_diamonds(colour: str) -> list[str]:
    half = 5.5
    cells = []
    for _, _, cx, cy in _panel_grid(14):
        cells.append(f"M{num(cx)} {num(cy - half)} L{num(cx + half)} {num(cy)} L{num(cx)} {num(cy + half)} "
                     f"L{num(cx - half)} {num(cy)} Z")
    return [element("path", d=" ".join(cells), fill=colour)]


def _lattice_of_rings(colour: str) -> list[str]:
    step, radius = 16, 6
    rings = []
    for row, column, cx, cy in _panel_grid(step):
        rings.append(element("circle", cx=cx, cy=cy, r=radius, fill="none", stroke=colour, stroke_width=2.2))
        if row and column:
            rings.append(element("circle", cx=cx - step / 2, cy=cy - step / 2, r=1.8, fill=colour))
    return rings


def _medallion(ground: str, light: str) -> list[str]:
    parts = [
        element("ellipse", cx=CENTRE_X, cy=CENTRE_Y, rx=62, ry=76, fill=ground, stroke=light, stroke_width=3),
        element("ellipse", cx=CENTRE_X, cy=CENTRE_Y, rx=54, ry=68, fill="none", stroke=light, stroke_width=1.2),
    ]
    spots = {"S": (0, -34), "H": (28, 0), "C": (0, 34), "D": (-28, 0)}
    for suit, (dx, dy) in spots.items():
        parts.append(pip(suit, light, CENTRE_X + dx, CENTRE_Y + dy, 26))
    parts.append(element("circle", cx=CENTRE_X, cy=CENTRE_Y, r=6, fill=light))
    return parts


def back(name: str) -> list[str]:
    ground, lattice, light = BACKS[name]
    x, y, width, height = PANEL
    pattern = _lattice_of_diamonds(lattice) if name == "blue" else _lattice_of_rings(lattice)
    return [
        card_outline(),
        element("rect", x=x, y=y, width=width, height=height, rx=8, fill=ground),
        *pattern,
        element("rect", x=x + 5, y=y + 5, width=width - 10, height=height - 10, rx=5, fill="none", stroke=light,
                stroke_width=2),
        *_medallion(ground, light),
    ]


def slot() -> list[str]:
    """An empty pile: a faint rounded outline, drawn over the table colour."""
    return [element("rect", x=4, y=4, width=CARD_WIDTH - 8, height=CARD_HEIGHT - 8, rx=12, fill="#ffffff",
                    fill_opacity=0.1, stroke="#ffffff", stroke_opacity=0.6, stroke_width=5,
                    stroke_dasharray="18 10")]


ICON_SIZE = 256


def icon() -> list[str]:
    """Four aces fanned out over green felt."""
    parts = [element("rect", x=4, y=4, width=248, height=248, rx=44, fill="#1e6b3a", stroke="#124526",
                     stroke_width=4)]
    for angle, suit in ((-24, "D"), (-8, "C"), (8, "H"), (24, "S")):
        colour = STANDARD_COLOURS[suit]
        card = [card_outline(), *corner_indices(14, suit, colour), *ace(suit, colour)]
        parts.append(group(card, transform=f"translate(128 204) rotate({angle}) scale(0.46) "
                                           f"translate({num(-CENTRE_X)} {num(-CARD_HEIGHT + 20)})"))
    return parts

