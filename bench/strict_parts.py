"""What each constraint of the strict reading costs: the winnable share with each one dropped. Prints JSON.

    python -m bench.strict_parts [--deals 1-1000] [--variant standard|aces-only] [--jobs 2]

The strict reading (idioten/acesup/solver/strict.py) forbids moving a lone card into a gap and dealing while
a discard or a fill from a pile of two or more cards is possible. Here every discard stays forced (so the
search may discard at once, as strict.py proves), and the other two constraints are switched off one at a
time: "lone moves" lets a lone card move into another gap while the stock lasts, "optional fill" lets the
player deal with a gap open. Both off is the game's reading less only the keeping of a discardable card over
a deal, which is exactly what `solver.always_discard_wins` searches (its winnable deals minus the traps of
bench/odds.py). The search here is a small one of its own (exact, no time limit); with both constraints on it
must agree with `solve(rules="strict")`, and the script checks that on every deal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool

from bench.common import load_average
from bench.odds import deal_range
from bench.simulate import wilson
from idioten.acesup import solver
from idioten.acesup.rules import ACES_ONLY, Game
from idioten.acesup.solver.strict import discard_all
from idioten.cards import deal_cards

READINGS = {"strict": (False, True), "lone moves": (True, True), "optional fill": (False, False),
            "lone moves, optional fill": (True, False)}


def winnable(game: Game, lone_moves: bool, fill_forced: bool) -> bool:
    stock = [c.index for c in game.stock]
    aces_only = game.variant == ACES_ONLY
    seen = set()

    def search(piles, dealt):
        piles, _ = discard_all(piles)
        stock_left = len(stock) - dealt
        if 52 - sum(map(len, piles)) - stock_left == 48:
            return True
        key = (piles, dealt) if stock_left else tuple(sorted(piles))
        if key in seen:  # also ends a lone card's wandering between gaps
            return False
        seen.add(key)
        filled = False
        for target in range(4):
            if piles[target]:
                continue
            for source in range(4):
                pile = piles[source]
                lone = len(pile) == 1
                if not pile or (aces_only and pile[-1] % 13 != 12) or (lone and not (lone_moves and stock_left)):
                    continue
                filled = filled or not lone
                moved = list(piles)
                moved[target], moved[source] = pile[-1:], pile[:-1]
                if search(tuple(moved), dealt):
                    return True
        if stock_left and not (filled and fill_forced):
            return search(tuple(piles[i] + (stock[dealt + i],) for i in range(4)), dealt + 4)
        return False

    return search(tuple(tuple(c.index for c in pile) for pile in game.piles), 0)


def judge(task):
    number, variant = task
    game = Game.new(deal_cards(number), variant, number)
    row = {name: winnable(game, *switches) for name, switches in READINGS.items()}
    strict = solver.solve(game, rules=solver.STRICT_RULES).result == solver.WINNABLE
    if strict != row["strict"]:
        raise AssertionError(f"deal {number} ({variant}): this search and solve(rules='strict') disagree")
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-1000", help="a range of deal numbers, e.g. 1-1000")
    parser.add_argument("--variant", choices=("standard", "aces-only"), default="standard")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (the machine has 2 cores)")
    args = parser.parse_args(argv)
    deals = deal_range(args.deals)
    started = time.perf_counter()
    with Pool(max(1, min(args.jobs, 2))) as pool:
        rows = pool.map(judge, [(n, args.variant) for n in deals], chunksize=8)
    total = len(rows)
    shares = {}
    for name in READINGS:
        won = sum(row[name] for row in rows)
        shares[name] = {"winnable": won, "share": round(won / total, 4),
                        "ci95": [round(x, 4) for x in wilson(won, total)]}
    print(json.dumps({"bench": "strict_parts", "deals": f"{deals[0]}-{deals[-1]}", "variant": args.variant,
                      "readings": shares, "wall_seconds": round(time.perf_counter() - started, 1),
                      "load_average": load_average()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
