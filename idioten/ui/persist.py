"""Glue between the window and the storage layer (`idioten/storage/store.py`): the save writer, the settings.

The window (`app.py`) holds one `Persistence` on its store (the program start's, or one in memory), which
serves every game's session (play/session.py) alike:

- saves once the frame that shows a change has been drawn (`flush`, called by `App.step`): each session counts
  the games left for good and gives its file and document (`save_point`), and the store stats.json's
  document if anything was counted; all of them go to one writer thread
  (`save_writer.py`, which writes stats.json first),
  because a save ends in fsyncs that take from 2 to 30 ms and more on a busy disk, up to two frames. Only the
  newest document is written, so a kill -9 loses at most the actions of the last few milliseconds; the file
  is always whole (atomic rename).
- has a game that ends counted when the animations have stopped: the window thread, the only one that changes
  the statistics, counts it in memory, and the next flush hands stats.json's document to the writer.
- shows every write that failed as a one-line notice in the message line; play goes on in memory.

Settings live in the store (`storage.settings.Settings`, immutable); a change replaces the window's
`app.settings` with the store's new object and the card pictures are rendered afresh.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Protocol

from idioten.play.session import Session, save_points
from idioten.storage.files import Notice, SavePoint
from idioten.storage.settings import Settings
from idioten.storage.stats import Statistics
from idioten.storage.store import MemoryStore, Store
from idioten.ui.save_writer import SaveWriter

if TYPE_CHECKING:
    from idioten.ui.shell import WindowShell

NOTICE_SECONDS = 12.0  # a warning about the player's files stays longer than a move's message


class Sessions(Protocol):
    """The games the window holds (ui/playing.py), as far as saving them goes: each game's open session."""

    @property
    def sessions(self) -> Mapping[str, Session]: ...


class Window(Protocol):
    """What persistence needs of the window: its games' sessions, whether anything moves, and a place to speak."""

    settings: Settings

    @property
    def playing(self) -> Sessions: ...
    @property
    def shell(self) -> WindowShell: ...

    def busy(self) -> bool: ...
    def set_language(self, language: str) -> None: ...
    def settings_changed(self, name: str) -> None: ...
    def say_notices(self, texts: list[str], seconds: float, after_current: bool) -> None: ...
    def mark_dirty(self) -> None: ...


class Persistence:
    """The window's one door to its store: every game's saving after the frame, the statistics, the settings, and
    the notices of what could not be written."""
    def __init__(self, app: Window, store: Store, *, fixed: Mapping[str, Iterable[str]] | None = None):
        self.app = app
        self.store = store
        self.saves_games = type(store) is not MemoryStore  # a window opened without a store saves no game
        # The games' settings the command line fixed for this run (--variant), as (game, setting).
        self.fixed = frozenset((game, name) for game, names in (fixed or {}).items() for name in names)
        self._count_when_still: set[str] = set()  # the games that ended, counted once nothing moves
        self._writer: SaveWriter | None = None  # its thread starts with the first save

    @property
    def writer(self) -> SaveWriter:
        """The thread that writes the files, started with the first save (a window that never saves starts none)."""
        if self._writer is None:
            self._writer = SaveWriter(self.store)
        return self._writer

    # -- the games ---------------------------------------------------------------------------------------

    def flush(self) -> None:
        """Save what changed since the last frame, in every game (the app calls this after drawing)."""
        if self._writer is not None:
            self.show(*self._writer.take_notices())
        points: list[SavePoint] = []
        for name, session in list(self.app.playing.sessions.items()):
            point = session.save_point()  # counts the games it left for good
            if point is not None:
                points.append(point)
                if session.finished():
                    self._count_when_still.add(name)
                else:
                    self._count_when_still.discard(name)
            if name in self._count_when_still and not self.app.busy():
                self._count_when_still.discard(name)
                session.count_if_over()  # not taken back meanwhile
            self.show(*session.take_notices())
        self.hand_over(points)

    def hand_over(self, points: list[SavePoint]) -> None:
        """The games' save points to the writer thread, with stats.json's if anything was counted (the
        writer writes it first)."""
        stats = self.store.stats_point()
        if stats is not None:
            points = [stats, *points]
        if points and self.saves_games:
            self.writer.submit(points)

    def save_now(self) -> list[Notice]:
        """What changed written now, the games left for good counted (at start, once the other games' files
        are read): the notices of what could not be written. Through the writer thread and waiting for it,
        so that no document it still holds is written after these."""
        sessions = list(self.app.playing.sessions.values())
        points = save_points(self.store, sessions)
        notices = [notice for session in sessions for notice in session.take_notices()]
        if self.saves_games and points:
            self.writer.submit(points)
            self.writer.wait()
            notices += self.writer.take_notices()
        return notices

    def wait(self) -> None:
        """Until every save handed to the writer is on disk (tests, and scripted play)."""
        if self._writer is not None:
            self._writer.wait()

    def close(self) -> None:
        """At exit: the last saves written, a finished game counted, the window's size and place remembered."""
        self.flush()
        state = self.app.shell.window_state()
        if any(getattr(self.store.settings, name) != value for name, value in state.items()):
            self.show(self.store.change_settings(**state))
        for name in list(self._count_when_still):
            session = self.app.playing.sessions[name]
            session.count_if_over()
            self.show(*session.take_notices())
        self._count_when_still.clear()
        self.hand_over([])
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    # -- settings and statistics -------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The settings as the store holds them now."""
        return self.store.settings

    @property
    def stats(self) -> Statistics:
        """The statistics as the store holds them now (counted in memory; written at the next flush)."""
        return self.store.stats

    def change_setting(self, name: str, value: object) -> None:
        """Apply at once, remember, and say so if it could not be remembered."""
        if getattr(self.store.settings, name) == value and name != "language":
            return
        notice = self.store.change_setting(name, value)
        self.apply(name)
        self.show(notice)

    def change_game_setting(self, game: str, name: str, value: str | bool | int | None) -> None:
        """One of a game's own settings (the game checked the value), applied at once and remembered in the
        game's section of settings.json; the games follow as for any setting."""
        notice = self.store.change_game_setting(game, name, value)
        self.apply(name, follow=not self.fixes(game, name))
        self.show(notice)

    def fixes(self, game: str, name: str) -> bool:
        """Whether the command line fixed this setting of the game for this run (a change is only remembered)."""
        return (game, name) in self.fixed

    def apply(self, name: str, follow: bool = True) -> None:
        """A setting changed in the store: the window takes the new settings and follows (the language, or the
        games), unless the command line fixed it for this run (`follow` false)."""
        app, stored = self.app, self.store.settings
        app.settings = stored
        if name == "language":
            app.set_language(stored.language or "")
        elif follow:
            app.settings_changed(name)  # the games follow (a new variant deals a game not yet touched again)

    def reset_stats(self) -> None:
        """Forget the numbers (after the window's confirmation); the next flush writes stats.json."""
        self.store.reset_stats()
        self.app.mark_dirty()

    # -- messages ----------------------------------------------------------------------------------------

    def show(self, *notices: Notice | None, after_current: bool = False) -> None:
        """Notices in the message line, one after the other (two damaged files are two messages), the first
        now or (`after_current`) after the message showing now."""
        texts = list(dict.fromkeys(n.text() for n in notices if n is not None))
        if texts:
            self.app.say_notices(texts, NOTICE_SECONDS, after_current)


def persistence(app: object) -> Persistence:
    """The app's persistence (every window has one; a window opened without a store saves no game), for the
    scenes, which see the window as a `Host` and not as the `App` that holds it."""
    persist = getattr(app, "persist", None)
    if not isinstance(persist, Persistence):
        raise TypeError(f"{type(app).__name__} has no persistence")
    return persist
