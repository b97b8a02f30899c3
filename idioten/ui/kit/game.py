"""What a game gives the window: one `GameKind` per game, described in its own folder (ui/acesup/__init__.py,
ui/poker/__init__.py) and listed once in ui/games.py. The window (ui/app.py) knows the games only through
these descriptions: it opens a game's session (play/session.py's contract) when the game is first needed,
makes its scene the first time it is played, keeps the scene of a game not on screen as it was left, and
asks the game on screen for its rules, its statistics, its own menu entries and its own rows on the settings
screen (`SettingRow`: Aces Up's are kept in its section of settings.json, Poker's options in poker.json; the
screen knows neither). Every session is saved alike, by the window's persistence (ui/persist.py), whether its
scene is on screen or not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from idioten.play.session import Opening, Session
from idioten.storage.files import Notice
from idioten.ui.kit.scene import CardGameScene, Host, Scene

MenuEntries = list[tuple[str, Callable[[], None]]]  # (text key, what the entry does)
Then = Callable[[Callable[[], None]], None]  # the menu's: close the menu, then do it


def no_entries(app: Host, scene: CardGameScene, then: Then) -> MenuEntries:
    """A game with no menu entries of its own."""
    return []


def no_welcome(app: Host) -> None:
    """A game that offers a new player nothing at the start."""
    pass


@dataclass(frozen=True)
class SettingRow:
    """One row of the settings screen: its label, its values each with the text that names it, the value now,
    and what choosing one does (the game remembers it where it keeps its settings)."""

    name: str
    label_key: str
    choices: Sequence[tuple[object, str]]
    current: Callable[[], object]
    choose: Callable[[object], None]


def no_settings(app: Host, scene: CardGameScene) -> list[SettingRow]:
    """A game with no rows of its own on the settings screen."""
    return []


def no_notes(app: Host) -> list[str]:
    """A game with no notes under its rows."""
    return []


@dataclass(frozen=True)
class GameKind:
    """One game as the window knows it. Not generic in its session: the window holds every game's session as a
    `Session`, so a game's `make_scene` takes one and narrows it to its own (the session its `open_session`
    gave); a `GameKind[AcesUpSession]` could not stand in a list of `GameKind[Session]`, whose `make_scene`
    would take any game's session."""

    name: str  # the game in files ("idioten", "poker"): the game chosen last is saved under it
    play_key: str  # the text of the menu entry that switches to it ("Play Poker patience (G)")
    open_session: Callable[[Opening], tuple[Session, Sequence[Notice]]]  # read from the store, and what the
    # store said while reading it (a damaged file moved aside, ...): said at start, or on the game's table
    make_scene: Callable[[Host, Session], CardGameScene]
    rules_panel: Callable[[Host, CardGameScene], Scene]  # F1 and the menu, over its scene
    stats_panel: Callable[[Host, CardGameScene], Scene]  # S and the menu
    menu_entries: Callable[[Host, CardGameScene, Then], MenuEntries] = no_entries  # its own, after the
    # entries to other games
    welcome: Callable[[Host], None] = no_welcome  # at every start, in the game it opens in: what the game
    # offers a new player (Aces Up: its guide, at the first start only)
    settings_rows: Callable[[Host, CardGameScene], Sequence[SettingRow]] = no_settings  # its rows on the
    # settings screen, after the window's own, while it is on screen
    settings_notes: Callable[[Host], Sequence[str]] = no_notes  # text keys of the notes under them
    title_key: str = "game_name"  # its name, as the settings screen's page of its rows is headed


class Games(Protocol):
    """The games the window holds (ui/playing.py's `Playing`), as its menu sees them: the games, the one on
    screen, and switching between them."""

    @property
    def games(self) -> Sequence[GameKind]: ...

    @property
    def current_game(self) -> GameKind: ...

    @property
    def on_screen(self) -> CardGameScene: ...

    def switch_game(self, name: str | None = None) -> None: ...


class GameHost(Host, Protocol):
    """The window as its menu sees it: a host that holds the games."""

    @property
    def playing(self) -> Games: ...
