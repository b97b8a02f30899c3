"""Which processes still run a program from a given folder: what the release smoke run looks for after it has
killed the program (packaging/release_files.py), on each system by that system's own listing of processes.

    Linux    /proc/PID/exe, the file each process runs
    macOS    `ps -axww -o pid=,comm=`, whose command column is the full path of the file each process runs
    Windows  PowerShell's Get-Process, whose Path is the file each process runs

A one-file program's game process runs the same file as the process that was started (it starts itself
again after unpacking), so its folder names it too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path


def processes_in(folder: Path) -> list[tuple[int, str]]:
    """(PID, program) of every process other than this one whose program lies in `folder` or below it."""
    inside = str(folder.resolve())  # and each program's real path: /var is /private/var on macOS
    return [(pid, path) for pid, path in running() if pid != os.getpid() and under(os.path.realpath(path), inside)]


def end(pid: int) -> None:
    """End a process this script's program left running (so that its folder can be removed)."""
    try:
        if sys.platform == "win32":
            subprocess.run(["taskkill", "/F", "/PID", str(pid)], capture_output=True)
        else:
            os.kill(pid, signal.SIGKILL)
    except OSError:  # gone meanwhile
        pass


def under(path: str, folder: str) -> bool:
    if sys.platform == "win32":
        path, folder = path.lower(), folder.lower()
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def running() -> list[tuple[int, str]]:
    if sys.platform == "win32":
        listing = subprocess.run(["powershell", "-NoProfile", "-NonInteractive", "-Command",
                                  "Get-Process | Where-Object Path | ForEach-Object { \"$($_.Id) $($_.Path)\" }"],
                                 capture_output=True, text=True, check=True).stdout
        return parse(listing)
    proc = Path("/proc")
    if (proc / "self" / "exe").exists():
        found = []
        for entry in proc.iterdir():
            if entry.name.isdigit():
                try:
                    found.append((int(entry.name), os.readlink(entry / "exe")))
                except OSError:  # gone meanwhile, a zombie, or another user's
                    pass
        return found
    return parse(subprocess.run(["ps", "-axww", "-o", "pid=,comm="], capture_output=True, text=True, check=True).stdout)


def parse(listing: str) -> list[tuple[int, str]]:
    """Lines of 'PID PATH' (the path may hold spaces)."""
    found = []
    for line in listing.splitlines():
        pid, _, path = line.strip().partition(" ")
        if pid.isdigit() and path:
            found.append((int(pid), path.strip()))
    return found
