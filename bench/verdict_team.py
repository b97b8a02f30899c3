"""Is the window's verdict search with the team of threads `assist.team_size` picks ever slower than with one
thread? JSON on stdout.

    python -m bench.verdict_team [--deals 7,8,19 | --sample] [--cores N]

The window searches each deal's verdict with `team_size(os.cpu_count(), load)` threads (one below 4 cores, or
when no core is idle). Each deal is searched by the window's own job (`assist.solve_from_deal`, its cap of
positions, in the window's low-priority worker) once with that team and once with one thread, alternating
which goes first deal by deal. Reported per deal: wall seconds of each; in all: the median of the per-deal
ratios team / one thread (1.0: the same; above 1: the team slower). `--cores N` asks the rule as if the machine
had N cores (to measure a team here, where the rule picks one). Runs one deal at a time: the threads are the
point, so there is no `--jobs`.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from bench import common
from bench.solver_cuts import STANDARD_SAMPLE
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.play.acesup import assist
from idioten.ui.worker import Worker


def timed(worker: Worker, start: str, threads: int) -> tuple[float, str]:
    began = time.monotonic()
    worker.submit("early_verdict", functools.partial(assist.solve_from_deal, start, threads=threads), tag=start)
    worker.wait()
    answer = worker.poll()[0]
    if answer.error is not None:
        raise answer.error
    return time.monotonic() - began, answer.result.result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="7,8,19")
    parser.add_argument("--sample", action="store_true", help="bench/solver_cuts.py's 39 standard losses")
    parser.add_argument("--cores", type=int, default=os.cpu_count(), help="the cores the rule is asked about")
    args = parser.parse_args(argv)
    if not assist.compiled_core():
        print("the compiled core is not built: the Python core searches with one thread", file=sys.stderr)
        return 2
    deals = STANDARD_SAMPLE if args.sample else [int(n) for n in args.deals.split(",")]
    load_before = common.load_average()
    worker = Worker(post_events=False, one_job_in_memory=True)
    rows, ratios = [], []
    for index, number in enumerate(deals):
        start = Game.new(deal_cards(number), "standard", number).start_text
        team = assist.team_size(args.cores, assist.load_average())
        runs = [("team", team), ("one", 1)]  # searched twice even when the team is one thread: the noise
        seconds, results = {}, set()
        for name, threads in runs if index % 2 == 0 else runs[::-1]:
            seconds[name], result = timed(worker, start, threads)
            results.add(result)
        team_wall = seconds["team"]
        ratio = team_wall / seconds["one"] if seconds["one"] > 0 else 1.0
        ratios.append(ratio)
        row = {"deal": number, "team": team, "one_thread_s": round(seconds["one"], 4), "team_s": round(team_wall, 4),
               "ratio": round(ratio, 3), "results": sorted(results)}
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    worker.close()
    print(json.dumps({"cores": args.cores, "deals": len(rows), "teams": sorted({r["team"] for r in rows}),
                      "ratio_median": round(statistics.median(ratios), 3), "ratio_max": round(max(ratios), 3),
                      "one_thread_median_s": round(statistics.median(r["one_thread_s"] for r in rows), 4),
                      "team_median_s": round(statistics.median(r["team_s"] for r in rows), 4),
                      "load_before": load_before, "load_after": common.load_average()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
