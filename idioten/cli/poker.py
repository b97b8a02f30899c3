"""`idioten poker score` and `idioten poker simulate` (contract in docs/design.md). No pygame here."""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import TYPE_CHECKING

from idioten.cards import MAX_DEAL
from idioten.cli.args import positive_float, positive_int
from idioten.poker.options import DEFAULT_TABLE, POLICIES, TABLES

if TYPE_CHECKING:
    from idioten.cli.args import Commands

# The scoring tables and the player's learned values take a tenth of a second to build; every start of
# the game window builds this parser, so they are imported only when a poker command runs.

SIMULATE_MOVE_SECONDS = 0.05


def register(commands: Commands) -> None:
    poker = commands.add_parser("poker", help="Poker patience: score a grid, simulate the computer player",
                                description="Poker patience (Poker Squares) on a 5x5 grid.")
    # type(poker): the main parser's class, whose errors are one line (exit 2), not a usage dump.
    sub = poker.add_subparsers(dest="poker_command", metavar="COMMAND", parser_class=type(poker))
    sub.required = True

    score = sub.add_parser("score", help="score a full grid of 25 cards",
                           description="Score a full grid: 25 cards row by row, top-left first, e.g. "
                           '"AS KS QS JS TS 2C ...". JK is the joker (wild).')
    score.add_argument("--grid", required=True, metavar="CARDS", help="the 25 cards row by row")
    _add_table_options(score)
    score.add_argument("--json", action="store_true",
                       help='print {"total": T, "hands": [{"line": "row 1", "hand": "flush", "points": 5}, ...]}')
    score.set_defaults(run=run_score)

    simulate = sub.add_parser("simulate", help="play numbered deals with a computer policy",
                              description="Play N numbered deals (S, S+1, ...) with a computer policy and report "
                              "the mean score. hint: learned values plus Monte Carlo play-outs; greedy: best "
                              "score one step ahead; random: any empty cell.")
    simulate.add_argument("--policy", choices=POLICIES, required=True)
    simulate.add_argument("--games", type=positive_int, required=True, metavar="N")
    simulate.add_argument("--seed", type=positive_int, default=1, metavar="S",
                          help="first deal number and seed of the player's random choices (default 1)")
    _add_table_options(simulate)
    simulate.add_argument("--joker", action="store_true", help="add the joker (wild) to the deck")
    simulate.add_argument("--move-seconds", type=positive_float, default=SIMULATE_MOVE_SECONDS, metavar="S",
                          help=f"thinking time per card for the hint policy (default {SIMULATE_MOVE_SECONDS})")
    simulate.add_argument("--json", action="store_true",
                          help='print {"games": N, "mean_score": m, "stdev": s, "seconds": t}')
    simulate.set_defaults(run=run_simulate)


def _add_table_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--table", choices=TABLES, default=DEFAULT_TABLE,
                        help=f"scoring table (default {DEFAULT_TABLE})")
    parser.add_argument("--diagonals", action="store_true", help="the two diagonals count too (12 hands)")


def run_score(args: argparse.Namespace) -> int:
    from idioten.poker.scoring import parse_grid, score_grid

    grid = parse_grid(args.grid)
    result = score_grid(grid, args.table, args.diagonals)
    if args.json:
        print(json.dumps(result.as_json()))
    else:
        for line in result.lines:
            print(f"{line.line.name:>10}: {' '.join(map(str, line.cards))}  {line.hand} ({line.points})")
        print(f"{'total':>10}: {result.total}")
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    import statistics  # here, not at the top: every start of the window reads this module, to parse its options

    from idioten.cli.progress import GamesProgress, ProgressLine
    from idioten.poker.game import PokerGame, poker_deck
    from idioten.poker.player import make_policy, suggest

    policy = make_policy(args.policy, args.table, args.diagonals, args.move_seconds)
    rng = random.Random(args.seed)
    began = time.perf_counter()
    scores = []
    with ProgressLine() as line:
        progress = GamesProgress(f"poker {args.policy} ({args.table})", args.games, line)
        for i in range(args.games):
            number = (args.seed - 1 + i) % MAX_DEAL + 1
            game = PokerGame(poker_deck(number, args.joker), args.table, args.diagonals, deal_number=number)
            while not game.is_over():
                move = suggest(game, policy, rng)
                assert move is not None  # a game not over has a move
                game.place(*move)
            scores.append(game.score().total)
            progress.add(scores[-1])
    seconds = time.perf_counter() - began
    mean = statistics.fmean(scores)
    stdev = statistics.stdev(scores) if len(scores) > 1 else 0.0
    if args.json:
        print(json.dumps({"games": args.games, "mean_score": round(mean, 3), "stdev": round(stdev, 3),
                          "seconds": round(seconds, 3)}))
    else:
        print(f"{args.games} games, policy {args.policy}, table {args.table}"
              f"{', diagonals' if args.diagonals else ''}: mean score {mean:.2f} (stdev {stdev:.2f}), "
              f"{seconds:.1f} s")
    return 0
