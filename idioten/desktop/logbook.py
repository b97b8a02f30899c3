"""The window's log file: what idioten/log.py notes, written into `idioten.log` in the data folder.

Small and rotating (standard `logging`: RotatingFileHandler, MAX_BYTES a file, BACKUPS old ones, a few hundred
kB in all), and written off the window's thread: the window only puts a record on a queue (QueueHandler), a
thread of logging's own writes it (QueueListener), so a slow disk never holds a frame. Started once the first
frame is on screen (cli/desktop.py), so the start before it never loads `logging`. Paths inside the home
folder are written as `~/…` (`home_relative`), in the log and in crash reports alike: a report pasted into a
message names no account.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

LOG_FILE = "idioten.log"
MAX_BYTES = 100 * 1024
BACKUPS = 2  # idioten.log.1, idioten.log.2: 300 kB at most in all
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_path(folder: Path) -> Path:
    return Path(folder) / LOG_FILE


def home_folder() -> str | None:
    """The home folder as the paths written show it, or None where there is none worth hiding ("/")."""
    home = os.path.expanduser("~")
    return home if home not in ("~", "", os.sep) and os.path.isabs(home) else None


def home_relative(text: str, home: str | None = None) -> str:
    """`text` with the home folder written as `~` wherever a path starts in it."""
    home = home_folder() if home is None else home
    if not home:
        return text
    home = home.rstrip("/\\")
    out, start = [], 0
    while True:
        found = text.find(home, start)
        if found < 0:
            break
        after = text[found + len(home):found + len(home) + 1]
        if after in ("", "/", "\\", " ", "\n", "'", '"', ")", ",", ":"):  # the folder itself, not /home/anna2
            out.append(text[start:found] + "~")
        else:
            out.append(text[start:found + len(home)])
        start = found + len(home)
    out.append(text[start:])
    return "".join(out)


def _formatter() -> Any:
    import logging

    class HomeRelative(logging.Formatter):
        def format(self, record: logging.LogRecord) -> str:
            return home_relative(super().format(record))

    return HomeRelative(FORMAT)


class Logbook:
    """The log of one run, from `start` to `stop`."""

    def __init__(self, folder: Path):
        self.path = log_path(folder)
        self._listener: Any = None
        self._queue_handler: Any = None
        self._file_handler: Any = None

    def start(self) -> bool:
        """True if the log is written from now on; False where the file cannot be opened (noted nowhere)."""
        import logging
        import logging.handlers
        import queue

        from idioten import log

        try:
            handler = logging.handlers.RotatingFileHandler(self.path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                           encoding="utf-8")
        except OSError:
            return False
        handler.setFormatter(_formatter())
        records: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._file_handler = handler
        self._listener = logging.handlers.QueueListener(records, handler)
        self._listener.start()
        self._queue_handler = logging.handlers.QueueHandler(records)
        top = log.logger("desktop").parent
        top.addHandler(self._queue_handler)
        top.setLevel(logging.INFO)
        return True

    def stop(self) -> None:
        """Everything noted so far on disk, and the file closed."""
        if self._listener is None:
            return
        from idioten import log

        log.logger("desktop").parent.removeHandler(self._queue_handler)
        self._listener.stop()  # writes what is still queued
        self._file_handler.close()
        self._listener = None
