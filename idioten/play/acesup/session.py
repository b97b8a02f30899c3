"""Aces Up (Idioten) as the window plays it, without the window: the game in play and the games a new deal or
a restart keeps within reach, the verbs that change them, what is saved and what is counted. No pygame here,
so all of it is tested without a window (tests/play/test_play_acesup.py).

The rules stay in `idioten.acesup.rules`: `act` asks `Game.apply`, which raises `IllegalAction` with the
reason; undo and redo walk the game's own line. Every verb returns a `change.Change` (None when there was
nothing to take back or do again) that the window animates.

- A new deal or a restart keeps the game it replaced for Ctrl+Z (`back`), and `back` keeps the game it left
  for Ctrl+Y (`forward`), as `chain.GameChain` says: a game is left for good only by the first action in the
  game that replaced it (not by an undo or redo, so Ctrl+Z, Ctrl+Z, Ctrl+Y, Ctrl+Y comes back to it), and
  only then counted as abandoned with its score so far, if it was played (`count_left`). A restart is the
  same game for the statistics (the same id): while a game of its id stays in play or within reach, nothing
  is counted.
- `undo_used` (an undo, or a restart, which takes back every action) decides "won without undo";
  `by_computer` marks a game whose last action the demo or the shown solution played: the window says so
  when it asks for the action, and such a game is not the player's result.
- A game put in play is stamped with the day it is the deal of (`SavedGame.daily`, from `daily.DailyDeals`);
  a game that ends is counted for its day at once, and as a finished game (`count_if_over`) when the
  window has shown it end.
- After a change, `save_point` counts the games left for good and gives the document to write
  (`storage.game`'s game.json, with the games kept); the window hands it to its writer thread after the
  frame that shows the change, with stats.json's (play/session.py's `save_points`).
- Counting only marks: it changes the store's statistics in memory (`Store.record_result`,
  `record_daily`), and stats.json is written with the next save points. Every count is once per game id
  (a day once per day), so a count that reached the disk before a kill is never counted again, and one that
  did not is made again: `open` counts a finished game the file still holds (the last run may have been
  killed between saving it and counting it), and a game left for good stays in game.json until stats.json,
  written first, holds its count.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from idioten.acesup.rules import Action, Game
from idioten.cards import MAX_DEAL, MIN_DEAL, deal_cards
from idioten.play.acesup.daily import DailyDeals
from idioten.play.acesup.settings import aces_up_settings, fixed_variant, problems
from idioten.play.chain import GameChain
from idioten.play.change import Change, How
from idioten.play.session import NamedDeal, Opening, SavePoint
from idioten.storage.files import Notice
from idioten.storage.game import GAME_FILE, GAME_FORMAT, GAME_VERSION, BadSave, SavedGame, game_from_json, game_to_json
from idioten.storage.history import row_of
from idioten.storage.store import Store


def load(store: Store) -> tuple[SavedGame | None, list[Notice]]:
    """game.json read through the store, as Poker reads poker.json: the saved game with the games it keeps,
    or None (no file, or one set aside: the notices say so)."""
    data, notices = store.load_file(GAME_FILE, GAME_FORMAT, GAME_VERSION)
    if data is None:
        return None, notices
    try:
        return game_from_json(data), notices
    except BadSave:
        return None, notices + [store.reject_file(GAME_FILE)]


@dataclasses.dataclass(frozen=True)
class Held:
    """What `AcesUpSession.hold` took: copies of the game in play and the games kept (current, previous,
    following), and where `following` comes back."""
    games: tuple[SavedGame, SavedGame | None, SavedGame | None]
    following_at: int


def _first(opening: Opening) -> SavedGame:
    """A first start's game, or the deal the command line named."""
    variant = fixed_variant(opening.fixed) or aces_up_settings(opening.store.settings).variant
    if opening.deal is not None:
        return SavedGame.start(Game.new(list(opening.deal.cards), variant, opening.deal.number))
    number = opening.rng.randint(MIN_DEAL, MAX_DEAL)
    return SavedGame.start(Game.new(deal_cards(number), variant, number))


def _position(saved: SavedGame) -> int:
    return len(saved.game.history)


def _progressed(saved: SavedGame) -> bool:
    return saved.game.progressed()


class AcesUpSession:
    def __init__(self, store: Store, saved: SavedGame, *, unsaved: bool = False, rng: random.Random | None = None,
                 variant: str | None = None):
        """`saved` as the store gave it (with the games it keeps) or a fresh one (`unsaved`: not on disk yet);
        `rng` deals new deals, in `variant` if the command line fixed one (else the settings')."""
        self.store = store
        self.rng = rng if rng is not None else random.Random()
        self.fixed_variant = variant
        self.days = DailyDeals()
        self.chain = GameChain(saved, _position, _progressed, previous=saved.previous, following=saved.following,
                               following_at=saved.following_at)
        saved.previous = saved.following = None  # the chain keeps them from now on
        for kept in (saved, *self.chain.kept()):
            self.days.resumed(kept.game, kept.daily)  # a deal of the day stays one after a restart
        self.unsaved = unsaved  # changed since the last `save_point`
        self._left: list[SavedGame] = []  # games no Ctrl+Z or Ctrl+Y brings back any more, not yet counted
        self._notices: list[Notice | None] = []  # None: written, nothing to say

    @classmethod
    def start(cls, store: Store, game: Game, rng: random.Random | None = None) -> "AcesUpSession":
        return cls(store, SavedGame.start(game), unsaved=True, rng=rng)

    @classmethod
    def open(cls, opening: Opening) -> tuple["AcesUpSession", list[Notice]]:
        """The session on the store, with the game to show first. A deal named on the command line replaces
        the saved game as a new deal in the window does: the game replaced stays behind Ctrl+Z until the first
        move in the new one. Otherwise the saved game is resumed exactly as it was left, a finished one too.
        A finished game the file holds is counted now (once per id: the last run may have been killed between
        saving it and counting it). Returns what the store said of the file (set aside, ...)."""
        store = opening.store
        saved, notices = load(store)
        notices = problems(store.settings) + notices  # its own settings are its to check
        if saved is None:
            session = cls(store, _first(opening), unsaved=True, rng=opening.rng, variant=fixed_variant(opening.fixed))
            return session, notices
        session = cls(store, saved, rng=opening.rng, variant=fixed_variant(opening.fixed))
        for kept in (session.saved, *session.chain.kept()):
            if kept.game.is_over():
                session.count_finished(kept)
        if opening.deal is not None:
            session.new_deal(session.deal_named(opening.deal))
        return session, notices

    @property
    def variant(self) -> str:
        """The variant of the next new deal: the command line's for this run, else the settings'."""
        return self.fixed_variant or aces_up_settings(self.store.settings).variant

    def random_game(self) -> Game:
        number = self.rng.randint(MIN_DEAL, MAX_DEAL)
        return Game.new(deal_cards(number), self.variant, number)

    def deal_named(self, deal: NamedDeal) -> Game:
        return Game.new(list(deal.cards), self.variant, deal.number)

    # -- the game in play and the games kept ---------------------------------------------------------------

    @property
    def saved(self) -> SavedGame:
        return self.chain.current

    @property
    def game(self) -> Game:
        return self.chain.current.game

    @property
    def previous(self) -> SavedGame | None:
        return self.chain.previous

    @property
    def following(self) -> SavedGame | None:
        return self.chain.following

    @property
    def undo_used(self) -> bool:
        return self.saved.undo_used

    def can_undo(self) -> bool:
        return self.game.can_undo() or self.chain.can_go_back()

    def can_redo(self) -> bool:
        return self.game.can_redo() or self.chain.can_go_forward()

    def can_restart(self) -> bool:
        return self.game.can_undo()

    def can_go_back(self) -> bool:
        """Ctrl+Z now brings back the game a new deal or restart replaced."""
        return self.chain.can_go_back()

    def can_go_forward(self) -> bool:
        """Ctrl+Y now brings back the game the last Ctrl+Z left."""
        return self.chain.can_go_forward()

    def keeps_a_game(self) -> bool:
        """A game a new deal or restart replaced is still within reach of Ctrl+Z (the window says so)."""
        return self.chain.previous is not None

    # -- steps on the game's own line --------------------------------------------------------------------

    def act(self, action: Action, *, by_computer: bool = False) -> Change:
        """Do `action` (raises IllegalAction, with the rules' reason, if it cannot be done); `by_computer`
        when the demo or the shown solution asks."""
        record = self.game.apply(action)
        self._moved()
        self._leave(self.chain.played())  # play in this game: the games it replaced or left are left for good
        self._stepped(by_computer)
        return Change(How.ACTION, record)

    def undo(self) -> Change | None:
        """Take the last action back, or at the start of a game that replaced another bring that one back
        (BACK). None when there is nothing to take back."""
        if self.chain.can_go_back():
            return self.back()
        record = self.game.undo()
        if record is None:
            return None
        self.saved.undo_used = True
        self._moved()
        self._stepped(by_computer=False)
        return Change(How.UNDO, record)

    def redo(self, *, by_computer: bool = False) -> Change | None:
        """Do the last action taken back again, or undo a BACK where it left off (FORWARD). None when there
        is nothing to do again."""
        if self.chain.can_go_forward():
            return self.forward()
        record = self.game.redo()
        if record is None:
            return None
        self._moved()
        self._stepped(by_computer)
        return Change(How.REDO, record)

    def _moved(self) -> None:
        """Every action, undo, redo and restart is a move, as most patience programs count them."""
        if self.saved.moves is not None:
            self.saved.moves += 1

    def _stepped(self, by_computer: bool) -> None:
        game = self.game
        self.saved.by_computer = by_computer  # whoever played last owns the game's result, over or left
        if game.is_over():
            self.days.count(self.store, game, by_computer)
        self.unsaved = True

    # -- another game in play ----------------------------------------------------------------------------

    def new_deal(self, game: Game | None = None) -> Change:
        """`game` (None: a random deal) in play, a game of its own for the statistics; the one it replaces
        stays within reach."""
        return self._replace(SavedGame.start(game if game is not None else self.random_game()), How.NEW_DEAL)

    def restart(self) -> Change:
        """The same deal from its start, the same game for the statistics; it takes back every action, so
        it counts against "won without undo" once anything was played."""
        saved = self.saved
        fresh = saved.game.copy()
        fresh.restart()
        moves = None if saved.moves is None else saved.moves + 1  # the same game: its clock and moves go on
        return self._replace(SavedGame(fresh, saved.game_id, saved.undo_used or saved.played, seconds=saved.seconds,
                                       moves=moves), How.RESTART)

    def switch_variant(self, variant: str) -> Change | None:
        """A game not yet touched is dealt again in `variant` at once (nothing is lost); None if the game
        stays as it is (or the command line fixed the variant for this run)."""
        game = self.game
        if self.fixed_variant is not None:
            return None
        if game.variant == variant or game.progressed() or self.undo_used:
            return None
        start = Game.from_text(game.start_text)
        return self.new_deal(Game(start.piles, start.stock, start.discards, variant, game.deal_number))

    def _replace(self, new: SavedGame, how: How) -> Change:
        new.daily = self.days.day_text(new.game)  # the deal of the day stays that day's deal
        self._leave(self.chain.replace(new))
        self.unsaved = True
        return Change(how)

    def back(self) -> Change:
        """Ctrl+Z at the start of a game that replaced another (`can_go_back`): that game, as it was left."""
        self.chain.back()
        self.unsaved = True
        return Change(How.BACK)

    def forward(self) -> Change:
        """Ctrl+Y after `back`, where it left off (`can_go_forward`): the game it left, as it was left."""
        self.chain.forward()
        self.unsaved = True
        return Change(How.FORWARD)

    def hold(self) -> Held:
        """The game in play and the games kept for Ctrl+Z and Ctrl+Y, as they are now, apart from anything
        played later: what the shown solution (which restarts the deal and plays it) puts back when the
        player quits, or deals, restarts or switches games, during its playback."""
        chain = self.chain
        return Held(copy.deepcopy((chain.current, chain.previous, chain.following)), chain.following_at)

    def bring_back(self, held: Held) -> Change:
        """The games `hold` took, in play again as they were (BACK: another game in play). The games played
        meanwhile were the computer's line of the same game (the same id): nothing of them is counted."""
        (current, previous, following), following_at = copy.deepcopy(held.games), held.following_at
        chain = self.chain
        chain.current, chain.previous, chain.following, chain.following_at = current, previous, following, following_at
        self.unsaved = True
        return Change(How.BACK)

    def _leave(self, games: list[SavedGame]) -> None:
        # By id: a restart is the same game, counted when the last of its id is left (or finished).
        staying = {k.game_id for k in (self.chain.current, *self.chain.kept())}
        self._left += [k for k in games if k.game_id not in staying]

    # -- saving and counting -----------------------------------------------------------------------------

    def document(self) -> dict[str, Any]:
        """game.json's document: the game in play with the games kept for Ctrl+Z and Ctrl+Y."""
        chain = self.chain
        return game_to_json(dataclasses.replace(chain.current, previous=chain.previous, following=chain.following,
                                                following_at=chain.following_at))

    def save_point(self) -> SavePoint | None:
        """After a change: the games left for good are counted now, and game.json's new document is returned
        (None when nothing changed since the last call)."""
        if not self.unsaved:
            return None
        self.unsaved = False
        left, self._left = self._left, []
        for kept in left:
            self.count_left(kept)
        return SavePoint(GAME_FILE, self.document())

    def finished(self) -> bool:
        return self.game.is_over()

    def count_if_over(self) -> None:
        """A finished game counted (once per game id; not when the computer played its last action)."""
        if self.game.is_over():
            self.count_finished(self.saved)

    def count_finished(self, saved: SavedGame) -> None:
        """A game that is over, counted once per game id (undo after the end and ending again changes nothing),
        and for its day if it is a deal of the day (the window counts the day the moment the game ends; this
        catches a run killed before it could); nothing when the computer played its last action."""
        self._count(saved, left=False)
        if saved.daily is not None and not saved.by_computer:
            self.store.record_daily(saved.daily, saved.game.is_won())

    def count_left(self, saved: SavedGame) -> None:
        """A game left for good (no Ctrl+Z brings it back): counted with its score so far if it was played."""
        if saved.played:
            self._count(saved, left=True)

    def _count(self, saved: SavedGame, left: bool) -> None:
        if saved.by_computer:  # the demo or the shown solution played its last action: not the player's
            return
        game = saved.game
        seconds = None if saved.seconds is None else round(saved.seconds)
        self.store.record_result(saved.game_id, game.variant, game.score, game.is_won(), saved.undo_used,
                                 seconds=seconds, moves=saved.moves, played=row_of(saved, left))

    # -- the clock and the games not yet counted ------------------------------------------------------------

    def clock_running(self) -> bool:
        """The game's clock runs from its first move until it is over (while the window shows the table)."""
        saved = self.saved
        return saved.seconds is not None and bool(saved.moves) and not self.game.is_over()

    def add_time(self, seconds: float) -> None:
        if self.saved.seconds is not None:
            self.saved.seconds += seconds

    def time_and_moves(self) -> tuple[float | None, int | None]:
        return self.saved.seconds, self.saved.moves

    def pending_left(self) -> list[SavedGame]:
        """Games left with a new deal that Ctrl+Z can still bring back: counted as left once they are out of
        reach, and not before, so that a count once made stands. The statistics panel shows them meanwhile."""
        staying = self.saved.game_id
        return [k for k in self.chain.kept() if k.played and not k.by_computer and k.game_id != staying
                and not self.store.stats.is_counted(k.game_id)]

    def take_notices(self) -> list[Notice]:
        """What the session has to say once since the last call (nothing today: what the store could not write
        reaches the window through its writer)."""
        notices, self._notices = [n for n in self._notices if n is not None], []
        return notices
