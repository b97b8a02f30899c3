"""The small interface every screen of the app follows, so another game (Poker patience) can be added as one
more scene. The app keeps a stack: the bottom scene is the table, panels stack on top of it."""

from __future__ import annotations

import pygame


class Scene:
    overlay = False  # drawn over the scene below it instead of covering the whole window

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def handle_event(self, event) -> None:
        """One pygame event; positions come from the event itself, never from the mouse state."""

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    def draw(self, surface) -> None:
        """Paint the whole scene (the app calls this only when something is dirty)."""

    def resize(self, layout) -> None:
        """The window changed size."""
        self.dirty = True

    def busy(self) -> bool:
        """True while something moves, so the app must keep drawing frames."""
        return False

    def wake_at(self) -> float | None:
        """A moment (by the app's clock) when the scene will change by itself, e.g. a message expires."""
        return None

    def language_changed(self) -> None:
        self.dirty = True


class CardGameScene(Scene):
    """What the two games' tables share: mouse and key events go to on_motion / on_press / on_release /
    on_key. (A new deal or a restart no longer asks first: Ctrl+Z brings the game back, see replacing.py.)"""

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.on_motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event)
        elif event.type == pygame.KEYDOWN:
            self.on_key(event)
