"""The window's program as a player starts it: one copy per data folder, and a report if it crashes.

`play(run_window)` wraps the window's run (cli/start.run_window) for `idioten` with no command:

1. Take the data folder's lock (desktop/lock.py). Held by another copy: ask it to come forward; if it cannot,
   say in one line (and a message box) that the game is already open; exit with EXIT_ALREADY_OPEN (or 0 when
   the running copy came forward, which is all the player asked for). Nothing in the folder is read or
   written by the second start. A lock that cannot be taken at all (a link or a folder in its place, no
   permission: desktop/lock.py) makes this the one copy that does not save: it says so in one line, and in
   the window's message line. Where the system names no data folder at all (no home folder, no variable
   naming one), there is nothing to lock: the window plays without saving and says so (storage/store.py).
2. Turn a hard crash's dump left by the last run into a report (the window's start names it), watch for a
   hard crash in this one (faulthandler) and for an error in any thread (threading.excepthook).
3. Run the window, `run_window(folder, shown, unsaved)`. It calls `shown()` once its first frame is on screen,
   and only then does this copy start its log (desktop/logbook.py) and listen for a second start
   (desktop/channel.py; a second start waits for that a while): their modules and threads need not delay the
   cards. `unsaved` is the notice the window shows when it plays without a folder, None otherwise. An uncaught
   exception writes a report (desktop/crash.py) and gives one line on stderr and EXIT_CRASHED, never a
   traceback; the window's own `finally` has saved the game by then.

Commands (`idioten solve`, ...) and `--smoke` (its own data folder) do not come here.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from idioten import PROGRAM_NAME, i18n
from idioten.desktop import crash, lock
from idioten.storage.files import Notice, find_data_dir, read_regular_file
from idioten.storage.settings import SETTINGS_FILE

if TYPE_CHECKING:
    from idioten.desktop import channel
    from idioten.desktop.logbook import Logbook

EXIT_ALREADY_OPEN = 3
EXIT_CRASHED = 70  # sysexits' EX_SOFTWARE: the program's own fault


RunWindow = Callable[[Path | None, Callable[[], None], Notice | None], int]


def play(run_window: RunWindow, folder: Path | None = None) -> int:
    folder = Path(folder) if folder is not None else find_data_dir()
    if folder is None:
        return run_without_folder(lambda: run_window(None, lambda: None, None))
    held = lock.lock_folder(folder)
    if held.other_copy:
        return hand_over(folder)
    if held.refused:
        tell(f"idioten: the data folder's lock ({held.path}) cannot be taken ({held.reason}); this copy plays "
             "without saving")
        unsaved = Notice("store.lock_refused", {"path": str(held.path), "reason": held.reason})
        return run_without_folder(lambda: run_window(None, lambda: None, unsaved))
    second_starts = SecondStarts(folder, held)
    try:
        return run_guarded(lambda: run_window(folder, second_starts.listen, None), folder)
    finally:
        second_starts.close()
        held.release()


class SecondStarts:
    """What this copy starts once its first frame is on screen: its log, and the listener that brings its
    window forward when a second start asks."""

    def __init__(self, folder: Path, held: lock.FolderLock):
        self.folder, self.held = folder, held
        self.listener: channel.HandoverListener | None = None
        self.logbook: Logbook | None = None

    def listen(self) -> None:
        from idioten.desktop import channel, handover
        from idioten.desktop.logbook import Logbook

        self.logbook = Logbook(self.folder)
        self.logbook.start()
        try:
            self.listener = channel.HandoverListener(self.folder, handover.asked_to_come_forward)
            self.held.announce(self.listener.announcement())
        except OSError as error:  # no socket here (a file system without them): a second start still finds
            from idioten import log  # the lock and says the game is already open
            log.note("desktop", "no channel for a second start: %s", error)

    def close(self) -> None:
        if self.listener is not None:
            from idioten.desktop import handover
            self.listener.close()
            handover.not_ready()
        if self.logbook is not None:
            self.logbook.stop()


def hand_over(folder: Path) -> int:
    from idioten.desktop import channel

    answer = channel.ask_first_copy(folder)
    if answer == channel.SHOWN:
        return 0
    from idioten.desktop import handover
    i18n.set_language(chosen_language(folder))
    handover.tell_already_open(PROGRAM_NAME, i18n.t("start.already_open"),
                               f"idioten: the game is already open on this data folder ({folder}); "
                               "only one copy runs at a time")
    return EXIT_ALREADY_OPEN


def chosen_language(folder: Path) -> str | None:
    """The language chosen in the settings, read without a word or a change: the running copy owns the file
    (a damaged one is its to set aside). None leaves it to the system."""
    try:
        data = json.loads(read_regular_file(Path(folder) / SETTINGS_FILE, 64 * 1024))
    except (OSError, ValueError):
        return None
    language = data.get("language") if isinstance(data, dict) else None
    return language if language in i18n.LANGUAGES else None


def run_guarded(run_window: Callable[[], int], folder: Path) -> int:
    crash.collect_native_crash(folder)
    watch = crash.NativeCrashWatch(folder)
    watch.start()
    previous_hook = threading.excepthook
    threading.excepthook = lambda hook_args: thread_crashed(folder, hook_args)
    try:
        return run_window()
    except Exception as error:
        say_crashed(folder, error, "the window")
        return EXIT_CRASHED
    finally:
        threading.excepthook = previous_hook
        watch.stop()


def run_without_folder(run_window: Callable[[], int]) -> int:
    """The system names no data folder (no home folder): the window plays without saving (its store says so),
    with no lock to take (nothing is written for two copies to fight over) and no place for a crash report."""
    try:
        return run_window()
    except Exception as error:
        tell(f"idioten: the window stopped on an unexpected error ({type(error).__name__}); there is no data "
             "folder to write a report in")
        return EXIT_CRASHED


def thread_crashed(folder: Path, hook_args: threading.ExceptHookArgs) -> None:
    if hook_args.exc_type is SystemExit or hook_args.exc_value is None:
        return
    name = hook_args.thread.name if hook_args.thread is not None else "a thread"
    say_crashed(folder, hook_args.exc_value, f"the thread {name!r}")


def say_crashed(folder: Path, error: BaseException, where: str) -> None:
    try:
        report = crash.exception_report(folder, error, where)
        line = f"idioten: {where} stopped on an unexpected error ({type(error).__name__}); a report is in {report}"
    except OSError:
        line = f"idioten: {where} stopped on an unexpected error ({type(error).__name__}); no report could be written"
    tell(line)


def tell(line: str) -> None:
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass  # no stderr (pythonw): the report and the next start's notice remain
