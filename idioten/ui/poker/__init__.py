"""Poker patience in the window: its scene, input, painter, layout and panels, and `GAME`, what the window
knows of it (ui/kit/game.py). Its modules load when it is first played, not with the window: the first frame
does not wait for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from idioten.play.session import Opening, Session
from idioten.storage.files import Notice
from idioten.ui.kit.game import GameKind, SettingRow
from idioten.ui.kit.scene import CardGameScene, Host, Scene

if TYPE_CHECKING:
    from idioten.play.poker.session import PokerSession


def open_session(opening: Opening) -> tuple[PokerSession, Sequence[Notice]]:
    """Poker patience's session on the window's store: its saved grid, or a new deal."""
    from idioten.play.poker.session import PokerSession

    return PokerSession.open(opening)


def make_scene(app: Host, session: Session) -> CardGameScene:
    """Its table, made the first time the game is played in this run (its modules load then)."""
    from idioten.play.poker.session import PokerSession
    from idioten.ui.poker.scene import PokerScene

    assert isinstance(session, PokerSession)  # the one `open_session` gave
    return PokerScene(app, session)


def rules_panel(app: Host, scene: CardGameScene) -> Scene:
    """Its rules and the four scoring tables, the one in use in gold."""
    from idioten.ui.poker.panels import PokerRulesPanel
    from idioten.ui.poker.scene import PokerScene

    assert isinstance(scene, PokerScene)
    return PokerRulesPanel(app, scene)


def stats_panel(app: Host, scene: CardGameScene) -> Scene:
    """Its statistics, per setting of the options."""
    from idioten.ui.poker.panels import PokerStatsPanel
    from idioten.ui.poker.scene import PokerScene

    assert isinstance(scene, PokerScene)
    return PokerStatsPanel(app, scene)


def settings_rows(app: Host, scene: CardGameScene) -> list[SettingRow]:
    """Its options for the next deal, as the O key's panel offers them, kept with its game in poker.json."""
    from idioten.poker.options import TABLES
    from idioten.ui.poker.scene import PokerScene

    assert isinstance(scene, PokerScene)
    session = scene.session
    on_off: list[tuple[object, str]] = [(False, "ui.settings.off"), (True, "ui.settings.on")]

    def current(name: str) -> object:
        return getattr(session.options, name)

    def choose(name: str, value: object) -> None:
        session.set_option(name, value)
        scene.dirty = True

    tables: list[tuple[object, str]] = [(t, f"ui.poker.table.{t}") for t in TABLES]
    rows: list[tuple[str, str, list[tuple[object, str]]]] = [
        ("table", "ui.poker.scoring", tables),
        ("diagonals", "ui.poker.diagonals", on_off), ("joker", "ui.poker.joker", on_off),
        ("open_deck", "ui.poker.open_deck", on_off), ("competitive", "ui.poker.competitive", on_off)]
    return [SettingRow(name, label, values, partial(current, name), partial(choose, name))
            for name, label, values in rows]


# Its options are on its own top bar and the O key, and on the settings screen (`settings_rows`), so the menu
# has no entry of its own for them.
GAME = GameKind(name="poker", play_key="ui.menu.to_poker", open_session=open_session, make_scene=make_scene,
                rules_panel=rules_panel, stats_panel=stats_panel, settings_rows=settings_rows,
                title_key="ui.poker.name")
