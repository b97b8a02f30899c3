"""The language chosen in the window: the settings screen lists every language found, each in its own words,
and a click or Left/Right there switches the whole window and is remembered; the menu's language entry goes
round them all. Real keys and clicks through the real loop."""

import pygame
import pytest
from ui_support import click, key, make_app, shown_texts

from idioten import i18n
from idioten.ui.menu import MenuPanel
from idioten.ui.settings_screen import SettingsPanel

pytestmark = pytest.mark.usefixtures("english_window")

OWN_NAMES = {"da": "Dansk", "de": "Deutsch", "en": "English", "es": "Español", "fi": "Suomi", "fr": "Français",
             "nb": "Norsk bokmål", "sv": "Svenska"}


def language_row(panel: SettingsPanel):
    return dict(panel.rows_of_buttons)["language"]


def test_the_settings_list_every_language_in_its_own_words_whatever_the_language_shown():
    app, _ = make_app()
    key(app, pygame.K_e)
    panel = app.scenes[-1]
    assert isinstance(panel, SettingsPanel)
    for shown_in in ("en", "fi", "sv"):
        app.set_language(shown_in)
        app.step(dt=1 / 60)
        labels = {value: button.label for value, button in language_row(panel)}
        assert labels == {code: OWN_NAMES[code] for code in i18n.LANGUAGES}
        assert set(OWN_NAMES.values()) <= set(shown_texts(app))  # drawn, not only named


def test_a_click_on_a_language_switches_the_window_and_is_remembered():
    app, _ = make_app()
    key(app, pygame.K_e)
    panel = app.scenes[-1]
    finnish = dict(language_row(panel))["fi"]
    click(app, finnish.rect.center)
    assert i18n.language() == "fi" and app.settings.language == "fi"
    assert "Asetukset" in shown_texts(app)  # the settings' title, now in Finnish
    spanish = dict(language_row(panel))["es"]  # laid out again for the Finnish labels
    click(app, spanish.rect.center)
    assert i18n.language() == "es" and "Ajustes" in shown_texts(app)


def test_left_and_right_on_the_language_row_step_through_the_languages():
    app, _ = make_app()
    key(app, pygame.K_e)
    panel = app.scenes[-1]
    rows = [name for name, _ in panel.rows_of_buttons]
    for _ in range(rows.index("language")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    english = i18n.LANGUAGES.index("en")
    assert i18n.language() == i18n.LANGUAGES[english + 1]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert i18n.language() == i18n.LANGUAGES[english - 1] and app.settings.language == i18n.language()


def test_the_menus_language_entry_goes_round_every_language():
    app, _ = make_app()
    seen = []
    for _ in i18n.LANGUAGES:
        key(app, pygame.K_ESCAPE)
        menu = app.scenes[-1]
        assert isinstance(menu, MenuPanel)
        entry = next(b for b in menu.buttons if b.text_key == "ui.menu.language")
        click(app, entry.rect.center)
        seen.append(i18n.language())
        while len(app.scenes) > 1:
            key(app, pygame.K_ESCAPE)
    assert sorted(seen) == sorted(i18n.LANGUAGES) and seen[-1] == "en"
