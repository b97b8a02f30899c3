"""Benchmark: mean score of a computer policy over numbered deals, with a 95% confidence interval.

    python -m bench.poker_player --policy hint --table american --games 200 --move-seconds 0.1 [--jobs 2]

Prints one JSON object. Deals are the numbered deals start..start+games-1 (the same for every policy, so
policies can be compared deal by deal); the player's random choices are seeded by the deal number, so
--jobs does not change a fixed-play-out run. `seconds_per_move` is the median time of one placement.
--clock cpu (the default) gives every card --move-seconds of the CPU its process gets (`time.thread_time`),
so a figure means "S s of one core" however busy the shared machine is; --clock wall is what the window does.
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

from idioten.poker.board import Board
from idioten.poker.game import poker_deck
from idioten.poker.player import POLICIES, make_policy
from idioten.poker.scoring import TABLES

CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}


def play_one(job) -> tuple[int, list[float], list[int]]:
    """Score of one numbered deal, the seconds of each placement and the play-outs behind it."""
    number, args = job
    policy = make_policy(args.policy, args.table, args.diagonals, args.move_seconds)
    clock = CLOCKS[args.clock]
    if args.policy == "hint":
        policy.clock = clock
        if args.playouts is not None:
            policy.move_seconds, policy.max_playouts = 1e9, args.playouts
        if args.candidates is not None:
            policy.candidates = args.candidates
        if args.prior_weight is not None:
            policy.prior_weight = args.prior_weight
    move_times: list[float] = []
    playouts: list[int] = []
    score = play(poker_deck(number, args.joker), policy, args.table, args.diagonals,
                 random.Random(args.seed * 1_000_003 + number), move_times, playouts, clock)
    return score, move_times, playouts


def play(deck, policy, table, diagonals, rng, move_times, playouts, clock):
    board = Board(table, diagonals)
    unseen = list(deck)
    board.set_unseen(deck)
    for card in deck[:25]:
        unseen.remove(card)
        board.see(card)
        began = clock()
        cell = policy.choose(board, card, unseen, rng)
        move_times.append(clock() - began)
        playouts.append(getattr(policy, "last_playouts", 0))
        board.put(cell, card)
    return board.total()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--policy", choices=POLICIES, default="hint")
    parser.add_argument("--table", choices=TABLES, default="american")
    parser.add_argument("--diagonals", action="store_true")
    parser.add_argument("--joker", action="store_true")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=1, help="first deal number")
    parser.add_argument("--move-seconds", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-deal", metavar="FILE", help="append one JSON line per finished deal to FILE")
    parser.add_argument("--playouts", type=int, default=None,
                        help="hint: a fixed number of play-outs per card instead of a time budget (reproducible)")
    parser.add_argument("--candidates", type=int, default=None, help="hint: cells played out (default: the player's)")
    parser.add_argument("--prior-weight", type=float, default=None,
                        help="hint: play-outs the values' own estimate counts as (default: the player's)")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the deals")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    began = time.perf_counter()
    numbers = range(args.start, args.start + args.games)
    scores, move_times, playouts = [], [], []
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        jobs = [(number, args) for number in numbers]
        for number, (score, times, counts) in zip(numbers, pool.map(play_one, jobs) if pool else map(play_one, jobs)):
            scores.append(score)
            move_times += times
            playouts += counts
            if args.per_deal:  # one line per finished deal, so a run stopped early still counts
                with open(args.per_deal, "a") as out:
                    out.write(json.dumps({"deal": number, "score": score}) + "\n")
    mean = statistics.fmean(scores)
    stdev = statistics.stdev(scores) if len(scores) > 1 else 0.0
    half_width = 1.96 * stdev / len(scores) ** 0.5
    print(json.dumps({
        "policy": args.policy, "table": args.table, "diagonals": args.diagonals, "joker": args.joker,
        "games": args.games, "deals": f"{args.start}-{args.start + args.games - 1}",
        "mean_score": round(mean, 2), "stdev": round(stdev, 2),
        "ci95": [round(mean - half_width, 2), round(mean + half_width, 2)],
        "seconds_per_move_median": round(statistics.median(move_times), 4),
        "seconds_per_move_max": round(max(move_times), 4),
        "playouts_per_move_mean": round(statistics.fmean(playouts), 1),
        "budget": (None if args.policy != "hint" else f"{args.playouts} play-outs per card" if args.playouts
                   else f"{args.move_seconds} s per card"), "clock": args.clock, "jobs": args.jobs,
        "seconds": round(time.perf_counter() - began, 1),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
