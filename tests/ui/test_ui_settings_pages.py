"""The settings screen in two pages, the window's rows ("General") and the game's (headed by its name): a click
on a tab, PageUp/PageDown and Ctrl+Tab turn the page; Up/Down go through every row and turn the page at its end;
Left/Right change the value of the row the keyboard is on, whichever page it is. Real keys and clicks through
the real loop."""

import pygame
import pytest
from tiers import each_once
from ui_support import click, key, make_app, shown_texts

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.play.acesup.settings import aces_up_settings
from idioten.ui.settings_screen import SettingsPanel, choices

pytestmark = pytest.mark.usefixtures("english_window")


def open_settings(game: str = "idioten") -> tuple:
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    if game == "poker":
        key(app, pygame.K_g)
    key(app, pygame.K_e)
    panel = app.scenes[-1]
    assert isinstance(panel, SettingsPanel)
    return app, panel


def labels_shown(app, panel: SettingsPanel) -> set[str]:
    """The rows whose label and buttons are on screen."""
    shown = set(shown_texts(app))
    return {name for name, row in panel.rows_of_buttons
            if i18n.t(panel.settings_rows[name].label_key) in shown and all(b.rect.w for _, b in row)}


WINDOW_ROWS = {name for name, _ in choices()}
ACES_UP_ROWS = {"variant", "auto_discard", "highlight_discardable", "live_verdict", "winnable_only"}


@pytest.mark.parametrize("game, title, rows", [("idioten", "Aces Up", ACES_UP_ROWS),
                                               ("poker", "Poker patience",
                                                {"table", "diagonals", "joker", "open_deck", "competitive"})])
def test_a_tab_the_page_keys_and_ctrl_tab_turn_between_the_windows_rows_and_the_games(game, title, rows):
    app, panel = open_settings(game)
    assert [tab.label for tab in panel.tabs] == ["General", title]
    assert {"General", title} <= set(shown_texts(app))
    assert labels_shown(app, panel) == WINDOW_ROWS  # the window's page first, nothing of the game's
    click(app, panel.tabs[1].rect.center)
    assert labels_shown(app, panel) == rows and panel.page == 1
    click(app, panel.tabs[1].rect.center)  # the page shown: stays
    assert labels_shown(app, panel) == rows
    key(app, pygame.K_PAGEUP)
    assert labels_shown(app, panel) == WINDOW_ROWS
    key(app, pygame.K_TAB, pygame.KMOD_LCTRL)
    assert labels_shown(app, panel) == rows
    key(app, pygame.K_PAGEDOWN)  # round again, as Tab goes round the rows
    assert labels_shown(app, panel) == WINDOW_ROWS
    click(app, panel.tabs[1].rect.center)
    key(app, pygame.K_TAB, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert labels_shown(app, panel) == WINDOW_ROWS
    key(app, pygame.K_ESCAPE)
    assert len(app.scenes) == 1


def test_up_and_down_go_through_every_row_and_turn_the_page_at_its_end():
    app, panel = open_settings()
    assert panel.rows_of_buttons[panel.focus][0] == "animation"
    key(app, pygame.K_UP)  # from the first row round to the last: the game's
    assert panel.rows_of_buttons[panel.focus][0] == "winnable_only" and labels_shown(app, panel) == ACES_UP_ROWS
    key(app, pygame.K_DOWN)
    assert panel.rows_of_buttons[panel.focus][0] == "animation" and labels_shown(app, panel) == WINDOW_ROWS
    for _ in range(len(choices()) - 1):
        key(app, pygame.K_DOWN)
    assert panel.rows_of_buttons[panel.focus][0] == "sound" and labels_shown(app, panel) == WINDOW_ROWS
    key(app, pygame.K_DOWN)
    assert panel.rows_of_buttons[panel.focus][0] == "variant" and labels_shown(app, panel) == ACES_UP_ROWS
    key(app, pygame.K_RIGHT)
    assert aces_up_settings(app.settings).variant == "aces-only"
    key(app, pygame.K_PAGEUP)  # a page turned by its key: the keyboard on its first row
    assert panel.rows_of_buttons[panel.focus][0] == "animation"
    key(app, pygame.K_RIGHT)
    assert app.settings.animation != "normal"


def test_the_deck_preview_is_on_the_windows_page_and_the_games_notes_on_its_own():
    app, panel = open_settings()
    assert panel.preview.h > 0 and panel.placed_notes == []
    key(app, pygame.K_PAGEDOWN)
    notes = [line for line, _ in panel.placed_notes]
    assert panel.preview.h == 0 and " ".join(notes).startswith(i18n.t("ui.settings.variant_note").split(".")[0])
    assert set(notes) <= set(shown_texts(app))


def felt_colour(app) -> tuple[int, int, int]:
    """The cloth's colour in the middle of the window, under every card and panel (the table drawn alone)."""
    picture = pygame.Surface(app.layout.size)
    app.scenes[0].draw(picture)
    width, height = app.layout.size
    return tuple(picture.get_at((width // 2, height - height // 5)))[:3]


@pytest.mark.parametrize("game", ["idioten", "poker"])
def test_a_table_colour_chosen_in_the_settings_is_the_felts_at_once_and_remembered(game, data_folder):
    import json

    from ui_store_support import open_window

    from idioten.storage.settings import SETTINGS_FILE

    app = open_window(deal=7)
    if game == "poker":
        key(app, pygame.K_g)
    red, green, _ = felt_colour(app)
    assert green > red  # the green cloth
    key(app, pygame.K_e)
    panel = app.scenes[-1]
    click(app, dict(dict(panel.rows_of_buttons)["table_colour"])["red"].rect.center)
    key(app, pygame.K_ESCAPE)
    red, green, _ = felt_colour(app)
    assert red > 2 * green and app.settings.table_colour == "red"
    assert json.loads((data_folder / SETTINGS_FILE).read_text())["table_colour"] == "red"
    key(app, pygame.K_e)
    for _ in range([name for name, _ in panel.rows_of_buttons].index("table_colour")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # red to grey
    key(app, pygame.K_ESCAPE)
    red, green, blue = felt_colour(app)
    assert app.settings.table_colour == "grey" and max(red, green, blue) - min(red, green, blue) < 16


def hue_of(colour) -> str:
    """Which of the table colours' hues a dark colour of the window has: "green", "blue", "red" or "grey"."""
    red, green, blue = colour[:3]
    if max(red, green, blue) - min(red, green, blue) <= 0.25 * max(red, green, blue):  # the dark felt's is a
        return "grey"                                                                  # bluish grey
    return {red: "red", green: "green", blue: "blue"}[max(red, green, blue)]


HUES = {"blue": "blue", "red": "red", "grey": "grey", "dark": "grey", "green": "green"}  # each table colour's hue


# Each colour and each game's settings in the fast tier, every pair of them in the slow tier.
@pytest.mark.parametrize("colour, game", each_once(HUES, ["idioten", "poker"]))
def test_the_panels_buttons_and_bars_take_the_table_colours_hue(colour, game):
    hue = HUES[colour]
    app, panel = open_settings(game)
    click(app, dict(dict(panel.rows_of_buttons)["table_colour"])[colour].rect.center)
    assert app.settings.table_colour == colour
    picture = pygame.Surface(app.layout.size)
    app.scenes[0].draw(picture)
    panel.draw(picture)
    box, button = panel.box, panel.close_button.rect
    shown = {"the panel's box": picture.get_at((box.x + 5, box.centery)),
             "a button's face": picture.get_at((button.x + 3, button.centery))}
    table = pygame.Surface(app.layout.size)
    app.scenes[0].draw(table)
    shown["the top bar"] = table.get_at((app.layout.width // 2, 2))
    shown["the status bar"] = table.get_at((app.layout.width - 3, app.layout.height - 3))
    assert {part: hue_of(pixel) for part, pixel in shown.items()} == dict.fromkeys(shown, hue)
