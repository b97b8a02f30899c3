"""The hint's nested rollouts (`core.nested_rollout`, in C too; `hint.plan_nested`): both cores give the
same numbers, a nested player weighing one turn end is the searching rollout, and the nested hint never sees
the stock's order. Position caps and sample counts, never a clock, decide what each test plays."""

import random

import pytest
from hint_support import (
    blind_to_the_stock_order,
    both_cores_agree,
    needs_compiled,
    played_by_simulate_and_the_benchmark,
    positions_worth_a_hint,
    walked_position,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples, fast_first

import idioten.acesup.hint as hint_module
from idioten.acesup.hint import NESTED_PLAYER, PlayerView
from idioten.acesup.hint import core as hint_core
from idioten.acesup.rules import ACES_ONLY, STANDARD, Game
from idioten.cards import deal_cards

SMALL = hint_core.Nested(samples=2, width=3, last=0)  # affordable in the Python core


SALT = 11  # this file's own walk through the deals (hint_support.walked_position)


def _position(deal: int, variant: str, steps: int) -> Game:
    return walked_position(deal, variant, steps, salt=SALT)


def _both(view: PlayerView, order: list[int], nested: hint_core.Nested, state: int) -> tuple[int, int]:
    args = (0, view.aces_only, hint_core.FINAL_LIMIT, hint_module.TURN_LIMIT)
    python = hint_core.nested_rollout(view.table(), order, *args, nested, view.discarded, hint_module.WIN_BONUS, state)
    compiled = hint_module._crollout.nested_rollout(
        [bytes(pile) for pile in view.piles], bytes(order), *args, view.discarded, hint_module.WIN_BONUS,
        nested.samples, nested.width, nested.last, state)
    return python, compiled


@needs_compiled
@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([STANDARD, ACES_ONLY]), st.integers(25, 90),
       st.integers(0, 2**64 - 1), st.integers(1, 3), st.integers(1, 5), st.sampled_from([0, 4, 8, 16]))
def test_both_cores_play_the_same_nested_rollout(deal, variant, steps, state, samples, width, last):
    view = PlayerView.of(_position(deal, variant, steps))
    order = list(view.unseen)
    random.Random(deal).shuffle(order)
    python, compiled = _both(view, order, hint_core.Nested(samples, width, last), state)
    assert compiled == python


@needs_compiled
@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 60), st.integers(0, 2**64 - 1), st.sampled_from([0, 8, 20]))
def test_a_nested_player_weighing_one_end_is_the_searching_rollout(deal, steps, state, last):
    # Width 1 leaves nothing to weigh: the turn end with the best turn_key is played, as search_turn plays it.
    view = PlayerView.of(_position(deal, STANDARD, steps))
    order = list(view.unseen)
    random.Random(deal + 1).shuffle(order)
    searched = hint_core.rollout(view.table(), order, 0, view.aces_only, hint_core.FINAL_LIMIT,
                                 hint_module.TURN_LIMIT)
    assert _both(view, order, hint_core.Nested(5, 1, last), state) == (searched, searched)


@needs_compiled
@settings(max_examples=examples(30), deadline=None)
@given(st.integers(1, 10**6), st.integers(30, 80), st.integers(0, 2**64 - 1))
def test_both_cores_sum_the_same_nested_samples(deal, steps, state):
    view = PlayerView.of(_position(deal, STANDARD, steps))
    if not view.stock_size:
        return
    ends = hint_core.turn_ends(view.table(), view.aces_only, 6)
    positions = [position for _, _, position in ends]
    bases = [view.discarded + gained for _, gained, _ in ends]
    totals = {core: hint_module.sample_totals(positions, bases, bytes(view.unseen), state, 2, view.aces_only, core,
                                              nested=SMALL) for core in ("python", "compiled")}
    assert totals["compiled"] == totals["python"]
    # The inner orders come from a stream of their own: the outer orders drawn are the flat rollouts' ones.
    assert totals["compiled"][1] == hint_module.sample_totals(
        positions, bases, bytes(view.unseen), state, 2, view.aces_only, "compiled")[1]


@needs_compiled
def test_a_nested_rollout_plays_otherwise_than_the_flat_one():
    # Weighing three ends by rollouts changes some game's score against the searching rollout's turn_key.
    differ = 0
    for deal in range(1, 40):
        view = PlayerView.of(Game.new(deal_cards(deal), STANDARD, deal))
        order = list(view.unseen)
        random.Random(deal).shuffle(order)
        flat = hint_core.rollout(view.table(), order, 0, False, hint_core.FINAL_LIMIT, hint_module.TURN_LIMIT)
        nested = hint_module._crollout.nested_rollout([bytes(pile) for pile in view.piles], bytes(order), 0, False,
                                                      hint_core.FINAL_LIMIT, hint_module.TURN_LIMIT, 0,
                                                      hint_module.WIN_BONUS, 8, 3, 0, deal)
        differ += nested != flat
    assert differ >= 3


# Some 0.05 s of CPU a position: four in the fast tier, the other eighteen in the slow tier.
@needs_compiled
@pytest.mark.parametrize("deals", fast_first([range(1, 8), range(8, 30)]))
def test_both_cores_give_the_same_nested_hint(monkeypatch, deals):
    monkeypatch.setattr(hint_module, "NESTED", SMALL)
    compared = 0
    for _, game in positions_worth_a_hint(deals, 12, SALT):
        assert both_cores_agree(monkeypatch, game, max_samples=3, player=NESTED_PLAYER)
        compared += 1
    assert compared >= len(deals) // 2


# Some 0.2 s of CPU a position: three in the fast tier, the other thirty-two in the slow tier.
@needs_compiled
@pytest.mark.parametrize("deals", fast_first([range(1, 4), range(4, 40)]))
def test_the_nested_hint_does_not_peek_at_the_stock_order(monkeypatch, deals):
    monkeypatch.setattr(hint_module, "CORE", "compiled")
    nested_samples = []
    real = hint_module.sample_totals

    def counted(*args, **kwargs):
        if kwargs.get("nested") is not None:
            nested_samples.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hint_module, "sample_totals", counted)
    thought = 0
    for deal, game in positions_worth_a_hint(deals, 6, SALT):
        assert blind_to_the_stock_order(deal, game, max_samples=8, player=NESTED_PLAYER)
        thought += 1
    assert thought >= len(deals) // 2 and nested_samples  # the nested stage was reached, not only the flat ranking


@needs_compiled
def test_bad_nested_settings_are_refused_by_the_compiled_core():
    view = PlayerView.of(Game.new(deal_cards(3), STANDARD, 3))
    piles, order = [bytes(pile) for pile in view.piles], bytes(view.unseen)
    for samples, width, last in ((0, 3, 0), (2, 0, 0), (2, 17, 0), (2, 3, -1)):
        with pytest.raises(ValueError, match="nested"):
            hint_module._crollout.nested_rollout(piles, order, 0, False, 10, 10, 0, 24, samples, width, last, 1)
    with pytest.raises(ValueError, match="nested"):
        hint_module._crollout.sample([tuple(piles)], [0], order, 1, 1, False, 24, 10, 0, 2, 3, 0)


def test_simulate_and_the_benchmark_play_the_nested_player(capsys, tmp_path):
    report, line = played_by_simulate_and_the_benchmark("nested", capsys, tmp_path)
    assert report["games"] == 1 and 0 < report["mean_score"] <= 48
    assert line["player"] == "nested" and line["deal"] == 9 and line["hint_seconds_total"] >= 0
