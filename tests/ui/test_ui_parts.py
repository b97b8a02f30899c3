"""The window's parts on their own: layout, motion, asset paths, idle waiting, the text catalogue."""

import sys
import time

import pygame
import pytest

from idioten import i18n, paths
from idioten.ui.kit.layout import CARD_ASPECT, MIN_WINDOW, Layout
from idioten.ui.kit.tween import Glide, Shake

SIZES = [MIN_WINDOW, (800, 600), (1280, 800), (1920, 1080), (3840, 2160), (2560, 800), (900, 1400)]


@pytest.mark.parametrize("width, expect", [(1280, "own size"), (560, "smaller text"), (400, "left out")])
def test_the_bars_buttons_shrink_their_text_then_leave_out_the_last_but_never_overlap(width, expect):
    layout = Layout(width, 520)
    labels = [6, 7, 4, 4, 4, 7, 10, 4]  # characters of New, Restart, … Statistics, Menu

    def widths_at(size: int) -> list[int]:
        return [round(n * size * 0.6) + size for n in labels]

    rects, size = layout.bar_buttons(widths_at)
    shown = [rect for rect in rects if rect.w]
    assert all(a.right < b.left for a, b in zip(shown, shown[1:]))  # side by side, in order
    assert all(layout.top_bar.contains(rect) for rect in shown)
    assert rects[-1].w and rects[-1].right > layout.width - layout.top_bar.h  # Menu stays, at the right
    assert (size == layout.font_size) == (expect == "own size")
    assert (len(shown) < len(rects)) == (expect == "left out")
    assert size >= round(layout.font_size * 0.65)


@pytest.mark.parametrize("size", SIZES)
def test_the_row_fits_the_window_without_overlap(size):
    layout = Layout(*size)
    row = [layout.stock, *layout.piles, layout.discard]
    assert all(a.right < b.left for a, b in zip(row, row[1:]))
    assert row[0].left >= 0 and row[-1].right <= size[0]
    assert layout.top_bar.bottom < layout.stock.top and layout.stock.bottom < layout.status_bar.top
    assert abs(layout.card_h / layout.card_w - CARD_ASPECT) < 0.02


@pytest.mark.parametrize("size", SIZES)
def test_piles_fan_down_and_tighten_but_stay_on_the_table(size):
    layout = Layout(*size)
    steps = [layout.fan_step(n) for n in range(2, 49)]
    assert steps == sorted(steps, reverse=True)  # a longer pile never fans wider
    assert steps[-1] < steps[0]
    for n in (5, 13, 26, 48):
        x, y = layout.card_position(3, n - 1, n)
        assert y + layout.card_h <= layout.table_bottom + 1
        assert layout.fan_step(n) >= 1


def test_buttons_sit_in_the_top_bar_in_order():
    layout = Layout(1280, 800)
    rects = layout.button_row([60, 80, 60, 60, 50, 70])
    assert all(layout.top_bar.contains(r) for r in rects)
    assert all(a.right < b.left for a, b in zip(rects, rects[1:]))
    assert rects[-1].right > 1200  # the menu button goes to the right edge


def test_a_glide_waits_then_eases_to_its_end():
    glide = Glide((0, 0), (100, 50), duration=0.3, delay=0.1)
    glide.advance(0.05)
    assert not glide.started and glide.position == (0, 0)
    glide.advance(0.2)
    x, y = glide.position
    assert 0 < x < 100 and 0 < y < 50 and glide.started and not glide.done
    glide.advance(0.2)
    assert glide.done and glide.position == (100, 50)


def test_finish_jumps_to_the_end_and_a_shake_dies_away():
    glide = Glide((0, 0), (10, 10), duration=1.0)
    glide.finish()
    assert glide.done and glide.position == (10, 10)
    shake = Shake(8.0, duration=0.35)
    shake.advance(0.05)
    assert shake.offset != 0
    shake.advance(0.4)
    assert shake.done and shake.offset == 0


def test_assets_are_found_in_the_checkout():
    assert paths.asset("cards", "AS.svg").is_file()


def test_assets_are_found_in_a_pyinstaller_bundle(tmp_path, monkeypatch):
    (tmp_path / "assets" / "cards").mkdir(parents=True)
    (tmp_path / "assets" / "cards" / "AS.svg").write_text("<svg/>")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.asset("cards", "AS.svg") == tmp_path / "assets" / "cards" / "AS.svg"
    assert paths.asset_root() == tmp_path / "assets"


def in_each_language(key: str) -> dict[str, str]:
    worded = {}
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        worded[language] = i18n.t(key)
    i18n.set_language("en")
    return worded


def test_the_game_has_its_name_in_each_language():
    assert in_each_language("game_name") == {"sv": "Idioten", "en": "Aces Up", "de": "Aces Up", "da": "Aces Up",
                                             "nb": "Aces Up", "fi": "Aces Up", "fr": "Aces Up", "es": "Aces Up"}


def test_the_rules_panel_says_a_deal_fills_empty_piles():
    worded = in_each_language("ui.rules.deal")
    assert "empty piles are filled too" in worded["en"]
    assert "tomma" in worded["sv"] and "leere" in worded["de"]


def test_the_idle_wait_sleeps_until_an_event_and_leaves_it_queued():
    from idioten.ui.idle import Waiter
    pygame.display.init()
    try:
        window = pygame.Window("idle", (200, 100))
        pygame.event.get()
        waiter = Waiter()
        started = time.perf_counter()
        waiter.wait(80)
        assert time.perf_counter() - started >= 0.05  # nothing queued: it slept
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, marker=7))
        started = time.perf_counter()
        waiter.wait(60_000)
        assert time.perf_counter() - started < 30  # the queued event ended the wait, not its minute
        assert any(getattr(e, "marker", None) == 7 for e in pygame.event.get())
        if sys.platform.startswith("linux"):
            assert waiter.blocking  # found the SDL that pygame uses: no polling
        window.destroy()
    finally:
        pygame.display.quit()


def test_the_screenshot_scene_of_a_win_is_one_discard_from_it_and_a_bad_name_is_refused(capsys):
    from tools_support import load_tool

    scene = load_tool("screenshot_scene")
    game = scene.near_win()
    assert not game.is_over() and [str(a) for a in game.legal_actions()] == ["discard 4"]
    game.discard(3)
    assert game.is_won()
    assert scene.main(["party"]) == 2 and "usage" in capsys.readouterr().err


def test_each_picture_is_rendered_once_for_every_set_of_cards_of_its_size(monkeypatch):
    from idioten.cards import parse_card
    from idioten.storage.settings import Settings
    from idioten.ui.kit import sprites

    rendered = []
    load = pygame.image.load_sized_svg
    monkeypatch.setattr(pygame.image, "load_sized_svg", lambda path, size: rendered.append(size) or load(path, size))
    monkeypatch.setattr(sprites, "RENDERED", sprites.RenderedPictures(budget_bytes=10**8))
    table, computer = (sprites.CardImages(Settings) for _ in range(2))
    for images in (table, computer):
        images.set_size((70, 98))
    card = parse_card("QH")
    assert table.face(card) is computer.face(card) and rendered == [(70, 98)]
    table.set_size((80, 112))
    assert table.face(card).get_size() == (80, 112) and rendered == [(70, 98), (80, 112)]
    table.set_size((70, 98))  # back to the first size (a window restored): nothing rendered again
    assert table.face(card) is computer.face(card) and len(rendered) == 2


def test_the_rendered_pictures_keep_to_their_budget_dropping_the_least_recently_used():
    from idioten.ui.kit.sprites import RenderedPictures

    one_card = 70 * 98 * 4
    pictures = RenderedPictures(budget_bytes=2 * one_card)
    first = pictures.get("cards/AS.svg", (70, 98))
    second = pictures.get("cards/KS.svg", (70, 98))
    assert pictures.get("cards/AS.svg", (70, 98)) is first  # used again: now the most recent
    pictures.get("cards/QS.svg", (70, 98))  # over the budget: the king goes, the ace stays
    assert pictures.get("cards/AS.svg", (70, 98)) is first
    assert pictures.get("cards/KS.svg", (70, 98)) is not second


def test_a_picture_rendered_before_the_display_started_is_not_handed_out_after_it(monkeypatch):
    """Before the display starts a picture cannot take the window's pixel format (it blits several times
    slower): once the display is there, the picture is rendered again, in the window's format."""
    from idioten.ui.kit.sprites import RenderedPictures

    pictures = RenderedPictures(budget_bytes=10**8)
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    early = pictures.get("cards/AS.svg", (70, 98))
    monkeypatch.setattr(pygame.display, "get_init", lambda: True)
    assert pictures.get("cards/AS.svg", (70, 98)) is not early
    assert pictures.get("cards/AS.svg", (70, 98)) is pictures.get("cards/AS.svg", (70, 98))
