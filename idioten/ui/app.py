"""The window's loop.

`App` owns the clock, the random source, the persistence and a stack of scenes (the table of the game on
screen at the bottom, panels above), holds the games (`app.playing`, playing.py: their sessions, their
scenes, switching between them) and routes each event to the window's shell, its own keys or the scene on
top. The window itself (display mode, scale and layout, icon, language) is its shell's (`app.shell`,
shell.py). The loop can be stepped from tests (`step`, `run_frames`) with a clock the test controls. When
nothing moves, nothing is redrawn and the loop sleeps in `pygame.event.wait`, so an idle window costs no CPU.

The games (ui/games.py) come in through their `GameKind` alone (ui/kit/game.py). Every session is saved the
same way, after the frame that shows its change (persist.py). G switches to the next game (G is free in every
game's keys, see docs/design.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

import pygame

from idioten import PROGRAM_NAME, i18n
from idioten.play.launch import Fixed
from idioten.play.session import NamedDeal, Session
from idioten.speech.speaker import Speaker
from idioten.storage.settings import Settings
from idioten.storage.store import MemoryStore, Store
from idioten.ui import games as registry
from idioten.ui import window
from idioten.ui.game_clock import GameClock, timed
from idioten.ui.game_clock import status_parts as clock_parts
from idioten.ui.idle import Waiter
from idioten.ui.kit import palette
from idioten.ui.kit.fonts import Texts
from idioten.ui.kit.game import GameKind
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.scene import DealtGame, Host, Scene
from idioten.ui.kit.sound import Player
from idioten.ui.kit.sprites import CardImages
from idioten.ui.persist import Persistence
from idioten.ui.playing import Playing
from idioten.ui.shell import WindowShell

if TYPE_CHECKING:
    from idioten.speech.backends import Backend

FRAME_SECONDS = 1 / 60
# settle() wants where things come to rest, not each frame on the way: every animation is worked out from the
# time that passed, so a coarser step ends in the same place with a quarter of the drawing (tests that look
# at the frames in between step at FRAME_SECONDS themselves).
SETTLE_SECONDS = 1 / 15
IDLE_WAIT_MS = 30_000  # with nothing to do the loop sleeps until an event, at most this long
SHARPEN_AFTER = 0.3  # seconds after the last size change, the cards are rendered crisp at the new size
MAX_STEP = 0.1  # a long stall (window dragged, machine busy) must not make a glide jump to its end unseen


def open_speech(screen_reader_only: bool) -> Backend | None:
    """This system's way to speak (idioten/speech/backends.py, imported only now: after the first picture)."""
    from idioten.speech.backends import open_backend

    return open_backend(i18n.language, screen_reader_only=screen_reader_only)


def on_canvas(event: pygame.event.Event, canvas: tuple[int, int] | None, size: tuple[int, int]) -> pygame.event.Event:
    """A pointer event with its position on a scene's larger canvas (Scene.canvas_size); else as it is."""
    if canvas is None or not hasattr(event, "pos"):
        return event
    x, y = event.pos
    return pygame.event.Event(event.type, dict(event.dict, pos=(x * canvas[0] // max(1, size[0]),
                                                                   y * canvas[1] // max(1, size[1]))))


class App(Host):
    """The program's window as its scenes see it: the loop, the scenes it routes events to, the games it holds,
    and the services they share (settings, texts, card pictures, sound, speech, saving). It declares that it is
    the `Host` they see, so mypy checks that it keeps to it, and `help()` shows the host's words for each call."""

    def __init__(self, first: object = None, *, games: Sequence[GameKind] | None = None,
                 sessions: dict[str, Session] | None = None, store: Store | None = None,
                 deal: NamedDeal | None = None, fixed: Fixed | None = None,
                 settings: Settings | None = None, clock: Callable[[], float] = time.monotonic,
                 rng: random.Random | None = None,
                 size: tuple[int, int] | None = None, fullscreen: bool = False, start_in: str | None = None,
                 opened: pygame.Window | None = None, speech: Speaker | None = None):
        """The window opens in the first of `games` (None: the registry's, ui/games.py), on `store` (None: one
        in memory, with `settings`, that writes nothing). Each game's session is opened by its game when first
        needed, the one the window opens in with `deal`, the deal the command line named, and `first`, a game
        to show instead of the saved one (tests, benchmarks); `sessions`, by game name, are sessions already
        open. `fixed` are the settings the command line fixed for this run, by game (`{"idioten": {"variant":
        ...}}`). `size` None opens the window as the settings remember it (window.py), else at exactly that
        size. `start_in` names the game to open in (None or a game not in `games`: the first), so the program
        start draws the game chosen last without making the other's scene first. `opened` is the window the
        program start opened on its felt (opening.py); None opens it here (`size`). `speech` is the speaker to
        use (tests: one with a recording backend); None makes one that opens this system's way to speak once
        the first frame is on screen, as the setting "speak" wants."""
        self.clock = clock
        self.rng = rng if rng is not None else random.Random()
        store = store if store is not None else MemoryStore(settings)
        self.settings = store.settings
        palette.follow_table(self.settings.table_colour)  # the panels and buttons in the table's hue
        self.fixed: Fixed = {game: dict(values) for game, values in (fixed or {}).items()}
        self.persist = Persistence(self, store, fixed=self.fixed)  # the games, statistics and settings saved
        self.running = True
        self.shell = WindowShell(opened or window.open_on_felt(PROGRAM_NAME, size, self.settings),
                                 on_layout=self.laid_out, on_exposed=self.mark_dirty,
                                 text_scale=lambda: self.settings.text_size / 100)
        self.sharpen_at: float | None = None  # when the card pictures are rendered crisp after a resize
        self.texts = Texts(four_colour=lambda: self.settings.four_colour)
        self.images = CardImages(lambda: self.settings)
        self.images.set_size((self.layout.card_w, self.layout.card_h))
        self.sound = Player(lambda: self.settings)  # silent, and no audio opened, until the player turns it on
        self.speech = speech if speech is not None else Speaker(opener=open_speech)
        self.speech.follow(lambda: self.settings.speak)
        self.first_frame_shown = False
        self.waiting_for_first_frame: list[Callable[[], None]] | None = []  # None once they have run
        self.scenes: list[Scene] = []
        games = registry.games() if games is None else games
        self.playing = Playing(self, games, sessions, deal, first, start_in)  # the games, their sessions, scenes
        self.game_clock = GameClock()  # the time of the game on screen, paused while it cannot be played
        self.clock_shown: list[str] = []  # the clock's words on the status bar at the last frame
        # What the store said of the first game's file waits in `playing.take_unsaid()` for the program start
        # (launch.py), which says it after the store's notices of the shared files.
        self.scenes.append(self.playing.open_scene(self.playing.current_game, say_unsaid=False))
        self.after_first_frame(self.speech.start)  # no speech library loads before the first picture
        self.after_first_frame(self.speak_table)
        if fullscreen:
            self.toggle_fullscreen()
        self._last = self.clock()

    @property
    def window(self) -> pygame.Window:
        """The program's window (its shell's)."""
        return self.shell.window

    @property
    def layout(self) -> Layout:
        """Where everything goes in the window as it is now (its shell's, made anew as it changes)."""
        return self.shell.layout

    def now(self) -> float:
        """The time by the app's clock (a test's own clock in tests)."""
        return self.clock()

    @property
    def store(self) -> Store:
        return self.persist.store

    def deal_label(self, game: DealtGame) -> str:
        """The deal's name on the status bar ("Deal 7", or that it was typed in)."""
        if game.deal_number is None:
            return i18n.t("ui.status.custom_deal")
        return i18n.t("ui.status.deal", number=game.deal_number)

    def settings_changed(self, name: str) -> None:
        """A setting other than the language changed (persist.py): each game follows, the pictures are new."""
        if name == "table_colour":
            palette.follow_table(self.settings.table_colour)  # before the games paint their tables again
        for scene in self.playing.game_scenes():
            scene.setting_changed(name)
        if name == "speak":
            self.speech.setting_changed()
        if name == "text_size":
            self.shell.follow_smallest_size()
            self.shell.relayout()
        self.images.forget()  # faces and backs are rendered for the settings they were made with
        self.mark_dirty()

    def speak_table(self) -> None:
        """The game on the table said aloud, as at every deal: where the window opened, or what the first
        frame's panel says."""
        top = self.scenes[-1]
        spoken = getattr(top, "spoken", None)
        if spoken is not None:
            self.speech.say(spoken())

    def say_notices(self, texts: list[str], seconds: float, after_current: bool) -> None:
        """Messages about the player's files (persist.py), in the message line of the game on screen."""
        self.playing.on_screen.say_in_turn(texts, seconds, after_current=after_current)

    # -- scenes ------------------------------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        """`scene` on top (a panel, the guide, the computer playing): it takes the events, and is said aloud."""
        self.scenes[0].cancel_pointer()
        self.scenes.append(scene)
        self.mark_dirty()
        spoken = getattr(scene, "spoken", None)  # a panel's title and texts, the guide's step
        if spoken is not None:
            self.speech.say(spoken())

    def pop(self, scene: Scene) -> None:
        """`scene` off the stack, wherever it stands in it (never the table at the bottom)."""
        if scene in self.scenes[1:]:
            self.scenes.remove(scene)
        self.mark_dirty()

    def close_panels(self) -> None:
        """Everything over the game's table gone."""
        del self.scenes[1:]
        self.mark_dirty()

    # Panels are imported when first opened: the first frame does not wait for them.
    def open_menu(self) -> None:
        from idioten.ui.menu import MenuPanel
        self.push(MenuPanel(self))

    def open_rules(self) -> None:
        self.push(self.playing.current_game.rules_panel(self, self.playing.on_screen))

    def open_stats(self) -> None:
        self.push(self.playing.current_game.stats_panel(self, self.playing.on_screen))

    def open_settings(self) -> None:
        from idioten.ui.settings_screen import SettingsPanel
        self.push(SettingsPanel(self))

    def mark_dirty(self) -> None:
        """Every scene drawn again at the next frame."""
        for scene in self.scenes:
            scene.dirty = True

    # -- the window (its shell's) --------------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """F11 and the menu: the whole screen, or back to the window."""
        self.shell.toggle_fullscreen()

    def laid_out(self, layout: Layout) -> None:
        """The window changed size or scale: the cards stand in scaled until it holds still (`SHARPEN_AFTER`),
        and every scene is laid out anew."""
        self.images.set_size((layout.card_w, layout.card_h), interim=True)
        self.sharpen_at = self.clock() + SHARPEN_AFTER
        for scene in self.scenes:
            scene.resize(layout)
        self.mark_dirty()

    def set_language(self, language: str) -> None:
        """Every word drawn in `language` from now on ("" follows the system's), the scenes worded anew."""
        self.shell.set_language(language)
        for scene in self.scenes:
            scene.language_changed()
        self.mark_dirty()

    def quit(self) -> None:
        """The loop ends after this turn; each scene is told first (the shown solution gives the game back)."""
        for scene in reversed(list(self.scenes)):
            scene.quitting()
        self.running = False

    # -- the loop ----------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """An event to the window's shell, to the keys the window answers in every game (quit, G), or to the
        scene on top (its pointer position on that scene's canvas)."""
        if self.shell.came_forward(event):
            return
        event = self.shell.in_pixels(event)
        self.game_clock.event(event)  # focus, minimised, shown: it sees them before the shell takes them
        if self.shell.handle(event):
            return
        kind = event.type
        if kind in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.quit()
        elif kind == pygame.KEYDOWN and event.key == pygame.K_q and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.quit()
        elif (kind == pygame.KEYDOWN and event.key == pygame.K_g and len(self.scenes) == 1
              and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            self.playing.switch_game()  # G: the next game
        elif kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            top = self.scenes[-1]
            top.handle_event(on_canvas(event, top.canvas_size, self.layout.size))

    def step(self, events: Iterable[pygame.event.Event] | None = None, dt: float | None = None) -> bool:
        """One turn of the loop: handle events (the queue's, or those given), advance time, draw if
        something changed. Returns False once the app should close."""
        now = self.clock()
        if dt is None:
            dt = min(MAX_STEP, max(0.0, now - self._last))
        self._last = now
        if self.first_frame_shown:  # no search starts before the first frame is on screen
            for game in self.playing.game_scenes():
                game.poll()  # answers from its searches off the loop, also while it waits on the shelf
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return False
        for scene in list(self.scenes):
            scene.update(dt)
        self.tick_game_clock(now)
        if self.sharpen_at is not None and now >= self.sharpen_at:
            self.sharpen_at = None
            if self.images.sharpen():
                self.mark_dirty()
        if any(scene.dirty for scene in self.scenes):
            self.draw()
        self.persist.flush()  # after the flip: saving starts once the frame is on screen
        if self.first_frame_shown and self.waiting_for_first_frame is not None:
            self.first_frame_done()
        self.speech.flush()  # what this turn said, as one utterance cutting off the last
        return self.running

    def tick_game_clock(self, now: float) -> None:
        """The game on screen has its time while it can be played; the status bar shows each new second."""
        session = timed(getattr(self.scenes[0], "session", None))  # the game on screen (the guide's is not timed)
        self.game_clock.tick(now, session, table_shown=len(self.scenes) == 1)
        if self.settings.clock and session is not None:
            shown = clock_parts(session)
            if shown != self.clock_shown:
                self.clock_shown = shown
                self.scenes[0].dirty = True

    def after_first_frame(self, job: Callable[[], None]) -> None:
        """`job` once the first frame is on screen (now, if it is): work the first frame does not need."""
        if self.waiting_for_first_frame is None:
            job()
        else:
            self.waiting_for_first_frame.append(job)

    def first_frame_done(self) -> None:
        """Once the first frame is on screen: what it did not need (the other games' files and what the
        store said of them, ...), then the first polls, which start the table's searches, in this turn
        rather than at the next event."""
        jobs, self.waiting_for_first_frame = self.waiting_for_first_frame or [], None
        for job in jobs:
            job()
        for game in self.playing.game_scenes():
            game.poll()

    def draw(self) -> None:
        """The scenes from the topmost that covers the whole window up, then the frame on screen."""
        surface = self.shell.surface()
        covering = max(i for i, scene in enumerate(self.scenes) if not scene.overlay)  # hides those below it
        for scene in self.scenes[covering:]:
            if scene.canvas_size is None:
                scene.draw(surface)
            else:
                canvas = pygame.Surface(scene.canvas_size, pygame.SRCALPHA)
                scene.draw(canvas)
                surface.blit(pygame.transform.smoothscale(canvas, surface.get_size()), (0, 0))
        for scene in self.scenes:
            scene.dirty = False
        self.shell.flip()
        self.first_frame_shown = True

    def busy(self) -> bool:
        """Something moves or thinks: the loop keeps drawing frames instead of sleeping."""
        return any(scene.busy() for scene in self.scenes)

    def warm(self) -> None:
        """Render every card picture now (what the idle loop does bit by bit)."""
        while self.images.warm_one():
            pass

    def run_frames(self, count: int, dt: float = FRAME_SECONDS) -> None:
        """`count` turns of the loop, `dt` seconds each (tests), or fewer if the window closes."""
        for _ in range(count):
            if not self.step(dt=dt):
                break

    def settle(self, dt: float = SETTLE_SECONDS, limit: int = 2000) -> None:
        """Step until nothing moves any more (tests and scripted play)."""
        self.step(dt=dt)
        for _ in range(limit):
            if not self.busy() or not self.running:
                return
            self.step(dt=dt)

    def loop(self) -> None:
        """The program's loop until the window closes: frames while something moves, else sleep until an
        event (rendering one card picture at a time meanwhile), or until a scene or the clock needs a frame."""
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
        """How long the idle loop may sleep: until the first moment a scene, the card pictures or the game's
        clock want a frame, at most `IDLE_WAIT_MS`."""
        wakes = [w for w in (scene.wake_at() for scene in self.scenes) if w is not None]
        if self.sharpen_at is not None:
            wakes.append(self.sharpen_at)
        second = self.game_clock.next_second(self.clock()) if self.settings.clock else None
        if second is not None:
            wakes.append(second)
        if not wakes:
            return IDLE_WAIT_MS
        return max(1, min(IDLE_WAIT_MS, round((min(wakes) - self.clock()) * 1000) + 1))

    def close(self) -> None:
        """The last saves on disk, every search stopped, sound, speech and the window closed."""
        self.persist.flush()  # every game's last change handed over (one made in the very last frame too)
        self.persist.wait()
        for game in self.playing.game_scenes():
            game.close()  # a search still running is cancelled at once
        self.sound.close()
        self.speech.close()
        self.shell.close()
