"""Paints the table scene. Everything that only changes with the window size or the language (felt, empty
slots, labels) is painted once into a background; a frame is that background plus the cards on top."""

from __future__ import annotations

from typing import Protocol

import pygame

from idioten import i18n
from idioten.acesup.rules import PILES, Action, Game
from idioten.play.acesup.assist import Assistant
from idioten.play.acesup.settings import aces_up_settings
from idioten.ui.acesup.hint_arrow import ARROW_EDGE as HINT_EDGE
from idioten.ui.acesup.hint_arrow import draw_hint
from idioten.ui.acesup.input import TableInput
from idioten.ui.acesup.table_cards import TableCards
from idioten.ui.game_clock import status_parts as clock_parts
from idioten.ui.kit.drawing import draw_callout, draw_status_line, outline
from idioten.ui.kit.felt import felt_canvas
from idioten.ui.kit.fonts import Texts
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.palette import BAR, BAR_LINE, GLOW, LABEL, SELECT, TEXT, tint
from idioten.ui.kit.scene import Host
from idioten.ui.kit.sprites import CardSprite, shadow
from idioten.ui.kit.widgets import Button

LABEL_EDGE = 2  # pixels of dark edge round a label drawn over the hint's arrow


class PaintedTable(Protocol):
    """What the painter reads of the table it paints (table.py's `TableScene`, which imports this module): the
    game, where each card shows and where it is going, what the player chose, and the table's own words."""

    app: Host
    buttons: list[Button]
    message: str
    message_at: tuple[int, int] | None  # a message beside a click, not in the status bar
    cards: TableCards  # where each card shows, and where it is going
    input: TableInput  # the card dragged, if one is
    selected: int | None
    assistant: Assistant  # its hint, and what the status bar says of the deal

    @property
    def game(self) -> Game: ...
    @property
    def session(self) -> object: ...  # the clock on the status bar reads a timed one
    @property
    def layout(self) -> Layout: ...


class TablePainter:
    """Paints its table: the background once per size or language, then each frame over it."""

    def __init__(self, scene: PaintedTable) -> None:
        self.scene = scene
        self.background: pygame.Surface  # painted by resize, before the first frame
        self.status_lines: list[tuple[str, pygame.Rect]] = []  # the texts of the last frame's status bar, placed
        self.callout_lines: list[tuple[str, pygame.Rect]] = []  # ... and of its message beside a click

    @property
    def texts(self) -> Texts:
        """The window's fonts and rendered lines."""
        return self.scene.app.texts

    def resize(self, layout: Layout, buttons: list[Button]) -> None:
        """Everything made for a window size: the top bar's buttons placed, the rings and shadow, the background."""
        self.layout = layout
        self.scene.app.images.set_size((layout.card_w, layout.card_h))
        rects, self.button_size = layout.bar_buttons(lambda size: [button.width_for(self.texts, size)
                                                                   for button in buttons])
        for button, rect in zip(buttons, rects):
            button.rect = rect
        self.radius = max(3, layout.card_w // 14)
        line = max(2, layout.card_w // 45)
        self.glow = outline((layout.card_w, layout.card_h), GLOW, self.radius, line, fill_alpha=40)
        self.select = outline((layout.card_w, layout.card_h), SELECT, self.radius, line)
        self.shadow = shadow((layout.card_w, layout.card_h), self.radius)
        self.background = self.paint_background(layout)

    def paint_background(self, layout: Layout) -> pygame.Surface:
        """The felt, the bars, the empty places and their labels: painted once per size or language."""
        surface = felt_canvas(layout.size, self.scene.app.settings.table_colour, getattr(self, "background", None))
        pygame.draw.rect(surface, tint(BAR), layout.top_bar)
        pygame.draw.line(surface, tint(BAR_LINE), layout.top_bar.bottomleft, layout.top_bar.bottomright)
        pygame.draw.rect(surface, tint(BAR), layout.status_bar)
        pygame.draw.line(surface, tint(BAR_LINE), layout.status_bar.topleft, layout.status_bar.topright)
        slot = self.scene.app.images.slot()
        labels = [(layout.stock, i18n.t("ui.label.stock")), (layout.discard, i18n.t("ui.label.discards"))]
        labels += [(rect, str(i + 1)) for i, rect in enumerate(layout.piles)]
        self.edged_labels = []  # drawn again over the hint's arrow
        self.hint_area: list[pygame.Rect] = []  # what the hint's ring and arrow cover: a message keeps clear
        for rect, text in labels:
            surface.blit(slot, rect)
            label = self.texts.render(text, layout.label_size, LABEL)
            place = label.get_rect(midbottom=(rect.centerx, rect.top - 6))
            surface.blit(label, place)
            self.edged_labels.append((self.edged(text, layout.label_size), place.move(-LABEL_EDGE, -LABEL_EDGE)))
        return surface

    def edged(self, text: str, size: int) -> pygame.Surface:
        """A label with a dark edge, readable on the felt and on the hint's yellow arrow alike."""
        dark = self.texts.render(text, size, HINT_EDGE)
        light = self.texts.render(text, size, LABEL)
        surface = pygame.Surface((light.get_width() + 2 * LABEL_EDGE, light.get_height() + 2 * LABEL_EDGE),
                                 pygame.SRCALPHA)
        for dx in (-LABEL_EDGE, 0, LABEL_EDGE):
            for dy in (-LABEL_EDGE, 0, LABEL_EDGE):
                surface.blit(dark, (LABEL_EDGE + dx, LABEL_EDGE + dy))
        surface.blit(light, (LABEL_EDGE, LABEL_EDGE))
        return surface

    # -- a frame ---------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """A frame: the background, the stock and discards with their counts, the piles, the rings, the cards in the
        air, the dragged card, the hint, the buttons and the status bar."""
        scene, layout, images = self.scene, self.layout, self.scene.app.images
        game = scene.game
        surface.blit(self.background, (0, 0))
        drag = scene.input.drag
        dragged = drag.card if drag else None
        sprites, zones = scene.cards.sprites, scene.cards.zones

        waiting_stock = waiting_discard = 0
        flying, waiting_on_table = [], []
        for card, sprite in sprites.items():
            glide = sprite.glide
            if glide is None or card == dragged:
                continue
            if glide.started:
                flying.append(sprite)
            elif glide.origin == "stock" and card not in scene.cards.dealt_in:
                waiting_stock += 1  # still in the stock until it leaves (a new deal's first four never were)
            elif glide.origin == "discard":
                waiting_discard += 1
            elif zones.get(card) != "pile":
                waiting_on_table.append(sprite)

        resting_stock = sum(1 for c in game.stock if sprites[c].glide is None)
        stock_count = resting_stock + waiting_stock
        if stock_count:
            surface.blit(images.back(), layout.stock)
        self.badge(surface, layout.stock, stock_count)

        arrived = [c for c in game.discards if sprites[c].glide is None]
        if arrived:
            surface.blit(images.face(arrived[-1]), layout.discard)
        self.badge(surface, layout.discard, len(arrived) + waiting_discard)

        highlight = aces_up_settings(scene.app.settings).highlight_discardable
        for pile, cards in enumerate(game.piles):
            for index, card in enumerate(cards):
                sprite = sprites[card]
                if card == dragged or sprite.in_flight:
                    continue
                if sprite.glide is not None and sprite.glide.origin != "pile":
                    continue  # waiting for its turn to leave the stock: the stock's count still holds it
                corner = sprite.screen_pos()
                above = sprites[cards[index + 1]] if index + 1 < len(cards) else None
                if above is None or above.moving or above.shake or cards[index + 1] == dragged:
                    surface.blit(images.face(card), corner)
                else:  # the card above hides all but a strip: blend only that (most of a frame's cost)
                    strip = round(above.pos[1] - sprite.pos[1]) + self.radius + 1
                    surface.blit(images.face(card), corner, (0, 0, layout.card_w, max(1, strip)))
            if cards and highlight and cards[-1] != dragged and game.can_discard(pile):
                self.ring(surface, self.glow, sprites[cards[-1]].screen_pos())
        for sprite in waiting_on_table:
            surface.blit(images.face(sprite.card), sprite.screen_pos())

        source = drag.pile if drag else scene.selected
        if source is not None:
            chosen = game.top(source) if scene.selected is not None else None
            if chosen is not None:
                self.ring(surface, self.select, sprites[chosen].screen_pos())
            for target in range(PILES):
                if game.can_move(source, target):
                    self.ring(surface, self.glow, layout.piles[target].topleft)

        flying.sort(key=lambda s: s.glide.delay if s.glide is not None else 0.0)
        lift = max(2, layout.card_w // 40)  # a card in the air casts a small shadow
        for sprite in flying:
            x, y = sprite.screen_pos()
            picture = self.turning(sprite, zones.get(sprite.card))
            x += (layout.card_w - picture.get_width()) // 2
            surface.blit(self.shadow, (x + lift, y + lift), (0, 0, picture.get_width(), layout.card_h))
            surface.blit(picture, (x, y))

        if dragged is not None:
            x, y = sprites[dragged].screen_pos()
            offset = max(3, layout.card_w // 24)
            surface.blit(self.shadow, (x + offset, y + offset))
            surface.blit(images.face(dragged), (x, y))

        hinted = self.hint_arrow()
        self.hint_area = []
        if hinted is not None and dragged is None:
            self.hint_area = draw_hint(surface, scene, hinted)
            # The arrow's arc runs through the strip of the piles' labels: they stay on top, edged, to be read.
            for label, place in self.edged_labels:
                surface.blit(label, place)

        self.draw_over_table(surface)
        for button in scene.buttons:
            button.draw(surface, self.texts, self.button_size)
        self.status(surface)

    def hint_arrow(self) -> Action | None:
        """The action ringed and pointed at: the coach's hint, while it is on screen."""
        return self.scene.assistant.coach.hint_arrow()

    def status_parts(self) -> list[str]:
        """The facts of the status bar, left to right."""
        scene = self.scene
        game = scene.game
        return [scene.app.deal_label(game), i18n.t(f"ui.variant.{game.variant}"),
                i18n.t("ui.status.score", score=game.score), i18n.t("ui.status.stock", count=len(game.stock)),
                *(clock_parts(scene.session) if scene.app.settings.clock else []),
                *scene.assistant.status_parts()]  # "still winnable", when the player wants to know

    def draw_over_table(self, surface: pygame.Surface) -> None:
        """What a table of its own kind shows over the cards, under the buttons and messages (the guide's box)."""

    def turning(self, sprite: CardSprite, zone: str | None) -> pygame.Surface:
        """A card leaving the face-down stock turns face up on its way (and back again when a deal is
        undone): the picture narrows to an edge and widens with the other side. Only while it turns is it
        squeezed; at rest every card is the crisp picture rendered at its size."""
        images, glide = self.scene.app.images, sprite.glide
        if glide is None:  # at rest
            return images.face(sprite.card)
        leaving, returning = glide.origin == "stock", zone == "stock"
        if leaving == returning:
            return images.face(sprite.card)
        t = glide.progress if leaving else 1.0 - glide.progress
        turn = min(1.0, t / 0.6)  # the turn is over by 60 % of the flight
        face_up = turn >= 0.5
        width = round(self.layout.card_w * abs(2 * turn - 1))
        if width >= self.layout.card_w:
            return images.face(sprite.card) if face_up else images.back()
        picture = images.face(sprite.card) if face_up else images.back()
        return pygame.transform.scale(picture, (max(1, width), self.layout.card_h))

    def ring(self, surface: pygame.Surface, ring: pygame.Surface, corner: tuple[float, float]) -> None:
        """`ring` round the card whose corner is at `corner`."""
        pad = (ring.get_width() - self.layout.card_w) // 2
        surface.blit(ring, (corner[0] - pad, corner[1] - pad))

    def badge(self, surface: pygame.Surface, rect: pygame.Rect, count: int) -> None:
        """How many cards a stack holds, on a dark pill at its foot."""
        label = self.texts.render(str(count), self.layout.label_size, TEXT)
        box = label.get_rect().inflate(self.layout.label_size * 0.8, 6)
        box.midbottom = (rect.centerx, rect.bottom - rect.h // 14)
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=box.h // 2)
        surface.blit(label, label.get_rect(center=box.center))

    def status(self, surface: pygame.Surface) -> None:
        """The status bar, and a message beside the click it is about rather than in the bar."""
        scene, layout = self.scene, self.layout
        parts = self.status_parts()
        click = scene.message_at  # the message stands beside that click, not in the status bar
        self.status_lines = draw_status_line(surface, self.texts, layout.status_bar, layout.small_font_size, parts,
                                             "" if click is not None else scene.message)
        self.callout_lines = (draw_callout(surface, self.texts, layout.font_size, scene.message, click,
                                           pygame.Rect((0, 0), layout.size), avoid=self.hint_area)
                              if click is not None else [])
