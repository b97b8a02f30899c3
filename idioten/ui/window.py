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

import pygame

from idioten.ui.kit.layout import DEFAULT_WINDOW, MIN_WINDOW

DESKTOP_MARGIN = (80, 120)  # a first window leaves room for the desktop's panels and the title bar
TITLE_BAR_ROOM = 60  # a remembered window keeps its size but still fits under a title bar
GRAB_ROOM = 80  # this much of a remembered window must be on a screen, or it opens where the platform says
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
        dpi = ctypes.windll.user32.GetDpiForSystem()  # Windows 10 1607 and later
    except (AttributeError, OSError, ImportError):
        return 1.0
    return max(1.0, dpi / WINDOWS_DPI) if dpi else 1.0


def desktop_sizes() -> list[tuple[int, int]]:
    try:
        return list(pygame.display.get_desktop_sizes())
    except pygame.error:
        return []


def first_size(asked, remembered, scale: float = 1.0) -> tuple[int, int]:
    """The size asked for (tests, benchmarks) as it is; else the remembered one, else the default (`scale`
    times: Windows at 200 % counts in pixels), either made to fit the first screen."""
    if asked:
        width, height = asked
    else:
        screens = desktop_sizes()
        if remembered:
            width, height = remembered
            margin = (0, round(TITLE_BAR_ROOM * scale))
        else:
            width, height = (round(side * scale) for side in DEFAULT_WINDOW)
            margin = tuple(round(side * scale) for side in DESKTOP_MARGIN)
        if screens:
            width = min(width, screens[0][0] - margin[0])
            height = min(height, screens[0][1] - margin[1])
    return max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1])


def first_position(remembered, size: tuple[int, int]):
    """The remembered place if enough of the window would be on the screens (side by side, as most are set
    up); else the platform's choice. SDL cannot tell a screen's place, so a screen removed since is caught by
    the sum of their widths only."""
    screens = desktop_sizes()
    if remembered is None or not screens:
        return pygame.WINDOWPOS_UNDEFINED
    x, y = remembered
    total_width = sum(w for w, _ in screens)
    tallest = max(h for _, h in screens)
    if GRAB_ROOM - size[0] <= x <= total_width - GRAB_ROOM and 0 <= y <= tallest - GRAB_ROOM:
        return x, y
    return pygame.WINDOWPOS_UNDEFINED


def open_window(title: str, asked_size, remembered_size=None, remembered_position=None) -> pygame.Window:
    size = first_size(asked_size, None if asked_size else remembered_size, system_scale())
    position = first_position(remembered_position, size) if not asked_size else pygame.WINDOWPOS_UNDEFINED
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


def in_pixels(event, ratio: float):
    """A pointer event with its position in the picture's pixels; any other event as it is."""
    if ratio == 1.0 or event.type not in POINTER_EVENTS:
        return event
    x, y = event.pos
    values = dict(event.dict, pos=(round(x * ratio), round(y * ratio)))
    if "rel" in values:
        values["rel"] = (round(values["rel"][0] * ratio), round(values["rel"][1] * ratio))
    return pygame.event.Event(event.type, values)
