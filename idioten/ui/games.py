"""The games the window plays, in the order G goes through them; a first start opens the first.

Each game is listed once, as a `GameEntry`: its launch, plain data from play/<game>/launch.py (its name, its
options on the window's command line, whether a deal named there is its), and its `GameKind`, described in its
folder under ui/ (ui/kit/game.py: how its session is read, its scene, its rules and statistics, its menu
entries, its rows on the settings screen), loaded when the window asks for the games (`games`). The command
line's parser reads the launches before the window's first picture, for every command, so this module loads
no game's window, session or rules (tests/ui/test_start_imports.py). The window (ui/app.py) knows the games
only through their kinds and the command line only through their launches, so a third patience changes
neither the window, the command line nor the other games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from idioten.play.acesup.launch import LAUNCH as ACES_UP
from idioten.play.launch import GameLaunch
from idioten.play.poker.launch import LAUNCH as POKER

if TYPE_CHECKING:
    from idioten.ui.kit.game import GameKind


class GameEntry(NamedTuple):  # not a dataclass: made in a tenth of the time, before the first picture
    launch: GameLaunch
    kind: Callable[[], GameKind]  # its GameKind, with the window's modules of the game


def aces_up_kind() -> GameKind:
    from idioten.ui import acesup

    return acesup.GAME


def poker_kind() -> GameKind:
    from idioten.ui import poker

    return poker.GAME


ENTRIES: tuple[GameEntry, ...] = (GameEntry(ACES_UP, aces_up_kind), GameEntry(POKER, poker_kind))


def games(entries: Sequence[GameEntry] | None = None) -> tuple[GameKind, ...]:
    """The games' kinds, in their order (`entries` None: the registry's). Each is the game its launch names."""
    kinds = []
    for entry in ENTRIES if entries is None else entries:
        kind = entry.kind()
        if kind.name != entry.launch.game:
            raise ValueError(f"the game {kind.name!r} is listed with the launch of {entry.launch.game!r}")
        kinds.append(kind)
    return tuple(kinds)


def launches(entries: Sequence[GameEntry] | None = None) -> tuple[GameLaunch, ...]:
    """The games' parts of the window's command line, in their order (`entries` None: the registry's)."""
    return tuple(entry.launch for entry in (ENTRIES if entries is None else entries))
