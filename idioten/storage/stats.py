"""Statistics: per Idioten variant, plus generic keyed sections for other games (Poker patience), and the history
of games (storage/history.py). No pygame. How they are kept in stats.json, and repaired, is storage/stats_file.py.

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
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from idioten.acesup.rules import VARIANTS, WIN_SCORE
from idioten.storage.history import KEPT, Played

REMEMBERED_IDS = 200  # only the current game can end again, so a short memory of counted ids is plenty
IDIOTEN = "idioten"


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


def _least(best: int | None, new: int | None) -> int | None:
    if new is None:
        return best
    return new if best is None else min(best, new)
