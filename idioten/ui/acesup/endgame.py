"""The end-of-game panel, with confetti when the game is won."""

from __future__ import annotations

from typing import Protocol

import pygame

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.panels import EndOfGameKeys, Panel
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button

CONFETTI_COLOURS = [(255, 214, 90), (240, 90, 90), (110, 190, 255), (140, 230, 140), (250, 250, 250)]
FOOT_GAP = 8  # pixels between the panel in the foot of the table and the status bar
CELEBRATION_SECONDS = 6.0  # at most; it ends when the last bit of confetti has fallen out of the window


class EndedTable(Protocol):
    """The table whose game ended, as its end panel sees it (table.py's `TableScene`, which opens the panel):
    the game, and where the panel's buttons and keys lead."""

    @property
    def game(self) -> Game: ...
    def new_deal(self) -> None: ...
    def restart(self) -> None: ...
    def undo(self) -> None: ...


class EndPanel(EndOfGameKeys, Panel):
    """The end of a game of Aces Up over the table it ended on: won or lost, the score, what to do next."""

    width_share = 0.45
    dim_alpha = 60  # the final position stays readable behind the panel

    def __init__(self, app: Host, table: EndedTable) -> None:
        self.table = table  # the game it ends, and where B, F, N and R go
        game = self.game = table.game
        self.won = game.is_won()
        self.confetti: list[list[float]] = []
        self.celebrating = 0.0
        super().__init__(app)
        if self.won:
            self.start_celebration()

    def build(self) -> None:
        self.rows = [("title", "ui.end.won" if self.won else "ui.end.lost"),
                     ("text", i18n.t("ui.end.score", score=self.game.score))]
        self.add_buttons(Button("ui.button.new_deal", self.new_deal), Button("ui.button.restart", self.again))
        self.rows.append(("keys", "ui.end.keys"))

    def place(self) -> None:
        """First in the foot of the table below the top row of cards, so that the piles, fanned tighter,
        keep every top card in sight above it (`foot_from`); in a window too small for that, as any panel."""
        layout = self.layout
        self.height_limit = layout.table_bottom - FOOT_GAP - (layout.piles[0].bottom + layout.card_h // 8)
        super().place()
        if self.overflow:
            self.height_limit = None
            super().place()

    def centre(self, layout: Layout, height: int) -> tuple[int, int]:
        """Below the cards when there is room, else at the foot of the table: the final position stays in
        view as much as the window allows."""
        cards_bottom = max(layout.pile_area(pile, len(cards)).bottom for pile, cards in enumerate(self.game.piles))
        below = cards_bottom + layout.card_h // 8
        space = layout.table_bottom - below
        if space >= height:
            return layout.width // 2, below + space // 2 - space // 6
        return layout.width // 2, max(layout.height // 2, layout.table_bottom - FOOT_GAP - height // 2)

    def foot_from(self) -> int | None:
        """The table keeps every pile's top card above the panel (in the window's pixels)."""
        if not self.box.h:
            return None
        top = self.box.top - self.layout.card_h // 16
        if self.canvas_size is not None:  # laid out on a larger canvas, scaled down to the window
            top = top * self.app.layout.height // self.canvas_size[1]
        return top

    def start_celebration(self) -> None:
        """Confetti over the won game, for at most `CELEBRATION_SECONDS`."""
        rng, (w, h) = self.app.rng, self.layout.size
        self.celebrating = CELEBRATION_SECONDS
        self.confetti = [[rng.uniform(0, w), rng.uniform(-h, 0), rng.uniform(-40, 40), rng.uniform(0.45, 0.8) * h,
                          rng.uniform(0, 6.28), rng.randrange(len(CONFETTI_COLOURS))] for _ in range(260)]

    def quiet(self) -> None:
        """No confetti: the computer won, or the cards have just celebrated (celebration.py)."""
        self.celebrating = 0.0
        self.confetti.clear()

    def busy(self) -> bool:
        return self.celebrating > 0

    def update(self, dt: float) -> None:
        if self.celebrating <= 0:
            return
        self.celebrating -= dt
        for bit in self.confetti:
            bit[0] += bit[2] * dt
            bit[1] += bit[3] * dt
            bit[4] += 5 * dt
        height = self.layout.height
        self.confetti = [bit for bit in self.confetti if bit[1] < height]
        if self.celebrating <= 0 or not self.confetti:
            self.celebrating = 0.0
            self.confetti.clear()
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        size = max(5, self.layout.card_w // 11)
        for x, y, _, _, turn, colour in self.confetti:
            width = max(1, round(size * abs(pygame.math.Vector2(1, 0).rotate_rad(turn).x)))
            pygame.draw.rect(surface, CONFETTI_COLOURS[int(colour)], (round(x), round(y), width, size))

    def game_scene(self) -> EndedTable:
        """The table the game ended on: where the panel's keys lead."""
        return self.table

    def again(self) -> None:
        """R or the button: the same deal again from its start."""
        self.close()
        self.table.restart()
