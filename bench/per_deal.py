"""Summarise the per-deal lines of `bench/hint.py --per-deal` or `bench/poker_player.py --per-deal`. Prints JSON.

    python bench/per_deal.py FILE [FILE ...]

For a run stopped before its last deal (the lines are written as deals finish): Aces Up lines give the wins
with a 95 % Wilson interval, poker lines the mean score with a 95 % interval (normal approximation), and
both the range of deals actually played.
"""

from __future__ import annotations

import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from bench.simulate import Z95, wilson  # noqa: E402
from idioten.acesup.rules import WIN_SCORE  # noqa: E402


def summarise(rows: list[dict]) -> dict:
    deals = sorted(row["deal"] for row in rows)
    scores = [row["score"] for row in rows]
    summary = {"games": len(rows), "deals": f"{deals[0]}..{deals[-1]}" if deals else None,
               "mean_score": round(statistics.fmean(scores), 3) if scores else None}
    if len(scores) > 1:
        half = Z95 * statistics.stdev(scores) / len(scores) ** 0.5
        summary["mean_ci95"] = [round(summary["mean_score"] - half, 2), round(summary["mean_score"] + half, 2)]
    if rows and "variant" in rows[0]:  # Aces Up: the win rate is the figure
        wins = sum(score == WIN_SCORE for score in scores)
        low, high = wilson(wins, len(rows))
        summary.update(variant=rows[0]["variant"], hint_seconds=rows[0]["seconds"], clock=rows[0]["clock"],
                       wins=wins, win_rate=round(wins / len(rows), 5), ci95=[round(low, 5), round(high, 5)])
    return summary


def main(argv=None) -> int:
    paths = sys.argv[1:] if argv is None else argv
    if not paths:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    out = {}
    for path in paths:
        with open(path) as lines:
            out[path] = summarise([json.loads(line) for line in lines if line.strip()])
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
