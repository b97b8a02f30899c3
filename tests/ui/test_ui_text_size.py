"""The text size (100, 125, 150 %), a row of the settings screen's General page, through the real loop with real
keys and clicks: the texts on the table and in the panels grow at once, without a restart; the window's least
size grows with the text as with a desktop scale (a smaller window is made as large); the choice is said aloud,
kept in settings.json and there at the next start. (That every panel fits the smallest window at each size:
test_ui_panel_fit.py and its friends; a damaged value in the file: tests/storage/test_store_settings.py.)"""

from __future__ import annotations

import json

import pygame
import pytest
from panel_fit import drawn_texts
from ui_store_support import click, open_window, press
from ui_support import OPEN_APPS, key, make_app

from idioten import i18n
from idioten.speech.backends import Recording
from idioten.speech.speaker import Speaker
from idioten.storage.settings import SETTINGS_FILE
from idioten.ui import window
from idioten.ui.settings_screen import SettingsPanel, choices


def ink_height(app, scene, text: str) -> int:
    """How tall the letters of the line that holds `text` are where `scene` draws it."""
    heights = [rect.h for drawn, rect in drawn_texts(app, scene) if text in drawn]
    assert heights, f"{text!r} is not drawn"
    return heights[0]


def deal_label_height(app) -> int:
    """The status bar's line with "Deal 7", on the table under every panel."""
    return ink_height(app, app.scenes[0], app.deal_label(app.scenes[0].game))


def open_settings(app, press=press) -> SettingsPanel:
    press(app, pygame.K_e)
    panel = app.scenes[-1]
    assert isinstance(panel, SettingsPanel)
    return panel


def text_size_button(panel: SettingsPanel, percent: int):
    return dict(dict(panel.rows_of_buttons)["text_size"])[percent]


def near(ratio: float, wanted: float) -> bool:
    return abs(ratio - wanted) <= 0.1  # a line's ink is whole pixels: 11 pixels at 100 % is 13.75 at 125 %


def test_the_text_size_chosen_by_keys_and_by_mouse_grows_every_text_at_once_and_is_remembered(data_folder):
    app = open_window(deal=7)
    OPEN_APPS.append(app)
    at_100 = deal_label_height(app)
    panel = open_settings(app)
    label = i18n.t("ui.settings.text_size")
    label_at_100 = ink_height(app, panel, label)
    for _ in range([name for name, _ in choices()].index("text_size")):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # 100 % to 125 %
    assert app.settings.text_size == 125 and app.layout.text_scale == 1.25
    assert near(ink_height(app, panel, label) / label_at_100, 1.25)  # the panel open follows at once
    press(app, pygame.K_ESCAPE)
    assert near(deal_label_height(app) / at_100, 1.25)
    assert json.loads((data_folder / SETTINGS_FILE).read_text())["text_size"] == 125

    panel = open_settings(app)
    click(app, text_size_button(panel, 150).rect.center)
    assert app.settings.text_size == 150
    press(app, pygame.K_ESCAPE)
    assert near(deal_label_height(app) / at_100, 1.5)

    OPEN_APPS.remove(app)
    app.persist.close()
    app.close()
    again = open_window(deal=7)
    OPEN_APPS.append(again)
    assert again.settings.text_size == 150 and again.layout.text_scale == 1.5
    assert near(deal_label_height(again) / at_100, 1.5)
    panel = open_settings(again)
    press(again, pygame.K_PAGEDOWN)  # the game's page: its rows too at the size chosen
    press(again, pygame.K_PAGEUP)
    click(again, text_size_button(panel, 100).rect.center)
    press(again, pygame.K_ESCAPE)
    assert deal_label_height(again) == at_100


def test_the_windows_least_size_follows_the_text_size_and_a_smaller_window_grows_to_it(data_folder):
    app = open_window(deal=7, size=(720, 520))
    OPEN_APPS.append(app)
    display = window.display_bounds()[0]
    assert tuple(app.window.minimum_size) == window.smallest_size(1.0, display)
    panel = open_settings(app)
    click(app, text_size_button(panel, 150).rect.center)
    least = window.smallest_size(1.5, display)
    assert tuple(app.window.minimum_size) == least
    assert app.window.size[0] >= least[0] and app.window.size[1] >= least[1]  # as the window manager would
    assert app.layout.size == tuple(app.window.size) and app.layout.text_scale == 1.5
    assert isinstance(app.scenes[-1], SettingsPanel) and app.scenes[-1].canvas_size is None  # laid out anew
    click(app, text_size_button(app.scenes[-1], 100).rect.center)
    assert tuple(app.window.minimum_size) == window.smallest_size(1.0, display)


@pytest.mark.usefixtures("english_window")
def test_the_row_and_its_value_are_said_aloud():
    spoken = Recording()
    app, _ = make_app(speech=Speaker(backend=spoken))
    app.persist.change_setting("speak", "on")
    panel = open_settings(app, press=key)
    for _ in range([name for name, _ in choices()].index("text_size")):
        key(app, pygame.K_DOWN)
    assert spoken.spoken[-1] == "Text size: 100%"
    key(app, pygame.K_RIGHT)
    assert spoken.spoken[-1] == "Text size: 125%" and panel.current("text_size") == 125
