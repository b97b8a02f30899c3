"""Aces Up (Idioten) as the window plays it, without the window: the game in play and the games a new deal or
a restart keeps within reach, the verbs that change them, what is saved and what is counted. No pygame here,
so all of it is tested without a window (tests/play/test_play_acesup.py).

The rules stay in `idioten.acesup.rules`: `act` asks `Game.apply`, which raises `IllegalAction` with the
reason; undo and redo walk the game's own line. Every verb returns a `change.Change` (None when there was
nothing to take back or do again) that the window animates.

- A new deal or a restart keeps the game it replaced for Ctrl+Z (`back`), and `back` keeps the game it left
  for Ctrl+Y (`forward`), as `chain.GameChain` says: a game is left for good only by the first action in the
  game that replaced it (not by an undo or redo, so Ctrl+Z, Ctrl+Z, Ctrl+Y, Ctrl+Y comes back to it), and
  only then counted as abandoned (once, through the store: `Store.abandoned`). A restart is the same game
  for the statistics (the same id): while a game of its id stays in play or within reach, nothing is counted.
- `undo_used` (an undo, or a restart, which takes back every action) decides "won without undo";
  `by_computer` marks a game whose last action the demo or the shown solution played: the window says so
  when it asks for the action, and such a game is not the player's result.
- A game put in play is stamped with the day it is the deal of (`SavedGame.daily`, from `daily.DailyDeals`);
  a game that ends is counted for its day at once, and as a finished game (`count_if_over`) when the
  window has shown it end.
- After a change, `save_point` counts the games left for good and gives the document to write
  (`storage.game`'s game.json, with the games kept); the window hands it to its writer thread after the
  frame that shows the change.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from idioten.acesup.rules import Action, Game
from idioten.cards import MAX_DEAL, MIN_DEAL, deal_cards
from idioten.play.acesup.daily import DailyDeals
from idioten.play.chain import GameChain
from idioten.play.change import Change, How
from idioten.play.session import NamedDeal, Opening, SavePoint
from idioten.storage.files import Notice
from idioten.storage.game import GAME_FILE, SavedGame, game_to_json
from idioten.storage.store import Store


@dataclasses.dataclass(frozen=True)
class Held:
    """What `AcesUpSession.hold` took: copies of the game in play and the games kept (current, previous,
    following), and where `following` comes back."""
    games: tuple[SavedGame, SavedGame | None, SavedGame | None]
    following_at: int


def _first(opening: Opening) -> SavedGame:
    """A first start's game, or the deal the command line named."""
    variant = opening.variant or opening.store.settings.variant
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
        move in the new one. Otherwise the saved game is resumed exactly as it was left, a finished one too
        (it was counted when the store opened). The store's own notices are the window's to say."""
        store, saved = opening.store, opening.store.saved_game
        if saved is None:
            session = cls(store, _first(opening), unsaved=True, rng=opening.rng, variant=opening.variant)
            return session, []
        session = cls(store, saved, rng=opening.rng, variant=opening.variant)
        if opening.deal is not None:
            session.new_deal(session.deal_named(opening.deal))
        return session, []

    @property
    def variant(self) -> str:
        """The variant of the next new deal: the command line's for this run, else the settings'."""
        return self.fixed_variant or self.store.settings.variant

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
        self._stepped(by_computer)
        return Change(How.REDO, record)

    def _stepped(self, by_computer: bool) -> None:
        game = self.game
        self.saved.by_computer = by_computer  # whoever played last owns the game's result, over or left
        if game.is_over():
            self._notices.append(self.days.count(self.store, game, by_computer))
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
        return self._replace(SavedGame(fresh, saved.game_id, saved.undo_used or saved.played), How.RESTART)

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
        self._notices += [self.store.abandoned(k) for k in left]
        return SavePoint(GAME_FILE, self.document())

    def finished(self) -> bool:
        return self.game.is_over()

    def count_if_over(self) -> None:
        """A finished game counted (once per game id; not when the computer played its last action)."""
        if self.game.is_over():
            self._notices.append(self.store.game_finished(self.saved))

    def take_notices(self) -> list[Notice]:
        """What the store could not write since the last call, to show once."""
        notices, self._notices = [n for n in self._notices if n is not None], []
        return notices
