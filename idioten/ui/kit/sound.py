"""The game's sounds (assets/sounds/, made by tools/make_sounds.py), played when the player turned them on.

Nothing about audio happens until the first sound is asked for with sound on: only then is pygame's mixer
started, so start-up never waits for an audio device. A machine without one (or a build without the mixer)
stays silent and says nothing; the game goes on. The volume is the `sound` setting's level.

(SDL's bare audio device through pygame._sdl2 was tried first, to keep the mixer's library out of the
executable: its callback runs Python on SDL's audio thread, and pausing or closing the device from the
game's thread while that callback waits for the GIL deadlocks.)
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

import pygame

from idioten import paths
from idioten.storage.settings import SOUND_LEVELS, Settings

if TYPE_CHECKING:  # the mixer itself is imported with the first sound, never at start
    from pygame.mixer import Sound

SOUNDS = ("slide", "deal", "discard", "illegal", "win")
VOLUMES = dict(zip(SOUND_LEVELS, (0.0, 0.3, 0.6, 1.0)))  # the `sound` setting's levels
RATE = 22_050  # the files' rate: the mixer is opened at it, so no sound is resampled


class Player:
    """Plays the sounds by name at the volume the settings ask for. `played` lists what was started (tests
    read it); `unavailable` turns true for good when the mixer cannot be started."""

    def __init__(self, settings: Callable[[], Settings]) -> None:
        self.settings = settings  # the settings of the moment
        self.played: list[str] = []
        self.unavailable = False
        self.mixer: ModuleType | None = None  # pygame.mixer, once it is open
        self._sounds: dict[str, Sound | None] = {}

    def play(self, name: str) -> None:
        """The sound `name` at the setting's volume, if sound is on and the machine can play it; silence otherwise."""
        volume = VOLUMES.get(self.settings().sound, 0.0)
        if volume <= 0 or self.unavailable or not self.open():
            return
        sound = self.sound(name)
        if sound is None:
            return
        sound.set_volume(volume)
        sound.play()
        self.played.append(name)

    def open(self) -> bool:
        """The mixer started now, the first time a sound is wanted; False for good if it cannot be."""
        if self.mixer is not None:
            return True
        try:
            import pygame.mixer as mixer

            mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
        except (ImportError, NotImplementedError, pygame.error):
            self.unavailable = True  # no audio device, no driver, a build without the mixer: silence
            return False
        self.mixer = mixer
        return True

    def sound(self, name: str) -> Sound | None:
        """The sound called `name`, loaded the first time (None: the mixer is not open, or its file is missing
        or damaged)."""
        if self.mixer is None:
            return None
        if name not in self._sounds:
            try:
                self._sounds[name] = self.mixer.Sound(str(paths.asset("sounds", f"{name}.wav")))
            except (pygame.error, OSError, FileNotFoundError):
                self._sounds[name] = None  # a missing or damaged file is a silent sound, never a crash
        return self._sounds[name]

    def close(self) -> None:
        """The mixer and its sounds let go (the window closes)."""
        if self.mixer is not None:
            self.mixer.quit()
            self.mixer = None
            self._sounds.clear()
