"""The Idioten table's input: clicks, drags and keys become actions the scene asks the rules for
(`TableScene.act`, the same path for every way of playing). Positions come from the events themselves, never
from the mouse state.

A press on a top card discards it when released there; moved a few pixels it becomes a drag, and dropped over
another pile it asks to move the card there (anywhere else it glides home). A double click on a card that
cannot be discarded moves it into the leftmost gap. The keys 1-4 choose a pile, then D discards its top card
or another pile's number moves it there; Space or Enter deals, A starts the demo, T deals the deal of the day;
B and F do what they do on the end panel of a lost game (lesson.py) after it was closed.
Why a click or a drop did nothing is said beside it (its position read from its event), not in the status bar.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from idioten import i18n
from idioten.acesup.rules import DISCARD, MOVE, PILES, Action, Game
from idioten.cards import Card
from idioten.play.acesup.assist import Assistant
from idioten.speech import words
from idioten.ui.acesup.table_cards import TableCards, Timing
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.scene import DRAG_THRESHOLD, GameInput, Host
from idioten.ui.kit.widgets import Button

DOUBLE_CLICK = 0.4  # seconds
PILE_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
             pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
DEAL_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class Press:
    pile: int
    card: Card
    start: tuple[int, int]
    grab: tuple[float, float]  # pointer minus the card's corner


@dataclass
class Drag:
    pile: int
    card: Card
    grab: tuple[float, float]
    pointer: tuple[int, int]


class InputTable(Protocol):
    """What the input asks of the table that holds it (table.py's `TableScene`, which imports this module): the
    game and where its cards lie, the pile the keys chose, and the verbs a click, a drop or a key leads to."""

    app: Host
    buttons: list[Button]
    dirty: bool
    selected: int | None  # the pile the keys chose
    message_at: tuple[int, int] | None  # where the message beside a click stands
    cards: TableCards
    assistant: Assistant

    @property
    def game(self) -> Game: ...
    @property
    def layout(self) -> Layout: ...
    def buttons_take(self, event: pygame.event.Event) -> bool: ...
    def finish_animations(self) -> None: ...
    def act(self, action: Action, shake_pile: int | None = None, timing: Timing | None = None,
            at: tuple[int, int] | None = None) -> bool: ...
    def deal(self, at: tuple[int, int] | None = None) -> bool: ...
    def say(self, text: str, seconds: float = ..., at: tuple[int, int] | None = None,
            aloud: str | None = None) -> None: ...
    def show_end(self) -> None: ...


class TableInput(GameInput):
    """The table's input, held by its TableScene (`table.input`): it keeps the press and drag under way and
    asks its table to act, say and animate."""

    def __init__(self, table: InputTable) -> None:
        self.table = table
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.last_click: tuple[Card, float] | None = None

    def reset(self) -> None:
        """Nothing pressed, dragged or clicked before (another game on the table)."""
        self.press = self.drag = self.last_click = None

    def cancel_pointer(self) -> None:
        """A panel opened over the table takes the mouse: a card being dragged glides home."""
        if self.drag is not None or self.press is not None:
            self.drag = self.press = None
            self.table.cards.settle(lambda card: (self.table.app.settings.duration(0.25), 0.0))

    def gap_for(self, pile: int) -> int | None:
        """The leftmost empty pile the top card of `pile` may move into."""
        for target in range(PILES):
            if self.table.game.can_move(pile, target):
                return target
        return None

    def top_rect(self, pile: int) -> pygame.Rect | None:
        """Where the top card of `pile` shows (None: the pile is empty): what a press or a click must hit."""
        cards = self.table.game.piles[pile]
        if not cards:
            return None
        x, y = self.table.cards.card_position(pile, len(cards) - 1, len(cards))
        return pygame.Rect(round(x), round(y), self.table.layout.card_w, self.table.layout.card_h)

    def on_press(self, event: pygame.event.Event) -> None:
        if self.table.buttons_take(event):
            return
        self.table.finish_animations()
        self.table.selected = None  # the mouse takes over from a pile chosen by keyboard
        if self.table.layout.stock.collidepoint(event.pos):
            self.table.deal(at=event.pos)
            return
        for pile in range(PILES):
            top, card = self.top_rect(pile), self.table.game.top(pile)
            if top is not None and card is not None and top.collidepoint(event.pos):
                self.press = Press(pile, card, event.pos, (event.pos[0] - top.x, event.pos[1] - top.y))
                return
            if self.table.layout.pile_area(pile, len(self.table.game.piles[pile])).collidepoint(event.pos) and top:
                self.table.say(i18n.t("ui.msg.only_top"), at=event.pos)
                return

    def on_motion(self, event: pygame.event.Event) -> None:
        for button in self.table.buttons:
            if button.handle(event):
                self.table.dirty = True
        if self.drag is not None:
            self.drag.pointer = event.pos
            grab_x, grab_y = self.drag.grab
            self.table.cards.sprites[self.drag.card].pos = (event.pos[0] - grab_x, event.pos[1] - grab_y)
            self.table.dirty = True
        elif self.press is not None:
            dx, dy = event.pos[0] - self.press.start[0], event.pos[1] - self.press.start[1]
            if dx * dx + dy * dy >= DRAG_THRESHOLD ** 2:
                self.drag = Drag(self.press.pile, self.press.card, self.press.grab, event.pos)
                self.press = None
                if self.table.message_at is not None:
                    self.table.say("")  # a message beside an earlier click was about that click, not this card
                self.on_motion(event)

    def on_release(self, event: pygame.event.Event) -> None:
        if self.table.buttons_take(event):
            return
        if self.drag is not None:
            drag, self.drag = self.drag, None
            if self.table.game.top(drag.pile) == drag.card:
                self.drop(drag, event.pos)
            else:  # a key changed the table under the pointer (undo, restart): the drag is void
                self.table.cards.settle(lambda card: (self.table.app.settings.duration(0.25), 0.0))
        elif self.press is not None:
            press, self.press = self.press, None
            if self.table.game.top(press.pile) == press.card:
                self.click(press.pile, press.card, event.pos)

    def drop(self, drag: Drag, pointer: tuple[int, int]) -> None:
        """A card dropped: moved to the pile it covers most if the rules let it, else back home with a short glide."""
        card_rect = pygame.Rect(round(pointer[0] - drag.grab[0]), round(pointer[1] - drag.grab[1]),
                                self.table.layout.card_w, self.table.layout.card_h)
        best, best_overlap = None, 0
        for pile in range(PILES):
            area = self.table.layout.pile_area(pile, len(self.table.game.piles[pile])).clip(card_rect)
            if area.w * area.h > best_overlap and pile != drag.pile:
                best, best_overlap = pile, area.w * area.h
        speed = self.table.app.settings.duration
        # The dropped card is already over its pile: a short glide settles it there.
        if best is None or not self.table.act(Action.move(drag.pile, best), timing=lambda card: (speed(0.12), 0.0),
                                        at=pointer):
            self.table.cards.settle(lambda card: (speed(0.25), 0.0))  # refused (the rules said why) or dropped nowhere

    def click(self, pile: int, card: Card, at: tuple[int, int]) -> None:
        """A click on a top card discards it; a double click on one that cannot be discarded moves it into a gap."""
        now = self.table.app.now()
        previous, self.last_click = self.last_click, (card, now)
        if previous is not None and now - previous[1] <= DOUBLE_CLICK:
            if previous[0] == card and not self.table.game.can_discard(pile):
                target = self.gap_for(pile)
                if target is not None:
                    self.table.act(Action(MOVE, pile, target), at=at)
                else:
                    self.table.say(i18n.t("ui.msg.no_gap"), at=at)
                self.last_click = None
                return
            if previous[0] != card and previous[0] in self.table.game.discards:
                return  # the second half of a double-click on a card the first half discarded
        self.table.act(Action(DISCARD, pile), at=at)

    def game_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in PILE_KEYS:
            self.pile_key(PILE_KEYS[key])
        elif key == pygame.K_d:
            if self.table.selected is None:
                self.table.say(i18n.t("ui.msg.choose_first"))
            else:
                self.table.act(Action(DISCARD, self.table.selected))
        elif key in DEAL_KEYS:
            self.table.deal()
        elif key == pygame.K_a:
            self.table.assistant.coach.start_demo()
        elif key == pygame.K_t:
            self.table.assistant.days.start()
        elif key in (pygame.K_b, pygame.K_f):  # as on the end panel of a lost game, once it is closed
            self.table.assistant.teacher.table_key(back=key == pygame.K_b)
        elif key == pygame.K_v and self.table.game.is_over():  # its end panel again, with the verdict or its search
            self.table.show_end()
        elif key == pygame.K_i:  # aloud: the four top cards, the stock and the score
            self.table.app.speech.say(words.table(self.table.game))
        elif key == pygame.K_p:  # aloud: the chosen pile from the top down
            chosen = self.table.selected
            self.table.app.speech.say(words.pile(self.table.game, chosen) if chosen is not None
                                      else i18n.t("speech.choose_pile"))

    def drop_choice(self) -> bool:
        if self.table.selected is None:
            return False
        self.table.selected = None
        self.table.say("")
        return True

    def pile_key(self, pile: int) -> None:
        """A pile's number: it is chosen (pressed again: no longer), or, with another pile chosen, the chosen
        pile's top card moves there."""
        self.table.finish_animations()
        if self.table.selected is None or self.table.selected == pile:
            if self.table.selected == pile:
                self.table.selected = None
                self.table.say("")
            elif self.table.game.top(pile) is None:
                self.table.say(i18n.t("rule.empty_pile"))
            else:
                self.table.selected = pile
                self.table.say(i18n.t("ui.msg.chosen", pile=pile + 1), aloud=words.chosen(self.table.game, pile))
            self.table.dirty = True
            return
        self.table.act(Action(MOVE, self.table.selected, pile), shake_pile=self.table.selected)
