"""Solver benchmark: how fast does `idioten.acesup.solver.solve` decide numbered deals? Prints JSON.

    python -m bench.solver [--first 1] [--count 200] [--variant standard] [--limits 1,10,60] [--jobs 2]

Every deal is first solved with the smallest time limit; only the deals still "unknown" are solved again,
from scratch, with the next limit, and so on. A deal's time is the time the run that decided it took to know
the answer (for an unwinnable aces-only deal the best score is measured after that, in a second pass).
Reported: the median, p90, p99 and largest time to a decided answer over all deals (an undecided deal counts
as slower than any limit, so a figure is null when that many are undecided), the share decided within 1 s and
within 10 s, the shares winnable / unwinnable / still unknown at the largest limit, and the states per
second. The machine is shared: use at most 2 jobs and compare figures within one run.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from multiprocessing import Pool

from bench.common import load_average
from bench.simulate import wilson
from idioten.acesup.rules import Game
from idioten.acesup.solver import CORE, UNKNOWN, solve
from idioten.cards import deal_cards


def solve_one(task):
    number, variant, limit = task
    result = solve(Game.new(deal_cards(number), variant, number), time_limit=limit)
    seconds = result.seconds if result.decided_seconds is None else result.decided_seconds
    return number, result.result, seconds, result.states, result.best_score, result.seconds, result.cpu_seconds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--limits", default="1,10,60", help="comma-separated time limits in seconds")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (the machine has 2 cores)")
    parser.add_argument("--details", action="store_true", help="also list every deal's outcome")
    args = parser.parse_args(argv)
    limits = [float(x) for x in args.limits.split(",")]
    deals = list(range(args.first, args.first + args.count))

    started = time.perf_counter()
    outcome: dict[int, tuple] = {}
    pending = deals
    passes = []
    with Pool(min(args.jobs, 2)) as pool:
        for limit in limits:
            if not pending:
                break
            pass_started = time.perf_counter()
            results = pool.map(solve_one, [(n, args.variant, limit) for n in pending], chunksize=1)
            for number, result, seconds, states, best, run_seconds, cpu in results:
                outcome[number] = (result, seconds, states, best, limit, run_seconds, cpu)
            pending = [n for n in pending if outcome[n][0] == UNKNOWN]
            passes.append({"limit": limit, "deals": len(results), "still_unknown": len(pending),
                           "wall_seconds": round(time.perf_counter() - pass_started, 1)})

    total = len(deals)
    n_win = sum(o[0] == "winnable" for o in outcome.values())
    decided_times = sorted(o[1] for o in outcome.values() if o[0] != UNKNOWN)
    times_all = decided_times + [float("inf")] * (total - len(decided_times))
    median = statistics.median(times_all)

    def quantile(q: float):
        value = times_all[min(total - 1, int(q * total))]
        return None if value == float("inf") else round(value, 4)
    states = sum(o[2] for o in outcome.values())
    seconds = sum(o[5] for o in outcome.values())
    report = {
        "bench": "solver", "variant": args.variant, "deals": f"{deals[0]}..{deals[-1]}", "count": total,
        "limits": limits, "jobs": min(args.jobs, 2),
        "core": CORE,
        "median_seconds_to_decide": None if median == float("inf") else round(median, 4),
        "p90_seconds_to_decide": quantile(0.9), "p99_seconds_to_decide": quantile(0.99),
        "max_seconds_to_decide": quantile(1.0),
        # On a loaded machine wall time overstates the work: the CPU time of the deciding run, for comparison.
        "median_cpu_seconds_of_decided_runs": round(statistics.median(
            o[6] for o in outcome.values() if o[0] != UNKNOWN), 4) if decided_times else None,
        "decided_within_1s": round(sum(t <= 1 for t in decided_times) / total, 4),
        "decided_within_10s": round(sum(t <= 10 for t in decided_times) / total, 4),
        "winnable": round(sum(o[0] == "winnable" for o in outcome.values()) / total, 4),
        "unwinnable": round(sum(o[0] == "unwinnable" for o in outcome.values()) / total, 4),
        f"unknown_at_{limits[-1]:g}s": round(len(pending) / total, 4),
        # 95 % Wilson interval for the winnable share; with deals left unknown, the low end counts them
        # as unwinnable and the high end as winnable.
        "winnable_ci95": [round(wilson(n_win, total)[0], 4), round(wilson(n_win + len(pending), total)[1], 4)],
        "states_per_second": round(states / seconds) if seconds else None,
        "passes": passes,
        "wall_seconds": round(time.perf_counter() - started, 1),
        "load_average": load_average(),
        "python": platform.python_version(),
    }
    if args.details:
        report["details"] = {n: {"result": o[0], "seconds": round(o[1], 3), "states": o[2], "best_score": o[3],
                                 "limit": o[4], "cpu_seconds": round(o[6], 3)} for n, o in sorted(outcome.items())}
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
