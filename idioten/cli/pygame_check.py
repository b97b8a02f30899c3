"""Is the pygame that Python finds pygame-ce, new enough for the window? Asked before the window's modules load.

pygame-ce and upstream pygame both install a package named `pygame`; whichever was installed last wins, and
upstream pygame (or a pygame-ce older than 2.5) lacks what the window draws the cards with,
`pygame.image.load_sized_svg`. Without this check the player would see a traceback from deep in the window.
"""

from __future__ import annotations

import os
from types import ModuleType

from idioten.cli.errors import CommandError

FIX = "pip uninstall -y pygame pygame-ce && pip install pygame-ce"


class WrongPygame(CommandError):
    """The window cannot start on this pygame: one line, exit status 1 (nothing was wrong with the command)."""

    status = 1


def problem(pygame: ModuleType) -> str | None:
    """What is wrong with this imported pygame module for the window, or None."""
    version = getattr(getattr(pygame, "version", None), "ver", None) or getattr(pygame, "__version__", "?")
    if not getattr(pygame, "IS_CE", False):
        return (f"idioten: the pygame installed ({version}) is upstream pygame, but the game needs pygame-ce, which "
                f"installs under the same name; replace it: {FIX}")
    if not hasattr(getattr(pygame, "image", None), "load_sized_svg"):
        return f"idioten: pygame-ce {version} is too old (2.5 or newer is needed); update it: {FIX}"
    return None


def check_pygame() -> None:
    """Raise WrongPygame with one line when the window cannot start on the pygame found."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # as idioten/ui does: no greeting on stdout
    try:
        import pygame  # the one import of pygame outside ui/ (tests/test_layers.py)
    except ImportError as err:
        raise WrongPygame(f"idioten: pygame-ce is not installed or does not load ({err}); install it: {FIX}") from None
    reason = problem(pygame)
    if reason:
        raise WrongPygame(reason)
