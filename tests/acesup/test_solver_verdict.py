"""The verdict pass and the best score after it: the move-free lock (a pruning that keeps only the verdict,
proved in csrc/prune.c, specified in solver/prune.py) against the brute force on both cores, and what every
place that shows or uses an unwinnable deal's best score does when the time ran out before that score was
proved (`SolveResult.best_score_exact` false)."""

import json
import random

import pytest
from solver_brute import best_score as brute_best_score
from test_solver import replays_as_win
from test_solver_cores import CORES, outcome
from tiers import fast_first

from idioten.acesup import analysis, solver
from idioten.acesup.analysis import Fact, Undecided, analyse
from idioten.acesup.rules import ACES_ONLY, STANDARD, WIN_SCORE, Game
from idioten.acesup.solver import UNWINNABLE, WINNABLE, SolveResult, solve
from idioten.acesup.solver.search import LOCK, Search
from idioten.cards import deal_cards, full_deck
from idioten.cli import main

EXACT = solver.PRUNE_SAFE_REMOVAL | solver.PRUNE_SAME_COLUMN | solver.PRUNE_DEAD_ROUNDS


def late_position(seed: int) -> Game:
    """Up to 12 non-aces and the four aces, up to three rounds in the stock, the table cards on the four piles
    at random (so that often no pile is empty and aces lie on several piles: where the lock can hold)."""
    rng = random.Random(seed)
    others = [c for c in full_deck() if c.rank != 14]
    rng.shuffle(others)
    in_play = others[:rng.randint(4, 12)] + [c for c in full_deck() if c.rank == 14]
    rng.shuffle(in_play)
    stock_size = 4 * rng.randint(0, min(3, (len(in_play) - 4) // 4))
    stock, table = in_play[:stock_size], in_play[stock_size:]
    piles = [[], [], [], []]
    for n, card in enumerate(table):
        piles[n % 4 if n < 4 else rng.randrange(4)].append(card)
    return Game(piles, stock, [c for c in others if c not in in_play], (STANDARD, ACES_ONLY)[seed % 3 == 0])


def python_positions(game: Game, verdict_prunings: int) -> int:
    search = Search.from_game(game)
    search.verdict_prunings = verdict_prunings
    search.run()
    return search.decided_states


# Seeds 0-239 in batches of 30: seeds 60-89 in the fast tier (the batch with the fewest positions to search: 0.4
# CPU-s against 0.7 to 2.1 for the others), the other seven in the slow tier.
@pytest.mark.parametrize("first", fast_first(sorted(range(0, 240, 30), key=lambda first: first != 60)))
def test_the_lock_keeps_every_verdict_and_best_score_of_the_brute_force_and_cuts_positions(first):
    cut = {"python": 0, "compiled": 0}
    for seed in range(first, first + 30):
        game = late_position(seed)
        expected = brute_best_score(game)
        answer = (WINNABLE if expected == WIN_SCORE else UNWINNABLE, expected)
        for core in CORES:  # each core's default: the lock in the verdict pass, then the best score
            assert outcome(game, core) == answer, (core, game.to_text())
        cut["python"] += python_positions(game, LOCK) < python_positions(game, 0)
        if solver.COMPILED_BUILT:
            for prunings in (solver.PRUNE_LOCK, EXACT | solver.PRUNE_LOCK):
                result = solve(game, time_limit=60, core="compiled", prunings=prunings)
                assert (result.result, result.best_score) == answer, (prunings, game.to_text())
                assert result.best_score_exact
                if result.result == WINNABLE:
                    assert replays_as_win(game, result.moves)
            without = solve(game, time_limit=60, core="compiled", prunings=EXACT)
            cut["compiled"] += result.decided_states < without.decided_states
    # The lock held somewhere in this batch, on each core: the comparisons above did test it.
    assert cut["python"] >= 1
    assert cut["compiled"] >= 1 or not solver.COMPILED_BUILT


@pytest.mark.parametrize("deal", fast_first([50, 8, 126]))  # the small one fast, the others in the slow tier
def test_the_lock_cuts_the_verdict_of_a_real_loss_and_the_second_pass_keeps_its_best_score(deal):
    """Standard deals 50, 8 and 126: 2.3x (5,783 against 13,349), 2.4x and 1.8x (bench/solver_cuts.py) fewer
    positions to the verdict."""
    if not solver.COMPILED_BUILT:
        assert solver.CORE == "python"
        return
    game = Game.new(deal_cards(deal), STANDARD, deal)
    exact = solve(game, time_limit=60, core="compiled", prunings=EXACT)
    locked = solve(game, time_limit=60, core="compiled")
    assert exact.result == UNWINNABLE and exact.best_score_exact
    assert (locked.result, locked.best_score, locked.best_score_exact) == (UNWINNABLE, exact.best_score, True)
    assert locked.decided_states < 0.7 * exact.decided_states
    assert exact.decided_states == exact.states  # no second pass without a verdict-only pruning


def test_a_loss_the_lock_never_cut_needs_no_second_pass():
    """Standard deal 7: the lock never holds in its search (bench/solver_cuts.py: the same 32,660 positions
    with and without it), so the verdict pass was the exact search and its best score is exact."""
    if not solver.COMPILED_BUILT:
        assert solver.CORE == "python"
        return
    game = Game.new(deal_cards(7), STANDARD, 7)
    exact = solve(game, time_limit=60, core="compiled", prunings=EXACT)
    result = solve(game, time_limit=60, core="compiled")
    assert (result.result, result.best_score, result.best_score_exact) == (UNWINNABLE, exact.best_score, True)
    assert result.states == result.decided_states == exact.states


@pytest.mark.parametrize("deal", fast_first([19, 18, 33]))  # 11,000 positions fast, 440,000 and 460,000 slow
def test_the_compiled_best_score_pass_searches_only_under_the_locks_cuts(deal):
    """Standard deals 19, 18 and 33: the verdict pass with the lock and then the best score measured under the
    positions it cut cost about one exact pass (a second search of everything had cost two)."""
    if not solver.COMPILED_BUILT:
        assert solver.CORE == "python"
        return
    game = Game.new(deal_cards(deal), STANDARD, deal)
    exact = solve(game, time_limit=60, core="compiled", prunings=EXACT)
    result = solve(game, time_limit=60, core="compiled")
    assert (result.result, result.best_score, result.best_score_exact) == (UNWINNABLE, exact.best_score, True)
    assert result.decided_states < result.states < 1.3 * exact.states


# The Python core takes seconds over deal 19: the slow tier's.
@pytest.mark.parametrize("core", fast_first(sorted(CORES, key=lambda core: core == "python"), len(CORES) - 1))
def test_each_core_says_when_the_best_score_was_still_being_measured(core):
    """Standard deal 19: the lock cuts in the verdict pass, so a second pass measures the best score; a cap
    on positions between the two ends the search while it measures (the same count on every machine)."""
    game = Game.new(deal_cards(19), STANDARD, 19)
    exact = solve(game, core=core)
    assert exact.result == UNWINNABLE and exact.best_score_exact
    assert exact.decided_states < exact.states
    cut = solve(game, core=core, max_positions=exact.decided_states + 1)
    assert (cut.result, cut.best_score_exact) == (UNWINNABLE, False)
    assert cut.best_score <= exact.best_score < WIN_SCORE
    assert cut.decided_states == exact.decided_states < cut.states


def test_unknown_is_never_an_exact_best_score():
    for core in CORES:
        result = solve(Game.new(deal_cards(2)), core=core, max_positions=1000)
        assert (result.result, result.best_score_exact) == ("unknown", False)


def inexact(*_args, **_kwargs) -> SolveResult:
    return SolveResult(UNWINNABLE, None, 36, 1000, 0.5, 0.1, "compiled", 0.5, best_score_exact=False)


def test_the_command_line_says_the_best_score_is_only_the_best_found(monkeypatch, capsys):
    import idioten.cli.acesup_run as cli
    monkeypatch.setattr(cli, "solve", inexact)
    assert main(["solve", "--deal", "12"]) == 0
    text = capsys.readouterr().out
    assert "cannot be won" in text and "best line found discards 36" in text and "best play" not in text
    assert main(["solve", "--deal", "12", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["result"], report["best_score"], report["best_score_exact"]) == (UNWINNABLE, 36, False)


def test_an_analysis_uses_a_proved_loss_but_never_a_best_score_that_is_not_proved(monkeypatch):
    monkeypatch.setattr(solver, "solve", inexact)
    game = Game.new(deal_cards(19), STANDARD, 19)
    assert analysis.default_solve(game, None) == Fact(UNWINNABLE, None, None)
    with pytest.raises(Undecided):  # the target of a lesson about a lost deal is its exact best score
        analyse(game, [], solve=analysis.default_solve)
    # A lost position whose best score is unknown still answers "could it still be won?": no.
    asked = []

    def solve_start_only(position, cancel):
        asked.append(position.to_text())
        if len(asked) == 1:
            return Fact(WINNABLE, (), WIN_SCORE)
        return Fact(UNWINNABLE, None, None)
    from test_analysis import greedy_line
    played, moves = greedy_line(5)
    found = analyse(played, moves, solve=solve_start_only)
    assert found.best_score == WIN_SCORE and found.winnable_until is not None
