"""Frame times at 1920x1080 during deal animations: with no search running, with the solver running in the
window's worker thread (`idioten.ui.worker`: a flag that hands the interpreter lock over, a thread at
the lowest priority), and with a plain thread (a plain flag, the window's priority) for comparison.

    python -m bench.ui_solver_frames [--frames 300] [--rounds 3]      prints JSON

Under SDL's dummy driver. Frames are paced at 60 a second (the thread gets the time between frames, as it
would in the window) and each is one `App.step`: events, time advanced by 1/60 s, the table drawn. The deal
animates four cards flying one after another; when the stock runs out the deal restarts (not timed). The
search is deal 2 with no time limit (it runs for minutes, longer than a round), cancelled after each round.
The machine is shared: compare the modes of one run with each other; the figure per mode is the median over
rounds of each round's median and p99.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bench.common import load_average
from bench.ui_common import deal_frame_times, deal_seven_window, summary
from idioten.acesup.rules import Game
from idioten.acesup.solver import solve
from idioten.cards import deal_cards
from idioten.ui.app import App
from idioten.ui.worker import Worker

FRAME = 1 / 60
SIZE = (1920, 1080)
SEARCHED_DEAL = 2


def deal_frames(app: App, frames: int) -> list[float]:
    """Wall milliseconds of `frames` animated frames, paced at 60 a second."""
    next_frame = time.perf_counter()

    def paced_step(app: App) -> float:
        nonlocal next_frame
        started = time.perf_counter()
        app.step(dt=FRAME)
        took = (time.perf_counter() - started) * 1000
        next_frame += FRAME
        time.sleep(max(0.0, next_frame - time.perf_counter()))
        return took

    return deal_frame_times(app, frames, paced_step)


def start_search(worker: Worker, mode: str) -> threading.Event | None:
    game = Game.new(deal_cards(SEARCHED_DEAL), deal_number=SEARCHED_DEAL)
    if mode == "worker":
        worker.submit("bench", lambda cancel: solve(game, cancel=cancel))
        return None
    if mode == "plain_thread":  # for comparison: no yielding flag, no lower priority
        flag = threading.Event()
        threading.Thread(target=lambda: solve(game, cancel=flag), daemon=True).start()
        return flag
    return None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=300, help="frames per mode and round")
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    app = deal_seven_window(SIZE)
    worker = Worker(post_events=False)
    modes = ("idle", "worker", "plain_thread")
    rounds: dict[str, list[dict]] = {mode: [] for mode in modes}
    for _ in range(options.rounds):
        for mode in modes:
            flag = start_search(worker, mode)
            time.sleep(0.2)  # the search is well under way
            rounds[mode].append(summary(deal_frames(app, options.frames), 2))
            if mode == "worker" and not worker.running:
                raise SystemExit(f"bench: deal {SEARCHED_DEAL} was solved within the round; choose a harder deal")
            worker.cancel()
            if flag is not None:
                flag.set()
            time.sleep(0.05)
            app.playing.game_scene("idioten").restart()
            app.settle()
    worker.close()
    app.close()
    result = {mode: {stat: statistics.median(r[stat] for r in rounds[mode]) for stat in ("median", "p99", "max")}
              for mode in modes}
    print(json.dumps({"benchmark": "ui_solver_frames", "size": list(SIZE), "driver": os.environ["SDL_VIDEODRIVER"],
                      "unit": "ms", "rounds": options.rounds, "frames_per_round": options.frames,
                      "frame_ms_deal_animation": result,
                      "ratio_p99_worker_to_idle": round(result["worker"]["p99"] / result["idle"]["p99"], 2),
                      "ratio_p99_plain_thread_to_idle": round(result["plain_thread"]["p99"] / result["idle"]["p99"], 2),
                      "target_p99_ms": 8, "ok": result["worker"]["p99"] <= 8,
                      "load_average_1min": load_average()[0]}, indent=1))


if __name__ == "__main__":
    main()
