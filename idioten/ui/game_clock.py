"""The clock of the game on screen: it runs only while the player can play, and its seconds belong to the game.

A game's time is kept by its session (`clock_running`, `add_time`, `time_and_moves`: from the first move until
the game is over); the window decides when that time is being spent. The clock pauses while the window has
lost the keyboard focus, is minimised or hidden, or a panel covers the table, and while the game shown is
not the one whose time ran. Time is taken from the app's clock (a fake one in tests), never from the frames
drawn, so a slow or busy machine counts the same seconds.

The clock always runs, shown or not: the statistics keep the best time of a won game either way. The setting
`clock` only puts it, with the moves, on the status bar (`status_parts`).
"""

from __future__ import annotations

import math
from typing import Protocol, cast, runtime_checkable

import pygame

from idioten import i18n

PAUSING = {pygame.WINDOWFOCUSLOST: ("focused", False), pygame.WINDOWFOCUSGAINED: ("focused", True),
           pygame.WINDOWMINIMIZED: ("minimised", True), pygame.WINDOWHIDDEN: ("minimised", True),
           pygame.WINDOWRESTORED: ("minimised", False), pygame.WINDOWSHOWN: ("minimised", False),
           pygame.WINDOWMAXIMIZED: ("minimised", False)}


@runtime_checkable
class Timed(Protocol):
    """A game's session as far as its clock goes (the guide's session has none: its game is not timed)."""

    def clock_running(self) -> bool: ...
    def add_time(self, seconds: float) -> None: ...
    def time_and_moves(self) -> tuple[float | None, int | None]: ...


_TIMED_TYPES: dict[type, bool] = {}


def timed(session: object) -> Timed | None:
    """`session` if it keeps a game's time, else None. Asked every turn of the loop: the answer is kept by the
    session's class (a Protocol's isinstance looks the class over at each call, and a class keeps its methods)."""
    kind = type(session)
    known = _TIMED_TYPES.get(kind)
    if known is None:
        known = _TIMED_TYPES[kind] = isinstance(session, Timed)
    return cast(Timed, session) if known else None


def clock_text(seconds: float | None) -> str:
    """m:ss, or h:mm:ss from an hour on; a dash where the time is not known.

    >>> clock_text(75.9), clock_text(3725), clock_text(None)
    ('1:15', '1:02:05', '–')
    """
    if seconds is None:
        return "–"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def status_parts(session: object) -> list[str]:
    """The clock and the moves of the game on screen, as the status bar shows them (Poker patience: its time);
    nothing for a session that is not timed."""
    clocked = timed(session)
    if clocked is None:
        return []
    seconds, moves = clocked.time_and_moves()
    parts = [i18n.t("ui.status.time", time=clock_text(seconds))]
    if moves is not None:
        parts.append(i18n.t("ui.status.moves", count=moves))
    return parts


class GameClock:
    """The time of the game on screen: it runs only while that game can be played (the window focused and not
    minimised, the table on screen with no panel over it, the session's clock running), and is added to the
    session it belongs to."""
    def __init__(self) -> None:
        self.focused = True
        self.minimised = False
        self.running: Timed | None = None  # the session whose time runs since `since`
        self.since = 0.0

    def event(self, event: pygame.event.Event) -> None:
        """A window event that pauses or resumes the clock (focus, minimised, hidden)."""
        change = PAUSING.get(event.type)
        if change is not None:
            setattr(self, *change)

    def tick(self, now: float, session: Timed | None, table_shown: bool) -> None:
        """The time since the last tick to the game whose clock ran; then run on (or pause) for `session`."""
        if self.running is not None:
            self.running.add_time(max(0.0, now - self.since))
        runs = (session is not None and self.focused and not self.minimised and table_shown
                and session.clock_running())
        self.running, self.since = (session if runs else None), now

    def next_second(self, now: float) -> float | None:
        """When the shown time turns to its next second (None while paused): the window wakes then."""
        if self.running is None:
            return None
        seconds, _moves = self.running.time_and_moves()
        if seconds is None:
            return None
        shown = seconds + (now - self.since)
        return now + (math.floor(shown) + 1 - shown)
