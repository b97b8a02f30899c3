
import pytest
from hypothesis import HealthCheck, given, settings
from solver_brute import best_score as brute_best_score
from test_solver import TRAP, replays_as_win, small_positions
from tiers import examples

from idioten.acesup.rules import ACES_ONLY, STANDARD, WIN_SCORE, Game
from idioten.acesup.solver import WINNABLE, solve
from idioten.acesup.solver.quick import quick_win, shorten_moves
from idioten.cards import deal_cards


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_the_first_look_finds_a_win_exactly_when_always_discarding_wins(game):
    line, _ = quick_win(game, node_limit=10**7)
    always_discard_wins = brute_best_score(game, always_discard=True) == WIN_SCORE
    assert (line is not None) == always_discard_wins, game.to_text()
    if line is not None:
        assert replays_as_win(game, line)
        short = shorten_moves(game, line)
        assert replays_as_win(game, short) and len(short) <= len(line)
        assert [a for a in short if a.kind != "move"] == [a for a in line if a.kind != "move"]


def test_a_trap_needs_the_exact_search():
    game = Game.from_text(TRAP)
    assert quick_win(game, node_limit=10**7)[0] is None
    assert solve(game).result == WINNABLE


@pytest.mark.parametrize("deal,variant", [(1, STANDARD), (4, STANDARD), (9, STANDARD), (16, ACES_ONLY)])
def test_numbered_deals_it_wins_replay_as_wins(deal, variant):
    game = Game.new(deal_cards(deal), variant)
    line, positions = quick_win(game, node_limit=10**6)
    assert line is not None and positions > 0
    assert replays_as_win(game, line)
    assert game.to_text() == Game.new(deal_cards(deal), variant).to_text()  # the caller's game is untouched


def test_it_gives_up_at_the_position_limit():
    game = Game.new(deal_cards(2))  # no quick win: it must search until the cap
    line, positions = quick_win(game, node_limit=2000)
    assert line is None and positions <= 2000 + 512


def test_cards_wandering_between_gaps_are_cut_from_a_solution():
    game = Game.new(deal_cards(4))
    line, _ = quick_win(game, node_limit=10**6)
    short = shorten_moves(game, line)
    assert replays_as_win(game, short)
    assert sum(a.kind == "move" for a in short) < sum(a.kind == "move" for a in line)
    assert solve(game, time_limit=30).moves == short
