"""Statistics: per Idioten variant, plus generic keyed sections for other games (Poker patience). No pygame.

`Statistics.record_result(game_id, variant, score, won, undo_used)` counts one finished or abandoned game.
The window calls it when a game ends and when a new deal replaces a game in which at least one action was
played (an abandoned game counts as played and lost, with its score so far). Counting is idempotent per
game id: a game ended, taken back with undo and ended again is not counted again, and **the first count
stands** even if the second ending has a different score. This keeps the numbers honest (undo cannot turn a
counted loss into a win) and simple (a count is never rewritten). It returns True if the game was counted now.

Per variant (`VariantStats`) the file keeps the score histogram 0..48, the current and best winning streak and
the number of games won without undo; games played and won, win rate, best and average score and total points
(the Points variant) are derived from the histogram, so they can never disagree with it.

`record_keyed(section, key, game_id, score)` does the same for any other game, e.g. section "poker" with a
key naming the scoring table and diagonals ("classic+diagonals"): games, mean, best and a histogram.

`record_daily(day, won)` counts the deal of the day ("YYYY-MM-DD", `acesup.daily`): the first game of a day's
deal that ends stands, like every count here. Days played and won and the current and best streak of won
days (consecutive calendar dates) are derived from the set of days, so they cannot disagree with it.

`stats.json` (format "idioten-stats", version 1) stores all of it plus the ids of the last games counted; a
file written before the deal of the day existed simply has no "daily" entry. A damaged file is repaired part
by part, as settings are field by field (`repaired_stats`): whatever checks out is kept (each variant, each
of its streaks, each table of Poker patience, each day of the deal of the day, each counted id), the file
itself is moved aside whole, and the message line names what was reset.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeGuard

from idioten.acesup.rules import VARIANTS, WIN_SCORE
from idioten.poker.options import TABLES
from idioten.storage.files import JsonObject, Notice, StoreError, data_dir, read_json, set_aside, write_json_atomic
from idioten.storage.history import KEPT, Played, history_from_json, played_to_json

STATS_FILE = "stats.json"
STATS_FORMAT = "idioten-stats"
STATS_VERSION = 1
# No player plays a billion games: a count beyond it is a damaged or forged file, which is set aside as a whole
# like any impossible number (a count of 10**400 would stop the statistics panel dividing it into a rate).
MAX_COUNT = 10**9
MAX_KEYED_SCORE = 10**6  # a keyed game's score (Poker patience's grid scores a few hundred at most)
REMEMBERED_IDS = 200  # only the current game can end again, so a short memory of counted ids is plenty
IDIOTEN = "idioten"
# Poker patience's section, and the options its keys name after the table (play/poker.py's stats_key), in the
# words its panel shows them: a damaged table is named so in the message line.
POKER = "poker"
POKER_OPTION_WORDS = {"diagonals": "ui.poker.diagonals", "joker": "ui.poker.joker", "open": "ui.poker.open_deck"}
SHOWN_NAME = 24  # characters of a name from the file that the message line shows
SHOWN_PARTS = 2  # the message line names at most this many parts reset (the last may be "3 more")


class BadStats(ValueError):
    """A statistics file whose numbers do not add up."""


@dataclass
class VariantStats:
    histogram: list[int] = field(default_factory=lambda: [0] * (WIN_SCORE + 1))  # games per score 0..48
    current_streak: int = 0
    best_streak: int = 0
    won_without_undo: int = 0
    best_time: int | None = None  # seconds of the quickest game won whose time is known
    fewest_moves: int | None = None  # of the games won whose moves are known

    @property
    def played(self) -> int:
        return sum(self.histogram)

    @property
    def won(self) -> int:
        return self.histogram[WIN_SCORE]

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def total_points(self) -> int:
        return sum(score * count for score, count in enumerate(self.histogram))

    @property
    def average_score(self) -> float | None:
        return self.total_points / self.played if self.played else None

    @property
    def best_score(self) -> int | None:
        return max((s for s, count in enumerate(self.histogram) if count), default=None)

    def add(self, score: int, won: bool, undo_used: bool, seconds: int | None = None,
            moves: int | None = None) -> None:
        self.histogram[score] += 1
        if won:
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
            self.won_without_undo += not undo_used
            self.best_time = _least(self.best_time, seconds)
            self.fewest_moves = _least(self.fewest_moves, moves)
        else:
            self.current_streak = 0


@dataclass
class KeyedStats:
    games: int = 0
    total: int = 0
    best: int | None = None
    histogram: dict[int, int] = field(default_factory=dict)
    best_time: int | None = None  # seconds of the quickest grid filled whose time is known

    @property
    def mean(self) -> float | None:
        return self.total / self.games if self.games else None

    def add(self, score: int, seconds: int | None = None) -> None:
        self.best_time = _least(self.best_time, seconds)
        self.games += 1
        self.total += score
        self.best = score if self.best is None else max(self.best, score)
        self.histogram[score] = self.histogram.get(score, 0) + 1


@dataclass
class DailyStats:
    days: dict[str, bool] = field(default_factory=dict)  # "YYYY-MM-DD" -> won

    @property
    def played(self) -> int:
        return len(self.days)

    @property
    def won(self) -> int:
        return sum(self.days.values())

    def won_runs(self) -> list[tuple[dt.date, int]]:
        """Each run of consecutive won days: (its last day, its length)."""
        runs: list[tuple[dt.date, int]] = []
        for day in sorted(dt.date.fromisoformat(d) for d, won in self.days.items() if won):
            if runs and runs[-1][0] + dt.timedelta(days=1) == day:
                runs[-1] = (day, runs[-1][1] + 1)
            else:
                runs.append((day, 1))
        return runs

    @property
    def best_streak(self) -> int:
        return max((length for _, length in self.won_runs()), default=0)

    def current_streak(self, today: dt.date) -> int:
        """The run of won days that ends today, or yesterday (today's deal may still be ahead)."""
        runs = self.won_runs()
        if runs and runs[-1][0] >= today - dt.timedelta(days=1):
            return runs[-1][1]
        return 0


@dataclass
class Statistics:
    variants: dict[str, VariantStats] = field(default_factory=lambda: {v: VariantStats() for v in VARIANTS})
    keyed: dict[str, dict[str, KeyedStats]] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)
    daily: DailyStats = field(default_factory=DailyStats)
    history: dict[str, list[Played]] = field(default_factory=dict)  # per game ("idioten", "poker"), newest last

    def record_daily(self, day: str, won: bool) -> bool:
        """The first finished game of a day's deal counts; True if it was counted now."""
        dt.date.fromisoformat(day)  # ValueError for anything but a date
        if day in self.daily.days:
            return False
        self.daily.days[day] = bool(won)
        return True

    def record_result(self, game_id: str, variant: str, score: int, won: bool, undo_used: bool, *,
                      seconds: int | None = None, moves: int | None = None, played: Played | None = None) -> bool:
        """Count a game once (see the module's docstring); `seconds` and `moves` where known, and its row of
        the history (`played`)."""
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}")
        if not (isinstance(score, int) and 0 <= score <= WIN_SCORE) or bool(won) != (score == WIN_SCORE):
            raise ValueError(f"a score is 0..{WIN_SCORE} and a game is won exactly at {WIN_SCORE}")
        if not self._first_count(game_id):
            return False
        self.variants[variant].add(score, bool(won), bool(undo_used), seconds, moves)
        self._remember(IDIOTEN, played)
        return True

    def record_keyed(self, section: str, key: str, game_id: str, score: int, *, seconds: int | None = None,
                     played: Played | None = None) -> bool:
        if section == IDIOTEN or not section or not key:
            raise ValueError("a keyed section needs its own non-empty name and key")
        if not isinstance(score, int) or score < 0:
            raise ValueError("a score is a whole number of at least 0")
        if not self._first_count(game_id):
            return False
        self.keyed.setdefault(section, {}).setdefault(key, KeyedStats()).add(score, seconds)
        self._remember(section, played)
        return True

    def _remember(self, game: str, played: Played | None) -> None:
        if played is not None:
            self.history[game] = (self.history.get(game, []) + [played])[-KEPT:]

    def last_games(self, game: str) -> list[Played]:
        """The history of one game, newest first."""
        return list(reversed(self.history.get(game, [])))

    def is_counted(self, game_id: str) -> bool:
        return game_id in self.counted

    def _first_count(self, game_id: str) -> bool:
        if not game_id:
            raise ValueError("a game needs an id to be counted once")
        if game_id in self.counted:
            return False
        self.counted = (self.counted + [game_id])[-REMEMBERED_IDS:]
        return True

    def reset(self, section: str | None = None) -> None:
        """Forget the numbers: all (None), Idioten's ("idioten") or one keyed section. Counted ids stay, so
        a game counted before the reset is still not counted again after it."""
        if section in (None, IDIOTEN):
            self.variants = {v: VariantStats() for v in VARIANTS}
            self.daily = DailyStats()
        if section is None:
            self.keyed = {}
            self.history = {}
        else:
            self.history.pop(section, None)
            if section != IDIOTEN:
                self.keyed.pop(section, None)


def stats_to_json(stats: Statistics) -> JsonObject:
    return {
        "format": STATS_FORMAT,
        "version": STATS_VERSION,
        IDIOTEN: {variant: {"histogram": list(s.histogram), "current_streak": s.current_streak,
                            "best_streak": s.best_streak, "won_without_undo": s.won_without_undo,
                            **_known(best_time=s.best_time, fewest_moves=s.fewest_moves)}
                  for variant, s in stats.variants.items()},
        "keyed": {section: {key: {"games": k.games, "total": k.total, "best": k.best,
                                  "histogram": {str(score): n for score, n in sorted(k.histogram.items())},
                                  **_known(best_time=k.best_time)}
                            for key, k in keys.items()}
                  for section, keys in stats.keyed.items()},
        "counted": list(stats.counted),
        "daily": dict(sorted(stats.daily.days.items())),
        # Only where there is one: a file of the version before it stays the same when read and written back.
        **({"history": {game: [played_to_json(p) for p in rows] for game, rows in stats.history.items()}}
           if stats.history else {}),
    }


def _known(**values: int | None) -> JsonObject:
    """The optional numbers that are known (a file written before they existed simply has none)."""
    return {name: value for name, value in values.items() if value is not None}


def _least(best: int | None, new: int | None) -> int | None:
    if new is None:
        return best
    return new if best is None else min(best, new)


def stats_from_json(data: JsonObject) -> Statistics:
    """Rebuild statistics, checking that every number is possible; raises BadStats if any part is not."""
    stats, reset = repaired_stats(data)
    if reset:
        raise BadStats("these do not add up: " + ", ".join(part.key for part in reset))
    return stats


def repaired_stats(data: JsonObject) -> tuple[Statistics, list[Notice]]:
    """Every part of the file that checks out, and what was reset (as notices to word in a message): a
    variant whose histogram is damaged, a streak or count of wins without undo that its histogram cannot
    hold, a table of Poker patience, the days of the deal of the day that are not a day and a result, the
    ids of games already counted. Nothing here raises, whatever the JSON holds."""
    stats, reset = Statistics(), []
    variants = data.get(IDIOTEN)
    if not isinstance(variants, dict):
        reset.append(Notice("store.stats_part.whole_game", {"game_key": "game_name"}))
        variants = {}
    for variant, entry in variants.items():
        if variant not in VARIANTS:
            reset.append(Notice("store.stats_part.other", {"name": _shown(variant)}))
            continue
        stats.variants[variant], lost = _variant_stats(entry)
        setting: dict[str, object] = {"game_key": "game_name", "setting_key": f"ui.variant.{variant}"}
        reset += [Notice("store.stats_part.game", setting)] if "histogram" in lost else [
            Notice("store.stats_part.field", {**setting, "field_key": f"ui.stats.{name}"}) for name in lost]
    keyed = data.get("keyed", {})
    if not isinstance(keyed, dict):
        reset.append(Notice("store.stats_part.other_games"))
        keyed = {}
    for section, keys in keyed.items():
        if section == IDIOTEN or not section:  # Idioten's own numbers are never a keyed section
            reset.append(Notice("store.stats_part.other", {"name": _shown(section)}))
        elif not isinstance(keys, dict):
            reset.append(_section_part(section))
        else:
            for key, entry in keys.items():
                try:
                    stats.keyed.setdefault(section, {})[key] = _keyed_stats(entry)
                except BadStats:
                    reset.append(_keyed_part(section, key))
    counted = data.get("counted", [])
    kept = [i for i in counted if isinstance(i, str) and i] if isinstance(counted, list) else []
    if not isinstance(counted, list) or len(kept) != len(counted):
        reset.append(Notice("store.stats_part.counted"))
    stats.counted = kept[-REMEMBERED_IDS:]
    days = data.get("daily", {})
    if not isinstance(days, dict):
        reset.append(Notice("store.stats_part.all_days"))
        days = {}
    stats.daily.days = {day: won for day, won in days.items() if _is_day(day) and isinstance(won, bool)}
    if len(stats.daily.days) != len(days):
        reset.append(Notice("store.stats_part.days", {"count": len(days) - len(stats.daily.days)}))
    stats.history, dropped = history_from_json(data.get("history", {}))
    if dropped:
        reset.append(Notice("store.stats_part.history", {"count": dropped}))
    return stats, reset


def _shown(name: str) -> str:
    """A name from the file as the message line may show it: one short line, whatever the file held."""
    printable = "".join(c if c.isprintable() else "?" for c in name)
    return printable if len(printable) <= SHOWN_NAME else printable[:SHOWN_NAME - 1] + "…"


def _is_day(day: object) -> bool:
    """A calendar day as record_daily writes it: "YYYY-MM-DD" (fromisoformat alone also takes "2026W011")."""
    if not isinstance(day, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day):
        return False
    try:
        dt.date.fromisoformat(day)
    except ValueError:
        return False
    return True


def _variant_stats(entry: object) -> tuple[VariantStats, list[str]]:
    """One variant's numbers, and the names of those reset. The histogram is the record of the games played:
    without it the variant starts afresh; a streak or count it cannot hold goes back to the most it can
    keep (the current streak 0, the best streak the current one, wins without undo 0)."""
    if not isinstance(entry, dict):
        return VariantStats(), ["histogram"]
    histogram = entry.get("histogram")
    if not isinstance(histogram, list) or len(histogram) != WIN_SCORE + 1 or not all(map(_count, histogram)):
        return VariantStats(), ["histogram"]
    s, lost = VariantStats(list(histogram)), []
    current, best, without_undo = (entry.get(name) for name in ("current_streak", "best_streak", "won_without_undo"))
    if _count(current) and current <= s.won:
        s.current_streak = current
    else:
        lost.append("current_streak")
    if _count(best) and s.current_streak <= best <= s.won:
        s.best_streak = best
    else:
        s.best_streak = s.current_streak
        lost.append("best_streak")
    if _count(without_undo) and without_undo <= s.won:
        s.won_without_undo = without_undo
    else:
        lost.append("won_without_undo")
    for name in ("best_time", "fewest_moves"):  # a won game's; absent where none is known
        value = entry.get(name)
        if value is None:
            continue
        if _count(value) and s.won:
            setattr(s, name, value)
        else:
            lost.append(name)
    return s, lost


def _section_part(section: str) -> Notice:
    if section == POKER:
        return Notice("store.stats_part.whole_game", {"game_key": "ui.poker.name"})
    return Notice("store.stats_part.other", {"name": _shown(section)})


def _keyed_part(section: str, key: str) -> Notice:
    """A table of Poker patience in the words its statistics panel uses ("Classic, Diagonals")."""
    if section != POKER:
        return Notice("store.stats_part.other", {"name": _shown(f"{section}: {key}")})
    table, *options = key.split("+")
    words: list[Notice | str] = [Notice(f"ui.poker.table.{table}") if table in TABLES else _shown(table)]
    words += [Notice(POKER_OPTION_WORDS[o]) if o in POKER_OPTION_WORDS else _shown(o) for o in options]
    return Notice("store.stats_part.game", {"game_key": "ui.poker.name", "setting_parts": tuple(words)})


def _keyed_stats(entry: object) -> KeyedStats:
    entry = _dict(entry)
    histogram = {}
    for score, n in _dict(entry.get("histogram")).items():
        if not (score.isascii() and score.isdigit() and len(score) <= 7) or not _count(n) \
                or int(score) > MAX_KEYED_SCORE:
            raise BadStats("a histogram maps scores to counts")
        histogram[int(score)] = n
    k = KeyedStats(_number(entry, "games"), _number(entry, "total", MAX_COUNT * MAX_KEYED_SCORE), entry.get("best"),
                   histogram)
    best = max((s for s, n in histogram.items() if n), default=None)
    if (k.games != sum(histogram.values()) or k.total != sum(s * n for s, n in histogram.items())
            or k.best != best):
        raise BadStats("games, total and best do not match the histogram")
    best_time = entry.get("best_time")
    if best_time is not None and not (_count(best_time) and k.games):
        raise BadStats("a best time is a whole number of seconds, of a game played")
    k.best_time = best_time
    return k


def _count(value: object, most: int = MAX_COUNT) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _number(entry: JsonObject, name: str, most: int = MAX_COUNT) -> int:
    value = entry.get(name)
    if not _count(value, most):
        raise BadStats(f"{name} should be a whole number from 0 to {most}")
    return value


def _dict(value: object) -> JsonObject:
    if not isinstance(value, dict):
        raise BadStats("expected an object")
    return value


def stats_path(folder: Path | None = None) -> Path:
    return Path(folder if folder is not None else data_dir()) / STATS_FILE


def save_stats(stats: Statistics, folder: Path | None = None) -> None:
    """Write atomically; raises storage.files.StoreError (with a `.notice`) if it cannot."""
    write_json_atomic(stats_path(folder), stats_to_json(stats))


def load_stats(folder: Path | None = None) -> tuple[Statistics, list[Notice]]:
    """The saved statistics, or empty ones (first run, a file that is not statistics at all moved aside, one
    that cannot be read left alone: the notices say so). A file with damaged parts is moved aside whole
    and what checks out in it written back at once (in between, a kill leaves it all in the file aside); the
    notice names what was reset. If it cannot be moved aside, what checks out is shown but never saved over
    it (the notice has `keeps_file`)."""
    path = stats_path(folder)
    data, notices = read_json(path, STATS_FORMAT, STATS_VERSION)
    if data is None:
        return Statistics(), notices
    stats, reset = repaired_stats(data)
    if not reset:
        return stats, notices
    aside = set_aside(path, "bad")
    if aside.keeps_file:
        return stats, notices + [aside]
    named = tuple(reset) if len(reset) <= SHOWN_PARTS else (
        *reset[:SHOWN_PARTS - 1], Notice("store.stats_part.more", {"count": len(reset) - SHOWN_PARTS + 1}))
    notices.append(Notice("store.stats_repaired", {"file": path.name, "aside": aside.params["aside"],
                                                   "reset_parts": named}))
    try:
        save_stats(stats, folder)
    except StoreError as err:
        notices.append(err.notice)  # the file aside holds it all; the next save writes what is kept
    return stats, notices
