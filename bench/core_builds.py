"""Two builds of the compiled cores side by side: the same work on each, in alternating rounds. Prints JSON.

    python -m bench.core_builds TREE_A TREE_B [--rounds 5]

Each TREE is a checkout with its cores built in place (`python setup.py build_ext --inplace`), e.g. the
commit before a change to the C sources or their build (git archive into a folder) and after it. Each round
runs, in a new process with that tree first on the path, the solver's positions per CPU-second (as
bench.solver_speed measures them, median over deals 2, 3, 6, 10 at 1 s each, with the prunings off and
on), the hint's rollouts in CPU-microseconds a game (as bench.hint_rollouts plays them: deals
1,000,001..1,003,000, the simple rule and the turn search) and 100000 poker play-outs from an empty grid in
CPU-seconds (as bench.poker_values_alone). Reported: each build's medians over the rounds, and B's over A's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.common import load_average

HIGHER_IS_FASTER = ("solver_same_search", "solver_with_prunings")


def one_round() -> dict[str, float | str]:
    """The measurements, from whichever tree this process imported `idioten` from."""
    from bench.hint_rollouts import play, start
    from bench.solver_speed import rate
    from idioten.acesup import hint
    from idioten.acesup import solver as solver_module
    from idioten.acesup.rules import Game
    from idioten.cards import deal_cards, full_deck
    from idioten.poker.board import Board
    from idioten.poker.playout import sample_sums
    from idioten.poker.scoring import points_table
    from idioten.poker.values import learned_values

    module = solver_module._csearch
    out: dict[str, float | str] = {"module": Path(module.__file__ or "").name if module else "not built"}
    for prunings, key in ((0, "solver_same_search"), (None, "solver_with_prunings")):
        out[key] = statistics.median(
            rate(Game.new(deal_cards(n), "standard", n), "compiled", 1.0, prunings)["states_per_cpu_second"]
            for n in (2, 3, 6, 10))
    deals = [start(n, "standard") for n in range(1_000_001, 1_003_001)]
    for key, limit in (("hint_simple_us_a_game", 0), ("hint_turn_search_us_a_game", hint.TURN_LIMIT)):
        began = time.thread_time()
        for view, order in deals:
            play(view, order, limit, "compiled")
        out[key] = (time.thread_time() - began) / len(deals) * 1e6
    values = learned_values("american", False, points_table("american"))
    board = Board("american", False)
    deck = full_deck()
    board.set_unseen(deck)
    began = time.thread_time()
    sample_sums([board], deck, 777, 100000, values, core="compiled")
    out["poker_100000_playouts_s"] = time.thread_time() - began
    return out


def run_in(tree: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()))
    # This file by its path, so that a tree from before it existed can be measured too; `idioten` and the
    # benches it borrows from (solver_speed, hint_rollouts) come from the tree.
    done = subprocess.run([sys.executable, __file__, "--one-round"], cwd=tree, env=env, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one_round:
        print(json.dumps(one_round()))
        return 0
    if len(args.trees) != 2:
        parser.error("name two trees, A and B")
    rounds: dict[str, list[dict]] = {"a": [], "b": []}
    for _ in range(args.rounds):
        for side, tree in zip("ab", args.trees):
            rounds[side].append(run_in(tree))
    medians = {side: {key: statistics.median(r[key] for r in runs) for key in runs[0] if key != "module"}
               for side, runs in rounds.items()}
    print(json.dumps({
        "bench": "core_builds", "rounds": args.rounds,
        "a": {"tree": str(args.trees[0]), "module": rounds["a"][0]["module"], "medians": medians["a"]},
        "b": {"tree": str(args.trees[1]), "module": rounds["b"][0]["module"], "medians": medians["b"]},
        # Above 1: B is faster (positions per second divided, times inverted).
        "b_speed_over_a": {key: round(medians["b"][key] / medians["a"][key] if key in HIGHER_IS_FASTER
                                      else medians["a"][key] / medians["b"][key], 3) for key in medians["a"]},
        "load_average": load_average(), "python": sys.version.split()[0],
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
