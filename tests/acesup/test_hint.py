import json
import random
import threading

from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules import play_randomly
from tiers import examples

from idioten.acesup.hint import PlayerView, hint, policy
from idioten.acesup.hint import core as hint_core
from idioten.acesup.players import greedy, play
from idioten.acesup.rules import ACES_ONLY, DEAL, DISCARD, STANDARD, Action, Game
from idioten.cards import deal_cards, parse_cards


def _positions(deal: int, variant: str, steps: int) -> Game:
    """A position part-way through a deal, reached by the random player."""
    game = Game.new(deal_cards(deal), variant)
    play_randomly(game, random.Random(deal), steps)
    return game


@settings(max_examples=examples(80), deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([STANDARD, ACES_ONLY]), st.integers(0, 120))
def test_compact_move_generator_matches_the_rules(deal, variant, steps):
    game = _positions(deal, variant, steps)
    view = PlayerView.of(game)
    assert view.useful_actions() == list(game.useful_actions())
    for action in view.useful_actions():
        if action.kind == DEAL:
            continue
        after = game.copy()
        after.apply(action)
        table = view.table()
        hint_core.apply(table, [], 0, action)
        assert table == [[hint_core.encode(c) for c in pile] for pile in after.piles]


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([STANDARD, ACES_ONLY]), st.integers(0, 120))
def test_hint_is_a_useful_action(deal, variant, steps):
    game = _positions(deal, variant, steps)
    if game.is_over():
        return
    action = hint(game, time_budget=5.0, rng=random.Random(1), max_samples=6)
    assert action in list(game.useful_actions())


def test_hint_does_not_peek_at_the_stock_order():
    thought = 0
    for deal in range(1, 40):
        game = _positions(deal, STANDARD, 6)
        if len(game.stock) < 8 or len(list(game.useful_actions())) < 2:
            continue
        shuffled = game.copy()
        random.Random(deal).shuffle(shuffled.stock)
        assert shuffled.stock != game.stock
        answers = {hint(g, time_budget=30.0, rng=random.Random(5), max_samples=20) for g in (game, shuffled)}
        assert len(answers) == 1
        thought += 1
    assert thought >= 5


def test_hint_is_deterministic_for_a_seed():
    for deal in (3, 11, 29):
        game = _positions(deal, STANDARD, 10)
        first = hint(game, time_budget=30.0, rng=random.Random(9), max_samples=30)
        assert all(hint(game, time_budget=30.0, rng=random.Random(9), max_samples=30) == first
                   for _ in range(2))


def test_hint_finds_the_discard_that_wins_the_last_step():
    # Three aces alone and a 2 of hearts under the ace of hearts' rival: the stock is empty; the only win
    # is to discard the 2H (the KH is higher), then move nothing. A deal is impossible.
    discards = [c for c in deal_cards(1) if str(c) not in {"AC", "AD", "AS", "AH", "2H", "KH"}]
    game = Game([parse_cards("AC"), parse_cards("AD"), parse_cards("AS 2H"), parse_cards("AH KH")], [],
                discards)
    assert hint(game, time_budget=60.0, rng=random.Random(1)) == Action(DISCARD, 2)  # one order: the empty stock


def test_hint_stops_when_cancelled():
    game = _positions(12, STANDARD, 8)
    while len(list(game.useful_actions())) < 2:
        game.apply(greedy(game, random.Random(0)))
    cancel = threading.Event()
    cancel.set()
    action = hint(game, time_budget=10**6, rng=random.Random(1), cancel=cancel)
    assert action in list(game.useful_actions())


def test_hint_player_finishes_a_game_and_scores_at_least_the_cards_it_must():
    game = Game.new(deal_cards(4), STANDARD, 4)
    score = play(game, lambda g, rng: policy(g, rng, time_budget=0.01), random.Random(4))
    assert game.is_over() and score == game.score


def test_simulate_plays_the_hint_player(capsys):
    from idioten.cli import main

    assert main(["simulate", "--policy", "hint", "--games", "2", "--hint-seconds", "0.005", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and 0 < report["mean_score"] <= 48


def test_the_budget_runs_on_the_clock_it_is_given():
    # A clock that has already passed the deadline at its second reading: no stock order is weighed, so the
    # answer is the rollout player's own choice, however generous the budget; where thinking would choose
    # otherwise, only the clock can have stopped it.
    for deal in range(1, 60):
        game = _positions(deal, STANDARD, 6)
        view = PlayerView.of(game)
        if len(game.stock) < 8 or len(view.useful_actions()) < 2:
            continue
        unthought = hint_core.rollout_choice(view.table(), view.stock_size, False)
        if hint(game, time_budget=30.0, rng=random.Random(1), max_samples=40) == unthought:
            continue
        readings = iter([0.0] + [1e9] * 100)
        assert hint(game, time_budget=30.0, rng=random.Random(1), clock=readings.__next__) == unthought
        return
    raise AssertionError("no position among deals 1-59 where thinking changes the answer")
