"""Buttons drawn as rounded labels. A button acts when the mouse is released over it, or on Enter when it has
the keyboard focus (a blue ring, moved by the panel it is on: kit/panels.py)."""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Callable

import pygame

from idioten import i18n
from idioten.ui.kit.palette import EDGE, RGB, SELECT, tint

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
        self._face: tuple[tuple[object, ...], pygame.Surface | None] | None = None  # (what it shows, picture)

    @property
    def label(self) -> str:
        """What it says: its text key worded in the language of the moment."""
        return i18n.t(self.text_key)

    def width_for(self, texts: Texts, size: int) -> int:
        """How wide it must be for its words at text size `size`, with room either side."""
        return texts.plain_width(self.label, size) + size

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
        # Its rounded face and edge, drawn once until its size or colours change (a bar redraws its buttons every
        # frame, and a rounded rectangle costs more than a blit); the words go on it here, on the frame itself.
        colours = tint(face), tint(EDGE if enabled else FACE_HOVER)
        key = (self.rect.size, *colours, surface.get_bitsize(), surface.get_masks())
        if self._face is None or self._face[0] != key:
            self._face = key, kept_face_picture(surface, key)
        picture = self._face[1]
        if picture is not None:
            surface.blit(picture, self.rect)
        else:
            paint_face(surface, self.rect, *colours)
        label = texts.render(self.label, size, LABEL if enabled else tint(LABEL_DISABLED))
        surface.blit(label, label.get_rect(center=self.rect.center))
        if self.focused:
            ring = self.rect.inflate(8, 8)
            pygame.draw.rect(surface, SELECT, ring, width=2, border_radius=ring.h // 3)


def paint_face(surface: pygame.Surface, rect: pygame.Rect, face: RGB, edge: RGB) -> None:
    """A button's rounded face and its edge, on `surface` at `rect`."""
    radius = rect.h // 4
    pygame.draw.rect(surface, face, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=1, border_radius=radius)


# Where a button's face picture shows what lies under it (its rounded corners): a colour no face or edge takes.
_SEE_THROUGH = (255, 0, 255)


def face_picture(target: pygame.Surface, size: tuple[int, int], face: RGB, edge: RGB) -> pygame.Surface | None:
    """A button's face and edge of `size` ready to blit on `target`, the very pixels `paint_face` draws there in
    place (None on a target with its own transparency: drawn in place there). Opaque with a colour key for its
    corners, in the target's pixel format, run-length encoded: the blit copies each pixel as it is, a run of
    them at a time."""
    if target.get_flags() & pygame.SRCALPHA:
        return None
    picture = pygame.Surface(size, 0, target)
    picture.fill(_SEE_THROUGH)
    paint_face(picture, pygame.Rect((0, 0), size), face, edge)
    picture.set_colorkey(_SEE_THROUGH, pygame.RLEACCEL)
    return picture


FaceKey = tuple[tuple[int, int], RGB, RGB, int, tuple[int, int, int, int]]  # size, face, edge, target's format
_faces: OrderedDict[FaceKey, pygame.Surface | None] = OrderedDict()
FACES_KEPT = 64  # button faces kept for the run, the least recently used go first (a few KB each)


def kept_face_picture(target: pygame.Surface, key: FaceKey) -> pygame.Surface | None:
    """`face_picture` for the size and colours of `key`, made once for the run: every window's buttons of one
    size and look (and a button's hover and back) share it, as nothing draws on a face once made."""
    if key in _faces:
        _faces.move_to_end(key)
        return _faces[key]
    size, face, edge = key[0], key[1], key[2]
    picture = _faces[key] = face_picture(target, size, face, edge)
    if len(_faces) > FACES_KEPT:
        _faces.popitem(last=False)
    return picture


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
