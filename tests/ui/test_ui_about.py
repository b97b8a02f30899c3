"""The program's one name and its About panel (issue 34), through the real loop with real events: the window's title
is "Idioten" in every language, and after a change of language; the menu opens About, which tells the version,
the cores and why they run in Python, the data folder (opened in the system's file manager by its button or O),
where crash reports and the log go, and the licences; the keyboard ring walks its buttons, Enter and Esc close it,
and it fits the smallest window in sv, en and de. The file manager's command for each system is in
tests/desktop/test_folders.py."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from panel_fit import text_sizes
from test_ui_panel_fit import check_every_size_and_language
from tiers import by_language
from ui_store_support import click, open_window, press
from ui_support import shown_texts

from idioten import PROGRAM_NAME, __version__, i18n
from idioten.ui.about import AboutPanel, Facts
from idioten.ui.menu import MenuPanel

LANGUAGES = ("sv", "en", "de")


def menu_button(app, key: str):
    menu = app.scenes[-1]
    assert isinstance(menu, MenuPanel)
    return next(button for button in menu.buttons if button.text_key == key)


def open_about(app) -> AboutPanel:
    press(app, pygame.K_ESCAPE)
    click(app, menu_button(app, "ui.menu.about").rect.center)
    about = app.scenes[-1]
    assert isinstance(about, AboutPanel)
    return about


@pytest.mark.parametrize("language", by_language(i18n.LANGUAGES))
def test_the_window_is_called_idioten_in_every_language(data_folder, language):
    app = open_window(lang=language)
    assert i18n.language() == language and app.window.title == PROGRAM_NAME == "Idioten"
    press(app, pygame.K_ESCAPE)
    for _ in i18n.LANGUAGES:  # the menu's language entry, clicked as a player would, through every language
        click(app, menu_button(app, "ui.menu.language").rect.center)
        assert app.window.title == "Idioten"
    assert i18n.language() == language


def test_about_tells_the_version_the_cores_the_folders_and_the_licences(data_folder):
    app = open_window()
    about = open_about(app)
    shown = " ".join(shown_texts(app))
    assert __version__ in shown and "MIT" in shown and "DejaVu" in shown
    assert about.facts.folder == data_folder
    assert str(data_folder) in shown or "~" in shown  # the data folder (as ~/… inside the home folder)
    assert "crashes" in shown and "idioten.log" in shown
    assert ("compiled" in shown) == (not about.facts.python_cores)


def test_about_says_which_cores_run_in_python_and_why():
    facts = Facts("9.9", ("solver", "poker"), False, Path("/home/spelaren/.local/share/idioten"), "linux")
    from idioten.ui.about import describe_cores

    i18n.set_language("en")
    said = describe_cores(facts)
    assert "the solver" in said and "Poker patience's computer player" in said and "hints" not in said
    assert "without a C compiler" in said and "minute" in said
    assert "IDIOTEN_PURE_PYTHON" in describe_cores(replace(facts, asked_for_python=True))
    assert "compiled" in describe_cores(replace(facts, python_cores=()))


def test_the_folder_opens_by_its_button_and_by_o_and_a_failure_is_said(data_folder):
    app = open_window()
    about = open_about(app)
    opened = []
    about.show_folder = lambda folder: opened.append(folder) or True
    click(app, about.open_button.rect.center)
    press(app, pygame.K_o)
    assert opened == [data_folder, data_folder] and app.scenes[-1] is about
    about.show_folder = lambda folder: False  # no file manager here
    press(app, pygame.K_o)
    assert i18n.t("ui.about.cannot_open") in shown_texts(app)


def test_the_keyboard_ring_walks_the_buttons_and_enter_and_esc_close(data_folder):
    app = open_window()
    about = open_about(app)
    assert about.focused is about.close_button  # Enter would close, never open a file manager by surprise
    press(app, pygame.K_TAB)
    assert about.focused is about.open_button
    press(app, pygame.K_TAB)
    assert about.focused is about.close_button
    press(app, pygame.K_RETURN)
    assert about not in app.scenes
    about = open_about(app)
    press(app, pygame.K_ESCAPE)
    assert about not in app.scenes and not isinstance(app.scenes[-1], MenuPanel)


def test_without_a_folder_about_says_nothing_is_saved_and_offers_no_folder(english_window):
    from ui_support import click as click_here
    from ui_support import key, make_app  # a window on a store in memory

    app, _ = make_app()
    key(app, pygame.K_ESCAPE)
    click_here(app, menu_button(app, "ui.menu.about").rect.center)
    about = app.scenes[-1]
    assert isinstance(about, AboutPanel) and about.facts.folder is None
    assert i18n.t("ui.about.not_saved") in shown_texts(app) and not about.open_button.enabled()


@pytest.mark.parametrize("text_size", text_sizes())
@pytest.mark.parametrize("folder", [None, Path("/home/spelaren/.local/share/idioten")], ids=["in memory", "folder"])
def test_about_fits_the_smallest_window_in_every_language(english_window, folder, text_size):
    from ui_support import make_app

    app, _ = make_app()
    # The longest it says: every core in Python, a data folder outside the home folder, the failure line.
    facts = Facts(__version__, ("solver", "hint", "poker"), False, folder, "linux")
    about = AboutPanel(app, facts, show_folder=lambda folder: False)
    app.push(about)
    if folder is not None:
        about.open_folder()
    check_every_size_and_language(app, AboutPanel, text_size)
