"""Poker patience in the window: its scene, input, painter, layout and panels, and `GAME`, what the window
knows of it (ui/kit/game.py). Its modules load when it is first played, not with the window: the first frame
does not wait for them.

Poker patience's file (poker.json) also keeps the game chosen last, so its session is read at start even
when the window opens in Aces Up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from idioten.storage.files import Notice
from idioten.storage.store import Store
from idioten.ui.kit.game import GameKind
from idioten.ui.kit.scene import CardGameScene, Host, Scene

if TYPE_CHECKING:
    from idioten.play.poker import PokerSession


def disk_store(app: Host) -> Store | None:
    """The app's Store when it writes to disk. A window opened without one (tests, benchmarks) gets a store
    that lives in memory, a subclass: Poker patience then keeps its own numbers in memory too, and never
    reads a poker.json from wherever the program happens to run."""
    store = app.store
    return store if type(store) is Store else None


def open_session(app: Host) -> tuple[PokerSession, list[Notice | None]]:
    from idioten.play.poker import PokerSession

    session = PokerSession(disk_store(app), app.rng)
    return session, session.load()


def make_scene(app: Host, session: PokerSession) -> CardGameScene:
    from idioten.ui.poker.scene import PokerScene

    return PokerScene(app, session)


def rules_panel(app: Host, scene: CardGameScene) -> Scene:
    from idioten.ui.poker.panels import PokerRulesPanel

    return PokerRulesPanel(app)


def stats_panel(app: Host, scene: CardGameScene) -> Scene:
    from idioten.ui.poker.panels import PokerStatsPanel

    return PokerStatsPanel(app, scene)


def flush(session: PokerSession) -> Notice | None:
    """Now: the scene writes a change after the frame that shows it, and a shelved scene draws no frame."""
    return session.flush()


# Its options are on its own top bar and the O key, so the menu has no entry of its own for them.
GAME = GameKind(name="poker", play_key="ui.menu.to_poker", open_session=open_session, make_scene=make_scene,
                rules_panel=rules_panel, stats_panel=stats_panel, flush=flush, keeps_choice=True)
