import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten.acesup.players import greedy, play, play_deal, uniform_random
from idioten.acesup.rules import ACES_ONLY, DISCARD, MOVE, STANDARD, Game
from idioten.cards import deal_cards


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([STANDARD, ACES_ONLY]))
def test_greedy_plays_useful_actions_discards_first_and_ends_the_game(deal, variant):
    game = Game.new(deal_cards(deal), variant)
    rng = random.Random(0)
    while True:
        action = greedy(game, rng)
        useful = list(game.useful_actions())
        if action is None:
            assert not useful and game.is_over()
            break
        assert action in useful
        if any(a.kind == DISCARD for a in useful):
            assert action.kind == DISCARD
        elif any(a.kind == MOVE for a in useful):
            assert action.kind == MOVE
        game.apply(action)


def test_greedy_moves_an_ace_into_a_gap_first():
    game = Game.from_text("standard | 2C AS / 3D 7H / - / 9C | - | " + " ".join(
        c for c in [r + s for s in "CDHS" for r in "23456789TJQKA"] if c not in ("2C", "AS", "3D", "7H", "9C")))
    assert str(greedy(game, random.Random(0))) == "move 1 3"


def test_random_policy_is_reproducible_and_uses_its_generator():
    scores = [play_deal(n, uniform_random, STANDARD) for n in range(1, 30)]
    assert scores == [play_deal(n, uniform_random, STANDARD) for n in range(1, 30)]
    other = [play(Game.new(deal_cards(n)), uniform_random, random.Random(n + 1000)) for n in range(1, 30)]
    assert other != scores
