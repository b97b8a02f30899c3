"""The window's shell: the program's window on the desktop, apart from what it shows and the loop that drives it.

`App` (app.py) holds one `WindowShell` and leaves the window to it: fullscreen and back (F11, the menu), the
pixels a point of the design takes on this screen (ui/window.py says how each system scales), the layout made
for the window's size whenever a window event may have changed it, the icon on the title and task bars, the
language of the words drawn, and the size and place remembered at exit. It tells the app what it must redo
(`on_layout`: a new layout for the scenes and the card pictures; `on_exposed`: the picture was lost) and
knows nothing of scenes, games or saving.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypedDict

import pygame

from idioten import i18n, paths
from idioten.desktop import handover
from idioten.ui import window
from idioten.ui.kit.layout import Layout

# Events after which the window's size or its pixels a point may differ (another screen, another ratio).
RESIZED = (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED,
           pygame.WINDOWDISPLAYCHANGED)
EXPOSED = (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN)  # the system threw the picture away: it is drawn again
ICON_SIZE = (64, 64)


@functools.cache
def icon_picture() -> pygame.Surface | None:
    """The game's icon, rendered from its SVG once a run (a window takes a copy of it); None without the file."""
    icon = paths.asset("icon.svg")
    if not icon.is_file():
        return None
    try:
        return pygame.image.load_sized_svg(str(icon), ICON_SIZE)
    except pygame.error:
        return None


class WindowState(TypedDict):
    """The settings that bring the window back as it was left (storage/settings.py keeps them)."""

    window_size: tuple[int, int]
    window_position: tuple[int, int]
    fullscreen: bool


class WindowShell:
    """The program's window: its display mode, its scale and layout, its icon and the language of its words."""

    def __init__(self, opened: pygame.Window, on_layout: Callable[[Layout], None],
                 on_exposed: Callable[[], None], text_scale: Callable[[], float] = lambda: 1.0) -> None:
        """`opened` is the window the program start opened on its felt (ui/window.py); `on_layout` is told each
        new layout once the window has changed size or scale, `on_exposed` when its picture must be drawn again;
        `text_scale` reads the text size the settings ask for (1.0 at 100 %)."""
        self.window = opened
        self.on_layout = on_layout
        self.on_exposed = on_exposed
        self.text_scale = text_scale
        self.fullscreen = False
        self.system_scale = window.system_scale()
        self.follow_smallest_size()
        self.windowed = (self.window.size, self.window.position)  # what to remember while in fullscreen
        self.pixel_ratio = window.pixel_ratio(self.window)  # also makes the surface before any picture, so
        self.set_icon()                                     # each can take the window's pixel format
        self.layout = Layout(*window.pixel_size(self.window), scale=self.ui_scale(), text_scale=self.text_scale())

    def set_icon(self) -> None:
        """The title bar and task bar show the game's own icon (a missing file only leaves SDL's)."""
        icon = icon_picture()
        if icon is not None:
            self.window.set_icon(icon)

    def ui_scale(self) -> float:
        """Pixels a point of the design takes in this window now (window.py's `ui_scale`)."""
        return window.ui_scale(self.pixel_ratio, self.system_scale)

    # -- events ------------------------------------------------------------------------------------------

    def came_forward(self, event: pygame.event.Event) -> bool:
        """A second start asked this copy to come forward (desktop/handover.py): True if `event` was that."""
        return handover.handle(self.window, event)

    def in_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        """A pointer event with its position in the picture's pixels (a high-DPI desktop counts in points)."""
        return window.in_pixels(event, self.pixel_ratio)

    def handle(self, event: pygame.event.Event) -> bool:
        """The window's own events: a new size or screen, a picture to draw again, F11. True if it took it."""
        if event.type in RESIZED:
            self.relayout()
        elif event.type in EXPOSED:
            self.on_exposed()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            return False
        return True

    # -- display mode and layout -------------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """The desktop's whole screen, or back to the window as it was before."""
        if self.fullscreen:
            self.window.set_windowed()
        else:
            self.windowed = (self.window.size, self.window.position)
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = not self.fullscreen
        self.relayout()

    def follow_smallest_size(self) -> None:
        """The window's minimum for the desktop's scale and the text size chosen: the larger text needs as much
        more room as a desktop scaled as much (SDL makes a smaller window as large as the new minimum)."""
        displays = window.display_bounds()
        smallest = window.smallest_size(self.system_scale * self.text_scale(), displays[0] if displays else None)
        if tuple(self.window.minimum_size) != smallest:
            self.window.minimum_size = smallest

    def relayout(self) -> None:
        """A new layout if the window's pixels, their scale or the text size changed (told to `on_layout`); else
        nothing."""
        self.pixel_ratio = window.pixel_ratio(self.window)
        size, scale, text_scale = window.pixel_size(self.window), self.ui_scale(), self.text_scale()
        if size == self.layout.size and scale == self.layout.scale and text_scale == self.layout.text_scale:
            return
        self.layout = Layout(*size, scale=scale, text_scale=text_scale)
        self.on_layout(self.layout)

    def window_state(self) -> WindowState:
        """The settings that bring the window back as it is now (the windowed size under a fullscreen)."""
        size, position = self.windowed if self.fullscreen else (self.window.size, self.window.position)
        return {"window_size": (size[0], size[1]), "window_position": (position[0], position[1]),
                "fullscreen": self.fullscreen}

    # -- words, picture, end -----------------------------------------------------------------------------

    def set_language(self, language: str) -> None:
        """The language of every word drawn from now on ("" follows the system's)."""
        i18n.set_language(language)

    def surface(self) -> pygame.Surface:
        """What a frame is drawn on."""
        return self.window.get_surface()

    def flip(self) -> None:
        """The frame drawn on `surface` on screen."""
        self.window.flip()

    def close(self) -> None:
        """The window gone, and the display with it."""
        self.window.destroy()
        pygame.display.quit()
