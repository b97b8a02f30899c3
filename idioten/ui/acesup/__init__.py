"""Idioten (Aces Up) in the window: its table, input, painter, assistant and panels, and `GAME`, what the
window knows of it (ui/kit/game.py).

Its session is, until it has one of its own, the game to show first (launch.py resumes the saved game and
attaches the saving to the table; a window opened without a game deals one at random).
"""

from __future__ import annotations

from typing import cast

from idioten.acesup.rules import Game
from idioten.storage.files import Notice
from idioten.ui.acesup.host import AcesUpHost
from idioten.ui.kit.game import GameKind, MenuEntries, Then
from idioten.ui.kit.scene import CardGameScene, Host, Scene


def open_session(app: Host) -> tuple[Game, list[Notice | None]]:
    return cast(AcesUpHost, app).random_game(), []


def make_scene(app: Host, game: Game) -> CardGameScene:
    from idioten.ui.acesup.table import TableScene

    return TableScene(app, game)


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
