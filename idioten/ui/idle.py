"""Sleeping until the next event without using CPU.

pygame-ce's `event.wait(timeout)` polls: it pumps the queue and sleeps one millisecond, a thousand times a
second, which costs a few percent of a core in an idle window. SDL itself can block on the window system's
connection (`SDL_WaitEventTimeout` with a NULL event leaves the event in the queue for pygame to fetch). So
when the SDL library pygame loaded can be found, we call that; otherwise we fall back to pygame's wait.
"""

from __future__ import annotations

import ctypes
import glob
import os
import sys

import pygame

SDL_INIT_VIDEO = 0x20


def _candidate_paths() -> list[str]:
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps") as maps:
                return sorted({line.split()[-1] for line in maps if "libSDL2" in line and ".so" in line})
        except OSError:
            return []
    package = os.path.dirname(pygame.__file__)
    if sys.platform == "win32":
        return [os.path.join(package, "SDL2.dll"), "SDL2.dll"]
    if sys.platform == "darwin":
        return sorted(glob.glob(os.path.join(package, ".dylibs", "libSDL2*.dylib")))
    return []


def _loaded_sdl() -> ctypes.CDLL | None:
    """The very SDL instance pygame uses (its video part already running), or None."""
    for path in _candidate_paths():
        try:
            library = ctypes.CDLL(path)
            library.SDL_WasInit.argtypes = [ctypes.c_uint32]
            library.SDL_WasInit.restype = ctypes.c_uint32
            if not library.SDL_WasInit(SDL_INIT_VIDEO):
                continue  # a second copy of SDL, not the one holding our window
            library.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
            library.SDL_WaitEventTimeout.restype = ctypes.c_int
            return library
        except (OSError, AttributeError):
            continue
    return None


class Waiter:
    """The idle loop's sleep: in SDL itself until an event or the timeout (no CPU at all), where the SDL pygame
    runs on can be found; else pygame's own wait."""
    def __init__(self) -> None:
        self._sdl = _loaded_sdl()

    @property
    def blocking(self) -> bool:
        """True when waiting truly sleeps (False: pygame's polling wait is used)."""
        return self._sdl is not None

    def wait(self, timeout_ms: int) -> None:
        """Return when an event is queued (it stays queued) or after timeout_ms."""
        if self._sdl is not None:
            self._sdl.SDL_WaitEventTimeout(None, max(1, int(timeout_ms)))
            return
        event = pygame.event.wait(max(1, int(timeout_ms)))
        if event.type != pygame.NOEVENT:
            pygame.event.post(event)
