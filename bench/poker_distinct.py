"""Benchmark: how many distinct placements the poker player's candidates cover.

    python -m bench.poker_distinct --games 300 --start 1 [--table american] [--diagonals]

Plays the numbered deals by the learned values alone and, at every card with more than one empty cell,
counts the distinct placements (`Board.shape`: boards that differ only by an order of rows and columns
count once) among all empty cells and among the five best cells by value, which the player searched
before it weighed distinct placements only. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter

from idioten.poker.board import Board
from idioten.poker.gains import placement_gains
from idioten.poker.game import poker_deck
from idioten.poker.player import distinct_candidates, make_policy


def shapes_of(board, card, cells) -> int:
    shapes = set()
    for cell in cells:
        after = board.copy()
        after.put(cell, card)
        shapes.add(after.shape())
    return len(shapes)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--table", default="american")
    parser.add_argument("--diagonals", action="store_true")
    args = parser.parse_args()
    values = make_policy("hint", args.table, args.diagonals, 0).values
    in_five, in_all = Counter(), []
    for number in range(args.start, args.start + args.games):
        deck = poker_deck(number)
        board = Board(args.table, args.diagonals)
        board.set_unseen(deck)
        for card in deck[:25]:
            board.see(card)
            gains = placement_gains(board, card, values)
            if len(gains) > 1:
                five = [cell for _, cell in sorted(gains, key=lambda g: -g[0])[:5]]
                in_five[shapes_of(board, card, five)] += 1
                in_all.append(len(distinct_candidates(board, card, gains, len(gains))[0]))
            board.put(max(gains)[1], card)
    choices = sum(in_five.values())
    print(json.dumps({
        "deals": f"{args.start}-{args.start + args.games - 1}", "table": args.table, "diagonals": args.diagonals,
        "choices": choices, "distinct_among_five_best": dict(sorted(in_five.items())),
        "five_best_cover_three_or_fewer": round(sum(n for k, n in in_five.items() if k <= 3) / choices, 4),
        "distinct_among_all_mean": round(statistics.fmean(in_all), 2),
        "distinct_among_all_more_than_eight": round(sum(n > 8 for n in in_all) / choices, 4),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
