"""What every game's session is to the window: one contract, so the window drives any game the same way.

Every verb returns a `change.Change` (None when an undo or a redo had nothing to do): a step on the game's
line, or another game in play. Going back to the game a new deal or restart replaced is an undo (How.BACK),
and coming back from there a redo (How.FORWARD), for every game. Nothing is written by a verb: after a
change, `save_point` gives the file to write and its document, which the window hands to its one writer
thread. A verb that ends or leaves a game only counts it in the store's statistics in memory (`Store.record_*`
marks them changed); stats.json's document (`Store.stats_point`) goes to the same writer thread with the
games' save points (`save_points`), written before them. `take_notices` gives what the session has to say
once (none of the games here has any today: the writer's failures reach the window through the writer).

A session is opened by its game's `open` with an `Opening`: the store, the random source, and the deal the
command line named, if any (only the game the window opens in is given it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from idioten.cards import Card
from idioten.play.change import Change
from idioten.storage.files import Notice, SavePoint
from idioten.storage.settings import GameValue
from idioten.storage.store import Store

__all__ = ["NamedDeal", "Opening", "SavePoint", "Session", "save_points", "write_now", "said"]


@dataclass(frozen=True)
class NamedDeal:
    """A deal the command line named: its cards in deal order, and its number (None: given card by card)."""

    cards: tuple[Card, ...]
    number: int | None = None


@dataclass(frozen=True)
class Opening:
    store: Store
    rng: random.Random
    deal: NamedDeal | None = None
    # This game's settings the command line fixed for this run ({"variant": "aces-only"}: its launch options,
    # play/launch.py), by name; the game reads them for itself.
    fixed: Mapping[str, GameValue] = field(default_factory=dict)
    shown: Any = None  # a game to show instead of the saved one, played on the store given (tests, benchmarks)


class Session(Protocol):
    """One game's play, as the window sees it."""

    store: Store

    @property
    def game(self) -> Any: ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def undo(self) -> Change | None: ...

    def redo(self) -> Change | None: ...

    def new_deal(self) -> Change: ...

    def restart(self) -> Change: ...

    def save_point(self) -> SavePoint | None: ...

    def take_notices(self) -> list[Notice]: ...

    def finished(self) -> bool: ...

    def count_if_over(self) -> None: ...


def save_points(store: Store, sessions: Sequence[Session]) -> list[SavePoint]:
    """Every file a change left to write: stats.json's document first (a game's file that no longer holds a
    game counted as left for good must never reach the disk before the count does), then each game's."""
    points = [session.save_point() for session in sessions]
    stats = store.stats_point()  # after the sessions': their save points count the games left for good
    return [point for point in (stats, *points) if point is not None]


def write_now(session: Session) -> list[Notice]:
    """What changed, written at once on this thread (the program start, before the first frame; tests; a
    script without a window), stats.json first: the notices of what could not be written or counted."""
    store = session.store
    points = save_points(store, [session])
    notices = session.take_notices()
    notices += said([store.save_file(point.file, point.document) for point in points])
    return notices


def said(notices: Sequence[Notice | None]) -> list[Notice]:
    return [notice for notice in notices if notice is not None]
