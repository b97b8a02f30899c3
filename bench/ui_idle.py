"""CPU used by the game window while nothing moves: a real window on a private Xvfb screen.

    python bench/ui_idle.py [--seconds 20] [--settle 4]     prints JSON

Starts `python -m idioten --deal 7`, lets it settle (the first frame and the idle rendering of the card
pictures), then reads the process's CPU time from /proc over the measuring window. Target: at most 1 % of
one core.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time

from ui_common import PYTHON, ROOT, Xvfb, child_env, cpu_seconds, rss_mb


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--settle", type=float, default=4.0)
    options = parser.parse_args()
    with Xvfb() as display:
        env = child_env(SDL_VIDEODRIVER="x11", DISPLAY=display,
                        IDIOTEN_DATA_DIR=tempfile.mkdtemp(prefix="idioten-bench-"))  # never a player's saves
        game = subprocess.Popen([PYTHON, "-m", "idioten", "--deal", "7", "--lang", "en"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            time.sleep(options.settle)
            if game.poll() is not None:
                raise SystemExit(f"bench: the game exited early: {game.stderr.read().decode()[-400:]}")
            cpu_start, wall_start = cpu_seconds(game.pid), time.perf_counter()
            time.sleep(options.seconds)
            cpu = cpu_seconds(game.pid) - cpu_start
            wall = time.perf_counter() - wall_start
            memory = rss_mb(game.pid)
        finally:
            game.terminate()
            game.wait(timeout=10)
    percent = 100 * cpu / wall
    print(json.dumps({"benchmark": "ui_idle", "driver": "x11 (Xvfb)", "seconds": round(wall, 1),
                      "cpu_seconds": round(cpu, 3), "cpu_percent_of_one_core": round(percent, 3),
                      "target_percent": 1.0, "ok": percent <= 1.0, "idle_rss_mb": memory["rss_mb"]}))


if __name__ == "__main__":
    main()
