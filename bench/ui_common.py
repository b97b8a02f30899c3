"""Shared pieces of the window benchmarks: a private Xvfb screen, process CPU and memory from /proc, the
scripted greedy player that drives the window with posted input."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.common import REPO as ROOT

PYTHON = sys.executable


def child_env(**extra) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env.update({k: v for k, v in extra.items() if v is not None})
    for key, value in extra.items():
        if value is None:
            env.pop(key, None)
    return env


class Xvfb:
    """A private X screen for the length of a `with` block: a real window, no monitor needed."""

    def __init__(self, size=(1920, 1080)):
        self.size = size

    def __enter__(self) -> str:
        if shutil.which("Xvfb") is None:
            raise SystemExit("bench: Xvfb is not installed (apt-get install xvfb)")
        for number in range(140, 200):
            if not Path(f"/tmp/.X{number}-lock").exists():
                break
        self.display = f":{number}"
        self.process = subprocess.Popen(["Xvfb", self.display, "-screen", "0", f"{self.size[0]}x{self.size[1]}x24",
                                         "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.05)
        return self.display

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(timeout=10)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime


def rss_mb(pid: int | str = "self") -> dict:
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("VmRSS:", "VmHWM:")):
            values[line.split(":")[0]] = round(int(line.split()[1]) / 1024, 1)
    return {"rss_mb": values.get("VmRSS"), "peak_rss_mb": values.get("VmHWM")}


def summary(values: list[float], digits: int = 4) -> dict:
    ordered = sorted(values)

    def pick(q):
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], digits)
    return {"n": len(values), "median": round(statistics.median(values), digits), "p99": pick(0.99),
            "max": round(ordered[-1], digits)}


def idle_report(benchmark: str, arguments: list[str], data_dir: str, settle: float, seconds: float) -> dict:
    """Start `python -m idioten ARGUMENTS` in a real window on a private Xvfb screen, let it settle, then
    read its CPU time from /proc over `seconds` in which nothing happens. Target: at most 1 % of one core."""
    with Xvfb() as display:
        env = child_env(SDL_VIDEODRIVER="x11", DISPLAY=display, IDIOTEN_DATA_DIR=data_dir)
        game = subprocess.Popen([PYTHON, "-m", "idioten", *arguments], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            time.sleep(settle)
            if game.poll() is not None:
                raise SystemExit(f"bench: the game exited early: {game.stderr.read().decode()[-400:]}")
            cpu_start, wall_start = cpu_seconds(game.pid), time.perf_counter()
            time.sleep(seconds)
            cpu = cpu_seconds(game.pid) - cpu_start
            wall = time.perf_counter() - wall_start
            memory = rss_mb(game.pid)
        finally:
            game.terminate()
            game.wait(timeout=10)
    percent = 100 * cpu / wall
    return {"benchmark": benchmark, "driver": "x11 (Xvfb)", "seconds": round(wall, 1),
            "cpu_seconds": round(cpu, 3), "cpu_percent_of_one_core": round(percent, 3),
            "target_percent": 1.0, "ok": percent <= 1.0, "idle_rss_mb": memory["rss_mb"]}


def deal_seven_window(size):
    """The window on deal 7 at `size`, its first frames drawn and every card picture rendered, as the idle loop
    has done in the first moments after start (bench/ui_idle.py sees it happen): the frame benchmarks' start."""
    import random

    from idioten.acesup.rules import Game
    from idioten.cards import deal_cards
    from idioten.ui.app import App  # here: the benchmarks that start the game in a child process never load it

    app = App(Game.new(deal_cards(7), deal_number=7), size=size, rng=random.Random(1))
    app.run_frames(5)
    app.warm()
    assert app.layout.size == size
    return app


def deal_frame_times(app, frames: int, timed_step) -> list:
    """`timed_step(app)` for each of `frames` frames while deals fly out (the deal restarts when the stock
    runs out), collecting what it returns."""
    times = []
    while len(times) < frames:
        if not app.playing.game_scene("idioten").game.can_deal():
            app.playing.game_scene("idioten").restart()
            app.settle()
        app.playing.game_scene("idioten").deal()
        while app.busy() and len(times) < frames:
            times.append(timed_step(app))
    return times


class ScriptClock:
    """The window's clock in a scripted run: the script moves it, so animations end in a few big frames."""
    now = 0.0

    def __call__(self):
        return self.now


def play_one_action(app, clock) -> None:
    """One action of the greedy rule (discard, else a useful move, else deal), performed with the input a
    person would use: a click on the card, a drag to the gap, the Space key, posted to SDL's queue and handled
    by the window's own loop. Stops the benchmark if the window did not perform it."""
    import pygame

    from idioten.acesup.rules import DISCARD, MOVE
    from idioten.ui.acesup.endgame import EndPanel

    game, table = app.playing.game_scene("idioten").game, app.playing.game_scene("idioten")
    legal = list(game.useful_actions())
    action = next((a for a in legal if a.kind == DISCARD), None) or \
        next((a for a in legal if a.kind == MOVE), None) or legal[0]
    if action.kind == DISCARD:
        at = table.top_rect(action.pile).center
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)]
    elif action.kind == MOVE:
        start, end = table.top_rect(action.pile).center, app.layout.piles[action.target].center
        halfway = ((start[0] + end[0]) // 2, start[1])
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=halfway, rel=(0, 0), buttons=(1, 0, 0)),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
    else:
        events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")]
    for event in events:
        pygame.event.post(event)
    before = len(game.history)
    clock.now += 1.0
    app.settle(dt=0.1)
    if len(app.playing.game_scene("idioten").game.history) == before and not isinstance(app.scenes[-1], EndPanel):
        raise SystemExit(f"the window did not perform {action}")
