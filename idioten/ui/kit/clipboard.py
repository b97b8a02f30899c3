"""The system's clipboard, through SDL (pygame.scrap's text functions need no scrap.init in pygame-ce): text
only. A system without one (some window managers, a dummy video driver) answers False or "" instead of
failing."""

from __future__ import annotations

import pygame


def put_text(text: str) -> bool:
    """True once `text` is on the clipboard."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error:
        return False
    return True


def get_text() -> str:
    """The text on the clipboard ("" if there is none, or no clipboard)."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:
        return ""
