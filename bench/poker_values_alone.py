"""Benchmark: the learned values alone as a player, over many random shuffles, in seconds (compiled play-outs).

    python -m bench.poker_values_alone --table american --games 200000 [--average-rows-columns]

The compiled play-outs (`playout.sample_sums` from an empty grid, every card unseen) play `--games` random
shuffles of the deck by the value policy: the same games the player's play-outs play, so a value table that
plays better here gives better play-outs (worth checking before the slow search benchmarks). The shuffles
come from `--seed`, the same for every variant of one run, so variants are compared on the same deals.
`--average-rows-columns` replaces each row value and its column twin by their mean (without diagonals rows
and columns score alike). Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from idioten.cards import full_deck
from idioten.poker.board import Board
from idioten.poker.playout import CORE, sample_sums
from idioten.poker.scoring import TABLES, points_table
from idioten.poker.values import KINDS, SIZE, STAGES, learned_values


def rows_columns_averaged(values: list[float]) -> list[float]:
    averaged = list(values)
    for base in range(0, SIZE, KINDS * STAGES):
        for stage in range(STAGES):
            row, column = base + stage, base + STAGES + stage
            averaged[row] = averaged[column] = (values[row] + values[column]) / 2
    return averaged


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--table", choices=TABLES, default="american")
    parser.add_argument("--games", type=int, default=200000)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--average-rows-columns", action="store_true")
    args = parser.parse_args()
    values = learned_values(args.table, False, points_table(args.table))
    if args.average_rows_columns:
        values = rows_columns_averaged(values)
    board = Board(args.table, False)
    deck = full_deck()
    board.set_unseen(deck)
    began = time.thread_time()
    sums, _ = sample_sums([board], deck, args.seed, args.games, values)
    print(json.dumps({"table": args.table, "games": args.games, "seed": args.seed, "core": CORE,
                      "average_rows_columns": args.average_rows_columns,
                      "mean_score": round(sums[0] / args.games, 3),
                      "cpu_seconds": round(time.thread_time() - began, 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
