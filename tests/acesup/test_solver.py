import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_brute import best_score as brute_best_score
from test_rules import play_randomly
from tiers import examples

from idioten.acesup.players import greedy, play
from idioten.acesup.rules import ACES_ONLY, STANDARD, WIN_SCORE, Game
from idioten.acesup.solver import UNKNOWN, UNWINNABLE, WINNABLE, solve
from idioten.acesup.solver.search import compact, legal_actions
from idioten.cards import deal_cards, full_deck

# Found by comparing the brute force with and without "always discard at once" on random small positions:
# winnable, but only by keeping a card that could be discarded (traps are most common in aces-only).
TRAP = ("aces-only | 5H TD 3D / AS JH / AC KH / AH | JC 7C 4H AD | 2C KD KC QS 4D TS 5D 6S 2H 3S 6D 9H 2S QD 2D "
        "7D TC 7H 3C JD 5C 8D JS TH 8S KS 9S 9D 8C 8H 6C 4C QC QH 4S 3H 7S 6H 9C 5S")


def replays_as_win(game: Game, moves) -> bool:
    copy = game.copy()
    copy.replay(moves)  # raises IllegalAction on the first illegal move
    return copy.is_won()


@st.composite
def small_positions(draw, variant=STANDARD):
    """A late position: the four aces and a few other cards in play, everything else discarded."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    others = [c for c in full_deck() if c.rank != 14]
    rng.shuffle(others)
    in_play = others[:draw(st.integers(2, 9))] + [c for c in full_deck() if c.rank == 14]
    rng.shuffle(in_play)
    stock_size = 4 * draw(st.integers(0, min(2, len(in_play) // 4)))
    stock, table = in_play[:stock_size], in_play[stock_size:]
    piles = [[], [], [], []]
    for card in table:
        piles[rng.randrange(4)].append(card)
    return Game(piles, stock, [c for c in others if c not in in_play], draw(st.sampled_from([STANDARD, ACES_ONLY])))


# In the slow tier only: in the fast tier, the test of test_solver_cores.py that compares both cores with the
# brute force on small positions asks the same of each core, on positions drawn the same way.
@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_solver_agrees_with_brute_force(game):
    expected = brute_best_score(game)
    result = solve(game, time_limit=30)
    assert result.result == (WINNABLE if expected == WIN_SCORE else UNWINNABLE), game.to_text()
    assert result.best_score == expected, game.to_text()
    if result.result == WINNABLE:
        assert replays_as_win(game, result.moves)
    else:
        assert result.moves is None


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 60), st.sampled_from([STANDARD, ACES_ONLY]))
def test_move_generator_agrees_with_the_rules(deal, steps, variant):
    game = Game.new(deal_cards(deal), variant)
    play_randomly(game, random.Random(deal), steps)
    piles, _, _ = compact(game)
    expected = set(game.legal_actions())
    if not game.stock:
        expected = {a for a in expected if game.is_useful(a)}
    assert set(legal_actions(piles, len(game.stock), variant == ACES_ONLY)) == expected


def test_trap_is_won_by_keeping_a_card_but_lost_by_always_discarding():
    game = Game.from_text(TRAP)
    result = solve(game)
    assert result.result == WINNABLE and replays_as_win(game, result.moves)
    assert brute_best_score(game, always_discard=True) < WIN_SCORE
    assert play(game.copy(), greedy, random.Random(1)) < WIN_SCORE


@pytest.mark.parametrize("deal", [5, 9])
def test_winning_lines_of_numbered_deals_replay(deal):
    game = Game.new(deal_cards(deal))
    result = solve(game, time_limit=60)
    assert result.result == WINNABLE and result.best_score == WIN_SCORE
    assert replays_as_win(game, result.moves)


def test_solving_from_the_middle_of_a_game_counts_the_cards_already_discarded():
    game = Game.new(deal_cards(9))
    line = solve(game, time_limit=60).moves
    game.replay(line[:20])
    before = game.to_text()
    result = solve(game, time_limit=60)
    assert game.to_text() == before  # the caller's game is left alone
    assert result.result == WINNABLE and replays_as_win(game, result.moves)


def test_unwinnable_deal_reports_a_best_score_it_can_reach():
    game = Game.new(deal_cards(19))
    result = solve(game, time_limit=60)
    assert result.result == UNWINNABLE and result.moves is None
    assert game.score < result.best_score < WIN_SCORE
    assert result.states > 0


def test_a_won_and_a_finished_position():
    won = Game([[c] for c in full_deck() if c.rank == 14], [], [c for c in full_deck() if c.rank != 14])
    result = solve(won)
    assert (result.result, result.moves, result.best_score) == (WINNABLE, [], WIN_SCORE)
    on_table = ("AH", "2H", "AC", "3C", "AD", "4D", "AS", "5S")
    stuck = Game.from_text("standard | AH 2H / AC 3C / AD 4D / AS 5S | - | " + " ".join(
        str(c) for c in full_deck() if str(c) not in on_table))
    result = solve(stuck)
    assert (result.result, result.best_score) == (UNWINNABLE, 48 - 4)


def hard_game():
    return Game.new(deal_cards(2))  # takes the solver millions of positions


def test_a_position_cap_gives_unknown():
    # Stopping on a clock or a cancel: tests/acesup/test_solver_stop.py (in positions, the same on every machine).
    result = solve(hard_game(), max_positions=2000)
    assert (result.result, result.moves, result.states) == (UNKNOWN, None, 2000)
