"""Buttons drawn as rounded labels. A button acts when the mouse is released over it, or on Enter when it has
the keyboard focus (a blue ring, moved by the panel it is on: kit/panels.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from idioten import i18n
from idioten.ui.kit.palette import EDGE, SELECT, tint

if TYPE_CHECKING:
    from idioten.ui.kit.fonts import Texts

FACE = (32, 78, 52)  # these four as on the green table; drawn in the table's own hue (palette.tint)
FACE_HOVER = (46, 104, 70)
FACE_PRESSED = (24, 58, 40)
LABEL = (242, 242, 232)
LABEL_DISABLED = (130, 150, 135)


class Button:
    """A rounded label that does `action` when clicked, or on Enter when it has the keyboard's ring; greyed and
    inert while `enabled()` says no (Undo with nothing to undo)."""
    def __init__(self, text_key: str, action: Callable[[], None], enabled: Callable[[], bool] = lambda: True):
        self.text_key = text_key
        self.action = action
        self.enabled = enabled
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.pressed = False
        self.focused = False

    @property
    def label(self) -> str:
        """What it says: its text key worded in the language of the moment."""
        return i18n.t(self.text_key)

    def width_for(self, texts: Texts, size: int) -> int:
        """How wide it must be for its words at text size `size`, with room either side."""
        return texts.font(size).size(self.label)[0] + size

    def handle(self, event: pygame.event.Event) -> bool:
        """For a click: True when it concerned this button (nothing else should act on it).
        For a mouse motion: True when the hover state changed (the button must be redrawn)."""
        if event.type == pygame.MOUSEMOTION:
            hover = self.rect.collidepoint(event.pos)
            changed = hover != self.hover
            self.hover = hover
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos) and self.enabled():
                self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface, texts: Texts, size: int) -> None:
        """The button as it stands: pressed, under the pointer, disabled or ringed (nothing where no bar had room
        for it)."""
        if not self.rect.w:  # left out of a bar too narrow for it (kit/layout.py, bar_buttons)
            return
        enabled = self.enabled()
        face = FACE_PRESSED if self.pressed and enabled else FACE_HOVER if self.hover and enabled else FACE
        radius = self.rect.h // 4
        pygame.draw.rect(surface, tint(face), self.rect, border_radius=radius)
        pygame.draw.rect(surface, tint(EDGE if enabled else FACE_HOVER), self.rect, width=1, border_radius=radius)
        label = texts.render(self.label, size, LABEL if enabled else tint(LABEL_DISABLED))
        surface.blit(label, label.get_rect(center=self.rect.center))
        if self.focused:
            ring = self.rect.inflate(8, 8)
            pygame.draw.rect(surface, SELECT, ring, width=2, border_radius=ring.h // 3)


def history_shortcut(event: pygame.event.Event, undo: Callable[[], object], redo: Callable[[], object]) -> bool:
    """Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo, alike in both games. True for any Ctrl combination,
    handled or not, so that no plain-key action (N, R, D …) fires for it."""
    mod = getattr(event, "mod", 0)
    if not mod & pygame.KMOD_CTRL:
        return False
    if event.key == pygame.K_z:
        redo() if mod & pygame.KMOD_SHIFT else undo()
    elif event.key == pygame.K_y:
        redo()
    return True
