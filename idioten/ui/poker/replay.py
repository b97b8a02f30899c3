"""A row of Poker patience's history played again or copied, and Ctrl+V at its table: a grid copied from the
history (play/poker/replay.py says the text's form) dealt again and its cards placed again one by one at a
pace to follow, each through the rules as the player's would be. Any key or click stops the playback, the grid
left as far as it came for the player to go on with; a grid only played back is not counted (the session's
`watch`), one the player places a card in is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from idioten import i18n
from idioten.cards import Card
from idioten.play.change import Change
from idioten.play.poker.replay import deal_of, line_text, parse_line
from idioten.play.poker.session import PokerSession
from idioten.poker.hands import parse_poker_card
from idioten.storage.history import Played
from idioten.ui.kit.clipboard import get_text, put_text
from idioten.ui.kit.palette import BOX, EDGE, TEXT, tint
from idioten.ui.kit.scene import Host, Scene


class RowTable(Protocol):
    """What a history row's play-again and copy ask of the Poker table (scene.py's `PokerScene`, whose panels
    import this module)."""

    app: Host
    @property
    def session(self) -> PokerSession: ...
    def replace(self, start: Callable[[], Change], restarted: bool) -> None: ...
    def say(self, text: str) -> None: ...


class PlaybackTable(RowTable, Protocol):
    """...and what a playback asks of it: whether a card still flies, and a card placed as if by the player."""

    def busy(self) -> bool: ...
    def place(self, cell: int, card: Card | None = None, start: tuple[float, float] | None = None,
              by_player: bool = True) -> bool: ...


PAUSE = 0.45  # seconds between two cards at normal animation speed (as Aces Up's playback, acesup/autoplay.py)
SHORTEST_PAUSE = 0.25  # with animations off: still a pace to follow


def can_play_again(row: Played) -> bool:
    try:
        deal_of(row)
    except ValueError:
        return False
    return True


def play_again(scene: RowTable, row: Played) -> None:
    """The row's deal in play as a new deal, with its table and options, against the computer if it was."""
    scene.app.close_panels()
    scene.replace(lambda: scene.session.deal_again(deal_of(row), row.result in ("won", "lost")), restarted=False)


def can_copy(row: Played) -> bool:
    return can_play_again(row) and bool(row.actions)


def copy(scene: RowTable, row: Played) -> None:
    said = "ui.history.game_copied" if put_text(line_text(row)) else "ui.history.no_clipboard"
    scene.say(i18n.t(said))  # on the table's message line, below the panel, and aloud


def play_back(scene: PlaybackTable) -> None:
    try:
        line = parse_line(get_text())
    except ValueError:
        scene.say(i18n.t("ui.poker.replay.unreadable"))
        return
    scene.app.close_panels()
    scene.replace(lambda: scene.session.watch(line), restarted=False)
    scene.app.push(Playback(scene.app, scene, line.placements))


class Playback(Scene):
    """Over the table, a banner only: places the pasted grid's cards in turn; takes every key and click, and
    any of them stops it (the key or click does nothing else)."""

    overlay = True

    def __init__(self, app: Host, table: PlaybackTable, placements: Sequence[tuple[int, str]]) -> None:
        super().__init__(app)
        self.table = table
        self.placements = tuple(placements)
        self.placed = 0
        self.wait = self.pause()  # the empty grid is seen first

    def pause(self) -> float:
        return max(SHORTEST_PAUSE, self.app.settings.duration(PAUSE))

    def busy(self) -> bool:
        return self in self.app.scenes

    def update(self, dt: float) -> None:
        if self.table.busy():
            return  # the last card still flying
        self.wait -= dt
        if self.wait > 0:
            return
        if self.placed == len(self.placements):
            self.stop("ui.replay.done")
            return
        cell, card = self.placements[self.placed]
        self.placed += 1
        self.dirty = True
        if not self.table.place(cell, parse_poker_card(card), by_player=False):
            self.stop("")  # the table said why (never with a text parse_line read: it checked each card)
            return
        self.wait = self.pause()

    def stop(self, message_key: str) -> None:
        self.app.pop(self)
        if message_key:
            self.table.say(i18n.t(message_key))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stop("ui.replay.stopped")

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        size = layout.small_font_size
        banner = i18n.t("ui.poker.replay.playing", step=max(1, self.placed), steps=len(self.placements))
        text = self.app.texts.render(banner, size, TEXT)
        box = text.get_rect().inflate(size * 2, size)
        box.midbottom = (layout.width // 2, layout.status_bar.top - 6)
        pygame.draw.rect(surface, tint(BOX), box, border_radius=box.h // 2)
        pygame.draw.rect(surface, tint(EDGE), box, width=1, border_radius=box.h // 2)
        surface.blit(text, text.get_rect(center=box.center))
