"""A result worth seeing, for both games: cards leap off the table one after another and bounce away across
the felt, each leaving a trail of itself; then the end panel. Aces Up celebrates the player's win (the four
aces and the top of the discard pile leap), Poker patience a new personal best or a grid that beat the
computer (the cards of the best hands leap). Any key or click skips straight to the end (and does nothing
else). It runs at the animation-speed setting; with animations off there is none: the table asks
`wanted(app)` first and shows its panel at once.

The trails are drawn on a transparent sheet over the table that is never cleared, so a frame costs one
blit of the sheet and one card per card in the air."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from idioten.ui.kit.layout import Layout
from idioten.ui.kit.scene import Host, Scene

LEAPERS = 16  # enough to fill the felt, short enough to wait for
LAUNCH_EVERY = 0.16  # seconds between two cards at normal speed
LONGEST = 5.0  # seconds at normal speed: then the panel comes even if a card still bounces
GRAVITY = 2.6  # window heights per second squared
BOUNCE = 0.72  # of its speed a card keeps when it hits the foot of the table
MODIFIERS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
             pygame.K_LGUI, pygame.K_RGUI)  # pressed alone they skip nothing (the first half of a shortcut)


def wanted(app: Host) -> bool:
    """A celebration only with animations on ("off" means none)."""
    return app.settings.duration(1.0) > 0


class Leaper:
    """One card in the air: its picture, where it is, and how fast it goes."""
    def __init__(self, picture: pygame.Surface, pos: tuple[float, float], velocity: tuple[float, float]):
        self.picture = picture
        self.x, self.y = pos
        self.vx, self.vy = velocity


class Celebration(Scene):
    """The player's win celebrated over the table: the cards leap off one after the other and bounce on the foot of
    the table, leaving trails, until the last has left the window (or a key or click ends it); then `then`."""
    overlay = True

    def __init__(self, app: Host, cards: Sequence[tuple[pygame.Surface, tuple[float, float]]], floor: float,
                 then: Callable[[], None]):
        """`cards`: (picture, top-left corner) of each card to leap, in the order they go (the first
        LEAPERS); they bounce on `floor` (the y of a card's top when it touches the foot of the table);
        `then()` is called once at the end, skipped or not (it shows the end panel)."""
        super().__init__(app)
        self.then = then
        layout, rng = app.layout, app.rng
        self.speed = 1.0 / app.settings.duration(1.0)  # the setting's factor (never "off": no celebration then)
        self.sheet = pygame.Surface(layout.size, pygame.SRCALPHA)
        width, height = layout.width, layout.height
        self.waiting: list[Leaper] = []
        for picture, start in list(cards)[:LEAPERS]:
            direction = -1 if rng.random() < 0.5 else 1
            velocity = (direction * rng.uniform(0.16, 0.32) * width, -rng.uniform(0.1, 0.7) * height)
            self.waiting.append(Leaper(picture, start, velocity))
        self.flying: list[Leaper] = []
        self.floor = floor
        self.clock = 0.0  # seconds of celebration (at normal speed) so far
        self.next_launch = 0.0

    def busy(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        self.clock += dt * self.speed
        while self.waiting and self.clock >= self.next_launch:
            self.flying.append(self.waiting.pop(0))
            self.next_launch += LAUNCH_EVERY
        height, width = self.app.layout.height, self.app.layout.width
        step = dt * self.speed
        for card in self.flying:
            card.vy += GRAVITY * height * step
            card.x += card.vx * step
            card.y += card.vy * step
            if card.y > self.floor:
                card.y = self.floor - (card.y - self.floor)
                card.vy = -abs(card.vy) * BOUNCE
            self.sheet.blit(card.picture, (round(card.x), round(card.y)))
        card_w = self.app.layout.card_w
        self.flying = [c for c in self.flying if -card_w < c.x < width]
        if (not self.flying and not self.waiting) or self.clock >= LONGEST:
            self.finish()
        self.dirty = True

    def finish(self) -> None:
        """The celebration over (once, however it ends): it leaves the stack and what comes next comes."""
        if self not in self.app.scenes:
            return
        self.app.pop(self)
        self.then()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key not in MODIFIERS):
            self.finish()

    def resize(self, layout: Layout) -> None:
        self.finish()  # the trails belong to the old size

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.sheet, (0, 0))
