"""Idioten (Aces Up) in the window: its table, input, painter, assistant and panels, and `GAME`, what the
window knows of it (ui/kit/game.py).

Its session is an `AcesUpSession` (idioten/play/acesup.py): launch.py builds it on the store, resuming the saved
game; a window opened without one plays the game it was given (or a random deal) on a store in memory.
"""

from __future__ import annotations

from typing import cast

from idioten.acesup.rules import Game
from idioten.play.acesup import AcesUpSession
from idioten.storage.store import MemoryStore
from idioten.storage.files import Notice
from idioten.ui.acesup.host import AcesUpHost
from idioten.ui.kit.game import GameKind, MenuEntries, Then
from idioten.ui.kit.scene import CardGameScene, Host, Scene


def open_session(app: Host) -> tuple[AcesUpSession, list[Notice | None]]:
    return AcesUpSession.start(MemoryStore(app.settings), cast(AcesUpHost, app).random_game()), []


def make_scene(app: Host, session: AcesUpSession | Game) -> CardGameScene:
    from idioten.ui.acesup.table import TableScene

    if isinstance(session, Game):  # a game to show (tests, benchmarks): played on a store in memory
        session = AcesUpSession.start(MemoryStore(app.settings), session)
    return TableScene(app, session)


def rules_panel(app: Host, scene: CardGameScene) -> Scene:
    from idioten.ui.acesup.rules_panel import RulesPanel

    return RulesPanel(app)


def stats_panel(app: Host, scene: CardGameScene) -> Scene:
    from idioten.ui.acesup.stats_panel import StatsPanel

    return StatsPanel(cast(AcesUpHost, app))


def menu_entries(app: Host, then: Then) -> MenuEntries:
    """The demo and the deal of the day."""
    return cast(MenuEntries, cast(AcesUpHost, app).assistant.menu_entries(then))


GAME = GameKind(name="idioten", play_key="ui.menu.to_idioten", open_session=open_session, make_scene=make_scene,
                rules_panel=rules_panel, stats_panel=stats_panel, menu_entries=menu_entries)
