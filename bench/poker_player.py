"""Benchmark: mean score of a computer policy over numbered deals, with a 95% confidence interval.

    python bench/poker_player.py --policy hint --table american --games 200 --move-seconds 0.1

Prints one JSON object. Deals are the numbered deals start..start+games-1 (the same for every policy, so
policies can be compared deal by deal); `seconds_per_move` is the median time of one placement.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from idioten.poker.game import poker_deck  # noqa: E402
from idioten.poker.player import POLICIES, make_policy  # noqa: E402
from idioten.poker.board import Board  # noqa: E402
from idioten.poker.scoring import TABLES  # noqa: E402
from idioten.cards import SUIT_CHARS  # noqa: E402


def play(deck, policy, table, diagonals, rng, move_times, playouts):
    board = Board(table, diagonals)
    unseen = list(deck)
    board.unseen_suits = [sum(1 for c in deck if c.rank and c.suit == s) for s in SUIT_CHARS]
    for card in deck[:25]:
        unseen.remove(card)
        if card.rank:
            board.unseen_suits[SUIT_CHARS.index(card.suit)] -= 1
        began = time.perf_counter()
        cell = policy.choose(board, card, unseen, rng)
        move_times.append(time.perf_counter() - began)
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
    parser.add_argument("--per-deal", metavar="FILE", help="also write each deal's score to FILE (JSON)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="hint: a fixed number of play-outs per card instead of a time budget (reproducible)")
    args = parser.parse_args()
    policy = make_policy(args.policy, args.table, args.diagonals, args.move_seconds)
    if args.playouts is not None and args.policy == "hint":
        policy.move_seconds, policy.max_playouts = 1e9, args.playouts
    rng = random.Random(args.seed)
    move_times: list[float] = []
    playouts: list[int] = []
    began = time.perf_counter()
    scores = [play(poker_deck(args.start + i, args.joker), policy, args.table, args.diagonals, rng, move_times, playouts)
              for i in range(args.games)]
    if args.per_deal:
        Path(args.per_deal).write_text(json.dumps(scores))
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
                   else f"{args.move_seconds} s per card"),
        "seconds": round(time.perf_counter() - began, 1),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
