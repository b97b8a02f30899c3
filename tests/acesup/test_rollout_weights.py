"""The compiled rollout's weighted ranking of a turn's ends (the hook bench/rollout_weights.py learns weights
through): with the weights of today's ranking it plays exactly as `turn_key` does, and other weights change
the play, so the experiment measures what it says."""

import pytest

from bench.rollout_weights import TURN_KEY_WEIGHTS, deals
from idioten.acesup import hint
from idioten.acesup.hint import core as hint_core

pytestmark = pytest.mark.skipif(not hint.COMPILED_BUILT, reason="the compiled rollouts are not built")


def rollout(piles, order, weights=None):
    extra = () if weights is None else (weights,)
    return hint._crollout.rollout(piles, order, 0, False, hint_core.FINAL_LIMIT, hint.TURN_LIMIT, *extra)


def test_todays_weights_play_as_turn_key_and_others_play_otherwise():
    played = deals(1, 300)
    plain = [rollout(piles, order) for piles, order in played]
    assert [rollout(piles, order, TURN_KEY_WEIGHTS) for piles, order in played] == plain
    assert [rollout(piles, order, (64, -14, -25, 8, -32, -2)) for piles, order in played] != plain


def test_weights_are_one_int_a_feature():
    (piles, order), = deals(1, 1)
    with pytest.raises(ValueError):
        rollout(piles, order, (64, 8, 1))
    with pytest.raises(TypeError):
        rollout(piles, order, (64, 8, 1, 0, 0, "x"))
