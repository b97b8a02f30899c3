"""A win worth seeing: when the player's last card goes, the four aces and the top of the discard pile leap
off the table one after another and bounce away across the felt, each leaving a trail of itself; then the
end panel. Any key or click skips straight to the panel (and does nothing else). It runs at the
animation-speed setting; with animations off there is none (the table shows the panel at once).

The trails are drawn on a transparent sheet over the table that is never cleared, so a frame costs one
blit of the sheet and one card per card in the air."""

from __future__ import annotations

import pygame

from idioten.ui.kit.scene import Scene

LEAPERS = 16  # the aces, then the top of the discard pile: enough to fill the felt, short enough to wait for
LAUNCH_EVERY = 0.16  # seconds between two cards at normal speed
LONGEST = 5.0  # seconds at normal speed: then the panel comes even if a card still bounces
GRAVITY = 2.6  # window heights per second squared
BOUNCE = 0.72  # of its speed a card keeps when it hits the foot of the table
MODIFIERS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
             pygame.K_LGUI, pygame.K_RGUI)  # pressed alone they skip nothing (the first half of a shortcut)


class Leaper:
    def __init__(self, picture: pygame.Surface, pos: tuple[float, float], velocity: tuple[float, float]):
        self.picture = picture
        self.x, self.y = pos
        self.vx, self.vy = velocity


class Celebration(Scene):
    overlay = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        layout, rng = app.layout, app.rng
        self.speed = 1.0 / app.settings.duration(1.0)  # the setting's factor (never "off": no celebration then)
        self.sheet = pygame.Surface(layout.size, pygame.SRCALPHA)
        game, width, height = table.game, layout.width, layout.height
        cards = [cards[-1] for cards in game.piles if cards] + list(reversed(game.discards))
        self.waiting: list[Leaper] = []
        for card in cards[:LEAPERS]:
            start = table.sprites[card].pos
            direction = -1 if rng.random() < 0.5 else 1
            velocity = (direction * rng.uniform(0.16, 0.32) * width, -rng.uniform(0.1, 0.7) * height)
            self.waiting.append(Leaper(app.images.face(card), start, velocity))
        self.flying: list[Leaper] = []
        self.floor = layout.table_bottom - layout.card_h
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
        """The panel, without the panel's own confetti: the cards were the celebration."""
        if self not in self.app.scenes:
            return
        self.app.pop(self)
        self.table.finish_animations()
        self.app.show_end(self.table.game)
        quiet = getattr(self.app.scenes[-1], "quiet", None)
        if quiet is not None:
            quiet()

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key not in MODIFIERS):
            self.finish()

    def resize(self, layout) -> None:
        self.finish()  # the trails belong to the old size

    def draw(self, surface) -> None:
        surface.blit(self.sheet, (0, 0))
