"""The game window: the only package that imports pygame (besides desktop/handover.py, for SDL's event queue). The
program starts it in cli/start.py: the window on its felt (opening.py), then the table and the loop (launch.py)."""

import os
import sys
from collections.abc import Mapping, MutableMapping, Sequence


def plain_framebuffer(environ: MutableMapping[str, str], platform: str) -> None:
    """Before pygame starts. SDL would otherwise back the window surface with an OpenGL framebuffer: about 100 MB
    more resident memory for a 2D game that gains nothing from it (docs/figures.md, the window). A user may still
    override it. Not on macOS: SDL 2's Cocoa driver has no framebuffer of its own, so there the OpenGL/Metal one
    is the only window surface there is (and the one made at the Retina drawable's pixel size); ui/window.py."""
    if platform != "darwin":
        environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


plain_framebuffer(os.environ, sys.platform)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def system_locales() -> Sequence[Mapping[str, object]]:
    """The languages the player's system prefers, as SDL reads them (Windows' and macOS' own lists); asked by
    i18n.detect_language when the settings leave the language to the system. pygame is imported only then,
    after the hints above."""
    import pygame.system
    return pygame.system.get_pref_locales()


from idioten import i18n  # noqa: E402  (after the hints: nothing here may start pygame before them)

i18n.use_system_locales(system_locales)
