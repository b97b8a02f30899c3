"""The hint's compiled rollouts (`_crollout`) against core.py, their executable specification.

Both must give the same numbers: the same rollout score from any position and stock order (also when the
end-of-game search stops at its position limit), the same sums over sampled orders, and so the same hint.
Loaded even when IDIOTEN_PURE_PYTHON is set; where no compiler was available the comparisons are skipped
only if CI does not require the compiled core (IDIOTEN_REQUIRE_COMPILED=1 makes a missing one fail).
"""

import random

import pytest
from hint_support import (
    blind_to_the_stock_order,
    both_cores_agree,
    needs_compiled,
    positions_worth_a_hint,
    walked_position,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples, fast_first

import idioten.acesup.hint as hint_module
from idioten.acesup.hint import PlayerView
from idioten.acesup.hint import core as hint_core
from idioten.acesup.rules import ACES_ONLY, STANDARD, Game

SALT = 7  # this file's own walk through the deals (hint_support.walked_position)


def _position(deal: int, variant: str, steps: int) -> Game:
    return walked_position(deal, variant, steps, salt=SALT)


@needs_compiled
@settings(max_examples=examples(150), deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([STANDARD, ACES_ONLY]), st.integers(0, 90),
       st.sampled_from([hint_core.FINAL_LIMIT, 9, 2, 1]), st.sampled_from([0, 0, 1, 5, 60]))
def test_both_cores_play_the_same_rollout(deal, variant, steps, limit, turn_limit):
    game = _position(deal, variant, steps)
    view = PlayerView.of(game)
    order = list(view.unseen)
    random.Random(deal).shuffle(order)
    expected = hint_core.rollout(view.table(), order, 0, view.aces_only, limit, turn_limit)
    got = hint_module._crollout.rollout([bytes(pile) for pile in view.piles], bytes(order), 0, view.aces_only,
                                        limit, turn_limit)
    assert got == expected, game.to_text()


@needs_compiled
@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([STANDARD, ACES_ONLY]), st.integers(0, 70),
       st.integers(0, 2**64 - 1), st.sampled_from([0, 40]))
def test_both_cores_sum_the_same_sampled_orders(deal, variant, steps, state, turn_limit):
    game = _position(deal, variant, steps)
    view = PlayerView.of(game)
    if not view.stock_size:
        return
    ends = [position for _, _, position in hint_core.turn_ends(view.table(), view.aces_only, 50)]
    bases = [view.discarded + gained for _, gained, _ in hint_core.turn_ends(view.table(), view.aces_only, 50)]
    unseen = bytes(view.unseen)
    python = hint_module.sample_totals(ends, bases, unseen, state, 3, view.aces_only, "python", turn_limit)
    compiled = hint_module.sample_totals(ends, bases, unseen, state, 3, view.aces_only, "compiled", turn_limit)
    assert compiled == python


def test_the_shuffle_draws_every_order_of_a_small_stock():
    # Three cards have six orders; a fair shuffle from splitmix64 meets them all, about equally often.
    seen: dict[tuple, int] = {}
    state = 12345
    for _ in range(6000):
        order, state = hint_core.shuffled(bytes([2, 3, 4]), state)
        seen[tuple(order)] = seen.get(tuple(order), 0) + 1
    assert len(seen) == 6 and min(seen.values()) > 850


@needs_compiled
@pytest.mark.parametrize("deals", fast_first([range(1, 6), range(6, 30)]))  # 5 positions, then 21
def test_both_cores_give_the_same_hint(monkeypatch, deals):
    compared = 0
    for _, game in positions_worth_a_hint(deals, 8, SALT):
        assert both_cores_agree(monkeypatch, game, max_samples=12)
        compared += 1
    assert compared >= len(deals) // 2


@needs_compiled
# 200 samples on 4 positions in the fast tier; on the other 31, and 2000 samples on all 35, in the slow tier.
@pytest.mark.parametrize("samples, deals",
                         fast_first([(200, range(1, 5)), (200, range(5, 40)), (2000, range(1, 40))]))
def test_the_compiled_hint_does_not_peek_at_the_stock_order(monkeypatch, samples, deals):
    # Many samples (what the compiled core affords), on games that differ only in the stock's order.
    monkeypatch.setattr(hint_module, "CORE", "compiled")
    thought = 0
    for deal, game in positions_worth_a_hint(deals, 6, SALT):
        assert blind_to_the_stock_order(deal, game, max_samples=samples)
        thought += 1
    assert thought >= len(deals) // 2
