"""Train the hint's learned evaluation of a turn's end and write it for the package. Prints JSON.

    python -m bench.learn_evaluation [--train 500001-502000] [--tune 200001-201000] [--orders 8] [--ends 6]
                                     [--rounds 1] [--jobs 1] [--write]
    python -m bench.learn_evaluation --report 9000001-9010000 [--jobs 1]

Labels by play-outs: the rollout player (hint/core.py `search_turn`, ranking by `turn_key`, or from the second
round on by the weights of the round before) plays each training deal in its real order; at each turn with
cards still to come, the `--ends` ends it ranks best (the choices that matter: the one it plays and its
rivals) are each labelled with the mean value the hint gives a rollout from there (its discards so far plus
the rollout's, plus hint.WIN_BONUS for a win) over `--orders` shuffles of the unseen cards, the same shuffles
for every end of the turn: the label never sees the real order, only which cards are still to come. The
evaluation only ever compares the ends of one turn, so the fit is within turns: each turn's mean features and
label are taken off its rows (what differs between deals and turns drops out), and least squares (plain
Python, a small ridge) fits the differences in label to the differences in `core.end_features`, one fit per
stage of the game (`core.stage`). Ranking a turn's ends by that estimate of their worth to the rollout
player is one step of policy improvement. The weights, times `SCALE` and rounded, are integers (both cores
give the same answers).

Then it plays the rollout player alone on the tuning deals in their real order with `turn_key` and with each
round's weights (the score and the wins, and the paired difference with its 95 % interval), and with
`--write` writes the last round's weights to idioten/acesup/hint/learned.json. With `--report` it trains
nothing: it plays the rollout player alone on those deals with `turn_key` and with the shipped weights.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench.simulate import Z95, wilson
from idioten.acesup import hint
from idioten.acesup.hint import core as hint_core
from idioten.acesup.hint import learned as learned_module
from idioten.acesup.rules import WIN_SCORE, Game
from idioten.cards import deal_cards

SCALE = 256  # the weights' fixed point: a weight of 256 is one card of value
RIDGE = 1e-3
NAMES = ["cards on the table", "empty piles", "aces at the bottom", "aces on other cards",
         "cards above a higher one of their suit", "sum of squared heights", "suits on top", "top ranks summed"]


def span(text: str) -> tuple[int, int]:
    first, last = text.split("-")
    return int(first), int(last)


Row = tuple[int, list[float], float]


def labelled(job: tuple[int, int, int, hint_core.Learned | None]) -> list[Row]:
    """(stage, features, label) rows from one deal, each less its turn's mean."""
    number, orders, ends_per_turn, learned = job
    game = Game.new(deal_cards(number), "standard", number)
    piles = [[hint_core.encode(pile[0])] for pile in game.piles]
    order = [hint_core.encode(card) for card in game.stock]
    rng = random.Random(number)
    rows: list[Row] = []
    dealt, discarded = 0, 0
    while dealt < len(order):
        unseen = len(order) - dealt
        ends = hint_core.turn_ends(piles, False, hint.TURN_LIMIT)
        if learned is None:
            ranked = sorted(range(len(ends)), key=lambda i: (tuple(-k for k in hint_core.turn_key(ends[i][1],
                                                                                                 ends[i][2])), i))
        else:
            ranked = sorted(range(len(ends)), key=lambda i: (-hint_core.learned_key(ends[i][2], learned, unseen), i))
        chosen, picked = ranked[0], ranked[:ends_per_turn]
        positions = [ends[i][2] for i in picked]
        bases = [discarded + ends[i][1] for i in picked]
        flat = None if learned is None else list(learned)
        totals, _ = hint._crollout.sample([tuple(bytes(p) for p in pos) for pos in positions], bases,
                                          bytes(sorted(order[dealt:])), rng.getrandbits(64), orders, False,
                                          hint.WIN_BONUS, hint_core.FINAL_LIMIT, hint.TURN_LIMIT, 0, 0, 0, flat)
        if len(picked) > 1:
            features = [hint_core.end_features(position) for position in positions]
            means = [statistics.fmean(column) for column in zip(*features)]
            mean_label = statistics.fmean(totals) / orders
            for row, total in zip(features, totals):
                rows.append((hint_core.stage(unseen), [x - m for x, m in zip(row, means)], total / orders - mean_label))
        _, gained, position = ends[chosen]
        discarded += gained
        piles = [list(pile) for pile in position]
        for pile in range(4):
            piles[pile].append(order[dealt + pile])
        dealt += 4
    return rows


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the normal equations are small and well conditioned)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def fit(rows: list[Row]) -> tuple[list[list[int]], list[dict]]:
    """Integer weights per stage, and each stage's fit (rows, R² of the within-turn differences, the weights
    in cards)."""
    weights, fits = [], []
    for stage in range(hint_core.STAGES):
        data = [(features, label) for s, features, label in rows if s == stage]
        size = hint_core.FEATURES
        xtx = [[0.0] * size for _ in range(size)]
        xty = [0.0] * size
        for x, y in data:
            for i in range(size):
                xty[i] += x[i] * y
                for j in range(size):
                    xtx[i][j] += x[i] * x[j]
        for i in range(size):
            xtx[i][i] += RIDGE * max(1, len(data))
        beta = solve(xtx, xty)
        residual = sum((y - sum(b * v for b, v in zip(beta, x))) ** 2 for x, y in data)
        total = sum(y * y for _, y in data) or 1.0  # the labels are differences from their turn's mean
        weights.append([round(b * SCALE) for b in beta])
        fits.append({"stage": stage, "rows": len(data), "r2": round(1 - residual / total, 4),
                     "cards_per_unit": dict(zip(NAMES, (round(b, 4) for b in beta)))})
    return weights, fits


def prepared(number: int) -> tuple[list[bytes], bytes]:
    game = Game.new(deal_cards(number), "standard", number)
    return [bytes([hint_core.encode(pile[0])]) for pile in game.piles], bytes(hint_core.encode(c) for c in game.stock)


def alone(job: tuple[int, hint_core.Learned | None]) -> int:
    """The rollout player alone on one deal in its real order (it never looks ahead of the table)."""
    piles, order = prepared(job[0])
    return play(piles, order, job[1])


def play(piles: list[bytes], order: bytes, learned: hint_core.Learned | None) -> int:
    return hint._crollout.rollout(piles, order, 0, False, hint_core.FINAL_LIMIT, hint.TURN_LIMIT, None,
                                  None if learned is None else list(learned))


def compare(deals: range, learned: hint_core.Learned, jobs: int) -> dict:
    """The rollout player alone on `deals` in their real order, with turn_key and with `learned`."""
    with ProcessPoolExecutor(jobs) as pool:
        base_timed = list(pool.map(timed, [(n, None) for n in deals], chunksize=100))
        played_timed = list(pool.map(timed, [(n, learned) for n in deals], chunksize=100))
    base, played = [s for s, _ in base_timed], [s for s, _ in played_timed]
    gaps = [value(a) - value(b) for a, b in zip(played, base)]
    wins = [(a == WIN_SCORE) - (b == WIN_SCORE) for a, b in zip(played, base)]

    def side(scores: list[int]) -> dict:
        won = sum(s == WIN_SCORE for s in scores)
        low, high = wilson(won, len(scores))
        return {"wins": won, "win_rate": round(won / len(scores), 5), "ci95": [round(low, 5), round(high, 5)],
                "mean_score": round(statistics.fmean(scores), 3)}

    return {"deals": len(deals), "turn_key": side(base), "learned": side(played),
            "cpu_us_a_game": {"turn_key": round(1e6 * statistics.fmean(t for _, t in base_timed), 1),
                              "learned": round(1e6 * statistics.fmean(t for _, t in played_timed), 1)},
            "paired_value": [round(statistics.fmean(gaps), 4),
                             round(Z95 * statistics.stdev(gaps) / len(gaps) ** 0.5, 4)],
            "paired_win_rate_points": [round(100 * statistics.fmean(wins), 3),
                                       round(100 * Z95 * statistics.stdev(wins) / len(wins) ** 0.5, 3)]}


def timed(job: tuple[int, hint_core.Learned | None]) -> tuple[int, float]:
    """`alone`, and the CPU its rollout took."""
    piles, order = prepared(job[0])
    started = time.thread_time()
    score = play(piles, order, job[1])
    return score, time.thread_time() - started


def value(score: int) -> int:
    return score + (hint.WIN_BONUS if score == WIN_SCORE else 0)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", default="500001-502000")
    parser.add_argument("--tune", default="200001-201000")
    parser.add_argument("--orders", type=int, default=8)
    parser.add_argument("--ends", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--report", help="deals F-L: compare the shipped weights with turn_key there, train nothing")
    args = parser.parse_args(argv)
    if not hint.COMPILED_BUILT:
        print("the compiled rollouts are not built here", file=sys.stderr)
        return 2
    if args.report:
        print(json.dumps(compare(range(span(args.report)[0], span(args.report)[1] + 1), learned_module.weights(),
                                 args.jobs) | {"bench": "learn_evaluation", "report": args.report}, indent=1))
        return 0
    train, tune = range(span(args.train)[0], span(args.train)[1] + 1), range(span(args.tune)[0], span(args.tune)[1] + 1)
    learned: hint_core.Learned | None = None
    with ProcessPoolExecutor(args.jobs) as pool:
        base = list(pool.map(alone, [(n, None) for n in tune], chunksize=50))
        out = {"bench": "learn_evaluation", "train": args.train, "tune": args.tune, "orders": args.orders,
               "ends": args.ends, "turn_key": {"wins": sum(s == WIN_SCORE for s in base),
                                              "value": round(statistics.fmean(map(value, base)), 4)},
               "rounds": []}
        for _ in range(args.rounds):
            rows = [row for deal in pool.map(labelled, [(n, args.orders, args.ends, learned) for n in train],
                                             chunksize=20) for row in deal]
            weights, fits = fit(rows)
            learned = tuple(w for row in weights for w in row)
            played = list(pool.map(alone, [(n, learned) for n in tune], chunksize=50))
            gaps = [value(a) - value(b) for a, b in zip(played, base)]
            out["rounds"].append({"weights": weights, "fits": fits, "wins": sum(s == WIN_SCORE for s in played),
                                  "value": round(statistics.fmean(map(value, played)), 4),
                                  "paired_vs_turn_key": [round(statistics.fmean(gaps), 4),
                                                         round(Z95 * statistics.stdev(gaps) / len(gaps) ** 0.5, 4)]})
    if args.write and learned is not None:
        text = json.dumps({"features": NAMES, "stages": ["more than 32 cards to come", "17-32", "16 or fewer"],
                           "scale": SCALE, "weights": out["rounds"][-1]["weights"],
                           "trained": f"python -m bench.learn_evaluation --train {args.train} --orders {args.orders} "
                                      f"--ends {args.ends} --rounds {args.rounds} --write"}, indent=1)
        learned_module.parse(text)  # what is written must load
        learned_module.PATH.write_text(text + "\n", encoding="utf-8")
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
