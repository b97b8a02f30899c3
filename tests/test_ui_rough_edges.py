"""Rough edges a player met in the Aces Up window (issue 20), each checked as the player meets it: real key and
mouse events through the real loop under SDL's dummy driver, and what the window then draws."""

import pygame
import pytest

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.ui.kit.scene import MESSAGE_SECONDS
from idioten.ui.settings_screen import SettingsPanel
from test_ui_support import changed_area, click, drag, key, make_app, position, post, shown_texts, top_centre

pytestmark = pytest.mark.usefixtures("english_window")
LANGUAGES = ("sv", "en", "de")
ITEM_JOINER, PART_JOINER = " · ", ", "  # in a line of keys: "1–4 choose a pile, D discard · Space deal"


def force_size(app, size) -> None:
    """What a tiling window manager does: it gives the window a size below the smallest the program asks for."""
    app.window.minimum_size = (1, 1)
    app.window.size = size
    post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.settle()
    assert app.layout.size == size


# -- 1. the menu names the key of every entry that has one ------------------------------------------------------

MENU_KEYS = {"ui.menu.new": "N", "ui.menu.restart": "R", "ui.menu.to_poker": "G", "ui.menu.demo": "A",
             "ui.menu.daily": "T", "ui.menu.rules": "F1", "ui.menu.stats": "S", "ui.menu.settings": "E",
             "ui.menu.fullscreen": "F11", "ui.menu.quit": "Ctrl+Q", "ui.menu.close": "Esc"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_menu_names_the_key_of_every_entry_that_has_one(language):
    i18n.set_language(language)
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    shown = shown_texts(app)
    entries = {button.text_key: button.label for button in menu.buttons}
    assert set(entries) == set(MENU_KEYS) | {"ui.menu.language"}  # the language entry has no key
    for entry, letter in MENU_KEYS.items():
        letter = letter.replace("Ctrl", "Strg") if language == "de" else letter
        assert entries[entry].endswith(f"({letter})") and entries[entry] in shown, entries[entry]


def test_e_opens_the_settings_from_either_game_and_closes_them_again():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_e)
    assert isinstance(app.scenes[-1], SettingsPanel)
    key(app, pygame.K_e)
    assert len(app.scenes) == 1
    key(app, pygame.K_g)  # Poker patience
    assert type(app.scenes[0]).__name__ == "PokerScene"
    key(app, pygame.K_e)
    assert isinstance(app.scenes[-1], SettingsPanel)


# -- 2. a new deal is named once ------------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_deal_names_its_number_without_saying_deal_twice(language):
    i18n.set_language(language)
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_n)
    game = app.table.game
    shown = " ".join(shown_texts(app))
    assert str(game.deal_number) in app.table.message and app.table.message in shown
    assert app.deal_label(game) not in app.table.message  # not "New deal: Deal 1588390015."
