"""Poker patience in the window: its scene, input, painter, layout and panels, and `GAME`, what the window
knows of it (ui/kit/game.py). Its modules load when it is first played, not with the window: the first frame
does not wait for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from idioten.play.session import Opening
from idioten.storage.files import Notice
from idioten.ui.kit.game import GameKind
from idioten.ui.kit.scene import CardGameScene, Host, Scene

if TYPE_CHECKING:
    from idioten.play.poker.session import PokerSession


def open_session(opening: Opening) -> tuple[PokerSession, Sequence[Notice]]:
    from idioten.play.poker.session import PokerSession

    return PokerSession.open(opening)


def make_scene(app: Host, session: PokerSession) -> CardGameScene:
    from idioten.ui.poker.scene import PokerScene

    return PokerScene(app, session)


def rules_panel(app: Host, scene: CardGameScene) -> Scene:
    from idioten.ui.poker.panels import PokerRulesPanel

    return PokerRulesPanel(app)


def stats_panel(app: Host, scene: CardGameScene) -> Scene:
    from idioten.ui.poker.panels import PokerStatsPanel
    from idioten.ui.poker.scene import PokerScene

    assert isinstance(scene, PokerScene)
    return PokerStatsPanel(app, scene)


# Its options are on its own top bar and the O key, so the menu has no entry of its own for them.
GAME: GameKind[PokerSession] = GameKind(name="poker", play_key="ui.menu.to_poker", open_session=open_session,
                                        make_scene=make_scene, rules_panel=rules_panel, stats_panel=stats_panel)
