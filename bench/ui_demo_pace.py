"""The demo's pace: the gaps between the demo's actions in the real window loop, against the real clock.

    python -m bench.ui_demo_pace [--deals 1000001-1000005] [--actions 30] [--animation normal]   prints JSON

For each deal, opens the window (SDL's dummy video driver), presses A and steps the loop at 60 frames a
second as `App.loop` does while something moves, until the game ends or `--actions` actions were played.
Each action's moment is taken when the table's history grows. The gap after an action is compared with the
step the demo means to show when it never waits for its player: the action's glide (a deal's four cards
take longer) and the demo's pause. Target: no gap longer than that step + 0.1 s, i.e. the demo never shows
a thinking pause. The demo's player (idioten.acesup.hint) thinks against the wall clock, so on a busy
machine it thinks less deeply rather than longer.

Tuned on deals 1-5; report on deals from 1,000,001 on (never used while designing).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame

from bench.common import load_average
from idioten import i18n
from idioten.acesup.rules import Dealt, Game
from idioten.cards import deal_cards
from idioten.ui.acesup import autoplay, coach
from idioten.ui.app import App

SLACK = 0.1  # seconds a gap may exceed the demo's step: a frame or two, never a visible wait


def deal_range(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def step_after(app: App, record) -> float:
    """The demo's step after `record` when it need not wait: the glide of what moved, then the pause."""
    speed = app.settings.duration
    glide = speed(0.28) + speed(0.09) * 3 if isinstance(record, Dealt) else speed(0.3)
    return glide + max(autoplay.SHORTEST_PAUSE, speed(autoplay.PAUSE))


def play(number: int, animation: str, actions: int) -> list[dict]:
    app = App(Game.new(deal_cards(number), deal_number=number), size=(1280, 800))
    app.settings = app.settings.changed("animation", animation)
    app.warm()
    frame = pygame.time.Clock()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    seen, moments, deadline = 0, [], time.monotonic() + 30 + actions * 3
    try:
        while time.monotonic() < deadline and len(moments) < actions:
            frame.tick(60)
            app.step()
            history = app.playing.game_scene("idioten").game.history
            if len(history) > seen:
                moments.append((time.monotonic(), history[-1][1]))
                seen = len(history)
            if app.playing.game_scene("idioten").game.is_over() or not any(isinstance(s, autoplay.Autoplay)
                                                                     for s in app.scenes):
                break
    finally:
        app.close()
    gaps = []
    for (start, record), (end, _) in zip(moments, moments[1:]):
        expected = step_after(app, record)
        gaps.append({"gap": end - start, "step": expected, "over": end - start - expected})
    return gaps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", default="1000001-1000005")
    parser.add_argument("--actions", type=int, default=30, help="at most this many actions per deal")
    parser.add_argument("--animation", default="normal", choices=["slow", "normal", "fast", "off"])
    options = parser.parse_args()
    i18n.set_language("en")
    gaps, per_deal = [], {}
    for number in deal_range(options.deals):
        found = play(number, options.animation, options.actions)
        gaps += found
        worst = max(range(len(found)), key=lambda i: found[i]["over"])
        per_deal[number] = {"gaps": len(found), "longest_gap": round(max(g["gap"] for g in found), 3),
                            "most_over_step": round(found[worst]["over"], 3), "after_action": worst + 1}
    over = [g["over"] for g in gaps]
    print(json.dumps({
        "benchmark": "ui_demo_pace",
        "animation": options.animation,
        "deals": options.deals,
        "gaps": len(gaps),
        "think_seconds": round(min(coach.NO_PEEK_SECONDS, coach.THINK_SHARE * step_after_plain(
            options.animation)), 3),
        "steps_seconds": sorted({round(g["step"], 3) for g in gaps}),
        "longest_gap_seconds": round(max(g["gap"] for g in gaps), 3),
        "median_gap_seconds": round(statistics.median(g["gap"] for g in gaps), 3),
        "most_over_step_seconds": round(max(over), 3),
        "gaps_over_step_plus_slack": sum(o > SLACK for o in over),
        "target": f"every gap <= its step + {SLACK} s",
        "pass": max(over) <= SLACK,
        "per_deal": per_deal,
        "load_average": load_average(),
    }))


def step_after_plain(animation: str) -> float:
    """The shortest step (a discard's glide and the pause) at this animation speed."""
    from idioten.storage.settings import Settings
    speed = Settings(animation=animation).duration
    return speed(0.3) + max(autoplay.SHORTEST_PAUSE, speed(autoplay.PAUSE))


if __name__ == "__main__":
    main()
