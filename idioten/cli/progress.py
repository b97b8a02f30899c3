"""One line of progress on stderr for the long commands (`simulate`, `poker simulate`, `solve`), redrawn in
place while they run and wiped before their answer, and only when stderr is a terminal: a script that reads
the output, or a log it is sent to, gets exactly what it got before."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

REDRAW_SECONDS = 0.2  # the line is redrawn at most this often; the first and the last state always show


def shown_on(stream: TextIO) -> bool:
    """Whether `stream` is a terminal a person watches."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed or replaced by something that is not a file
        return False


def duration(seconds: float) -> str:
    """A time left as a person reads it: "12 s", "3 min 20 s", "2 h 5 min".

    >>> duration(4.2), duration(200), duration(7500), duration(90061)
    ('4 s', '3 min 20 s', '2 h 5 min', '25 h 1 min')
    """
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min"


def time_left(elapsed: float, done: int, total: int) -> str:
    """The time left at the pace so far, or that it is not known yet.

    >>> time_left(10.0, 0, 100), time_left(10.0, 25, 100), time_left(3.0, 100, 100)
    ('time left not known yet', 'about 30 s left', 'about 0 s left')
    """
    if done <= 0:
        return "time left not known yet"
    return f"about {duration(elapsed * (total - done) / done)} left"


class ProgressLine:
    """The line itself: `show(text)` redraws it (at most every REDRAW_SECONDS, unless `now`), `close()` wipes
    it. Does nothing at all when `stream` is not a terminal. `clock` is for tests."""

    def __init__(self, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic):
        self.stream = sys.stderr if stream is None else stream
        self.active = shown_on(self.stream)
        self.clock = clock
        self.started = clock()
        self.last_drawn: float | None = None
        self.width = 0

    def elapsed(self) -> float:
        return self.clock() - self.started

    def due(self) -> bool:
        """Whether a redraw now would be shown (callers skip building the text otherwise)."""
        return self.active and (self.last_drawn is None or self.clock() - self.last_drawn >= REDRAW_SECONDS)

    def show(self, text: str, now: bool = False) -> None:
        if not self.active or not (now or self.due()):
            return
        self.last_drawn = self.clock()
        # Padding over the last line's end instead of an escape code: Windows consoles may not read escapes.
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        if self.active and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
        self.active = False

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class GamesProgress:
    """Progress of N games played: done, wins (or the mean score, for a game without wins) and the time left."""

    def __init__(self, what: str, total: int, line: ProgressLine, win_score: int | None = None):
        self.what, self.total, self.line, self.win_score = what, total, line, win_score
        self.done = self.wins = 0
        self.score_sum = 0.0
        line.show(self.text(), now=True)

    def add(self, score: float) -> None:
        self.done += 1
        self.score_sum += score
        self.wins += self.win_score is not None and score == self.win_score
        if self.line.due() or self.done == self.total:
            self.line.show(self.text(), now=True)

    def text(self) -> str:
        if self.win_score is not None:
            share = f" ({100 * self.wins / self.done:.2f} %)" if self.done else ""
            so_far = f"{self.wins} won{share}"
        else:
            so_far = f"mean score {self.score_sum / self.done:.1f}" if self.done else "no score yet"
        left = time_left(self.line.elapsed(), self.done, self.total)
        return f"{self.what}: {self.done:,} of {self.total:,} games, {so_far}, {left}"


class SearchProgress:
    """Progress of a search with a time limit: positions searched so far and the time left of the limit. A
    cancel object for `solver.solve`, which tells it `searched(positions)` at every look at it and stops
    when `stop()` says so (None: never; the time limit ends it)."""

    def __init__(self, what: str, time_limit: float | None, line: ProgressLine,
                 stop: Callable[[], bool] | None = None):
        self.what, self.time_limit, self.line, self.stop = what, time_limit, line, stop
        self.positions = 0
        line.show(self.text(), now=True)

    def searched(self, positions: int) -> None:
        self.positions = positions
        if self.line.due():
            self.line.show(self.text(), now=True)

    def is_set(self) -> bool:
        return self.stop is not None and self.stop()

    def text(self) -> str:
        if self.time_limit is None:
            left = ""
        else:
            left = f", at most {duration(self.time_limit - self.line.elapsed())} left"
        return f"{self.what}: {self.positions:,} positions searched{left}"
