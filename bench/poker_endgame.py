"""Benchmark: what the poker player's play-outs lose at its last choices, measured exactly.

    python bench/poker_endgame.py --games 60 --start 1 --move-seconds 0.05

Each numbered deal is played by the learned values alone until four cells are left; the last choices
(four, three and two cells left) are made by the hint player on its usual CPU budget, and at each of them
`endgame.exact_means` gives the expected final score of every distinct placement under best play over the
unseen cards. The loss of a choice is the best expectation minus that of the choice; its mean per game is
what playing the last cards exactly would add. Prints JSON.
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

from idioten.poker.board import Board  # noqa: E402
from idioten.poker.endgame import exact_means  # noqa: E402
from idioten.poker.game import poker_deck  # noqa: E402
from idioten.poker.gains import placement_gains  # noqa: E402
from idioten.poker.player import distinct_candidates, make_policy  # noqa: E402


def loss_of(board, card, cell, starts, means) -> float:
    after = board.copy()
    after.put(cell, card)
    shape = after.shape()
    return max(means) - next(mean for start, mean in zip(starts, means) if start.shape() == shape)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--table", default="american")
    parser.add_argument("--move-seconds", type=float, default=0.05)
    args = parser.parse_args()
    policy = make_policy("hint", args.table, False, args.move_seconds)
    policy.clock = time.thread_time
    hint_loss = {k: [] for k in (4, 3, 2)}
    values_loss = {k: [] for k in (4, 3, 2)}
    exact_seconds = []
    for number in range(args.start, args.start + args.games):
        deck = poker_deck(number)
        board = Board(args.table, False)
        board.set_unseen(deck)
        unseen = list(deck)
        rng = random.Random(number)
        for card in deck[:25]:
            unseen.remove(card)
            board.see(card)
            gains = placement_gains(board, card, policy.values)
            left = len(board.empty)
            if 2 <= left <= 4:
                cell = policy.choose(board, card, unseen, rng)
                _, starts = distinct_candidates(board, card, gains, len(gains))
                began = time.thread_time()
                means = exact_means(starts, unseen)
                exact_seconds.append(time.thread_time() - began)
                hint_loss[left].append(loss_of(board, card, cell, starts, means))
                values_loss[left].append(loss_of(board, card, max(gains)[1], starts, means))
            else:
                cell = max(gains)[1]
            board.put(cell, card)
    total = sum(statistics.fmean(hint_loss[k]) for k in hint_loss)
    half = 1.96 * sum(statistics.pvariance(hint_loss[k]) / len(hint_loss[k]) for k in hint_loss) ** 0.5
    print(json.dumps({
        "deals": f"{args.start}-{args.start + args.games - 1}", "table": args.table,
        "move_seconds": args.move_seconds,
        "hint_loss_per_choice": {k: round(statistics.fmean(v), 4) for k, v in hint_loss.items()},
        "hint_choices_not_best": {k: sum(x > 1e-9 for x in v) for k, v in hint_loss.items()},
        "values_alone_loss_per_choice": {k: round(statistics.fmean(v), 4) for k, v in values_loss.items()},
        "exact_gain_per_game": round(total, 4), "exact_gain_ci95_half": round(half, 4),
        "exact_cpu_seconds_max": round(max(exact_seconds), 4),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
