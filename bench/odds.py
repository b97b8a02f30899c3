"""The game's odds with perfect information: the share of deals that can be won, and the traps. Prints JSON.

    python -m bench.odds --deals 1-10000 [--variant standard|aces-only|both] [--time-limit 60] [--jobs 2]
                         [--record odds.jsonl] [--clock wall|cpu] [--rules standard|strict]

Every deal is solved by `idioten.acesup.solver.solve` (the exact solver: it sees the stock) with the time
limit; a deal it proves winnable is a *trap* when a player who also sees the stock but discards every card
as soon as it may go cannot win it (`always_discard_wins`, searched to the end). Reported per variant: the
counts, the winnable share with its 95 % Wilson interval (when deals are left unknown, the low end counts
them as lost and the high end as won), the number of traps and their share of the winnable deals, and the
solver core used. `--record` appends one JSON line per deal and, when the file exists, skips the deals it
already holds, so a long run can be stopped and resumed; the summary always covers the whole range.
The machine is shared: use at most 2 jobs and `nice`. `--clock cpu` makes the limit CPU-seconds of the
searching thread (`solve(cpu_limit=...)`) instead of wall-clock seconds: on a loaded machine a wall limit
gives each deal whatever share of a core is left, so only the CPU limit compares runs made at different loads.
`--rules strict` searches the strict reading of published solvers instead of the game's (solver/strict.py:
no lone card moved between gaps, no deal while a discard or a fill from a pile of two or more cards is
possible). Every discard is then forced before the next deal, so there are no traps: their fields are null.
Records name their reading, and a record file may hold both (a record without one is the standard reading).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from multiprocessing import Pool

from bench.common import load_average
from bench.simulate import wilson
from idioten.acesup import solver
from idioten.acesup.rules import ACES_ONLY, STANDARD, Game
from idioten.cards import deal_cards
from idioten.cli.args import thread_count  # bounded, ASCII digits, as the command line's


def deal_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def judge(task):
    number, variant, limit, clock, rules, threads = task
    game = Game.new(deal_cards(number), variant, number)
    if clock == "cpu":
        result = solver.solve(game, cpu_limit=limit, rules=rules, threads=threads)
    else:
        result = solver.solve(game, time_limit=limit, rules=rules, threads=threads)
    trap = None
    if result.result == solver.WINNABLE and rules == solver.STANDARD_RULES:
        always = solver.always_discard_wins(game, time_limit=limit)
        trap = None if always is None else not always
    return {"deal": number, "variant": variant, "rules": rules, "result": result.result,
            "best_score": result.best_score, "best_score_exact": result.best_score_exact, "trap": trap,
            "states": result.states, "seconds": round(result.seconds, 4),
            "decided_seconds": None if result.decided_seconds is None else round(result.decided_seconds, 4),
            "cpu_seconds": round(result.cpu_seconds or 0.0, 4),
            "decided_cpu_seconds": None if result.decided_cpu_seconds is None else round(result.decided_cpu_seconds, 4)}


def reading(row: dict) -> str:
    return row.get("rules", solver.STANDARD_RULES)  # records made before --rules existed are the standard reading


def summary(rows: list[dict], variant: str, rules: str) -> dict:
    rows = [r for r in rows if r["variant"] == variant and reading(r) == rules]
    total = len(rows)
    won = sum(r["result"] == solver.WINNABLE for r in rows)
    lost = sum(r["result"] == solver.UNWINNABLE for r in rows)
    unknown = total - won - lost
    traps = sum(r["trap"] is True for r in rows)
    # An unwinnable deal whose best score was still being measured when the time ran out: a lower bound.
    best_inexact = sum(r["result"] == solver.UNWINNABLE and r.get("best_score_exact") is False for r in rows)
    trap_unknown = sum(r["result"] == solver.WINNABLE and r["trap"] is None for r in rows)
    # Time to a decided answer (an undecided deal counts as slower than any), wall and CPU seconds.
    never = float("inf")
    wall = sorted(never if r["decided_seconds"] is None else r["decided_seconds"] for r in rows)
    # CPU to the verdict; records made before the verdict's own CPU time was kept have only the whole solve's
    # (the same in the standard game then, which had no second pass for the best score).
    cpu = sorted(never if r["decided_seconds"] is None else r.get("decided_cpu_seconds") or r["cpu_seconds"]
                 for r in rows)

    def at(times, q):
        value = times[min(total - 1, int(q * total))] if total else never
        return None if value == never else round(value, 4)
    counts = {
        "deals": total, "winnable": won, "unwinnable": lost, "unknown": unknown,
        "winnable_share": round(won / total, 4) if total else None,
        "winnable_ci95": [round(wilson(won, total)[0], 4), round(wilson(won + unknown, total)[1], 4)],
        "traps": traps, "traps_undecided": trap_unknown, "unwinnable_best_score_lower_bound_only": best_inexact,
        "trap_share_of_winnable": round(traps / won, 4) if won else None,
        "traps_ci95_per_deal": [round(x, 4) for x in wilson(traps, total)],
        "decided_within_1s": round(sum(t <= 1 for t in wall) / total, 4) if total else None,
        "decided_within_1_cpu_second": round(sum(t <= 1 for t in cpu) / total, 4) if total else None,
        "seconds_to_decide": {q: at(wall, f) for q, f in (("median", 0.5), ("p90", 0.9), ("p99", 0.99),
                                                              ("max", 1.0))},
        "cpu_seconds_to_decide": {q: at(cpu, f) for q, f in (("median", 0.5), ("p90", 0.9), ("p99", 0.99),
                                                                 ("max", 1.0))},
    }
    if rules != solver.STANDARD_RULES:  # every discard is forced before a deal: no card can be kept, no trap
        counts.update({key: None for key in counts if key.startswith("trap")})
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-1000", help="a range of deal numbers, e.g. 1-10000")
    parser.add_argument("--variant", choices=("standard", "aces-only", "both"), default="both")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per deal")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="whether --time-limit counts wall-clock seconds or the search's CPU-seconds")
    parser.add_argument("--rules", choices=solver.READINGS, default=solver.STANDARD_RULES,
                        help="the reading searched: standard (the game's) or strict (published solvers')")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (the machine has 2 cores)")
    parser.add_argument("--threads", type=thread_count, default=1,
                        help="search threads per deal (solve(threads=N); 0 or auto: every core). "
                        "With --clock cpu the limit is the CPU-seconds of each deal's first thread")
    parser.add_argument("--record", help="a JSON-lines file of per-deal results, appended to and resumed from")
    parser.add_argument("--summarise", action="store_true",
                        help="solve nothing: summarise the deals of the range that --record already holds")
    args = parser.parse_args(argv)
    variants = [STANDARD, ACES_ONLY] if args.variant == "both" else [args.variant]
    deals = deal_range(args.deals)

    done: dict[tuple[int, str], dict] = {}  # (deal, variant) -> its row, for the reading asked
    if args.record and os.path.exists(args.record):
        with open(args.record, encoding="utf-8") as recorded:
            for line in recorded:
                if line.strip():
                    row = json.loads(line)
                    if reading(row) == args.rules:
                        done[row["deal"], row["variant"]] = row
    threads = solver.resolve_threads(args.threads)
    tasks = [] if args.summarise else [(n, v, args.time_limit, args.clock, args.rules, threads) for v in variants
                                       for n in deals if (n, v) not in done]
    started = time.perf_counter()
    record = open(args.record, "a", encoding="utf-8") if args.record else None
    try:
        with Pool(max(1, min(args.jobs, 2))) as pool:
            for row in pool.imap_unordered(judge, tasks, chunksize=1):
                done[row["deal"], row["variant"]] = row
                if record:
                    record.write(json.dumps(row) + "\n")
                    record.flush()
    finally:
        if record:
            record.close()
    rows = [done[n, v] for v in variants for n in deals if (n, v) in done]
    report = {
        "bench": "odds", "deals": f"{deals[0]}-{deals[-1]}", "rules": args.rules, "time_limit": args.time_limit,
        "clock": args.clock,
        "deals_summarised": len(rows),
        "core": solver.CORE, "jobs": max(1, min(args.jobs, 2)), "threads": threads,
        "variants": {v: summary(rows, v, args.rules) for v in variants},
        "wall_seconds": round(time.perf_counter() - started, 1),
        "load_average": load_average(),
        "python": platform.python_version(),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
