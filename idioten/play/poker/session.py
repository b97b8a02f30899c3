"""Poker patience as the window plays it: the options, the game on the table, the computer's grid in the
Competitive mode, the statistics and the saved file. No pygame here, so all of it is tested without a window.

The rules stay in `idioten.poker`: every placement goes through `PokerGame.place`, and the computer's cell
comes from `idioten.poker.player`. This module only keeps the pieces in step:

* the computer fills its own grid with the same cards in the same order as the player placed them, one card
  behind at most, so undo takes its card back too (its thinking is the session's `opponent`, opponent.py);
* the game is saved after every placement (`poker.json`, defined in `idioten.storage.poker`, through the
  app's `Store`), and the game chosen last (by name: Idioten, Poker patience, ...) is remembered in the same
  file;
* a full grid is counted once in the statistics, keyed by table and options ("classic+diagonals"), the
  moment it is full: counted in the store's statistics in memory, which the next save points write
  (stats.json before poker.json, play/session.py's `save_points`);
  Unfinished grids are not counted: a partly filled grid has no meaningful score, so a game left for good is
  simply dropped;
* a new deal, a restart or "play again" keeps the game it replaced within reach of Ctrl+Z (`back`) and
  Ctrl+Y (`forward`) as `play.chain.GameChain` says; the games kept are saved with the game on the table;
* a row of the history of games is played again with `deal_again` (its deal and options, against the
  computer if it was), and a grid pasted from the clipboard is dealt with `watch` and its placements made
  again by the window (`by_player=False`): such a grid is not counted unless the player places a card in it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from idioten.cards import MAX_DEAL, MIN_DEAL, Card
from idioten.play.chain import GameChain
from idioten.play.change import Change, How
from idioten.play.poker.opponent import Opponent, take_back_to
from idioten.play.poker.replay import PokerLine
from idioten.play.session import Opening, SavePoint
from idioten.poker.game import PokerGame
from idioten.storage.files import Notice
from idioten.storage.game import new_game_id
from idioten.storage.history import Played, now_stamp
from idioten.storage.poker import (
    FILE,
    FORMAT,
    VERSION,
    BadPokerSave,
    PokerOptions,
    PokerSave,
    SavedPokerGame,
    choices_from_json,
    poker_from_json,
    poker_to_json,
)
from idioten.storage.stats import KeyedStats, Statistics
from idioten.storage.store import MemoryStore, Store


class Place(NamedTuple):
    """A placement the player asks for: a cell, and in the open deck the card (None: the card drawn)."""

    cell: int
    card: Card | None = None

STATS_SECTION = "poker"


def stats_key(game: PokerGame) -> str:
    """Where a game's score is counted: its table, then each option that changes what a score means."""
    parts = [game.table] + [name for name, on in (("diagonals", game.diagonals), ("joker", game.joker),
                                                  ("open", game.open_deck)) if on]
    return "+".join(parts)


def _cards_placed(kept: SavedPokerGame) -> int:
    return kept.game.placed_count


def _progressed(kept: SavedPokerGame) -> bool:
    return kept.game.progressed()


class PokerSession:
    def __init__(self, store: Store | None = None, rng: random.Random | None = None,
                 move_seconds: float | None = None):
        # A session opened without a store (tests, benchmarks) keeps its statistics in memory.
        self.store: Store = store if store is not None else MemoryStore()
        self.rng = rng or random.Random()
        self.options = PokerOptions()
        self.chain: GameChain[SavedPokerGame] | None = None  # None until the first game is loaded or dealt
        self.counted_now = False  # the last placement finished the game and counted it
        self.unsaved = False  # changed since the last `save_point`
        self._notices: list[Notice | None] = []
        self.opponent = Opponent(self.rng, move_seconds)  # the computer's thinking: its grid, and hints
        # Seconds played per game id, for the clock and the best time: only games dealt in this run (a grid
        # resumed from poker.json has no known time, so it can never claim a best time it did not take).
        self.seconds: dict[str, float] = {}
        self.watched: set[str] = set()  # ids of grids pasted to be watched: not counted while only played back

    @classmethod
    def open(cls, opening: Opening) -> tuple["PokerSession", list[Notice]]:
        """poker.json read from the store, its game resumed (or a first deal); a deal the command line named
        (by its number) replaces it as a new deal does. Returns the store's notices (a bad file set aside)."""
        session = cls(opening.store, opening.rng)
        notices = session.load()
        if opening.deal is not None and opening.deal.number is not None:
            session.new_deal(opening.deal.number)
        return session, notices

    # -- the game in play and the games kept for Ctrl+Z and Ctrl+Y ----------------------------------------

    @property
    def game(self) -> PokerGame:
        return self._chain.current.game

    @property
    def _chain(self) -> GameChain[SavedPokerGame]:
        if self.chain is None:
            raise RuntimeError("no game dealt yet: load() or new_deal() first")
        return self.chain

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

    def can_undo(self) -> bool:
        return self.game.can_undo() or self._chain.can_go_back()

    def can_redo(self) -> bool:
        return self.game.can_redo() or self._chain.can_go_forward()

    def can_restart(self) -> bool:
        return self.game.can_undo()

    def keeps_a_game(self) -> bool:
        """A game a new deal or restart replaced is still within reach of Ctrl+Z (the window says so)."""
        return self.previous is not None

    # -- the file ----------------------------------------------------------------------------------------

    def load(self) -> list[Notice]:
        """Read poker.json if the store has one; returns the store's notices (bad file moved aside, ...)."""
        saved = PokerSave()
        data, notices = self.store.load_file(FILE, FORMAT, VERSION)
        if data is not None:
            try:
                saved = poker_from_json(data)
            except BadPokerSave:
                saved = choices_from_json(data)  # the player's choices stand; the games cannot be trusted
                notices.append(self.store.reject_file(FILE))
        self.options = saved.options
        if saved.current is not None:
            self.chain = GameChain(saved.current, _cards_placed, _progressed, previous=saved.previous,
                                   following=saved.following, following_at=saved.following_at)
        if self.chain is None:
            self.new_deal()
        elif self.finished():
            # The last run may have stopped between saving the full grid and counting it.
            self.count()
        return notices

    def to_json(self) -> dict[str, Any]:
        chain = self.chain
        if chain is None:
            return poker_to_json(PokerSave(self.options))
        return poker_to_json(PokerSave(self.options, chain.current, chain.previous, chain.following,
                                       chain.following_at))

    def save_point(self) -> SavePoint | None:
        """After a change: poker.json's new document (None when nothing changed since the last call)."""
        if not self.unsaved:
            return None
        self.unsaved = False
        return SavePoint(FILE, self.to_json())

    def take_notices(self) -> list[Notice]:
        """What the session has to say once since the last call (nothing today: what the store could not write
        reaches the window through its writer)."""
        notices, self._notices = [n for n in self._notices if n is not None], []
        return notices

    def _changed(self) -> None:
        self.unsaved = True

    # -- starting games ----------------------------------------------------------------------------------

    def new_deal(self, number: int | None = None) -> Change:
        if number is None:
            number = self.rng.randint(MIN_DEAL, MAX_DEAL)
        options = self.options
        game = PokerGame.new(number, options.table, options.diagonals, options.joker, options.open_deck)
        return self._start(game, options.competitive, How.NEW_DEAL)

    def again(self) -> Change:
        """Play this deal again: the same cards in the same order, a fresh grid, counted as a new game."""
        game = self.game
        fresh = PokerGame(game.deck, game.table, game.diagonals, game.open_deck, game.deal_number)
        return self._start(fresh, self.computer is not None, How.NEW_DEAL)

    def deal_again(self, line: PokerLine, competitive: bool) -> Change:
        """A row of the history played again: its deal with its table and options, a fresh grid, a new game."""
        return self._start(line.game(), competitive, How.NEW_DEAL)

    def watch(self, line: PokerLine) -> Change:
        """A grid pasted to be watched: its deal and options dealt alone, for the window to place its cards."""
        change = self._start(line.game(), False, How.NEW_DEAL)
        self.watched.add(self.game_id)
        return change

    def restart(self) -> Change:
        """The same game from an empty grid (a restart is not a new game: it is counted once, at its end)."""
        fresh = self.game.copy()
        fresh.restart()
        return self._start(fresh, self.computer is not None, How.RESTART, self.game_id)

    def _start(self, game: PokerGame, competitive: bool, how: How, game_id: str | None = None) -> Change:
        started = SavedPokerGame(game, game.copy() if competitive else None, game_id or new_game_id())
        self.seconds.setdefault(started.game_id, 0.0)  # a restart's clock goes on
        if self.chain is None:
            self.chain = GameChain(started, _cards_placed, _progressed)
        else:
            self.chain.replace(started)  # the games it leaves for good were unfinished: nothing to count
        self.counted_now = False
        self._changed()
        return Change(how)

    def set_option(self, name: str, value: object) -> None:
        """For the next deal; the game on the table keeps the options it was dealt with."""
        self.options = self.options.changed(name, value)
        self._changed()

    # -- play --------------------------------------------------------------------------------------------

    def act(self, place: Place, by_player: bool = True) -> Change:
        """The player's placement (the rules may refuse it: IllegalAction); the record says where it went.
        `by_player` False: a pasted grid's card placed again (`watch`)."""
        record = self.game.place(place.cell, place.card)
        if by_player:
            self.watched.discard(self.game_id)
        self._chain.played()  # play in this game: the one it replaced or left is left for good (never counted)
        self._changed()
        self.count()
        return Change(How.ACTION, record)

    def undo(self) -> Change | None:
        """Take the last card back, or at the start of a game that replaced another bring that one back as it
        was left (BACK). None when there is nothing to take back."""
        chain = self._chain
        if chain.can_go_back():
            chain.back()
            return self._replaced(How.BACK)
        record = self.game.undo()
        if record is None:
            return None
        if self.computer is not None:
            take_back_to(self.computer, self.game.placed_count)
        self._changed()
        return Change(How.UNDO, record)

    def redo(self) -> Change | None:
        """Place the last card taken back again, or undo a BACK where it left off (FORWARD). None when there
        is nothing to do again."""
        chain = self._chain
        if chain.can_go_forward():
            chain.forward()
            return self._replaced(How.FORWARD)
        record = self.game.redo()
        if record is None:
            return None
        self._changed()
        self.count()
        return Change(How.REDO, record)

    def _replaced(self, how: How) -> Change:
        self.counted_now = False
        self._changed()
        return Change(how)

    def computer_card(self) -> Card | None:
        """The card the computer must place next (the one the player placed at the same turn), or None."""
        if self.computer is None or self.computer.placed_count >= self.game.placed_count:
            return None
        return self.game.history[self.computer.placed_count].card

    def computer_task(self) -> Callable[[], tuple[int, Card]] | None:
        """A function for a worker thread that returns (cell, card) for the computer's next card, or None."""
        card, computer = self.computer_card(), self.computer
        if card is None or computer is None:
            return None
        return self.opponent.place_task(computer, card)

    def computer_place(self, cell: int, card: Card) -> bool:
        """The computer's card in its grid; False if the player undid that card while it was thinking."""
        computer = self.computer
        if computer is None or card != self.computer_card():
            return False
        computer.place(cell, card)
        self._changed()
        self.count()
        return True

    def hint_task(self) -> Callable[[], tuple[int, Card] | None] | None:
        """A function for a worker thread that returns the (cell, card) the computer suggests, or None."""
        return None if self.game.is_over() else self.opponent.hint_task(self.game)

    # -- the end -----------------------------------------------------------------------------------------

    def finished(self) -> bool:
        return self.game.is_over() and (self.computer is None or self.computer.is_over())

    def count_if_over(self) -> None:
        """A full grid is counted the moment it is full (`count`): nothing waits for the window."""

    def count(self) -> None:
        """Count a finished game once (by its id), in the store's statistics: the next save point writes them."""
        self.counted_now = False
        if not self.finished() or self.game_id in self.watched:
            return
        score = self.game.score().total
        key = stats_key(self.game)
        seconds = self.seconds.get(self.game_id)
        shown = None if seconds is None else round(seconds)
        result = "finished" if self.computer is None else "won" if self.beat_computer() else "lost"
        placed = tuple(f"{record.card} {record.cell + 1}" for record in self.game.history)
        row = Played(now_stamp(), key, result, score, self.game.deal_number, moves=None, seconds=shown,
                     actions=placed)
        self.counted_now = self.store.record_keyed(STATS_SECTION, key, self.game_id, score, seconds=shown, played=row)

    # -- the clock -------------------------------------------------------------------------------------------

    def clock_running(self) -> bool:
        """From the first card placed until the grid is full (while the window shows the table)."""
        return self.game_id in self.seconds and self.game.placed_count > 0 and not self.game.is_over()

    def add_time(self, seconds: float) -> None:
        if self.game_id in self.seconds:
            self.seconds[self.game_id] += seconds

    def time_and_moves(self) -> tuple[float | None, int | None]:
        """Poker patience has no moves to count (every game is 25 placements): its time alone."""
        return self.seconds.get(self.game_id), None

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
        return self.store.stats

    def stats_for(self, key: str) -> KeyedStats:
        return self.stats.keyed.get(STATS_SECTION, {}).get(key) or KeyedStats()

    def played_keys(self) -> list[str]:
        return sorted(self.stats.keyed.get(STATS_SECTION, {}))
