"""Idioten (Aces Up) in the window: its table, input, painter, assistant and panels, and `GAME`, what the
window knows of it (ui/kit/game.py).

Its session is an `AcesUpSession` (idioten/play/acesup/session.py), opened on the window's store: the saved game
resumed, or the deal the command line named, or a game given to show (tests, benchmarks).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from idioten.acesup.options import VARIANTS
from idioten.acesup.rules import Game
from idioten.play.acesup import settings as own
from idioten.play.acesup.session import AcesUpSession
from idioten.play.session import Opening, Session
from idioten.storage.files import Notice
from idioten.ui.kit.game import GameKind, MenuEntries, SettingRow, Then
from idioten.ui.kit.scene import CardGameScene, Host, Scene

if TYPE_CHECKING:
    from idioten.ui.acesup.table import TableScene


def open_session(opening: Opening) -> tuple[AcesUpSession, Sequence[Notice]]:
    """Aces Up's session on the window's store: a game given to show, else the saved game or the deal named."""
    if isinstance(opening.shown, Game):  # a game to show (tests, benchmarks)
        return AcesUpSession.start(opening.store, opening.shown, opening.rng), []
    return AcesUpSession.open(opening)


def make_scene(app: Host, session: Session) -> CardGameScene:
    """Its table, made the first time the game is played in this run."""
    from idioten.ui.acesup.table import TableScene

    assert isinstance(session, AcesUpSession)  # the one `open_session` gave
    return TableScene(app, session)


def rules_panel(app: Host, scene: CardGameScene) -> Scene:
    """Its rules, with the rule book's worked example."""
    from idioten.ui.acesup.rules_panel import RulesPanel

    return RulesPanel(app)


def stats_panel(app: Host, scene: CardGameScene) -> Scene:
    """Its statistics, over its table (which says when they were reset)."""
    from idioten.ui.acesup.stats_panel import StatsPanel

    return StatsPanel(app, table_of(scene))


def menu_entries(app: Host, scene: CardGameScene, then: Then) -> MenuEntries:
    """The demo and the deal of the day while the table is on screen, and Learn to play (the guide)."""
    table = table_of(scene)
    assistant = table.assistant
    table_entries: MenuEntries = [] if app.scenes[0] is not table else [
        ("ui.menu.demo", lambda: then(assistant.coach.start_demo)),
        ("ui.menu.daily", lambda: then(assistant.days.start))]
    return [*table_entries, ("guide.title", lambda: then(lambda: open_guide(app)))]


def open_guide(app: Host) -> None:
    """Learn to play, from the menu."""
    from idioten.ui.acesup.guide import open_guide as open_it  # the guide's scene only when it is asked for

    open_it(app)


def welcome(app: Host) -> None:
    """The very first start, whatever its command line: Learn to play is offered, once. A start that finds a
    game in progress (moves played, or a game kept behind Ctrl+Z that a named deal replaced) is not a first
    start, whatever the settings say: the offer would cover that game, so it is never made (the menu keeps the
    guide) and is remembered as made."""
    if app.settings.guide_offered:
        return
    table = app.scenes[0]
    if not isinstance(table, CardGameScene):
        return
    session = table_of(table).session
    if session.game.progressed() or session.keeps_a_game():
        from idioten.ui.persist import persistence

        persistence(app).change_setting("guide_offered", True)
        return
    from idioten.ui.acesup.guide import offer_guide

    offer_guide(app)


ON_OFF: list[tuple[object, str]] = [(False, "ui.settings.off"), (True, "ui.settings.on")]
# Its settings on the settings screen, in the order shown: (name, label, values with their texts).
SETTING_ROWS: list[tuple[str, str, list[tuple[object, str]]]] = [
    ("variant", "ui.settings.variant", [(v, f"ui.variant.{v}") for v in VARIANTS]),
    ("auto_discard", "ui.settings.auto_discard", ON_OFF),
    ("highlight_discardable", "ui.settings.highlight_discardable", ON_OFF),
    ("live_verdict", "ui.settings.live_verdict", ON_OFF),
    ("winnable_only", "ui.settings.winnable_only", ON_OFF),
]


def settings_rows(app: Host, scene: CardGameScene) -> list[SettingRow]:
    """Its own settings, kept in its section of settings.json (play/acesup/settings.py)."""
    from idioten.ui.persist import persistence

    def current(name: str) -> object:
        return getattr(own.aces_up_settings(app.settings), name)

    def choose(name: str, value: object) -> None:
        setting = next(s for s in own.SETTINGS if s.name == name)
        if not setting.accepts(value):
            raise ValueError(f"{value!r} is not a valid {name}")
        persistence(app).change_game_setting(own.GAME, name, setting.values[setting.values.index(value)])

    return [SettingRow(name, label, values, partial(current, name), partial(choose, name))
            for name, label, values in SETTING_ROWS]


def settings_notes(app: Host) -> list[str]:
    """The variant applies to the next new deal (or the command line fixed it); auto-discard's rule."""
    from idioten.ui.persist import persistence

    fixed = persistence(app).fixes(own.GAME, own.VARIANT.name)
    return ["ui.settings.variant_fixed" if fixed else "ui.settings.variant_note", "ui.settings.auto_note"]


def table_of(scene: CardGameScene) -> "TableScene":
    """The scene as Aces Up's table: the window hands each game its own scene back."""
    from idioten.ui.acesup.table import TableScene

    assert isinstance(scene, TableScene)
    return scene


GAME = GameKind(name="idioten", play_key="ui.menu.to_idioten", open_session=open_session, make_scene=make_scene,
                rules_panel=rules_panel, stats_panel=stats_panel, menu_entries=menu_entries, welcome=welcome,
                settings_rows=settings_rows, settings_notes=settings_notes)
