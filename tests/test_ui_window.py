"""The window comes back as it was left (size, place, fullscreen) and never opens larger than the screen;
on a high-DPI desktop the layout is made for the picture's pixels and the mouse is counted in them too."""

import json

import pygame
import pytest

from idioten import i18n
from idioten.cards import parse_card
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.settings import SETTINGS_FILE
from idioten.ui import window

from test_ui_support import click, close_apps, make_app, position, top_centre
from ui_store_support import open_window


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    close_apps()


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
    assert app.fullscreen
    quit_and_close(app)
    stored = json.loads((data_folder / SETTINGS_FILE).read_text())
    assert (stored["window_size"], stored["window_position"], stored["fullscreen"]) == ([900, 600], [40, 50], True)

    again = open_window(size=None)
    assert again.fullscreen and again.windowed == ((900, 600), (40, 50))
    again.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")], dt=0)
    assert not again.fullscreen and again.window.size == (900, 600) and again.window.position == (40, 50)
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
    app.relayout()
    assert app.pixel_ratio == 2.0
    x, y = top_centre(app, 0)  # in the picture's pixels
    click(app, (x // 2, y // 2))  # where the pointer is, in points
    assert app.table.game.discards[-1] == parse_card("5C")  # the 9C is higher: a click discards it


def test_pointer_events_are_scaled_and_others_left_alone():
    moved = window.in_pixels(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 21), rel=(1, 2), buttons=(0, 0, 0)), 2.0)
    assert moved.pos == (20, 42) and moved.rel == (2, 4) and moved.buttons == (0, 0, 0)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert window.in_pixels(key, 2.0) is key
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 4), button=1)
    assert window.in_pixels(press, 1.0) is press
