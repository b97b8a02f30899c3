"""The program start: `idioten` with no command.

The command line has already checked what it was given and hands over a `Launch`. `open_app` opens the
store, shows its notices in the message line, chooses the language and variant (the command line wins for
this run), then resumes the saved game or starts the deal the command line names, keeping the saved game
behind Ctrl+Z as a new deal in the window does; `run` adds the game chosen last (`App.open_last_game`) and
the loop.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass

import pygame

from idioten import i18n
from idioten.cards import MAX_DEAL, MIN_DEAL, Card, deal_cards
from idioten.acesup.rules import Game
from idioten.play.acesup import AcesUpSession
from idioten.storage.store import Store
from idioten.ui.app import App
from idioten.ui.persist import attach


@dataclass(frozen=True)
class Launch:
    """What the command line asks of the window; None leaves the choice to the saved settings and game."""

    cards: tuple[Card, ...] | None = None  # a deal named on the command line (52 cards in deal order)
    deal_number: int | None = None  # its number, None for a deal given card by card
    variant: str | None = None
    language: str | None = None
    fullscreen: bool = False

    @property
    def names_a_deal(self) -> bool:
        return self.cards is not None


def choose_game(store: Store, launch: Launch, variant: str, rng) -> AcesUpSession:
    """The session on the store, with the game to show first. A deal named on the command line replaces the
    saved game as a new deal in the window does: the game replaced stays behind Ctrl+Z until the first move
    in the new one. Otherwise the saved game is resumed exactly as it was left, a finished one too (it was
    counted when the store opened)."""
    saved = store.saved_game
    if launch.names_a_deal:
        game = Game.new(list(launch.cards), variant, launch.deal_number)
        if saved is None:
            return AcesUpSession.start(store, game)
        session = AcesUpSession(store, saved)
        session.new_deal(game)
        return session
    if saved is not None:
        return AcesUpSession(store, saved)
    number = rng.randint(MIN_DEAL, MAX_DEAL)
    return AcesUpSession.start(store, Game.new(deal_cards(number), variant, number))


def open_app(launch: Launch, **app_options) -> App:
    """Open the store and the window (see the module's docstring)."""
    store = Store.open()
    i18n.set_language(launch.language or store.settings.language)
    variant = launch.variant or store.settings.variant
    rng = app_options.pop("rng", None) or random.Random()
    session = choose_game(store, launch, variant, rng)
    app_options["fullscreen"] = app_options.get("fullscreen") or store.settings.fullscreen  # as it was left
    app = App(variant=variant, settings=store.settings, rng=rng, session=session, **app_options)
    persist = attach(app, session, variant_fixed=launch.variant is not None)
    if session.game.is_over():
        app.show_end(session.game)
    if launch.names_a_deal and app.table.can_go_back():
        app.table.say_dealt(restarted=False)  # as after N: the deal, and that Ctrl+Z brings the saved game back
    persist.show(*store.notices, *persist.save_now(), after_current=True)
    return app


def run(launch: Launch) -> int:
    """Open the window, play until it is closed, and leave everything saved."""
    try:
        app = open_app(launch, fullscreen=launch.fullscreen)
        if not launch.names_a_deal:
            app.open_last_game()  # the game played last, if another
    except pygame.error as err:
        print(f"idioten: cannot open the game window: {err}", file=sys.stderr)
        return 1
    try:
        app.loop()
    finally:
        app.persist.close()  # the last save on disk, an action in the same turn as Ctrl+Q included
        app.close()  # and every other game's last change
    return 0
