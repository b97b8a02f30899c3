"""The speaker: what the window says in one turn of its loop, said at the end of that turn as one utterance
that cuts off the last (a key pressed while the last result is still being said wants the new one).

The setting "speak" decides: "on" speaks (through the screen reader where one runs, else the system's speech),
"off" never, "auto" (the default) only where a screen reader runs. The backend is opened once the first
picture is on screen (`start`), never before: until then, and where none can be had, words are dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Speaker:
    def __init__(self, mode: Callable[[], str] | None = None, backend: Any = None,
                 opener: Callable[[bool], Any] | None = None):
        """`mode` gives the setting "speak" (None: the window's settings, `follow`); `backend`: one to use at
        once (tests, transcripts); else `opener(screen_reader_only)` opens this system's once `start` is called
        (backends.open_backend)."""
        self.mode: Callable[[], str] = mode or (lambda: "auto")
        self.follows_settings = mode is None
        self.backend = backend
        self.opener = opener
        self.started = backend is not None
        self.parts: list[str] = []

    def follow(self, mode: Callable[[], str]) -> None:
        """The window's setting decides, unless the speaker was made with a mode of its own."""
        if self.follows_settings:
            self.mode = mode

    @property
    def speaking(self) -> bool:
        if self.backend is None or self.mode() == "off":
            return False
        return self.mode() == "on" or self.backend.screen_reader

    def say(self, text: str, first: bool = False) -> None:
        """`text` in this turn's utterance (`first`: before what this turn said so far, as a message that
        heads what follows it)."""
        if not text or not self.speaking:
            return
        if first:
            self.parts.insert(0, text)
        else:
            self.parts.append(text)

    def flush(self) -> None:
        """End of the loop's turn: say what it gathered, cutting off the last utterance."""
        parts, self.parts = self.parts, []
        if parts and self.speaking:
            try:
                self.backend.speak(" ".join(parts))
            except OSError:
                self.close()  # the speech server went away: the game goes on silent

    def start(self) -> None:
        """After the first picture: open the system's way to speak, if speech may be wanted."""
        self.started = True
        if self.backend is None and self.opener is not None and self.mode() != "off":
            try:
                self.backend = self.opener(self.mode() == "auto")
            except OSError:
                self.backend = None

    def setting_changed(self) -> None:
        """The player chose another "speak": a backend opens now if none is open (a screen reader started
        since is found then too)."""
        if self.started and (self.backend is None or not self.backend.screen_reader):
            self.close()
            self.start()

    def close(self) -> None:
        if self.backend is not None and self.opener is not None:
            try:
                self.backend.close()
            except OSError:
                pass
            self.backend = None
