"""The Poker patience table: turns clicks, drags and keys into placements, asks the rules (through the
session) whether they are legal and animates what happened. It never decides a rule itself.

Place the drawn card by clicking an empty cell or dragging the card onto it; in the Open-deck practice, first
pick a card among the open deck (click or drag it). The keyboard works too: a cursor stands on an empty cell
from the start of a deal, the arrows move it and Enter or Space places there; Tab picks the next open-deck card.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from idioten import i18n
from idioten.cards import Card
from idioten.errors import IllegalAction
from idioten.play.change import Change, How
from idioten.play.poker.session import Place, PokerSession
from idioten.poker.game import Placed, PokerGame
from idioten.speech import words
from idioten.ui.kit import celebration
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.scene import CardGameScene, Host
from idioten.ui.kit.tween import Glide, Shake
from idioten.ui.kit.widgets import Button
from idioten.ui.poker import texts
from idioten.ui.poker.input import Flight, PokerInput, Press
from idioten.ui.poker.layout import PokerLayout
from idioten.ui.poker.painter import PokerPainter
from idioten.ui.worker import Worker

PLACE_SECONDS = 0.22


class PokerScene(CardGameScene):
    """Poker patience's table: its session's game on screen, the verbs its input, its panels and the window ask
    for, and the two searches off the loop (the player's hint, the computer opponent's placements)."""

    def __init__(self, app: Host, session: PokerSession) -> None:
        super().__init__(app)
        self.session = session
        self.input: PokerInput = PokerInput(self)  # clicks, drags and keys, turned into placements this scene asks for
        self.flight: Flight | None = None
        self.shake: tuple[int, Shake] | None = None  # a refused cell wobbles
        self.selected: Card | None = None  # the open deck's chosen card (None: the next in draw order)
        self.cursor: int | None = None  # the keyboard's cell: where Space places (None: the grid is full)
        self.target: int | None = None  # the cell under the pointer (or a dragged card) the rules would fill
        self.hint: tuple[int, Card] | None = None
        # The player's hint and the computer opponent may think at the same time.
        self.hint_worker: Worker[tuple[int, Card] | None] = Worker()
        self.computer_worker: Worker[tuple[int, Card]] = Worker()
        self.fresh_lines: tuple[str, ...] = ()  # the lines the last placement changed: their labels light up
        self.end_pending = False
        self.celebrate = False  # the player's own last card: if the grid is worth it, cards leap before the panel
        self.buttons = [
            Button("ui.button.new", self.new_deal),
            Button("ui.button.restart", self.restart, lambda: self.game.can_undo()),
            Button("ui.button.undo", self.undo, self.session.can_undo),
            Button("ui.button.redo", self.redo, self.session.can_redo),
            Button("ui.button.hint", self.ask_hint, lambda: not self.game.is_over()),
            Button("ui.poker.button.options", self.open_options),
            Button("ui.poker.button.stats", self.open_stats),
            Button("ui.button.menu", self.app.open_menu),
        ]
        self.warming = True  # card pictures are rendered one per idle turn until all are ready
        self.painter = PokerPainter(self)
        self.resize(app.layout)
        self.input.settle_cursor()
        self.start_computer()

    # -- what the painter and tests read ------------------------------------------------------------------

    @property
    def game(self) -> PokerGame:
        return self.session.game

    # -- input: its own part (input.py) ------------------------------------------------------------------

    @property
    def drag(self) -> Press | None:
        """The card being dragged, if one is (the painter draws it at `drag_pos`)."""
        return self.input.drag

    @property
    def drag_pos(self) -> tuple[float, float]:
        """Where the dragged card's corner is (the painter draws it there)."""
        return self.input.drag_pos

    @property
    def layout(self) -> PokerLayout:
        """The table's own layout, made by its painter for the window and the game's options."""
        return self.painter.layout

    def current_card(self) -> Card | None:
        """The card a click on a cell places now."""
        if self.game.is_over():
            return None
        if self.selected is not None and self.selected in self.game.choices():
            return self.selected
        return self.game.drawn

    def home_rect(self, card: Card) -> pygame.Rect:
        """Where a card not yet placed is shown: the drawn card's place, or its open-deck place."""
        if self.game.open_deck and card != self.current_card():
            return self.layout.deck_rect(card)
        return self.layout.drawn

    def busy(self) -> bool:
        return (self.flight is not None or self.shake is not None or self.end_pending
                or self.hint_worker.running or self.computer_worker.running)

    def wake_at(self) -> float | None:
        if self.warming:
            return self.app.now()  # card pictures still to render: come back at once, one per turn
        return super().wake_at()

    # -- placing -----------------------------------------------------------------------------------------

    def place(self, cell: int, card: Card | None = None, start: tuple[float, float] | None = None,
              by_player: bool = True) -> bool:
        """Ask the rules to put `card` (by default the current card) into `cell`; animate it or say why not.
        `by_player` False: a pasted grid played back (replay.py)."""
        self.finish_flight()
        card = card or self.current_card()
        origin = start if start is not None else (self.home_rect(card).topleft if card else (0, 0))
        try:
            change = self.session.act(Place(cell, card), by_player)
        except IllegalAction as refusal:
            self.refuse(refusal, cell)
            return False
        record = change.record
        assert isinstance(record, Placed)
        self.selected = self.hint = self.target = None
        self.input.settle_cursor()
        self.fresh_lines = tuple(line.line.name for line in record.lines)
        self.say("")
        target = self.layout.cells[cell].topleft
        self.flight = Flight(record.card, Glide(origin, target, self.app.settings.duration(PLACE_SECONDS)), cell)
        self.app.sound.play("win" if self.game.is_over() else "slide")  # the grid full is this game's end
        self.app.speech.say(words.placed(record, self.game, self.cursor))
        self.after_change()
        self.celebrate = self.game.is_over()  # decided at the end, when the computer's grid is full too
        return True

    def refuse(self, refusal: IllegalAction, cell: int | None) -> None:
        """A placement the rules refused: its sound, why, and the cell shaking."""
        self.app.sound.play("illegal")
        self.say(texts.reason(refusal))
        if cell is not None and 0 <= cell < len(self.layout.cells):
            self.shake = (cell, Shake(self.layout.card_w * 0.08))
        self.dirty = True

    def after_change(self) -> None:
        """A placement shown: the end panel waits for the card to land if the grid is full, the computer goes on."""
        self.celebrate = False
        self.end_pending = self.game.is_over()
        self.start_computer()
        self.dirty = True

    def finish_flight(self) -> None:
        """A card on its way lands at once (a verb starts from the table as it will be)."""
        self.flight = None
        self.dirty = True

    def undo(self) -> None:
        self.finish_flight()
        change = self.session.undo()
        if change is None:
            self.say(i18n.t("ui.msg.nothing_to_undo"))
            return
        self.drop_jobs()
        if change.how is How.BACK:
            self.reset_view()
            self.end_pending = self.session.finished()  # its end panel again, as when it ended
            self.say(i18n.t("ui.msg.back", deal=self.app.deal_label(self.game)))
            return
        record = change.record
        assert isinstance(record, Placed)
        self.selected = self.hint = self.target = None  # the pointer's next move asks the rules again
        self.input.settle_cursor()
        self.fresh_lines = ()
        self.end_pending = False
        self.say("")
        self.app.speech.say(words.poker_undone(record, self.game))
        # The card leaves its cell the way it came: back to where cards wait to be placed.
        home = self.home_rect(record.card).topleft
        self.flight = Flight(record.card, Glide(self.layout.cells[record.cell].topleft, home,
                                                self.app.settings.duration(PLACE_SECONDS)), None)
        self.start_computer()

    def redo(self) -> None:
        self.finish_flight()
        left = self.game
        change = self.session.redo()
        if change is None:
            self.say(i18n.t("ui.msg.nothing_to_redo"))
            return
        if change.how is How.FORWARD:  # Ctrl+Y undoes the Ctrl+Z that brought the last grid back
            self.show_replaced(restarted=self.game.deck == left.deck)  # a restart or "play again"
            return
        record = change.record
        assert isinstance(record, Placed)
        self.hint = self.target = None
        self.input.settle_cursor()
        self.fresh_lines = tuple(line.line.name for line in record.lines)
        self.say("")
        self.app.speech.say(words.placed(record, self.game, self.cursor))
        origin = self.layout.deck_rect(record.card) if self.game.open_deck else self.layout.drawn
        self.flight = Flight(record.card, Glide(origin.topleft, self.layout.cells[record.cell].topleft,
                                                self.app.settings.duration(PLACE_SECONDS)), record.cell)
        self.after_change()

    def restart(self) -> None:
        """At once: Ctrl+Z brings the grid back as it was (so does it after a new deal or "play again")."""
        self.replace(self.session.restart, restarted=True)

    def new_deal(self) -> None:
        self.replace(self.session.new_deal, restarted=False)

    def play_again(self) -> None:
        """The same deal again from its start (the end panel's A), the grid before it behind Ctrl+Z."""
        self.replace(self.session.again, restarted=True)

    def replace(self, start: Callable[[], Change], restarted: bool) -> None:
        """Another grid on the table, the session's `start` makes it."""
        start()
        self.show_replaced(restarted)

    def show_replaced(self, restarted: bool) -> None:
        """Another grid on the table: the computer's searches are dropped, the view starts afresh and says
        which it is (the same deal again or a new one)."""
        self.drop_jobs()
        self.reset_view()
        self.say_dealt(restarted)
        self.app.speech.say(self.spoken())

    def spoken(self) -> str:
        """The grid said aloud: the drawn card, the cursor's cell and the score (the key I, and each new grid)."""
        return words.poker_state(self.game, self.cursor)

    def can_go_back(self) -> bool:
        return self.session.keeps_a_game()

    def reset_view(self) -> None:
        """A different game (or the same from scratch) is on the table: its options may need another layout."""
        self.input.press = self.input.drag = self.flight = self.shake = None
        self.selected = self.hint = self.cursor = self.target = None
        self.input.settle_cursor()  # on the first empty cell: the first Space places there
        self.fresh_lines = ()
        self.end_pending = self.celebrate = False
        self.painter.resize(self.app.layout, self.buttons)
        self.warming = True
        self.start_computer()
        self.dirty = True

    # -- the computer ------------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        if self.game.is_over():
            return
        if not self.hint_worker.running:
            work = self.session.hint_task()
            if work is not None:
                self.hint_worker.submit("hint", lambda cancel: work(), tag=self.game.placed_count)
        self.say(i18n.t("ui.poker.msg.thinking"))

    def start_computer(self) -> None:
        """The computer opponent thinks of its next card off the loop, if it has one to place and is not thinking."""
        if not self.computer_worker.running:
            work = self.session.computer_task()
            if work is not None:
                self.computer_worker.submit("computer", lambda cancel: work())

    def drop_jobs(self) -> None:
        """Forget answers that no longer fit; their threads finish on their own."""
        self.hint_worker.cancel()
        self.computer_worker.cancel()

    def poll_jobs(self) -> None:
        """Once a frame: the hint and the computer's placements that came, each shown or placed if still wanted."""
        for answer in self.hint_worker.poll():
            if answer.error is not None:
                self.say(i18n.t("ui.poker.msg.computer_failed", error=answer.error))
            elif answer.result is not None and answer.tag == self.game.placed_count:
                self.show_hint(*answer.result)
        for placement in self.computer_worker.poll():
            if placement.error is not None:
                self.say(i18n.t("ui.poker.msg.computer_failed", error=placement.error))
                return
            if placement.result is None:
                continue
            cell, card = placement.result
            self.session.computer_place(cell, card)
            self.dirty = True
            self.start_computer()

    def show_hint(self, cell: int, card: Card) -> None:
        """The hint on the table: its cell ringed and the cursor on it (Space follows it), and said."""
        self.hint = (cell, card)
        self.cursor = cell  # Space or Enter then follows the hint
        row, column = cell // 5 + 1, cell % 5 + 1
        if self.game.open_deck:
            self.selected = card
            self.say(i18n.t("ui.poker.msg.hint_card", card=i18n.card_name(card), row=row, column=column))
        else:
            self.say(i18n.t("ui.poker.msg.hint", row=row, column=column))

    # -- time ------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.poll_jobs()
        if self.warming and not self.busy() and self.input.drag is None and self.input.press is None:
            self.warming = self.painter.warm_one()
        if self.flight is not None:
            self.flight.glide.advance(dt)
            if self.flight.glide.done:
                self.flight = None
            self.dirty = True
        if self.shake is not None:
            self.shake[1].advance(dt)
            if self.shake[1].done:
                self.shake = None
            self.dirty = True
        self.expire_message()
        if (self.end_pending and self.flight is None and self.input.drag is None and self.session.finished()
                and not self.computer_worker.running):
            self.end_pending = False
            if self.celebrate and self.worth_celebrating() and celebration.wanted(self.app):
                self.start_celebration()
            else:
                self.show_end()
            self.celebrate = False

    def worth_celebrating(self) -> bool:
        """A new personal best with these options, or a grid that beat the computer's."""
        return self.session.is_new_best() or self.session.beat_computer()

    def start_celebration(self) -> None:
        """The cards of the best hands leap off the grid first, then the others; then the end panel."""
        game, layout = self.game, self.layout
        points = {cell: 0 for cell in range(len(layout.cells))}
        for line in game.score().lines:
            for cell in line.line.cells:
                points[cell] = max(points[cell], line.points)
        order = sorted(points, key=lambda cell: -points[cell])  # stable: reading order among equals
        leapers = [(self.painter.images.face(card), layout.cells[cell].topleft)
                   for cell in order if (card := game.grid[cell]) is not None]
        self.app.push(celebration.Celebration(self.app, leapers, layout.base.table_bottom - layout.card_h,
                                              self.show_end))

    def show_end(self) -> None:
        """The end panel of the full grid: its hands, its total, the best, the computer's total."""
        from idioten.ui.poker.panels import PokerEndPanel
        self.app.close_panels()
        self.app.push(PokerEndPanel(self.app, self))

    def paste(self) -> None:
        from idioten.ui.poker.replay import play_back  # imported when first asked, like the panels
        play_back(self)  # a grid copied from the history, watched again

    def open_options(self) -> None:
        """The options for the next deal (O, the Options button)."""
        from idioten.ui.poker.panels import PokerOptionsPanel
        self.app.push(PokerOptionsPanel(self.app, self))

    def open_stats(self) -> None:
        from idioten.ui.poker.panels import PokerStatsPanel
        self.app.push(PokerStatsPanel(self.app, self))

    # -- drawing ---------------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        self.warming = True
        self.finish_flight()
        self.input.drag = self.input.press = None
        self.painter.resize(layout, self.buttons)
        self.dirty = True

    def language_changed(self) -> None:
        self.painter.resize(self.app.layout, self.buttons)
        self.dirty = True

    def setting_changed(self, name: str) -> None:
        if name == "table_colour":
            self.language_changed()  # the felt is painted once, with the labels: painted again

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)
