"""Two games in one window: Idioten (Aces Up) and Poker patience.

The app's bottom scene is the game being played; the other game's scene waits on a shelf, untouched, so
switching back finds it exactly as it was (an Idioten game in progress included). The game last chosen is
remembered in Poker patience's file through the app's `Store`, and the app opens in it next time. Switch with
the Menu or the G key (G is free in both games' keys, see docs/design.md).
"""

from __future__ import annotations

from idioten.storage.store import Store
from idioten.ui.poker.scene import PokerScene
from idioten.play.poker import PokerSession

IDIOTEN, POKER = "idioten", "poker"


def _shelf(app) -> dict:
    shelf = getattr(app, "game_shelf", None)
    if shelf is None:
        shelf = app.game_shelf = {}
    return shelf


def poker_session(app) -> PokerSession:
    """The app's one Poker patience session, read from the store the first time it is needed."""
    session = getattr(app, "poker_session", None)
    if session is None:
        session = PokerSession(disk_store(app), app.rng)
        app.poker_session = session
        app.poker_notices = session.load()
    return session


def disk_store(app):
    """The app's Store when it writes to disk. A window opened without one (tests, benchmarks) gets a
    store that lives in memory, a subclass: Poker patience then keeps its own numbers in memory too, and
    never reads a poker.json from wherever the program happens to run."""
    store = getattr(getattr(app, "persist", None), "store", None)
    return store if type(store) is Store else None


def current_game(app) -> str:
    return POKER if isinstance(app.scenes[0], PokerScene) else IDIOTEN


def switch_game(app, to: str | None = None) -> None:
    now = current_game(app)
    to = to or (IDIOTEN if now == POKER else POKER)
    if to == now:
        return
    session = poker_session(app)
    app.close_panels()
    shelf = _shelf(app)
    shelf[now] = app.scenes[0]
    scene = shelf.pop(to, None)
    if scene is None:
        scene = PokerScene(app, session)  # Idioten's scene always exists: the app starts with it
        notices = [n for n in getattr(app, "poker_notices", []) if n is not None]
        scene.say_in_turn([n.text() for n in notices])  # each file's message, one after the other
        app.poker_notices = []
    app.scenes[0] = scene
    scene.resize(app.layout)  # the window may have changed size or language while it was shelved
    scene.language_changed()
    session.set_last_game(to)
    note = session.flush()  # now: the poker scene may be shelved next, and a shelved scene writes nothing
    if note is not None and hasattr(scene, "say"):
        scene.say(note.text())
    app.mark_dirty()


def open_last_game(app) -> None:
    """At start: Poker patience if that was the game last chosen (a first start opens Idioten)."""
    if poker_session(app).last_game == POKER:
        table = app.scenes[0]
        switch_game(app, POKER)
        # What the store said at start (a file moved aside, ...) belongs on the table the player sees.
        app.scenes[0].take_message(table)


def menu_entries(app, then) -> list[tuple[str, object]]:
    """The Menu's entry for the other game (Poker patience's options are on its own top bar and the O key)."""
    if current_game(app) == POKER:
        return [("ui.menu.to_idioten", lambda: then(lambda: switch_game(app, IDIOTEN)))]
    return [("ui.menu.to_poker", lambda: then(lambda: switch_game(app, POKER)))]


def flush(app) -> None:
    """Write Poker patience's last change now (the window writes it after the frame that shows it; call
    this before closing the window so a placement made in the very last frame is kept too)."""
    session = getattr(app, "poker_session", None)
    if session is not None:
        session.flush()
