"""Writes the games in progress (each game's own file) and the statistics on a thread of its own, so a slow disk
never holds up a frame.

A save is a few kilobytes but ends in two fsyncs; on a busy machine that took a median of 13 ms and up to
30 ms and more (bench/ui_save.py), most of a 16.7 ms frame. The window thread turns the game into its JSON
document (a copy, so play can go on changing the game) and hands it over; this thread writes it through
`Store.save_file`, which keeps the atomic write and the one-line notice on failure. Only the newest
document of a file matters: one still waiting is replaced by a newer one, never written after it. fsync releases the
GIL, so the window keeps drawing meanwhile.

stats.json, when it waits, is written before any game's file: a game's new document may have dropped a game
left for good that only the waiting statistics count, so a kill between the two writes must find the count
on disk (the game, still in its old file, is only counted again once, by its id), never the game gone and
its count lost. The statistics never wait for a game's file: a finished game the file holds is counted when
it is read, once per id.

`wait()` returns once everything handed over is on disk (before a new deal is counted and saved by the
window thread, at exit, and in tests). A failure's notice is kept for the window thread (`take_notices`)
and an event is posted so that an idle loop wakes up to show it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

import pygame

from idioten.storage.files import Notice, SavePoint
from idioten.storage.stats_file import STATS_FILE
from idioten.storage.store import Store

WAKE_EVENT = pygame.event.custom_type()  # wakes an idle loop: a notice is waiting


class SaveWriter:
    """The window's writer thread: it writes the newest document handed over for each file, stats.json first, so
    the window's loop never waits for a disk; what could not be written comes back as notices."""
    def __init__(self, store: Store):
        self.store = store
        self._cond = threading.Condition()
        self._waiting: dict[str, dict[str, Any]] = {}  # by file: the newest document not yet written
        self._writing = False
        self._closed = False
        self._notices: list[Notice] = []
        self._thread = threading.Thread(target=self._run, name="idioten-save", daemon=True)
        self._thread.start()

    def submit(self, points: Iterable[SavePoint]) -> None:
        """Documents to write; a newer one for a file replaces one not yet written (only the newest matters)."""
        with self._cond:
            for point in points:
                self._waiting[point.file] = point.document
            self._cond.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """True once every document handed over has been written (or failed with a notice)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and not self._writing, timeout)

    def take_notices(self) -> list[Notice]:
        """What could not be written since the last look, each once."""
        with self._cond:
            notices, self._notices = self._notices, []
        return notices

    def close(self) -> None:
        """Every document handed over written, then the thread ended."""
        self.wait()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._waiting) or self._closed)
                if not self._waiting:
                    return
                file = STATS_FILE if STATS_FILE in self._waiting else next(iter(self._waiting))
                document = self._waiting.pop(file)
                self._writing = True
            notice = self.store.save_file(file, document)
            with self._cond:
                self._writing = False
                if notice is not None:
                    self._notices.append(notice)
                self._cond.notify_all()
            if notice is not None:
                try:
                    pygame.event.post(pygame.event.Event(WAKE_EVENT))
                except pygame.error:
                    pass  # the window is gone: the notice is still taken at exit
