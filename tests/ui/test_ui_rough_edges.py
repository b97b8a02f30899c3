"""Rough edges a player met in the Aces Up window (issue 20), each checked as the player meets it: real key and
mouse events through the real loop under SDL's dummy driver, and what the window then draws."""

import pygame
import pytest
from tiers import by_language, each_once
from ui_support import aces_table, changed_area, click, drag, key, make_app, position, post, shown_texts, top_centre

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.ui.kit.scene import MESSAGE_SECONDS
from idioten.ui.settings_screen import SettingsPanel

pytestmark = pytest.mark.usefixtures("english_window")
LANGUAGES = by_language(i18n.LANGUAGES)  # four in the fast tier, all eight in the two tiers
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
    assert set(entries) == set(MENU_KEYS) | {"ui.menu.language", "guide.title", "ui.menu.about"}  # these have no key
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
    game = aces_table(app).game
    shown = " ".join(shown_texts(app))
    assert str(game.deal_number) in aces_table(app).message and aces_table(app).message in shown
    assert app.deal_label(game) not in aces_table(app).message  # not "New deal: Deal 1588390015."


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


# Every language and every size once in the fast tier, every pair in the two tiers.
@pytest.mark.parametrize("language, size", each_once(i18n.LANGUAGES, [(1200, 680), (1280, 800), (1024, 640), (900, 700),
                                                                     (720, 520), (1920, 1080)]))
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
    plain = [i18n.t(k) for k in i18n.keys() if k not in i18n.plural_keys()]
    lines_of_keys = [text for text in plain if ITEM_JOINER in text]
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
    painter = aces_table(app).painter
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
    assert len(aces_table(app).game.stock) == 48
    assert len(counts) > 10  # frames of cards flying out, each with the count on the stock
    assert set(counts) == {48}


# -- 5. the status bar fits a 400×300 window ------------------------------------------------------------------

def status_words(app) -> list[str]:
    return " ".join(text for text, _ in aces_table(app).painter.status_lines).replace(" · ", " ").split()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_status_bar_fits_a_400_by_300_window(language):
    i18n.set_language(language)
    deal = 1588390015
    game = position(["2H 5C", "KH", "", "9S"], stock=44, variant="aces-only")
    game.deal_number = deal
    app, _ = make_app(game)
    table = aces_table(app)
    table.session.days.resumed(table.game, "2026-12-03")  # and it is a deal of the day, as if resumed
    force_size(app, (400, 300))
    window = pygame.Rect(0, 0, 400, 300)
    facts = [app.deal_label(game), i18n.t("ui.variant.aces-only"), i18n.t("ui.status.score", score=game.score),
             i18n.t("ui.status.stock", count=44), i18n.t("ui.daily.status", day="2026-12-03")]
    messages = []
    for keystroke in ([], [pygame.K_1], [pygame.K_3]):  # nothing said, "pile 1 chosen: …", "only an ace …"
        for each in keystroke:
            key(app, each)
        app.draw()
        message = aces_table(app).message
        messages.append(message)
        drawn = aces_table(app).painter.status_lines
        rects = [rect for _, rect in drawn]
        assert all(window.contains(rect) for rect in rects), drawn
        assert all(rect.top >= app.layout.top_bar.bottom for rect in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert status_words(app) == " ".join(facts + [message]).split()  # every word, none cut off
    assert messages[0] == "" and messages[1] and messages[2] == i18n.t("rule.aces_only_gap")


# -- 6. why a click did nothing is said beside it --------------------------------------------------------------

def near(rect: pygame.Rect, point, distance: int) -> bool:
    return rect.inflate(2 * distance, 2 * distance).collidepoint(point)


@pytest.mark.parametrize("language, size", each_once(i18n.LANGUAGES, [(1280, 800), (400, 300)]))
def test_a_refused_click_is_explained_beside_the_click(language, size):
    i18n.set_language(language)
    app, clock = make_app(position(["2H 5H", "KH", "9C", "AS"], stock=0), size=size)
    if app.layout.size != size:
        force_size(app, size)
    window = pygame.Rect((0, 0), app.layout.size)
    card_w = app.layout.card_w
    aces = aces_table(app).top_rect(3)
    targets = [(aces_table(app).top_rect(1).move(card_w // 3, 0).center, "rule.no_higher_same_suit"),  # the K♥
               (app.layout.stock.move(-card_w // 3, 0).center, "rule.stock_empty"),  # near the left edge
               (aces.move(card_w // 3, 0).center, "rule.ace_never_discarded")]  # the A♠, the rightmost pile
    for point, reason in targets:
        before = app.window.get_surface().copy()
        click(app, point)
        shown = aces_table(app)
        assert shown.message == i18n.t(reason, suit=i18n.suit_name("H")) and shown.message_at == point
        after = app.window.get_surface()
        callout = changed_area(before, after)
        lines = aces_table(app).painter.callout_lines
        assert " ".join(text for text, _ in lines) == aces_table(app).message
        assert window.contains(callout) and all(callout.contains(rect) for _, rect in lines)
        assert near(callout, point, app.layout.font_size * 2), (point, callout)
        assert callout.w * callout.h < window.w * window.h / 4  # a note by the click, not a repainted window
        status_text_height = app.texts.font(app.layout.small_font_size).get_height()
        assert all(rect.h >= status_text_height for _, rect in lines)  # as readable as the status bar at least
        assert not any(aces_table(app).message in text for text, _ in aces_table(app).painter.status_lines)
        clock.now += MESSAGE_SECONDS  # the message has had its time and goes
        app.settle()
        assert not aces_table(app).message and not aces_table(app).painter.callout_lines


def test_a_refused_drop_is_explained_where_the_card_was_dropped_and_a_key_in_the_status_bar():
    app, _ = make_app(position(["2H 5H", "KH", "9C", "AS"], stock=8))
    drop = app.layout.piles[2].move(0, app.layout.card_h // 2).center  # onto the 9♣, which is not a gap
    drag(app, top_centre(app, 1), drop)
    assert aces_table(app).message == i18n.t("rule.target_not_empty") and aces_table(app).message_at == drop
    lines = aces_table(app).painter.callout_lines
    assert lines and near(lines[0][1].unionall([r for _, r in lines]), drop, app.layout.font_size * 3)
    key(app, pygame.K_2)
    key(app, pygame.K_3)  # the same move by keys: no click to stand beside, so the status bar says it
    assert aces_table(app).message == i18n.t("rule.target_not_empty") and aces_table(app).message_at is None
    assert not aces_table(app).painter.callout_lines
    assert aces_table(app).message in [text for text, _ in aces_table(app).painter.status_lines]


# -- issue 39, item 11: a message beside a click keeps clear of the hint, and goes when a drag begins ----------

@pytest.fixture
def hint_by_samples(monkeypatch):
    """The hint player weighs a fixed number of stock orders, so its answer does not depend on the machine."""
    from types import SimpleNamespace

    from ui_solver_support import HANG_GUARD

    from idioten.play.acesup import coach

    real = coach.no_peek.hint
    monkeypatch.setattr(coach, "no_peek", SimpleNamespace(
        hint=lambda game, time_budget, rng, cancel=None: real(game, time_budget=HANG_GUARD, rng=rng, cancel=cancel,
                                                              max_samples=20)))


@pytest.mark.parametrize("language, size", each_once(i18n.LANGUAGES, [(1280, 800), (720, 520)]))
def test_a_refusal_beside_a_click_leaves_the_hints_arrow_in_sight(hint_by_samples, language, size):
    from ui_solver_support import run_until

    i18n.set_language(language)
    app, _ = make_app(Game.new(deal_cards(60), deal_number=60), size=size)
    table = aces_table(app)
    key(app, pygame.K_h, settle=False)
    assert run_until(app, lambda: table.painter.hint_arrow() is not None)
    hinted = table.painter.hint_arrow()
    refused = next(pile for pile in range(4) if pile != hinted.pile and not table.game.can_discard(pile))
    click(app, top_centre(app, refused))  # a card with no higher one of its suit: refused beside the click
    app.draw()
    lines, arrow = table.painter.callout_lines, table.painter.hint_area
    assert lines and table.painter.hint_arrow() == hinted and arrow
    bubble = lines[0][1].unionall([rect for _, rect in lines])
    assert bubble.collidelist(arrow) == -1, (bubble, arrow)


def test_a_message_beside_an_earlier_click_goes_when_a_drag_begins():
    app, _ = make_app(position(["2H 5H", "KH", "9C", "AS"], stock=8))
    click(app, top_centre(app, 2))  # the 9♣: refused beside the click
    assert aces_table(app).message_at is not None and aces_table(app).painter.callout_lines
    drag(app, top_centre(app, 1), app.layout.piles[1].move(0, app.layout.card_h).center, release=False)
    assert aces_table(app).input.drag is not None
    app.draw()
    assert not aces_table(app).message and not aces_table(app).painter.callout_lines
