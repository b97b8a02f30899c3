"""The history of a game in a panel of its own (Poker patience's statistics open it with H): its games, newest
first, as kit/history_list.py lists them. With `RowActions` a row can be played again (Enter, or the button)
and copied as text (C, or the button), as Aces Up's history does inside its statistics panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from idioten import i18n
from idioten.storage.history import Played
from idioten.ui.kit.history_list import HistoryList
from idioten.ui.kit.palette import CAPTION, TITLE
from idioten.ui.kit.panels import Panel
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button


@dataclass(frozen=True)
class RowActions:
    """What a row can do: be played again, be copied (each says whether it can, for the row chosen)."""

    play_again: Callable[[Played], None]
    can_play_again: Callable[[Played], bool]
    copy: Callable[[Played], None]
    can_copy: Callable[[Played], bool]
    keys_key: str  # the line of keys under the buttons


class HistoryPanel(Panel):
    """A game's history of games in a panel of its own (Poker's H): the list, a close button and its keys."""
    width_share = 0.72

    def __init__(self, app: Host, rows: Callable[[], Sequence[Played]], variant_name: Callable[[str], str],
                 columns: Sequence[str], actions: RowActions | None = None):
        self.list = HistoryList(variant_name, columns)
        self.games = rows
        self.actions = actions
        super().__init__(app)

    def build(self) -> None:
        self.close_button = Button("ui.button.close", self.close)
        self.buttons = [self.close_button]
        if self.actions is not None:
            self.again_button = Button("ui.history.play_again", self.play_again, self.can_play_again)
            self.copy_button = Button("ui.history.copy_game", self.copy, self.can_copy)
            self.buttons = [self.again_button, self.copy_button, self.close_button]

    def default_button(self) -> Button:
        if self.actions is not None and self.can_play_again():
            return self.again_button  # Enter plays the chosen game again
        return self.close_button

    def keys_key(self) -> str:
        return "ui.history.list_keys" if self.actions is None else self.actions.keys_key

    def can_play_again(self) -> bool:
        row = self.list.chosen_row
        return self.actions is not None and row is not None and self.actions.can_play_again(row)

    def play_again(self) -> None:
        row = self.list.chosen_row
        if self.actions is not None and row is not None and self.can_play_again():
            self.actions.play_again(row)

    def can_copy(self) -> bool:
        row = self.list.chosen_row
        return self.actions is not None and row is not None and self.actions.can_copy(row)

    def copy(self) -> None:
        row = self.list.chosen_row
        if self.actions is not None and row is not None and self.can_copy():
            self.actions.copy(row)
            self.dirty = True

    def place(self) -> None:
        layout = self.layout
        size, small = layout.font_size, layout.small_font_size
        width = int(min(max(layout.width * self.width_share, 660), layout.width - 40))
        height = int(min(layout.height - 40, max(size * 22, layout.height * 0.86)))
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (layout.width // 2, layout.height // 2)
        box = self.box
        self.title_y = box.y + size
        button_h = round(size * 1.8)
        buttons_y = box.bottom - size - button_h - round(small * 1.5)
        widths = [button.width_for(self.app.texts, size) + size for button in self.buttons]
        x = box.centerx - (sum(widths) + size * (len(widths) - 1)) // 2
        for button, button_w in zip(self.buttons, widths):
            button.rect = pygame.Rect(x, buttons_y, button_w, button_h)
            x += button_w + size
        self.keys_y = buttons_y + button_h + size // 3
        top = self.title_y + round(size * 1.4) + size
        self.list.show([], self.games())
        fits = self.list.place(pygame.Rect(box.x + size, top, box.w - size * 2, buttons_y - top - size),
                               self.app.texts, (small, max(8, small * 4 // 5)))
        row_fits = sum(widths) + size * (len(widths) + 1) <= box.w
        self.overflow = not (fits and row_fits and self.app.texts.width(i18n.t(self.keys_key()), small) <= box.w - size)
        self.set_focus(self.focused)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.list.key(event):
            self.set_focus(self.focused)  # a row without a deal number cannot be played again
            self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.list.click(event.pos):
            self.dirty = True
            return
        super().handle_event(event)

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_h, pygame.K_s):
            self.close()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.actions is not None:
            self.play_again()
        elif event.key == pygame.K_c:
            self.copy()

    def draw(self, surface: pygame.Surface) -> None:
        texts, size, box = self.app.texts, self.layout.font_size, self.box
        self.draw_frame(surface)
        title = texts.render(i18n.t("ui.stats.history_title"), round(size * 1.4), TITLE)
        surface.blit(title, title.get_rect(midtop=(box.centerx, self.title_y)))
        self.list.draw(surface, texts)
        for button in self.buttons:
            button.draw(surface, texts, size)
        keys = texts.render(i18n.t(self.keys_key()), self.layout.small_font_size, CAPTION)
        surface.blit(keys, keys.get_rect(midtop=(box.centerx, self.keys_y)))
