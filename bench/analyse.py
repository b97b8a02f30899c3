"""How long does "where did I go wrong" take after a lost game? Prints JSON.

    python -m bench.analyse [--first 1000001] [--count 200] [--variant standard] [--method both]
                            [--verdicts FILE]

Takes the first COUNT deals from FIRST on that the greedy policy loses, and times the window's own job for
the end panel (`lesson.run_lesson`: the analysis of the moves played, then the no-peek hint at the move
found), given what the window knows by then: the deal's verdict from the deal on (solved beforehand with the
window's budget, VERDICT_SECONDS of wall time here, and not timed, as the verdict worker does while the game
is played). The window asks for the lesson only when that verdict is decided; a deal whose verdict was not
is counted apart ("no lesson"): its end panel says the verdict is not known. A job that does not finish
within the window's LESSON_SECONDS counts as that long and as undecided.

`--method` picks how a deal never winnable is probed: "exact" (each probe is the position's exact best
score, a full proof; the method before 2026-12-03), "reach" (each probe only asks whether the deal's best
score can still be reached, and stops at the first line that reaches it: `solver.reaches`), or "both", which
times the two on each deal one after the other in the same run, so their ratio is not the machine's load.
`--verdicts FILE` keeps the verdicts (JSON lines) so that a second run does not solve them again.

Reported per method: median and p95 seconds over the lessons the window runs and, as quoted before, over all
COUNT games with a "no lesson" deal counted as LESSON_SECONDS; the number undecided, the exact searches per
game (median, max), and the load average. The machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from bench.common import load_average
from bench.verdict_ready import lost_deals, percentile
from idioten.acesup import analysis, solver
from idioten.acesup.players import greedy
from idioten.acesup.rules import Action
from idioten.play.acesup.lesson import LESSON_SECONDS, run_lesson

VERDICT_SECONDS = 60.0


def greedy_moves(game):
    import random
    played, moves, rng = game.copy(), [], random.Random(game.deal_number)
    while (action := greedy(played, rng)) is not None:
        played.apply(action)
        moves.append(action)
    return moves


def verdict(game, cache: dict, path: str | None):
    """The deal's verdict as the window has it when the game ends: a Fact, or None when not decided."""
    key = f"{game.variant}:{game.deal_number}"
    if key not in cache:
        try:
            fact = analysis.default_solve(game, analysis.StopFlag(seconds=VERDICT_SECONDS))
            entry = {"key": key, "result": fact.result, "best": fact.best,
                     "line": None if fact.line is None else [str(a) for a in fact.line]}
        except analysis.Undecided:
            entry = {"key": key, "result": None}
        cache[key] = entry
        if path:
            with open(path, "a") as out:
                out.write(json.dumps(entry) + "\n")
    entry = cache[key]
    if entry["result"] is None:
        return None
    line = None if entry["line"] is None else tuple(Action.parse(a) for a in entry["line"])
    return analysis.Fact(entry["result"], line, entry["best"])


def exact_reach(game, score, cancel):
    return analysis.default_solve(game, cancel).best >= score


def timed_lesson(game, moves, known, method):
    real = analysis.default_reach
    analysis.default_reach = exact_reach if method == "exact" else real
    started = time.monotonic()
    try:
        found = run_lesson(game, moves, known, threading.Event(), lambda count: None)
        return time.monotonic() - started, found.searches
    except analysis.Undecided:
        return LESSON_SECONDS, None
    finally:
        analysis.default_reach = real


def summary(times, searches, undecided, no_lesson):
    everything = times + [LESSON_SECONDS] * no_lesson
    return {"lessons": len(times), "seconds_median": round(statistics.median(times), 4),
            "seconds_p95": round(percentile(times, 0.95), 4), "seconds_max": round(max(times), 4),
            "within_3_s": sum(t <= 3.0 for t in times), "undecided": undecided,
            "all_games_median": round(statistics.median(everything), 4),
            "all_games_p95": round(percentile(everything, 0.95), 4),
            "searches_median": statistics.median(searches) if searches else None,
            "searches_max": max(searches, default=None)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1_000_001)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--method", choices=["exact", "reach", "both"], default="reach")
    parser.add_argument("--verdicts", help="a file of verdicts to reuse and extend (JSON lines)")
    args = parser.parse_args()
    cache = {}
    if args.verdicts and os.path.exists(args.verdicts):
        with open(args.verdicts) as saved:
            cache = {entry["key"]: entry for entry in map(json.loads, saved)}
    methods = ["exact", "reach"] if args.method == "both" else [args.method]
    times = {m: [] for m in methods}
    searches = {m: [] for m in methods}
    undecided = {m: 0 for m in methods}
    no_lesson, last = 0, None
    for game in lost_deals(args.first, args.count, args.variant):
        moves = greedy_moves(game)
        last = game.deal_number
        fact = verdict(game, cache, args.verdicts)
        line = {"deal": last, "verdict": None if fact is None else fact.result}
        if fact is None:
            no_lesson += 1
        else:
            for method in methods:
                seconds, count = timed_lesson(game, moves, {game.start_text: fact}, method)
                times[method].append(seconds)
                if count is None:
                    undecided[method] += 1
                else:
                    searches[method].append(count)
                line[method] = round(seconds, 4)
        print(json.dumps(line), file=sys.stderr, flush=True)
    result = {"variant": args.variant, "deals": f"{args.first}..{last} (first {args.count} lost by greedy)",
              "core": getattr(solver, "CORE", "python"), "no_lesson_verdict_not_known": no_lesson}
    for method in methods:
        result[method] = summary(times[method], searches[method], undecided[method], no_lesson)
    if args.method == "both":
        ratios = [e / r for e, r in zip(times["exact"], times["reach"]) if r > 0]
        result["exact_over_reach_median"] = round(statistics.median(ratios), 3)
    result["load_average"] = load_average()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
