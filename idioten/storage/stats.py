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
file written before the deal of the day existed simply has no "daily" entry.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeGuard

from idioten.acesup.rules import VARIANTS, WIN_SCORE
from idioten.storage.files import JsonObject, Notice, data_dir, read_json, set_aside, write_json_atomic

STATS_FILE = "stats.json"
STATS_FORMAT = "idioten-stats"
STATS_VERSION = 1
# No player plays a billion games: a count beyond it is a damaged or forged file, which is set aside as a whole
# like any impossible number (a count of 10**400 would stop the statistics panel dividing it into a rate).
MAX_COUNT = 10**9
MAX_KEYED_SCORE = 10**6  # a keyed game's score (Poker patience's grid scores a few hundred at most)
REMEMBERED_IDS = 200  # only the current game can end again, so a short memory of counted ids is plenty
IDIOTEN = "idioten"


class BadStats(ValueError):
    """A statistics file whose numbers do not add up."""


@dataclass
class VariantStats:
    histogram: list[int] = field(default_factory=lambda: [0] * (WIN_SCORE + 1))  # games per score 0..48
    current_streak: int = 0
    best_streak: int = 0
    won_without_undo: int = 0

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

    def add(self, score: int, won: bool, undo_used: bool) -> None:
        self.histogram[score] += 1
        if won:
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
            self.won_without_undo += not undo_used
        else:
            self.current_streak = 0


@dataclass
class KeyedStats:
    games: int = 0
    total: int = 0
    best: int | None = None
    histogram: dict[int, int] = field(default_factory=dict)

    @property
    def mean(self) -> float | None:
        return self.total / self.games if self.games else None

    def add(self, score: int) -> None:
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

    def record_daily(self, day: str, won: bool) -> bool:
        """The first finished game of a day's deal counts; True if it was counted now."""
        dt.date.fromisoformat(day)  # ValueError for anything but a date
        if day in self.daily.days:
            return False
        self.daily.days[day] = bool(won)
        return True

    def record_result(self, game_id: str, variant: str, score: int, won: bool, undo_used: bool) -> bool:
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}")
        if not (isinstance(score, int) and 0 <= score <= WIN_SCORE) or bool(won) != (score == WIN_SCORE):
            raise ValueError(f"a score is 0..{WIN_SCORE} and a game is won exactly at {WIN_SCORE}")
        if not self._first_count(game_id):
            return False
        self.variants[variant].add(score, bool(won), bool(undo_used))
        return True

    def record_keyed(self, section: str, key: str, game_id: str, score: int) -> bool:
        if section == IDIOTEN or not section or not key:
            raise ValueError("a keyed section needs its own non-empty name and key")
        if not isinstance(score, int) or score < 0:
            raise ValueError("a score is a whole number of at least 0")
        if not self._first_count(game_id):
            return False
        self.keyed.setdefault(section, {}).setdefault(key, KeyedStats()).add(score)
        return True

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
        elif section != IDIOTEN:
            self.keyed.pop(section, None)


def stats_to_json(stats: Statistics) -> JsonObject:
    return {
        "format": STATS_FORMAT,
        "version": STATS_VERSION,
        IDIOTEN: {variant: {"histogram": list(s.histogram), "current_streak": s.current_streak,
                            "best_streak": s.best_streak, "won_without_undo": s.won_without_undo}
                  for variant, s in stats.variants.items()},
        "keyed": {section: {key: {"games": k.games, "total": k.total, "best": k.best,
                                  "histogram": {str(score): n for score, n in sorted(k.histogram.items())}}
                            for key, k in keys.items()}
                  for section, keys in stats.keyed.items()},
        "counted": list(stats.counted),
        "daily": dict(sorted(stats.daily.days.items())),
    }


def stats_from_json(data: JsonObject) -> Statistics:
    """Rebuild statistics, checking that every number is possible; raises BadStats if not."""
    stats = Statistics()
    variants = _dict(data.get(IDIOTEN))
    for variant, entry in variants.items():
        if variant not in VARIANTS:
            raise BadStats(f"unknown variant {variant!r}")
        stats.variants[variant] = _variant_stats(_dict(entry))
    for section, keys in _dict(data.get("keyed", {})).items():
        if section == IDIOTEN:
            raise BadStats("the keyed sections cannot be named like Idioten's")
        stats.keyed[section] = {key: _keyed_stats(_dict(entry)) for key, entry in _dict(keys).items()}
    counted = data.get("counted", [])
    if not isinstance(counted, list) or not all(isinstance(i, str) and i for i in counted):
        raise BadStats("counted ids should be a list of names")
    stats.counted = counted[-REMEMBERED_IDS:]
    for day, won in _dict(data.get("daily", {})).items():
        try:
            dt.date.fromisoformat(day)
        except (TypeError, ValueError):
            raise BadStats(f"not a day: {day!r}") from None
        if not isinstance(won, bool) or len(day) != 10:
            raise BadStats("a day of the deal of the day is won (true) or not (false)")
        stats.daily.days[day] = won
    return stats


def _variant_stats(entry: JsonObject) -> VariantStats:
    histogram = entry.get("histogram")
    if not isinstance(histogram, list) or len(histogram) != WIN_SCORE + 1 or not all(map(_count, histogram)):
        raise BadStats(f"a histogram has {WIN_SCORE + 1} counts")
    s = VariantStats(list(histogram), *(_number(entry, name) for name in
                                        ("current_streak", "best_streak", "won_without_undo")))
    if not s.current_streak <= s.best_streak <= s.won or s.won_without_undo > s.won:
        raise BadStats("streaks and wins do not add up")
    return s


def _keyed_stats(entry: JsonObject) -> KeyedStats:
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
    """The saved statistics, or empty ones (first run, or a bad file moved aside: the notices say so)."""
    path = stats_path(folder)
    data, notices = read_json(path, STATS_FORMAT, STATS_VERSION)
    if data is None:
        return Statistics(), notices
    try:
        return stats_from_json(data), notices
    except BadStats:
        return Statistics(), notices + [set_aside(path, "bad")]
