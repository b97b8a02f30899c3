"""Poker patience as the window plays it: the options, the game on the table, the computer's grid in the
Competitive mode, the statistics and the saved file. No pygame here, so all of it is tested without a window.

The rules stay in `idioten.poker`: every placement goes through `PokerGame.place`, and the computer's cell
comes from `idioten.poker.player`. This module only keeps the pieces in step:

* the computer fills its own grid with the same cards in the same order as the player placed them, one card
  behind at most, so undo takes its card back too;
* the game is saved after every placement (`poker.json`, defined in `idioten.storage.poker`, through the
  app's `Store`), and the game chosen last (by name: Idioten, Poker patience, ...) is remembered in the same
  file;
* a full grid is counted once in the statistics, keyed by table and options ("classic+diagonals").
  Unfinished grids are not counted: a partly filled grid has no meaningful score, so a game left for good is
  simply dropped;
* a new deal, a restart or "play again" keeps the game it replaced within reach of Ctrl+Z (`back`) and
  Ctrl+Y (`forward`) as `play.chain.GameChain` says; the games kept are saved with the game on the table.
"""

from __future__ import annotations

import random
import time

from idioten.cards import MAX_DEAL, MIN_DEAL
from idioten.play.chain import GameChain
from idioten.poker.game import Placed, PokerGame
from idioten.poker.board import Board
from idioten.poker.player import make_policy, suggest
from idioten.storage.game import new_game_id
from idioten.storage.poker import (FILE, FIRST_GAME, FORMAT, VERSION, BadPokerSave, PokerOptions, PokerSave,
                                   SavedPokerGame, choices_from_json, is_game_name, poker_from_json,
                                   poker_to_json)
from idioten.storage.stats import KeyedStats, Statistics

STATS_SECTION = "poker"


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


def _cards_placed(kept: SavedPokerGame) -> int:
    return kept.game.placed_count


def _progressed(kept: SavedPokerGame) -> bool:
    return bool(kept.game.history or kept.game.future)


class PokerSession:
    def __init__(self, store=None, rng: random.Random | None = None, move_seconds: float | None = None):
        self.store = store  # the app's Store, or None: then nothing is saved and statistics live in memory
        self.rng = rng or random.Random()
        self.move_seconds = move_seconds  # the computer player's thinking time per card (None: its default)
        self.memory_stats = Statistics()
        self.options = PokerOptions()
        self.last_game = FIRST_GAME
        self.chain: GameChain[SavedPokerGame] | None = None  # None until the first game is loaded or dealt
        self.counted_now = False  # the last placement finished the game and counted it
        self.defer_saves = False
        self.unsaved = False
        self._policies: dict = {}

    # -- the game in play and the games kept for Ctrl+Z and Ctrl+Y ----------------------------------------

    @property
    def game(self) -> PokerGame | None:
        return self.chain.current.game if self.chain is not None else None

    @property
    def computer(self) -> PokerGame | None:
        return self.chain.current.computer if self.chain is not None else None

    @property
    def game_id(self) -> str:
        return self.chain.current.game_id if self.chain is not None else ""

    @property
    def previous(self) -> SavedPokerGame | None:
        return self.chain.previous if self.chain is not None else None

    @property
    def following(self) -> SavedPokerGame | None:
        return self.chain.following if self.chain is not None else None

    # -- the file ----------------------------------------------------------------------------------------

    def load(self) -> list:
        """Read poker.json if the store has one; returns the store's notices (bad file moved aside, ...)."""
        notices = []
        saved = PokerSave()
        if self.store is not None:
            data, notices = self.store.load_file(FILE, FORMAT, VERSION)
            if data is not None:
                try:
                    saved = poker_from_json(data)
                except BadPokerSave:
                    saved = choices_from_json(data)  # the player's choices stand; the games cannot be trusted
                    notices = notices + [self.store.reject_file(FILE)]
        self.options, self.last_game = saved.options, saved.last_game
        if saved.current is not None:
            self.chain = GameChain(saved.current, _cards_placed, _progressed, previous=saved.previous,
                                   following=saved.following, following_at=saved.following_at)
        if self.chain is None:
            self.new_deal()
        elif self.finished():
            # The last run may have stopped between saving the full grid and counting it.
            self.count()
        return notices

    def to_json(self) -> dict:
        chain = self.chain
        if chain is None:
            return poker_to_json(PokerSave(self.options, self.last_game))
        return poker_to_json(PokerSave(self.options, self.last_game, chain.current, chain.previous,
                                       chain.following, chain.following_at))

    def save(self):
        """Returns the store's notice if the file could not be written (play goes on in memory). With
        `defer_saves` the write waits for `flush`: the window writes after the frame that shows the change,
        since a save with its fsync costs about a frame (and before its scene is shelved or the window
        closes)."""
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
        started = SavedPokerGame(game, game.copy() if competitive else None, game_id or new_game_id())
        if self.chain is None:
            self.chain = GameChain(started, _cards_placed, _progressed)
        else:
            self.chain.replace(started)  # the games it leaves for good were unfinished: nothing to count
        self.counted_now = False
        return self.save()

    def restart(self):
        """The same game from an empty grid (a restart is not a new game: it is counted once, at its end)."""
        fresh = self.game.copy()
        fresh.restart()
        return self._start(fresh, self.computer is not None, self.game_id)

    def can_go_back(self) -> bool:
        return self.chain is not None and self.chain.can_go_back()

    def back(self):
        """Ctrl+Z right after a new deal, a restart or "play again" (`can_go_back`): the game before it, as
        it was left. Returns the store's notice if saving failed."""
        self.chain.back()
        self.counted_now = False
        return self.save()

    def can_go_forward(self) -> bool:
        return self.chain is not None and self.chain.can_go_forward()

    def forward(self):
        """Ctrl+Y after `back` (`can_go_forward`): the game it left, as it was left; Ctrl+Z goes back again."""
        self.chain.forward()
        self.counted_now = False
        return self.save()

    def set_option(self, name: str, value):
        """For the next deal; the game on the table keeps the options it was dealt with."""
        self.options = self.options.changed(name, value)
        return self.save()

    def set_last_game(self, game: str):
        if not is_game_name(game):
            raise ValueError(f"no game name: {game!r}")
        self.last_game = game
        return self.save()

    # -- play --------------------------------------------------------------------------------------------

    def place(self, cell: int, card=None) -> tuple[Placed, object]:
        """The player's placement (the rules may refuse it: IllegalAction). Returns the record and the
        store's notice, if saving or counting failed."""
        record = self.game.place(cell, card)
        self.chain.played()  # play in this game: the one it replaced or left is left for good (never counted)
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
