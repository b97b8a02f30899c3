"""The compiled search core against the Python one (the executable specification) and the brute force.

Both cores must give the same verdict and best score on every position. The compiled core is loaded even
when IDIOTEN_PURE_PYTHON is set, so these comparisons run in both CI passes. Where no compiler was available
the comparisons check the Python core alone; CI sets IDIOTEN_REQUIRE_COMPILED=1, and then a missing
compiled core fails (tests/test_cores.py).
"""

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_brute import best_score as brute_best_score
from test_solver import TRAP, replays_as_win, small_positions
from tiers import examples, fast_first

from idioten.acesup import solver
from idioten.acesup.players import greedy
from idioten.acesup.rules import ACES_ONLY, DISCARD, STANDARD, WIN_SCORE, Game
from idioten.acesup.solver import UNKNOWN, UNWINNABLE, WINNABLE, solve
from idioten.cards import deal_cards, full_deck

CORES = ["python", "compiled"] if solver.COMPILED_BUILT else ["python"]
# Numbered aces-only deals that are traps: winnable, but not by a player who discards every card as soon as
# it may go (found by bench/odds.py; small enough for the Python core).
TRAP_DEALS = [243, 277, 280]


def outcome(game, core, time_limit=60):
    result = solve(game, time_limit=time_limit, core=core)
    assert result.core == core
    if result.result == WINNABLE:
        assert replays_as_win(game, result.moves), (core, game.to_text())
    else:
        assert result.moves is None
    return result.result, result.best_score


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_both_cores_agree_with_the_brute_force_on_small_positions(game):
    expected = brute_best_score(game)
    verdict = WINNABLE if expected == WIN_SCORE else UNWINNABLE
    for core in CORES:
        assert outcome(game, core) == (verdict, expected), (core, game.to_text())


def test_both_cores_win_the_pinned_trap_position():
    game = Game.from_text(TRAP)
    for core in CORES:
        assert outcome(game, core) == (WINNABLE, WIN_SCORE)


@pytest.mark.parametrize("deal", TRAP_DEALS)
def test_both_cores_win_the_pinned_trap_deals_which_always_discarding_loses(deal, monkeypatch):
    game = Game.new(deal_cards(deal), ACES_ONLY, deal)
    for core in CORES:
        assert outcome(game, core) == (WINNABLE, WIN_SCORE)
        monkeypatch.setattr(solver, "CORE", core)
        assert solver.always_discard_wins(game, time_limit=30) is False
    assert solver.always_discard_wins(Game.new(deal_cards(5), STANDARD, 5), time_limit=30) is True


def mid_game(seed: int) -> Game:
    """A deal played by a random player who mostly discards, until 12 or 16 stock cards are left."""
    rng = random.Random(seed)
    game = Game.new(deal_cards(10_000 + seed), (STANDARD, ACES_ONLY)[seed % 2])
    stock_left = (12, 16)[seed // 2 % 2]
    while len(game.stock) > stock_left:
        actions = list(game.useful_actions())
        discards = [a for a in actions if a.kind == DISCARD]
        game.apply(rng.choice(discards if discards and rng.random() < 0.85 else actions))
    return game


@pytest.mark.parametrize("first", fast_first(range(0, 300, 25)))  # 25 positions fast, 300 in all
def test_both_cores_agree_on_random_mid_game_positions(first):
    verdicts = set()
    for seed in range(first, first + 25):
        game = mid_game(seed)
        answers = {core: outcome(game, core) for core in CORES}
        assert len(set(answers.values())) == 1, (seed, game.to_text(), answers)
        assert UNKNOWN not in {verdict for verdict, _ in answers.values()}, (seed, game.to_text())
        verdicts.add(answers["python"][0])
    assert UNWINNABLE in verdicts


# Stopping (a cancel, a CPU budget, a position cap) and the GIL while searching: tests/acesup/test_solver_stop.py.


@pytest.mark.parametrize("variant, deal", fast_first([(STANDARD, 19), (STANDARD, 7), (ACES_ONLY, 3)], 2))
def test_a_tiny_table_replaces_entries_and_changes_no_answer(variant, deal):
    if not solver.COMPILED_BUILT:
        assert solver.CORE == "python"
        return
    game = Game.new(deal_cards(deal), variant, deal)
    roomy = solve(game, time_limit=60, core="compiled")
    tiny = solve(game, time_limit=60, core="compiled", memory_bytes=64 * 1024)  # 4096 entries
    assert roomy.result == UNWINNABLE
    assert (tiny.result, tiny.best_score) == (roomy.result, roomy.best_score)
    assert tiny.states > roomy.states  # entries were replaced and positions searched again


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(), st.integers(-2, 1))
def test_reaches_says_whether_a_score_can_be_reached_on_both_cores(game, offset):
    best = brute_best_score(game)
    score = max(0, min(WIN_SCORE, best + offset))
    for core in CORES:
        assert solver.reaches(game, score, core=core) == (best >= score), (core, score, game.to_text())


@pytest.mark.parametrize("variant, deal, at", [(STANDARD, 7, 0), (STANDARD, 19, 6), (ACES_ONLY, 3, 0),
                                               (STANDARD, 19, 30), (ACES_ONLY, 8, 24)])
def test_reaches_agrees_with_the_exact_best_score_on_real_deals(variant, deal, at):
    game = Game.new(deal_cards(deal), variant, deal)
    rng = random.Random(deal)
    for _ in range(at):
        game.apply(greedy(game, rng))
    best = solve(game, core=solver.CORE).best_score
    assert best < WIN_SCORE  # a deal never winnable: the question below a win is the one that matters
    cores = CORES if at >= 24 else [solver.CORE]  # the Python core is slow from the start of a deal
    for core in cores:
        assert [solver.reaches(game, score, core=core) for score in (best - 1, best, best + 1)] == [True, True, False]


def test_reaches_stops_when_cancelled_and_refuses_a_score_no_game_has():
    stop = threading.Event()
    stop.set()
    game = Game.new(deal_cards(2))  # never winnable, and proving it takes long: no answer before the flag is seen
    for core in CORES:
        assert solver.reaches(game, WIN_SCORE, stop, core=core) is None
    with pytest.raises(ValueError):
        solver.reaches(game, 49)


@st.composite
def positions_with_rounds(draw):
    """Up to 11 non-aces and the four aces, up to three rounds in the stock: rounds of four suits (after which
    nothing can happen, the dead-rounds rule) come up often enough, and so do keep-or-discard choices."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    others = [c for c in full_deck() if c.rank != 14]
    rng.shuffle(others)
    in_play = others[:draw(st.integers(4, 11))] + [c for c in full_deck() if c.rank == 14]
    rng.shuffle(in_play)
    stock_size = 4 * draw(st.integers(1, min(3, (len(in_play) - 1) // 4)))
    stock, table = in_play[:stock_size], in_play[stock_size:]
    piles = [[], [], [], []]
    for card in table:
        piles[rng.randrange(4)].append(card)
    return Game(piles, stock, [c for c in others if c not in in_play], draw(st.sampled_from([STANDARD, ACES_ONLY])))


PRUNING_SETS = [0, solver.PRUNE_SAFE_REMOVAL, solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_DEAD_ROUNDS,
                solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_SAME_COLUMN, solver.ALL_PRUNINGS]


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions_with_rounds())
def test_each_set_of_prunings_agrees_with_the_brute_force(game):
    """On both cores: the Python one applies each rule as solver/prune.py decides it, the compiled one as
    csrc/prune.c does (tests/acesup/test_solver_prune.py checks that the two decide the same)."""
    expected = brute_best_score(game)
    verdict = WINNABLE if expected == WIN_SCORE else UNWINNABLE
    for core in CORES:
        for prunings in PRUNING_SETS:
            result = solve(game, time_limit=60, core=core, prunings=prunings)
            assert (result.result, result.best_score) == (verdict, expected), (core, prunings, game.to_text())
            if result.result == WINNABLE:
                assert replays_as_win(game, result.moves), (core, prunings, game.to_text())


@pytest.mark.parametrize("deal", fast_first([457, 33, 126]))  # 17,000 positions fast, 560,000 and 1.2 M slow
def test_the_dead_rounds_rule_cuts_positions_and_keeps_the_answer(deal):
    """Standard deals 457, 33 and 126 are losses whose stock holds rounds of four suits; skipping those rounds
    in Rule 4F's round condition removes cards sooner (2.3x fewer positions for 457, 7,478 against 16,946;
    bench/solver_cuts.py measured 1.5x and 2.6x for the others)."""
    if not solver.COMPILED_BUILT:
        assert solver.CORE == "python"
        return
    game = Game.new(deal_cards(deal), STANDARD, deal)
    without = solve(game, time_limit=60, core="compiled", prunings=solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_SAME_COLUMN)
    with_rule = solve(game, time_limit=60, core="compiled",
                      prunings=solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_SAME_COLUMN | solver.PRUNE_DEAD_ROUNDS)
    assert without.result == UNWINNABLE
    assert (with_rule.result, with_rule.best_score) == (without.result, without.best_score)
    assert with_rule.states < 0.8 * without.states


@pytest.mark.parametrize("deal", fast_first([42, 8]))
def test_a_search_past_the_first_table_stage_keeps_its_answer(deal):
    """The compiled table starts small and moves to the full budget after 32,768 inserts (csrc/table.c). A
    search across the move (deal 42: about 136,000 positions; deal 8, in the slow tier: about 620,000) must give
    the answer a search that never moves gives: the same budget as the first stage alone (1 MB) never grows."""
    if not solver.COMPILED_BUILT:
        assert solver.CORE == "python"
        return
    game = Game.new(deal_cards(deal), STANDARD, deal)
    staged = solve(game, time_limit=60, core="compiled")
    small = solve(game, time_limit=60, core="compiled", memory_bytes=2**20)
    assert staged.result == UNWINNABLE
    assert (small.result, small.best_score) == (staged.result, staged.best_score)
    assert staged.states > 40_000
