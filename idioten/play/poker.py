"""Poker patience as the window plays it: the options, the game on the table, the computer's grid in the
Competitive mode, the statistics and the saved file. No pygame here, so all of it is tested without a window.

The rules stay in `idioten.poker`: every placement goes through `PokerGame.place`, and the computer's cell
comes from `idioten.poker.player`. This module only keeps the pieces in step:

* the computer fills its own grid with the same cards in the same order as the player placed them, one card
  behind at most, so undo takes its card back too;
* the game is saved after every placement (`poker.json` through the app's `Store`), and the last game chosen
  (Idioten or Poker patience) is remembered in the same file;
* a full grid is counted once in the statistics, keyed by table and options ("classic+diagonals").
  Unfinished grids are not counted: a partly filled grid has no meaningful score;
* a new deal, a restart or "play again" keeps the game it replaced (if a card was placed in it) until the
  first placement in the new one, so Ctrl+Z right after brings it back (`back`); it is saved with the game.
  `back` keeps the game it left the same way until a placement in the game brought back, and Ctrl+Y brings it
  back in turn (`forward`) while that game stands where it was left.
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass

from idioten.cards import MAX_DEAL, MIN_DEAL, CardError
from idioten.poker.game import Placed, PokerGame
from idioten.poker.board import Board
from idioten.poker.player import make_policy, suggest
from idioten.poker.scoring import DEFAULT_TABLE, TABLES
from idioten.storage.game import new_game_id
from idioten.storage.stats import KeyedStats, Statistics

FILE = "poker.json"
FORMAT = "idioten-poker"
VERSION = 1
STATS_SECTION = "poker"
GAMES = ("idioten", "poker")


@dataclass(frozen=True)
class PokerOptions:
    table: str = DEFAULT_TABLE
    diagonals: bool = False
    joker: bool = False
    open_deck: bool = False
    competitive: bool = False

    def changed(self, name: str, value) -> "PokerOptions":
        if name == "table" and value not in TABLES or name != "table" and not isinstance(value, bool):
            raise ValueError(f"{value!r} is not a valid {name}")
        return dataclasses.replace(self, **{name: value})

    def to_json(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data) -> "PokerOptions":
        """Field by field: a value that does not fit keeps its default (a hand-edited file never stops play)."""
        options = cls()
        if not isinstance(data, dict):
            return options
        for item in dataclasses.fields(cls):
            try:
                options = options.changed(item.name, data.get(item.name, getattr(options, item.name)))
            except ValueError:
                pass
        return options


def stats_key(game: PokerGame) -> str:
    """Where a game's score is counted: its table, then each option that changes what a score means."""
    parts = [game.table] + [name for name, on in (("diagonals", game.diagonals), ("joker", game.joker),
                                                  ("open", game.open_deck)) if on]
    return "+".join(parts)


def _yielding_clock() -> float:
    """The computer player's clock, read once per play-out: it also hands the interpreter lock to the window's
    thread, which otherwise waits up to a switch interval (5 ms) each time it needs the lock mid-frame."""
    time.sleep(0)
    return time.perf_counter()


class PokerSession:
    def __init__(self, store=None, rng: random.Random | None = None, move_seconds: float | None = None):
        self.store = store  # the app's Store, or None: then nothing is saved and statistics live in memory
        self.rng = rng or random.Random()
        self.move_seconds = move_seconds  # the computer player's thinking time per card (None: its default)
        self.memory_stats = Statistics()
        self.options = PokerOptions()
        self.last_game = "idioten"
        self.game: PokerGame | None = None
        self.computer: PokerGame | None = None
        self.game_id = ""
        self.previous: tuple[PokerGame, PokerGame | None, str] | None = None  # (game, computer, id) for `back`
        self.following: tuple[PokerGame, PokerGame | None, str] | None = None  # the same, for `forward` ...
        self.following_at = 0  # ... once the game brought back has this many cards placed, as it was left
        self.counted_now = False  # the last placement finished the game and counted it
        self.defer_saves = False
        self.unsaved = False
        self._policies: dict = {}

    # -- the file ----------------------------------------------------------------------------------------

    def load(self) -> list:
        """Read poker.json if the store has one; returns the store's notices (bad file moved aside, ...)."""
        notices = []
        data = None
        if self.store is not None:
            data, notices = self.store.load_file(FILE, FORMAT, VERSION)
        if data is not None:
            self.options = PokerOptions.from_json(data.get("options"))
            if data.get("last_game") in GAMES:
                self.last_game = data["last_game"]
            try:
                self._restore(data.get("current"))
                if self.game is not None and data.get("previous") is not None:
                    self.previous = self._restored(data["previous"])
                if self.game is not None and data.get("following") is not None:
                    self.following, self.following_at = self._restored(data["following"]), data["following_at"]
                    placed = self.game.placed_count
                    at = self.following_at
                    if type(at) is not int or not placed <= at <= placed + len(self.game.future):
                        raise ValueError("the following grid's place is not on this game's line")
            except (CardError, ValueError, TypeError, KeyError, AttributeError):
                self.game = self.computer = self.previous = self.following = None
                notices = notices + [self.store.reject_file(FILE)]
        if self.game is None:
            self.new_deal()
        elif self.finished():
            # The last run may have stopped between saving the full grid and counting it.
            self.count()
        return notices

    def _restore(self, current) -> None:
        if current is None:
            return
        self.game, self.computer, self.game_id = self._restored(current)

    @staticmethod
    def _restored(current) -> tuple[PokerGame, PokerGame | None, str]:
        game = PokerGame.from_text(current["game"])
        computer = PokerGame.from_text(current["computer"]) if current.get("computer") else None
        game_id = current["id"]
        if not isinstance(game_id, str) or not game_id:
            raise ValueError("a saved poker game needs its id")
        if computer is not None:
            # The computer plays the player's cards in the player's order, one card behind at most.
            played = [r.card for r in game.history]
            if computer.deck != game.deck or [r.card for r in computer.history] != played[:computer.placed_count] \
                    or computer.placed_count > game.placed_count:
                raise ValueError("the computer's grid does not follow the player's")
        return game, computer, game_id

    def to_json(self) -> dict:
        def document(game, computer, game_id):
            return {"id": game_id, "game": game.to_text(),
                    "computer": computer.to_text() if computer is not None else None}
        current = document(self.game, self.computer, self.game_id) if self.game is not None else None
        data = {"format": FORMAT, "version": VERSION, "last_game": self.last_game,
                "options": self.options.to_json(), "current": current}
        if self.previous is not None:
            data["previous"] = document(*self.previous)  # optional: older files load without it
        if self.following is not None:
            data["following"], data["following_at"] = document(*self.following), self.following_at
        return data

    def save(self):
        """Returns the store's notice if the file could not be written (play goes on in memory). With
        `defer_saves` the write waits for `flush`: the window writes after the frame that shows the change,
        since a save with its fsync costs about a frame (see game_choice.flush)."""
        if self.defer_saves:
            self.unsaved = True
            return None
        return self.flush(force=True)

    def flush(self, force: bool = False):
        if not (self.unsaved or force):
            return None
        self.unsaved = False
        if self.store is None:
            return None
        return self.store.save_file(FILE, self.to_json())

    # -- starting games ----------------------------------------------------------------------------------

    def new_deal(self, number: int | None = None):
        if number is None:
            number = self.rng.randint(MIN_DEAL, MAX_DEAL)
        options = self.options
        game = PokerGame.new(number, options.table, options.diagonals, options.joker, options.open_deck)
        return self._start(game, options.competitive)

    def again(self):
        """Play this deal again: the same cards in the same order, a fresh grid, counted as a new game."""
        game = self.game
        fresh = PokerGame(game.deck, game.table, game.diagonals, game.open_deck, game.deal_number)
        return self._start(fresh, self.computer is not None)

    def _start(self, game: PokerGame, competitive: bool, game_id: str | None = None):
        self.following = None  # a new game: the one Ctrl+Z left is left for good
        if self.game is not None and (self.game.history or self.game.future):
            self.previous = (self.game, self.computer, self.game_id)
        self.game = game
        self.computer = game.copy() if competitive else None
        self.game_id = game_id or new_game_id()
        self.counted_now = False
        return self.save()

    def restart(self):
        """The same game from an empty grid (a restart is not a new game: it is counted once, at its end)."""
        fresh = self.game.copy()
        fresh.restart()
        return self._start(fresh, self.computer is not None, self.game_id)

    def can_go_back(self) -> bool:
        return self.previous is not None and not self.game.history

    def back(self):
        """Ctrl+Z right after a new deal, a restart or "play again" (`can_go_back`): the game before it, as
        it was left. Returns the store's notice if saving failed."""
        self.following = (self.game, self.computer, self.game_id)
        (self.game, self.computer, self.game_id), self.previous = self.previous, None
        self.following_at = self.game.placed_count
        self.counted_now = False
        return self.save()

    def can_go_forward(self) -> bool:
        return self.following is not None and self.game.placed_count == self.following_at

    def forward(self):
        """Ctrl+Y after `back` (`can_go_forward`): the game it left, as it was left; Ctrl+Z goes back again."""
        self.previous = (self.game, self.computer, self.game_id)
        (self.game, self.computer, self.game_id), self.following = self.following, None
        self.counted_now = False
        return self.save()

    def set_option(self, name: str, value):
        """For the next deal; the game on the table keeps the options it was dealt with."""
        self.options = self.options.changed(name, value)
        return self.save()

    def set_last_game(self, game: str):
        if game not in GAMES:
            raise ValueError(f"no game {game!r}")
        self.last_game = game
        return self.save()

    # -- play --------------------------------------------------------------------------------------------

    def place(self, cell: int, card=None) -> tuple[Placed, object]:
        """The player's placement (the rules may refuse it: IllegalAction). Returns the record and the
        store's notice, if saving or counting failed."""
        record = self.game.place(cell, card)
        self.previous = self.following = None  # play in this game: the one it replaced or left is left for good
        notice = self.save()
        return record, self.count() or notice

    def undo(self) -> Placed | None:
        record = self.game.undo()
        if record is not None:
            self._align_computer()
            self.save()
        return record

    def redo(self) -> Placed | None:
        record = self.game.redo()
        if record is not None:
            self.save()
            self.count()
        return record

    def _align_computer(self) -> None:
        if self.computer is not None:
            while self.computer.placed_count > self.game.placed_count:
                self.computer.undo()
            self.computer.future.clear()

    def computer_card(self):
        """The card the computer must place next (the one the player placed at the same turn), or None."""
        if self.computer is None or self.computer.placed_count >= self.game.placed_count:
            return None
        return self.game.history[self.computer.placed_count].card

    def computer_task(self):
        """A function for a worker thread that returns (cell, card) for the computer's next card, or None.
        It works on copies, so the thread never touches the games the window draws; building the policy
        (learned values are imported on first use) happens in the thread too."""
        card = self.computer_card()
        if card is None:
            return None
        game = self.computer.copy()
        unseen = [c for c in game.remaining() if c != card]
        rng = random.Random(self.rng.random())

        def think():
            board = Board.from_grid(game.grid, game.table, game.diagonals, unseen)
            return self.policy(game).choose(board, card, unseen, rng), card
        return think

    def computer_place(self, cell: int, card):
        if card != self.computer_card():
            return None  # the player undid that card while the computer was thinking
        self.computer.place(cell, card)
        notice = self.save()
        return self.count() or notice

    def policy(self, game: PokerGame):
        key = (game.table, game.diagonals)
        if key not in self._policies:
            seconds = {} if self.move_seconds is None else {"move_seconds": self.move_seconds}
            policy = make_policy("hint", game.table, game.diagonals, **seconds)
            if hasattr(policy, "clock"):
                policy.clock = _yielding_clock
            self._policies[key] = policy
        return self._policies[key]

    def hint_task(self):
        """A function for a worker thread that returns the (cell, card) the computer suggests, or None."""
        if self.game.is_over():
            return None
        game = self.game.copy()
        rng = random.Random(self.rng.random())
        return lambda: suggest(game, self.policy(game), rng)

    # -- the end -----------------------------------------------------------------------------------------

    def finished(self) -> bool:
        return self.game.is_over() and (self.computer is None or self.computer.is_over())

    def count(self):
        """Count a finished game once (by its id); the store's notice if writing failed."""
        self.counted_now = False
        if not self.finished():
            return None
        score = self.game.score().total
        key = stats_key(self.game)
        if self.store is None:
            self.counted_now = self.memory_stats.record_keyed(STATS_SECTION, key, self.game_id, score)
            return None
        counted_before = self.store.stats.is_counted(self.game_id)
        notice = self.store.record_keyed(STATS_SECTION, key, self.game_id, score)
        self.counted_now = not counted_before
        return notice

    def is_new_best(self) -> bool:
        """The grid just counted beat every grid counted before it with its table and options (a first grid,
        or one that ties the best, is no new best)."""
        if not self.counted_now:
            return False
        stats, total = self.stats_for(stats_key(self.game)), self.game.score().total
        return stats.games > 1 and stats.best == total and stats.histogram.get(total) == 1

    def beat_computer(self) -> bool:
        return (self.computer is not None and self.finished()
                and self.game.score().total > self.computer.score().total)

    @property
    def stats(self) -> Statistics:
        return self.store.stats if self.store is not None else self.memory_stats

    def stats_for(self, key: str) -> KeyedStats:
        return self.stats.keyed.get(STATS_SECTION, {}).get(key) or KeyedStats()

    def played_keys(self) -> list[str]:
        return sorted(self.stats.keyed.get(STATS_SECTION, {}))
