"""poker.json: Poker patience's game in progress, its options, and which game the window opens in. No pygame.

`poker.json` (format "idioten-poker", version 1):

    {"format": "idioten-poker", "version": 1,
     "last_game": "idioten" | "poker" | ...,      written by the previous version only: the game chosen last,
                                                  now in settings.json (read from here once, `chosen_last`)
     "options": {"table": ..., "diagonals": ..., "joker": ..., "open_deck": ..., "competitive": ...},
     "current": GAME | null,                      the grid on the table
     "previous": GAME,                            optional: the grid a new deal or a restart replaced
     "following": GAME, "following_at": N}        optional: the grid Ctrl+Z left, and the number of cards
                                                  placed in "current" when it was left
    GAME = {"id": "...", "game": PokerGame.to_text(), "computer": PokerGame.to_text() | null}

"options" are what the player chose; they are read field by field, and a value that does not
fit keeps its default (a hand-edited choice never stops play, as in settings.json). The games must add up:
each text is replayed through the rules (`PokerGame.from_text`), an id is a non-empty text, the computer's
grid follows the player's (the same deck and options, the player's cards in the player's order, never
ahead), and "following_at" lies on the line of the current game (between its cards placed and its redo list's
end). `poker_from_json` raises `BadPokerSave` for a game that does not; the caller moves the file aside
(`Store.reject_file`) and keeps the choices (`choices_from_json`). "previous" and "following" came after the
first version and are optional, so an older file loads as it always did.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from idioten.poker.options import DEFAULT_TABLE, TABLES
from idioten.storage.files import JsonObject
from idioten.storage.settings import OFF_ON, GameSetting, checked_values, is_game_name

if TYPE_CHECKING:  # the rules build their hand tables on import: only a saved grid read needs them (_grid)
    from idioten.poker.game import PokerGame

FILE = "poker.json"
FORMAT = "idioten-poker"
VERSION = 1


class BadPokerSave(ValueError):
    """A saved game that must not be trusted; the message says why (for logs and tests, not for players)."""


# Its options as any game declares its settings (storage/settings.py's `GameSetting`: the values each accepts,
# the first its default), kept in poker.json with the game they deal.
OPTIONS = (GameSetting("table", (DEFAULT_TABLE, *(t for t in TABLES if t != DEFAULT_TABLE))),
           GameSetting("diagonals", OFF_ON), GameSetting("joker", OFF_ON), GameSetting("open_deck", OFF_ON),
           GameSetting("competitive", OFF_ON))


@dataclass(frozen=True)
class PokerOptions:
    """The options of the next deal (a game on the table keeps the ones it was dealt with)."""
    table: str = DEFAULT_TABLE
    diagonals: bool = False
    joker: bool = False
    open_deck: bool = False
    competitive: bool = False

    def changed(self, name: str, value: object) -> PokerOptions:
        if not any(option.name == name and option.accepts(value) for option in OPTIONS):
            raise ValueError(f"{value!r} is not a valid {name}")
        fields: JsonObject = {name: value}
        return dataclasses.replace(self, **fields)

    def to_json(self) -> JsonObject:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: object) -> PokerOptions:
        """Field by field: a value that does not fit keeps its default (a hand-edited file never stops play)."""
        values = checked_values(OPTIONS, data)
        return cls(str(values["table"]), *(bool(values[option.name]) for option in OPTIONS[1:]))


@dataclass(frozen=True)
class SavedPokerGame:
    """One game of Poker patience: the player's grid, the computer's in the Competitive mode, the id its
    score is counted under. The grids change in place as cards are placed; a restart is a new one (same id)."""
    game: PokerGame
    computer: PokerGame | None
    game_id: str


@dataclass
class PokerSave:
    """What poker.json holds."""
    options: PokerOptions = field(default_factory=PokerOptions)
    current: SavedPokerGame | None = None
    previous: SavedPokerGame | None = None
    following: SavedPokerGame | None = None
    following_at: int = 0


def poker_to_json(save: PokerSave) -> JsonObject:
    data: JsonObject = {"format": FORMAT, "version": VERSION, "options": save.options.to_json(),
            "current": _game_to_json(save.current) if save.current is not None else None}
    if save.previous is not None:
        data["previous"] = _game_to_json(save.previous)
    if save.following is not None:
        data["following"], data["following_at"] = _game_to_json(save.following), save.following_at
    return data


def choices_from_json(data: JsonObject) -> PokerSave:
    """The player's choices alone (the options), each falling back to its default."""
    return PokerSave(PokerOptions.from_json(data.get("options")))


def chosen_last(folder: Path) -> str | None:
    """The game chosen last as a file of the previous version kept it ("last_game"), read once when
    settings.json has none yet; None for anything else. Quietly: a damaged file is the session's to set
    aside and say, when it reads the file."""
    try:
        data = json.loads((folder / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    name: object = data.get("last_game") if isinstance(data, dict) and data.get("format") == FORMAT else None
    return name if is_game_name(name) else None


def poker_from_json(data: JsonObject) -> PokerSave:
    """The choices and the games, verified; raises BadPokerSave if a game does not add up. Without a current
    game, the games kept for Ctrl+Z and Ctrl+Y are not read: there is nothing to go back from."""
    save = choices_from_json(data)
    if data.get("current") is None:
        return save
    save.current = _game_from_json(data["current"], "current")
    if data.get("previous") is not None:
        save.previous = _game_from_json(data["previous"], "previous")
    if data.get("following") is not None:
        save.following = _game_from_json(data["following"], "following")
        at, game = data.get("following_at"), save.current.game
        if type(at) is not int or not game.placed_count <= at <= game.placed_count + len(game.future):
            raise BadPokerSave("following_at is not on the line of the current game")
        save.following_at = at
    return save


def _game_to_json(saved: SavedPokerGame) -> JsonObject:
    return {"id": saved.game_id, "game": saved.game.to_text(),
            "computer": saved.computer.to_text() if saved.computer is not None else None}


def _game_from_json(document: object, name: str) -> SavedPokerGame:
    if not isinstance(document, dict):
        raise BadPokerSave(f"{name} should be an object")
    game_id = document.get("id")
    if not isinstance(game_id, str) or not game_id:
        raise BadPokerSave(f"{name}: a saved poker game needs its id")
    game = _grid(document.get("game"), f"{name}.game")
    computer = document.get("computer")
    if computer is not None:
        computer = _grid(computer, f"{name}.computer")
        if not _follows(computer, game):
            raise BadPokerSave(f"{name}: the computer's grid does not follow the player's")
    return SavedPokerGame(game, computer, game_id)


def _grid(text: object, name: str) -> PokerGame:
    if not isinstance(text, str):
        raise BadPokerSave(f"{name} should be text")
    from idioten.poker.game import PokerGame
    try:
        return PokerGame.from_text(text)
    except ValueError as err:  # CardError: a text that could not have come from play
        raise BadPokerSave(f"{name}: {err}") from None


def _follows(computer: PokerGame, game: PokerGame) -> bool:
    """The computer places the player's cards in the player's order under the same options, never ahead of
    the player."""
    same_options = (computer.table, computer.diagonals, computer.open_deck) == (game.table, game.diagonals,
                                                                                 game.open_deck)
    played = [record.card for record in game.history]
    return (same_options and computer.deck == game.deck and computer.placed_count <= game.placed_count
            and [record.card for record in computer.history] == played[:computer.placed_count])
