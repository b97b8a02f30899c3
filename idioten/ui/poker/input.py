"""Poker patience's input: clicks, drags and keys become requests to the scene (`PokerScene.place` and
friends), which asks the rules. Positions come from the events themselves, never from the mouse state.

A press on the drawn card (or an open-deck card) becomes a drag once the pointer has moved a few pixels;
released over a cell it asks to place the card there, anywhere else the card glides back. A press on an
empty cell places the current card at once. A keyboard cursor stands on an empty cell from the start of a
deal, so the player sees where Enter or Space places before pressing it; the arrows move it. After a placement
that filled its cell it moves on to the next empty cell in reading order (so Space, Space, ... fills the grid);
Tab picks the next open-deck card.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from idioten import i18n
from idioten.cards import Card
from idioten.errors import IllegalAction
from idioten.ui.poker import texts
from idioten.ui.kit.scene import DRAG_THRESHOLD
from idioten.ui.kit.tween import Glide

RETURN_SECONDS = 0.2
ARROWS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
PLACE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class Press:
    card: Card
    start: tuple[int, int]
    grab: tuple[float, float]  # pointer minus the card's corner, at grid card size


@dataclass
class Flight:
    """A card on its way: into a cell after a placement, or back home after a refused drop."""
    card: Card
    glide: Glide
    cell: int | None


class PokerInput:
    """Mixed into PokerScene: everything here reads and sets the scene's state."""

    def card_at(self, pos) -> Card | None:
        """The unplaced card under the pointer: the drawn (or chosen) card, or an open-deck card."""
        current = self.current_card()
        if current is None:
            return None
        if self.layout.drawn.collidepoint(pos):
            return current
        if self.game.open_deck:
            for card in sorted(self.game.choices(), key=self.layout.deck_order, reverse=True):  # topmost first
                if card != current and self.layout.deck_rect(card).collidepoint(pos):
                    return card
        return None

    def on_press(self, event) -> None:
        if self.buttons_take(event):
            return
        self.finish_flight()
        card = self.card_at(event.pos)
        if card is not None:
            rect = self.home_rect(card)
            scale = self.layout.card_w / rect.w
            grab = ((event.pos[0] - rect.x) * scale, (event.pos[1] - rect.y) * scale)
            self.press = Press(card, event.pos, grab)
            return
        cell = self.layout.cell_at(event.pos)
        if cell is not None and not self.game.is_over():
            self.place(cell)
        elif cell is not None:
            self.say(texts.reason(IllegalAction("grid_full", "")))

    def on_motion(self, event) -> None:
        for button in self.buttons:
            if button.handle(event):
                self.dirty = True
        target = self.target_cell(event.pos)
        if target != self.target:
            self.target = target  # the empty cell a click or a drop would fill now: it lights up
            self.dirty = True
        if self.drag is not None:
            self.drag_pos = (event.pos[0] - self.drag.grab[0], event.pos[1] - self.drag.grab[1])
            self.dirty = True
        elif self.press is not None:
            dx, dy = event.pos[0] - self.press.start[0], event.pos[1] - self.press.start[1]
            if dx * dx + dy * dy >= DRAG_THRESHOLD ** 2:
                self.drag, self.press = self.press, None
                self.on_motion(event)

    def target_cell(self, pointer) -> int | None:
        if self.game.is_over():
            return None
        if self.drag is not None:
            corner = (pointer[0] - self.drag.grab[0], pointer[1] - self.drag.grab[1])
            rect = pygame.Rect(round(corner[0]), round(corner[1]), self.layout.card_w, self.layout.card_h)
            cell = self.layout.cell_under(rect)
            if cell is None:
                cell = self.layout.cell_at(pointer)
        else:
            cell = self.layout.cell_at(pointer)
        return cell if cell is not None and self.game.grid[cell] is None else None

    def on_release(self, event) -> None:
        if self.buttons_take(event):
            return
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.drop(drag, event.pos)
        elif self.press is not None:
            press, self.press = self.press, None
            self.click_card(press.card)

    def drop(self, drag: Press, pointer) -> None:
        corner = (pointer[0] - drag.grab[0], pointer[1] - drag.grab[1])
        rect = pygame.Rect(round(corner[0]), round(corner[1]), self.layout.card_w, self.layout.card_h)
        cell = self.layout.cell_under(rect)
        if cell is None:
            cell = self.layout.cell_at(pointer)
        if cell is not None and self.place(cell, drag.card, start=corner):
            return
        home = self.layout.drawn.topleft  # a dragged card always shows at grid size; it glides back there
        if self.game.open_deck and drag.card != self.current_card():
            self.selected = drag.card
        self.flight = Flight(drag.card, Glide(corner, home, self.app.settings.duration(RETURN_SECONDS)), None)
        if cell is None:
            self.say(i18n.t("ui.poker.msg.click_cell"))
        self.dirty = True

    def click_card(self, card: Card) -> None:
        if self.game.open_deck and card != self.current_card():
            self.selected = card
            self.say(i18n.t("ui.poker.msg.chosen", card=i18n.card_name(card)))
        else:
            self.say(i18n.t("ui.poker.msg.click_cell"))
        self.dirty = True

    def game_key(self, event) -> None:
        key, shift = event.key, getattr(event, "mod", 0) & pygame.KMOD_SHIFT
        if key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key in PLACE_KEYS:
            if self.cursor is not None:
                self.place(self.cursor)
            else:
                self.say(texts.reason(IllegalAction("grid_full", "")))
        elif key == pygame.K_TAB and self.game.open_deck:
            self.next_choice(-1 if shift else 1)
        elif key == pygame.K_o:
            self.open_options()

    def drop_choice(self) -> bool:
        """Escape forgets a chosen card or a hint. The cursor stays: it is always there while cells are empty,
        so counting it would make every Escape to the menu take two presses."""
        if self.selected is None and self.hint is None:
            return False
        self.selected = self.hint = None
        self.say("")
        return True

    def move_cursor(self, rows: int, columns: int) -> None:
        if self.cursor is None:  # a full grid: the arrows have nothing to show
            return
        row = (self.cursor // 5 + rows) % 5
        column = (self.cursor % 5 + columns) % 5
        self.cursor = row * 5 + column
        self.dirty = True

    def settle_cursor(self) -> None:
        """Keep the cursor on an empty cell (None once the grid is full): where it is if that cell is still
        empty, else on the next empty cell in reading order, wrapping to the top."""
        empty = self.game.empty_cells()
        if not empty:
            self.cursor = None
        elif self.cursor is None or self.cursor not in empty:
            after = -1 if self.cursor is None else self.cursor
            self.cursor = next((cell for cell in empty if cell > after), empty[0])
        self.dirty = True

    def next_choice(self, step: int) -> None:
        choices = self.game.choices()
        if not choices:
            return
        current = self.current_card()
        index = choices.index(current) if current in choices else 0
        self.selected = choices[(index + step) % len(choices)]
        self.say(i18n.t("ui.poker.msg.chosen", card=i18n.card_name(self.selected)))
