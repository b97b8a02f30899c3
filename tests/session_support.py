"""Aces Up's saved game and the statistics through the live calls the window makes, without a window: the store
opened on a folder, the session that reads game.json through it, and the save points written at once."""

from __future__ import annotations

import random
from pathlib import Path

from idioten.play.acesup.session import AcesUpSession, load
from idioten.play.session import Opening
from idioten.storage.files import Notice
from idioten.storage.game import GAME_FILE, SavedGame, game_to_json
from idioten.storage.store import Store


def open_aces_up(folder: Path) -> tuple[AcesUpSession, list[Notice]]:
    """The store and Aces Up's session on `folder`, opened as the window opens them; what the store said,
    then what the session said of game.json."""
    store = Store.open(folder)
    session, notices = AcesUpSession.open(Opening(store, random.Random(0)))
    return session, [*store.notices, *notices]


def saved_game(store: Store) -> SavedGame | None:
    """The game game.json holds, read as the session reads it (a bad file set aside: None)."""
    return load(store)[0]


def save(store: Store, saved: SavedGame) -> Notice | None:
    """game.json written as the window's writer writes a session's save point."""
    return store.save_file(GAME_FILE, game_to_json(saved))


def write_stats(store: Store) -> Notice | None:
    """stats.json written now if anything was counted or reset (the window's writer does it after a frame)."""
    point = store.stats_point()
    return None if point is None else store.save_file(point.file, point.document)
