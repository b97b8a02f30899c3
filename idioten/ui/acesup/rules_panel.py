"""Aces Up's rules panel (F1, and the menu), illustrated with the rule book's worked example."""

from __future__ import annotations

import pygame

from idioten.cards import parse_cards
from idioten.ui.kit.drawing import outline
from idioten.ui.kit.palette import GLOW
from idioten.ui.kit.panels import Panel
from idioten.ui.kit.sprites import CardImages
from idioten.ui.kit.widgets import Button

EXAMPLE_TOPS = parse_cards("8H KH 9C 6C")
EXAMPLE_DISCARDABLE = {0, 3}  # the 8H (the KH is higher) and the 6C (the 9C is higher)
ART_SCALE = 0.5  # illustration cards, in table card heights


class RulesPanel(Panel):
    """Aces Up's rules in a panel: goal, discards, gaps, deals, with four cards showing which may be discarded."""
    width_share = 0.7

    def build(self) -> None:
        self.images = CardImages(lambda: self.app.settings)
        self.rows = [("title", "ui.rules.title"), ("text", "ui.rules.goal"), ("text", "ui.rules.discard"),
                     ("art", ART_SCALE, self.paint_example), ("text", "ui.rules.example"),
                     ("text", "ui.rules.gap"), ("text", "ui.rules.deal"), ("text", "ui.rules.aces"),
                     ("text", "ui.rules.keys")]
        self.add_buttons(Button("ui.button.close", self.close))

    def place(self) -> None:
        height = round(self.layout.card_h * ART_SCALE)
        self.images.set_size((round(height * 250 / 350), height))
        super().place()

    def paint_example(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The rule book's example: four top cards, the two that may be discarded ringed."""
        w, h = self.images.size
        gap = w // 4
        x = rect.centerx - (4 * w + 3 * gap) // 2
        ring = outline((w, h), GLOW, max(3, w // 14), max(2, w // 30))
        pad = (ring.get_width() - w) // 2
        for i, card in enumerate(EXAMPLE_TOPS):
            corner = (x + i * (w + gap), rect.y)
            surface.blit(self.images.face(card), corner)
            if i in EXAMPLE_DISCARDABLE:
                surface.blit(ring, (corner[0] - pad, corner[1] - pad))

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.close()
