"""The small interface every screen of the app follows, and what a screen may ask of the window (`Host`), so
each game is one more scene. The app keeps a stack: the bottom scene is the game's table, panels stack on top
of it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

import pygame

from idioten import i18n
from idioten.speech import words
from idioten.ui.kit.widgets import Button, history_shortcut

if TYPE_CHECKING:
    from collections.abc import Sequence

    from idioten.speech.speaker import Speaker
    from idioten.storage.files import Notice
    from idioten.storage.settings import Settings
    from idioten.storage.store import Store
    from idioten.ui.kit.fonts import Texts
    from idioten.ui.kit.layout import Layout
    from idioten.ui.kit.sound import Player
    from idioten.ui.kit.sprites import CardImages

MESSAGE_SECONDS = 4.0  # how long a message stays in the message line unless it says otherwise
DRAG_THRESHOLD = 6  # pixels the pointer must travel before a press becomes a drag (both games)


class DealtGame(Protocol):
    """What the window reads of either game's state alike: the deal it came from (None: a deal typed in)."""

    @property
    def deal_number(self) -> int | None:
        """The deal's number (None: its cards were typed in or pasted)."""
        ...


class GameInput(Protocol):
    """A table's own part that turns the mouse and the game's own keys into its verbs (each game has one)."""

    def on_press(self, event: pygame.event.Event) -> None:
        """The left button went down at `event.pos`: a card taken, a cell or the stock clicked, a top-bar button
        pressed."""
        ...

    def on_motion(self, event: pygame.event.Event) -> None:
        """The pointer moved: a press far enough becomes a drag, a dragged card follows, buttons light up."""
        ...

    def on_release(self, event: pygame.event.Event) -> None:
        """The left button came up: a drag is dropped, a press that did not move is a click."""
        ...

    def game_key(self, event: pygame.event.Event) -> None:
        """A key the shared keys of `CardGameScene.on_key` left to the game."""
        ...

    def drop_choice(self) -> bool:
        """Escape: forget what the keys chose (True), or nothing was chosen (False: the menu opens)."""
        ...


class Host(Protocol):
    """The window (ui/app.py's `App`) as a table or panel of any game sees it. Declared here, below the games'
    screens, because the window imports them: a screen that named `App` would close a circle."""

    settings: Settings
    texts: Texts
    images: CardImages
    sound: Player
    rng: random.Random
    scenes: list[Scene]
    speech: Speaker  # what the window says aloud (idioten/speech/)

    @property
    def store(self) -> Store:
        """The store every file goes through (one in memory for a window opened without one)."""

    @property
    def layout(self) -> Layout:
        """Where everything goes in the window as it is now."""

    def now(self) -> float:
        """The time by the window's clock (a test's own clock in tests): what messages and glides are timed by."""
        ...

    def push(self, scene: Scene) -> None:
        """`scene` on top of the stack (a panel, the guide, the computer playing): it gets the events from now."""
        ...

    def pop(self, scene: Scene) -> None:
        """`scene` off the stack, wherever it stands in it."""
        ...

    def close_panels(self) -> None:
        """Everything over the game's table gone."""
        ...

    def mark_dirty(self) -> None:
        """Every scene drawn again at the next frame (a setting or the language changed what they show)."""
        ...

    def open_menu(self) -> None:
        """The menu over the table (Escape, the Menu button)."""
        ...

    def open_rules(self) -> None:
        """The rules of the game on screen (F1)."""
        ...

    def open_stats(self) -> None:
        """The statistics of the game on screen (S)."""
        ...

    def open_settings(self) -> None:
        """The settings screen (E)."""
        ...

    def deal_label(self, game: DealtGame) -> str:
        """The deal's name for the status bar and messages ("Deal 7", or that its cards were typed in)."""
        ...

    def set_language(self, language: str) -> None:
        """Every word shown and said in `language` from now on ("" follows the system's)."""
        ...

    def toggle_fullscreen(self) -> None:
        """The whole screen, or back to the window as it was (F11, the menu)."""
        ...

    def quit(self) -> None:
        """The window closes after this turn of the loop (the games are saved first)."""
        ...
    def handle(self, event: pygame.event.Event) -> None:
        """An event as the loop hands it on: to the window's own keys, else the scene on top."""


class Scene:
    """One screen of the window's stack: the table of a game, a panel over it, the guide, the computer at play.
    The window hands it the events while it is on top, time each frame, and asks it to draw when it is dirty."""

    overlay = False  # drawn over the scene below it instead of covering the whole window
    # None: laid out for the window's own pixels. Else the larger size the scene is laid out and drawn at, the
    # picture then scaled down to the window and the mouse's positions scaled up (a window smaller than the
    # program's minimum, where it would not fit: kit/panels.py).
    canvas_size: tuple[int, int] | None = None

    def __init__(self, app: Host):
        self.app = app
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event; positions come from the event itself, never from the mouse state."""

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole scene (the app calls this only when something is dirty)."""

    def resize(self, layout: Layout) -> None:
        """The window changed size."""
        self.dirty = True

    def busy(self) -> bool:
        """True while something moves, so the app must keep drawing frames."""
        return False

    def wake_at(self) -> float | None:
        """A moment (by the app's clock) when the scene will change by itself, e.g. a message expires."""
        return None

    def quitting(self) -> None:
        """The window is about to close (the last saves follow)."""

    def foot_from(self) -> int | None:
        """Where (a y of the window) a panel over a table covers the table's foot down to the status bar, if it
        asks the table to keep every pile's top card above it (the end panel: tall piles are fanned tighter)."""
        return None

    def language_changed(self) -> None:
        """The language changed: what is worded once (labels, wrapped lines) is worded again."""
        self.dirty = True

    def cancel_pointer(self) -> None:
        """A panel opened over this scene takes the mouse: a press or drag in progress is let go."""


class CardGameScene(Scene):
    """What the two games' tables share: the message line, the keys both games answer alike, and mouse and
    key events handed to on_motion / on_press / on_release / game_key. (A new deal or a restart does not ask
    first: Ctrl+Z brings the game back, see play/chain.py.)

    A table provides game, the verbs below that raise NotImplementedError, can_go_back, and its `input`
    (GameInput), which gets the mouse, the keys that are the game's own and Escape's choice to drop; open_stats
    when it has something to add. A table without an input answers no mouse and no key of its own."""

    input: GameInput | None = None
    buttons: list[Button]  # the top bar's, made by the table

    @property
    def game(self) -> DealtGame:
        """The game on the table (the table's session holds it)."""
        raise NotImplementedError

    def __init__(self, app: Host):
        super().__init__(app)
        self.message = ""
        self.message_until = 0.0
        self.waiting: list[tuple[str, float]] = []  # messages said in turn, to come when the line is free
        self.message_at: tuple[int, int] | None = None  # where the player clicked, for a message about that click

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.on_motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event)
        elif event.type == pygame.KEYDOWN:
            self.on_key(event)

    def buttons_take(self, event: pygame.event.Event) -> bool:
        """Offer a press or release to the buttons of the top bar; True if one took it."""
        for button in self.buttons:
            if button.handle(event):
                self.dirty = True
                return True
        return False

    # -- the message line --------------------------------------------------------------------------------

    def say(self, text: str, seconds: float = MESSAGE_SECONDS, at: tuple[int, int] | None = None,
            aloud: str | None = None) -> None:
        """`text` in the message line for `seconds` ("" clears it); with `at`, a click's position (read from
        its event), beside that click instead: why a click did nothing belongs where the player looks. The
        message is said aloud too, or `aloud` in its place (what the ear needs rather than the eye)."""
        self.message = text
        if text:
            self.app.speech.say(aloud if aloud is not None else words.plain(text), first=True)  # heads the turn
        self.message_until = self.app.now() + seconds
        self.message_at = at if text else None
        self.dirty = True

    def say_in_turn(self, texts: Sequence[str], seconds: float = MESSAGE_SECONDS, after_current: bool = False) -> None:
        """Several messages one after the other, each for `seconds` or until an action clears the line (two
        in one line would be cut off at the window's edge): the first now, or (`after_current`) once the
        message showing now is gone."""
        waiting = [(text, seconds) for text in texts]
        if after_current and self.message:
            self.waiting += waiting
        elif waiting:
            self.waiting[:0] = waiting[1:]
            self.say(*waiting[0])

    def notice(self, notice: Notice | None, seconds: float = MESSAGE_SECONDS) -> None:
        """A storage notice (a file that could not be written, ...), if there is one."""
        if notice is not None:
            self.say(notice.text(), seconds)

    def say_replaced(self, message: str) -> None:
        """After a new deal or a restart: the message, and that Ctrl+Z brings the game before it back."""
        self.say(i18n.t("ui.msg.can_go_back", message=message) if self.can_go_back() else message)

    def say_dealt(self, restarted: bool) -> None:
        """`say_replaced` for the game now on the table: the deal started again, or a new deal (by its number:
        "New deal: Deal 7" would say "deal" twice)."""
        number = self.game.deal_number
        self.say_replaced(i18n.t("ui.msg.restarted") if restarted else i18n.t(
            "ui.msg.new_deal", number=number if number is not None else self.app.deal_label(self.game)))

    def expire_message(self) -> None:
        """Once a frame: a message whose time is up leaves the line, and the next one waiting takes it."""
        if self.message and self.app.now() >= self.message_until:
            self.message, self.message_at = "", None
            self.dirty = True
        if not self.message and self.waiting:
            self.say(*self.waiting.pop(0))

    def wake_at(self) -> float | None:
        if not self.message and self.waiting:
            return self.app.now()  # the line was cleared: the next message is due
        return self.message_until if self.message else None

    # -- what each game does its own way (the shared keys and the menu ask for it) ---------------------------

    def new_deal(self) -> None:
        """N, F2, the New button: a new deal at once; the game it replaces stays behind Ctrl+Z."""
        raise NotImplementedError

    def restart(self) -> None:
        """R, the Restart button: the deal from its start at once; the game as it was stays behind Ctrl+Z."""
        raise NotImplementedError

    def undo(self) -> None:
        """Ctrl+Z: the last move taken back, or the game a new deal or a restart replaced brought back."""
        raise NotImplementedError

    def redo(self) -> None:
        """Ctrl+Y: what Ctrl+Z took back, done again."""
        raise NotImplementedError

    def ask_hint(self) -> None:
        """H, the Hint button: the game's advice for the position on the table (it may come from a search off
        the loop, a moment later)."""
        raise NotImplementedError

    def can_go_back(self) -> bool:
        """A new deal or a restart left a game that Ctrl+Z brings back."""
        return False

    def paste(self) -> None:
        """Ctrl+V: a game of this kind pasted from the clipboard (Aces Up plays a copied line back)."""

    # -- keys --------------------------------------------------------------------------------------------

    def on_key(self, event: pygame.event.Event) -> None:
        """The keys both games share (see the keys in the README); the rest go to `game_key`."""
        if event.key == pygame.K_v and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.paste()
            return
        if history_shortcut(event, self.undo, self.redo):
            return
        key = event.key
        if key in (pygame.K_n, pygame.K_F2):
            self.new_deal()
        elif key == pygame.K_r:
            self.restart()
        elif key == pygame.K_h:
            self.ask_hint()
        elif key == pygame.K_s:
            self.open_stats()
        elif key == pygame.K_e:
            self.app.open_settings()
        elif key == pygame.K_F1 or key == pygame.K_QUESTION or getattr(event, "unicode", "") == "?":
            self.app.open_rules()
        elif key == pygame.K_ESCAPE:
            if not self.drop_choice():
                self.app.open_menu()
        else:
            self.game_key(event)

    def on_press(self, event: pygame.event.Event) -> None:
        """The left button went down: to the table's input (`GameInput.on_press`)."""
        if self.input is not None:
            self.input.on_press(event)

    def on_motion(self, event: pygame.event.Event) -> None:
        """The pointer moved: to the table's input."""
        if self.input is not None:
            self.input.on_motion(event)

    def on_release(self, event: pygame.event.Event) -> None:
        """The left button came up: to the table's input."""
        if self.input is not None:
            self.input.on_release(event)

    def game_key(self, event: pygame.event.Event) -> None:
        """A key only this game knows."""
        if self.input is not None:
            self.input.game_key(event)

    def drop_choice(self) -> bool:
        """Escape: forget a chosen card or cursor (True), or nothing was chosen and the menu opens (False)."""
        return self.input.drop_choice() if self.input is not None else False

    # -- what the window tells every game, on screen or on the shelf --------------------------------------

    def at_start(self, dealt: bool) -> None:
        """The program start opened the window on this game (`dealt`: with a deal the command line named)."""

    def poll(self) -> None:
        """Once a frame: take the answers of searches running off the loop."""

    def setting_changed(self, name: str) -> None:
        """A setting changed (not the language, which `language_changed` follows)."""

    def close(self) -> None:
        """The window closes: stop what runs off the loop."""

    def open_stats(self) -> None:
        """S: the statistics of this game (a table with nothing to count says so instead)."""
        self.app.open_stats()
