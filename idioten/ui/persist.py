"""Glue between the window and the storage layer (`idioten/storage/store.py`).

The program start (`launch.py`) opens the store and attaches a `Persistence` to the window, which then keeps
the store in step with it:

- The table reports every action, undo and redo through `App.on_action` with the action's record (an undo
  says so: it counts against "won without undo"), and a new deal, a restart or the game before them brought
  back (Ctrl+Z) with a note from `replacing.py`; a restart keeps the game's id and counts against "won
  without undo" too. The game a new deal or restart replaced rides along in the save (`SavedGame.previous`,
  the table's `previous`) until the first action in the new game abandons it: only then is it counted.
  Ctrl+Z (BACK) keeps the game it left in the same way (`SavedGame.following`), for Ctrl+Y (FORWARD).
- A game whose last action the demo or the shown solution played is marked `by_computer`: not counted.
- A game on the table that is a deal of the day carries its day in the save (`SavedGame.daily`, from the
  window's `DailyDeal`), so it is still that day's deal when the program starts again.
- Saving starts once the frame that shows the action has been drawn (`flush`, called by `App.step`): the
  game's document is handed to a writer thread (`save_writer.py`), because a save ends in fsyncs that take
  from 2 to 30 ms and more on a busy disk, up to two frames. Only the newest document is written, so a kill
  -9 loses at most the actions of the last few milliseconds; the file is always whole (atomic rename).
- A game that ends is counted when the animations have stopped (statistics are written between frames), an
  abandoned game in the turn it is abandoned; the statistics file is written by the
  window thread, the only one that changes the statistics.
- Every write that fails gives a one-line notice for the message line; play goes on in memory.

Settings live in the store (`storage.settings.Settings`, immutable); a change replaces the window's
`app.settings` with the store's new object and the card pictures are rendered afresh.
"""

from __future__ import annotations

from idioten.acesup.rules import Game
from idioten.storage.store import SavedGame, Store
from idioten.storage.files import Notice
from idioten.storage.game import game_to_json, progressed
from idioten.ui.replacing import BACK, FORWARD, RESTART, is_replacement
from idioten.storage.settings import Settings
from idioten.storage.stats import Statistics
from idioten.ui.save_writer import SaveWriter

NOTICE_SECONDS = 12.0  # a warning about the player's files stays longer than a move's message


class MemoryStore(Store):
    """A store that never touches the disk: for a window opened without one (tests, benchmarks)."""

    def __init__(self, settings: Settings):
        super().__init__(".", settings, Statistics(), None, [])

    def _write(self, file_name, write):
        return None


class Persistence:
    def __init__(self, app, store: Store, saved: SavedGame, *, variant_fixed: bool = False):
        self.app = app
        self.store = store
        self.saved = saved
        self.variant_fixed = variant_fixed  # --variant on the command line: new deals keep it this run
        self._abandoned: list[SavedGame] = []  # games no Ctrl+Z can bring back any more, not yet counted
        self.pending = False
        self._count_when_still = False
        self._writer: SaveWriter | None = None  # its thread starts with the first save

    @property
    def writer(self) -> SaveWriter:
        if self._writer is None:
            self._writer = SaveWriter(self.store)
        return self._writer

    # -- the game ----------------------------------------------------------------------------------------

    def on_action(self, game: Game, record, undone: bool = False) -> None:
        """What the table did: an action or a redo (its record), an undo (`undone`), or a note of `replacing`."""
        saved = self.saved
        kept = [k for k in (saved, saved.previous, saved.following) if k is not None]
        if is_replacement(record):
            if record == BACK and saved.previous is not None:
                current = saved.previous  # the game the table brought back, as it was left
                current.previous = None
                saved.previous = saved.following = None
                current.following, current.following_at = saved, len(current.game.history)
            elif record == FORWARD and saved.following is not None:
                current = saved.following  # the game Ctrl+Z left, as it was left
                saved.following = None
                current.previous = saved
            else:
                if record == RESTART:
                    current = SavedGame(game, saved.game_id, saved.undo_used or saved.played)
                else:
                    current = SavedGame.start(game)
                keep_replaced(saved, current)
            current.daily = self.app.assistant.days.day_text(game)  # the deal of the day stays that day's deal
            self.saved = current
            self._abandoned += left_behind(kept, current)
        else:
            # The first action in a game (not an undo or redo, which the table lets walk back to where Ctrl+Y
            # goes forward): the game it replaced or left is left for good.
            dropped = [saved.previous] if saved.previous is not None else []
            if saved.following is not None and self.app.table.following is None:
                dropped.append(saved.following)
                saved.following = None
            self._abandoned += [k for k in dropped if k.game_id != saved.game_id]
            saved.previous = None
            if undone:
                saved.undo_used = True
            # The computer's last action ends a game that is not the player's result.
            saved.by_computer = game.is_over() and self.app.assistant.autoplay is not None
        self.pending = True

    def flush(self) -> None:
        """Save what changed since the last frame (the app calls this after drawing)."""
        if self._writer is not None:
            self.show(*self._writer.take_notices())
        if self.pending:
            self.pending = False
            # Store.replace_game without its synchronous save: the writer writes the new game after anything
            # of the old one still on its way.
            abandoned, self._abandoned = self._abandoned, []
            self.show(*(self.store.abandoned(old) for old in abandoned))
            self.writer.submit(game_to_json(self.saved))
            self._count_when_still = self.saved.game.is_over()
        if self._count_when_still and not self.app.busy():
            self.count_if_over()

    def count_if_over(self) -> None:
        self._count_when_still = False
        if self.saved.game.is_over():  # not taken back meanwhile
            self.show(self.store.game_finished(self.saved))

    def wait(self) -> None:
        """Until every save handed to the writer is on disk (tests, and scripted play)."""
        if self._writer is not None:
            self._writer.wait()

    def close(self) -> None:
        """At exit: the last save written, a finished game counted, the window's size and place remembered."""
        self.flush()
        state = self.app.window_state()
        if any(getattr(self.store.settings, name) != value for name, value in state.items()):
            self.show(self.store.change_settings(**state))
        if self._count_when_still:
            self.count_if_over()
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    # -- settings and statistics -------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.store.settings

    @property
    def stats(self) -> Statistics:
        return self.store.stats

    def change_setting(self, name: str, value) -> None:
        """Apply at once, remember, and say so if it could not be remembered."""
        if getattr(self.store.settings, name) == value and name != "language":
            return
        notice = self.store.change_setting(name, value)
        self.apply(name)
        self.show(notice)

    def apply(self, name: str) -> None:
        app, stored = self.app, self.store.settings
        app.settings = stored
        if name == "language":
            app.set_language(stored.language)
        elif name == "variant":
            self.variant_changed(stored.variant)
        else:
            app.images.forget()  # faces and backs are rendered for the settings they were made with
            app.mark_dirty()

    def variant_changed(self, variant: str) -> None:
        """New deals use the new variant. A game not yet touched switches at once: nothing is lost."""
        if self.variant_fixed:
            return
        self.app.variant = variant
        game = self.app.table.game
        if game.variant != variant and not game.history and not game.future and not self.saved.undo_used:
            start = Game.from_text(game.start_text)
            switched = Game(start.piles, start.stock, start.discards, variant, game.deal_number)
            self.app.table.set_game(switched)
            self.app.action_done(switched, None)

    def reset_stats(self) -> None:
        self.show(self.store.reset_stats())
        self.app.mark_dirty()

    # -- messages ----------------------------------------------------------------------------------------

    def show(self, *notices: Notice | None, after_current: bool = False) -> None:
        """Notices in the message line, one after the other (two damaged files are two messages), the first
        now or (`after_current`) after the message showing now."""
        texts = list(dict.fromkeys(n.text() for n in notices if n is not None))
        self.app.table.say_in_turn(texts, NOTICE_SECONDS, after_current=after_current)


def keep_replaced(replaced: SavedGame, current: SavedGame) -> None:
    """`current`, a new deal or a restart, keeps for Ctrl+Z what the table keeps: the game it replaced if
    anything was played in it, else the one that game kept (a new deal in the window, and `idioten --deal N`
    at start)."""
    current.previous = replaced if progressed(replaced.game) else replaced.previous
    if current.previous is not None:
        current.previous.previous = current.previous.following = None


def left_behind(before: list[SavedGame], current: SavedGame) -> list[SavedGame]:
    """The games of `before` that `current` no longer keeps for Ctrl+Z or Ctrl+Y: abandoned for good."""
    staying = {k.game_id for k in (current, current.previous, current.following) if k is not None}
    return [k for k in before if k.game_id not in staying]  # by id: a restart is the same game


def attach(app, store: Store, saved: SavedGame, *, follow_play: bool = True, **options) -> Persistence:
    persist = Persistence(app, store, saved, **options)
    app.persist = persist
    if follow_play:
        app.on_action = persist.on_action
    return persist


def persistence(app) -> Persistence:
    """The app's persistence. A window opened without a store (tests, benchmarks, the smoke run) gets one
    that keeps settings and statistics in memory and leaves the game alone: there is nowhere to save it."""
    if getattr(app, "persist", None) is None:
        attach(app, MemoryStore(app.settings), SavedGame.start(app.table.game), follow_play=False)
    return app.persist
