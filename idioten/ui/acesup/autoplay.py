"""The computer at the table: the demo (it plays the current deal), the shown solution (a winning line played
from the start of the deal) and a game pasted to be watched again (Ctrl+V, replay.py). A scene over the table
that draws only a banner: it takes every key and click, and any of them stops it (the key or click does
nothing else). Each action goes through the table's `act`, so the rules decide and the table animates exactly
as for the player; the next action waits until the cards have landed and a short pause has passed, a steady,
watchable pace.

The demo's player (idioten.acesup.hint) thinks off the loop one action ahead of the table
(`ComputerPlay.think_ahead`, play/acesup/coach.py) and is given a little less time per action than the
shortest step (a glide and the pause) lasts, so the next action is ready when the last one has landed:
bench/ui_demo_pace.py measures the gaps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from idioten import i18n
from idioten.acesup.rules import Action
from idioten.play.acesup.assist import Assistant
from idioten.play.acesup.knowledge import WINNABLE
from idioten.ui.acesup.landing import Landing
from idioten.ui.acesup.table_cards import ACTION_SECONDS
from idioten.ui.kit.palette import BOX, EDGE, TEXT, tint
from idioten.ui.kit.scene import Host, Scene

PAUSE = 0.45  # seconds between two actions at normal animation speed
SHORTEST_PAUSE = 0.25  # with animations off: still a pace to follow, one action at a time
LEAVING_KEYS = (pygame.K_n, pygame.K_F2, pygame.K_r, pygame.K_g)  # new deal, restart, the other game


class PlayedTable(Protocol):
    """The table the computer plays at (table.py's `TableScene`): its assistant, the player's verb `act`, and
    the player's own games, held while the shown solution plays."""

    assistant: Assistant
    landing: Landing  # an automatic discard waits there for the cards to land

    def busy(self) -> bool: ...
    def act(self, action: Action) -> bool: ...
    def say(self, text: str) -> None: ...


class Autoplay(Scene):
    """The computer playing at the table (the demo, the shown solution, a pasted game played back), as a scene
    over it that shows only a banner and stops at the player's first key or click."""

    overlay = True

    def __init__(self, app: Host, table: PlayedTable, mode: str, line: Sequence[Action] = (),
                 give_back: Callable[[], None] = lambda: None) -> None:
        """`mode` is "demo", "solution" or "replay" (`line`, a game pasted to be watched); `give_back` brings the
        player's own games back, held while the shown solution plays (table_desk.py)."""
        super().__init__(app)
        self.mode = mode  # "demo", "solution", or "replay": `line`, a game pasted to be watched (replay.py)
        self.line, self.replayed = tuple(line), 0
        self.table = table
        self.give_back = give_back
        self.assistant = table.assistant
        self.computer = self.assistant.computer
        self.computer.scene = self
        self.wait = self.pause()  # the position it starts from is seen first
        self.banner_key = "ui.demo.thinking"
        self.steps: int | None = None  # the solution's length, for "step i of n"
        self.line_key = "ui.solution.playing"
        known = self.assistant.knowledge()
        if mode == "solution" and known is not None and known.line is not None:
            self.steps = len(known.line)
            if known.result != WINNABLE:
                self.line_key = "ui.solution.best_playing"  # a deal never winnable: the line to its best score
        self.waiting_for_worker = False
        self.computer.pace(self.shortest_step())

    # -- playing -----------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        table = self.table
        if table.busy():
            return  # cards still flying, or the table's own end of game about to show
        self.wait -= dt
        if self.wait > 0:
            return
        action, banner = self.next_move()
        self.waiting_for_worker = action is None and banner == "ui.demo.thinking"
        if banner and banner != self.banner_key:
            self.banner_key = banner
            self.dirty = True
        if action is None:
            if not self.waiting_for_worker:
                self.stop("ui.replay.done" if self.mode == "replay" else "ui.solution.stopped")
            return
        self.dirty = True
        if not table.act(action):
            self.stop("")  # the table said why (it never happens with an action the rules gave)
            return
        table.landing.auto_discard = False  # the computer makes its own discards (automatic discard would spoil a line)
        self.wait = self.pause()

    def next_move(self) -> tuple[Action | None, str]:
        """The next action and the banner's words: the computer's (None while it thinks), or the pasted line's next."""
        if self.mode != "replay":
            return self.computer.next_move(self.mode)
        if self.replayed == len(self.line):
            return None, ""  # played back to its end: a lost game's end panel says where the win was lost
        self.replayed += 1
        return self.line[self.replayed - 1], ""

    def pause(self) -> float:
        """The pause between two actions at the animations' speed (never less than `SHORTEST_PAUSE`)."""
        return max(SHORTEST_PAUSE, self.app.settings.duration(PAUSE))

    def shortest_step(self) -> float:
        """From one action to the next when nothing waits for thinking: the quickest glide and the pause."""
        return self.app.settings.duration(ACTION_SECONDS) + self.pause()

    def busy(self) -> bool:
        return self in self.app.scenes and not self.waiting_for_worker  # waiting: the worker's event wakes the loop

    def stop(self, message_key: str) -> None:
        """The computer stops: the banner goes, its play is over, and the table says why (nothing for "")."""
        self.app.pop(self)
        if self.computer.scene is self:
            self.computer.stopped()
        if message_key:
            self.table.say(i18n.t(message_key))

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and self.mode == "solution" and event.key in LEAVING_KEYS
                and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            # A new deal, a restart or the other game leaves the game on the table: the player's own game,
            # not the solution's half-played line, is the one left (kept behind Ctrl+Z, saved, counted).
            self.stop("")
            self.give_back()
            self.app.handle(event)  # then the key does what it does at the table, now on top
            return
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN):
            self.stop({"demo": "ui.demo.stopped", "replay": "ui.replay.stopped"}.get(self.mode, "ui.solution.stopped"))

    def quitting(self) -> None:
        """The window closes during the shown solution: the player's own game is the one saved."""
        if self.mode == "solution":
            self.stop("")
            self.give_back()

    # -- drawing -----------------------------------------------------------------------------------------

    def banner(self) -> str:
        """What the banner says: the line's step out of its length, or what the demo does now."""
        if self.mode == "replay":
            return i18n.t("ui.replay.playing", step=max(1, self.replayed), steps=len(self.line))
        if self.mode == "solution":
            known = self.assistant.knowledge()
            left = len(known.line) if known is not None and known.line is not None else 0
            steps = self.steps or left
            return i18n.t(self.line_key, step=min(steps, steps - left + 1), steps=steps)
        return i18n.t(self.banner_key)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        size = layout.small_font_size
        text = self.app.texts.render(self.banner(), size, TEXT)
        box = text.get_rect().inflate(size * 2, size)
        box.midbottom = (layout.width // 2, layout.status_bar.top - 6)  # the foot of the table is the freest place
        pygame.draw.rect(surface, tint(BOX), box, border_radius=box.h // 2)
        pygame.draw.rect(surface, tint(EDGE), box, width=1, border_radius=box.h // 2)
        surface.blit(text, text.get_rect(center=box.center))
