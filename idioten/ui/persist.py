"""Glue between the window and the storage layer (`idioten/storage/store.py`): the save writer, the settings.

The program start (`launch.py`) opens the store, builds the Aces Up session on it (`play.acesup`, which keeps
the games, what is saved and what is counted) and attaches a `Persistence` to the window, which then:

- saves once the frame that shows a change has been drawn (`flush`, called by `App.step`): the session counts
  the games left for good and gives its document, which is handed to a writer thread (`save_writer.py`),
  because a save ends in fsyncs that take from 2 to 30 ms and more on a busy disk, up to two frames. Only the
  newest document is written, so a kill -9 loses at most the actions of the last few milliseconds; the file
  is always whole (atomic rename).
- has a game that ends counted when the animations have stopped (statistics are written between frames); the
  statistics file is written by the window thread, the only one that changes the statistics.
- shows every write that failed as a one-line notice in the message line; play goes on in memory.

Settings live in the store (`storage.settings.Settings`, immutable); a change replaces the window's
`app.settings` with the store's new object and the card pictures are rendered afresh.
"""

from __future__ import annotations

from idioten.play.acesup import AcesUpSession
from idioten.storage.files import Notice
from idioten.storage.game import GAME_FILE
from idioten.storage.settings import Settings
from idioten.storage.stats import Statistics
from idioten.storage.store import Store
from idioten.ui.save_writer import SaveWriter

NOTICE_SECONDS = 12.0  # a warning about the player's files stays longer than a move's message


class Persistence:
    def __init__(self, app, session: AcesUpSession, *, saves_game: bool = True, variant_fixed: bool = False):
        self.app = app
        self.session = session
        self.saves_game = saves_game  # False for a window opened without a store: there is nowhere to save
        self.variant_fixed = variant_fixed  # --variant on the command line: new deals keep it this run
        self._count_when_still = False
        self._writer: SaveWriter | None = None  # its thread starts with the first save

    @property
    def store(self) -> Store:
        return self.session.store

    @property
    def writer(self) -> SaveWriter:
        if self._writer is None:
            self._writer = SaveWriter(self.store)
        return self._writer

    # -- the game ----------------------------------------------------------------------------------------

    def flush(self) -> None:
        """Save what changed since the last frame (the app calls this after drawing)."""
        if self._writer is not None:
            self.show(*self._writer.take_notices())
        session = self.session
        document = session.save_point() if self.saves_game else None
        if document is not None:
            # The writer writes the new game after anything of the old one still on its way.
            self.writer.submit(document)
            self._count_when_still = session.game.is_over()
        if self._count_when_still and not self.app.busy():
            self._count_when_still = False
            session.count_if_over()  # not taken back meanwhile
        self.show(*session.take_notices())

    def save_now(self) -> list[Notice]:
        """What changed written at once on this thread, the games left for good counted (at start, before
        the first frame): the notices of what could not be written."""
        document = self.session.save_point()
        notices = self.session.take_notices()
        if document is not None:
            notices.append(self.store.save_file(GAME_FILE, document))
        return notices

    def wait(self) -> None:
        """Until every save handed to the writer is on disk (tests, and scripted play)."""
        if self._writer is not None:
            self._writer.wait()

    def close(self) -> None:
        """At exit: the last save written, a finished game counted, the window's size and place remembered."""
        self.flush()
        state = self.app.window_state()
        if any(getattr(self.store.settings, name) != value for name, value in state.items()):
            self.show(self.store.change_settings(**state))
        if self._count_when_still:
            self._count_when_still = False
            self.session.count_if_over()
            self.show(*self.session.take_notices())
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    # -- settings and statistics -------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.store.settings

    @property
    def stats(self) -> Statistics:
        return self.store.stats

    def change_setting(self, name: str, value) -> None:
        """Apply at once, remember, and say so if it could not be remembered."""
        if getattr(self.store.settings, name) == value and name != "language":
            return
        notice = self.store.change_setting(name, value)
        self.apply(name)
        self.show(notice)

    def apply(self, name: str) -> None:
        app, stored = self.app, self.store.settings
        app.settings = stored
        if name == "language":
            app.set_language(stored.language)
        elif name == "variant":
            self.variant_changed(stored.variant)
        else:
            app.images.forget()  # faces and backs are rendered for the settings they were made with
            app.mark_dirty()

    def variant_changed(self, variant: str) -> None:
        """New deals use the new variant. A game not yet touched switches at once: nothing is lost."""
        if self.variant_fixed:
            return
        self.app.variant = variant
        change = self.session.switch_variant(variant)
        if change is not None:
            self.app.table.show_replaced(change, quietly=True)

    def reset_stats(self) -> None:
        self.show(self.store.reset_stats())
        self.app.mark_dirty()

    # -- messages ----------------------------------------------------------------------------------------

    def show(self, *notices: Notice | None, after_current: bool = False) -> None:
        """Notices in the message line, one after the other (two damaged files are two messages), the first
        now or (`after_current`) after the message showing now."""
        texts = list(dict.fromkeys(n.text() for n in notices if n is not None))
        self.app.table.say_in_turn(texts, NOTICE_SECONDS, after_current=after_current)


def attach(app, session: AcesUpSession, **options) -> Persistence:
    persist = Persistence(app, session, **options)
    app.persist = persist
    return persist


def persistence(app) -> Persistence:
    """The app's persistence. A window opened without a store (tests, benchmarks, the smoke run) has a session
    on a store that keeps settings and statistics in memory, and gets a persistence that saves no game: there
    is nowhere to save it."""
    if getattr(app, "persist", None) is None:
        attach(app, app.table.session, saves_game=False)
    return app.persist
