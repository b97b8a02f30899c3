"""The program start's first moment: what the command line asks of the window (`Launch`), and the window opened
as it was left with its bare felt on screen (`open_first`) before the table's modules load.

Until a program draws, a new window shows whatever the system puts there (black on X11, white on Windows).
The window's own modules, the store and the first cards take some 50 ms more (launch.py), so the felt comes
first: after the data folder's lock (cli/desktop.py) and the settings, which say where the window was. Its
title is the program's name in every language (idioten.PROGRAM_NAME), so no language's file is read for it. The
settings read here are handed on to the store (`Opening.settings`), so the file is read once. This module
loads only what that needs (tests/ui/test_start_imports.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from idioten import PROGRAM_NAME, i18n
from idioten.storage.files import Notice
from idioten.storage.settings import GameValue, Settings, load_settings

if TYPE_CHECKING:
    import pygame

    from idioten.cards import Card
    from idioten.play.launch import Fixed
    from idioten.play.session import NamedDeal


class Launch(NamedTuple):  # a NamedTuple, not a dataclass: made in a tenth of the time, before the first picture
    """What the command line asks of the window; None leaves the choice to the saved settings and game."""

    cards: tuple[Card, ...] | None = None  # a deal named on the command line (52 cards in deal order)
    deal_number: int | None = None  # its number, None for a deal given card by card
    game: str | None = None  # the game to open in, whose deal `cards` is (None: the game played last)
    fixed: tuple[tuple[str, str, GameValue], ...] = ()  # (game, setting, value): its settings for this run only
    language: str | None = None
    fullscreen: bool = False

    def fixed_by_game(self) -> Fixed:
        fixed: Fixed = {}
        for game, name, value in self.fixed:
            fixed.setdefault(game, {})[name] = value
        return fixed

    @property
    def names_a_deal(self) -> bool:
        """The command line named a deal (by number or card by card): it is dealt instead of the saved game resumed."""
        return self.cards is not None

    @property
    def deal(self) -> NamedDeal | None:
        """The deal named, as the first game's session takes it."""
        from idioten.play.session import NamedDeal  # the sessions' module, loaded with the table
        return NamedDeal(self.cards, self.deal_number) if self.cards is not None else None


class Opening(NamedTuple):
    """A window open on the felt, and what its start read to open it."""

    window: pygame.Window
    folder: Path | None  # None: the system names no data folder, nothing is saved
    settings: tuple[Settings, list[Notice]]  # settings.json as read, with what was wrong in it
    unsaved: Notice | None = None  # without a folder: why nothing is saved (None: the system names none)


class NoWindow(Exception):
    """No window could be opened here (no display, a driver that fails): SDL's reason."""


def open_first(launch: Launch, folder: Path | None, unsaved: Notice | None = None) -> Opening:
    """The window opened where it was left, in the language of this run, showing the bare felt."""
    import pygame  # here, not above: the command line makes a `Launch` before it has checked the pygame found

    from idioten.ui import window

    settings = load_settings(folder) if folder is not None else (Settings(), [])
    i18n.set_language(launch.language or settings[0].language)
    try:
        opened = window.open_on_felt(PROGRAM_NAME, None, settings[0])
    except pygame.error as err:
        raise NoWindow(str(err)) from None
    return Opening(opened, folder, settings, unsaved)

