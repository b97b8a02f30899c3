"""Learn the weights with which the hint's rollout player ranks the ends of a turn, and measure them. Prints JSON.

    python -m bench.rollout_weights [--tune 100001-110000] [--report 7000001-7100000] [--rounds 3]

The rollout player (hint/csrc/rollout.c, `search_turn`) plays each turn to the end it ranks best. Today's
ranking, `turn_key`, is the most discards, then the most aces at the bottom of a pile, then the fewest gaps:
weights (64, 8, 1, 0, 0, 0) of the features of `weighted_key` (discards, aces at the bottom, piles not empty,
cards above a higher card of their suit in their own pile, aces above other cards, the sum of the piles'
squared heights). This script searches integer weights by coordinate ascent on the rollout player alone,
playing the tuning deals in their real order (the player never looks ahead: each turn it sees the table
only), scored as the hint scores a rollout: the cards discarded, plus hint.WIN_BONUS for a win. Then it plays
the reporting deals with the old and the learned weights, with Wilson intervals and a paired difference.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from bench.simulate import Z95, wilson
from idioten.acesup import hint
from idioten.acesup.hint import core as hint_core
from idioten.acesup.rules import WIN_SCORE, Game
from idioten.cards import deal_cards

TURN_KEY_WEIGHTS = (64, 8, 1, 0, 0, 0)
STEPS = (32, 8, 2)


def deals(first: int, last: int, variant: str = "standard") -> list[tuple[list[bytes], bytes]]:
    found = []
    for number in range(first, last + 1):
        game = Game.new(deal_cards(number), variant, number)
        found.append(([bytes([hint_core.encode(pile[0])]) for pile in game.piles],
                      bytes(hint_core.encode(card) for card in game.stock)))
    return found


def scores(played: list[tuple[list[bytes], bytes]], weights: tuple[int, ...]) -> list[int]:
    return [hint._crollout.rollout(piles, order, 0, False, hint_core.FINAL_LIMIT, hint.TURN_LIMIT, weights)
            for piles, order in played]


def value(found: list[int]) -> float:
    return statistics.fmean(s + (hint.WIN_BONUS if s == WIN_SCORE else 0) for s in found)


def learn(played, rounds: int) -> tuple[tuple[int, ...], float, list[dict]]:
    best = TURN_KEY_WEIGHTS
    best_value = value(scores(played, best))
    trail = [{"weights": best, "value": round(best_value, 4)}]
    for _ in range(rounds):
        improved = False
        for step in STEPS:
            for feature in range(1, len(best)):  # the discards' weight fixes the scale
                for sign in (1, -1):
                    trial = list(best)
                    trial[feature] += sign * step
                    found = value(scores(played, tuple(trial)))
                    if found > best_value:
                        best, best_value, improved = tuple(trial), found, True
                        trail.append({"weights": best, "value": round(best_value, 4)})
        if not improved:
            break
    return best, best_value, trail


def report(played, weights: tuple[int, ...], old: list[int]) -> dict:
    new = scores(played, weights)
    wins = sum(s == WIN_SCORE for s in new)
    low, high = wilson(wins, len(new))
    gaps = [a - b for a, b in zip(new, old)]
    return {"weights": weights, "wins": wins, "win_rate": round(wins / len(new), 5),
            "ci95": [round(low, 5), round(high, 5)], "mean_score": round(statistics.fmean(new), 3),
            "paired_vs_turn_key": [round(statistics.fmean(gaps), 4),
                                   round(Z95 * statistics.stdev(gaps) / len(gaps) ** 0.5, 4)]}


def span(text: str) -> tuple[int, int]:
    first, last = text.split("-")
    return int(first), int(last)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tune", default="100001-110000")
    parser.add_argument("--report", default="7000001-7100000")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    if not hint.COMPILED_BUILT:
        print("the compiled rollouts are not built here", file=sys.stderr)
        return 2
    weights, tuned, trail = learn(deals(*span(args.tune)), args.rounds)
    held_out = deals(*span(args.report))
    old = scores(held_out, TURN_KEY_WEIGHTS)
    print(json.dumps({"bench": "rollout_weights", "tune": args.tune, "report": args.report, "trail": trail,
                      "turn_key": report(held_out, TURN_KEY_WEIGHTS, old),
                      "learned": report(held_out, weights, old)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
