"""A monkey at the window: ten thousand random mouse and key events (five hundred in the fast tier) through
the real loop. Nothing may raise, and after every burst all 52 cards are where the rules say, each once."""

import random

import pygame
import pytest
from ui_support import accounted, aces_table, make_app

from idioten.acesup.rules import Game
from idioten.cards import deal_cards

KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_d, pygame.K_SPACE, pygame.K_RETURN,
        pygame.K_n, pygame.K_r, pygame.K_h, pygame.K_F1, pygame.K_F2, pygame.K_F11, pygame.K_ESCAPE, pygame.K_y,
        pygame.K_j, pygame.K_x, pygame.K_z, pygame.K_KP3, pygame.K_SLASH]


pytestmark = pytest.mark.usefixtures("english_window")


def random_event(rng: random.Random, app):
    width, height = app.layout.size
    hot = [app.layout.stock, app.layout.discard, *app.layout.piles, *(b.rect for b in aces_table(app).buttons)]
    roll = rng.random()
    if roll < 0.6:
        if rng.random() < 0.7:  # most of the pointer's time is spent over the cards and buttons
            area = rng.choice(hot)
            pos = (rng.randint(area.left, area.right), rng.randint(area.top, area.bottom + area.h))
        else:
            pos = (rng.randint(-20, width + 20), rng.randint(-20, height + 20))
        kind = rng.choice([pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEMOTION])
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        return pygame.event.Event(kind, pos=pos, button=rng.choice([1, 1, 1, 3]))
    key = rng.choice(KEYS)
    mod = rng.choice([0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT])
    if key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT:
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="?")
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")


@pytest.mark.parametrize("events", [500, pytest.param(10_000, marks=pytest.mark.slow)])
def test_random_events_lose_no_card(events):
    rng = random.Random(20261202)
    app, clock = make_app(Game.new(deal_cards(3), deal_number=3), seed=3)
    sent = quits = 0
    while sent < events:
        for _ in range(rng.randint(1, 8)):
            pygame.event.post(random_event(rng, app))
            sent += 1
        if rng.random() < 0.01:
            app.window.size = (rng.randint(600, 1900), rng.randint(450, 1100))
        clock.now += rng.choice([0.0, 0.05, 0.2, 1.0])
        if not app.step(dt=rng.choice([0.0, 1 / 60, 0.05, 0.3])):
            quits += 1  # the menu's Quit was clicked; the monkey carries on
            app.running = True
        assert accounted(app), f"a card went missing after {sent} events"
    # The menu (a click, or Enter on its focus) may have left Poker patience on screen.
    app.playing.switch_game("idioten")
    app.settle()
    assert accounted(app)
    assert not app.busy()  # at rest, every card is drawn where its rules place is
    places = aces_table(app).cards.rest_places()
    for card, sprite in aces_table(app).cards.sprites.items():
        if aces_table(app).input.drag is None or aces_table(app).input.drag.card != card:
            x, y = places[card][1]
            assert sprite.screen_pos() == (round(x), round(y))
