"""Which numbered deal the guide's first real game should be: the simplest wins in a range. Prints JSON.

    python -m bench.beginner_deal [--first 1] [--last 300] [--cap 200000] [--top 10]

Solves each deal with the compiled solver under a cap of CAP positions (the same answers on every machine),
keeps the wins and ranks them by the shape of their winning line (`idioten.play.acesup.beginner`: the simple
greedy player wins too, no discard passed up, no lone card shifted, few gap moves, few actions). Prints the
TOP simplest with their lines, how many deals were won within the cap, and the CPU seconds it took with the
load average (the machine is shared). The guide's deal is fixed in `idioten.play.acesup.guide.BEGINNER_DEAL`.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from idioten.play.acesup.beginner import SCAN_MAX_POSITIONS, scan


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=300)
    parser.add_argument("--cap", type=int, default=SCAN_MAX_POSITIONS, help="positions per deal at most")
    parser.add_argument("--top", type=int, default=10)
    options = parser.parse_args(argv)
    started = time.process_time()
    rows = scan(range(options.first, options.last + 1), options.cap)
    report = {"deals": f"{options.first}..{options.last}", "cap": options.cap, "won_within_cap": len(rows),
              "simplest": rows[:options.top], "chosen": rows[0]["deal"] if rows else None,
              "cpu_seconds": round(time.process_time() - started, 2),
              "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None}
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    main()
