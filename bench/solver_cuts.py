"""What each proved pruning of the compiled solver core cuts, in positions, on a fixed sample of proven losses.

    python bench/solver_cuts.py [--variant standard] [--deals 7,8,19] [--time-limit 60]

Each deal is solved with the compiled core's prunings off (the line-by-line transcription of search.py),
then with each pruning alone and with all of them. Only deals that every run proves unwinnable count (a
loss needs the whole search, which is what the prunings are for); the verdict and best score must agree in
every run, or the script fails. Reported: the positions of each run, their total, and the median per-deal
ratio "off / on". Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from idioten.acesup import solver  # noqa: E402
from idioten.acesup.rules import Game  # noqa: E402
from idioten.cards import deal_cards  # noqa: E402

RULES = {"4F safe removal": solver.PRUNE_SAFE_REMOVAL,
         "4F + 4F-A same column (aces-only)": solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_SAME_COLUMN}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", default="7,8,19")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args(argv)
    runs = {"off": 0, **RULES}
    if len(RULES) > 1:
        runs["all"] = solver.ALL_PRUNINGS
    per_deal, skipped = {}, []
    for number in (int(n) for n in args.deals.split(",")):
        game = Game.new(deal_cards(number), args.variant, number)
        results = {name: solver.solve(game, time_limit=args.time_limit, core="compiled", prunings=mask)
                   for name, mask in runs.items()}
        answers = {(r.result, r.best_score) for r in results.values() if r.result != solver.UNKNOWN}
        if len(answers) > 1:
            raise SystemExit(f"deal {number}: the runs disagree: {answers}")
        if any(r.result != solver.UNWINNABLE for r in results.values()):
            skipped.append(number)
            continue
        per_deal[number] = {name: r.states for name, r in results.items()}
    names = [n for n in runs if n != "off"]
    report = {
        "bench": "solver_cuts", "variant": args.variant, "losses": len(per_deal), "skipped_not_proven_lost": skipped,
        "total_positions": {name: sum(d[name] for d in per_deal.values()) for name in runs},
        "median_cut": {name: round(statistics.median(d["off"] / d[name] for d in per_deal.values()), 2)
                       for name in names} if per_deal else None,
        "per_deal": per_deal,
        "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
