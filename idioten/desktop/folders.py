"""The data folder opened in the system's file manager (the About panel's button). No pygame here.

Each system has its own way: `os.startfile` on Windows, `open` on macOS, `xdg-open` elsewhere (the desktop's
own choice of file manager). The system is given as input, so the tests see each form's command without
running it. A program frozen by PyInstaller on Linux runs with its own libraries first in LD_LIBRARY_PATH;
the file manager must get the system's (the bootloader keeps the original in LD_LIBRARY_PATH_ORIG).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path


def open_command(folder: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that shows `folder` in a file manager; None on Windows (os.startfile does it)."""
    if platform == "win32":
        return None
    return ["open" if platform == "darwin" else "xdg-open", str(folder)]


def command_environment(environ: Mapping[str, str], frozen: bool) -> dict[str, str]:
    env = dict(environ)
    if frozen:
        original = env.pop("LD_LIBRARY_PATH_ORIG", None)
        if original is not None:
            env["LD_LIBRARY_PATH"] = original
        else:
            env.pop("LD_LIBRARY_PATH", None)
    return env


def show_folder(folder: Path, platform: str = sys.platform, run: Callable[..., object] | None = None,
                startfile: Callable[[str], object] | None = None) -> bool:
    """Ask the system to show `folder`; False if it could not be asked (no xdg-open, no such folder)."""
    try:
        command = open_command(folder, platform)
        if command is None:
            opener: Callable[[str], object] = startfile or vars(os)["startfile"]  # Windows only
            opener(str(folder))
            return True
        run = run or subprocess.Popen
        run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True, env=command_environment(os.environ, getattr(sys, "frozen", False)))
    except OSError:
        return False
    return True
