"""The game in progress, saved after every action and restored at start. No pygame here.

`SavedGame(game, game_id, undo_used)` is what the window keeps next to its `rules.Game`:
- `game_id` names this game for the statistics ("counted once"); `new_game_id()` makes one per new deal.
- `undo_used` is set by the window on undo (and on restart, which takes back every action); it decides
  "won without undo".
- `by_computer`: the demo or the shown solution played the game's last action; such a game, finished or left,
  is not the player's win, loss or abandoned game and is not counted (the statistics screen says so).
- `previous`: the game a new deal or a restart replaced, while Ctrl+Z can still bring it back (until the
  first action in the new game); it is counted as abandoned only when it is dropped. Never nested deeper.
- `following`: the game Ctrl+Z left when it brought `previous` back, while Ctrl+Y can still return to it
  (until an action in the game brought back); `following_at` is the length of that game's history when it was
  left: Ctrl+Y goes forward from there. Counted as abandoned when dropped, like `previous`.
- `daily`: the day ("YYYY-MM-DD") whose deal of the day this game is (`acesup.daily`), None for any other
  game. It belongs to the game, not to the clock: a game of the 3rd played on past midnight or resumed the
  next day is still the 3rd's deal and counts for the 3rd.

`game.json` (format "idioten-game", version 1) holds the start position (`Game.start_text`), the history as
move notation ("deal", "discard 1", "move 2 3"), the redo list (`Game.future`, same order: the last entry is
redone first), the current position (`Game.to_text()`), deal number, variant, game id and undo flag; since
the undoable new deal also `by_computer` and `previous` (a whole game document of the same form), and since
Ctrl+Y after it `following` (the same) with `following_at`, and since the deal of the day survives a restart
`daily` (written only for such a game); all optional, so a save from before them loads as it always did (and
an older program ignores them). A `daily` that is not a date, or on a game that cannot be a deal of the day
(no deal number, another variant), makes the save untrustworthy.
Loading rebuilds the game by replaying the history from the start position with every action verified by
`rules.py`, then checks that the replay reaches the stored position, that the redo list can be redone, and,
for a numbered deal, that the start is that deal. A save failing any check is moved aside like any bad file.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from idioten.acesup.daily import DAILY_VARIANT
from idioten.acesup.rules import VARIANTS, Action, Game
from idioten.cards import CardError, check_deal_number, deal_cards
from idioten.errors import IllegalAction
from idioten.storage.checks import is_day
from idioten.storage.files import JsonObject, Notice, data_dir, read_json, set_aside, write_json_atomic

GAME_FILE = "game.json"
GAME_FORMAT = "idioten-game"
GAME_VERSION = 1
MAX_ID_LENGTH = 64
T = TypeVar("T")


@dataclass
class SavedGame:
    game: Game
    game_id: str
    undo_used: bool = False
    by_computer: bool = False
    previous: "SavedGame | None" = None
    following: "SavedGame | None" = None
    following_at: int = 0
    daily: str | None = None
    # Time and moves, for the clock on the status bar and the best of the statistics: the seconds the game
    # was on screen and played, and every action, undo, redo and restart made. None: not known (a game
    # saved before they were kept).
    seconds: float | None = 0.0
    moves: int | None = 0

    @classmethod
    def start(cls, game: Game) -> "SavedGame":
        """A fresh game: a new id, no undo yet."""
        return cls(game, new_game_id(), False)

    @property
    def played(self) -> bool:
        """Worth counting when abandoned: at least one action was made (and maybe taken back)."""
        return bool(self.game.history) or self.undo_used


def new_game_id() -> str:
    return uuid.uuid4().hex


class BadSave(ValueError):
    """A saved game that must not be trusted; the message says why (for logs and tests, not for players)."""


def game_to_json(saved: SavedGame) -> JsonObject:
    game = saved.game
    data = {
        "format": GAME_FORMAT,
        "version": GAME_VERSION,
        "game_id": saved.game_id,
        "variant": game.variant,
        "deal_number": game.deal_number,
        "start": game.start_text,
        "history": [str(action) for action, _record in game.history],
        "future": [str(action) for action in game.future],
        "position": game.to_text(),
        "undo_used": saved.undo_used,
        "by_computer": saved.by_computer,
    }
    if saved.daily is not None:
        data["daily"] = saved.daily
    if saved.seconds is not None:
        data["seconds"] = round(saved.seconds, 1)
    if saved.moves is not None:
        data["moves"] = saved.moves
    for name in ("previous", "following"):
        kept = getattr(saved, name)
        if kept is not None:
            data[name] = game_to_json(SavedGame(kept.game, kept.game_id, kept.undo_used, kept.by_computer,
                                                daily=kept.daily, seconds=kept.seconds, moves=kept.moves))
    if saved.following is not None:
        data["following_at"] = saved.following_at
    return data


def game_from_json(data: JsonObject, nested: bool = False) -> SavedGame:
    """Rebuild and verify a saved game (and the previous game in it); raises BadSave if anything does not
    add up."""
    game_id = _field(data, "game_id", str)
    if not 0 < len(game_id) <= MAX_ID_LENGTH:
        raise BadSave("game_id has the wrong length")
    variant = _field(data, "variant", str)
    if variant not in VARIANTS:
        raise BadSave(f"unknown variant {variant!r}")
    deal_number = data.get("deal_number")
    if deal_number is not None:
        deal_number = _field(data, "deal_number", int)
    start, position = _field(data, "start", str), _field(data, "position", str)
    history = [_action(text) for text in _field(data, "history", list)]
    future = [_action(text) for text in _field(data, "future", list)]
    undo_used = _field(data, "undo_used", bool)
    by_computer = _field(data, "by_computer", bool) if "by_computer" in data else False
    daily = _day(data, variant, deal_number)
    seconds, moves = _played_for(data)
    kept = {}
    for name in ("previous", "following"):
        if data.get(name) is not None:
            if nested:
                raise BadSave(f"a kept game holds no {name} game of its own")
            kept[name] = game_from_json(_field(data, name, dict), nested=True)
    following_at = _field(data, "following_at", int) if "following" in kept else 0

    try:
        game = Game.from_text(start, deal_number)
    except CardError as err:
        raise BadSave(f"bad start position: {err}") from None
    if game.variant != variant:
        raise BadSave("the start position is of another variant")
    if deal_number is not None:
        _check_numbered_start(game, deal_number)
    try:
        game.replay(history)
        if game.to_text() != position:
            raise BadSave("the history does not lead to the saved position")
        probe = game.copy()
        for action in reversed(future):
            probe.apply(action)
    except IllegalAction as err:
        raise BadSave(f"illegal action in the save: {err}") from None
    game.future = future
    if "following" in kept and not len(history) <= following_at <= len(history) + len(future):
        raise BadSave("following_at is not on the line of this game's history and redo list")
    return SavedGame(game, game_id, undo_used, by_computer, kept.get("previous"), kept.get("following"),
                     following_at, daily, seconds, moves)


MAX_SECONDS = 10**7  # over a hundred days on one game: a damaged file


def _played_for(data: JsonObject) -> tuple[float | None, int | None]:
    """The seconds and moves of the game, None where the file does not know them (written before them)."""
    seconds = data.get("seconds")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 <= seconds <= MAX_SECONDS):
        raise BadSave("seconds should be a number of seconds")
    moves = data.get("moves")
    if moves is not None and not 0 <= _field(data, "moves", int) <= MAX_SECONDS:
        raise BadSave("moves should be a count")
    return (float(seconds) if seconds is not None else None), moves


def _day(data: JsonObject, variant: str, deal_number: int | None) -> str | None:
    day = data.get("daily")
    if day is None:
        return None
    if not is_day(day):
        raise BadSave(f"daily should be a day written YYYY-MM-DD, not {day!r}")
    if deal_number is None or variant != DAILY_VARIANT:
        raise BadSave("only a numbered deal in the standard variant can be a deal of the day")
    return day


def _check_numbered_start(game: Game, deal_number: int) -> None:
    try:
        expected = Game.new(deal_cards(check_deal_number(deal_number)), game.variant).start_text
    except CardError as err:
        raise BadSave(f"bad deal number: {err}") from None
    if game.start_text != expected:
        raise BadSave(f"the start position is not deal {deal_number}")


def _field(data: JsonObject, name: str, kind: type[T]) -> T:
    value = data.get(name)
    # bool is a subclass of int, but true is no deal number and 1 is no flag.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadSave(f"{name} should be {kind.__name__}")
    return value


def _action(text: object) -> Action:
    if not isinstance(text, str):
        raise BadSave("an action is not text")
    try:
        return Action.parse(text)
    except ValueError as err:
        raise BadSave(str(err)) from None


def game_path(folder: Path | None = None) -> Path:
    return Path(folder if folder is not None else data_dir()) / GAME_FILE


def save_game(saved: SavedGame, folder: Path | None = None) -> None:
    """Write the game atomically; raises storage.files.StoreError (with a `.notice`) if it cannot."""
    write_json_atomic(game_path(folder), game_to_json(saved))


def load_game(folder: Path | None = None) -> tuple[SavedGame | None, list[Notice]]:
    """The saved game, or None (no save, or a bad one that was moved aside: the notices say so)."""
    path = game_path(folder)
    data, notices = read_json(path, GAME_FORMAT, GAME_VERSION)
    if data is None:
        return None, notices
    try:
        return game_from_json(data), notices
    except BadSave:
        return None, notices + [set_aside(path, "bad")]
