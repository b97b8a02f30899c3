"""The window's side of the Aces Up assistant (play/acesup/assist.py): the `Desk` it advises at, made of the
table that holds it and the window around it. The assistant asks; this answers with the table's and the
window's own calls, and puts the computer's play on screen as a scene (autoplay.py)."""

from __future__ import annotations

import random
from typing import Protocol, cast

import pygame

from idioten.acesup.rules import Action, Game
from idioten.play.acesup.assist import Assistant
from idioten.play.acesup.desk import Book
from idioten.play.acesup.session import Held
from idioten.play.acesup.settings import AcesUpSettings, aces_up_settings
from idioten.play.change import Change
from idioten.ui.acesup.landing import Landing
from idioten.ui.kit.scene import MESSAGE_SECONDS, Host
from idioten.ui.worker import WAKE_EVENT


class Holding(Protocol):
    """The table's session, as far as holding the player's own games goes (`AcesUpSession.hold`)."""

    def hold(self) -> Held: ...
    def bring_back(self, held: Held) -> Change: ...


class Table(Protocol):
    """What the desk hands on from the table that holds the assistant (table.py's TableScene), and what the
    computer playing there asks of it (autoplay.py's `PlayedTable`)."""

    assistant: Assistant
    landing: Landing

    @property
    def game(self) -> Game: ...
    @property
    def session(self) -> Holding: ...
    def say(self, text: str, seconds: float = ...) -> None: ...
    def say_replaced(self, message: str) -> None: ...
    def start_deal(self, game: Game) -> None: ...
    def restart(self) -> None: ...
    def undo(self) -> None: ...
    def finish_animations(self) -> None: ...
    def show_replaced(self, change: Change, quietly: bool = False) -> None: ...
    def busy(self) -> bool: ...
    def act(self, action: Action) -> bool: ...


class TableDesk:
    """The window's `Desk` for the assistant of one table: the table's and the window's own calls, and the
    player's own games held while the shown solution plays."""

    def __init__(self, app: Host, table: Table) -> None:
        self.app = app
        self.table = table
        self.own_game: Held | None = None  # the player's games, held while the shown solution plays

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def session(self) -> Book:
        # The player's AcesUpSession; the guide's table (GuideSession, no days, no store) keeps its assistant idle.
        return cast("Book", self.table.session)

    @property
    def settings(self) -> AcesUpSettings:
        return aces_up_settings(self.app.settings)

    @property
    def rng(self) -> random.Random:
        return self.app.rng

    def on_top(self) -> bool:
        on_screen: object = self.app.scenes[0]  # a Scene; the table is one, seen through its Protocol
        return on_screen is self.table

    def say(self, text: str, seconds: float = MESSAGE_SECONDS) -> None:
        self.table.say(text, seconds)

    def say_replaced(self, text: str) -> None:
        self.table.say_replaced(text)

    def start_deal(self, game: Game) -> None:
        self.table.start_deal(game)

    def restart(self) -> None:
        self.table.restart()

    def undo(self) -> None:
        self.table.undo()

    def finish_animations(self) -> None:
        self.table.finish_animations()

    def close_panels(self) -> None:
        self.app.close_panels()

    def hold_own_game(self) -> None:
        """The player's own games as they are, before the shown solution restarts the deal and plays it."""
        self.own_game = self.table.session.hold()

    def bring_back_own_game(self) -> None:
        """The player's own games again, as they were held (nothing happens if none are held)."""
        held, self.own_game = self.own_game, None
        if held is not None:
            self.table.finish_animations()
            self.table.show_replaced(self.table.session.bring_back(held), quietly=True)
            self.table.landing.end = False  # the player goes on to quit, deal, restart or switch: no end panel

    def play_for_player(self, mode: str) -> None:
        from idioten.ui.acesup.autoplay import Autoplay

        self.app.push(Autoplay(self.app, self.table, mode, give_back=self.bring_back_own_game))

    def deal_label(self, game: Game) -> str:
        return self.app.deal_label(game)

    def mark_dirty(self) -> None:
        self.app.mark_dirty()

    def wake(self) -> None:
        try:
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
        except pygame.error:
            pass  # the window is closing
