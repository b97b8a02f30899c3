"""How long does "where did I go wrong" take after a lost game? Prints JSON.

    python bench/analyse.py [--first 1000001] [--count 200] [--variant standard]

Takes the first COUNT deals from FIRST on that the greedy policy loses, and times the window's own job for
the end panel (`lesson.run_lesson`: the analysis of the moves played, then the no-peek hint at the move
found), given what the window knows by then: the deal's verdict from the deal on (solved beforehand, not
timed, as the verdict worker does while the game is played). A job that does not finish within the
window's LESSON_SECONDS counts as that long and as undecided. Reported: median and p95 seconds, the number
undecided, the exact searches per game (median, max), and the load average. The machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from idioten.acesup import analysis, solver  # noqa: E402
from idioten.acesup.players import greedy  # noqa: E402
from idioten.ui.acesup.lesson import LESSON_SECONDS, run_lesson  # noqa: E402

from verdict_ready import lost_deals, percentile  # noqa: E402  (bench/ is on the path as a script)


def greedy_moves(game):
    import random
    played, moves, rng = game.copy(), [], random.Random(game.deal_number)
    while (action := greedy(played, rng)) is not None:
        played.apply(action)
        moves.append(action)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1_000_001)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    times, searches, undecided, last = [], [], 0, None
    for game in lost_deals(args.first, args.count, args.variant):
        moves = greedy_moves(game)
        try:
            start_fact = analysis.default_solve(game, analysis.StopFlag(seconds=60.0))
            known = {game.start_text: start_fact}
        except analysis.Undecided:
            known = {}  # the verdict was not known in time: the analysis starts from nothing
        started = time.monotonic()
        try:
            found = run_lesson(game, moves, known, threading.Event(), lambda count: None)
            times.append(time.monotonic() - started)
            searches.append(found.searches)
        except analysis.Undecided:
            undecided += 1
            times.append(LESSON_SECONDS)
        last = game.deal_number
        print(json.dumps({"deal": last, "seconds": round(times[-1], 4)}), file=sys.stderr, flush=True)
    print(json.dumps({
        "variant": args.variant, "deals": f"{args.first}..{last} (first {args.count} lost by greedy)",
        "core": getattr(solver, "CORE", "python"), "seconds_median": round(statistics.median(times), 4),
        "seconds_p95": round(percentile(times, 0.95), 4), "seconds_max": round(max(times), 4),
        "within_3_s": sum(t <= 3.0 for t in times), "undecided": undecided,
        "searches_median": statistics.median(searches) if searches else None,
        "searches_max": max(searches, default=None), "load_average": [round(x, 2) for x in os.getloadavg()]}))


if __name__ == "__main__":
    main()
