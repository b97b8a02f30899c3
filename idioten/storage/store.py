"""The one handle on saved data the window and the sessions hold: settings, statistics, and each game's own
file. No pygame here, and no game's flow: the store reads and writes documents and keeps the statistics
in memory; what a game saves and when it counts is its session's (play/).

    store = Store.open()                 # reads settings.json and stats.json from data_dir()
    for notice in store.notices: show(notice.text())          # bad files moved aside, bad settings ...
    i18n.set_language(store.settings.language)

    a game's own file (play/acesup/session.py with storage/game.py, play/poker/session.py with storage/poker.py):
        at start:                     data, notices = store.load_file(FILE, FORMAT, VERSION)
                                      (a document its own checks reject: notices.append(store.reject_file(FILE)))
        after a change:               the session's save_point() gives SavePoint(FILE, document); the window
                                      hands it to its writer thread, which calls store.save_file(FILE, document)
    counting (a verb only marks):     store.record_result(game_id, variant, score, won, undo_used)
                                      store.record_keyed("poker", "classic+diagonals", game_id, score)
                                      store.record_daily(day, won)        # each True if counted now
                                      store.reset_stats()  (after the window's confirmation)
        stats.json's new document:    store.stats_point(), handed over with the games' save points (first:
                                      ui/save_writer.py writes it before any game's file), or
                                      play/session.py's write_now where no window runs
    settings panel:                   store.change_setting("animation", "fast")    # written at once
    statistics panel:                 store.stats.variants["standard"].win_rate, ...

Details live in storage.files (folder, atomic writes, bad files), storage.stats (and stats.json: stats_file),
storage.settings and each game's file: storage.game, storage.poker.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from idioten import log
from idioten.storage.files import (
    JsonObject,
    Notice,
    SavePoint,
    StoreError,
    data_dir,
    find_data_dir,
    read_json,
    remove_stale_temp_files,
    set_aside,
    write_json_atomic,
)
from idioten.storage.history import Played
from idioten.storage.poker import chosen_last
from idioten.storage.settings import SETTINGS_FILE, GameValue, Settings, load_settings, save_settings
from idioten.storage.stats import Statistics
from idioten.storage.stats_file import STATS_FILE, load_stats, stats_to_json

__all__ = ["Store", "MemoryStore", "SavePoint", "Settings", "Statistics", "Notice", "StoreError", "data_dir"]


class Store:
    def __init__(self, folder: Path, settings: Settings, stats: Statistics, notices: list[Notice]):
        self.folder = Path(folder)
        self.settings = settings
        self.stats = stats
        self.stats_unsaved = False  # counted or reset since stats.json's last document was taken (stats_point)
        self.notices = notices  # one-line messages from loading, to show once at start
        # Files that were unreadable and could not be moved aside: writing would destroy them.
        self._kept = {n.params["file"]: n for n in notices if n.keeps_file}

    @classmethod
    def open(cls, folder: Path | None = None, settings_read: tuple[Settings, list[Notice]] | None = None) -> "Store":
        """The data folder's files read; `settings_read` is what `load_settings` gave for this folder a moment
        before (the program start reads them first, to open its window where it was left). With no folder
        given and none the system names (no home folder): a store in memory that says once that nothing is
        saved."""
        folder = Path(folder) if folder is not None else find_data_dir()
        if folder is None:
            settings = settings_read[0] if settings_read is not None else Settings()
            return MemoryStore(settings, [Notice("store.no_folder")])
        remove_stale_temp_files(folder)
        settings, settings_notices = settings_read if settings_read is not None else load_settings(folder)
        stats, stats_notices = load_stats(folder)
        store = cls(folder, settings, stats, settings_notices + stats_notices)
        if settings.last_game is None:
            store.take_old_choice()
        return store

    def take_old_choice(self) -> None:
        """The game chosen last, where the previous version kept it (poker.json), remembered in settings.json
        at once: the next poker.json written no longer holds it."""
        old = chosen_last(self.folder)
        if old is not None:
            notice = self.change_setting("last_game", old)
            if notice is not None and notice not in self.notices:
                self.notices.append(notice)

    # -- statistics: counted in memory, written by whoever takes the save points ------------------------

    def record_result(self, game_id: str, variant: str, score: int, won: bool, undo_used: bool, *,
                      seconds: int | None = None, moves: int | None = None, played: Played | None = None) -> bool:
        """An Aces Up game counted (once per game id); True if it was counted now."""
        return self._counted(self.stats.record_result(game_id, variant, score, won, undo_used, seconds=seconds,
                                                      moves=moves, played=played))

    def record_keyed(self, section: str, key: str, game_id: str, score: int, *, seconds: int | None = None,
                     played: Played | None = None) -> bool:
        return self._counted(self.stats.record_keyed(section, key, game_id, score, seconds=seconds, played=played))

    def record_daily(self, day: str, won: bool) -> bool:
        return self._counted(self.stats.record_daily(day, won))

    def reset_stats(self, section: str | None = None) -> None:
        self.stats.reset(section)
        self.stats_unsaved = True

    def _counted(self, now: bool) -> bool:
        self.stats_unsaved = self.stats_unsaved or now
        return now

    def stats_point(self) -> SavePoint | None:
        """stats.json's new document if anything was counted or reset since the last call (None: nothing)."""
        if not self.stats_unsaved:
            return None
        self.stats_unsaved = False
        return SavePoint(STATS_FILE, stats_to_json(self.stats))

    # -- settings ----------------------------------------------------------------------------------------

    def change_setting(self, name: str, value: object) -> Notice | None:
        """Apply at once in memory and remember; ValueError for a value no setting accepts."""
        return self.change_settings(**{name: value})

    def change_game_setting(self, game: str, name: str, value: GameValue) -> Notice | None:
        """One of a game's own settings (the game checked the value), in its section of settings.json."""
        self.settings = self.settings.game_changed(game, name, value)
        return self._write(SETTINGS_FILE, lambda: save_settings(self.settings, self.folder))

    def change_settings(self, **values: object) -> Notice | None:
        """Several settings in one write (the window's size, place and fullscreen at exit)."""
        for name, value in values.items():
            self.settings = self.settings.changed(name, value)
        return self._write(SETTINGS_FILE, lambda: save_settings(self.settings, self.folder))

    # -- any file by its name (each game's own, stats.json's save point) -----------------------------------

    def load_file(self, file_name: str, expected_format: str,
                  max_version: int) -> tuple[JsonObject | None, list[Notice]]:
        """A document of the caller's own; a caller whose own checks reject it calls `reject_file`."""
        data, notices = read_json(self.folder / file_name, expected_format, max_version)
        self._kept.update({n.params["file"]: n for n in notices if n.keeps_file})
        return data, notices

    def reject_file(self, file_name: str) -> Notice:
        notice = set_aside(self.folder / file_name, "bad")
        if notice.keeps_file:
            self._kept[file_name] = notice
        return notice

    def save_file(self, file_name: str, data: JsonObject) -> Notice | None:
        return self._write(file_name, lambda: write_json_atomic(self.folder / file_name, data))

    # -- writing -----------------------------------------------------------------------------------------

    def _write(self, file_name: str, write: Callable[[], object]) -> Notice | None:
        if file_name in self._kept:
            return self._kept[file_name]
        try:
            write()
        except StoreError as err:
            log.note("storage", "saving %s failed: %s", file_name, err)
            return err.notice
        return None


class MemoryStore(Store):
    """A store that never touches the disk: for a window or a session opened without one (tests, benchmarks).
    Settings and statistics live in memory."""

    def __init__(self, settings: Settings | None = None, notices: list[Notice] | None = None):
        super().__init__(Path("."), settings or Settings(), Statistics(), notices or [])

    def _write(self, file_name: str, write: Callable[[], object]) -> Notice | None:
        return None

    def load_file(self, file_name: str, expected_format: str,
                  max_version: int) -> tuple[JsonObject | None, list[Notice]]:
        return None, []  # never a file from wherever the program happens to run
