"""The program's log: what failed, kept once the message line has moved on (a save that failed, a core that
fell back to Python, a search that failed, a handover refused).

Any part of the package notes such an event here; only the window's program writes the log (desktop/logbook.py:
a small rotating file in the data folder, written off the window's thread). Elsewhere (the command line's
commands, tests) a note goes nowhere: the package's logger has a handler that drops it, so that Python's
last-resort handler never prints it on a command's stderr.

Part of the shared vocabulary: imports no other part of the package, and `logging` only when something is
noted (the start before the first picture loads no more than it needs: tests/ui/test_start_imports.py).
"""

from __future__ import annotations

from typing import Any

LOGGER = "idioten"


def logger(area: str) -> Any:
    """The logger of one area ("storage", "cores", "search", "desktop"), below the package's own."""
    import logging

    top = logging.getLogger(LOGGER)
    if not top.handlers:
        top.addHandler(logging.NullHandler())
    return logging.getLogger(f"{LOGGER}.{area}")


def note(area: str, message: str, *args: object, error: BaseException | None = None) -> None:
    """Note a failure (a warning); `error` adds its traceback. Never raises: a log must not stop the game."""
    try:
        logger(area).warning(message, *args, exc_info=error)
    except Exception:  # pragma: no cover - logging reports its own errors; nothing must reach the player
        pass
