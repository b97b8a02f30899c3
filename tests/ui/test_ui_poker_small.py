"""Poker patience in a window of 400×300 (below the program's smallest, as a window manager need not keep to it;
issue 39): its labels whole and its cards readable, in every language (the slow tier; the fast tier English,
German and Finnish, whose hand names are longest). The grid is filled by clicks through the real loop, each
click's position read from its event; then a frame is drawn and every text on the felt is checked: none cut off
(before, "Drilling" showed as "rillin" and "Höchste Karte" as "öchs Karte"), each on its plate, and the cards'
ranks at least READABLE_RANK pixels tall in the part of the card that shows (before, the cards were 19 pixels
wide and their ranks 3 pixels tall)."""

from __future__ import annotations

import pygame
import pytest
import tiers
from panel_fit import Recorder, ink, resize
from test_ui_poker import fill, poker_app, scene

from idioten import i18n

READABLE_RANK = 7  # pixels: the status bar's letters at this size are as tall
OPTIONS = [{}, {"diagonals": True}, {"open_deck": True}, {"joker": True, "diagonals": True}]
pytestmark = [pytest.mark.usefixtures("english_window"), pytest.mark.every_language]


class ClipRecorder(Recorder):
    """Also remembers which part of each source was blitted (a text cut at its plate's edge shows a part)."""

    def __init__(self, size):
        super().__init__(size)
        self.parts: list[tuple[pygame.Surface, pygame.Rect, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        part = pygame.Rect(area) if area is not None else source.get_rect()
        self.parts.append((source, pygame.Rect(dest[0], dest[1], *part.size), part))
        return super().blit(source, dest, area, special_flags)


def felt_texts(app) -> list[tuple[str, pygame.Surface, pygame.Rect, pygame.Rect]]:
    """Each text the table draws between its bars: the text, its picture, where it went and the part shown."""
    rendered = {}
    render = app.texts.render

    def spy(text, size, *rest):
        surface = render(text, size, *rest)
        rendered[id(surface)] = (text, surface)
        return surface

    app.texts.render = spy
    picture = ClipRecorder(app.layout.size)
    try:
        scene(app).draw(picture)
    finally:
        app.texts.render = render
    base = scene(app).painter.layout.base
    return [(rendered[id(source)][0], source, rect, part) for source, rect, part in picture.parts
            if id(source) in rendered and base.top_bar.bottom <= rect.y < base.status_bar.top]


def misfits(app) -> list[str]:
    layout = scene(app).painter.layout
    wrong = []
    for text, source, rect, part in felt_texts(app):
        whole = ink(source, pygame.Rect(0, 0, *source.get_size()))
        if whole.w and not part.contains(whole):
            wrong.append(f"{text!r} cut: {part} of {whole}")
        shown = ink(source, pygame.Rect(rect.x - part.x, rect.y - part.y, *source.get_size())).clip(rect)
        if shown.w and not any(plate.contains(shown) for plate in layout.plates):
            wrong.append(f"{text!r} {shown} on no plate")
    return wrong


def languages() -> tuple[str, ...]:
    return i18n.LANGUAGES if tiers.full_strength else ("en", "de", "fi")


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(o) or "classic")
def test_at_400_by_300_every_label_is_whole_and_the_cards_ranks_can_be_read(options):
    app, _ = poker_app(**options)
    resize(app, 400, 300, 1.0)
    fill(app, range(24))  # every line but the last row's and column's complete; the hands named
    painter = scene(app).painter
    layout = painter.layout
    assert painter.images.rank_height() >= READABLE_RANK, (layout.card_w, painter.images.rank_height())
    shown = min(cell.h for cell in layout.cells)
    assert not painter.images.shows_index_faces() or shown >= painter.images.rank_height() + 2  # the rank shows
    wrong = {}
    for language in languages():
        app.set_language(language)
        app.step(dt=1 / 60)
        labels = [text for text, *_ in felt_texts(app)]
        assert any(i18n.t("ui.poker.total", total=scene(app).game.score().total) == text for text in labels)
        found = misfits(app)
        if found:
            wrong[language] = found
    assert wrong == {}
