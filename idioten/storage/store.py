"""The window's one handle on saved data: game in progress, statistics, settings. No pygame here.

Usage from the window (every method that writes returns None on success or a one-line `Notice` to show;
none raises for a disk problem, and play always goes on in memory):

    store = Store.open()                 # reads settings.json, stats.json, game.json from data_dir()
    for notice in store.notices: show(notice.text())          # bad files moved aside, bad settings, a crash report ...
    i18n.set_language(store.settings.language)
    saved = store.saved_game or SavedGame.start(Game.new(deal_cards(n), store.settings.variant, n))

    after every action, undo, redo or restart:  store.save_game(saved)
        (set saved.undo_used = True on undo and restart first)
    when the game is over:                      store.game_finished(saved)     # counted once per game id
                                                (and once per day for a deal of the day, saved.daily)
    on a new deal:                              store.replace_game(saved, new_saved)
    settings panel:                             store.change_setting("animation", "fast")
    statistics panel:                           store.stats.variants["standard"].win_rate, ...
                                                store.reset_stats()  (after the window's confirmation)
    Poker patience (play/poker/session.py, with storage/poker.py's FILE, FORMAT, VERSION and conversions):
        at start:                               data, notices = store.load_file(FILE, FORMAT, VERSION)
                                                saved = poker_from_json(data)       # if data is not None
                                                (BadPokerSave: store.reject_file(FILE), keep choices_from_json(data))
        after every placement or choice:        store.save_file(FILE, poker_to_json(saved))
        when a grid is full:                    store.record_keyed("poker", "classic+diagonals", id, score)

The variant setting applies to the next new deal; a resumed game keeps its own variant.

Details live in storage.files (folder, atomic writes, bad files), storage.game, storage.stats, storage.settings,
storage.poker.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from idioten import log
from idioten.storage.files import (
    JsonObject,
    Notice,
    StoreError,
    data_dir,
    find_data_dir,
    read_json,
    remove_stale_temp_files,
    set_aside,
    write_json_atomic,
)
from idioten.storage.game import GAME_FILE, SavedGame, load_game, new_game_id
from idioten.storage.game import save_game as _save_game
from idioten.storage.poker import chosen_last
from idioten.storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from idioten.storage.stats import STATS_FILE, Statistics, load_stats, save_stats

__all__ = ["kept_games", "Store", "MemoryStore", "SavedGame", "Settings", "Statistics", "Notice", "StoreError",
           "new_game_id", "data_dir"]


def kept_games(saved: SavedGame | None) -> list[SavedGame]:
    """The games a saved game keeps for Ctrl+Z and Ctrl+Y (its `previous` and `following`)."""
    return [k for k in (saved.previous, saved.following) if k is not None] if saved is not None else []


class Store:
    def __init__(self, folder: Path, settings: Settings, stats: Statistics, saved_game: SavedGame | None,
                 notices: list[Notice]):
        self.folder = Path(folder)
        self.settings = settings
        self.stats = stats
        self.saved_game = saved_game  # what was on the table when the program last stopped, if anything
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
        saved, game_notices = load_game(folder)
        store = cls(folder, settings, stats, saved, settings_notices + stats_notices + game_notices)
        if settings.last_game is None:
            store.take_old_choice()
        for kept in (saved, *kept_games(saved)):
            if kept is not None and kept.game.is_over():
                # The last run may have been killed between saving the finished game and counting it.
                notice = store.game_finished(kept)
                if notice is not None and notice not in store.notices:
                    store.notices.append(notice)
        return store

    def take_old_choice(self) -> None:
        """The game chosen last, where the previous version kept it (poker.json), remembered in settings.json
        at once: the next poker.json written no longer holds it."""
        old = chosen_last(self.folder)
        if old is not None:
            notice = self.change_setting("last_game", old)
            if notice is not None and notice not in self.notices:
                self.notices.append(notice)

    # -- game --------------------------------------------------------------------------------------------

    def save_game(self, saved: SavedGame) -> Notice | None:
        return self._write(GAME_FILE, lambda: _save_game(saved, self.folder))

    def game_finished(self, saved: SavedGame) -> Notice | None:
        """Count a game that is over (once per game id: undo after the end and ending again changes nothing),
        unless the computer played its last action (demo, shown solution): that is not the player's result."""
        game = saved.game
        notice = self._count(saved, game.score, game.is_won())
        if saved.daily is not None and not saved.by_computer:
            # The window counts the day the moment the game ends; this catches a run killed before it could.
            notice = self.record_daily(saved.daily, game.is_won()) or notice
        return notice

    def replace_game(self, old: SavedGame | None, new: SavedGame) -> Notice | None:
        """A new deal: the old game counts as played with its score so far, unless nothing was ever played
        in it (no action, no undo) or it was counted already; then the new game is saved."""
        notices = [self.abandoned(k) for k in (old, *kept_games(old))]
        return self.save_game(new) or next((n for n in notices if n is not None), None)

    def abandoned(self, old: SavedGame | None) -> Notice | None:
        """A game left for good (no Ctrl+Z brings it back): counted with its score so far if it was played."""
        if old is None or not old.played:
            return None
        return self._count(old, old.game.score, old.game.is_won())

    def _count(self, saved: SavedGame, score: int, won: bool) -> Notice | None:
        if saved.by_computer:  # the demo or the shown solution played its last action: not the player's
            return None
        if not self.stats.record_result(saved.game_id, saved.game.variant, score, won, saved.undo_used):
            return None
        return self._write(STATS_FILE, lambda: save_stats(self.stats, self.folder))

    # -- statistics --------------------------------------------------------------------------------------

    def record_keyed(self, section: str, key: str, game_id: str, score: int) -> Notice | None:
        if not self.stats.record_keyed(section, key, game_id, score):
            return None
        return self._write(STATS_FILE, lambda: save_stats(self.stats, self.folder))

    def record_daily(self, day: str, won: bool) -> Notice | None:
        if not self.stats.record_daily(day, won):
            return None
        return self._write(STATS_FILE, lambda: save_stats(self.stats, self.folder))

    def reset_stats(self, section: str | None = None) -> Notice | None:
        self.stats.reset(section)
        return self._write(STATS_FILE, lambda: save_stats(self.stats, self.folder))

    # -- settings ----------------------------------------------------------------------------------------

    def change_setting(self, name: str, value: object) -> Notice | None:
        """Apply at once in memory and remember; ValueError for a value no setting accepts."""
        return self.change_settings(**{name: value})

    def change_settings(self, **values: object) -> Notice | None:
        """Several settings in one write (the window's size, place and fullscreen at exit)."""
        for name, value in values.items():
            self.settings = self.settings.changed(name, value)
        return self._write(SETTINGS_FILE, lambda: save_settings(self.settings, self.folder))

    # -- any other file (Poker patience's game) ----------------------------------------------------------

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
        super().__init__(Path("."), settings or Settings(), Statistics(), None, notices or [])

    def _write(self, file_name: str, write: Callable[[], object]) -> Notice | None:
        return None

    def load_file(self, file_name: str, expected_format: str,
                  max_version: int) -> tuple[JsonObject | None, list[Notice]]:
        return None, []  # never a file from wherever the program happens to run
