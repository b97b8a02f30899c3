"""Summarise the per-deal lines of `python -m bench.hint --per-deal` or `python -m bench.poker_player --per-deal`.
Prints JSON.

    python -m bench.per_deal FILE [FILE ...]
    python -m bench.per_deal --paired NEW OLD


For a run stopped before its last deal (the lines are written as deals finish): Aces Up lines give the wins
with a 95 % Wilson interval, poker lines the mean score with a 95 % interval (normal approximation), and
both the range of deals actually played. --paired compares two runs on the deals both played: each one's
wins and mean, and the mean of NEW's score minus OLD's on the same deal with 1.96 standard errors of that
difference (the deals' own difficulty cancels, so it shows far smaller gains than two separate intervals),
and the same for the win rates (NEW's wins minus OLD's on the same deals, over the deals).
"""

from __future__ import annotations

import json
import statistics
import sys

from bench.simulate import Z95, wilson
from idioten.acesup.rules import WIN_SCORE


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


def paired(new_rows: list[dict], old_rows: list[dict]) -> dict:
    new = {row["deal"]: row["score"] for row in new_rows}
    old = {row["deal"]: row["score"] for row in old_rows}
    deals = sorted(set(new) & set(old))
    if not deals:
        return {"games": 0}
    diffs = [new[d] - old[d] for d in deals]
    half = Z95 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else None
    # The same for the wins: per deal 1, 0 or -1 (only the deals one player won and the other lost count).
    win_diffs = [(new[d] == WIN_SCORE) - (old[d] == WIN_SCORE) for d in deals]
    win_half = Z95 * statistics.stdev(win_diffs) / len(deals) ** 0.5 if len(deals) > 1 else None
    return {"games": len(deals), "deals": f"{deals[0]}..{deals[-1]}",
            "new_wins": sum(new[d] == WIN_SCORE for d in deals), "old_wins": sum(old[d] == WIN_SCORE for d in deals),
            "new_mean": round(statistics.fmean(new[d] for d in deals), 3),
            "old_mean": round(statistics.fmean(old[d] for d in deals), 3),
            "mean_difference": round(statistics.fmean(diffs), 3),
            "difference_ci95_half": round(half, 3) if half is not None else None,
            "new_better": sum(x > 0 for x in diffs), "old_better": sum(x < 0 for x in diffs),
            "win_rate_difference": round(statistics.fmean(win_diffs), 5),
            "win_rate_difference_ci95_half": round(win_half, 5) if win_half is not None else None}


def read_rows(path: str) -> list[dict]:
    with open(path) as lines:
        return [json.loads(line) for line in lines if line.strip()]


def main(argv=None) -> int:
    paths = sys.argv[1:] if argv is None else argv
    if paths and paths[0] == "--paired":
        if len(paths) != 3:
            print("--paired takes two files: NEW OLD", file=sys.stderr)
            return 2
        print(json.dumps({"paired": paths[1:], **paired(read_rows(paths[1]), read_rows(paths[2]))}, indent=1))
        return 0
    if not paths:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    out = {}
    for path in paths:
        out[path] = summarise(read_rows(path))
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
