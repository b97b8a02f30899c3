"""How much a team of threads speeds up the compiled solver's verdict (solve(threads=N), csrc/solve.c), on a
fixed sample of hard standard losses. JSON on stdout.

    python -m bench.solver_threads [--deals 7,8,19 | --sample] [--threads 1,2] [--time-limit 60]

Each deal is solved once per thread count, the counts alternating deal by deal (so a change in the machine's
load falls on all of them alike), the verdict pass only (the best-score pass after it is one thread whatever
the count, so it is left out). Per deal and count: the WALL seconds and the CPU-seconds of all the search's
threads until the verdict, and the positions examined. Summary: medians, the median of the per-deal ratios to
the first count, and positions per CPU-second (what each thread achieves) against positions in all (the work
the threads duplicate). `--sample` is bench/solver_cuts.py's sample of 39 proved losses. Runs one deal at a
time (`--jobs 1` in effect): the threads are the point.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from bench import common
from bench.solver_cuts import STANDARD_SAMPLE
from idioten.acesup import solver
from idioten.acesup.rules import STANDARD, WIN_SCORE, Game
from idioten.cards import deal_cards
from idioten.cli.args import thread_count


def verdict(game: Game, threads: int, time_limit: float) -> dict:
    piles, stock, gone = solver.compact(game)
    wall = time.monotonic()
    out = solver._csearch.solve(piles, stock, gone, False, time_limit, None, solver.QUICK_MAX_SECONDS,
                                solver.QUICK_MAX_POSITIONS, solver.DEFAULT_MEMORY_BYTES, solver.ALL_PRUNINGS,
                                WIN_SCORE, 0, 0, threads, solver.TEAM_AFTER_POSITIONS, False)
    status, decided_wall, decided_cpu, decided_states = out[0], out[6], out[9], out[10]
    return {"result": {0: "winnable", 1: "winnable", 2: "unwinnable"}.get(status, "unknown"),
            "wall": round(decided_wall, 4) if decided_wall >= 0 else None,
            "cpu": round(decided_cpu, 4) if decided_cpu >= 0 else None,
            "positions": decided_states, "call_wall": round(time.monotonic() - wall, 4)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="7,8,19")
    parser.add_argument("--sample", action="store_true", help="bench/solver_cuts.py's 39 standard losses")
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts; ratios are to the first")
    parser.add_argument("--time-limit", type=float, default=60.0, help="wall seconds per solve")
    args = parser.parse_args(argv)
    if solver._csearch is None:
        print("the compiled core is not built", file=sys.stderr)
        return 2
    deals = STANDARD_SAMPLE if args.sample else [int(n) for n in args.deals.split(",")]
    try:
        counts = [thread_count(n) for n in args.threads.split(",")]  # bounded, as the command line's --threads
    except argparse.ArgumentTypeError as err:
        parser.error(str(err))
    load_before = common.load_average()
    rows = []
    for deal in deals:
        game = Game.new(deal_cards(deal), STANDARD, deal)
        row = {"deal": deal}
        for n in counts:
            row[str(n)] = verdict(game, n, args.time_limit)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    summary = {}
    base = str(counts[0])
    for n in counts:
        key = str(n)
        done = [r[key] for r in rows if r[key]["wall"] is not None]
        both = [r for r in rows if r[key]["wall"] is not None and r[base]["wall"] is not None]
        summary[key] = {
            "decided": len(done),
            "wall_median": round(statistics.median(d["wall"] for d in done), 4) if done else None,
            "cpu_median": round(statistics.median(d["cpu"] for d in done), 4) if done else None,
            "positions_median": statistics.median(d["positions"] for d in done) if done else None,
            "wall_total": round(sum(d["wall"] for d in done), 3),
            "cpu_total": round(sum(d["cpu"] for d in done), 3),
            "positions_total": sum(d["positions"] for d in done),
            "positions_per_cpu_second": round(sum(d["positions"] for d in done)
                                              / max(1e-9, sum(d["cpu"] for d in done))),
            f"wall_ratio_to_{base}_median": round(statistics.median(r[base]["wall"] / max(1e-6, r[key]["wall"])
                                                                    for r in both), 3) if both else None,
            f"cpu_ratio_to_{base}_median": round(statistics.median(r[key]["cpu"] / max(1e-6, r[base]["cpu"])
                                                                   for r in both), 3) if both else None,
        }
    print(json.dumps({"deals": deals, "threads": counts, "time_limit": args.time_limit,
                      "load_before": load_before, "load_after": common.load_average(),
                      "summary": summary, "per_deal": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
