"""The settings screen (from the menu): one row per setting, its choices as buttons, the current one marked.
The window's own settings come first (`choices`), then the rows of the game on screen (its `GameKind`'s
`settings_rows`, ui/kit/game.py), which the screen knows only as rows. A choice is applied at once and
remembered (the window's through `persist.Persistence.change_setting`, a game's where the game keeps it).

The two kinds of rows are two pages, headed by tabs under the title ("General" and the game's name): both
together are more rows than the smallest window holds, and each page is a whole the player can read at once
(the preview of the deck with the window's rows, the game's notes with its rows). A click on a tab,
PageUp/PageDown or Ctrl+Tab turn the page; Up/Down (and Tab) go through every row, turning the page at its end.
Keys: E opens it (from either game's table), Left/Right change the row's value, Esc or E closes."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from idioten import i18n
from idioten.cards import parse_cards
from idioten.i18n import LANGUAGE_NAME, LANGUAGES
from idioten.speech import words
from idioten.storage.settings import ANIMATION_SPEEDS, SOUND_LEVELS, SPEAK_MODES, TABLE_COLOURS, TEXT_SIZES
from idioten.ui.kit.game import Games, SettingRow
from idioten.ui.kit.palette import CAPTION, GLOW, SELECT, TEXT, TITLE
from idioten.ui.kit.panels import Panel
from idioten.ui.kit.scene import Host
from idioten.ui.kit.sprites import CARD_BACKS, CardImages
from idioten.ui.kit.widgets import Button
from idioten.ui.persist import persistence

PREVIEW_CARDS = parse_cards("AS KH QD JC")  # one of each suit shows what four colours change


ON_OFF: list[tuple[object, str]] = [(False, "ui.settings.off"), (True, "ui.settings.on")]


def choices() -> list[tuple[str, list[tuple[object, str]]]]:
    """Each of the window's own settings with its values and the text key naming each value, in the order
    shown."""
    return [
        ("animation", [(s, f"ui.settings.animation.{s}") for s in ANIMATION_SPEEDS]),
        ("four_colour", ON_OFF),
        ("card_back", [(b, f"ui.settings.card_back.{b}") for b in CARD_BACKS]),
        ("table_colour", [(c, f"ui.settings.table_colour.{c}") for c in TABLE_COLOURS]),
        ("text_size", [(size, f"ui.settings.text_size.{size}") for size in TEXT_SIZES]),
        ("language", [(code, LANGUAGE_NAME) for code in LANGUAGES]),  # each in its own words: LanguageButton
        ("clock", ON_OFF),
        ("speak", [(mode, f"ui.settings.speak.{mode}") for mode in SPEAK_MODES]),
        ("sound", [(level, f"ui.settings.sound.{level}") for level in SOUND_LEVELS]),
    ]


class LanguageButton(Button):
    """A language's choice, named in that language ("Suomi"), whatever the language shown."""

    def __init__(self, language: str, action: Callable[[], None]) -> None:
        super().__init__(LANGUAGE_NAME, action)
        self.language = language

    @property
    def label(self) -> str:
        return i18n.language_name(self.language)


class SettingsPanel(Panel):
    width_share = 0.72

    def __init__(self, app: Host):
        self.focus = 0  # the row the keyboard is on, counted over both pages
        self.page = 0
        super().__init__(app)

    def build(self) -> None:
        self.persist = persistence(self.app)
        self.setting_list = self.window_rows() + self.game_rows()
        self.settings_rows = {row.name: row for row in self.setting_list}
        self.rows_of_buttons: list[tuple[str, list[tuple[object, Button]]]] = []
        for setting in self.setting_list:
            row = [(value, LanguageButton(str(value), partial(self.choose, setting.name, value))
                    if setting.name == "language" else Button(key, partial(self.choose, setting.name, value)))
                   for value, key in setting.choices]
            self.rows_of_buttons.append((setting.name, row))
            self.buttons.extend(button for _, button in row)
        self.close_button = Button("ui.button.close", self.close)
        self.buttons.append(self.close_button)
        window_count = len(choices())
        self.pages = [range(0, window_count)]
        self.tabs: list[Button] = []
        playing = self.games()
        if len(self.setting_list) > window_count and playing is not None:
            self.pages.append(range(window_count, len(self.setting_list)))
            self.tabs = [Button("ui.settings.general", partial(self.turn_to, 0)),
                         Button(playing.current_game.title_key, partial(self.turn_to, 1))]
            self.buttons.extend(self.tabs)
        self.images = CardImages(lambda: self.app.settings)

    def window_rows(self) -> list[SettingRow]:
        def current(name: str) -> object:
            if name == "language":
                return i18n.language()  # "the system's language" (None) shows as the language in use
            return getattr(self.persist.settings, name)

        return [SettingRow(name, f"ui.settings.{name}", values, partial(current, name),
                           partial(self.persist.change_setting, name)) for name, values in choices()]

    def game_rows(self) -> list[SettingRow]:
        """The rows of the game on screen (a window that holds no games, as some tests open: none)."""
        playing = self.games()
        return [] if playing is None else list(playing.current_game.settings_rows(self.app, playing.on_screen))

    def games(self) -> Games | None:
        playing: Games | None = getattr(self.app, "playing", None)
        return playing

    def current(self, name: str) -> object:
        return self.settings_rows[name].current()

    def choose(self, name: str, value: object) -> None:
        self.settings_rows[name].choose(value)
        self.images.forget()
        self.place()  # labels change width with the language
        self.app.speech.say(self.row_spoken(self.rows_of_buttons.index(next(
            row for row in self.rows_of_buttons if row[0] == name))))

    def row_spoken(self, index: int) -> str:
        """A row aloud: the setting and its value ("Sound: Quiet")."""
        name, row = self.rows_of_buttons[index]
        current = self.current(name)
        value = next((button.label for each, button in row if each == current), "")
        return i18n.t("speech.setting", setting=i18n.t(self.settings_rows[name].label_key), value=value)

    def spoken(self) -> str:
        return words.lines([i18n.t("ui.settings.title"), self.row_spoken(self.focus)])

    def page_of(self, row: int) -> int:
        return next(index for index, rows in enumerate(self.pages) if row in rows)

    def turn_to(self, page: int) -> None:
        """Show `page`, the keyboard on its first row."""
        self.page = page % len(self.pages)
        self.focus = self.pages[self.page][0]
        self.place()

    def move_row(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.rows_of_buttons)
        if self.page_of(self.focus) != self.page:
            self.page = self.page_of(self.focus)
            self.place()
        self.app.speech.say(self.row_spoken(self.focus))
        self.dirty = True

    # -- layout ------------------------------------------------------------------------------------------

    def place(self) -> None:
        layout, texts = self.layout, self.app.texts
        size = layout.font_size
        shown = self.pages[self.page]
        width = int(min(max(layout.width * self.width_share, 600), layout.width - 40))

        def label_width(page: int) -> int:
            return max(texts.font(size).size(i18n.t(self.setting_list[row].label_key))[0]
                       for row in self.pages[page]) + size * 2

        self.label_w = label_width(self.page)
        card_h = round(layout.card_h * 0.42)  # the deck's preview, on the window's page
        self.images.set_size((max(1, round(card_h * 250 / 350)), max(1, card_h)))
        notes_page = len(self.pages) - 1  # the game's notes under its rows (a window with no game: none)
        note_lines = self.notes(width - 2 * size)
        widths = {id(b): b.width_for(texts, size) + size // 2 for b in self.buttons}
        lines_of = [self.wrapped_rows(widths, width - 2 * size - label_width(page), size // 2)
                    for page in range(len(self.pages))]
        lines = lines_of[self.page]
        tabs_h = round(size * 1.5) + size // 2 if self.tabs else 0
        fixed = (size + round(size * 1.4) + size // 2 + tabs_h + size // 2 + size // 2 + size // 2
                 + size // 2 + round(size * 1.8) + size)

        def page_height(page: int, row_h: int, preview_h: int, keys: bool) -> int:
            return (fixed + sum(len(lines_of[page][row]) for row in self.pages[page]) * row_h
                    + (preview_h if page == 0 else 0) + round(size * 1.2) * keys
                    + (len(note_lines) * round(size * 1.05) if page == notes_page else 0))

        # A small window first loses the air between the rows, then the preview, then the keys line (at once,
        # if it is wider than the box). Every page is as tall as the tallest, so that the tabs and Close stay
        # where they were when the page turns.
        keys_fit = texts.font(layout.small_font_size).size(i18n.t(self.keys_key()))[0] <= width - 2 * size
        tries = [(round(size * 1.9), card_h, True), (round(size * 1.6), card_h, True), (round(size * 1.6), 0, True),
                 (round(size * 1.6), 0, False)]
        for row_h, preview_h, self.show_keys in [(row, preview, keys and keys_fit) for row, preview, keys in tries]:
            height = max(page_height(page, row_h, preview_h, self.show_keys) for page in range(len(self.pages)))
            if height <= layout.height - 20:
                break
        if self.page != 0:
            preview_h = 0
        if self.page != notes_page:
            note_lines = []
        self.row_h = row_h
        self.box = pygame.Rect(0, 0, width, min(height, layout.height - 20))
        self.box.center = (layout.width // 2, layout.height // 2)
        box = self.box
        self.title_y = box.y + size
        y = self.title_y + round(size * 1.4) + size // 2
        y = self.place_tabs(widths, y, size)
        self.row_tops = {}
        for _, buttons in self.rows_of_buttons:
            for _, button in buttons:
                button.rect = pygame.Rect(0, 0, 0, 0)  # the other page's: neither drawn nor clicked
        grid_w = self.label_w + max(sum(widths[id(b)] + size // 2 for b in part)
                                    for row in shown for part in lines[row])
        self.grid_x = max(box.x + size, box.centerx - grid_w // 2)
        for row in shown:
            self.row_tops[row] = y
            for part in lines[row]:
                x = self.grid_x + self.label_w
                for button in part:
                    w = widths[id(button)]
                    button.rect = pygame.Rect(x, y + (self.row_h - round(size * 1.5)) // 2, w, round(size * 1.5))
                    x += w + size // 2
                y += self.row_h
        self.preview = pygame.Rect(box.x, y + size // 2, box.w, preview_h)
        y = self.preview.bottom + size // 2
        self.placed_notes = []
        for line in note_lines:
            self.placed_notes.append((line, y))
            y += round(size * 1.05)
        self.close_button.rect = pygame.Rect(0, 0, self.close_button.width_for(texts, size) + size,
                                             round(size * 1.8))
        keys_h = round(size * 1.2) if self.show_keys else 0
        self.close_button.rect.midbottom = (box.centerx, max(y + size // 2 + round(size * 1.8),
                                                             box.bottom - size - keys_h))
        self.keys_y = self.close_button.rect.bottom + size // 3
        self.dirty = True

    def keys_key(self) -> str:
        return "ui.settings.keys_pages" if self.tabs else "ui.settings.keys"

    def place_tabs(self, widths: dict[int, int], y: int, size: int) -> int:
        """The page's tabs side by side under the title; where the rows begin below them."""
        if not self.tabs:
            return y
        gap = size // 2
        x = self.box.centerx - (sum(widths[id(tab)] for tab in self.tabs) + gap * (len(self.tabs) - 1)) // 2
        for tab in self.tabs:
            tab.rect = pygame.Rect(x, y, widths[id(tab)], round(size * 1.5))
            x += tab.rect.w + gap
        return y + round(size * 1.5) + size // 2

    def wrapped_rows(self, widths: dict[int, int], room: int, gap: int) -> list[list[list[Button]]]:
        """Each row's buttons in lines of at most `room` pixels: a row with more choices than fit (the
        languages) goes on under itself."""
        rows = []
        for _, row in self.rows_of_buttons:
            lines: list[list[Button]] = [[]]
            used = 0
            for _, button in row:
                if lines[-1] and used + widths[id(button)] > room:
                    lines.append([])
                    used = 0
                lines[-1].append(button)
                used += widths[id(button)] + gap
            rows.append(lines)
        return rows

    def notes(self, width: int) -> list[str]:
        texts, size = self.app.texts, self.layout.small_font_size
        lines = []
        for key in self.game_notes():
            lines += texts.wrap(i18n.t(key), size, width)
        return lines

    def game_notes(self) -> list[str]:
        playing = self.games()
        return [] if playing is None else list(playing.current_game.settings_notes(self.app))

    # -- input -------------------------------------------------------------------------------------------

    def focus_key(self, event: pygame.event.Event) -> bool:
        return False  # a grid: the focus is a row (Up/Down, Tab), its value moves with Left/Right (key)

    def key(self, event: pygame.event.Event) -> None:
        shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_e):
            self.close()  # E opened it: E closes it again, as O does Poker patience's options
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) or (
                event.key == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_CTRL):
            self.turn_to(self.page + (-1 if event.key == pygame.K_PAGEUP or shift else 1))
        elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.move_row(-1 if event.key == pygame.K_UP or (event.key == pygame.K_TAB and shift) else 1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            name, row = self.rows_of_buttons[self.focus]
            values = [value for value, _ in row]
            current = self.current(name)
            index = values.index(current) if current in values else 0
            step = -1 if event.key == pygame.K_LEFT else 1
            self.choose(name, values[max(0, min(len(values) - 1, index + step))])

    # -- drawing -----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        texts, size, box = self.app.texts, self.layout.font_size, self.box
        self.draw_frame(surface)
        title = texts.render(i18n.t("ui.settings.title"), round(size * 1.4), TITLE)
        surface.blit(title, title.get_rect(midtop=(box.centerx, self.title_y)))
        for page, tab in enumerate(self.tabs):
            tab.focused = False  # the keyboard's ring stays on the rows; the page shown is marked as a choice is
            tab.draw(surface, texts, size)
            if page == self.page:
                pygame.draw.rect(surface, GLOW, tab.rect.inflate(4, 4), width=2, border_radius=tab.rect.h // 3)
        for index, top in self.row_tops.items():
            name, row = self.rows_of_buttons[index]
            colour = SELECT if index == self.focus else CAPTION
            label = texts.render(i18n.t(self.settings_rows[name].label_key), size, colour)
            surface.blit(label, label.get_rect(midleft=(self.grid_x, top + self.row_h // 2)))
            for value, button in row:
                button.focused = index == self.focus and value == self.current(name)
                button.draw(surface, texts, size)
                if value == self.current(name):
                    pygame.draw.rect(surface, GLOW, button.rect.inflate(4, 4), width=2,
                                     border_radius=button.rect.h // 3)
        self.draw_preview(surface)
        small = self.layout.small_font_size
        for line, y in self.placed_notes:
            text = texts.render(line, small, TEXT)
            surface.blit(text, text.get_rect(midtop=(box.centerx, y)))
        self.close_button.draw(surface, texts, size)
        if self.show_keys:
            keys = texts.render(i18n.t(self.keys_key()), small, CAPTION)
            surface.blit(keys, keys.get_rect(midtop=(box.centerx, self.keys_y)))

    def draw_preview(self, surface: pygame.Surface) -> None:
        if not self.preview.h:
            return
        w, h = self.images.size
        gap = w // 4
        x = self.preview.centerx - (5 * w + 4 * gap) // 2
        pictures = [self.images.face(card) for card in PREVIEW_CARDS] + [self.images.back()]
        for index, picture in enumerate(pictures):
            surface.blit(picture, (x + index * (w + gap), self.preview.y))
