"""The Aces Up end panels fit every window: their buttons, text and focus ring inside the box, the box inside the
window, no two buttons overlapping, each label inside its button; from 400×300 to 2560×1440 (and the smallest window
a 200 % Windows desktop allows, and the smallest at each text size), at each text size, in every language (the slow
tier; the fast tier takes English and the languages longest on each panel, panel_fit.languages_to_check, at 100 %
and one panel at 150 %, in the smallest, the widest and the largest window and the smallest at the text size). The
four panels are reached by playing in the real loop: a won game, a lost winnable deal, a lost deal never winnable,
and the deal of the day."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest
import tiers
from deals import SHORT_OF_BEST
from panel_fit import languages_to_check, set_text_size, sizes_to_check, smallest
from test_ui_lesson import lesson_ready
from ui_solver_support import TRAP, play_greedy_to_the_end, run_until
from ui_support import end_panel, key, make_app, position

from idioten import i18n
from idioten.acesup import daily
from idioten.acesup.rules import Game
from idioten.storage.settings import TEXT_SIZES

SIZES = [(400, 300, 1.0), (640, 480, 1.0), (720, 520, 1.0), (1024, 640, 1.0), (1280, 800, 1.0), (1366, 768, 1.0),
         (1920, 1080, 1.0), (2560, 1440, 1.0), (800, 600, 2.0), (2560, 1440, 2.0)]
# The fast tier's slice of them: the smallest window, the widest for its height and the largest at 200 % (each
# with the smallest at the text size below); every size in the slow tier.
FAST_SIZES = [(400, 300, 1.0), (1366, 768, 1.0), (2560, 1440, 2.0)]
RING = 8  # the focus ring is drawn this much larger than its button (widgets.Button.draw)

pytestmark = [pytest.mark.usefixtures("english_window"), pytest.mark.every_language]


def resize(app, width: int, height: int, scale: float) -> None:
    """The window made `width`×`height` pixels at `scale` pixels a point, as a window manager and the desktop
    would (smaller than the game's own minimum too: a tiling window manager may ignore it)."""
    app.window.minimum_size = (1, 1)
    app.shell.system_scale = scale
    app.window.size = (width, height)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height))
    app.step(dt=1 / 60)
    assert app.layout.size == (width, height) and app.layout.scale == scale


def misfits(app) -> list[str]:
    """Everything of the end panel on top that does not lie where it should."""
    panel, texts = end_panel(app), app.texts
    assert panel is not None
    box, window = panel.box, pygame.Rect((0, 0), app.layout.size)
    wrong = [] if window.contains(box) else [f"box {box} outside the window {window}"]
    for button in panel.buttons:
        if not box.contains(button.rect.inflate(RING, RING)):
            wrong.append(f"{button.label!r} {button.rect} (with its ring) outside the box {box}")
        if texts.width(button.label, panel.text_size) > button.rect.w:
            wrong.append(f"{button.label!r} wider than its button")
        wrong += [f"{button.label!r} overlaps {other.label!r}" for other in panel.buttons
                  if other is not button and button.rect.colliderect(other.rect)]
    for kind, what, size, _, y in panel.placed:
        if kind == "line" and (texts.width(what, size) > box.w or y + size > box.h):
            wrong.append(f"line {what!r} outside the box")
    return wrong


def check_every_size_and_language(app, buttons: int, fast_text_sizes: tuple[int, ...] = (100,)) -> None:
    """At each window size and language, at each text size (the slow tier's; the fast tier's `fast_text_sizes`:
    playing to the panel is the costly part, so the sizes are gone through on the one panel)."""
    assert len(end_panel(app).buttons) == buttons
    wrong = {}
    for text_size in TEXT_SIZES if tiers.full_strength else fast_text_sizes:
        set_text_size(app, text_size)
        for language in languages_to_check(app):
            app.set_language(language)
            sizes = sizes_to_check(SIZES, FAST_SIZES)
            for width, height, scale in sizes + [size for size in smallest(text_size) if size not in sizes]:
                resize(app, width, height, scale)
                found = misfits(app)
                if found:
                    wrong[(text_size, language, width, height, scale)] = found
    assert wrong == {}


def finished(app) -> bool:
    panel = end_panel(app)
    return panel is not None and not panel.busy()


def test_the_won_game_panel_fits():
    app, _ = make_app(position(["AS", "AH", "AC", "AD 5C"]))
    key(app, pygame.K_4)
    key(app, pygame.K_d)
    assert app.playing.game_scene("idioten").game.is_won()
    # Frames, not seconds: key() stepped the celebration to its end panel frame by frame, the same on any
    # machine; nothing here waits for the worker, so no wall-time wait either.
    assert finished(app)
    check_every_size_and_language(app, buttons=2)


def test_the_lost_winnable_panel_fits():
    app, _ = make_app(Game.from_text(TRAP))
    app.settings = app.settings.changed("animation", "fast")
    play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=60)
    check_every_size_and_language(app, buttons=5, fast_text_sizes=(100, 150))


def test_the_lost_never_winnable_panel_fits():
    app, _ = make_app(Game.from_text(SHORT_OF_BEST))
    app.settings = app.settings.changed("animation", "fast")
    key(app, pygame.K_3)
    key(app, pygame.K_1)
    play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=60)
    check_every_size_and_language(app, buttons=4)


def test_the_deal_of_the_day_panel_fits(monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: dt.date(2026, 12, 15))
    app, _ = make_app()
    key(app, pygame.K_t, settle=False)
    assert run_until(app, lambda: app.playing.game_scene("idioten").game.deal_number == 815763386, timeout=60)
    app.settings = app.settings.changed("animation", "fast")
    play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=60)
    assert i18n.t("ui.daily.status", day="2026-12-15") in app.playing.game_scene("idioten").assistant.status_parts()
    check_every_size_and_language(app, buttons=5)
