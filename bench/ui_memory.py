"""Resident memory after 100 games played by a script through the window's event loop, in a real window
on a private Xvfb screen, next to a bare pygame-ce window in the same conditions.

    python -m bench.ui_memory [--games 100]      prints JSON

The script is a player: it reads the table, picks a legal action (discard, else a useful move, else deal)
and performs it with the input a person would use — a click on the card, a drag to the gap, the Space key —
posted to SDL's queue and handled by `App.step`; a finished game is closed with N on the end panel. Time is
a clock the script moves, so animations run to their end in a few big frames. The window is opened as
`idioten` opens it, so the game is saved after every action (into a temporary folder).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile

from bench.ui_common import PYTHON, ROOT, Xvfb, child_env

PLAYER = r"""
import json, random, sys
import pygame
from idioten.ui.acesup.endgame import EndPanel
from bench.ui_common import ScriptClock, play_one_action, rss_mb

def play(app, clock, games):
    actions = 0
    for _ in range(games):
        while not isinstance(app.scenes[-1], EndPanel):
            play_one_action(app, clock)
            actions += 1
        clock.now += 1.0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
        app.settle(dt=0.1)
    return actions

clock = ScriptClock()
# The way `idioten` opens the window, saved game and statistics included (written after every action).
from idioten.cli.parser import build_parser, launch_options
from idioten.ui.launch import open_app
app = open_app(launch_options(build_parser().parse_args(["--deal", "1"])), size=(1280, 800), clock=clock,
               rng=random.Random(2026))
app.step(dt=0)
first = rss_mb()
actions = play(app, clock, int(sys.argv[1]))
print(json.dumps({"after_first_frame": first, "after_games": rss_mb(), "actions": actions}))
"""

BARE = r"""
import json, sys, time
import pygame
from bench.ui_common import rss_mb
pygame.display.init()
window = pygame.Window("bare", (1280, 800))
for _ in range(30):
    window.get_surface().fill((0, 90, 40))
    window.flip()
    pygame.event.pump()
    time.sleep(0.01)
print(json.dumps(rss_mb()))
"""


def child(code: str, env: dict, *args: str) -> dict:
    env = dict(env, IDIOTEN_DATA_DIR=tempfile.mkdtemp(prefix="idioten-bench-"))  # never a player's saves
    out = subprocess.run([PYTHON, "-c", code, *args], env=env, capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        raise SystemExit(f"bench: child failed: {out.stderr[-600:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    options = parser.parse_args()
    with Xvfb() as display:
        env = child_env(SDL_VIDEODRIVER="x11", DISPLAY=display, SDL_FRAMEBUFFER_ACCELERATION="0")
        game = child(PLAYER, env, str(options.games))
        bare = child(BARE, env)
        bare_gl = child(BARE, child_env(SDL_VIDEODRIVER="x11", DISPLAY=display, SDL_FRAMEBUFFER_ACCELERATION=None))
    after = game["after_games"]["rss_mb"]
    print(json.dumps({"benchmark": "ui_memory", "driver": "x11 (Xvfb)", "window": [1280, 800],
                      "games": options.games, "actions": game["actions"],
                      "game_rss_mb": after, "game_peak_rss_mb": game["after_games"]["peak_rss_mb"],
                      "game_rss_after_first_frame_mb": game["after_first_frame"]["rss_mb"],
                      "bare_window_rss_mb": bare["rss_mb"],
                      "game_minus_bare_mb": round(after - bare["rss_mb"], 1),
                      "bare_window_with_gl_framebuffer_rss_mb": bare_gl["rss_mb"],
                      "target_mb": 100, "ok": after <= 100}))


if __name__ == "__main__":
    main()
