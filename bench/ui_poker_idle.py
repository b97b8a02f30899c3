"""CPU used by the window while Poker patience is on screen and nothing moves: a real window on Xvfb.

    python bench/ui_poker_idle.py [--seconds 20] [--settle 6]     prints JSON

Like bench/ui_idle.py, but the program opens in Poker patience: a private data folder remembers it as the
game played last (and holds a game with a few cards placed, in the Competitive mode, so the computer's grid
is drawn too). The settle time covers start-up and the idle rendering of the card pictures. Target: at most
1 % of one core.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time

from ui_common import PYTHON, ROOT, Xvfb, child_env, cpu_seconds, rss_mb

sys.path.insert(0, str(ROOT))

from idioten.store import Store  # noqa: E402
from idioten.ui.poker_session import PokerSession  # noqa: E402


def prepare(folder: str) -> None:
    session = PokerSession(Store.open(folder), move_seconds=0.01)
    session.load()
    session.options = session.options.changed("competitive", True)
    session.new_deal(7)
    for _ in range(6):
        session.place(session.game.empty_cells()[0])
        cell, card = session.computer_task()()
        session.computer_place(cell, card)
    session.set_last_game("poker")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--settle", type=float, default=6.0)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, Xvfb() as display:
        prepare(folder)
        env = child_env(SDL_VIDEODRIVER="x11", DISPLAY=display, IDIOTEN_DATA_DIR=folder)
        game = subprocess.Popen([PYTHON, "-m", "idioten", "--lang", "en"], cwd=ROOT, env=env,
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
    print(json.dumps({"benchmark": "ui_poker_idle", "driver": "x11 (Xvfb)", "seconds": round(wall, 1),
                      "cpu_seconds": round(cpu, 3), "cpu_percent_of_one_core": round(percent, 3),
                      "target_percent": 1.0, "ok": percent <= 1.0, "idle_rss_mb": memory["rss_mb"]}))


if __name__ == "__main__":
    main()
