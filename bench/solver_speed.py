"""The two solver cores side by side: positions per CPU-second on the same deals. Prints JSON.

    python -m bench.solver_speed [--deals 2,3,6,10,11,12] [--seconds 2] [--variant standard]

Each deal is searched by each core for the same time limit (deals that take longer than that, so every run
is cut by the limit and measures a steady search), and the positions examined are divided by the CPU time
of the thread that searched. The compiled core runs twice: as the line-by-line transcription of the Python
search (prunings off: the same positions, so the ratio is pure speed) and with its proved prunings (fewer
positions per answer; its positions per second are then not comparable). Medians over the deals are
reported. Run it on a quiet machine, or quote the load average it prints.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys

from bench.common import load_average
from idioten.acesup import solver
from idioten.acesup.rules import Game
from idioten.cards import deal_cards


def rate(game: Game, core: str, seconds: float, prunings: int | None) -> dict:
    result = solver.solve(game, time_limit=seconds, core=core, prunings=prunings)
    cpu = max(result.cpu_seconds or 0.0, 1e-6)
    return {"result": result.result, "states": result.states, "cpu_seconds": round(cpu, 3),
            "states_per_cpu_second": round(result.states / cpu)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="2,3,6,10,11,12")
    parser.add_argument("--seconds", type=float, default=2.0, help="time limit per deal and core")
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args(argv)
    if not solver.COMPILED_BUILT:
        print("solver_speed: the compiled core is not built", file=sys.stderr)
        return 1
    runs = {"python": ("python", None), "compiled_same_search": ("compiled", 0),
            "compiled_with_prunings": ("compiled", None)}
    per_deal = {}
    for number in (int(n) for n in args.deals.split(",")):
        game = Game.new(deal_cards(number), args.variant, number)
        per_deal[number] = {name: rate(game, core, args.seconds, prunings) for name, (core, prunings) in runs.items()}
    medians = {name: round(statistics.median(d[name]["states_per_cpu_second"] for d in per_deal.values()))
               for name in runs}
    report = {
        "bench": "solver_speed", "variant": args.variant, "deals": args.deals, "seconds_per_run": args.seconds,
        "median_states_per_cpu_second": medians,
        "speedup_same_search": round(medians["compiled_same_search"] / medians["python"], 1),
        "per_deal": per_deal,
        "load_average": load_average(),
        "python": platform.python_version(),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
