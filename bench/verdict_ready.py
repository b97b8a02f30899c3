"""Is the verdict ready when the game ends? Prints JSON.

    python -m bench.verdict_ready [--first 1000001] [--count 200] [--variant standard] [--game-seconds 60]

Takes the first COUNT deals from FIRST on that the greedy policy loses (the games whose end panel asks "could
this deal have been won?"). For each, the window's own verdict job (`assist.solve_from_deal`: the deal's start,
at most `assist.VERDICT_POSITIONS` positions) is started in the window's low-priority worker the moment the deal is
dealt, exactly as the window does; the player then takes GAME_SECONDS of wall time to lose the game (a human
pace; the player's own moves cost the machine nothing). The verdict is ready "at once" when the worker's
answer is a decided one (winnable or unwinnable) before the game ends. The wait ends as soon as the answer is
in, so a run is short when the solver is fast. Reported: the share ready at once (with a 95 % interval), and
the worker's time to the answer over all deals (median, p90, p99, max; a deal not decided in time counts as
GAME_SECONDS). The machine is shared: quote the load average printed with the figures.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from bench.common import load_average
from bench.simulate import wilson
from idioten.acesup import solver
from idioten.acesup.players import greedy, play
from idioten.acesup.rules import WIN_SCORE, Game
from idioten.cards import deal_cards
from idioten.play.acesup.assist import UNKNOWN, solve_from_deal, verdict_cap
from idioten.ui.worker import Worker


def lost_deals(first: int, count: int, variant: str):
    number = first
    while count:
        game = Game.new(deal_cards(number), variant, number)
        if play(game.copy(), greedy, random.Random(number)) < WIN_SCORE:
            yield game
            count -= 1
        number += 1


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1_000_001)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--game-seconds", type=float, default=60.0)
    args = parser.parse_args()
    worker = Worker(post_events=False)
    ready, times, results, last = 0, [], {}, None
    for game in lost_deals(args.first, args.count, args.variant):
        start = game.start_text
        dealt = time.monotonic()
        worker.submit("early_verdict", functools.partial(solve_from_deal, start), tag=start)
        finished = worker.wait(args.game_seconds)
        seconds = time.monotonic() - dealt
        answers = worker.poll()
        decided = finished and answers and answers[0].error is None and answers[0].result.result != UNKNOWN
        worker.cancel()
        ready += bool(decided)
        times.append(seconds if decided else args.game_seconds)
        outcome = answers[0].result.result if decided else UNKNOWN
        results[outcome] = results.get(outcome, 0) + 1
        last = game.deal_number
        print(json.dumps({"deal": last, "decided": bool(decided), "seconds": round(seconds, 4)}), file=sys.stderr,
              flush=True)  # one line a deal: a long run can be followed, and summed up if cut short
    worker.close()
    low, high = wilson(ready, args.count)
    print(json.dumps({
        "variant": args.variant, "deals": f"{args.first}..{last} (first {args.count} lost by greedy)",
        "core": getattr(solver, "CORE", "python"), "game_seconds": args.game_seconds, "cap_positions": verdict_cap(),
        "ready_at_once": ready, "share": round(ready / args.count, 4), "interval_95": [round(low, 4), round(high, 4)],
        "results": results, "seconds_median": round(statistics.median(times), 4),
        "seconds_p90": round(percentile(times, 0.9), 4), "seconds_p99": round(percentile(times, 0.99), 4),
        "seconds_max": round(max(times), 4), "load_average": load_average()}))


if __name__ == "__main__":
    main()
