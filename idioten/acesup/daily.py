"""The deal of the day: one winnable deal per calendar day, the same for every player, found offline.

The date gives a fixed sequence of deal numbers (SplitMix64 from `cards`, seeded with the date written as
the number YYYYMMDD and a salt of our own, so this stream is not the shuffle's or Poker patience's). The
day's deal is the first in that sequence that the solver's first look (`solver.quick.quick_win`, "discard
at once") wins within `NODE_LIMIT` positions: a line it finds is a real winning line (replayed here through
the rules), so the deal is proved winnable. The limit counts positions, never seconds, so a fast and a slow
machine skip the same deals and agree on the day's deal. Tests pin the deals of several dates: a change to
this module or to the first look that moves them must be seen.

The day is played in the standard variant (any card into a gap): one deal for everyone means one variant.
"""

from __future__ import annotations

import datetime as dt
import re
import threading
from typing import Iterator

from idioten.acesup.rules import STANDARD, WIN_SCORE, Game
from idioten.cards import MAX_DEAL, deal_cards, splitmix64
from idioten.errors import IllegalAction

DAILY_VARIANT = STANDARD
NODE_LIMIT = 50_000  # positions of the first look per candidate; about a second in pure Python
SALT = 0x444159  # "DAY"
MAX_CANDIDATES = 10_000  # far beyond need (about half of all deals qualify); a bound so a bug cannot hang


class DailyCancelled(Exception):
    pass


def parse_day(text: str) -> dt.date:
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):
        try:
            return dt.date.fromisoformat(text.strip())
        except ValueError:
            pass
    raise ValueError(f"a day is written YYYY-MM-DD, for example 2026-12-02, not {text!r}")


def today() -> dt.date:
    """The player's calendar day (local time): the deal changes at the player's midnight."""
    return dt.date.today()


def seconds_to_next_day(now: dt.datetime | None = None) -> int:
    now = now or dt.datetime.now()
    midnight = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time())
    return max(0, int((midnight - now).total_seconds()))


def candidates(day: dt.date) -> Iterator[int]:
    """The day's fixed sequence of deal numbers (1 .. MAX_DEAL = 2**31 - 1: the nonzero 31-bit numbers)."""
    state = (day.year * 10_000 + day.month * 100 + day.day) ^ (SALT << 32)
    while True:
        state, word = splitmix64(state)
        number = word >> 33
        if number:
            assert number <= MAX_DEAL
            yield number


def proved_winnable(number: int, cancel: threading.Event | None = None) -> bool:
    from idioten.acesup.solver.quick import quick_win

    game = Game.new(deal_cards(number), DAILY_VARIANT, number)
    line, _ = quick_win(game, NODE_LIMIT, None, cancel)
    if cancel is not None and cancel.is_set():
        raise DailyCancelled
    if line is None:
        return False
    try:
        game.replay(line)
    except IllegalAction:
        return False
    return game.score == WIN_SCORE


def daily_deal(day: dt.date, cancel: threading.Event | None = None) -> int:
    """The deal number of the day (see the module notes)."""
    for tried, number in enumerate(candidates(day)):
        if tried >= MAX_CANDIDATES:
            break
        if proved_winnable(number, cancel):
            return number
    raise RuntimeError(f"no deal proved winnable among {MAX_CANDIDATES} candidates for {day}")


def daily_game(day: dt.date, cancel: threading.Event | None = None) -> Game:
    number = daily_deal(day, cancel)
    return Game.new(deal_cards(number), DAILY_VARIANT, number)
