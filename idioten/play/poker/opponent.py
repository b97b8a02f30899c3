"""The computer at the Poker patience table: where it places its next card in the Competitive mode, and the
hint it gives the player. It thinks on copies of the games, in a function a worker thread runs, so the thread
never touches the grids the window draws; the session (session.py) holds it as its `opponent` and places
what it answers."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from idioten.cards import Card
from idioten.poker.board import Board
from idioten.poker.game import PokerGame
from idioten.poker.player import make_policy, suggest


def _yielding_clock() -> float:
    """The computer player's clock, read once per play-out: it also hands the interpreter lock to the window's
    thread, which otherwise waits up to a switch interval (5 ms) each time it needs the lock mid-frame."""
    time.sleep(0)
    return time.perf_counter()


def take_back_to(computer: PokerGame, placed: int) -> None:
    """The computer's grid back to `placed` cards, after the player took a card back: it never runs ahead."""
    while computer.placed_count > placed:
        computer.undo()
    computer.future.clear()


class Opponent:
    def __init__(self, rng: random.Random, move_seconds: float | None = None) -> None:
        self.rng = rng
        self.move_seconds = move_seconds  # its thinking time per card (None: the player's default)
        self._policies: dict[tuple[str, bool], Any] = {}

    def policy(self, game: PokerGame) -> Any:
        """Its player for `game`'s table and diagonals, made once (learned values are imported on first use)."""
        key = (game.table, game.diagonals)
        if key not in self._policies:
            seconds = {} if self.move_seconds is None else {"move_seconds": self.move_seconds}
            policy = make_policy("hint", game.table, game.diagonals, **seconds)
            if hasattr(policy, "clock"):
                policy.clock = _yielding_clock
            self._policies[key] = policy
        return self._policies[key]

    def place_task(self, computer: PokerGame, card: Card) -> Callable[[], tuple[int, Card]]:
        """A function for a worker thread: the cell of its own grid `computer` where it places `card`. Building
        the policy happens in the thread too."""
        game = computer.copy()
        unseen = [c for c in game.remaining() if c != card]
        rng = random.Random(self.rng.random())

        def think() -> tuple[int, Card]:
            board = Board.from_grid(game.grid, game.table, game.diagonals, unseen)
            cell: int = self.policy(game).choose(board, card, unseen, rng)
            return cell, card
        return think

    def hint_task(self, game: PokerGame) -> Callable[[], tuple[int, Card] | None]:
        """A function for a worker thread: the (cell, card) it suggests to the player in `game`, or None."""
        position = game.copy()
        rng = random.Random(self.rng.random())
        return lambda: suggest(position, self.policy(position), rng)
