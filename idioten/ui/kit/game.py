"""What a game gives the window: one `GameKind` per game, described in its own folder (ui/acesup/__init__.py,
ui/poker/__init__.py) and listed once in ui/games.py. The window (ui/app.py) knows the games only through
these descriptions: it opens a game's session when the game is first needed, makes its scene the first time
it is played, keeps the scene of a game not on screen as it was left, and asks the game on screen for its
rules, its statistics and its own menu entries.

A session is whatever the game keeps its play in (Poker patience's `play.poker.PokerSession`); the window
only hands it to the game's own functions, writes it (`flush`) before its scene leaves the screen and before
the window closes, and, for the one game whose file keeps it (`keeps_choice`), asks it which game was
chosen last (`ChoiceKeeper`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from idioten.storage.files import Notice
from idioten.ui.kit.scene import CardGameScene, Host, Scene

Session = TypeVar("Session")
MenuEntries = list[tuple[str, Callable[[], None]]]  # (text key, what the entry does)
Then = Callable[[Callable[[], None]], None]  # the menu's: close the menu, then do it


def no_entries(app: Host, then: Then) -> MenuEntries:
    return []


def nothing_to_write(session: object) -> Notice | None:
    return None


@dataclass(frozen=True)
class GameKind(Generic[Session]):
    name: str  # the game in files ("idioten", "poker"): the game chosen last is saved under it
    play_key: str  # the text of the menu entry that switches to it ("Play Poker patience (G)")
    open_session: Callable[[Host], tuple[Session, Sequence[Notice | None]]]  # read from the app's store, and
    # what the store said while reading it (a damaged file moved aside, ...): said on the game's table
    make_scene: Callable[[Host, Session], CardGameScene]
    rules_panel: Callable[[Host, CardGameScene], Scene]  # F1 and the menu, over its scene
    stats_panel: Callable[[Host, CardGameScene], Scene]  # S and the menu
    menu_entries: Callable[[Host, Then], MenuEntries] = no_entries  # its own, after the entries to other games
    flush: Callable[[Session], Notice | None] = nothing_to_write  # write what the window has not written yet
    keeps_choice: bool = False  # its session is a ChoiceKeeper: its file remembers the game chosen last


class ChoiceKeeper(Protocol):
    """The session whose file keeps the game chosen last (Poker patience's: poker.json's "last_game")."""

    last_game: str

    def set_last_game(self, name: str) -> Notice | None: ...


class GameHost(Host, Protocol):
    """The window as its menu sees it: the games, the one on screen, and switching between them."""

    @property
    def games(self) -> Sequence[GameKind]: ...

    @property
    def current_game(self) -> GameKind: ...

    def switch_game(self, name: str | None = None) -> None: ...
