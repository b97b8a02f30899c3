"""The small interface every screen of the app follows, so another game (Poker patience) can be added as one
more scene. The app keeps a stack: the bottom scene is the table, panels stack on top of it."""

from __future__ import annotations


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
