"""What `idioten solve`, `idioten analyse` and `idioten simulate` do once parsed (their parser: cli/acesup.py)."""

from __future__ import annotations

import argparse
import functools
import json
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType, TracebackType

from idioten.acesup import analysis
from idioten.acesup.options import LEARNED_PLAYER, OWN_READING_ONLY
from idioten.acesup.players import POLICIES, Policy, hint_player, play_deal
from idioten.acesup.rules import WIN_SCORE, Action, Game
from idioten.acesup.solver import STANDARD_RULES, STRICT_RULES, solve
from idioten.acesup.verdict import UNWINNABLE, WINNABLE
from idioten.cards import MAX_DEAL
from idioten.cli.args import chosen_deal
from idioten.cli.errors import CommandError, NoAnswer, UsageError
from idioten.cli.jobs import available_cpus, note, run_in_processes, worker_count
from idioten.cli.progress import GamesProgress, ProgressLine, SearchProgress
from idioten.play.acesup.lesson import deed


def run_solve(args: argparse.Namespace) -> int:
    cards, number = chosen_deal(args)
    game = Game.new(cards, args.variant, number)
    name = f"deal {number}" if number is not None else "this deal"
    with ProgressLine() as line, Interruptible() as interrupt:
        listener = SearchProgress(f"solving {name}", args.time_limit, line, interrupt.asked)
        result = solve(game, time_limit=args.time_limit, cancel=listener, rules=args.rules, threads=args.threads)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
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
    if args.rules == STRICT_RULES and args.hint_player in OWN_READING_ONLY:
        raise UsageError(f"--hint-player {args.hint_player} plays the game's own reading only, not --rules strict")
    if args.hint_player == LEARNED_PLAYER:  # before any deal is played, not in every worker
        from idioten.acesup.hint import learned
        try:
            learned.weights()
        except learned.LearnedWeightsError as err:
            raise CommandError(f"--hint-player learned: {err}") from None
    jobs, capped = worker_count(args.jobs, available_cpus(), sys.platform == "win32")
    note(capped)
    started = time.perf_counter()
    with ProgressLine() as line:
        how = args.variant if args.rules == STANDARD_RULES else f"{args.variant}, {args.rules} rules"
        progress = GamesProgress(f"{args.policy} ({how})", args.games, line, WIN_SCORE)
        scores = play_deals(range(args.seed, last + 1), policy, args.variant, jobs, progress.add, args.rules)
    seconds = time.perf_counter() - started
    wins = sum(score == WIN_SCORE for score in scores)
    report = {"games": args.games, "wins": wins, "win_rate": wins / args.games,
              "mean_score": sum(scores) / args.games, "seconds": round(seconds, 3)}
    if args.rules != STANDARD_RULES:  # the game's own reading keeps the contract's original fields
        report["rules"] = args.rules
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.policy} ({how}), deals {args.seed} to {last}: won {wins} of {args.games} "
              f"({100 * wins / args.games:.2f} %), mean score {report['mean_score']:.2f}, {seconds:.1f} s")
    return 0


def play_deals(numbers: range, policy: Policy, variant: str, jobs: int, on_score: Callable[[int], None] | None = None,
               reading: str = STANDARD_RULES) -> list[int]:
    """Scores of the deals in order; `on_score(score)` is told each as it comes. Each deal's player is seeded
    by its number, so the processes that share the deals (`jobs` > 1, cli/jobs.py) give the same scores as
    one process would, up to a time-limited player's thinking (which depends on the CPU it gets)."""
    play_one = functools.partial(play_deal, policy=policy, variant=variant, reading=reading)
    if jobs == 1 or len(numbers) == 1:
        scores = []
        for number in numbers:
            scores.append(play_one(number))
            if on_score is not None:
                on_score(scores[-1])
        return scores
    return run_in_processes(play_one, numbers, jobs, on_score)


class Interruptible:
    """Ctrl+C during a search, heard: the compiled search asks its cancel object between stretches of work,
    so the first Ctrl+C stops it there (`asked()` turns true) and is raised once the search has returned."""

    def __init__(self) -> None:
        self.interrupted = False

    def asked(self) -> bool:
        return self.interrupted

    def _heard(self, signum: int, frame: FrameType | None) -> None:
        self.interrupted = True

    def __enter__(self) -> "Interruptible":
        # Only the main thread may set a handler; elsewhere (a test calling main() in a thread) Ctrl+C is not ours.
        self.own = threading.current_thread() is threading.main_thread()
        if self.own:
            self.previous = signal.signal(signal.SIGINT, self._heard)
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self.own:
            signal.signal(signal.SIGINT, self.previous)
        if self.interrupted and kind is None:
            raise KeyboardInterrupt

