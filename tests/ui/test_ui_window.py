"""The window comes back as it was left (size, place, fullscreen) and never opens larger than the screen;
on a high-DPI desktop the layout is made for the picture's pixels and the mouse is counted in them too."""

import json
import os

import pygame
import pytest
from ui_store_support import open_window
from ui_support import click, make_app, position, top_centre

from idioten.cards import parse_card
from idioten.storage.settings import SETTINGS_FILE
from idioten.ui import window
from idioten.ui.kit.layout import Layout

pytestmark = pytest.mark.usefixtures("data_folder")


def quit_and_close(app) -> None:
    app.persist.close()  # what the program does at exit (launch.run)
    app.close()


def fits_the_screen(app) -> bool:
    screen_w, screen_h = window.desktop_sizes()[0]
    return app.window.size[0] <= screen_w and app.window.size[1] <= screen_h


def test_size_place_and_fullscreen_come_back_on_the_next_start(data_folder):
    app = open_window(size=None)
    assert fits_the_screen(app)
    app.window.size = (900, 600)
    app.window.position = (40, 50)
    app.step([pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=600)], dt=0)
    assert app.layout.size == (900, 600)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")], dt=0)
    assert app.shell.fullscreen
    quit_and_close(app)
    stored = json.loads((data_folder / SETTINGS_FILE).read_text())
    assert (stored["window_size"], stored["window_position"], stored["fullscreen"]) == ([900, 600], [40, 50], True)

    again = open_window(size=None)
    assert again.shell.fullscreen and again.shell.windowed == ((900, 600), (40, 50))
    again.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")], dt=0)
    assert not again.shell.fullscreen and again.window.size == (900, 600) and again.window.position == (40, 50)
    quit_and_close(again)
    stored = json.loads((data_folder / SETTINGS_FILE).read_text())
    assert stored["fullscreen"] is False and stored["window_size"] == [900, 600]


def test_a_remembered_window_larger_than_the_screen_or_off_it_is_brought_back(data_folder):
    pygame.display.init()
    screen_w, screen_h = window.desktop_sizes()[0]
    (data_folder / SETTINGS_FILE).write_text(json.dumps({
        "format": "idioten-settings", "version": 1, "window_size": [screen_w * 3, screen_h * 3],
        "window_position": [screen_w * 5, -4000]}))
    app = open_window(size=None)
    assert fits_the_screen(app) and app.window.size[0] == screen_w
    assert app.window.position != (screen_w * 5, -4000)


def test_a_damaged_window_entry_falls_back_to_the_default_and_keeps_the_other_settings(data_folder):
    (data_folder / SETTINGS_FILE).write_text(json.dumps({
        "format": "idioten-settings", "version": 1, "window_size": [-5, "wide"], "four_colour": True}))
    app = open_window(size=None)
    assert fits_the_screen(app) and app.settings.four_colour and app.settings.window_size is None


def test_on_a_2x_desktop_a_click_in_points_reaches_the_card_drawn_in_pixels(monkeypatch):
    app, _ = make_app(position(["2H 5C", "KH", "", "9C"], stock=8), size=(1280, 800))
    monkeypatch.setattr(window, "pixel_ratio", lambda _window: 2.0)  # what a 2x desktop reports
    app.shell.relayout()
    assert app.shell.pixel_ratio == 2.0
    x, y = top_centre(app, 0)  # in the picture's pixels
    click(app, (x // 2, y // 2))  # where the pointer is, in points
    # The 9C is higher: a click discards it.
    assert app.playing.game_scene("idioten").game.discards[-1] == parse_card("5C")


def test_pointer_events_are_scaled_and_others_left_alone():
    moved = window.in_pixels(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 21), rel=(1, 2), buttons=(0, 0, 0)), 2.0)
    assert moved.pos == (20, 42) and moved.rel == (2, 4) and moved.buttons == (0, 0, 0)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert window.in_pixels(key, 2.0) is key
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 4), button=1)
    assert window.in_pixels(press, 1.0) is press


# -- high DPI: what each platform reports is simulated where the code reads it ---------------------------------

def test_on_a_2x_drawable_bars_and_texts_keep_their_size_to_the_eye_and_cards_fill_the_window(monkeypatch):
    app, _ = make_app(size=(1280, 800))
    one = app.layout
    monkeypatch.setattr(window, "pixel_ratio", lambda _window: 2.0)  # macOS Retina: twice the pixels a point
    monkeypatch.setattr(window, "pixel_size", lambda _window: (2560, 1600))
    app.shell.relayout()
    two = app.layout
    assert two.scale == 2.0 and two.size == (2560, 1600)
    for name in ("font_size", "small_font_size", "label_size", "card_w", "card_h"):
        assert abs(getattr(two, name) - 2 * getattr(one, name)) <= 2, name
    assert abs(two.top_bar.h - 2 * one.top_bar.h) <= 1 and abs(two.piles[2].x - 2 * one.piles[2].x) <= 2
    assert app.images.size == (two.card_w, two.card_h)  # the card pictures are rendered for the real pixels


def test_a_window_moved_to_a_2x_screen_is_laid_out_again_for_its_pixels(monkeypatch):
    app, _ = make_app(size=(1280, 800))
    monkeypatch.setattr(window, "pixel_ratio", lambda _window: 2.0)
    monkeypatch.setattr(window, "pixel_size", lambda _window: (2560, 1600))
    app.step([pygame.event.Event(pygame.WINDOWDISPLAYCHANGED, display_index=1)], dt=0)
    assert app.layout.scale == 2.0 and app.layout.size == (2560, 1600) and app.shell.pixel_ratio == 2.0


def test_windows_at_200_percent_opens_the_first_window_twice_as_large_in_pixels_and_scales_the_bars(monkeypatch):
    monkeypatch.setattr(window, "desktop_sizes", lambda: [(3840, 2160)])
    assert window.first_size(None, None, 2.0) == (2560, 1600)
    assert window.first_size(None, None, 1.0) == (1280, 800)
    assert window.first_size(None, (3000, 2100), 2.0) == (3000, 2160 - 120)  # a remembered size is kept, fitted
    monkeypatch.setattr(window, "system_scale", lambda: 2.0)
    app, _ = make_app(size=(2560, 1600))
    at_100 = Layout(1280, 800)
    assert app.layout.scale == 2.0 and app.layout.font_size == 2 * at_100.font_size
    assert app.layout.label_size == 2 * at_100.label_size


def test_the_desktop_scale_is_read_from_windows_and_is_one_elsewhere(monkeypatch):
    import ctypes
    from types import SimpleNamespace

    assert window.system_scale("linux") == 1.0 and window.system_scale("darwin") == 1.0
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(user32=SimpleNamespace(GetDpiForSystem=lambda: 192)),
                        raising=False)
    assert window.system_scale("win32") == 2.0
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(user32=SimpleNamespace(GetDpiForSystem=lambda: 144)))
    assert window.system_scale("win32") == 1.5
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(user32=SimpleNamespace()))  # before Windows 10 1607
    assert window.system_scale("win32") == 1.0


def test_macos_keeps_sdls_texture_framebuffer_which_is_its_only_window_surface():
    from idioten.ui import plain_framebuffer

    for platform, expected in (("linux", "0"), ("win32", "0"), ("darwin", None)):
        environ = {}
        plain_framebuffer(environ, platform)
        assert environ.get("SDL_FRAMEBUFFER_ACCELERATION") == expected, platform
    environ = {"SDL_FRAMEBUFFER_ACCELERATION": "1"}
    plain_framebuffer(environ, "linux")
    assert environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"  # the player's own choice stands


def test_a_driver_without_a_framebuffer_of_its_own_gets_sdls_and_the_window_opens(monkeypatch):
    real = pygame.Window
    opened = []

    class NoPlainFramebuffer(real):
        """What SDL 2 does on macOS or Wayland with the hint at 0: no window surface at all."""

        def get_surface(self):
            if os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == "0":
                raise pygame.error("")
            return super().get_surface()

    def make(*args, **kwargs):
        opened.append(NoPlainFramebuffer(*args, **kwargs))
        return opened[-1]

    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "0")
    monkeypatch.setattr(pygame, "Window", make)
    pygame.display.init()
    shown = window.open_window("Idioten", (900, 600))
    try:
        assert len(opened) == 2 and shown is opened[1] and os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
        assert shown.get_surface().get_size() == (900, 600)
    finally:
        shown.destroy()
