"""Whether what a scene draws fits its window: every text's ink and every button inside the window (and a panel's
box), no two texts over each other, no text over a button it is not the label of, no two buttons over each
other, each button's label inside it. The texts are those the scene really draws, caught as they are blitted."""

from __future__ import annotations

import pygame
import pytest
import tiers
from tiers import each_once

from idioten import i18n
from idioten.storage.settings import TEXT_SIZES
from idioten.ui import window
from idioten.ui.kit.palette import BOX
from idioten.ui.persist import persistence

RING = 8  # the focus ring is drawn this much larger than its button (widgets.Button.draw)


class Recorder(pygame.Surface):
    """A surface that remembers what was blitted onto it and where."""

    def __init__(self, size: tuple[int, int]):
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        self.blits.append((source, pygame.Rect(dest[0], dest[1], *source.get_size())))
        return super().blit(source, dest, area, special_flags)


def ink(surface: pygame.Surface, at: pygame.Rect) -> pygame.Rect:
    """Where a rendered text's letters really are (the line's own air above and below left out)."""
    rects = pygame.mask.from_surface(surface, 60).get_bounding_rects()
    if not rects:
        return pygame.Rect(at.topleft, (0, 0))
    return rects[0].unionall(rects[1:]).move(at.topleft)


def canvas(app, scene) -> tuple[int, int]:
    """The size `scene` is drawn at: the window's, or the larger canvas it is scaled down from."""
    return scene.canvas_size or app.layout.size


def drawn_texts(app, scene) -> list[tuple[str, pygame.Rect]]:
    """Each text `scene` draws in a fresh frame, with the rectangle of its ink."""
    rendered: dict[int, tuple[str, pygame.Surface]] = {}
    render = app.texts.render

    def spy(text, size, *rest):
        surface = render(text, size, *rest)
        rendered[id(surface)] = (text, surface)  # kept alive, so no other surface takes its id
        return surface

    app.texts.render = spy
    picture = Recorder(canvas(app, scene))
    picture.fill(BOX)
    try:
        scene.draw(picture)
    finally:
        app.texts.render = render
    return [(rendered[id(source)][0], ink(source, rect)) for source, rect in picture.blits
            if id(source) in rendered and ink(source, rect).w]


def misfits(app, scene=None) -> list[str]:
    """Everything `scene` (by default the one on top) draws that does not lie where it should."""
    scene = scene or app.scenes[-1]
    window = pygame.Rect((0, 0), canvas(app, scene))
    box = getattr(scene, "box", None) if getattr(scene, "overlay", False) else None
    frame = box if box is not None else window
    wrong = [] if window.contains(frame) else [f"box {frame} outside the window {window}"]
    buttons = [b for b in getattr(scene, "buttons", []) if b.rect.w]
    for button in buttons:
        ring = button.rect.inflate(RING, RING) if box is not None else button.rect
        if not frame.contains(ring):
            wrong.append(f"button {button.label!r} {button.rect} outside {frame}")
        wrong += [f"button {button.label!r} overlaps {other.label!r}" for other in buttons
                  if other is not button and button.rect.colliderect(other.rect)]
    texts = drawn_texts(app, scene)
    for index, (text, rect) in enumerate(texts):
        if not frame.contains(rect):
            wrong.append(f"text {text!r} {rect} outside {frame}")
        label_of = [b for b in buttons if b.label == text and b.rect.contains(rect)]
        if any(b.label == text for b in buttons) and not label_of and any(b.rect.colliderect(rect) for b in buttons):
            wrong.append(f"label {text!r} {rect} not inside its button")
        wrong += [f"text {text!r} {rect} over button {b.label!r} {b.rect}" for b in buttons
                  if b not in label_of and b.rect.colliderect(rect) and b.label != text]
        wrong += [f"text {text!r} {rect} overlaps {other!r} {at}" for other, at in texts[index + 1:]
                  if rect.colliderect(at)]
    return wrong


def text_sizes(fast: tuple[int, ...] = (100,)) -> list:
    """Every text size as a test's parameter: those in `fast` in both tiers, the others in the slow tier only
    (a representative slice keeps the fast tier's cost small)."""
    return [pytest.param(size, id=f"text{size}", marks=() if size in fast else pytest.mark.slow)
            for size in TEXT_SIZES]


def each_with_a_text_size(cases: list, fast: tuple[int, ...] = (100, 150)) -> list:
    """Parametrize (case, text size) pairs: in the fast tier as few pairs as take each case and each text size of
    `fast` once (in `fast`'s order: two tests of the same cases pair them the other way round with `fast`
    reversed, and between them check every pair in the fast tier); every other pair, and the other text sizes,
    in the slow tier."""
    return each_once(cases, fast) + [pytest.param(case, size, marks=pytest.mark.slow)
                                     for case in cases for size in TEXT_SIZES if size not in fast]


def set_text_size(app, percent: int) -> None:
    """The text size chosen as the settings screen chooses it (applied at once, remembered)."""
    persistence(app).change_setting("text_size", percent)
    app.step(dt=1 / 60)
    assert app.layout.text_scale == percent / 100


def smallest(percent: int) -> list[tuple[int, int, float]]:
    """The program's minimum at the text size `percent`, at a desktop scale of 100 % and 200 %."""
    return [(*window.smallest_size(scale * percent / 100), scale) for scale in (1.0, 2.0)]


def resize(app, width: int, height: int, scale: float) -> None:
    """The window made `width`×`height` pixels at `scale` pixels a point, as a window manager and the desktop
    would (smaller than the game's own minimum too: no window manager has to keep to it)."""
    app.window.minimum_size = (1, 1)
    app.shell.system_scale = scale
    app.window.size = (width, height)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height))
    app.step(dt=1 / 60)
    assert app.layout.scale == scale


def sizes_to_check(every: list, fast: list) -> list:
    """The window sizes a fit test goes through: `every` one in the slow tier, the representative `fast` slice
    in the fast tier (each window a size check goes through is laid out and drawn anew, the costly part)."""
    assert all(size in every for size in fast)
    return every if tiers.full_strength else fast


def languages_to_check(app, scene=None) -> tuple[str, ...]:
    """The languages a fit test goes through: every one found in the slow tier; in the fast tier English and
    the languages whose texts are longest on the panel (drawn in each language at the window's present size):
    the most text in all, and the widest single text. The panel is left in English."""
    if tiers.full_strength:
        return i18n.LANGUAGES
    total, widest = {}, {}
    for language in i18n.LANGUAGES:
        app.set_language(language)  # every scene laid out again for the language's texts at once (no frame needed)
        widths = [rect.w for _, rect in drawn_texts(app, scene or app.scenes[-1])]
        total[language], widest[language] = sum(widths), max(widths, default=0)
    app.set_language("en")
    app.step(dt=1 / 60)
    return tuple(dict.fromkeys(["en", max(total, key=total.__getitem__), max(widest, key=widest.__getitem__)]))
