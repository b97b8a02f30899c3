"""Every panel looks and answers alike: equal-width buttons, a visible keyboard focus moved by Tab and the
arrows, Enter on the focus, Esc closes (through the real loop)."""

import pygame
import pytest
from ui_support import choose_in_menu, headings, key, make_app, post

from idioten.ui.kit.palette import SELECT

SHIFT = pygame.KMOD_LSHIFT


pytestmark = pytest.mark.usefixtures("english_window")


def open_menu():
    app, clock = make_app()
    key(app, pygame.K_ESCAPE)
    assert headings(app) == ["Menu"]
    return app, app.scenes[-1]


def ring_drawn_around(app, button) -> bool:
    ring = button.rect.inflate(8, 8)
    surface = app.window.get_surface()
    return any(tuple(surface.get_at((x, ring.top)))[:3] == SELECT for x in range(ring.left + 10, ring.right - 10))


def test_the_menus_buttons_share_one_width_and_the_first_has_the_focus():
    app, menu = open_menu()
    assert len({b.rect.w for b in menu.buttons}) == 1
    assert menu.focused is menu.buttons[0] and ring_drawn_around(app, menu.buttons[0])
    assert not any(ring_drawn_around(app, b) for b in menu.buttons[1:])


def test_arrows_and_tab_move_the_focus_round_and_enter_activates_it():
    app, menu = open_menu()
    key(app, pygame.K_UP)  # from the first, up goes round to the last
    assert menu.focused is menu.buttons[-1] and ring_drawn_around(app, menu.buttons[-1])
    key(app, pygame.K_TAB)
    assert menu.focused is menu.buttons[0]
    key(app, pygame.K_TAB, SHIFT)
    assert menu.focused is menu.buttons[-1]
    rules = next(b for b in menu.buttons if b.text_key == "ui.menu.rules")
    while menu.focused is not rules:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert headings(app) == ["How to play Aces Up"]  # the rules took the menu's place
    key(app, pygame.K_ESCAPE)
    assert headings(app) == []


def test_the_mouse_over_a_button_takes_the_focus_with_it():
    app, menu = open_menu()
    target = menu.buttons[3]
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=target.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.settle()
    assert menu.focused is target and ring_drawn_around(app, target)
    assert not ring_drawn_around(app, menu.buttons[0])


def test_esc_closes_the_menu_and_enter_on_close_does_too():
    app, menu = open_menu()
    key(app, pygame.K_ESCAPE)
    assert len(app.scenes) == 1
    key(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    key(app, pygame.K_UP)  # "Close" is the last entry
    assert menu.focused.text_key == "ui.menu.close"
    key(app, pygame.K_RETURN)
    assert len(app.scenes) == 1


def test_statistics_focus_the_close_button_and_keep_left_right_for_the_variant():
    app, _ = make_app()
    key(app, pygame.K_s)
    panel = app.scenes[-1]
    assert "Statistics" in headings(app) and panel.focused is panel.close_button
    assert panel.reset_button.rect.w == panel.close_button.rect.w
    key(app, pygame.K_RIGHT)
    assert panel.variant == "aces-only" and panel.focused is panel.close_button
    key(app, pygame.K_TAB, SHIFT)
    assert panel.focused is panel.reset_button and ring_drawn_around(app, panel.reset_button)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert headings(app) == []


def test_poker_panels_answer_the_same_keys():
    app, _ = make_app()
    key(app, pygame.K_g)
    key(app, pygame.K_o)
    options = app.scenes[-1]
    assert headings(app) == ["Poker patience options"] and options.focused is options.deal_button
    first = options.buttons[0]
    was = first.label
    key(app, pygame.K_TAB)  # deal -> close -> round to the first option
    key(app, pygame.K_TAB)
    assert options.focused is first
    key(app, pygame.K_RETURN)  # Enter on an option changes it, the panel stays
    assert first.label != was and options in app.scenes
    key(app, pygame.K_ESCAPE)
    assert headings(app) == []
    key(app, pygame.K_s)
    stats = app.scenes[-1]
    assert headings(app)[0].startswith("Statistics: ") and stats.focused is stats.close_button
    key(app, pygame.K_RETURN)
    assert headings(app) == []


def test_settings_tab_moves_the_row_and_the_focus_ring_marks_its_value():
    app, _ = make_app()
    panel = choose_in_menu(app, "ui.menu.settings")
    key(app, pygame.K_TAB)
    assert panel.focus == 1
    name, row = panel.rows_of_buttons[1]
    current = next(b for value, b in row if value == panel.current(name))
    assert ring_drawn_around(app, current)
    key(app, pygame.K_TAB, SHIFT)
    assert panel.focus == 0
    key(app, pygame.K_ESCAPE)
    assert headings(app) == []


@pytest.mark.parametrize("language", ["en", "sv", "de"])
def test_a_key_an_entry_of_the_open_menu_shows_does_what_the_entry_does(language):
    """A player reads "Statistik (S)" in the open menu and presses S: the statistics, as at the table."""
    from idioten import i18n

    i18n.set_language(language)
    app, _ = make_app()
    for pressed, opened in ((pygame.K_s, "ui.stats.title"), (pygame.K_e, "ui.settings.title"),
                            (pygame.K_F1, "ui.rules.title")):
        key(app, pygame.K_ESCAPE)
        assert headings(app) == [i18n.t("ui.menu.title")]
        key(app, pressed)
        shown = headings(app)
        assert i18n.t(opened) in shown and i18n.t("ui.menu.title") not in shown, pressed
        key(app, pygame.K_ESCAPE)
        assert headings(app) == []
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_x)  # named by no entry: the menu stays, nothing else happens
    assert headings(app) == [i18n.t("ui.menu.title")]
    key(app, pygame.K_g)  # "Play Poker patience (G)"
    assert headings(app) == [] and app.playing.current_game.name == "poker"
