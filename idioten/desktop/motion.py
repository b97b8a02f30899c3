"""The system's reduced-motion preference, asked once, at the very first start, as the first answer for the
animations setting (issue 39, item 4). Later starts never ask: the setting is the player's from then on.

Each system answers in its own form, and each form is read here from the answer as text or a flag, so that
every form is tested without the system (tests/desktop/test_motion.py):

- Windows: SystemParametersInfo(SPI_GETCLIENTAREAANIMATION) fills a BOOL; FALSE means the player turned off
  the client-area animations (Settings, Accessibility, Visual effects, "Animation effects").
- macOS: `defaults read com.apple.universalaccess reduceMotion` prints 1 (Reduce Motion on) or 0; with the
  key never set it prints an error and exits with 1 (off, as the system's default).
- Linux and the other Unix desktops: `gsettings get org.gnome.desktop.interface enable-animations` prints
  `true` or `false` (GNOME, and desktops built on its settings); no gsettings, or no such key, is no answer.

`reduced_motion` is True (less motion wanted), False (not) or None (the system gave no answer): only True
changes anything (animations off).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence

SPI_GETCLIENTAREAANIMATION = 0x1042
ASK_SECONDS = 2.0  # a desktop's settings tool that hangs must not hold the first start for long
MAC_QUESTION = ("defaults", "read", "com.apple.universalaccess", "reduceMotion")
GNOME_QUESTION = ("gsettings", "get", "org.gnome.desktop.interface", "enable-animations")

Run = Callable[[Sequence[str]], "str | None"]


def run(command: Sequence[str]) -> str | None:
    """What `command` printed, or None when it could not run, failed or took too long."""
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=ASK_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout if done.returncode == 0 else None


def windows_animations() -> bool | None:
    """SPI_GETCLIENTAREAANIMATION's BOOL (True: animations on), None if it cannot be asked."""
    try:
        import ctypes
        from ctypes import wintypes

        flag = wintypes.BOOL()
        user32 = ctypes.windll.user32  # type: ignore[attr-defined]
        if not user32.SystemParametersInfoW(SPI_GETCLIENTAREAANIMATION, 0, ctypes.byref(flag), 0):
            return None
        return bool(flag.value)
    except (AttributeError, OSError, ImportError, ValueError):
        return None


def from_windows(animations: bool | None) -> bool | None:
    return None if animations is None else not animations


def from_mac(printed: str | None) -> bool | None:
    if printed is None:
        return None  # the key never set: the system's default, Reduce Motion off (no answer to follow)
    answer = printed.strip().lower()
    return {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}.get(answer)


def from_gnome(printed: str | None) -> bool | None:
    if printed is None:
        return None
    answer = printed.strip().strip("'").lower()
    return {"false": True, "true": False}.get(answer)


def reduced_motion(platform: str | None = None, ask_windows: Callable[[], bool | None] = windows_animations,
                   ask: Run = run) -> bool | None:
    """Whether the system asks for less motion (None: it does not say)."""
    platform = platform if platform is not None else sys.platform
    if platform == "win32":
        return from_windows(ask_windows())
    if platform == "darwin":
        return from_mac(ask(MAC_QUESTION))
    return from_gnome(ask(GNOME_QUESTION))


def at_first_start() -> bool | None:
    """The question the program start asks at the very first start (tests put the answer in its place)."""
    return reduced_motion()
