"""Crash reports: what a double-clicked program that stopped on an error leaves behind. No pygame here.

A program started by a double-click has no console (Windows) and no log: an error would leave no trace. So
an uncaught exception in the window's run or in any thread writes a report into `crashes/` in the data
folder (the traceback, the program's version and cores, Python, pygame-ce and SDL, the system), and a hard
crash in a C core, which no exception sees, is written by `faulthandler` into `crash-native.txt` there; the
next start turns that into a report too. A report names the log (desktop/logbook.py), and writes paths in the
home folder as `~/…`. The last `KEEP` reports are kept (they are our logs, not the
player's data: older ones are removed). A report not yet told is named `crash-STAMP.untold.txt`; the store's
start-up notices say where each one is, once (`reports_to_tell` renames it to `crash-STAMP.txt`).
"""

from __future__ import annotations

import faulthandler
import os
import sys
import time
import traceback
from pathlib import Path
from typing import TextIO

from idioten import __version__
from idioten.desktop.logbook import home_relative, log_path
from idioten.storage.files import Notice, read_regular_file

REPORTS_FOLDER = "crashes"
NATIVE_FILE = "crash-native.txt"
KEEP = 5
UNTOLD = ".untold"
PREFIX = "crash-"
CORE_MODULES = {"solver": "idioten.acesup.solver._csearch", "hint": "idioten.acesup.hint._crollout",
                "poker": "idioten.poker._cplayout"}
MAX_NATIVE_BYTES = 256 * 1024  # a faulthandler dump is a few kilobytes; a huge file is not one


def describe_system() -> str:
    """The lines that say which program on which system: version, cores, Python, pygame-ce and SDL."""
    import platform  # loaded for a report only: the crash watch starts before the window's first picture

    from idioten import cores

    lines = [f"idioten {__version__}"]
    core_names = []
    for name, module in CORE_MODULES.items():
        try:
            core_names.append(f"{name} {cores.load(module).name}")
        except Exception:  # a report must be written even when a core cannot be looked at
            core_names.append(f"{name} unknown")
    lines.append("cores: " + ", ".join(core_names))
    lines.append(f"Python {platform.python_version()} ({platform.python_implementation()}, "
                 f"{'frozen' if getattr(sys, 'frozen', False) else 'not frozen'})")
    pygame = sys.modules.get("pygame")  # only described if the window loaded it; never loaded from here
    if pygame is not None:
        try:
            sdl = ".".join(map(str, pygame.get_sdl_version()))
            lines.append(f"pygame-ce {pygame.version.ver}, SDL {sdl}")
        except Exception:
            lines.append("pygame: version unknown")
    lines.append(f"system: {platform.platform()} ({platform.machine() or 'unknown machine'})")
    return "\n".join(lines)


def reports_folder(folder: Path) -> Path:
    return Path(folder) / REPORTS_FOLDER


def write_report(folder: Path, what: str, details: str, now: float | None = None) -> Path:
    """Write a report and keep only the newest KEEP; the report's path. Raises OSError if it cannot."""
    reports = reports_folder(folder)
    reports.mkdir(parents=True, exist_ok=True)
    moment = time.localtime(now)
    stamp = time.strftime("%Y%m%d-%H%M%S", moment)
    text = home_relative(f"Idioten crash report, {time.strftime('%Y-%m-%d %H:%M:%S', moment)}\n{what}\n\n"
                         f"{describe_system()}\nlog: {log_path(folder)}\n\n{details.rstrip()}\n")
    for attempt in range(1, 100):
        name = f"{PREFIX}{stamp}{'' if attempt == 1 else f'-{attempt}'}"
        if not any((reports / f"{name}{tail}.txt").exists() for tail in ("", UNTOLD)):
            break
    path = reports / f"{name}{UNTOLD}.txt"
    with open(path, "x", encoding="utf-8") as out:
        out.write(text)
    prune(reports)
    return path


def _reports(reports: Path) -> list[Path]:
    try:
        found = [p for p in reports.iterdir() if p.name.startswith(PREFIX) and p.suffix == ".txt" and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name.removesuffix(".txt").removesuffix(UNTOLD))


def prune(reports: Path) -> None:
    for old in _reports(reports)[:-KEEP]:
        try:
            old.unlink()
        except OSError:
            pass


def exception_report(folder: Path, error: BaseException, where: str = "the window") -> Path:
    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    return write_report(folder, f"An uncaught {type(error).__name__} stopped {where}.", details)


def collect_native_crash(folder: Path) -> Path | None:
    """A hard crash's dump from the last run, turned into a report (and the dump removed); None if there
    was none. Called before this run's own dump file is opened."""
    native = Path(folder) / NATIVE_FILE
    try:
        dump = read_regular_file(native, MAX_NATIVE_BYTES)
    except OSError:
        return None
    report = None
    if dump.strip():
        try:
            report = write_report(folder, "The last run stopped on a hard crash (faulthandler's dump below).",
                                  dump.decode("utf-8", "replace"))
        except OSError:
            return None  # keep the dump for a start that can write the report
    try:
        native.unlink()
    except OSError:
        pass
    return report


class NativeCrashWatch:
    """faulthandler writing into the data folder while the window runs; the file is removed if the run ends
    without a hard crash."""

    def __init__(self, folder: Path):
        self.path = Path(folder) / NATIVE_FILE
        self._file: TextIO | None = None

    def start(self) -> None:
        try:
            self._file = open(self.path, "w", encoding="utf-8")
            faulthandler.enable(self._file, all_threads=True)
        except (OSError, RuntimeError, ValueError):
            self._file = None

    def stop(self) -> None:
        if self._file is None:
            return
        faulthandler.disable()
        self._file.close()
        self._file = None
        try:
            if os.path.getsize(self.path) == 0:
                os.unlink(self.path)
        except OSError:
            pass


def reports_to_tell(folder: Path) -> list[Notice]:
    """One notice per report not yet told, oldest first, each marked told (renamed without `.untold`); the
    notice names the report's final path."""
    notices = []
    for report in _reports(reports_folder(folder)):
        stem = report.name.removesuffix(".txt")
        if not stem.endswith(UNTOLD):
            continue
        told = report.with_name(stem.removesuffix(UNTOLD) + ".txt")
        try:
            os.replace(report, told)
        except OSError:
            told = report  # told again next time: better than never
        notices.append(Notice("store.crash_report", {"path": str(told)}))
    return notices
