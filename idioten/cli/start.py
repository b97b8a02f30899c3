"""`idioten` without a command: the window, for the settings and saved game (no arguments) or as the command
line asks (cli/parser.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from idioten.storage.files import Notice
    from idioten.ui.opening import Launch


def play(launch: Launch | None, smoke: bool = False) -> int:
    """The window: `launch` None for what the saved settings and game say; `smoke` for the self-test."""
    from idioten.cli.pygame_check import check_pygame
    check_pygame()  # before idioten.ui, whose first import would fail with a traceback on the wrong pygame
    from idioten.ui.opening import Launch
    launch = launch or Launch()
    if smoke:
        from idioten.ui.smoke import run as run_smoke  # the window's modules load only when it opens
        return run_smoke(launch)
    from idioten.cli.desktop import play as play_on_folder  # one copy per data folder, a crash report
    return play_on_folder(lambda folder, shown, unsaved: run_window(launch, folder, shown, unsaved))


def run_window(launch: Launch, folder: Path | None, shown: Callable[[], None], unsaved: Notice | None = None) -> int:
    """Once the folder's lock is held: the window on its felt (ui/opening.py), then the table's modules, the
    store, the table and the loop (ui/launch.py), which calls `shown()` once the table's first frame is on
    screen (the desktop start then answers a second start). Without a folder, `unsaved` says why nothing is
    saved (None: the system names no folder)."""
    from idioten.ui.opening import NoWindow, open_first
    try:
        opening = open_first(launch, folder, unsaved)
    except NoWindow as err:
        print(f"idioten: cannot open the game window: {err}", file=sys.stderr)
        return 1
    from idioten.ui.launch import run
    return run(launch, opening, shown)
