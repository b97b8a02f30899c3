"""`idioten solve`, `idioten analyse` and `idioten simulate` (the contract is in docs/design.md)."""

from __future__ import annotations

import functools
import json
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

from idioten.acesup import analysis
from idioten.acesup.hint import DEFAULT_PLAYER as HINT_DEFAULT_PLAYER
from idioten.acesup.hint import PLAYERS as HINT_PLAYERS
from idioten.acesup.players import POLICIES, hint_player, play_deal
from idioten.acesup.rules import WIN_SCORE, Game
from idioten.acesup.solver import READINGS, STANDARD_RULES, solve
from idioten.acesup.verdict import UNWINNABLE, WINNABLE
from idioten.cards import MAX_DEAL, CardError
from idioten.cli.args import (
    NoAnswer,
    UsageError,
    add_deal_choice,
    add_variant,
    chosen_deal,
    positive_float,
    positive_int,
    thread_count,
)
from idioten.play.lesson import deed

DEFAULT_TIME_LIMIT = 60.0


def register(commands) -> None:
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
    solve_parser.set_defaults(run=run_solve)

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
    analyse.set_defaults(run=run_analyse)

    simulate = commands.add_parser(
        "simulate", help="play many numbered deals with a computer player that does not peek",
        description="Play deals S, S+1, ..., S+N-1 (S is --seed, default 1) with a policy and report the "
        "win rate. greedy: discard whenever possible, fill gaps, deal. random: any useful action, each "
        "equally likely; its generator is seeded with the deal number, so a run is reproducible. hint: the "
        "hint player (idioten.acesup.hint), thinking --hint-seconds per action; it too never sees the stock order. "
        'JSON: {"games": N, "wins": W, "win_rate": x, "mean_score": y, "seconds": s}.')
    simulate.add_argument("--policy", choices=sorted(POLICIES), required=True)
    simulate.add_argument("--games", type=positive_int, required=True, metavar="N")
    simulate.add_argument("--seed", type=positive_int, default=1, metavar="S", help="first deal number (default 1)")
    simulate.add_argument("--hint-seconds", type=positive_float, default=1.0, metavar="S",
                          help="the hint policy's thinking time per action (default 1)")
    simulate.add_argument("--hint-player", choices=HINT_PLAYERS, default=None,
                          help="the hint policy's player: rollout (rollouts alone) or pimc (rollouts and "
                          "perfect-information sampling with the solver's first look); default "
                          f"{HINT_DEFAULT_PLAYER}")
    simulate.add_argument("--jobs", type=positive_int, default=1, metavar="J",
                          help="play J deals at a time in separate processes (default 1)")
    add_variant(simulate)
    simulate.add_argument("--json", action="store_true", help="print JSON")
    simulate.set_defaults(run=run_simulate)


def add_search_options(parser) -> None:
    """A deal, its variant, the solver's time limit and --json: what solve and analyse both take."""
    add_deal_choice(parser, required=True)
    add_variant(parser)
    parser.add_argument("--time-limit", type=positive_float, default=DEFAULT_TIME_LIMIT, metavar="S",
                        help=f"give up after S seconds (default {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--json", action="store_true", help="print JSON")


def run_solve(args) -> int:
    cards, number = chosen_deal(args)
    game = Game.new(cards, args.variant, number)
    result = solve(game, time_limit=args.time_limit, rules=args.rules, threads=args.threads)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    name = f"deal {number}" if number is not None else "this deal"
    how = args.variant if args.rules == STANDARD_RULES else f"{args.variant}, {args.rules} rules"
    if result.result is WINNABLE and result.moves is not None:
        print(f"{name} ({how}) is winnable, in {len(result.moves)} moves:")
        print(", ".join(str(a) for a in result.moves))
    elif result.result is UNWINNABLE and not result.best_score_exact:
        print(f"{name} ({how}) cannot be won; the best line found discards {result.best_score} of "
              f"{WIN_SCORE} cards (the time ran out before the best possible was proved).")
    elif result.result is UNWINNABLE:
        print(f"{name} ({how}) cannot be won; the best play discards {result.best_score} of "
              f"{WIN_SCORE} cards.")
    else:
        print(f"{name} ({how}): no answer within {args.time_limit:g} s; the best line found "
              f"discards {result.best_score} of {WIN_SCORE} cards.")
    print(f"({result.states} positions, {result.seconds:.2f} s)")
    return 0


def run_analyse(args) -> int:
    cards, number = chosen_deal(args)
    game = Game.new(cards, args.variant, number)
    moves = played_moves(args.moves, game)
    try:
        found = analysis.analyse(game, moves, cancel=analysis.StopFlag(seconds=args.time_limit))
    except analysis.Undecided:
        raise NoAnswer(f"no answer within {args.time_limit:g} s") from None
    if args.json:
        print(json.dumps(found.to_json()))
        return 0
    print(analysis_text(found, played_before(game, moves, found)))
    return 0


def played_moves(text: str, game: Game) -> list:
    """The moves of --moves, each legal in turn; bad input names the one move at fault, not the whole line."""
    try:
        moves = analysis.parse_moves(text)
        analysis.positions_along(game, moves)  # an illegal move is bad input, reported before any search
    except ValueError as err:
        raise UsageError(f"--moves: {err}") from None
    if not moves:
        raise UsageError('--moves: no moves given; name the moves played, e.g. --moves "discard 1, move 2 3, deal"')
    return moves


def played_before(game: Game, moves, found: analysis.Analysis) -> str:
    """What the player did with the move that lost the win, worded as the window's end panel words it, with
    the move's notation (what `--moves` takes) after it."""
    if found.best_until is None or found.move is None:
        return ""
    before = analysis.positions_along(game, moves)[found.best_until]
    return f"{deed(before, found.move)} ({found.move})"


def analysis_text(found: analysis.Analysis, did: str) -> str:
    if found.best_until is None:
        if found.best_score == WIN_SCORE:
            return "The deal was winnable and these moves never lost the win."
        return f"The deal could not be won; these moves kept the best possible score, {found.best_score}."
    # What the player did, not advice: the move named is the one that lost the win (or the best score).
    where = f"Move {found.best_until + 1}, {did}"
    if found.winnable_until is not None:
        text = (f"{where}: after that no line wins.\nA winning line from just before it: "
                + ", ".join(str(a) for a in found.line or ()))
    else:
        text = (f"The deal could not be won. {where}: after that no line reaches the best possible score, "
                f"{found.best_score}.")
    return text + "\n(Knowing the stock, which the player could not see.)"


def run_simulate(args) -> int:
    last = args.seed + args.games - 1
    if last > MAX_DEAL:
        raise UsageError(f"deals {args.seed} to {last} run past the last deal number, {MAX_DEAL}")
    policy = POLICIES[args.policy]
    if args.policy == "hint":
        policy = functools.partial(hint_player, time_budget=args.hint_seconds, player=args.hint_player)
    elif args.hint_player is not None:
        raise UsageError("--hint-player goes with --policy hint")
    started = time.perf_counter()
    scores = play_deals(range(args.seed, last + 1), policy, args.variant, args.jobs)
    seconds = time.perf_counter() - started
    wins = sum(score == WIN_SCORE for score in scores)
    report = {"games": args.games, "wins": wins, "win_rate": wins / args.games,
              "mean_score": sum(scores) / args.games, "seconds": round(seconds, 3)}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.policy} ({args.variant}), deals {args.seed} to {last}: won {wins} of {args.games} "
              f"({100 * wins / args.games:.2f} %), mean score {report['mean_score']:.2f}, {seconds:.1f} s")
    return 0


def play_deals(numbers: range, policy, variant: str, jobs: int) -> list[int]:
    """Scores of the deals in order. Each deal's player is seeded by its number, so the processes that
    share the deals (`jobs` > 1) give the same scores as one process would, up to a time-limited
    player's thinking (which depends on the CPU it gets)."""
    if jobs == 1 or len(numbers) == 1:
        return [play_deal(number, policy, variant) for number in numbers]
    with ProcessPoolExecutor(min(jobs, len(numbers))) as pool:
        return list(pool.map(play_deal, numbers, repeat(policy), repeat(variant)))


__all__ = ["register", "CardError"]
