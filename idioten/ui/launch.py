"""The program start: `idioten` with no command.

The command line has already checked what it was given and hands over a `Launch`, and the start has opened the
window on its felt (opening.py). `open_app` opens the store, chooses the language (the command line wins for
this run), makes the window's table in the game chosen last (the game whose deal the command line names, if it
names one: Aces Up's) with that deal and each game's settings it fixes for this run (Aces Up resumes its saved
game or starts the named deal, keeping the saved game behind Ctrl+Z as a new deal in the window does), and says
what the store said of every file; `run` adds the loop.

The first frame waits only for what it shows: the other games open their sessions once it is on screen
(`App.after_first_frame`), and what the store says of their files is said then.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

import pygame

from idioten import i18n, paths
from idioten.desktop import crash, handover, motion
from idioten.storage.files import Notice
from idioten.storage.settings import settings_path
from idioten.storage.store import MemoryStore, Store
from idioten.ui.app import App
from idioten.ui.opening import Launch, Opening


def open_app(launch: Launch, opening: Opening | None = None, **app_options: Any) -> App:
    """Open the store and the window (see the module's docstring), on the window the start opened first if
    there is one."""
    if opening is None:
        store = Store.open()
    elif opening.folder is None:  # the system names no folder, or this copy may not save in it (cli/desktop.py)
        store = MemoryStore(opening.settings[0], [opening.unsaved or Notice("store.no_folder")])
        app_options["opened"] = opening.window
    else:
        store = Store.open(opening.folder, opening.settings)
        app_options["opened"] = opening.window
    if not isinstance(store, MemoryStore):  # a store in memory (no data folder) has no reports to tell
        if not settings_path(store.folder).exists():
            follow_the_system(store)
        # A crash report left by the last run is named once, first, like a file set aside (desktop/crash.py).
        store.notices[:0] = crash.reports_to_tell(store.folder)
    i18n.set_language(launch.language or store.settings.language)
    rng = app_options.pop("rng", None) or random.Random()
    app_options["fullscreen"] = app_options.get("fullscreen") or store.settings.fullscreen  # as it was left
    # A named deal opens the game it is a deal of (play/launch.py: `takes_deal`), else the game played last.
    start_in = launch.game or (None if launch.names_a_deal else store.settings.last_game)
    app = App(store=store, deal=launch.deal, fixed=launch.fixed_by_game(), rng=rng, start_in=start_in,
              **app_options)
    app.playing.on_screen.at_start(dealt=launch.names_a_deal)
    app.playing.current_game.welcome(app)  # the very first start offers Learn to play, a named deal or not
    app.persist.show(*missing_pictures(), *store.notices, *app.playing.take_unsaid(), after_current=True)
    app.after_first_frame(lambda: open_the_other_games(app))
    return app


def follow_the_system(store: Store) -> None:
    """The very first start (no settings file yet): the system's reduced-motion preference is the first
    answer for the animations (desktop/motion.py). Asked only then, so no later start waits for it."""
    if motion.at_first_start() is True:
        notice = store.change_setting("animation", "off")
        if notice is not None:
            store.notices.append(notice)


def open_the_other_games(app: App) -> None:
    """Every game's file read, what the store says of each said in turn, and what changed at start (a new
    deal, a finished game counted) written at once: its fsyncs need not delay the first frame."""
    app.playing.open_sessions()
    app.persist.show(*app.playing.take_unsaid(), *app.persist.save_now(), after_current=True)


def missing_pictures() -> list[Notice]:
    """A broken install (a wheel built without its assets) draws plain stand-in cards: say so, and which."""
    missing = paths.missing_assets()
    if not missing:
        return []
    return [Notice("ui.assets_missing", {"first": missing[0], "more": len(missing) - 1,
                                         "folder": str(paths.asset_root())})]


def run(launch: Launch, opening: Opening, shown: Callable[[], None]) -> int:
    """Make the table in the window opened on its felt, play until it is closed, and leave everything saved.
    `shown()` once the first frame is on screen (the desktop start's listener: its modules and thread wait for
    the cards)."""
    try:
        app = open_app(launch, opening, fullscreen=launch.fullscreen)  # in the game played last
    except pygame.error as err:
        print(f"idioten: cannot open the game window: {err}", file=sys.stderr)
        return 1
    app.after_first_frame(shown)
    handover.ready()  # a second start now brings this window forward instead of hearing "already open"
    try:
        app.loop()
    finally:
        handover.not_ready()
        app.persist.close()  # the last saves on disk, an action in the same turn as Ctrl+Q included
        app.close()
    return 0
