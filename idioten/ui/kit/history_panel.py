"""The history of a game in a panel of its own (Poker patience's statistics open it with H): its games, newest
first, as kit/history_list.py lists them. Aces Up shows its history inside its statistics panel, where a row
can also be played again or copied."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from idioten import i18n
from idioten.storage.history import Played
from idioten.ui.kit.history_list import HistoryList
from idioten.ui.kit.palette import CAPTION, TITLE
from idioten.ui.kit.panels import Panel
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button


class HistoryPanel(Panel):
    """A game's history of games in a panel of its own (Poker's H): the list, a close button and its keys."""
    width_share = 0.72

    def __init__(self, app: Host, rows: Callable[[], Sequence[Played]], variant_name: Callable[[str], str],
                 columns: Sequence[str]):
        self.list = HistoryList(variant_name, columns)
        self.games = rows
        super().__init__(app)

    def build(self) -> None:
        self.close_button = Button("ui.button.close", self.close)
        self.buttons = [self.close_button]

    def default_button(self) -> Button:
        return self.close_button

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
        button_w = self.close_button.width_for(self.app.texts, size) + size
        self.close_button.rect = pygame.Rect(box.centerx - button_w // 2, buttons_y, button_w, button_h)
        self.keys_y = buttons_y + button_h + size // 3
        top = self.title_y + round(size * 1.4) + size
        self.list.show([], self.games())
        fits = self.list.place(pygame.Rect(box.x + size, top, box.w - size * 2, buttons_y - top - size),
                               self.app.texts, (small, max(8, small * 4 // 5)))
        self.overflow = not (fits and self.app.texts.width(i18n.t("ui.history.list_keys"), small) <= box.w - size)
        self.set_focus(self.focused)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.list.key(event):
            self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.list.click(event.pos):
            self.dirty = True
            return
        super().handle_event(event)

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_h, pygame.K_s):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        texts, size, box = self.app.texts, self.layout.font_size, self.box
        self.draw_frame(surface)
        title = texts.render(i18n.t("ui.stats.history_title"), round(size * 1.4), TITLE)
        surface.blit(title, title.get_rect(midtop=(box.centerx, self.title_y)))
        self.list.draw(surface, texts)
        self.close_button.draw(surface, texts, size)
        keys = texts.render(i18n.t("ui.history.list_keys"), self.layout.small_font_size, CAPTION)
        surface.blit(keys, keys.get_rect(midtop=(box.centerx, self.keys_y)))
