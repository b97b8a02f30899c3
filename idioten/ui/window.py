"""The window itself: opened as it was left (size, place, fullscreen), never larger than the screen, and drawn
at the screen's real pixels on a high-DPI desktop.

On a desktop scaled 2× (macOS Retina, Wayland with a scale, Windows at 200 %) the window's size and the
mouse are counted in points while the picture has twice as many pixels each way. The window is opened with
`allow_high_dpi`, the layout is made for the picture's pixels (`pixel_size`) and the mouse positions are
turned into pixels (`in_pixels`), so cards and texts are rendered for the real pixels, not upscaled.
"""

from __future__ import annotations

import os

import pygame

from idioten.ui.kit.layout import DEFAULT_WINDOW, MIN_WINDOW

DESKTOP_MARGIN = (80, 120)  # a first window leaves room for the desktop's panels and the title bar
TITLE_BAR_ROOM = 60  # a remembered window keeps its size but still fits under a title bar
GRAB_ROOM = 80  # this much of a remembered window must be on a screen, or it opens where the platform says
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def allow_high_dpi() -> None:
    """Windows scales a program that does not say it knows about DPI as a blurred bitmap; SDL reads this before
    the display opens (other platforms ignore it)."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def desktop_sizes() -> list[tuple[int, int]]:
    try:
        return list(pygame.display.get_desktop_sizes())
    except pygame.error:
        return []


def first_size(asked, remembered) -> tuple[int, int]:
    """The size asked for (tests, benchmarks) as it is; else the remembered one, else the default, either
    made to fit the first screen."""
    if asked:
        width, height = asked
    else:
        screens = desktop_sizes()
        if remembered:
            width, height = remembered
            margin = (0, TITLE_BAR_ROOM)
        else:
            width, height = DEFAULT_WINDOW
            margin = DESKTOP_MARGIN
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
    size = first_size(asked_size, None if asked_size else remembered_size)
    position = first_position(remembered_position, size) if not asked_size else pygame.WINDOWPOS_UNDEFINED
    return pygame.Window(title, size, position, resizable=True, allow_high_dpi=True)


def pixel_size(window: pygame.Window) -> tuple[int, int]:
    """The picture's size in pixels (larger than `window.size` on a high-DPI desktop)."""
    return window.get_surface().get_size()


def pixel_ratio(window: pygame.Window) -> float:
    points = window.size[0]
    return pixel_size(window)[0] / points if points else 1.0


def in_pixels(event, ratio: float):
    """A pointer event with its position in the picture's pixels; any other event as it is."""
    if ratio == 1.0 or event.type not in POINTER_EVENTS:
        return event
    x, y = event.pos
    values = dict(event.dict, pos=(round(x * ratio), round(y * ratio)))
    if "rel" in values:
        values["rel"] = (round(values["rel"][0] * ratio), round(values["rel"][1] * ratio))
    return pygame.event.Event(event.type, values)
