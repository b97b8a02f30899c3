"""The window's resident memory while the solver searches for the end panel's verdict. Prints JSON.

    python -m bench.ui_search_memory [--deal 12] [--variant standard] [--wait 120]

A real 1280x800 window on a private Xvfb screen, opened as `idioten --deal N` opens it. A script plays the
deal with the greedy policy through the window's event loop (clicks on cards, drags to gaps, Space to deal:
the input a person would use) until the end panel shows a loss; the window itself starts the verdict search
in its worker (from the deal on, and for the end panel). The script then keeps the loop running, reading
VmRSS from /proc/self/status every 50 ms, until the verdict is known or WAIT seconds have passed. Reported:
resident memory after the first frame, the highest sample, the kernel's own peak (VmHWM, which no sample can
miss), the verdict and the wall time until it was in. The deal must be one greedy loses (12 is: its proof of
a loss is among the largest searches of deals 1-300 and fills the 64 MB table).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile

from bench.common import load_average
from bench.ui_common import PYTHON, ROOT, Xvfb, child_env

PLAYER = r"""
import json, random, sys, time
from idioten.ui.acesup.endgame import EndPanel
from bench.ui_common import ScriptClock, play_one_action, rss_mb

deal, variant, wait = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])

clock = ScriptClock()
from idioten.cli.parser import build_parser, launch_options
from idioten.ui.launch import open_app
arguments = ["--deal", str(deal), "--variant", variant]
app = open_app(launch_options(build_parser().parse_args(arguments)), size=(1280, 800), clock=clock,
               rng=random.Random(2026))
app.step(dt=0)
first = rss_mb()["rss_mb"]
highest = first
started = time.monotonic()
while not isinstance(app.scenes[-1], EndPanel):
    play_one_action(app, clock)
    highest = max(highest, rss_mb()["rss_mb"])
game = app.playing.game_scene("idioten").game
if game.is_won():
    raise SystemExit(f"greedy won deal {deal}: choose a deal it loses")
played = time.monotonic() - started
known = None
while time.monotonic() - started < wait:
    clock.now += 0.05
    app.step(dt=0.05)
    highest = max(highest, rss_mb()["rss_mb"])
    known = app.playing.game_scene("idioten").assistant.knowledge(game.start_text)
    if known is not None and known.result in ("winnable", "unwinnable"):
        break
    time.sleep(0.05)
verdict_after = time.monotonic() - started
end = rss_mb()
print(json.dumps({"rss_after_first_frame_mb": first, "highest_sample_mb": highest,
                  "peak_rss_mb": end["peak_rss_mb"], "rss_at_end_mb": end["rss_mb"],
                  "verdict": None if known is None else known.result, "best": None if known is None else known.best,
                  "score": game.score, "seconds_to_play": round(played, 2),
                  "seconds_until_verdict": round(verdict_after, 2),
                  "process_cpu_seconds": round(time.process_time(), 2)}))

"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal", type=int, default=12)
    parser.add_argument("--variant", choices=("standard", "aces-only"), default="standard")
    parser.add_argument("--wait", type=float, default=120.0, help="wall seconds to wait for the verdict")
    options = parser.parse_args()
    with Xvfb() as display:
        env = child_env(SDL_VIDEODRIVER="x11", DISPLAY=display, SDL_FRAMEBUFFER_ACCELERATION="0",
                        IDIOTEN_DATA_DIR=tempfile.mkdtemp(prefix="idioten-bench-"))  # never a player's saves
        out = subprocess.run([PYTHON, "-c", PLAYER, str(options.deal), options.variant, str(options.wait)],
                             env=env, capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        raise SystemExit(f"bench: the window failed: {out.stderr[-600:]}")
    found = json.loads(out.stdout.strip().splitlines()[-1])
    print(json.dumps({"benchmark": "ui_search_memory", "driver": "x11 (Xvfb)", "window": [1280, 800],
                      "deal": options.deal, "variant": options.variant, **found, "target_mb": 150,
                      "ok": found["peak_rss_mb"] <= 150,
                      "load_average": load_average()}))


if __name__ == "__main__":
    main()
