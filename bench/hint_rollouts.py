"""The hint player's rollout players alone, and what a rollout costs on each core. Prints JSON.

    python -m bench.hint_rollouts [--games 5000] [--seed 100001] [--variant standard] [--python-games 200]

Plays deals S..S+N-1 in their real order with each rollout player (the simple rule each turn, and the
search for the turn's line that discards most, `hint.TURN_LIMIT` positions) on the compiled core, with 95 %
Wilson intervals; then times both players on both cores (CPU seconds of this thread) over the first
--python-games deals, after checking the cores give the same score on each.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bench.common import load_average
from bench.simulate import wilson
from idioten.acesup import hint
from idioten.acesup.hint import PlayerView
from idioten.acesup.hint import core as hint_core
from idioten.acesup.rules import ACES_ONLY, WIN_SCORE, Game
from idioten.cards import deal_cards


def start(number: int, variant: str) -> tuple[PlayerView, list[int]]:
    game = Game.new(deal_cards(number), variant, number)
    return PlayerView.of(game), [hint_core.encode(card) for card in game.stock]


def play(view: PlayerView, order: list[int], turn_limit: int, core: str) -> int:
    if core == "compiled":
        gained = hint._crollout.rollout([bytes(pile) for pile in view.piles], bytes(order), 0, view.aces_only,
                                        hint_core.FINAL_LIMIT, turn_limit)
    else:
        gained = hint_core.rollout(view.table(), order, 0, view.aces_only, hint_core.FINAL_LIMIT, turn_limit)
    return view.discarded + gained


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=100001)
    parser.add_argument("--variant", default="standard", choices=["standard", ACES_ONLY])
    parser.add_argument("--python-games", type=int, default=200)
    args = parser.parse_args(argv)
    if not hint.COMPILED_BUILT:
        print("the compiled rollouts are not built here (no C compiler at install)", file=sys.stderr)
        return 2
    deals = [start(n, args.variant) for n in range(args.seed, args.seed + args.games)]
    rows = []
    for name, turn_limit in (("simple rule", 0), ("turn search", hint.TURN_LIMIT)):
        scores = [play(view, order, turn_limit, "compiled") for view, order in deals]
        wins = sum(score == WIN_SCORE for score in scores)
        low, high = wilson(wins, len(scores))
        timing = {}
        for core in ("compiled", "python"):
            started = time.thread_time()
            timed = [play(view, order, turn_limit, core) for view, order in deals[:args.python_games]]
            timing[core] = (time.thread_time() - started) / len(timed)
            if timed != scores[:len(timed)]:
                print(f"the cores disagree ({name})", file=sys.stderr)
                return 1
        rows.append({"rollout": name, "turn_limit": turn_limit, "games": len(scores), "wins": wins,
                     "win_rate": round(wins / len(scores), 5), "ci95": [round(low, 5), round(high, 5)],
                     "mean_score": round(sum(scores) / len(scores), 3),
                     "us_a_game": {core: round(seconds * 1e6, 1) for core, seconds in timing.items()}})
    print(json.dumps({"bench": "hint_rollouts", "variant": args.variant,
                      "deals": f"{args.seed}..{args.seed + args.games - 1}", "results": rows,
                      "load_average": load_average()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
