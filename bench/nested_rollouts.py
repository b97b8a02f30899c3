"""The nested rollout player alone (each turn of a rollout chosen by rollouts, `hint_core.nested_rollout`)
against the flat searching rollout, on deals played in their real order, and what each costs. Prints JSON.

    python -m bench.nested_rollouts [--games 1000] [--seed 200001] [--configs 4,4,0 8,4,0 ...]

A config is SAMPLES,WIDTH,LAST (`hint_core.Nested`). The nested player never sees the real order: at each
turn it weighs shuffles of the cards still to come (drawn from a state seeded with the deal number). Each
row: wins with a 95 % Wilson interval, the mean score, the paired difference against the flat rollout on the
same deals (± 1.96 standard errors), the same for the win rate, and CPU milliseconds a game (compiled core,
this thread).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from bench.common import load_average
from bench.simulate import Z95, wilson
from idioten.acesup import hint
from idioten.acesup.hint import PlayerView
from idioten.acesup.hint import core as hint_core
from idioten.acesup.rules import WIN_SCORE, Game
from idioten.cards import deal_cards


def start(number: int) -> tuple[PlayerView, bytes]:
    game = Game.new(deal_cards(number), "standard", number)
    return PlayerView.of(game), bytes(hint_core.encode(card) for card in game.stock)


def play(view: PlayerView, order: bytes, nested: hint_core.Nested | None, seed: int) -> int:
    piles = [bytes(pile) for pile in view.piles]
    assert hint._crollout is not None  # main() checked
    if nested is None:
        gained = hint._crollout.rollout(piles, order, 0, view.aces_only, hint_core.FINAL_LIMIT, hint.TURN_LIMIT)
    else:
        gained = hint._crollout.nested_rollout(piles, order, 0, view.aces_only, hint_core.FINAL_LIMIT,
                                               hint.TURN_LIMIT, view.discarded, hint.WIN_BONUS, nested.samples,
                                               nested.width, nested.last, seed)
    return view.discarded + gained


def row(name: str, scores: list[int], flat: list[int], seconds: float) -> dict:
    wins = sum(score == WIN_SCORE for score in scores)
    low, high = wilson(wins, len(scores))
    diffs = [a - b for a, b in zip(scores, flat)]
    win_diffs = [(a == WIN_SCORE) - (b == WIN_SCORE) for a, b in zip(scores, flat)]
    return {"player": name, "games": len(scores), "wins": wins, "win_rate": round(wins / len(scores), 5),
            "ci95": [round(low, 5), round(high, 5)], "mean_score": round(statistics.fmean(scores), 3),
            "paired_vs_flat": [round(statistics.fmean(diffs), 3),
                               round(Z95 * statistics.stdev(diffs) / len(diffs) ** 0.5, 3)],
            "paired_win_rate_vs_flat": [round(statistics.fmean(win_diffs), 5),
                                        round(Z95 * statistics.stdev(win_diffs) / len(win_diffs) ** 0.5, 5)],
            "ms_a_game": round(seconds * 1000 / len(scores), 3)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=200001)
    parser.add_argument("--configs", nargs="+", default=["4,4,0"], help="SAMPLES,WIDTH,LAST")
    args = parser.parse_args(argv)
    if not hint.COMPILED_BUILT:
        print("the compiled rollouts are not built here (no C compiler at install)", file=sys.stderr)
        return 2
    numbers = range(args.seed, args.seed + args.games)
    deals = [start(n) for n in numbers]
    started = time.thread_time()
    flat = [play(view, order, None, 0) for view, order in deals]
    rows = [row("flat", flat, flat, time.thread_time() - started)]
    for config in args.configs:
        samples, width, last = (int(x) for x in config.split(","))
        nested = hint_core.Nested(samples, width, last)
        started = time.thread_time()
        scores = [play(view, order, nested, n) for n, (view, order) in zip(numbers, deals)]
        rows.append(row(f"nested {config}", scores, flat, time.thread_time() - started))
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    print(json.dumps({"bench": "nested_rollouts", "deals": f"{args.seed}..{args.seed + args.games - 1}",
                      "results": rows, "load_average": load_average()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
