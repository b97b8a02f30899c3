"""A hint player that does not peek: it sees the table, the discards and the stock's size, never its order.

Method (determinized Monte Carlo with common random numbers): draw an order of the unseen cards, play
every candidate action followed by the rollout player (`hint_core.rollout`) on that same order, and
repeat until the time budget is spent; recommend the candidate with the best mean value, where a win
counts far above any score. Using one order for all candidates makes their comparison much less noisy
than independent draws would. The rollout player does not look ahead either: each turn it plays the line
that discards the most before the deal (`hint_core.search_turn`), which alone wins 2.96 % of deals 100,001-105,000
against 1.48 % for the simple one-card-at-a-time rule; it costs about four times as much, which the
compiled core makes affordable.

No peeking is structural: `PlayerView.of(game)` copies only the piles, the number of discards and the set
of unseen cards (sorted, so their stock order is forgotten), and everything after that works on the view.

Two cores play the rollouts: `core.py` (the executable specification and the fallback) and `_crollout` (C,
`csrc/rollout.c`, built by setup.py where a compiler exists), which gives the same numbers 20-35 times
faster (`bench/hint_rollouts.py`). `CORE` says which one runs; `IDIOTEN_PURE_PYTHON=1` forces the Python
one, as for the solver.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from idioten import cores
from idioten.acesup.hint import core as hint_core
from idioten.acesup.hint import learned, pimc
from idioten.acesup.options import DEFAULT_HINT_PLAYER, LEARNED_PLAYER, NESTED_PLAYER, OWN_READING_ONLY, PIMC, ROLLOUT
from idioten.acesup.rules import ACES_ONLY, DEAL, DEAL_ACTION, PILES, STRICT_RULES, WIN_SCORE, Action, Game
from idioten.cards import full_deck

# A turn's end: the first action of a line that reaches it (None: the position itself), the cards that line
# discards, the position (hint/core.py, turn_ends).
TurnEnd = tuple[Action | None, int, hint_core.Position]
# pimc.sighted_values: (positions, unseen, state, count, aces_only) -> (a value per position, the next state)
Sighted = Callable[[list[hint_core.Position], bytes, int, int, bool], tuple[list[int], int]]
PLAN_LIMIT = 400  # turn ends weighed by sampling; more are rare and not worth the time
EXACT_LIMIT = 20000  # positions searched when the stock is empty and nothing is hidden
FIRST_CUT = 8  # samples before the weaker half of the candidates is first dropped
WIN_BONUS = 24  # a win counts as half a game more; larger bonuses let one lucky rollout decide
TURN_LIMIT = 100  # positions a rollout searches for its best line each turn (0: it plays the simple rule)
CHUNK_SECONDS = 0.002  # sampling runs in chunks about this long between looks at the clock and the cancel flag
# Nested rollouts (plan_nested): how each turn of a finalist's rollout is chosen by rollouts of its own, the
# share of the time the flat rollouts get to pick the finalists, and how many finalists the nested ones weigh.
NESTED = hint_core.Nested(samples=64, width=4, last=16)
NESTED_SHARE = 0.5
FINALISTS = 2
# The players: rollouts alone, with perfect-information sampling (pimc.py), with nested rollouts for the
# close calls, or rollouts ranking their turns' ends by the learned evaluation (learned.py); named in
# options.py for the CLI.
PLAYERS = (ROLLOUT, PIMC, NESTED_PLAYER, LEARNED_PLAYER)
DEFAULT_PLAYER = DEFAULT_HINT_PLAYER


COMPILED_CORE = cores.load("idioten.acesup.hint._crollout")
_crollout = COMPILED_CORE.module
COMPILED_BUILT = COMPILED_CORE.built
CORE = COMPILED_CORE.name


def sample_totals(ends: list[hint_core.Position], bases: list[int], unseen: bytes, state: int, count: int,
                  aces_only: bool, core: str | None = None, turn_limit: int | None = None,
                  nested: hint_core.Nested | None = None,
                  learned_weights: hint_core.Learned | None = None) -> tuple[list[int], int]:
    """`core.sample_totals` on the chosen core (default `CORE`) and rollout (default `TURN_LIMIT`; nested
    rollouts with `nested`; turns ranked by the learned evaluation with `learned_weights`)."""
    turn_limit = TURN_LIMIT if turn_limit is None else turn_limit
    if (core or CORE) == "compiled":
        if _crollout is None:
            raise RuntimeError("the compiled rollout core is not built (core='compiled' needs it)")
        inner = (0, 0, 0) if nested is None else (nested.samples, nested.width, nested.last)
        totals: tuple[list[int], int] = _crollout.sample(
            [tuple(bytes(pile) for pile in end) for end in ends], bases, unseen, state, count, aces_only, WIN_BONUS,
            hint_core.FINAL_LIMIT, turn_limit, *inner, learned_weights)
        return totals
    return hint_core.sample_totals(ends, bases, unseen, state, count, aces_only, WIN_BONUS, hint_core.FINAL_LIMIT,
                                   turn_limit, nested, learned_weights)


@dataclass(frozen=True)
class PlayerView:
    piles: tuple[tuple[int, ...], ...]
    discarded: int
    unseen: tuple[int, ...]  # sorted: the stock as a set, plus nothing else
    stock_size: int
    aces_only: bool

    @classmethod
    def of(cls, game: Game) -> "PlayerView":
        seen = {card for pile in game.piles for card in pile} | set(game.discards)
        unseen = tuple(sorted(hint_core.encode(c) for c in full_deck() if c not in seen))
        return cls(tuple(tuple(hint_core.encode(c) for c in pile) for pile in game.piles), len(game.discards),
                   unseen, len(unseen), game.variant == ACES_ONLY)

    def table(self) -> list[list[int]]:
        return [list(pile) for pile in self.piles]

    def useful_actions(self) -> list[Action]:
        return hint_core.useful_actions(self.table(), self.stock_size, self.aces_only)


def hint(game: Game, time_budget: float = 1.0, rng: random.Random | None = None,
         cancel: threading.Event | None = None, max_samples: int | None = None,
         clock: Callable[[], float] = time.perf_counter, player: str | None = None) -> Action:
    """The recommended next useful action for the position of `game` (which is not changed).

    Thinks for about `time_budget` seconds, or until `max_samples` stock orders have been tried (with a
    fixed `max_samples` and a generous budget the answer depends only on the view and `rng`), or until
    `cancel` is set. Raises ValueError when the game is over. `clock` measures the budget: the window uses
    the wall clock; benchmarks on a shared machine may pass `time.thread_time` (the CPU this thread used),
    so that "1 s a hint" means one second of one core however busy the machine is. `player` (default
    `DEFAULT_PLAYER`): ROLLOUT values the turn's ends by rollouts alone, PIMC adds perfect-information
    sampling (`pimc.py`; without the compiled solver it is the rollout player), NESTED weighs the close calls
    by nested rollouts, LEARNED has the rollouts rank their turns' ends by the learned evaluation
    (`learned.py`; its weights missing or damaged: `learned.LearnedWeightsError`, a ValueError).

    Under the strict reading (`game.reading`, simulate's `--rules strict`) it weighs only the turn's ends
    the rules let a deal follow, and its rollouts play each turn by the simple rule, which discards and
    fills to the end before it deals and never moves a lone card: a strict line by construction.
    """
    player = DEFAULT_PLAYER if player is None else player
    if player not in PLAYERS:
        raise ValueError(f"no hint player {player!r}: one of {', '.join(PLAYERS)}")
    strict = game.reading == STRICT_RULES
    if strict and player in OWN_READING_ONLY:
        raise ValueError(f"the {player} player weighs the game's own reading only, not the strict one")
    learned_weights = learned.weights() if player == LEARNED_PLAYER else None
    deadline = clock() + time_budget
    view = PlayerView.of(game)
    candidates = list(game.useful_actions())
    if not candidates:
        raise ValueError("the game is over: there is nothing left to do")
    if len(candidates) == 1:
        return candidates[0]
    fallback = hint_core.rollout_choice(view.table(), view.stock_size, view.aces_only)
    assert fallback is not None  # two useful actions or more: the rollout player takes one of them
    if not view.stock_size:
        # Nothing is hidden any more: the best line is found exactly.
        ends = hint_core.turn_ends(view.table(), view.aces_only, EXACT_LIMIT)
        first, gained, _ = max(ends, key=lambda end: end[1])
        return first if first is not None and gained > 0 else fallback
    ends = hint_core.turn_ends(view.table(), view.aces_only, PLAN_LIMIT)
    if strict:
        ends = [end for end in ends if deal_allowed(view, game.variant, end[2])]
        if not ends:  # the search's cap left out every end the deal may follow
            return fallback
    rng = rng if rng is not None else random.Random()
    # With one deal left the rollouts weigh all 24 orders exactly: a sighted look adds nothing.
    if player == PIMC and pimc.AVAILABLE and len(view.unseen) > PILES:
        best = plan(view, ends, rng, deadline, cancel, max_samples, clock, pimc.sighted_values, pimc.FIRST_CUT)
    elif player == NESTED_PLAYER:
        best = plan_nested(view, ends, rng, deadline, cancel, max_samples, clock)
    else:  # with one deal left the rollouts weigh all 24 orders exactly: a sighted look adds nothing
        best = plan(view, ends, rng, deadline, cancel, max_samples, clock, turn_limit=0 if strict else None,
                    learned_weights=learned_weights)
    if best is None:
        return fallback
    return ends[best][0] or Action(DEAL)


def deal_allowed(view: PlayerView, variant: str, position: hint_core.Position) -> bool:
    """Whether the rules, under the strict reading, let the deal follow the turn's end `position`. The rules
    layer is asked on a game whose stock is the view's unseen cards in sorted order: the answer never
    depends on the stock's order, and the player never sees it."""
    end = Game([[hint_core.decode(card) for card in pile] for pile in position],
               [hint_core.decode(card) for card in view.unseen], (), variant, reading=STRICT_RULES)
    return end.can(DEAL_ACTION)


def plan(view: PlayerView, ends: Sequence[TurnEnd], rng: random.Random, deadline: float,
         cancel: threading.Event | None, max_samples: int | None,
         clock: Callable[[], float] = time.perf_counter, sighted: Sighted | None = None,
         first_cut: int = FIRST_CUT, turn_limit: int | None = None,
         learned_weights: hint_core.Learned | None = None) -> int | None:
    """Index of the turn's end position (the deal follows it) with the best mean rollout value over the
    same sampled stock orders; None if there was no time for one sample. Candidates far behind are
    dropped as the samples grow (successive halving), so the time goes to the close calls. `sighted`
    (`pimc.sighted_values`) adds a value per sampled order from a player who sees it; `learned_weights`
    has the rollouts rank their turns by the learned evaluation."""
    ranking, _, _ = rank(view, ends, rng, deadline, cancel, max_samples, clock, sighted, first_cut, turn_limit,
                         learned_weights)
    return ranking[0] if ranking else None


def rank(view: PlayerView, ends: Sequence[TurnEnd], rng: random.Random, deadline: float,
         cancel: threading.Event | None, max_samples: int | None,
         clock: Callable[[], float] = time.perf_counter, sighted: Sighted | None = None,
         first_cut: int = FIRST_CUT, turn_limit: int | None = None,
         learned_weights: hint_core.Learned | None = None) -> tuple[list[int], list[int], int]:
    """`plan`'s sampling: (the candidates still in the running at its end, best first (empty if there was
    no time for one sample); each candidate's total value; the samples every one still running had)."""
    totals = [0] * len(ends)
    alive = list(range(len(ends)))
    bases = [view.discarded + gained for _, gained, _ in ends]
    samples, next_cut = 0, first_cut
    # With one deal left, its 24 orders are all weighed (the rollout then plays exactly): no sampling error.
    every_order = list(itertools.permutations(view.unseen)) if len(view.unseen) <= PILES else None
    if every_order is not None:
        max_samples = len(every_order) if max_samples is None else min(max_samples, len(every_order))
    unseen = bytes(view.unseen)
    state = rng.getrandbits(64)
    per_sample = None  # seconds one sample of the living candidates took, measured as it goes
    while len(alive) > 1 and (max_samples is None or samples < max_samples):
        now = clock()
        if (cancel is not None and cancel.is_set()) or now >= deadline:
            break
        if every_order is not None:
            order = list(every_order[samples])
            for index in alive:
                piles = [list(pile) for pile in ends[index][2]]
                _, dealt = hint_core.apply(piles, order, 0, Action(DEAL))
                score = bases[index] + hint_core.rollout(piles, order, dealt, view.aces_only)  # exact: no turns
                totals[index] += score + (WIN_BONUS if score == WIN_SCORE else 0)
            samples += 1
            continue
        # As many samples as fit a chunk and the time left, never past the next cut or the sample cap.
        count = 1 if per_sample is None else max(1, int(min(CHUNK_SECONDS, deadline - now) / per_sample))
        count = min(count, next_cut - samples)
        if max_samples is not None:
            count = min(count, max_samples - samples)
        positions = [ends[i][2] for i in alive]
        sums, after = sample_totals(positions, [bases[i] for i in alive], unseen, state, count, view.aces_only,
                                    turn_limit=turn_limit, learned_weights=learned_weights)
        if sighted is not None:
            extra, drawn = sighted(positions, unseen, state, count, view.aces_only)
            assert drawn == after  # both draw the same orders, as hint_core.shuffled does
            sums = [total + value for total, value in zip(sums, extra)]
        state = after
        spent = clock() - now
        if spent > 0:
            per_sample = spent / count
        for index, total in zip(alive, sums):
            totals[index] += total
        samples += count
        if samples == next_cut:
            survivors = max(2, len(alive) // 2)
            alive.sort(key=lambda i: (-totals[i], i))
            alive = sorted(alive[:survivors])
            next_cut *= 2
    if not samples:
        return [], totals, 0
    return sorted(alive, key=lambda i: (-totals[i], i)), totals, samples


def plan_nested(view: PlayerView, ends: Sequence[TurnEnd], rng: random.Random, deadline: float,
                cancel: threading.Event | None, max_samples: int | None,
                clock: Callable[[], float] = time.perf_counter) -> int | None:
    """`plan` with nested rollouts: flat rollouts rank the candidates in the first `NESTED_SHARE` of the
    time (their successive halving drops the clear losers cheaply), then the `FINALISTS` best are weighed
    by nested rollouts (`hint_core.nested_rollout`, `NESTED`: the rollout's last turns chosen by rollouts of
    their own) on common stock orders until the time is spent. A finalist's value is its flat mean plus the
    mean of (nested − flat) over the nested stage's orders, both rollouts playing the same order: they play
    alike until the last turns, so the difference varies far less than the nested value itself (a control
    variate), and the few nested samples the time affords still tell the finalists apart. A finalist's
    nested sample counts only once every finalist has had it; with `max_samples`, each stage stops after that
    many orders. Without time for one nested sample, the flat ranking decides."""
    now = clock()
    ranking, flat_totals, flat_samples = rank(view, ends, rng, now + NESTED_SHARE * (deadline - now), cancel,
                                              max_samples, clock)
    finalists = ranking[:FINALISTS]
    if len(finalists) < 2 or len(view.unseen) <= PILES:  # one deal left: nothing for a nested player to choose
        return ranking[0] if ranking else None
    positions = [ends[i][2] for i in finalists]
    bases = [view.discarded + ends[i][1] for i in finalists]
    unseen = bytes(view.unseen)
    corrections = [0] * len(finalists)
    state = rng.getrandbits(64)
    samples = 0
    while max_samples is None or samples < max_samples:
        row, after = [], state
        for position, base in zip(positions, bases):  # one finalist a call, so the clock is looked at between
            if (cancel is not None and cancel.is_set()) or clock() >= deadline:
                break
            nested, after = sample_totals([position], [base], unseen, state, 1, view.aces_only, nested=NESTED)
            flat, _ = sample_totals([position], [base], unseen, state, 1, view.aces_only)
            row.append(nested[0] - flat[0])
        if len(row) < len(finalists):
            break
        corrections = [total + value for total, value in zip(corrections, row)]
        state = after
        samples += 1
    if not samples:
        return finalists[0]
    values = [flat_totals[i] / flat_samples + corrections[k] / samples for k, i in enumerate(finalists)]
    best = max(range(len(finalists)), key=lambda k: (values[k], -k))  # among equals, the flat ranking's order
    return finalists[best]


def policy(game: Game, rng: random.Random, time_budget: float = 1.0, player: str | None = None) -> Action | None:
    """The hint player as a `policies.Policy`: None when the game is over."""
    if game.is_over():
        return None
    return hint(game, time_budget=time_budget, rng=rng, player=player)


__all__ = ["COMPILED_BUILT", "CORE", "DEFAULT_PLAYER", "LEARNED_PLAYER", "NESTED_PLAYER", "PLAYERS", "PIMC", "ROLLOUT",
           "PlayerView", "WIN_BONUS", "hint", "policy", "sample_totals"]
