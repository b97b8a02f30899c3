"""Start to first frame, from source: a fresh Python process that opens the game window the way `idioten`
does and shows one frame. Compared with a process that only runs `import pygame` (same machine, same run),
and with a process that opens only the window (no command line, no store).

    python -m bench.ui_startup [--runs 9] [--x11]      prints JSON

The child notes the wall-clock time just after the first frame was flipped; the parent subtracts the time
it started the child. --x11 does the same in a real window on a private Xvfb screen (dummy driver otherwise).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
import time

from bench.common import load_average
from bench.ui_common import PYTHON, Xvfb, child_env

# The path `idioten --deal 7` takes (command line, saved-game store, window), up to its first frame.
CHILD = """
import time
from idioten.cli import build_parser, launch_options
args = build_parser().parse_args(["--deal", "7"])
from idioten.ui.launch import open_app
window = open_app(launch_options(args))
window.step(dt=0)
print(repr(time.time()))
window.close()
"""

# The window alone, without the command line and the store: the part idioten/ui/ is answerable for.
WINDOW_ONLY = """
import time
from idioten.ui.app import App
from idioten.cards import deal_cards
from idioten.acesup.rules import Game
window = App(Game.new(deal_cards(7), "standard", 7))
window.step(dt=0)
print(repr(time.time()))
window.close()
"""


def first_frame(env, code: str = CHILD) -> float:
    started = time.time()
    out = subprocess.run([PYTHON, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    return float(out.strip().splitlines()[-1]) - started


def import_pygame(env) -> float:
    started = time.time()
    subprocess.run([PYTHON, "-c", "import pygame"], env=env, check=True, capture_output=True)
    return time.time() - started


def measure(env, runs: int) -> dict:
    env = dict(env, IDIOTEN_DATA_DIR=tempfile.mkdtemp(prefix="idioten-bench-"))  # never a player's saves
    first_frame(env)  # warm the file cache once
    frames, window_only, imports = [], [], []
    for _ in range(runs):  # interleaved, so a busy moment on the shared machine hits all alike
        frames.append(first_frame(env))
        window_only.append(first_frame(env, WINDOW_ONLY))
        imports.append(import_pygame(env))
    frame, plain = statistics.median(frames), statistics.median(imports)
    return {"first_frame_s": {"median": round(frame, 3), "min": round(min(frames), 3), "max": round(max(frames), 3)},
            "window_only_first_frame_s": {"median": round(statistics.median(window_only), 3),
                                          "min": round(min(window_only), 3)},
            "import_pygame_s": {"median": round(plain, 3), "min": round(min(imports), 3)},
            "ratio_to_import_pygame": round(frame / plain, 2), "target_s": 0.5, "ok": frame <= 0.5}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--x11", action="store_true", help="also in a real window on a private Xvfb screen")
    options = parser.parse_args()
    result = {"benchmark": "ui_startup", "runs": options.runs, "load_average_1min": load_average()[0],
              "dummy": measure(child_env(SDL_VIDEODRIVER="dummy"), options.runs)}
    if options.x11:
        with Xvfb() as display:
            result["x11"] = measure(child_env(SDL_VIDEODRIVER="x11", DISPLAY=display), options.runs)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
