"""What `idioten solve`, `idioten analyse` and `idioten simulate` do once parsed (their parser: cli/acesup.py)."""

from __future__ import annotations

import argparse
import functools
import json
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

from idioten.acesup import analysis
from idioten.acesup.players import POLICIES, Policy, hint_player, play_deal
from idioten.acesup.rules import WIN_SCORE, Action, Game
from idioten.acesup.solver import STANDARD_RULES, solve
from idioten.acesup.verdict import UNWINNABLE, WINNABLE
from idioten.cards import MAX_DEAL
from idioten.cli.args import chosen_deal
from idioten.cli.errors import NoAnswer, UsageError
from idioten.play.acesup.lesson import deed


def run_solve(args: argparse.Namespace) -> int:
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


def run_analyse(args: argparse.Namespace) -> int:
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


def played_moves(text: str, game: Game) -> list[Action]:
    """The moves of --moves, each legal in turn; bad input names the one move at fault, not the whole line."""
    try:
        moves = analysis.parse_moves(text)
        analysis.positions_along(game, moves)  # an illegal move is bad input, reported before any search
    except ValueError as err:
        raise UsageError(f"--moves: {err}") from None
    if not moves:
        raise UsageError('--moves: no moves given; name the moves played, e.g. --moves "discard 1, move 2 3, deal"')
    return moves


def played_before(game: Game, moves: list[Action], found: analysis.Analysis) -> str:
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


def run_simulate(args: argparse.Namespace) -> int:
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


def play_deals(numbers: range, policy: Policy, variant: str, jobs: int) -> list[int]:
    """Scores of the deals in order. Each deal's player is seeded by its number, so the processes that
    share the deals (`jobs` > 1) give the same scores as one process would, up to a time-limited
    player's thinking (which depends on the CPU it gets)."""
    if jobs == 1 or len(numbers) == 1:
        return [play_deal(number, policy, variant) for number in numbers]
    with ProcessPoolExecutor(min(jobs, len(numbers))) as pool:
        return list(pool.map(play_deal, numbers, repeat(policy), repeat(variant)))

