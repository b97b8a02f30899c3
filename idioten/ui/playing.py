"""The games the window holds: each game's session, opened by its game when first needed, and its scene, the
one on screen at the bottom of the window's stack of scenes (app.py) and the others on a shelf, untouched, so
switching back finds a game exactly as it was left (a game in progress included). G or the menu switches (G
to the next game in the list, the menu to any other); the game chosen last is remembered in settings.json.

The games come in through their `GameKind` alone (ui/kit/game.py), listed in the registry (ui/games.py): this
module, like the rest of the window's shell, imports no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from idioten.play.launch import Fixed
from idioten.play.session import NamedDeal, Opening, Session
from idioten.storage.files import Notice
from idioten.ui.kit.game import GameKind
from idioten.ui.kit.scene import CardGameScene, Host
from idioten.ui.persist import Persistence


class Shell(Host, Protocol):
    """The window that holds the games (app.py's `App`): its scenes, its saving, the settings the command line
    fixed for this run."""

    persist: Persistence
    fixed: Fixed

    def speak_table(self) -> None: ...


class Playing:
    """The games the window holds: their sessions, the scene on screen and the others on the shelf, and switching."""
    def __init__(self, app: Shell, games: Sequence[GameKind], sessions: dict[str, Session] | None,
                 deal: NamedDeal | None, first: object, start_in: str | None) -> None:
        """See `App`: `start_in` names the game to open in, whose deal `deal` is; `first` is the first game's."""
        self.app = app
        self.games: tuple[GameKind, ...] = tuple(games)
        self.sessions: dict[str, Session] = dict(sessions or {})
        self.first_deal = deal
        self.shown = {self.games[0].name: first} if first is not None else {}
        self.unsaid: list[Notice] = []  # what the store said reading a game's file, until a table shows it
        self.shelf: dict[str, CardGameScene] = {}  # the scenes of the games not on screen, by name
        self.current_game = next((kind for kind in self.games if kind.name == start_in), self.games[0])
        self.deal_for = self.current_game.name

    def kind(self, name: str) -> GameKind:
        """The game called `name` (ValueError: the window holds no such game)."""
        for kind in self.games:
            if kind.name == name:
                return kind
        raise ValueError(f"no game {name!r}")

    def session(self, name: str) -> Session:
        """The game's session, opened by its game the first time it is needed."""
        if name not in self.sessions:
            deal = self.first_deal if name == self.deal_for else None
            opening = Opening(self.app.persist.store, self.app.rng, deal, self.app.fixed.get(name, {}),
                              self.shown.pop(name, None))
            session, notices = self.kind(name).open_session(opening)
            self.sessions[name] = session
            self.unsaid += notices
        return self.sessions[name]

    def open_sessions(self) -> None:
        """Every game's session now (the program start, once its first frame is on screen: launch.py): each
        reads its file, and what the store said about it is said with the other files' notices."""
        for kind in self.games:
            self.session(kind.name)

    def take_unsaid(self) -> list[Notice]:
        """What the store said reading the games' files, not said yet; taken by whoever says it."""
        unsaid, self.unsaid = self.unsaid, []
        return unsaid

    def open_scene(self, kind: GameKind, say_unsaid: bool = True) -> CardGameScene:
        """The game's scene, saying what the store said of its file (each file's message in turn), unless the
        caller says it (`say_unsaid` False: the program start, after the store's own notices)."""
        scene = kind.make_scene(self.app, self.session(kind.name))
        if say_unsaid:
            scene.say_in_turn([n.text() for n in self.take_unsaid()])
        return scene

    @property
    def on_screen(self) -> CardGameScene:
        """The scene of the game on screen (panels may stand above it)."""
        scene = self.app.scenes[0]
        assert isinstance(scene, CardGameScene)
        return scene

    def game_scene(self, name: str) -> CardGameScene:
        """The game's scene, on screen or on the shelf (made now if it never was)."""
        if name == self.current_game.name:
            return self.on_screen
        if name not in self.shelf:
            self.shelf[name] = self.open_scene(self.kind(name))
        return self.shelf[name]

    def game_scenes(self) -> list[CardGameScene]:
        """Every game's scene made so far, the one on screen first: the window polls and closes them all."""
        return [self.on_screen, *self.shelf.values()]

    def switch_game(self, name: str | None = None) -> None:
        """`name`'s game on screen (None: the next in the list), its scene as it was left, and remembered."""
        playing = self.current_game
        if name is None:
            name = self.games[(self.games.index(playing) + 1) % len(self.games)].name
        if name == playing.name:
            return
        kind = self.kind(name)
        self.app.persist.flush()  # the game leaving the screen is written as it leaves, its last change too
        self.app.persist.wait()
        self.app.close_panels()
        self.shelf[playing.name] = self.on_screen
        scene = self.shelf.pop(name, None)
        if scene is None:  # first shown in this run: as at the program start, a game that had ended shows its end
            scene = self.open_scene(kind)
            scene.at_start(dealt=False)
        self.app.scenes[0], self.current_game = scene, kind
        scene.resize(self.app.layout)  # the window may have changed size or language while it was shelved
        scene.language_changed()
        store = self.app.persist.store
        scene.notice(store.change_setting("last_game", name))
        self.app.settings = store.settings
        self.app.mark_dirty()
        self.app.speak_table()  # the game now on screen, aloud
