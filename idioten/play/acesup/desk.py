"""What the Aces Up assistant (assist.py) and the parts it holds (coach.py, daily_deal.py, teacher.py) ask of
those around them, each as a small Protocol: the window they advise in (`Desk`, which ui/acesup/table_desk.py
gives them), the table's session (`Book`), the assistant that holds a part (`Advised`), the window's scene
while the computer plays (`Playing`); and `Ask`, what each of their jobs was asked, under which its answer
comes back."""

from __future__ import annotations

import enum
import random
from typing import Any, Protocol

from idioten.acesup.rules import Game
from idioten.play.acesup.daily import DailyDeals
from idioten.play.acesup.knowledge import Knowledge, Known
from idioten.play.acesup.settings import AcesUpSettings
from idioten.play.jobs import Jobs
from idioten.storage.store import Store


class Ask(str, enum.Enum):
    """What a job of the assistant's was asked: its answer comes back under the same name."""

    SOLVE = "solve"  # a position's verdict (the live indicator, the shown solution, a lesson's start)
    EARLY_VERDICT = "early_verdict"  # a deal's verdict from its start (assist.EarlyVerdict)
    NO_PEEK_HINT = "no_peek_hint"  # the hint player's advice for the player
    NO_PEEK_MOVE = "no_peek_move"  # the hint player's next action for the demo
    DEAL_SEARCH = "deal_search"  # a winnable deal, for "winnable deals only"
    LESSON = "lesson"  # where a lost game was lost
    DAILY = "daily"  # the deal of the day


class Book(Protocol):
    """The table's session, as far as the assistant reads it (play/acesup/session.py's AcesUpSession)."""

    @property
    def variant(self) -> str: ...

    @property
    def days(self) -> DailyDeals: ...

    @property
    def store(self) -> Store: ...


class Desk(Protocol):
    """What the assistant and its parts ask of the window they advise in: the table that holds them (its game
    and session, its message line, the verbs they may play) and the window around it."""

    @property
    def game(self) -> Game: ...

    @property
    def session(self) -> Book: ...

    @property
    def settings(self) -> AcesUpSettings: ...

    @property
    def rng(self) -> random.Random: ...

    def on_top(self) -> bool:
        """The table is the scene on screen (no panel or other game over it)."""
        ...

    def say(self, text: str, seconds: float = ...) -> None: ...

    def say_replaced(self, text: str) -> None: ...

    def start_deal(self, game: Game) -> None: ...

    def restart(self) -> None: ...

    def undo(self) -> None: ...

    def finish_animations(self) -> None: ...

    def close_panels(self) -> None: ...

    def play_for_player(self, mode: str) -> None:
        """The computer plays at the table: "demo" or "solution" (coach.ComputerPlay follows it)."""
        ...

    def hold_own_game(self) -> None:
        """Before the shown solution changes the table: the player's own game as it is now, which comes back
        if the player quits, deals, restarts or switches games during the playback."""
        ...

    def deal_label(self, game: Game) -> str: ...

    def mark_dirty(self) -> None: ...

    def wake(self) -> None:
        """From a job's thread: the window's loop wakes to show its progress."""
        ...


class Advised(Protocol):
    """What the coach and the computer read of the assistant that holds them (assist.Assistant)."""

    desk: Desk
    worker: Jobs[Any]
    known: Known

    @property
    def game(self) -> Game: ...

    def position(self) -> str: ...

    def ask(self, text: str, purpose: str, seconds: float) -> Knowledge | None: ...

    def stop_deal_search(self) -> None: ...


class Playing(Protocol):
    """The window's scene while the computer plays at the table (ui/acesup/autoplay.py)."""

    mode: str  # "demo" or "solution"
