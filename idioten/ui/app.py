"""The window and its loop.

`App` owns the window, the clock, the random source and a stack of scenes (the table at the bottom, panels
above). The loop can be stepped from tests (`step`, `run_frames`) with a clock the test controls. When nothing
moves, nothing is redrawn and the loop sleeps in `pygame.event.wait`, so an idle window costs no CPU.
"""

from __future__ import annotations

import random
import time
from typing import Callable, Iterable

from idioten import i18n, paths
from idioten.cards import MAX_DEAL, MIN_DEAL, deal_cards
from idioten.acesup.rules import STANDARD, Game
from idioten.play.acesup import AcesUpSession
from idioten.play.change import Change
from idioten.ui import window
from idioten.ui.kit.layout import MIN_WINDOW, Layout
from idioten.storage.settings import Settings
from idioten.storage.store import MemoryStore

import pygame

from idioten.ui.idle import Waiter
from idioten.ui.kit.fonts import Texts
from idioten.ui.kit.sound import Player
from idioten.ui.kit.sprites import CardImages
from idioten.ui.acesup.table import TableScene

FRAME_SECONDS = 1 / 60
IDLE_WAIT_MS = 30_000  # with nothing to do the loop sleeps until an event, at most this long
SHARPEN_AFTER = 0.3  # seconds after the last size change, the cards are rendered crisp at the new size
MAX_STEP = 0.1  # a long stall (window dragged, machine busy) must not make a glide jump to its end unseen


class App:
    def __init__(self, game: Game | None = None, *, variant: str = STANDARD, settings: Settings | None = None,
                 clock: Callable[[], float] = time.monotonic, rng: random.Random | None = None,
                 on_action: Callable | None = None, size: tuple[int, int] | None = None,
                 fullscreen: bool = False, session: AcesUpSession | None = None):
        """`size` None opens the window as the settings remember it (window.py), else at exactly that size.
        Without a `session` (the program start builds one on the store) the table plays `game` (or a random
        deal) on a store that lives in memory."""
        self.clock = clock
        self.rng = rng if rng is not None else random.Random()
        self.settings = settings or Settings()
        self.on_action = on_action
        self.persist = None  # the saved game, statistics and settings, once persist.attach() wires them
        self.variant = variant
        self.running = True
        self.fullscreen = False
        window.allow_high_dpi()
        pygame.display.init()
        pygame.font.init()
        self.window = window.open_window(i18n.t("game_name"), size, self.settings.window_size,
                                         self.settings.window_position)
        self.window.minimum_size = MIN_WINDOW
        self.windowed = (self.window.size, self.window.position)  # what to remember while in fullscreen
        self.pixel_ratio = window.pixel_ratio(self.window)  # also makes the surface before any picture, so
        self.sharpen_at: float | None = None                # each can take the window's pixel format
        self.system_scale = window.system_scale()
        self.set_icon()
        self.layout = Layout(*window.pixel_size(self.window), scale=self.ui_scale())
        self.texts = Texts(four_colour=lambda: self.settings.four_colour)
        self.images = CardImages(lambda: self.settings)
        self.images.set_size((self.layout.card_w, self.layout.card_h))
        self.sound = Player(lambda: self.settings)  # silent, and no audio opened, until the player turns it on
        from idioten.ui.acesup.assist import Assistant
        self.assistant = Assistant(self)  # the solver's answers: verdict, hints, demo (off the loop)
        self.scenes = []
        if session is None:
            session = AcesUpSession.start(MemoryStore(self.settings), game or self.random_game())
        self.scenes.append(TableScene(self, session))
        if fullscreen:
            self.toggle_fullscreen()
        self._last = self.clock()

    def set_icon(self) -> None:
        """The title bar and task bar show the game's own icon (a missing file only leaves SDL's)."""
        icon = paths.asset("icon.svg")
        if icon.is_file():
            try:
                self.window.set_icon(pygame.image.load_sized_svg(str(icon), (64, 64)))
            except pygame.error:
                pass

    # -- games -------------------------------------------------------------------------------------------

    @property
    def table(self) -> TableScene:
        """The Idioten table, also while Poker patience is on screen and it waits on the shelf (game_choice)."""
        return getattr(self, "game_shelf", {}).get("idioten") or self.scenes[0]

    def now(self) -> float:
        return self.clock()

    def random_game(self) -> Game:
        number = self.rng.randint(MIN_DEAL, MAX_DEAL)
        return Game.new(deal_cards(number), self.variant, number)

    def deal_label(self, game: Game) -> str:
        if game.deal_number is None:
            return i18n.t("ui.status.custom_deal")
        return i18n.t("ui.status.deal", number=game.deal_number)

    def action_done(self, change: Change) -> None:
        """After every change the table's session made (an action, undo, redo, new deal, restart, Ctrl+Z or
        Ctrl+Y over them): the assistant follows, and the hook given (`on_action`) sees it."""
        self.assistant.game_changed(change)
        if self.on_action is not None:
            self.on_action(change)

    # -- scenes ------------------------------------------------------------------------------------------

    def push(self, scene) -> None:
        if self.scenes:
            self.table.cancel_pointer()
        self.scenes.append(scene)
        self.mark_dirty()

    def pop(self, scene) -> None:
        if scene in self.scenes[1:]:
            self.scenes.remove(scene)
        self.mark_dirty()

    def close_panels(self) -> None:
        del self.scenes[1:]
        self.mark_dirty()

    # Panels are imported when first opened: the first frame does not wait for them.
    def open_menu(self) -> None:
        from idioten.ui.help import MenuPanel
        self.push(MenuPanel(self))

    def open_rules(self) -> None:
        from idioten.ui.help import RulesPanel
        own = getattr(self.scenes[0], "rules_panel", None)  # the game on screen may bring its own
        self.push(own() if own else RulesPanel(self))

    def open_stats(self) -> None:
        from idioten.ui.acesup.stats_panel import StatsPanel
        own = getattr(self.scenes[0], "stats_panel", None)
        self.push(own() if own else StatsPanel(self))

    def open_settings(self) -> None:
        from idioten.ui.settings_screen import SettingsPanel
        self.push(SettingsPanel(self))

    def show_end(self, game: Game) -> None:
        from idioten.ui.acesup.truth_panel import TruthEndPanel
        self.close_panels()
        self.push(TruthEndPanel(self, game))

    def mark_dirty(self) -> None:
        for scene in self.scenes:
            scene.dirty = True

    # -- window ------------------------------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window.set_windowed()
        else:
            self.windowed = (self.window.size, self.window.position)
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = not self.fullscreen
        self.relayout()

    def window_state(self) -> dict:
        """The settings that bring the window back as it is now (the windowed size under a fullscreen)."""
        size, position = self.windowed if self.fullscreen else (self.window.size, self.window.position)
        return {"window_size": tuple(size), "window_position": tuple(position), "fullscreen": self.fullscreen}

    def ui_scale(self) -> float:
        return window.ui_scale(self.pixel_ratio, self.system_scale)

    def relayout(self) -> None:
        self.pixel_ratio = window.pixel_ratio(self.window)
        size, scale = window.pixel_size(self.window), self.ui_scale()
        if size == self.layout.size and scale == self.layout.scale:
            return
        self.layout = Layout(*size, scale=scale)
        self.images.set_size((self.layout.card_w, self.layout.card_h), interim=True)
        self.sharpen_at = self.clock() + SHARPEN_AFTER
        for scene in self.scenes:
            scene.resize(self.layout)
        self.mark_dirty()

    def set_language(self, language: str) -> None:
        i18n.set_language(language)
        self.window.title = i18n.t("game_name")
        for scene in self.scenes:
            scene.language_changed()
        self.mark_dirty()

    def quit(self) -> None:
        self.running = False

    # -- the loop ----------------------------------------------------------------------------------------

    def handle(self, event) -> None:
        event = window.in_pixels(event, self.pixel_ratio)
        kind = event.type
        if kind in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.quit()
        elif kind in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED,
                      pygame.WINDOWDISPLAYCHANGED):  # another screen may have another pixel ratio
            self.relayout()
        elif kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN):
            self.mark_dirty()
        elif kind == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif kind == pygame.KEYDOWN and event.key == pygame.K_q and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.quit()
        elif (kind == pygame.KEYDOWN and event.key == pygame.K_g and len(self.scenes) == 1
              and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            from idioten.ui.game_choice import switch_game
            switch_game(self)  # G: the other game (Idioten <-> Poker patience)
        elif kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.scenes[-1].handle_event(event)

    def step(self, events: Iterable | None = None, dt: float | None = None) -> bool:
        """One turn of the loop: handle events (the queue's, or those given), advance time, draw if
        something changed. Returns False once the app should close."""
        now = self.clock()
        if dt is None:
            dt = min(MAX_STEP, max(0.0, now - self._last))
        self._last = now
        self.assistant.poll()
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return False
        for scene in list(self.scenes):
            scene.update(dt)
        if self.sharpen_at is not None and now >= self.sharpen_at:
            self.sharpen_at = None
            if self.images.sharpen():
                self.mark_dirty()
        if any(scene.dirty for scene in self.scenes):
            self.draw()
        if self.persist is not None:
            self.persist.flush()  # after the flip: saving starts once the frame is on screen
        return self.running

    def draw(self) -> None:
        surface = self.window.get_surface()
        for scene in self.scenes:
            scene.draw(surface)
            scene.dirty = False
        self.window.flip()

    def busy(self) -> bool:
        return any(scene.busy() for scene in self.scenes)

    def warm(self) -> None:
        """Render every card picture now (what the idle loop does bit by bit)."""
        while self.images.warm_one():
            pass

    def run_frames(self, count: int, dt: float = FRAME_SECONDS) -> None:
        for _ in range(count):
            if not self.step(dt=dt):
                break

    def settle(self, dt: float = FRAME_SECONDS, limit: int = 2000) -> None:
        """Step until nothing moves any more (tests and scripted play)."""
        self.step(dt=dt)
        for _ in range(limit):
            if not self.busy() or not self.running:
                return
            self.step(dt=dt)

    def loop(self) -> None:
        frame_clock = pygame.time.Clock()
        waiter = Waiter()
        self.step()
        while self.running:
            if self.busy():
                frame_clock.tick(60)
                self.step()
                continue
            if not pygame.event.peek() and self.images.warm_one():
                continue
            waiter.wait(self.idle_timeout_ms())
            self._last = self.clock()  # idle time is not animation time
            self.step()
            frame_clock.tick()

    def idle_timeout_ms(self) -> int:
        wakes = [w for w in (scene.wake_at() for scene in self.scenes) if w is not None]
        if self.sharpen_at is not None:
            wakes.append(self.sharpen_at)
        if not wakes:
            return IDLE_WAIT_MS
        return max(1, min(IDLE_WAIT_MS, round((min(wakes) - self.clock()) * 1000) + 1))

    def close(self) -> None:
        self.assistant.close()  # a search still running is cancelled at once
        self.sound.close()
        self.window.destroy()
        pygame.display.quit()
