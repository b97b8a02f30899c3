"""Small helpers for writing SVG text that SDL's nanosvg loader understands.

nanosvg ignores <text>, <use>, filters, masks and clip paths, so everything here is plain paths, basic
shapes and transforms. Numbers are formatted the same way on every run so the committed files can be
compared byte for byte with fresh output.
"""

from __future__ import annotations

CARD_WIDTH = 250
CARD_HEIGHT = 350
CORNER_RADIUS = 14
CENTRE_X = CARD_WIDTH / 2
CENTRE_Y = CARD_HEIGHT / 2


def num(value: float) -> str:
    """Two decimals at most, no trailing zeros, never '-0'."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**values: object) -> str:
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = num(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{value}"')
    return " ".join(parts)


def element(tag: str, **values: object) -> str:
    return f"<{tag} {attrs(**values)}/>"


def group(children: list[str] | str, **values: object) -> str:
    body = children if isinstance(children, str) else "\n".join(children)
    opening = f"<g {attrs(**values)}>" if values else "<g>"
    return f"{opening}\n{body}\n</g>"


def translate_scale(x: float, y: float, scale: float, rotate: float = 0) -> str:
    spin = f" rotate({num(rotate)})" if rotate else ""
    return f"translate({num(x)} {num(y)}){spin} scale({num(scale)})"


def turned(children: list[str] | str) -> str:
    """The same drawing turned half a turn about the card centre (the lower half of a double-ended card)."""
    return group(children, transform=f"rotate(180 {num(CENTRE_X)} {num(CENTRE_Y)})")


def document(body: list[str], width: float = CARD_WIDTH, height: float = CARD_HEIGHT, defs: str = "") -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
            f'viewBox="0 0 {num(width)} {num(height)}">')
    parts = [head]
    if defs:
        parts.append(f"<defs>\n{defs}\n</defs>")
    parts.extend(body)
    parts.append("</svg>\n")
    return "\n".join(parts)


def card_outline(fill: str = "#ffffff", stroke: str = "#7a7a7a", inset: float = 1) -> str:
    return element("rect", x=float(inset), y=float(inset), width=float(CARD_WIDTH - 2 * inset),
                   height=float(CARD_HEIGHT - 2 * inset), rx=float(CORNER_RADIUS - inset),
                   fill=fill, stroke=stroke, stroke_width=2)


def circle_path(cx: float, cy: float, r: float) -> str:
    """A circle as a path (two arcs), clockwise, so it can join other subpaths of one shape."""
    return (f"M{num(cx - r)} {num(cy)} A{num(r)} {num(r)} 0 1 1 {num(cx + r)} {num(cy)} "
            f"A{num(r)} {num(r)} 0 1 1 {num(cx - r)} {num(cy)} Z")
