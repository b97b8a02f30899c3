"""What each proved pruning of the compiled solver core cuts, in positions and CPU time, on a fixed sample of
proven losses.

    python -m bench.solver_cuts [--variant standard] [--deals 7,8,19 | --sample] [--runs off,4F,...]
                                [--time-limit 60] [--core compiled|python]

Each deal is solved with the compiled core (or with --core python the Python one, which applies the same
rules: solver/prune.py) once per run: "off" (the line-by-line transcription of search.py)
and each named set of prunings (see RUNS; default: all of them). Only deals that every run proves unwinnable
count (a loss needs the whole search, which is what the prunings are for); the verdict and best score must
agree in every run, or the script fails. Reported per run: total positions and CPU-seconds, and per deal; the
median per-deal ratio of positions and of CPU time against the first run named. Prints JSON.

`--sample` is the fixed sample of standard losses used to choose rules: every deal of 1-178 that the solver
proved lost within one CPU-second (bench/odds.py --clock cpu --time-limit 1, before the dead-rounds rule),
plus the hard losses 2 and 12. It holds no deal of the reporting range (1,000,001 onwards).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from bench.common import load_average
from idioten.acesup import solver
from idioten.acesup.rules import Game
from idioten.cards import deal_cards

RUNS = {"off": 0,
        "4F": solver.PRUNE_SAFE_REMOVAL,
        "4F+4F-A": solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_SAME_COLUMN,
        "4F+dead": solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_DEAD_ROUNDS,
        # every pruning that keeps the best score (one pass decides and measures it)
        "exact": solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_SAME_COLUMN | solver.PRUNE_DEAD_ROUNDS,
        # the verdict-only prunings on top (a second pass then measures an unwinnable deal's best score)
        "exact+lock": solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_SAME_COLUMN | solver.PRUNE_DEAD_ROUNDS
        | solver.PRUNE_LOCK,
        "all": solver.ALL_PRUNINGS,
        # the lock alone: what the Python core applied before solver/prune.py
        "lock": solver.PRUNE_LOCK}
STANDARD_SAMPLE = [2, 7, 8, 12, 18, 19, 27, 33, 38, 42, 45, 49, 50, 52, 55, 58, 62, 80, 83, 90, 92, 96, 101, 103,
                   117, 126, 142, 144, 150, 152, 153, 158, 162, 163, 166, 169, 174, 175, 178]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", default="7,8,19")
    parser.add_argument("--sample", action="store_true", help="the fixed sample of standard losses (above)")
    parser.add_argument("--runs", default=",".join(RUNS), help="comma-separated names of RUNS; the first is "
                        "the baseline of the ratios")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--core", choices=("compiled", "python"), default="compiled")
    args = parser.parse_args(argv)
    names = args.runs.split(",")
    unknown = [n for n in names if n not in RUNS]
    if unknown:
        raise SystemExit(f"unknown run {unknown[0]!r}: choose from {', '.join(RUNS)}")
    deals = STANDARD_SAMPLE if args.sample else [int(n) for n in args.deals.split(",")]
    per_deal, cpu, totals, skipped = {}, {}, {}, []
    for number in deals:
        game = Game.new(deal_cards(number), args.variant, number)
        results = {name: solver.solve(game, time_limit=args.time_limit, core=args.core, prunings=RUNS[name])
                   for name in names}
        answers = {(r.result, r.best_score) for r in results.values() if r.result != solver.UNKNOWN}
        if len(answers) > 1:
            raise SystemExit(f"deal {number}: the runs disagree: {answers}")
        if any(r.result != solver.UNWINNABLE for r in results.values()):
            skipped.append(number)
            continue
        # What the verdict cost: with a verdict-only pruning a second pass then measures the best score, which
        # is reported apart (the totals).
        per_deal[number] = {name: r.decided_states or r.states for name, r in results.items()}
        cpu[number] = {name: round(r.decided_cpu_seconds or r.cpu_seconds, 4) for name, r in results.items()}
        totals[number] = {name: [r.states, round(r.cpu_seconds, 4)] for name, r in results.items()}
        print(json.dumps({"deal": number, "positions": per_deal[number], "cpu_seconds": cpu[number],
                          "with_best_score_pass": totals[number]}),
              file=sys.stderr, flush=True)
    base = names[0]

    def median_ratio(table, name):
        return round(statistics.median(d[base] / max(d[name], 1e-4) for d in table.values()), 3)
    report = {
        "bench": "solver_cuts", "core": args.core, "variant": args.variant, "losses": len(per_deal),
        "skipped_not_proven_lost": skipped,
        "total_positions": {name: sum(d[name] for d in per_deal.values()) for name in names},
        "total_cpu_seconds": {name: round(sum(d[name] for d in cpu.values()), 3) for name in names},
        "median_cut_positions": {n: median_ratio(per_deal, n) for n in names[1:]} if per_deal else None,
        "median_cut_cpu": {n: median_ratio(cpu, n) for n in names[1:]} if per_deal else None,
        "total_positions_and_cpu_with_best_score_pass": {
            name: [sum(d[name][0] for d in totals.values()), round(sum(d[name][1] for d in totals.values()), 3)]
            for name in names},
        "per_deal": per_deal, "per_deal_cpu_seconds": cpu,
        "load_average": load_average(),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
