"""What every game's session is to the window: one contract, so the window drives any game the same way.

Every verb returns a `change.Change` (None when an undo or a redo had nothing to do): a step on the game's
line, or another game in play. Going back to the game a new deal or restart replaced is an undo (How.BACK),
and coming back from there a redo (How.FORWARD), for every game. Nothing is written by a verb: after a
change, `save_point` gives the file to write and its document, which the window hands to its one writer
thread, and `take_notices` what the store could not write (a statistic, ...), to show once.

A session is opened by its game's `open` with an `Opening`: the store, the random source, and the deal the
command line named, if any (only the game the window opens in is given it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from idioten.cards import Card
from idioten.play.change import Change
from idioten.storage.files import Notice
from idioten.storage.store import Store


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
    variant: str | None = None  # a variant the command line fixed for this run (None: the settings')
    shown: Any = None  # a game to show instead of the saved one, played on the store given (tests, benchmarks)


@dataclass(frozen=True)
class SavePoint:
    """A file to write and its whole new document."""

    file: str
    document: dict[str, Any]


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


def write_now(session: Session) -> list[Notice]:
    """What changed, written at once on this thread (the program start, before the first frame; tests): the
    notices of what could not be written or counted."""
    point = session.save_point()
    notices = session.take_notices()
    if point is not None:
        notice = session.store.save_file(point.file, point.document)
        if notice is not None:
            notices.append(notice)
    return notices


def said(notices: Sequence[Notice | None]) -> list[Notice]:
    return [notice for notice in notices if notice is not None]
