"""Shared by the GUI tests of the solver's window parts: positions with known answers, and a loop driver
that waits in real time for the worker thread."""

from __future__ import annotations

import threading
import time

from ui_support import GLIDES_AT_MOST, screen_text, shown_texts

from idioten import i18n
from idioten.acesup.players import greedy
from idioten.acesup.rules import Action, Game
from idioten.cards import full_deck
from idioten.ui.app import SETTLE_SECONDS
from idioten.ui.idle import Waiter

# A generous wait for what takes milliseconds to a few seconds (a worker thread starting, a cancelled search
# returning, a search of a small position), on a machine whose cores may be busy with other work. Only a hang
# comes near it.
HANG_GUARD = 60.0

# The longest run_until waits between two looks while nothing moves and no event comes (an answer that comes
# without one is seen this late at most).
IDLE_LOOK_MS = 20

# A test that waits for the computer to play a line to its end and looks only at that end steps the loop in
# frames as long as App.settle's: the frames between are drawn all the same, only fewer of them.
LINE_FRAME = SETTLE_SECONDS

# Winnable only by keeping a card that could be discarded (from tests/acesup/test_solver.py): the simple
# "always discard" rule loses it, so a game played that way ends lost on a winnable deal.
TRAP = ("aces-only | 5H TD 3D / AS JH / AC KH / AH | JC 7C 4H AD | 2C KD KC QS 4D TS 5D 6S 2H 3S 6D 9H 2S QD 2D "
        "7D TC 7H 3C JD 5C 8D JS TH 8S KS 9S 9D 8C 8H 6C 4C QC QH 4S 3H 7S 6H 9C 5S")


def lost_position() -> Game:
    """Discard pile 4 twice and the game is over at 47: the 2S is buried under an ace that never leaves."""
    in_play = "2S AS / AH / AD / AC 3S 4S"
    rest = " ".join(str(c) for c in full_deck() if str(c) not in in_play.replace("/", " ").split())
    return Game.from_text(f"standard | {in_play} | - | {rest}")


def searching() -> bool:
    """A worker thread of a window (idioten/ui/worker.py names each `idioten-worker-KIND`) is still running."""
    return any(thread.name.startswith("idioten-worker-") for thread in threading.enumerate())


def run_until(app, condition, timeout: float = HANG_GUARD, dt: float = 1 / 60) -> bool:
    """Step the real loop (a frame of `dt` each) until `condition()` holds; the worker runs meanwhile. While
    nothing moves, it waits before the next step as the program's idle loop does, until an event (a worker's
    finished job posts one) or IDLE_LOOK_MS: a search of seconds is not watched at hundreds of frames a second
    (many conditions read what a fresh frame shows), which would take the worker's CPU too. While something
    moves and a worker searches too, each frame leaves the worker a moment; while only cards move (the demo
    or the solution between its searches) the frames follow each other at once, as the test's clock, not the
    wall's, sets their pace."""
    waiter = Waiter()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(dt=dt)
        if condition():
            return True
        if not app.busy():
            waiter.wait(IDLE_LOOK_MS)
        elif searching():
            time.sleep(0.002)
    return False


def play_greedy_to_the_end(app) -> list[Action]:
    """Play the simple rule (discard whenever possible) at the table until the game is over; the actions played.
    Where each move's cards come to rest is what counts on the way, so each move's glides are stepped over in one
    step as long as the longest (a deal's, DEAL_SECONDS and its stagger); the move that ends the game settles as
    any move, its end panel (or celebration) stepped as always."""
    table = app.playing.game_scene("idioten")
    while not table.game.is_over():
        table.act(greedy(table.game.copy(), None))
        if table.game.is_over():
            app.settle()
        else:
            app.settle(dt=GLIDES_AT_MOST)
    return [action for action, _ in table.game.history]


def panel_text(panel) -> str:
    """What the window shows in words while `panel` is open (a panel's wrapped lines read on as one text)."""
    return screen_text(panel.app)


def computer_playing(app) -> bool:
    """The demo or the shown solution (or best line) plays at the table: its banner is on screen."""
    demo = {i18n.t("ui.demo.plain"), i18n.t("ui.demo.thinking")}
    ends = []
    for key in ("ui.solution.playing", "ui.solution.best_playing"):
        head, _, rest = i18n.t(key, step="\0", steps="\0").partition("\0")
        ends.append((head, rest.rpartition("\0")[2]))
    return any(text in demo or any(text.startswith(head) and text.endswith(tail) for head, tail in ends)
               for text in shown_texts(app))
