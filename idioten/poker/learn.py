"""Learn the line values of `values.py` by self-play and write them to `line_values.json`. No pygame here.

Rounds of games: the player places by the current values; every time a card is placed, each unfinished
line's abstraction (as the player saw it at that moment) is remembered, and when the game ends it is
credited with the final points of that line. The new value of an abstraction is the mean credit it got
(abstractions never seen keep their previous value). A few rounds settle the values.

    python -m idioten.poker.learn --table american --games 4000 --rounds 5

Games use random shuffles from a seeded generator, not the numbered deals, so the values are not tuned to
the deals the benchmarks use.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

from idioten.cards import full_deck
from idioten.poker.board import Board
from idioten.poker.gains import placement_gains
from idioten.poker.player import best_cell
from idioten.poker.scoring import TABLES, points_table
from idioten.poker.values import (
    SIZE,
    VALUES_FILE,
    VALUES_FORMAT,
    feature,
    learned_values,
    prior_values,
    stage_of,
    stored_values,
)


def play_and_record(values: Sequence[float], table: str, diagonals: bool, rng: random.Random, explore: float,
                    sums: list[float], counts: list[int]) -> int:
    deck = full_deck()
    rng.shuffle(deck)
    board = Board(table, diagonals)
    seen: list[list[int]] = [[] for _ in board.lines]
    for card in deck[:25]:
        board.see(card)
        stage = stage_of(board.placed)
        if rng.random() < explore:
            cell = rng.choice(board.empty)
        else:
            cell = best_cell(placement_gains(board, card, values, stage), rng)
        for line in board.cell_lines[cell]:  # the value the player compared against
            if board.counts[line] < 5:
                seen[line].append(feature(board.keys[line], board.counts[line], board.kinds[line], stage,
                                          board.unseen_suits))
        board.put(cell, card)
        for line in range(len(board.lines)):
            if board.counts[line] < 5:
                seen[line].append(feature(board.keys[line], board.counts[line], board.kinds[line], stage,
                                          board.unseen_suits))
    total = 0
    for line, features in enumerate(seen):
        points = board.line_points(line)
        total += points
        for index in features:
            sums[index] += points
            counts[index] += 1
    return total


def learn(table: str, diagonals: bool, games: int, rounds: int, seed: int, start: Sequence[float] | None = None,
          explore: float = 0.02, log: TextIO = sys.stderr) -> list[float]:
    values = list(start) if start is not None else prior_values(points_table(table))
    rng = random.Random(seed)
    for round_number in range(rounds):
        sums, counts = [0.0] * SIZE, [0] * SIZE
        began = time.perf_counter()
        scores = [play_and_record(values, table, diagonals, rng, explore, sums, counts) for _ in range(games)]
        values = [sums[i] / counts[i] if counts[i] else values[i] for i in range(SIZE)]
        print(json.dumps({"table": table, "diagonals": diagonals, "round": round_number + 1,
                          "mean_score": round(sum(scores) / len(scores), 2),
                          "seconds": round(time.perf_counter() - began, 1)}), file=log, flush=True)
    return values


def write_values(all_values: Mapping[tuple[str, bool], Sequence[float]], path: Path = VALUES_FILE) -> None:
    """Write {(table, diagonals): values} as the JSON the game reads, sixteen numbers to a line so that a
    new round of learning shows as a readable diff."""
    entries = []
    for (table, diagonals), values in sorted(all_values.items()):
        numbers = [f"{v:.2f}".rstrip("0").rstrip(".") for v in values]
        rows = [", ".join(numbers[start:start + 16]) for start in range(0, len(numbers), 16)]
        entries.append(f'    {{"table": {json.dumps(table)}, "diagonals": {json.dumps(bool(diagonals))}, "values": [\n'
                       + ",\n".join("      " + row for row in rows) + "\n    ]}")
    header = (f'{{"format": "{VALUES_FORMAT}", "version": 1, "size": {SIZE},\n'
              ' "note": "learned by python -m idioten.poker.learn (generated; do not edit)",\n "values": [\n')
    Path(path).write_text(header + ",\n".join(entries) + "\n ]}\n", encoding="utf-8")
    stored_values.cache_clear()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="learn line values by self-play")
    parser.add_argument("--table", choices=TABLES, action="append")
    parser.add_argument("--diagonals", choices=("no", "yes", "both"), default="no")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--continue", dest="resume", action="store_true", help="start from the stored values")
    parser.add_argument("--output", type=Path, default=VALUES_FILE,
                        help="the values file to update (default: the one the game reads)")
    args = parser.parse_args(argv)
    stored: dict[tuple[str, bool], Sequence[float]] = dict(stored_values(args.output))
    diagonal_choices = {"no": (False,), "yes": (True,), "both": (False, True)}[args.diagonals]
    for table in args.table or list(TABLES):
        for diagonals in diagonal_choices:
            start = None
            if args.resume:
                start = stored.get((table, diagonals)) or learned_values(table, diagonals, points_table(table))
            stored[(table, diagonals)] = learn(table, diagonals, args.games, args.rounds, args.seed, start)
            write_values(stored, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
