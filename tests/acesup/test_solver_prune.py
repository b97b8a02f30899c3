"""solver/prune.py, the Python specification of csrc/prune.c: both decide the same for every position, and both
cores, each applying the rules itself, search the same positions to the verdict.

Each rule against the brute force: tests/acesup/test_solver_cores.py (Rule 4F, 4F-A, the dead rounds, on both cores)
and tests/ui/test_solver_verdict.py (the lock)."""

import random

import pytest
from test_solver_verdict import late_position
from tiers import fast_first

from idioten.acesup import solver
from idioten.acesup.rules import ACES_ONLY, STANDARD, Game
from idioten.acesup.solver import prune, solve
from idioten.acesup.solver.search import compact
from idioten.cards import deal_cards

needs_compiled = pytest.mark.skipif(not solver.COMPILED_BUILT, reason="the compiled core was not built here "
                                    "(tests/test_cores.py fails where CI requires it)")
# The sets of the exact prunings the removal rule is asked under (the lock takes none of them).
REMOVAL_SETS = [prune.SAFE_REMOVAL, prune.SAFE_REMOVAL | prune.SAME_COLUMN, prune.SAFE_REMOVAL | prune.DEAD_ROUNDS,
                prune.EXACT]


def played_position(seed: int):
    """A position of real play (a numbered deal, random legal actions), with the deal's whole stock, the
    cards dealt so far and random flags on the table's non-aces (the rules decide for any flags)."""
    rng = random.Random(seed)
    variant = (STANDARD, ACES_ONLY)[seed % 2]
    cards = deal_cards(rng.randrange(1, 10**6))
    game = Game.new(cards, variant)
    for _ in range(rng.randrange(0, 90)):
        actions = list(game.legal_actions())
        if not actions:
            break
        game.apply(rng.choice(actions))
    piles, _, gone = compact(game)
    stock = bytes(card.index for card in cards[4:])
    flags = 0
    for pile in piles:
        for card in pile:
            if card % 13 != prune.ACE_RANK and rng.random() < 0.3:
                flags |= prune.BIT[card]
    return piles, stock, 48 - len(game.stock), gone, flags, variant == ACES_ONLY


def late_arranged_position(seed: int):
    """A late position with the cards laid out at random (test_solver_verdict.late_position): locks are common."""
    game = late_position(seed)
    piles, stock, gone = compact(game)
    rng = random.Random(seed)
    flags = sum(prune.BIT[card] for pile in piles for card in pile
                if card % 13 != prune.ACE_RANK and rng.random() < 0.2)
    return piles, stock, 0, gone, flags, game.variant == ACES_ONLY


def python_decisions(piles, stock, dealt, gone, flags, aces_only, prunings):
    """(the non-ace table cards Rule 4F's condition accepts, as a bit mask; the lock) by prune.py."""
    deal = prune.Deal(piles, stock, aces_only, prunings)
    tops = sum(prune.BIT[pile[-1]] for pile in piles if pile)
    accepted = 0
    for pile in piles:
        for card in pile:
            if card % 13 != prune.ACE_RANK and deal.removable(card, dealt, gone, flags, tops & ~flags):
                accepted |= prune.BIT[card]
    return accepted, deal.locked_lost(piles, dealt, gone, flags)


@needs_compiled
# Seeds 0-799 of each kind in batches of 200: the first of each in the fast tier, the others in the slow tier.
@pytest.mark.parametrize("make, first", fast_first([(make, first) for first in range(0, 800, 200)
                                                    for make in (played_position, late_arranged_position)], 2))
def test_prune_py_and_prune_c_decide_the_same_for_every_position(make, first):
    seen = {"accepted": 0, "refused": 0, "locked": 0, "not locked": 0, "same column": 0, "dead rounds": 0}
    for seed in range(first, first + 200):
        position = make(seed)
        answers = {}
        for prunings in REMOVAL_SETS:
            python = python_decisions(*position, prunings)
            compiled = solver._csearch.prune_probe(*position, prunings)
            assert (python[0], python[1]) == (compiled[0], bool(compiled[1])), (seed, prunings, position)
            answers[prunings] = python
        accepted, locked = answers[prune.EXACT]
        table = sum(prune.BIT[card] for pile in position[0] for card in pile) & prune.NON_ACES
        seen["accepted"] += bool(accepted)
        seen["refused"] += bool(table & ~accepted)
        seen["locked" if locked else "not locked"] += 1
        seen["same column"] += answers[prune.SAFE_REMOVAL | prune.SAME_COLUMN] != answers[prune.SAFE_REMOVAL]
        seen["dead rounds"] += answers[prune.SAFE_REMOVAL | prune.DEAD_ROUNDS] != answers[prune.SAFE_REMOVAL]
    # The sample reaches every branch: both answers of each decision, and each rule changing some answer.
    assert seen["accepted"] and seen["refused"] and seen["not locked"], seen
    if make is late_arranged_position:
        assert seen["locked"] and seen["same column"], seen
    else:
        assert seen["dead rounds"], seen


@needs_compiled
@pytest.mark.parametrize("prunings", [0, prune.SAFE_REMOVAL, prune.SAFE_REMOVAL | prune.SAME_COLUMN,
                                      prune.SAFE_REMOVAL | prune.DEAD_ROUNDS, prune.LOCK, prune.ALL])
def test_both_cores_search_the_same_positions_to_the_verdict_under_each_set_of_rules(prunings):
    """search.py applies the rules where the compiled core does, so the two examine the same positions."""
    for seed in range(60):
        game = late_position(seed)
        python = solve(game, time_limit=60, core="python", prunings=prunings)
        compiled = solve(game, time_limit=60, core="compiled", prunings=prunings)
        assert (python.result, python.best_score, python.decided_states) == \
            (compiled.result, compiled.best_score, compiled.decided_states), (seed, game.to_text())


def test_each_rule_cuts_positions_of_the_python_core():
    """Over 60 late positions (a third of them aces-only), each rule added means fewer positions to the verdict
    (measured: 1687, 1600, 1597, 1528, 1496), each with the answers of the search without it."""
    games = [late_position(seed) for seed in range(60)]
    plain = [solve(game, core="python", prunings=0) for game in games]
    totals = []
    for prunings in (0, prune.SAFE_REMOVAL, prune.SAFE_REMOVAL | prune.SAME_COLUMN, prune.EXACT, prune.ALL):
        results = [solve(game, core="python", prunings=prunings) for game in games]
        assert [(r.result, r.best_score) for r in results] == [(r.result, r.best_score) for r in plain]
        totals.append(sum(r.decided_states for r in results))
    assert totals == sorted(totals, reverse=True) and len(set(totals)) == len(totals), totals


def test_a_dead_round_is_four_suits():
    stock = bytes([0, 13, 26, 39, 0, 1, 26, 39])
    assert prune.dead_round(stock, 0) and not prune.dead_round(stock, 1)
