"""Win rates of the no-peeking policies over numbered deals, with 95 % Wilson intervals. Prints JSON.

    python -m bench.simulate [--games 10000] [--seed 1] [--policies greedy,random] [--variants standard,aces-only]
                             [--rules standard,strict]

Deals S..S+N-1 (as `idioten simulate`); the random policy's generator is seeded with the deal number.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from idioten.acesup.options import READINGS, STANDARD_RULES
from idioten.acesup.players import POLICIES, play_deal
from idioten.acesup.rules import WIN_SCORE

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (good also near 0 and with few successes)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policies", default="greedy,random")
    parser.add_argument("--variants", default="standard,aces-only")
    parser.add_argument("--rules", default=STANDARD_RULES, help=f"readings, comma-separated: {', '.join(READINGS)}")
    args = parser.parse_args(argv)
    rows = []
    for reading in args.rules.split(","):
        for variant in args.variants.split(","):
            for name in args.policies.split(","):
                rows.append(measure(name, variant, reading, args.seed, args.games))
    print(json.dumps({"bench": "simulate", "results": rows}, indent=1))
    return 0


def measure(name: str, variant: str, reading: str, seed: int, games: int) -> dict:
    started = time.perf_counter()
    scores = [play_deal(n, POLICIES[name], variant, reading) for n in range(seed, seed + games)]
    wins = sum(s == WIN_SCORE for s in scores)
    low, high = wilson(wins, games)
    return {"policy": name, "variant": variant, "rules": reading, "games": games,
            "deals": f"{seed}..{seed + games - 1}", "wins": wins,
            "win_rate": round(wins / games, 5), "ci95": [round(low, 5), round(high, 5)],
            "one_in": round(games / wins, 1) if wins else None,
            "mean_score": round(sum(scores) / games, 3),
            "seconds": round(time.perf_counter() - started, 1)}


if __name__ == "__main__":
    sys.exit(main())
