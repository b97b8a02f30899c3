"""The Idioten table: hands the player's actions (input.py turns clicks, drags and keys into them), undo, redo,
a new deal and a restart to the session (`play.acesup.session.AcesUpSession`, which asks the rules and keeps the
games), and animates the `Change` each verb returns. It never decides a rule itself."""

from __future__ import annotations

from typing import Protocol

import pygame

from idioten import i18n
from idioten.acesup.rules import DEAL, DISCARD, PILES, Action, Dealt, Discarded, Game, Moved
from idioten.cards import Card
from idioten.errors import IllegalAction
from idioten.play.acesup.assist import Assistant
from idioten.play.acesup.session import Held
from idioten.play.acesup.settings import aces_up_settings
from idioten.play.change import Change, How
from idioten.speech import words
from idioten.ui.acesup import painter
from idioten.ui.acesup.input import Drag, TableInput, Timing
from idioten.ui.acesup.painter import ACTION_SECONDS
from idioten.ui.acesup.table_desk import TableDesk
from idioten.ui.game_clock import status_parts as clock_parts
from idioten.ui.kit import celebration
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.scene import CardGameScene, Host
from idioten.ui.kit.sprites import CardSprite
from idioten.ui.kit.tween import Glide, Shake
from idioten.ui.kit.widgets import Button
from idioten.ui.worker import Worker

SOUND_OF = {Dealt: "deal", Discarded: "discard", Moved: "slide"}


class TableSession(Protocol):
    """What the table asks of the session it plays: the player's own (`play.acesup.session.AcesUpSession`), or the
    guide's (`play.acesup.guide_session.GuideSession`), which saves and counts nothing."""

    @property
    def variant(self) -> str: ...
    @property
    def game(self) -> Game: ...
    def act(self, action: Action, *, by_computer: bool = False) -> Change: ...
    def can_undo(self) -> bool: ...
    def undo(self) -> Change | None: ...
    def can_redo(self) -> bool: ...
    def redo(self, *, by_computer: bool = False) -> Change | None: ...
    def can_restart(self) -> bool: ...
    def restart(self) -> Change: ...
    def keeps_a_game(self) -> bool: ...
    def switch_variant(self, variant: str) -> Change | None: ...
    def new_deal(self, game: Game | None = None) -> Change: ...
    def random_game(self) -> Game: ...
    def hold(self) -> Held: ...
    def bring_back(self, held: Held) -> Change: ...


class TableScene(CardGameScene):
    """The Aces Up table: its session's game on screen, the verbs its input, its panels and the window ask
    for, and the cards' glides that show what each verb changed."""

    def __init__(self, app: Host, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        # The solver's answers: verdict, hints, demo (off the loop, on two workers: the verdict has its own).
        self.assistant = Assistant(TableDesk(app, self), Worker(one_job_in_memory=True),
                                   Worker(one_job_in_memory=True))
        self.sprites: dict[Card, CardSprite] = {}
        self.zones: dict[Card, str] = {}
        self.input: TableInput = TableInput(self)  # clicks, drags and keys, turned into actions this table asks for
        self.selected: int | None = None
        self.end_pending = False
        self.auto_pending = False
        self.dealt_in: frozenset[Card] = frozenset()  # a new deal's first cards, flying out as it appears
        self.celebrate = False  # the end that is pending is the player's win: cards leap off before the panel
        self.fan_limit: int | None = None  # the cards of a pile end above this y (an end panel over the foot)
        self.own_game: Held | None = None  # the player's games, held while the shown solution plays (`hold_own_game`)
        self.buttons = [
            Button("ui.button.new", self.new_deal),
            Button("ui.button.restart", self.restart, self.session.can_restart),
            Button("ui.button.undo", self.undo, self.can_undo),
            Button("ui.button.redo", self.redo, self.can_redo),
            Button("ui.button.hint", self.ask_hint),
            Button("ui.button.menu", self.app.open_menu),
        ]
        self.painter = painter.TablePainter(self)
        self.resize(app.layout)

    @property
    def game(self) -> Game:
        return self.session.game

    # -- input: its own part (input.py) ------------------------------------------------------------------

    @property
    def drag(self) -> Drag | None:
        """The card being dragged, if one is (the painter draws it under the pointer)."""
        return self.input.drag

    def cancel_pointer(self) -> None:
        self.input.cancel_pointer()

    def top_rect(self, pile: int) -> pygame.Rect | None:
        return self.input.top_rect(pile)

    # -- places ------------------------------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        return self.app.layout

    def rest_places(self) -> dict[Card, tuple[str, tuple[float, float]]]:
        places = {}
        for pile, cards in enumerate(self.game.piles):
            for index, card in enumerate(cards):
                places[card] = ("pile", self.card_position(pile, index, len(cards)))
        stock = (float(self.layout.stock.x), float(self.layout.stock.y))
        discard = (float(self.layout.discard.x), float(self.layout.discard.y))
        for card in self.game.stock:
            places[card] = ("stock", stock)
        for card in self.game.discards:
            places[card] = ("discard", discard)
        return places

    def card_position(self, pile: int, index: int, cards_in_pile: int) -> tuple[float, float]:
        """Where a card of a pile rests: as the layout fans it, or tighter so that the pile ends above
        `fan_limit` while a panel covers the foot of the table (its top card in sight, only less of the
        cards beneath it)."""
        x, y = self.layout.card_position(pile, index, cards_in_pile)
        if self.fan_limit is None or cards_in_pile <= 1:
            return x, y
        top = self.layout.piles[pile].y
        room = self.fan_limit - top - self.layout.card_h
        step = min(self.layout.fan_step(cards_in_pile), max(0.0, room / (cards_in_pile - 1)))
        return x, top + index * step

    def foot_taken(self) -> int | None:
        """The top of the foot a panel over this table covers (`Scene.foot_from`), while the table is on screen."""
        if self.app.scenes[0] is not self:
            return None
        return next((y for y in (scene.foot_from() for scene in reversed(self.app.scenes[1:])) if y is not None),
                    None)

    def follow_the_foot(self) -> None:
        """The piles fanned tighter while a panel covers the foot, and back once it is gone (a short glide)."""
        limit = self.foot_taken()
        if limit != self.fan_limit:
            self.fan_limit = limit
            speed = self.app.settings.duration
            self.settle(lambda card: (speed(0.18), 0.0))

    def settle(self, timing: Timing | None = None) -> None:
        """Send every card whose resting place changed to its new place: at once, or gliding by `timing`,
        which gives (duration, delay) for a card."""
        for card, (zone, place) in self.rest_places().items():
            sprite = self.sprites.get(card)
            if sprite is None:
                self.sprites[card] = CardSprite(card, place)
            elif timing is None:
                sprite.finish()
                sprite.pos = place
            else:
                heading = sprite.glide.end if sprite.glide else sprite.pos
                if heading != place or sprite.pos != place:
                    duration, delay = timing(card)
                    sprite.glide = Glide(sprite.pos, place, duration, delay, origin=self.zones.get(card, zone))
                    if duration <= 0 and delay <= 0:
                        sprite.finish()
            self.zones[card] = zone
        self.dirty = True

    def timing_for(self, record: object, backwards: bool) -> Timing:
        """How the cards glide to show `record` (a `Change`'s, one of the rules' records) done or, `backwards`,
        undone: a deal's cards one after the other, the card that moved at an action's pace, every other card
        (a pile fanned anew) quickly."""
        speed = self.app.settings.duration
        if isinstance(record, Dealt):
            order = {card: (len(record.cards) - 1 - i if backwards else i) for i, card in enumerate(record.cards)}
            return lambda card: ((speed(0.28), speed(0.09) * order[card]) if card in order
                                 else (speed(0.18), 0.0))
        moved = record.card if isinstance(record, (Discarded, Moved)) else None
        return lambda card: (speed(ACTION_SECONDS), 0.0) if card == moved else (speed(0.18), 0.0)

    def finish_animations(self) -> None:
        for sprite in self.sprites.values():
            sprite.finish()
        self.dirty = True

    def busy(self) -> bool:
        return (self.end_pending or self.auto_pending
                or any(s.glide is not None or s.shake is not None for s in self.sprites.values()))

    # -- the game ----------------------------------------------------------------------------------------

    def set_game(self, deal_in: bool = False) -> None:
        """Show the session's game: at once, or (`deal_in`) with its first cards flying from the stock to the
        piles."""
        game = self.game
        self.sprites.clear()
        self.zones.clear()
        self.reset_input()
        self.dealt_in = frozenset()
        if not deal_in:
            self.settle()
            return
        # They fly from the stock but were never in it (the rules lay the first four out): the stock's count
        # must not hold them while they wait to fly, or a fresh deal's 48 would count down from 52.
        self.dealt_in = frozenset(c for pile in game.piles for c in pile)
        stock = (float(self.layout.stock.x), float(self.layout.stock.y))
        for card in self.rest_places():
            self.sprites[card] = CardSprite(card, stock)
            self.zones[card] = "stock"
        order = {card: index for index, card in enumerate(c for pile in game.piles for c in pile)}
        speed = self.app.settings.duration
        self.settle(lambda card: (speed(0.28), speed(0.09) * order[card]) if card in order else (0.0, 0.0))

    def show_replaced(self, change: Change, quietly: bool = False) -> None:
        """Another game in play (a new deal, a restart, or a game brought back by Ctrl+Z or Ctrl+Y): dealt
        out, or (BACK, `quietly`) shown at once; BACK shows the end panel again of a game that had ended."""
        self.set_game(deal_in=change.dealt_in and not quietly)
        if change.dealt_in and not quietly:
            self.app.sound.play("deal")
        self.changed(change)
        if change.how is How.BACK:
            self.end_pending = self.game.is_over()  # its end panel again, as when it ended

    def changed(self, change: Change) -> None:
        """After every change the session made (an action, undo, redo, new deal, restart, Ctrl+Z or Ctrl+Y over
        them): the assistant follows."""
        self.assistant.game_changed(change)
        self.app.speech.say(words.aces_change(change, self.game))

    def spoken(self) -> str:
        """The table said aloud: the four top cards, the stock and the score (the key I)."""
        return words.table(self.game)

    def show_end(self) -> None:
        from idioten.ui.acesup.truth_panel import TruthEndPanel

        self.app.close_panels()
        self.app.push(TruthEndPanel(self.app, self))

    def at_start(self, dealt: bool) -> None:
        """The program start: a game that had ended shows its end; a deal the command line named says so, and
        that Ctrl+Z brings the saved game back, as after N."""
        if self.game.is_over():
            self.show_end()
        if dealt and self.can_go_back():
            self.say_dealt(restarted=False)

    def poll(self) -> None:
        self.assistant.poll()

    def close(self) -> None:
        self.assistant.close()

    def setting_changed(self, name: str) -> None:
        """New deals use a new variant; a game not yet touched switches at once: nothing is lost."""
        if name == "variant":
            change = self.session.switch_variant(aces_up_settings(self.app.settings).variant)
            if change is not None:
                self.show_replaced(change, quietly=True)
        elif name == "table_colour":
            self.language_changed()  # the felt is painted once, with the labels: painted again
    def start_deal(self, game: Game) -> None:
        """`game` in play as a new deal (the game it replaces is kept for Ctrl+Z if anything was played in it)."""
        self.finish_animations()
        self.show_replaced(self.session.new_deal(game))

    def reset_input(self) -> None:
        self.input.reset()
        self.selected = None
        self.end_pending = self.auto_pending = self.celebrate = False

    def hold_own_game(self) -> None:
        """The player's own games as they are, before the shown solution restarts the deal and plays it."""
        self.own_game = self.session.hold()

    def bring_back_own_game(self) -> None:
        """The player's own games again, as they were held (nothing happens if none are held)."""
        held, self.own_game = self.own_game, None
        if held is not None:
            self.finish_animations()
            self.show_replaced(self.session.bring_back(held), quietly=True)
            self.end_pending = False  # the player goes on to quit, deal, restart or switch: no end panel first

    def computer_playing(self) -> bool:
        """The demo or the shown solution asks: a game it ends is not the player's result."""
        return self.assistant.computer.playing()

    def act(self, action: Action, shake_pile: int | None = None, timing: Timing | None = None,
            at: tuple[int, int] | None = None) -> bool:
        """Ask the session to do `action`; animate what happened (with `timing` when given: card -> (duration,
        delay)) or say why not (beside `at`, the position of the click or drop that asked, if one did). True if
        it happened. Clicks, keys, drops and the demo all come through here."""
        self.finish_animations()
        try:
            change = self.session.act(action, by_computer=self.computer_playing())
        except IllegalAction as refusal:
            # A refusal drops the chosen pile (as other patience programs do): the next digit then chooses
            # again instead of being read as a move's target, so keys typed fast stay in step.
            self.selected = None
            self.refuse(refusal, shake_pile if shake_pile is not None else action.pile, at)
            return False
        self.selected = None
        self.say("")
        self.settle(timing or self.timing_for(change.record, backwards=False))
        self.after_action(change)
        return True

    def after_action(self, change: Change) -> None:
        self.app.sound.play("win" if self.game.is_won() else SOUND_OF.get(type(change.record), "slide"))
        self.end_pending = self.game.is_over()
        # The player's own last card (not a redo, not the demo's), with animations on: a celebration first.
        self.celebrate = self.game.is_won() and not self.computer_playing() and celebration.wanted(self.app)
        self.auto_pending = aces_up_settings(self.app.settings).auto_discard and not self.end_pending
        self.changed(change)

    def refuse(self, refusal: IllegalAction, pile: int | None, at: tuple[int, int] | None = None) -> None:
        self.app.sound.play("illegal")
        self.say(self.refusal_words(refusal), at=at)
        top = self.game.top(pile) if pile is not None and 0 <= pile < PILES else None
        if top is not None:
            self.sprites[top].shake = Shake(self.layout.card_w * 0.08)
        self.dirty = True

    def refusal_words(self, refusal: IllegalAction) -> str:
        return i18n.reason(refusal)

    def hint_arrow(self) -> Action | None:
        """The action the painter rings and points at: the coach's hint, while it is on screen."""
        return self.assistant.coach.hint_arrow()

    def status_parts(self) -> list[str]:
        """The facts of the status bar, left to right."""
        game = self.game
        return [self.app.deal_label(game), i18n.t(f"ui.variant.{game.variant}"),
                i18n.t("ui.status.score", score=game.score), i18n.t("ui.status.stock", count=len(game.stock)),
                *(clock_parts(self.session) if self.app.settings.clock else []),
                *self.assistant.status_parts()]  # "still winnable", when the player wants to know

    def draw_over_table(self, surface: pygame.Surface) -> None:
        """What a table of its own kind shows over the cards, under the buttons and messages (the guide's box)."""

    def deal(self, at: tuple[int, int] | None = None) -> bool:
        return self.act(Action(DEAL), at=at)

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def undo(self) -> None:
        self.finish_animations()
        self.selected = None
        change = self.session.undo()
        if change is not None and change.replaced:
            self.show_replaced(change)
            self.say(i18n.t("ui.msg.back", deal=self.app.deal_label(self.game)))
            return
        self.show_step(change, backwards=True)

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def redo(self) -> None:
        self.finish_animations()
        self.selected = None
        left = self.game
        change = self.session.redo(by_computer=self.computer_playing())
        if change is not None and change.replaced:
            self.show_replaced(change)
            self.say_dealt(restarted=self.game.start_text == left.start_text)
            return
        self.show_step(change, backwards=False)

    def show_step(self, change: Change | None, backwards: bool) -> None:
        """An undo (`backwards`) or a redo the session did: the cards glide back or forth as its record says
        (None: there was nothing to take back or do again)."""
        if change is None:
            self.say(i18n.t("ui.msg.nothing_to_undo" if backwards else "ui.msg.nothing_to_redo"))
            return
        self.say("")
        self.settle(self.timing_for(change.record, backwards))
        self.end_pending = not backwards and self.game.is_over()  # a redo may end the game again
        self.auto_pending = False  # automatic discards follow the player's own actions only
        self.changed(change)

    def restart(self) -> None:
        """At once, undoable: the game as it was stays behind Ctrl+Z (and is the same game for the statistics)."""
        self.finish_animations()
        self.show_replaced(self.session.restart())
        self.say_dealt(restarted=True)

    def new_deal(self) -> None:
        """At once, undoable like a restart."""
        if self.assistant.new_winnable_deal():
            return  # "winnable deals only": the deal comes when the search off the loop has found one
        self.start_deal(self.session.random_game())
        self.say_dealt(restarted=False)

    def can_go_back(self) -> bool:
        return self.session.keeps_a_game()

    def paste(self) -> None:
        from idioten.ui.acesup.replay import play_back  # imported when first asked, like the panels
        play_back(self)  # a game copied from the history, watched again

    def ask_hint(self) -> None:
        self.finish_animations()
        self.assistant.coach.hint()

    # -- time ------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.follow_the_foot()
        moving = False
        for sprite in self.sprites.values():
            if sprite.glide is not None or sprite.shake is not None:
                sprite.advance(dt)
                moving = True
        if moving:
            self.dirty = True
        self.expire_message()
        if not moving and self.input.drag is None:
            if self.auto_pending:
                self.auto_pending = False
                discard = next((a for a in self.game.legal_actions() if a.kind == DISCARD), None)
                if discard is not None and self.act(discard):
                    # Said aloud: discarding at once can lose a deal where keeping the card wins.
                    self.say(i18n.t("ui.msg.auto_discarded", card=i18n.card_name(self.game.discards[-1])))
            elif self.end_pending:
                self.end_pending = False
                if self.celebrate:
                    self.celebrate = False
                    self.start_celebration()
                else:
                    self.show_end()

    def start_celebration(self) -> None:
        """The four aces, then the top of the discard pile, leap off the table; then the end panel."""
        game, layout = self.game, self.layout
        cards = [cards[-1] for cards in game.piles if cards] + list(reversed(game.discards))
        leapers = [(self.app.images.face(card), self.sprites[card].pos) for card in cards]
        self.app.push(celebration.Celebration(self.app, leapers, layout.table_bottom - layout.card_h,
                                              self.celebrated))

    def celebrated(self) -> None:
        """The end panel, without its own confetti: the cards were the celebration."""
        self.finish_animations()
        self.show_end()
        quiet = getattr(self.app.scenes[-1], "quiet", None)
        if quiet is not None:
            quiet()

    # -- drawing ---------------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        self.finish_animations()
        self.input.press = self.input.drag = None
        self.painter.resize(layout, self.buttons)
        self.settle()

    def language_changed(self) -> None:
        self.painter.resize(self.layout, self.buttons)
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)
