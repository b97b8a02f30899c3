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


# -- 3. a line of keys never breaks inside a key and what it does ---------------------------------------------

def texts_of_the_top_panel(app) -> list[str]:
    """The lines the panel on top draws, in order (the table's texts below it left out)."""
    seen, render = [], app.texts.render
    app.texts.render = lambda text, *rest: (seen.append(text), render(text, *rest))[1]
    try:
        app.scenes[-1].draw(app.window.get_surface().copy())
    finally:
        app.texts.render = render
    return seen


def pieces(text: str) -> list[str]:
    """The key-and-what-it-does pieces of a line of keys: "1–4 choose a pile", "D discard", "Space deal" …"""
    return [part.strip() for item in text.split(ITEM_JOINER) for part in item.split(PART_JOINER)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1200, 680), (1280, 800), (1024, 640), (900, 700), (720, 520), (1920, 1080)])
def test_the_rules_panel_never_breaks_a_key_from_what_it_does(language, size):
    i18n.set_language(language)
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7), size=size)
    key(app, pygame.K_F1)
    keys = i18n.t("ui.rules.keys")
    whole = pieces(keys)
    lines = [line for line in texts_of_the_top_panel(app) if line.rstrip(",") in keys]
    assert [piece for line in lines for piece in pieces(line.rstrip(","))] == whole  # all of it, in order
    assert len(lines) > 1 or size[0] >= 1900  # it did need wrapping


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_line_of_keys_wraps_between_whole_pieces(language):
    i18n.set_language(language)
    app, _ = make_app()
    texts, size = app.texts, app.layout.font_size
    lines_of_keys = [i18n.t(k) for k in i18n.keys() if ITEM_JOINER in i18n.t(k)]
    assert len(lines_of_keys) > 10
    for text in lines_of_keys:
        whole = pieces(text)
        for width in range(120, 1000, 40):
            lines = texts.wrap(text, size, width)
            for line in lines:
                for piece in pieces(line.rstrip(",")):  # whole, or a piece too wide for any line broken up
                    assert piece in whole or any(piece in p and texts.width(p, size) > width for p in whole), (
                        text, width, lines)


# -- 4. the stock's count during a restart or a new deal -------------------------------------------------------

def stock_counts_while_it_moves(app, *keystroke) -> list[int]:
    """The number drawn on the stock in every frame, from the key until the table is still again."""
    counts = []
    painter = app.table.painter
    original = painter.badge
    painter.badge = lambda surface, rect, count: (counts.append(count) if rect == app.layout.stock else None,
                                                  original(surface, rect, count))
    key(app, *keystroke, settle=False)
    for _ in range(600):
        if not app.busy():
            break
        app.step(dt=1 / 60)
    painter.badge = original
    return counts


@pytest.mark.parametrize("keystroke", [pygame.K_r, pygame.K_n])
def test_the_stock_shows_its_real_count_while_a_deal_is_laid_out(keystroke):
    """A restart or a new deal lays out four cards from a full stock: 48 all along, never 52 counting down."""
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    for _ in range(3):
        key(app, pygame.K_SPACE)
    counts = stock_counts_while_it_moves(app, keystroke)
    assert len(app.table.game.stock) == 48
    assert len(counts) > 10  # frames of cards flying out, each with the count on the stock
    assert set(counts) == {48}
