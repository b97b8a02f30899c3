"""The menu (Esc): the game on screen's new deal and restart, an entry to each other game, the game's own
entries (ui/kit/game.py's `menu_entries`), then what the window offers in every game."""

from __future__ import annotations

import re
from functools import partial
from typing import Callable

import pygame

from idioten import i18n
from idioten.ui.kit.game import GameHost, MenuEntries
from idioten.ui.kit.panels import Panel, Row
from idioten.ui.kit.widgets import Button

MENU_COLUMNS = (1, 2, 3)
# The key an entry's label names at its end, "Statistik (S)", "Regeln (F1)". Ctrl+Q and F11 the window takes
# before any panel sees them; Esc closes the menu.
SHORTCUT = re.compile(r"\(([^()]+)\)\s*$")


class MenuPanel(Panel):
    width_share = 0.35
    app: GameHost

    def __init__(self, app: GameHost):
        super().__init__(app)

    def build(self) -> None:
        app = self.app
        table = app.playing.on_screen  # the game on screen
        playing = app.playing.current_game
        entries: MenuEntries = [("ui.menu.new", lambda: self.then(table.new_deal)),
                   ("ui.menu.restart", lambda: self.then(table.restart)),
                   *[(kind.play_key, partial(self.then, partial(app.playing.switch_game, kind.name)))
                     for kind in app.playing.games if kind is not playing],
                   *playing.menu_entries(app, table, self.then),
                   ("ui.menu.rules", lambda: self.then(app.open_rules)),
                   ("ui.menu.stats", lambda: self.then(app.open_stats)),
                   ("ui.menu.settings", lambda: self.then(app.open_settings)),
                   ("ui.menu.fullscreen", lambda: self.then(app.toggle_fullscreen)),
                   ("ui.menu.language", self.next_language),
                   ("ui.menu.about", lambda: self.then(self.open_about)),
                   ("ui.menu.quit", app.quit),
                   ("ui.menu.close", self.close)]
        self.buttons = [Button(key, action) for key, action in entries]

    def place(self) -> None:
        """One entry a line; where that does not fit the window at the full text size, two or three a line
        (in reading order, so the focus still walks the list), before the text shrinks."""
        fitting = None
        for columns in MENU_COLUMNS:
            self.rows = self.rows_of(columns)
            super().place()
            if not self.overflow and self.text_size == self.layout.font_size:
                return
            if not self.overflow and fitting is None:
                fitting = columns
        if fitting is not None and fitting != MENU_COLUMNS[-1]:
            self.rows = self.rows_of(fitting)
            super().place()

    def rows_of(self, columns: int) -> list[Row]:
        """The title, then the entries `columns` a line."""
        return [("title", "ui.menu.title"),
                *(("buttons", self.buttons[i:i + columns]) for i in range(0, len(self.buttons), columns))]

    def key(self, event: pygame.event.Event) -> None:
        """The key an entry's label shows does what the entry does, as it does at the table: a player who
        reads "Statistik (S)" in the open menu and presses S gets the statistics. Any other key does nothing."""
        if event.key == pygame.K_ESCAPE:
            self.close()
            return
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return
        pressed = pygame.key.name(event.key).upper()
        for button in self.buttons:
            shown = SHORTCUT.search(button.label)
            if shown is not None and shown.group(1).upper() == pressed and button.enabled():
                button.action()
                return

    def then(self, action: Callable[[], None]) -> None:
        self.close()
        action()

    def open_about(self) -> None:
        from idioten.ui.about import AboutPanel  # loaded when asked for: it looks at the cores

        self.app.push(AboutPanel(self.app))

    def next_language(self) -> None:
        from idioten.ui.persist import persistence  # the choice is remembered like the settings screen's

        languages = i18n.LANGUAGES
        persistence(self.app).change_setting(
            "language", languages[(languages.index(i18n.language()) + 1) % len(languages)])
