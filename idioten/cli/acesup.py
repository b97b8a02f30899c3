"""The parser of `idioten solve`, `idioten analyse` and `idioten simulate` (the contract is in docs/design.md).

Every start of the window builds this parser, so it names the choices from acesup/options.py and leaves the
solver, the players and the process pool to the commands themselves (cli/acesup_run.py), loaded when one runs.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from idioten.acesup.options import DEFAULT_HINT_PLAYER, HINT_PLAYERS, POLICIES, READINGS, STANDARD_RULES
from idioten.cli.args import add_deal_choice, add_variant, positive_float, positive_int, thread_count

if TYPE_CHECKING:
    from idioten.cli.args import Commands

DEFAULT_TIME_LIMIT = 60.0


def register(commands: Commands) -> None:
    solve_parser = commands.add_parser(
        "solve", help="solve a deal with perfect information (the solver sees the stock)",
        description="Solve a deal with perfect information: is it winnable, with which moves, and if not, "
        "how many cards can be discarded at best. Answers 'unknown' when the time limit runs out. "
        'JSON: {"result": "winnable"|"unwinnable"|"unknown", "moves": [...] or null, "best_score": int, '
        '"best_score_exact": bool, "states": int, "seconds": float}. When unknown, or when the time ran out '
        'while an unwinnable deal\'s best score was being measured, best_score is the best found so far and '
        'best_score_exact is false. With --rules strict the JSON also has "rules": "strict".')
    add_search_options(solve_parser)
    solve_parser.add_argument(
        "--rules", choices=READINGS, default=STANDARD_RULES,
        help="the reading of the rules searched: standard (the game's, default) or strict (no lone card moved "
        "between gaps, no deal while a discard or a fill from a pile of two or more cards is possible; the "
        "reading published solvers use, for comparing odds)")
    solve_parser.add_argument(
        "--threads", type=thread_count, default=1, metavar="N",
        help="search the verdict with N threads sharing one table (default 1; 0 or auto: every core); the "
        "answer is the same, only sooner where cores are free")
    solve_parser.set_defaults(run=command("run_solve"))

    analyse = commands.add_parser(
        "analyse", help="find the move of a played line after which the deal could no longer be won",
        description="Replay MOVES from the start of the deal and find, knowing the stock, the first move after "
        "which no win remained (or, for a deal that was never winnable, after which its best possible score "
        'was out of reach). JSON: {"winnable_until": k or null, "move": "..." or null, "line": [...] or null, '
        '"best_score": s, "best_until": j or null}: moves[k] lost the win, line wins from the position '
        "before it; null indexes mean the line never lost it. Exit status 1 when the time limit ran out.")
    add_search_options(analyse)
    analyse.add_argument("--moves", required=True, metavar="MOVES",
                         help='the moves played, e.g. "discard 1, move 2 3, deal" (piles 1-4)')
    analyse.set_defaults(run=command("run_analyse"))

    simulate = commands.add_parser(
        "simulate", help="play many numbered deals with a computer player that does not peek",
        description="Play deals S, S+1, ..., S+N-1 (S is --seed, default 1) with a policy and report the "
        "win rate. greedy: discard whenever possible, fill gaps, deal. random: any useful action, each "
        "equally likely; its generator is seeded with the deal number, so a run is reproducible. hint: the "
        "hint player (idioten.acesup.hint), thinking --hint-seconds per action; it too never sees the stock order. "
        'JSON: {"games": N, "wins": W, "win_rate": x, "mean_score": y, "seconds": s}; with --rules strict also '
        '"rules": "strict".')
    simulate.add_argument("--policy", choices=POLICIES, required=True)
    simulate.add_argument("--games", type=positive_int, required=True, metavar="N")
    simulate.add_argument("--seed", type=positive_int, default=1, metavar="S", help="first deal number (default 1)")
    simulate.add_argument("--hint-seconds", type=positive_float, default=1.0, metavar="S",
                          help="the hint policy's thinking time per action (default 1)")
    simulate.add_argument("--hint-player", choices=HINT_PLAYERS, default=None,
                          help="the hint policy's player: rollout (rollouts alone), pimc (rollouts and "
                          "perfect-information sampling with the solver's first look), nested (the close calls "
                          "weighed by rollouts whose turns are chosen by rollouts) or learned (rollouts whose turns "
                          "are chosen by an evaluation learned offline); default "
                          f"{DEFAULT_HINT_PLAYER}")
    simulate.add_argument("--jobs", type=positive_int, default=1, metavar="J",
                          help="play J deals at a time in separate processes (default 1; at most one a core)")
    simulate.add_argument(
        "--rules", choices=READINGS, default=STANDARD_RULES,
        help="the reading of the rules played: standard (the game's, default) or strict (every discard and every "
        "fill from a pile of two or more cards made before the next deal, no lone card moved between gaps; the "
        "reading published simulators use, for comparing win rates); not with --hint-player pimc, nested or "
        "learned")
    add_variant(simulate)
    simulate.add_argument("--json", action="store_true", help="print JSON")
    simulate.set_defaults(run=command("run_simulate"))


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """A deal, its variant, the solver's time limit and --json: what solve and analyse both take."""
    add_deal_choice(parser, required=True)
    add_variant(parser)
    parser.add_argument("--time-limit", type=positive_float, default=DEFAULT_TIME_LIMIT, metavar="S",
                        help=f"give up after S seconds (default {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--json", action="store_true", help="print JSON")



def command(name: str) -> Callable[[argparse.Namespace], int]:
    """The command `name` of cli/acesup_run.py, imported when it runs."""
    def run(args: argparse.Namespace) -> int:
        from idioten.cli import acesup_run
        result: int = getattr(acesup_run, name)(args)
        return result
    run.__name__ = name
    return run
