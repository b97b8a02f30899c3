"""The window itself: opened as it was left (size, place, fullscreen), never larger than the screen, and drawn
at the screen's real pixels on a high-DPI desktop.

A desktop scaled 2× is met in two ways (SDL 2, which pygame-ce 2.5 is built on):

- macOS (Retina): the window's size and the mouse are counted in points while the picture (the drawable)
  has twice as many pixels each way. The window is opened with `allow_high_dpi`, SDL makes the window surface
  at the drawable's size (its texture framebuffer, which is why ui/__init__.py leaves that on for macOS), the
  layout is made for the picture's pixels (`pixel_size`) and the mouse positions are turned into pixels
  (`in_pixels`, by `pixel_ratio`).
- Windows at 200 %: SDL declares the program DPI-aware (`allow_high_dpi`; otherwise Windows would stretch a
  bitmap of it, blurred), and then everything is counted in real pixels, the window's size and the mouse
  too. The first window is made `system_scale()` times the default size, so it is as large to the eye as at
  100 %.

Either way `ui_scale` says how many pixels a point of the design takes: the layout's fixed sizes (bars,
texts) grow by it, the cards follow the window. Linux on X11 has no desktop scale of its own: a pixel is a
pixel (1.0).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import pygame

from idioten.ui.kit.felt import DEFAULT_WINDOW, MIN_WINDOW, felt

if TYPE_CHECKING:
    from idioten.storage.settings import Settings

DESKTOP_MARGIN = (80, 120)  # a first window leaves room for the desktop's panels and the title bar
TITLE_BAR_ROOM = 60  # a remembered window keeps its size but still fits under a title bar
TITLE_BAR_TOP = 32  # the title bar above a window's place (SDL places the inside): kept on the screen to drag it
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


WINDOWS_DPI = 96  # a Windows desktop at 100 %


def allow_high_dpi() -> None:
    """Windows scales a program that does not say it knows about DPI as a blurred bitmap; SDL reads this before
    the display opens (other platforms ignore it)."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def system_scale(platform: str = sys.platform) -> float:
    """Windows: the desktop's scale (200 % gives 2.0), which a DPI-aware program must apply itself; asked once
    the display is open (before that Windows answers 96 DPI to every program). Elsewhere 1.0: macOS scales by
    points (`pixel_ratio`), X11 does not scale."""
    if platform != "win32":
        return 1.0
    try:
        import ctypes
        # Windows 10 1607 and later; ctypes has windll on Windows only (mypy checks for the system it runs on).
        dpi = ctypes.windll.user32.GetDpiForSystem()  # type: ignore[attr-defined, unused-ignore]
    except (AttributeError, OSError, ImportError):
        return 1.0
    return max(1.0, dpi / WINDOWS_DPI) if dpi else 1.0


Rect4 = tuple[int, int, int, int]  # a display's place and size: x, y, width, height
Pair = tuple[int, int]  # a size or a place on the desktop


def desktop_sizes() -> list[tuple[int, int]]:
    """The size of each display SDL knows of, the primary first (none if it cannot tell)."""
    try:
        return list(pygame.display.get_desktop_sizes())
    except pygame.error:
        return []


def display_bounds(sizes: list[tuple[int, int]] | None = None) -> list[Rect4]:
    """The displays there are now, as places on the desktop. pygame-ce 2.5 tells each display's size but not
    its place, so they are taken side by side from the first (the primary, at 0, 0), as most are set up; a
    screen left of the primary (negative places) is then not known, and a window remembered there is brought
    onto the screens that are."""
    sizes = desktop_sizes() if sizes is None else sizes
    bounds, x = [], 0
    for width, height in sizes:
        bounds.append((x, 0, width, height))
        x += width
    return bounds


def _overlap(a: Rect4, b: Rect4) -> int:
    width = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    height = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0, width) * max(0, height)


def _distance(point: tuple[int, int], rect: Rect4) -> int:
    dx = max(rect[0] - point[0], 0, point[0] - (rect[0] + rect[2]))
    dy = max(rect[1] - point[1], 0, point[1] - (rect[1] + rect[3]))
    return dx * dx + dy * dy


def display_of(position: Pair | None, size: Pair | None, displays: list[Rect4]) -> Rect4 | None:
    """The display a remembered window belongs on: the one holding most of it, else (a screen removed or
    made smaller since) the one nearest to its middle; the first display when no place is remembered."""
    if not displays:
        return None
    if position is None:
        return displays[0]
    width, height = size or DEFAULT_WINDOW
    rect = (position[0], position[1], width, height)
    middle = (position[0] + width // 2, position[1] + height // 2)
    return max(displays, key=lambda d: (_overlap(rect, d), -_distance(middle, d)))


def smallest_size(scale: float = 1.0, display: Rect4 | None = None) -> tuple[int, int]:
    """The smallest window the program asks for: MIN_WINDOW in points, so `scale` times as many pixels on a
    desktop that counts in pixels (Windows at 200 %), where the bars and texts are as much larger; never more
    than the display holds under a title bar. (macOS counts the window in points already: its scale here is 1.)"""
    width, height = (round(side * scale) for side in MIN_WINDOW)
    if display is not None:
        width = min(width, display[2])
        height = min(height, display[3] - round(TITLE_BAR_ROOM * scale))
    return max(1, width), max(1, height)


def first_size(asked: Pair | None, remembered: Pair | None, scale: float = 1.0,
               display: Rect4 | None = None) -> tuple[int, int]:
    """The size asked for (tests, benchmarks) as it is; else the remembered one, else the default (`scale`
    times: Windows at 200 % counts in pixels), either made to fit `display` (by default the first)."""
    if asked:
        width, height = asked
    else:
        if display is None:
            displays = display_bounds()
            display = displays[0] if displays else None
        if remembered:
            width, height = remembered
            margin = (0, round(TITLE_BAR_ROOM * scale))
        else:
            width, height = (round(side * scale) for side in DEFAULT_WINDOW)
            margin = (round(DESKTOP_MARGIN[0] * scale), round(DESKTOP_MARGIN[1] * scale))
        if display is not None:
            width = min(width, display[2] - margin[0])
            height = min(height, display[3] - margin[1])
    smallest = smallest_size(scale, display)
    return max(width, smallest[0]), max(height, smallest[1])


def first_position(remembered: Pair | None, size: tuple[int, int], displays: list[Rect4] | None = None,
                   scale: float = 1.0) -> Pair | int:
    """The remembered place, moved as little as needed for the whole window (and its title bar) to be on the
    display it belongs on (`display_of`): a window remembered from a wider layout, or on a screen since
    removed, opens whole on a screen there is. No remembered place: the platform's choice."""
    displays = display_bounds() if displays is None else displays
    place = display_of(remembered, size, displays) if remembered is not None else None
    if remembered is None or place is None:  # no remembered place, or no display known
        return pygame.WINDOWPOS_UNDEFINED
    x0, y0, width, height = place
    top = y0 + min(round(TITLE_BAR_TOP * scale), max(0, height - size[1]))
    x = min(max(remembered[0], x0), x0 + max(0, width - size[0]))
    y = min(max(remembered[1], top), y0 + max(0, height - size[1]))
    return x, y


def open_on_felt(title: str, asked_size: Pair | None, settings: Settings) -> pygame.Window:
    """The game's window (`open_window`, as `settings` remember it unless a size is asked), its bare felt
    flipped at once: until a program draws, a new window shows whatever the system puts there (black on X11),
    and making the table takes some 30 ms more. The table's first frame paints over it."""
    allow_high_dpi()
    pygame.display.init()
    pygame.font.init()
    opened = open_window(title, asked_size, settings.window_size, settings.window_position)
    surface = opened.get_surface()
    surface.blit(felt(surface.get_size(), settings.table_colour), (0, 0))
    opened.flip()
    return opened


def open_window(title: str, asked_size: Pair | None, remembered_size: Pair | None = None,
                remembered_position: Pair | None = None) -> pygame.Window:
    """The window itself, at the size asked or as remembered (fitted to its display), where it was left."""
    scale, displays = system_scale(), display_bounds()
    size = first_size(asked_size, None if asked_size else remembered_size, scale,
                      display_of(remembered_position, remembered_size, displays))
    position = first_position(remembered_position, size, displays, scale) if not asked_size \
        else pygame.WINDOWPOS_UNDEFINED
    window = pygame.Window(title, size, position, resizable=True, allow_high_dpi=True)
    try:
        window.get_surface()
    except pygame.error:
        if os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") != "0":
            raise
        # A video driver with no framebuffer of its own (Wayland, and macOS if the hint was set by hand) has no
        # window surface without SDL's texture one, which SDL chooses once per display: open it again with it.
        window.destroy()
        pygame.display.quit()
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "1"
        pygame.display.init()
        window = pygame.Window(title, size, position, resizable=True, allow_high_dpi=True)
    return window


def pixel_size(window: pygame.Window) -> tuple[int, int]:
    """The picture's size in pixels (larger than `window.size` on a high-DPI desktop)."""
    return window.get_surface().get_size()


def pixel_ratio(window: pygame.Window) -> float:
    """Pixels of the picture per point of the window's size and the mouse (2.0 on a Retina screen)."""
    points = window.size[0]
    return pixel_size(window)[0] / points if points else 1.0


def ui_scale(ratio: float, system: float) -> float:
    """Pixels per point of the design: the drawable's own ratio (macOS) times the desktop's scale a DPI-aware
    program applies itself (Windows)."""
    return max(1.0, ratio * system)


def in_pixels(event: pygame.event.Event, ratio: float) -> pygame.event.Event:
    """A pointer event with its position in the picture's pixels; any other event as it is."""
    if ratio == 1.0 or event.type not in POINTER_EVENTS:
        return event
    x, y = event.pos
    values = dict(event.dict, pos=(round(x * ratio), round(y * ratio)))
    if "rel" in values:
        values["rel"] = (round(values["rel"][0] * ratio), round(values["rel"][1] * ratio))
    return pygame.event.Event(event.type, values)
