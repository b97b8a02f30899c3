"""The cloth both games' tables lie on (green, or the colour chosen in the settings), and the window's sizes in
points. Apart from the rest of the kit because the window shows the felt before anything else loads
(ui/opening.py): this module needs only pygame."""

from __future__ import annotations

import functools

import pygame

MIN_WINDOW = (720, 520)  # the smallest window the layouts are made for (layout.py)
DEFAULT_WINDOW = (1280, 800)  # a first window's size, before any was remembered (window.py)
FELT_CENTRE = (40, 116, 68)
FELT_EDGE = (16, 64, 38)
# Each table colour's light in the middle and at the edges (storage/settings.py's TABLE_COLOURS): as dark at
# the edge as the green, so the cards, the white labels and the gold marks read on every one alike.
FELTS = {"green": (FELT_CENTRE, FELT_EDGE), "blue": ((38, 84, 134), (14, 34, 66)),
         "red": ((128, 40, 44), (60, 14, 20)), "grey": ((92, 98, 102), (40, 44, 48)),
         "dark": ((34, 38, 44), (10, 12, 16))}


def felt(size: tuple[int, int], colour: str = "green") -> pygame.Surface:
    """A soft radial light on the cloth. The gradient is smooth, so it is computed small and scaled up, in the
    window's pixel format once a window is open. Shared: copy it (or `convert` it) to draw on it."""
    return _scaled_felt(size, colour, pygame.display.get_init())


def felt_canvas(size: tuple[int, int], colour: str = "green", reuse: pygame.Surface | None = None) -> pygame.Surface:
    """The felt on a surface of its own, to paint a table's background on, in the window's pixel format once a
    window is open. `reuse` is the background it replaces: painted over when it has the felt's size and format,
    as after a change of language, so that no window-sized surface is made afresh (its memory, new to the
    process, costs several times the copy to touch)."""
    cloth = felt(size, colour)
    if (reuse is not None and reuse.get_size() == cloth.get_size() and reuse.get_bitsize() == cloth.get_bitsize()
            and reuse.get_masks() == cloth.get_masks() and not reuse.get_flags() & pygame.SRCALPHA):
        reuse.blit(cloth, (0, 0))
        return reuse
    try:
        return cloth.convert()
    except pygame.error:  # no window yet: a copy all the same, since the felt is shared
        return cloth.copy()


# The window's first picture and its table are painted on the same felt, and a resize or another size's table
# (Poker's, the other game's) often comes back to the last: the last two are kept, some 8 MB at 1280×800.
@functools.lru_cache(maxsize=2)
def _scaled_felt(size: tuple[int, int], colour: str, display_started: bool) -> pygame.Surface:
    light = _felt_light(colour)
    if display_started:
        try:
            # Scaled in the window's format, the felt needs no conversion of its million pixels before each
            # blit; the 48×27 light converts in no time.
            light = light.convert()
        except pygame.error:  # no window yet
            pass
    return pygame.transform.smoothscale(light, size)


@functools.cache
def _felt_light(colour: str = "green") -> pygame.Surface:
    """The felt's light at 48×27 pixels: worked out pixel by pixel in Python (under a millisecond, as bytes
    rather than pixel by pixel on a surface), so once per run rather than at each resize. It is on the window's
    first picture, before the table (ui/opening.py). Never drawn on: only scaled."""
    (r0, g0, b0), (r1, g1, b1) = FELTS.get(colour, FELTS["green"])
    dr, dg, db = r1 - r0, g1 - g0, b1 - b0
    values: list[int] = []
    for y in range(27):
        dy = ((y - 11.0) / 20) ** 2
        for x in range(48):
            k = min(1.0, ((x - 23.5) / 30) ** 2 + dy)  # the distance from the light, squared, to the edge's 1
            values += (round(r0 + dr * k), round(g0 + dg * k), round(b0 + db * k), 0)
    # 32 bits a pixel, as the window's: scaled and blitted in a third of the time 24 bits take.
    return pygame.image.frombytes(bytes(values), (48, 27), "RGBX")
