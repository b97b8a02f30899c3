"""A player's start of the game, steered by a test: run as
`python tests/desktop/desktop_child.py MODE SIGNALS [--no-move]` with IDIOTEN_DATA_DIR and SDL's dummy drivers
set. Test-only: it patches the window's App before calling idioten.cli.main() with no arguments, as a
double-click does.

The child deals once (a real SPACE key through the real loop, unless --no-move), then, by MODE:
- wait: writes SIGNALS/ready (the moves on the table and the start-up notices, JSON) and plays on until the
  file SIGNALS/quit appears; a handover asked of it is written to SIGNALS/came-forward.
- crash: raises an exception inside the loop's step, as a bug would.
- segfault: reads address 0 through ctypes, as a bug in a C core would.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import pygame

from idioten.cli import main
from idioten.desktop import handover
from idioten.ui.app import App

MODE, SIGNALS, MOVE = "", Path("."), True  # set from the command line below
real_step, real_handle = App.step, App.handle
state = {"posted": False, "done": False}


def moves(app) -> int:
    return len(app.playing.game_scene("idioten").game.history)


def step(self, events=None, dt=None):
    if MOVE and not state["posted"]:
        state["posted"] = True
        if len(self.scenes) > 1:  # Learn to play offered at a first start: skipped with Esc, as a player would
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b",
                                                 scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    busy = real_step(self, events, dt)
    if not state["done"] and (moves(self) >= 1 or not MOVE):
        state["done"] = True
        if MODE == "crash":
            raise RuntimeError("injected into the loop by the test")
        if MODE == "segfault":
            import ctypes
            self.persist.wait()  # the move on disk, as one played a moment before the crash would be
            ctypes.string_at(0)
        self.persist.wait()  # the move on disk before the test is told (it may kill this copy next)
        handover.ready()
        notices = [notice.text() for notice in self.store.notices]
        (SIGNALS / "ready.tmp").write_text(json.dumps({"moves": moves(self), "notices": notices}))
        (SIGNALS / "ready.tmp").replace(SIGNALS / "ready")
    return busy


def handle(self, event):
    if handover.handle(self.window, event):
        (SIGNALS / "came-forward.tmp").write_text("yes")
        (SIGNALS / "came-forward.tmp").replace(SIGNALS / "came-forward")  # whole, as the test may read it at once
        return
    real_handle(self, event)


def quit_when_told():
    while not (SIGNALS / "quit").exists():
        time.sleep(0.05)
    pygame.event.post(pygame.event.Event(pygame.QUIT))


if __name__ == "__main__":  # pytest's doctest collection imports this file: nothing may run then
    MODE, SIGNALS, MOVE = sys.argv[1], Path(sys.argv[2]), "--no-move" not in sys.argv[3:]
    App.step, App.handle = step, handle
    if MODE == "wait":
        threading.Thread(target=quit_when_told, daemon=True).start()
    sys.exit(main([]))
