"""Poker patience: frame times while the computer player thinks in its worker thread, against the same frames
with the computer idle, and how long one computer move would hold a frame if it ran on the loop instead.

    python -m bench.ui_poker_frames [--moves 12] [--seconds 0.25]      prints JSON

Under SDL's dummy driver at 1280x800, in the Competitive mode: after each placement the computer chooses its
cell for the same card (about `--seconds` of thinking, the window's default) while the player drags the next
card around the grid, one pointer move per frame at 60 frames a second. The same drag is then timed with no
thinking going on. `on_loop_seconds` times the computer's choice called directly: the stall every placement
would cause without the thread. The machine is shared: compare the medians of one run with each other.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from bench.ui_common import summary
from idioten.play.poker.session import PokerSession
from idioten.ui.app import App

FRAME = 1 / 60


def paced_frames(app: App, scene, until, limit: int) -> list[float]:
    """Drag the drawn card in a circle, one move per frame at 60 per second; the wall time of each step."""
    times = []
    centre = scene.layout.grid_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.layout.drawn.center, button=1))
    app.step(dt=FRAME)
    next_frame = time.perf_counter()
    for i in range(limit):
        if until():
            break
        angle = i / 12
        pos = (round(centre[0] + 150 * math.cos(angle)), round(centre[1] + 150 * math.sin(angle)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        start = time.perf_counter()
        app.step(dt=FRAME)
        times.append(time.perf_counter() - start)
        next_frame += FRAME
        time.sleep(max(0.0, next_frame - time.perf_counter()))
    felt = (scene.layout.drawn.centerx, app.layout.status_bar.top - 4)  # let go on the felt: nothing placed
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=felt, button=1))
    app.settle()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=0.25)
    args = parser.parse_args()

    session = PokerSession(None, random.Random(1), move_seconds=args.seconds)
    session.options = session.options.changed("competitive", True)
    session.new_deal(7)
    app = App(rng=random.Random(1), size=(1280, 800), sessions={"poker": session})
    app.playing.switch_game("poker")
    app.settle()
    scene = app.scenes[0]
    session.opponent.policy(session.game)  # learned values load once, outside the measurement
    while scene.painter.warm_one():  # as the idle loop does before play: no first-time SVG renders measured
        pass

    thinking, idle, on_loop = [], [], []
    for _ in range(args.moves):
        scene.place(session.game.empty_cells()[0])
        app.step(dt=FRAME)  # the placement's frame starts the worker
        thinking += paced_frames(app, scene, lambda: not scene.computer_worker.running, 600)
        scene.computer_worker.wait()
        app.settle()
        idle += paced_frames(app, scene, lambda: False, 15)
        # The same choice made on the loop: how long the frame would have waited for it.
        session.computer.undo()
        task = session.computer_task()
        start = time.perf_counter()
        cell, card = task()
        on_loop.append(time.perf_counter() - start)
        session.computer_place(cell, card)
    app.close()
    print(json.dumps({"size": [1280, 800], "moves": args.moves, "move_seconds": args.seconds,
                      "frame_seconds_while_thinking": summary(thinking),
                      "frame_seconds_idle": summary(idle),
                      "frames_over_one_sixtieth": {"while_thinking": sum(t > FRAME for t in thinking),
                                                   "idle": sum(t > FRAME for t in idle)},
                      "on_loop_seconds": summary(on_loop),
                      "ratio_median_thinking_to_idle": round(
                          sorted(thinking)[len(thinking) // 2] / sorted(idle)[len(idle) // 2], 2)}, indent=1))


if __name__ == "__main__":
    main()
