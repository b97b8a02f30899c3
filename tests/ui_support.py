"""Driving the real window loop from tests: a clock the test moves, events posted to SDL's queue."""

from __future__ import annotations

import random

import pygame

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.cards import full_deck, parse_cards
from idioten.ui.acesup.table import TableScene
from idioten.ui.acesup.table_cards import ACTION_SECONDS, DEAL_SECONDS, DEAL_STAGGER
from idioten.ui.app import MAX_STEP, App
from idioten.ui.kit.palette import TITLE

# At normal speed no card of one move glides longer than a deal's four cards one after the other (faster speeds: less).
GLIDES_AT_MOST = max(ACTION_SECONDS, DEAL_SECONDS + 3 * DEAL_STAGGER)


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def position(piles: list[str], stock: int = 0, variant: str = "standard") -> Game:
    """A game with the given piles (bottom to top); of the other cards, `stock` go to the stock and the
    rest to the discard pile."""
    pile_cards = [parse_cards(p) for p in piles]
    used = {c for p in pile_cards for c in p}
    rest = [c for c in full_deck() if c not in used]
    return Game(pile_cards, rest[:stock], rest[stock:], variant)


OPEN_APPS: list[App] = []


def close_apps() -> None:
    """Destroy each window explicitly: a window left to the garbage collector may be freed after the next
    test's window took its place."""
    while OPEN_APPS:
        OPEN_APPS.pop().close()


def make_app(game: Game | None = None, size=(1280, 800), seed: int = 5, clock=None, **kwargs) -> tuple[App, FakeClock]:
    """A window on `game` (a random deal if None); its clock is a FakeClock the test moves, unless one is given."""
    clock = clock or FakeClock()
    app = App(game, clock=clock, rng=random.Random(seed), size=size, **kwargs)
    OPEN_APPS.append(app)
    app.step(dt=0)
    return app, clock


def post(*events) -> None:
    for event in events:
        pygame.event.post(event)


def key(app: App, key: int, mod: int = 0, unicode: str = "", settle: bool = True) -> None:
    """A key pressed; with `settle`, the window stepped until nothing moves, in steps as long as the program's own
    longest (App.step's MAX_STEP: every animation is worked out from the time that passed), else one frame."""
    post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
    app.settle(dt=MAX_STEP) if settle else app.step(dt=1 / 60)


def click(app: App, pos, settle: bool = True) -> None:
    """A click; with `settle`, as `key`'s."""
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.settle(dt=MAX_STEP) if settle else app.step(dt=1 / 60)


def drag(app: App, start, end, steps: int = 8, release: bool = True) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step(dt=1 / 60)
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.step(dt=1 / 60)
    if release:
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        app.settle()


def top_centre(app: App, pile: int) -> tuple[int, int]:
    return app.playing.game_scene("idioten").top_rect(pile).center


def accounted(app: App) -> bool:
    """All 52 cards: once each in the rules' game, and one sprite each on screen."""
    game = app.playing.game_scene("idioten").game
    cards = [c for p in game.piles for c in p] + game.stock + game.discards
    sprites = app.playing.game_scene("idioten").cards.sprites
    return sorted(cards) == sorted(full_deck()) and set(sprites) == set(full_deck())


def choose_in_menu(app: App, text_key: str, press=None):
    """Open the menu with Esc, walk its focus down to the entry `text_key` and press Enter on it, as a
    keyboard player does; returns the panel on top afterwards. `press(app, key)` posts a key (default `key`)."""
    press = press or key
    press(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    while menu.focused.text_key != text_key:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    return app.scenes[-1]


def setting_button(app: App, panel, name: str, value):
    """The button of `value` in the settings screen's row `name`, its page shown first by a click on that
    page's tab, as a player turns to it."""
    row = next(index for index, (each, _) in enumerate(panel.rows_of_buttons) if each == name)
    page = panel.page_of(row)
    if panel.page != page:
        click(app, panel.tabs[page].rect.center)
        assert panel.page == page
    return dict(dict(panel.rows_of_buttons)[name])[value]


def shown_texts(app: App, colour=None) -> list[str]:
    """Every text a fresh frame of the window draws, in drawing order (a panel's after the table's below it);
    with `colour`, only those drawn in that colour."""
    seen = []
    render = app.texts.render

    def spy(text, size, *rest):
        if colour is None or (rest and tuple(rest[0]) == tuple(colour)):
            seen.append(text)
        return render(text, size, *rest)

    app.texts.render = spy
    try:
        app.draw()
    finally:
        app.texts.render = render
    return seen


def screen_text(app: App) -> str:
    """All the window shows in words, as one string: a panel's wrapped lines read on as one text."""
    return " ".join(shown_texts(app))


def headings(app: App) -> list[str]:
    """The headings on screen: the title of each open panel (and a chart's name), as drawn."""
    return shown_texts(app, TITLE)


END_TITLES = ("ui.end.lost", "ui.end.won", "ui.truth.shown_title")


def end_panel(app: App):
    """The Aces Up end panel, when the window shows one on top (its title is on screen), else None."""
    shown = headings(app)
    return app.scenes[-1] if any(i18n.t(title) in shown for title in END_TITLES) else None


def changed_area(before: pygame.Surface, after: pygame.Surface) -> pygame.Rect:
    """The smallest rectangle holding every pixel that differs between two pictures of the window."""
    diff, back = before.copy(), after.copy()
    diff.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back.blit(before, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    changed = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (1, 1, 1, 255))
    changed.invert()
    rects = changed.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def leaping(app: App, frames: int = 10) -> bool:
    """Cards fly across the window: over `frames` frames the picture changes across more than a fifth of its
    width (a celebration; a glide or a message changes far less)."""
    before = app.window.get_surface().copy()
    for _ in range(frames):
        app.step(dt=1 / 60)
    return changed_area(before, app.window.get_surface()).width > app.layout.width / 5


def aces_table(app: App) -> TableScene:
    """The Aces Up table, on screen or waiting on the shelf while another game is played."""
    table = app.playing.game_scene("idioten")
    assert isinstance(table, TableScene)
    return table
