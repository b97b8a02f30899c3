"""Where a loss's positions lie: the positions the verdict pass examines, by the cards left in the stock.

    python -m bench.solver_where [--deals 7,8,19 | --sample] [--max-positions 400000]

Uses the Python core, which examines the same positions to the verdict as the compiled one under the same
prunings (tests/acesup/test_solver_prune.py), so a position can be looked at in Python. For each deal the compiled core
first says how many positions the verdict takes; deals over --max-positions are left out (the Python core
examines about 10,000 a second). Reported: positions with 8 or more cards in the stock, 4 (the last deal) and 0
(the end game); and the *entries*, positions reached by a deal, of the last deal and the end game. Deciding a
stage without search can save at most its positions less its entries: that is the ceiling an end game or last
deal decided at once could cut (before the cost of deciding it). Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import sys

from bench.common import load_average
from bench.solver_cuts import STANDARD_SAMPLE
from idioten.acesup import solver
from idioten.acesup.rules import STANDARD, Game
from idioten.acesup.solver.search import Search
from idioten.cards import deal_cards


class CountingSearch(Search):
    """The verdict pass, counting each position examined by cards left in the stock, and how it was reached."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.by_left = {}
        self.entries = {}
        self.parent_k = [None]

    def _search(self, piles, k, gone, flags):
        if self.decided:  # the best-score pass after the verdict: not counted
            return super()._search(piles, k, gone, flags)
        left = len(self.stock) - k
        self.by_left[left] = self.by_left.get(left, 0) + 1
        if self.parent_k[-1] is not None and self.parent_k[-1] != k:
            self.entries[left] = self.entries.get(left, 0) + 1
        self.parent_k.append(k)
        try:
            return super()._search(piles, k, gone, flags)
        finally:
            self.parent_k.pop()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="7,8,19")
    parser.add_argument("--sample", action="store_true", help="bench/solver_cuts.py's fixed sample of losses")
    parser.add_argument("--max-positions", type=int, default=400_000)
    args = parser.parse_args(argv)
    deals = STANDARD_SAMPLE if args.sample else [int(n) for n in args.deals.split(",")]
    totals = {"positions": 0, "8+": 0, "last deal": 0, "end game": 0, "last deal entries": 0, "end game entries": 0}
    measured, left_out = [], []
    for number in deals:
        game = Game.new(deal_cards(number), STANDARD, number)
        compiled = solver.solve(game, core="compiled", max_positions=10 * args.max_positions)
        if compiled.result != solver.UNWINNABLE or compiled.decided_states > args.max_positions:
            left_out.append(number)
            continue
        search = CountingSearch.from_game(game)
        search.target = 48
        search.run()
        counts = {"positions": search.decided_states, "8+": sum(n for left, n in search.by_left.items() if left >= 8),
                  "last deal": search.by_left.get(4, 0), "end game": search.by_left.get(0, 0),
                  "last deal entries": search.entries.get(4, 0), "end game entries": search.entries.get(0, 0)}
        for name, n in counts.items():
            totals[name] += n
        measured.append(number)
        print(json.dumps({"deal": number, **counts}), file=sys.stderr, flush=True)
    share = {name: round(totals[name] / max(totals["positions"], 1), 3) for name in totals if name != "positions"}
    ceiling = {"end game at once": round(totals["positions"] / max(1, totals["positions"] - totals["end game"]
                                                                    + totals["end game entries"]), 2),
               "last deal and end game at once": round(totals["positions"] / max(1, totals["8+"]
                                                                                 + totals["last deal entries"]), 2)}
    print(json.dumps({"bench": "solver_where", "deals": measured, "left_out": left_out, "totals": totals,
                      "share": share, "ceiling_cut": ceiling,
                      "load_average": load_average()},
                     indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
