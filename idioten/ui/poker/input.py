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
from typing import Protocol

import pygame

from idioten import i18n
from idioten.cards import Card
from idioten.errors import IllegalAction
from idioten.poker.game import PokerGame
from idioten.speech import words
from idioten.ui.kit.scene import DRAG_THRESHOLD, GameInput, Host
from idioten.ui.kit.tween import Glide
from idioten.ui.kit.widgets import Button
from idioten.ui.poker import texts
from idioten.ui.poker.layout import PokerLayout

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


class InputTable(Protocol):
    """What the input asks of the table that holds it (scene.py's `PokerScene`, which imports this module): the
    game and where its cards are, the choices the keys and the pointer make, and the verbs they ask for."""

    app: Host
    buttons: list[Button]
    dirty: bool
    selected: Card | None  # the open deck's chosen card
    cursor: int | None  # the keyboard's cell
    target: int | None  # the cell the pointer would fill
    hint: tuple[int, Card] | None
    flight: Flight | None

    @property
    def game(self) -> PokerGame: ...
    @property
    def layout(self) -> PokerLayout: ...
    def current_card(self) -> Card | None: ...
    def home_rect(self, card: Card) -> pygame.Rect: ...
    def buttons_take(self, event: pygame.event.Event) -> bool: ...
    def finish_flight(self) -> None: ...
    def place(self, cell: int, card: Card | None = None, start: tuple[float, float] | None = None) -> bool: ...
    def say(self, text: str) -> None: ...
    def open_options(self) -> None: ...
    def spoken(self) -> str: ...


class PokerInput(GameInput):
    """The Poker patience table's input, held by its PokerScene (`scene.input`): it keeps the press and drag
    under way, moves the keyboard's cursor, and asks its scene to place, say and animate."""

    def __init__(self, scene: InputTable) -> None:
        self.scene = scene
        self.press: Press | None = None
        self.drag: Press | None = None
        self.drag_pos: tuple[float, float] = (0.0, 0.0)

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The unplaced card under the pointer: the drawn (or chosen) card, or an open-deck card."""
        current = self.scene.current_card()
        if current is None:
            return None
        if self.scene.layout.drawn.collidepoint(pos):
            return current
        if self.scene.game.open_deck:
            # Topmost first.
            for card in sorted(self.scene.game.choices(), key=self.scene.layout.deck_order, reverse=True):
                if card != current and self.scene.layout.deck_rect(card).collidepoint(pos):
                    return card
        return None

    def on_press(self, event: pygame.event.Event) -> None:
        if self.scene.buttons_take(event):
            return
        self.scene.finish_flight()
        card = self.card_at(event.pos)
        if card is not None:
            rect = self.scene.home_rect(card)
            scale = self.scene.layout.card_w / rect.w
            grab = ((event.pos[0] - rect.x) * scale, (event.pos[1] - rect.y) * scale)
            self.press = Press(card, event.pos, grab)
            return
        cell = self.scene.layout.cell_at(event.pos)
        if cell is not None and not self.scene.game.is_over():
            self.scene.place(cell)
        elif cell is not None:
            self.scene.say(texts.reason(IllegalAction("grid_full", "")))

    def on_motion(self, event: pygame.event.Event) -> None:
        for button in self.scene.buttons:
            if button.handle(event):
                self.scene.dirty = True
        target = self.target_cell(event.pos)
        if target != self.scene.target:
            self.scene.target = target  # the empty cell a click or a drop would fill now: it lights up
            self.scene.dirty = True
        if self.drag is not None:
            self.drag_pos = (event.pos[0] - self.drag.grab[0], event.pos[1] - self.drag.grab[1])
            self.scene.dirty = True
        elif self.press is not None:
            dx, dy = event.pos[0] - self.press.start[0], event.pos[1] - self.press.start[1]
            if dx * dx + dy * dy >= DRAG_THRESHOLD ** 2:
                self.drag, self.press = self.press, None
                self.on_motion(event)

    def target_cell(self, pointer: tuple[int, int]) -> int | None:
        """The cell a drop (or a click) here would fill, if the rules would take the card there: it lights up.
        The rules answer (`PokerGame.can_place`); the window only finds the cell under the card."""
        card: Card | None
        if self.drag is not None:
            cell, card = self.drop_cell(self.drag, pointer), self.drag.card
        else:
            cell, card = self.scene.layout.cell_at(pointer), self.scene.current_card()
        return cell if cell is not None and self.scene.game.can_place(cell, card) else None

    def drop_cell(self, drag: Press, pointer: tuple[int, int]) -> int | None:
        """The cell a card dragged to `pointer` is dropped on: the one it covers most, else the one under the
        pointer."""
        corner = (pointer[0] - drag.grab[0], pointer[1] - drag.grab[1])
        rect = pygame.Rect(round(corner[0]), round(corner[1]), self.scene.layout.card_w, self.scene.layout.card_h)
        cell = self.scene.layout.cell_under(rect)
        return self.scene.layout.cell_at(pointer) if cell is None else cell

    def on_release(self, event: pygame.event.Event) -> None:
        if self.scene.buttons_take(event):
            return
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.drop(drag, event.pos)
        elif self.press is not None:
            press, self.press = self.press, None
            self.click_card(press.card)

    def drop(self, drag: Press, pointer: tuple[int, int]) -> None:
        """A card dropped: placed in the cell it covers if the rules take it there, else it glides back (an open-deck
        card stays chosen)."""
        corner = (pointer[0] - drag.grab[0], pointer[1] - drag.grab[1])
        cell = self.drop_cell(drag, pointer)
        self.scene.target = None
        if cell is not None and self.scene.place(cell, drag.card, start=corner):
            return
        home = self.scene.layout.drawn.topleft  # a dragged card always shows at grid size; it glides back there
        if self.scene.game.open_deck and drag.card != self.scene.current_card():
            self.scene.selected = drag.card
        glide = Glide(corner, home, self.scene.app.settings.duration(RETURN_SECONDS))
        self.scene.flight = Flight(drag.card, glide, None)
        if cell is None:
            self.scene.say(i18n.t("ui.poker.msg.click_cell"))
        self.scene.dirty = True

    def click_card(self, card: Card) -> None:
        """A click on a card waiting to be placed: an open-deck card is chosen; the drawn card says where to click."""
        if self.scene.game.open_deck and card != self.scene.current_card():
            self.scene.selected = card
            self.scene.say(i18n.t("ui.poker.msg.chosen", card=i18n.card_name(card)))
        else:
            self.scene.say(i18n.t("ui.poker.msg.click_cell"))
        self.scene.dirty = True

    def game_key(self, event: pygame.event.Event) -> None:
        key, shift = event.key, getattr(event, "mod", 0) & pygame.KMOD_SHIFT
        if key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key in PLACE_KEYS:
            if self.scene.cursor is not None:
                self.scene.place(self.scene.cursor)
            else:
                self.scene.say(texts.reason(IllegalAction("grid_full", "")))
        elif key == pygame.K_TAB and self.scene.game.open_deck:
            self.next_choice(-1 if shift else 1)
        elif key == pygame.K_o:
            self.scene.open_options()
        elif key == pygame.K_i:  # aloud: the drawn card, the cursor's cell, the score
            self.scene.app.speech.say(self.scene.spoken())
        elif key == pygame.K_p:  # aloud: the cursor's row and column, cell by cell
            self.scene.app.speech.say(words.poker_lines(self.scene.game, self.scene.cursor))

    def drop_choice(self) -> bool:
        """Escape forgets a chosen card or a hint. The cursor stays: it is always there while cells are empty,
        so counting it would make every Escape to the menu take two presses."""
        if self.scene.selected is None and self.scene.hint is None:
            return False
        self.scene.selected = self.scene.hint = None
        self.scene.say("")
        return True

    def move_cursor(self, rows: int, columns: int) -> None:
        """The keyboard's cell moved by the arrows (round at the edges), its contents said aloud."""
        if self.scene.cursor is None:  # a full grid: the arrows have nothing to show
            return
        row = (self.scene.cursor // 5 + rows) % 5
        column = (self.scene.cursor % 5 + columns) % 5
        self.scene.cursor = row * 5 + column
        self.scene.app.speech.say(words.cell_with(self.scene.game.grid, self.scene.cursor))
        self.scene.dirty = True

    def settle_cursor(self) -> None:
        """Keep the cursor on an empty cell (None once the grid is full): where it is if that cell is still
        empty, else on the next empty cell in reading order, wrapping to the top."""
        empty = self.scene.game.empty_cells()
        if not empty:
            self.scene.cursor = None
        elif self.scene.cursor is None or self.scene.cursor not in empty:
            after = -1 if self.scene.cursor is None else self.scene.cursor
            self.scene.cursor = next((cell for cell in empty if cell > after), empty[0])
        self.scene.dirty = True

    def next_choice(self, step: int) -> None:
        """Tab (Shift+Tab back): the next card of the open deck chosen."""
        choices = self.scene.game.choices()
        if not choices:
            return
        current = self.scene.current_card()
        index = choices.index(current) if current in choices else 0
        self.scene.selected = choices[(index + step) % len(choices)]
        self.scene.say(i18n.t("ui.poker.msg.chosen", card=i18n.card_name(self.scene.selected)))
