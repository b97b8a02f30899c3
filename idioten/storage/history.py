"""The history of games: the last games finished or left, per game, as the statistics panel lists them. No pygame.

One `Played` per game counted (`Statistics.record_result` / `record_keyed` append it when they count), newest
last, at most `KEPT` per game ("idioten", "poker"). Each names when it was counted, the deal (its number, or
the day whose deal of the day it was), the variant (Poker: the table key), how it ended ("won", "lost",
"left", or for a grid of Poker patience played alone "finished"), its score, and where known the moves made
and the seconds played (a game resumed from a file written before the clock existed has neither). An Idioten
game keeps its actions in move notation too, the text `idioten analyse --deal N --moves "…"` reads, so a row
can be copied and watched again; a grid of Poker patience keeps its placements, each a card and the cell it
went into, 1–25 row by row ("QH 13", the joker "JK 7"), in the order they were made (play/poker/replay.py).

In stats.json the history is a list per game under "history"; a file without it (written before it existed)
loads with an empty history. Each entry is checked on its own (`played_from_json`): a damaged entry is
dropped, the others stay.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from idioten.acesup.rules import VARIANTS, Action
from idioten.cards import MAX_DEAL, MIN_DEAL
from idioten.storage.checks import is_count, is_day, is_minute
from idioten.storage.files import JsonObject

if TYPE_CHECKING:
    from idioten.storage.game import SavedGame

KEPT = 200  # rows per game; the panel lists them newest first
RESULTS = ("won", "lost", "left", "finished")  # "finished": a grid of Poker patience filled alone
MAX_SECONDS = 10**7  # more than a hundred days on one game is a damaged file, not a slow player
MAX_MOVES = 10**6
MAX_SCORE = 10**6
MAX_ACTIONS = 2000  # an Idioten game has at most a few hundred actions (undo shortens the line kept)
_KEY = re.compile(r"[a-z][a-z0-9_+]{0,63}")
_PLACEMENT = re.compile(r"(?:[2-9TJQKA][CDHS]|JK) (?:[1-9]|1[0-9]|2[0-5])")  # a card, then its cell 1-25
POKER_CELLS = 25


@dataclass(frozen=True)
class Played:
    when: str  # "YYYY-MM-DDTHH:MM" local time, when it was counted
    variant: str  # Idioten's variant, or Poker's table key ("classic+diagonals")
    result: str  # one of RESULTS
    score: int
    deal: int | None = None
    daily: str | None = None  # "YYYY-MM-DD": the deal of that day
    moves: int | None = None
    seconds: int | None = None
    actions: tuple[str, ...] = field(default_factory=tuple)  # Idioten's line of play, or Poker's placements

    def moves_text(self) -> str:
        """The line of play as `idioten analyse --moves` reads it: actions separated by commas."""
        return ", ".join(self.actions)


def now_stamp(now: dt.datetime | None = None) -> str:
    return (now or dt.datetime.now()).strftime("%Y-%m-%dT%H:%M")


def played_to_json(played: Played) -> JsonObject:
    data: JsonObject = {"when": played.when, "variant": played.variant, "result": played.result,
                        "score": played.score}
    for name in ("deal", "daily", "moves", "seconds"):
        value = getattr(played, name)
        if value is not None:
            data[name] = value
    if played.actions:
        data["actions"] = list(played.actions)
    return data


def played_from_json(entry: object, game: str) -> Played | None:
    """One entry as it was written, or None if anything in it does not check out (it is then dropped)."""
    if not isinstance(entry, dict):
        return None
    when, variant, result, score = (entry.get(name) for name in ("when", "variant", "result", "score"))
    if not (is_minute(when) and isinstance(variant, str) and result in RESULTS and is_count(score, MAX_SCORE)):
        return None
    if game == "idioten" and variant not in VARIANTS or game != "idioten" and not _KEY.fullmatch(variant):
        return None
    deal, daily, moves, seconds = (entry.get(name) for name in ("deal", "daily", "moves", "seconds"))
    if deal is not None and not (is_count(deal, MAX_DEAL) and deal >= MIN_DEAL):
        return None
    if daily is not None and not is_day(daily):
        return None
    if moves is not None and not is_count(moves, MAX_MOVES):
        return None
    if seconds is not None and not is_count(seconds, MAX_SECONDS):
        return None
    actions = entry.get("actions", [])
    valid = _action if game == "idioten" else _placement
    most = MAX_ACTIONS if game == "idioten" else POKER_CELLS
    if not isinstance(actions, list) or len(actions) > most or not all(map(valid, actions)):
        return None
    return Played(when, variant, str(result), score, deal, daily, moves, seconds, tuple(actions))


def history_from_json(data: object) -> tuple[dict[str, list[Played]], int]:
    """Each game's rows that check out, and how many were dropped."""
    if not isinstance(data, dict):
        return {}, 1
    kept: dict[str, list[Played]] = {}
    dropped = 0
    for game, entries in data.items():
        if not isinstance(entries, list) or not _KEY.fullmatch(game):
            dropped += 1
            continue
        rows = [played_from_json(entry, game) for entry in entries[-KEPT:]]
        kept[game] = [row for row in rows if row is not None]
        dropped += len(rows) - len(kept[game])
    return kept, dropped


def _action(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        Action.parse(text)
    except ValueError:
        return False
    return True


def _placement(text: object) -> bool:
    return isinstance(text, str) and _PLACEMENT.fullmatch(text) is not None


def row_of(saved: "SavedGame", left: bool, now: dt.datetime | None = None) -> Played:
    """An Idioten game's row as it is counted: finished (won or lost) or `left` for good unfinished."""
    game = saved.game
    result = "won" if game.is_won() else "lost" if game.is_over() or not left else "left"
    return Played(now_stamp(now), game.variant, result, game.score, game.deal_number, saved.daily, saved.moves,
                  None if saved.seconds is None else round(saved.seconds),
                  tuple(str(action) for action, _record in game.history))
