"""Win rate of the no-peeking hint player over numbered deals, with 95 % Wilson intervals. Prints JSON.

    python -m bench.hint [--games 100] [--seed 1] [--seconds 0.05] [--variants standard,aces-only] [--jobs 1]
                         [--clock cpu|wall] [--per-deal FILE] [--player rollout|pimc|nested|learned]
                         [--rules standard|strict]

Plays deals S..S+N-1 as `idioten simulate --policy hint --hint-seconds X` does (the player's generator is
seeded with the deal number) and times every hint that had more than one useful action to weigh.
With --jobs 2 two processes share the deals. --clock cpu (the default) gives every hint S seconds of the
CPU its process gets (`time.thread_time`), so a figure means "S s of one core" however many other programs
share the machine; --clock wall gives it S seconds of wall time, as the window does. --player picks the
hint player (default: the hint's DEFAULT_PLAYER): rollout values the turn's ends by rollouts alone, pimc adds
perfect-information sampling (idioten/acesup/hint/pimc.py), nested weighs the close calls by nested rollouts
(hint.plan_nested), learned has the rollouts rank their turns by the learned evaluation (hint/learned.py).
A per-deal line also gives the CPU (or wall) seconds its timed hints took in all.
--rules strict plays the strict reading, as `idioten simulate --rules strict` does.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench.simulate import wilson
from idioten.acesup.hint import DEFAULT_PLAYER, PLAYERS, hint
from idioten.acesup.options import READINGS, STANDARD_RULES
from idioten.acesup.rules import WIN_SCORE, Game
from idioten.cards import deal_cards

CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}


def play_one(job: tuple[int, str, float, str, str, str]) -> tuple[int, list[float]]:
    """Score of deal `number` and the seconds (on the chosen clock) of each hint that had a choice to make."""
    number, variant, seconds, clock_name, player, reading = job
    clock = CLOCKS[clock_name]
    game = Game.new(deal_cards(number), variant, number, reading)
    rng = random.Random(number)
    times = []
    while not game.is_over():
        choices = sum(1 for _ in game.useful_actions())
        started = clock()
        action = hint(game, time_budget=seconds, rng=rng, clock=clock, player=player)
        if choices > 1:
            times.append(clock() - started)
        game.apply(action)
    return game.score, times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=0.05, help="hint budget per action")
    parser.add_argument("--variants", default="standard,aces-only")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    parser.add_argument("--player", choices=PLAYERS, default=DEFAULT_PLAYER)
    parser.add_argument("--per-deal", metavar="FILE", help="append one JSON line per finished deal to FILE")
    parser.add_argument("--rules", choices=READINGS, default=STANDARD_RULES)
    args = parser.parse_args(argv)
    rows = []
    for variant in args.variants.split(","):
        jobs = [(n, variant, args.seconds, args.clock, args.player, args.rules)
                for n in range(args.seed, args.seed + args.games)]
        started = time.perf_counter()
        results = []
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
            for (number, *_), result in zip(jobs, pool.map(play_one, jobs) if pool else map(play_one, jobs)):
                results.append(result)
                if args.per_deal:  # written as the deals finish, so a run stopped early still counts
                    with open(args.per_deal, "a") as out:
                        out.write(json.dumps({"variant": variant, "deal": number, "seconds": args.seconds,
                                              "clock": args.clock, "player": args.player, "rules": args.rules,
                                              "score": result[0], "hints": len(result[1]),
                                              "hint_seconds_total": round(sum(result[1]), 3)}) + "\n")
        scores = [score for score, _ in results]
        times = sorted(t for _, ts in results for t in ts)
        wins = sum(s == WIN_SCORE for s in scores)
        low, high = wilson(wins, args.games)
        rows.append({"policy": "hint", "player": args.player, "variant": variant, "rules": args.rules,
                     "hint_seconds": args.seconds,
                     "games": args.games,
                     "deals": f"{args.seed}..{args.seed + args.games - 1}", "wins": wins,
                     "win_rate": round(wins / args.games, 5), "ci95": [round(low, 5), round(high, 5)],
                     "one_in": round(args.games / wins, 1) if wins else None,
                     "mean_score": round(sum(scores) / args.games, 3), "hints_timed": len(times),
                     "hint_median_s": round(statistics.median(times), 4) if times else None,
                     "hint_max_s": round(times[-1], 4) if times else None, "clock": args.clock, "jobs": args.jobs,
                     "seconds": round(time.perf_counter() - started, 1)})
    print(json.dumps({"bench": "hint", "results": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
