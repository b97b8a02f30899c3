"""The Idioten table: hands the player's actions (input.py turns clicks, drags and keys into them), undo, redo,
a new deal and a restart to the session (`play.acesup.session.AcesUpSession`, which asks the rules and keeps the
games), and animates the `Change` each verb returns. It never decides a rule itself.

Its parts, each in a module of its own: the input (input.py), the painter (painter.py), the cards' places and
glides (table_cards.py), what waits for a move's cards to land (landing.py: the automatic discard, the end of
the game), and the assistant's side of the window (table_desk.py)."""

from __future__ import annotations

from typing import Protocol

import pygame

from idioten import i18n
from idioten.acesup.rules import DEAL, PILES, Action, Dealt, Discarded, Game, Moved
from idioten.errors import IllegalAction
from idioten.play.acesup.assist import Assistant
from idioten.play.acesup.session import Held
from idioten.play.acesup.settings import aces_up_settings
from idioten.play.change import Change, How
from idioten.speech import words
from idioten.ui.acesup import painter
from idioten.ui.acesup.input import TableInput
from idioten.ui.acesup.landing import Landing
from idioten.ui.acesup.table_cards import TableCards, Timing
from idioten.ui.acesup.table_desk import TableDesk
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.scene import CardGameScene, Host
from idioten.ui.kit.tween import Shake
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
        self.cards = TableCards(self)  # where each card rests and how it glides there
        self.input: TableInput = TableInput(self)  # clicks, drags and keys, turned into actions this table asks for
        self.landing = Landing(self)  # the automatic discard and the end of the game, once the cards are still
        self.selected: int | None = None
        self.buttons = [
            Button("ui.button.new", self.new_deal),
            Button("ui.button.restart", self.restart, self.session.can_restart),
            Button("ui.button.undo", self.undo, self.session.can_undo),
            Button("ui.button.redo", self.redo, self.session.can_redo),
            Button("ui.button.hint", self.ask_hint),
            Button("ui.button.menu", self.app.open_menu),
        ]
        self.painter = painter.TablePainter(self)
        self.resize(app.layout)

    @property
    def game(self) -> Game:
        return self.session.game

    def cancel_pointer(self) -> None:
        self.input.cancel_pointer()  # its own part (input.py)

    def top_rect(self, pile: int) -> pygame.Rect | None:
        """Where the top card of `pile` shows (None: the pile is empty): what a click on it must hit."""
        return self.input.top_rect(pile)

    @property
    def layout(self) -> Layout:
        """The window's layout: the Aces Up table is laid out as the window is."""
        return self.app.layout

    def finish_animations(self) -> None:
        """Every card at the end of its glide: a verb starts from the table as it will be."""
        self.cards.finish()

    def busy(self) -> bool:
        return self.landing.pending() or self.cards.moving()

    # -- the game ----------------------------------------------------------------------------------------

    def set_game(self, deal_in: bool = False) -> None:
        """Show the session's game: at once, or (`deal_in`) with its first cards flying from the stock to the
        piles."""
        self.input.reset()  # no card pressed, dragged or chosen any more, nothing waiting for the cards
        self.selected = None
        self.landing.clear()
        self.cards.lay_out(deal_in)

    def show_replaced(self, change: Change, quietly: bool = False) -> None:
        """Another game in play (a new deal, a restart, or a game brought back by Ctrl+Z or Ctrl+Y): dealt
        out, or (BACK, `quietly`) shown at once; BACK shows the end panel again of a game that had ended."""
        self.set_game(deal_in=change.dealt_in and not quietly)
        if change.dealt_in and not quietly:
            self.app.sound.play("deal")
        self.changed(change)
        if change.how is How.BACK:
            self.landing.end = self.game.is_over()  # its end panel again, as when it ended

    def changed(self, change: Change) -> None:
        """After every change the session made (an action, undo, redo, new deal, restart, Ctrl+Z or Ctrl+Y over
        them): the assistant follows."""
        self.assistant.game_changed(change)
        self.app.speech.say(words.aces_change(change, self.game))

    def spoken(self) -> str:
        """The table said aloud: the four top cards, the stock and the score (the key I)."""
        return words.table(self.game)

    def show_end(self) -> None:
        """The end panel of the game on the table, with what the solver knows of its deal."""
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
        self.cards.settle(timing or self.cards.timing_for(change.record, backwards=False))
        self.after_action(change)
        return True

    def after_action(self, change: Change) -> None:
        """An action the session did: its sound, what follows once its cards land, the assistant told."""
        self.app.sound.play("win" if self.game.is_won() else SOUND_OF.get(type(change.record), "slide"))
        self.landing.after_move(self.computer_playing(), aces_up_settings(self.app.settings).auto_discard)
        self.changed(change)

    def refuse(self, refusal: IllegalAction, pile: int | None, at: tuple[int, int] | None = None) -> None:
        """A move the rules refused: its sound, why (beside the click that asked, if one did), the pile's top
        shaking."""
        self.app.sound.play("illegal")
        self.say(self.refusal_words(refusal), at=at)
        top = self.game.top(pile) if pile is not None and 0 <= pile < PILES else None
        if top is not None:
            self.cards.sprites[top].shake = Shake(self.layout.card_w * 0.08)
        self.dirty = True

    def refusal_words(self, refusal: IllegalAction) -> str:
        """The rules' reason worded for the player."""
        return i18n.reason(refusal)

    def deal(self, at: tuple[int, int] | None = None) -> bool:
        """Four cards from the stock, one on each pile, if the rules let it (the stock, Space, Enter)."""
        return self.act(Action(DEAL), at=at)

    def undo(self) -> None:
        self.finish_animations()
        self.selected = None
        change = self.session.undo()
        if change is not None and change.replaced:
            self.show_replaced(change)
            self.say(i18n.t("ui.msg.back", deal=self.app.deal_label(self.game)))
            return
        self.show_step(change, backwards=True)

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
        self.cards.settle(self.cards.timing_for(change.record, backwards))
        self.landing.end = not backwards and self.game.is_over()  # a redo may end the game again
        self.landing.auto_discard = False  # automatic discards follow the player's own actions only
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
        self.cards.follow_the_foot()
        moving = self.cards.advance(dt)
        self.expire_message()
        if not moving and self.input.drag is None:
            self.landing.landed()

    # -- drawing ---------------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        self.finish_animations()
        self.input.press = self.input.drag = None
        self.painter.resize(layout, self.buttons)
        self.cards.settle()

    def language_changed(self) -> None:
        self.painter.resize(self.layout, self.buttons)
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)
