"""Benchmark: five-card hands classified per second by `idioten.poker.hands`.

    python -m bench.poker_hands [--hands 1000000] [--runs 5]

Prints one JSON object: the median rate over several runs of classifying random hands given as card codes
(the form the computer player uses), and of classifying `Card` objects (the form the window uses).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from idioten.cards import full_deck
from idioten.poker.hands import ALL_CODES, classify, classify_codes


def rate_codes(hands) -> float:
    began = time.perf_counter()
    for a, b, c, d, e in hands:
        classify_codes(a, b, c, d, e)
    return len(hands) / (time.perf_counter() - began)


def rate_cards(hands) -> float:
    began = time.perf_counter()
    for hand in hands:
        classify(hand)
    return len(hands) / (time.perf_counter() - began)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(1)
    deck = full_deck()
    card_hands = [tuple(rng.sample(deck, 5)) for _ in range(args.hands)]
    code_of = dict(zip(deck, ALL_CODES))
    code_hands = [tuple(code_of[c] for c in hand) for hand in card_hands]
    code_rates = [rate_codes(code_hands) for _ in range(args.runs)]
    small = card_hands[: max(1, args.hands // 10)]
    card_rates = [rate_cards(small) for _ in range(args.runs)]
    print(json.dumps({
        "hands": args.hands, "runs": args.runs,
        "hands_per_second_codes_median": round(statistics.median(code_rates)),
        "hands_per_second_cards_median": round(statistics.median(card_rates)),
        "python": sys.version.split()[0],
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
