"""The hint's learned evaluation (`core.learned_key`, in C too; hint/learned.py; the learned player): both cores
give the same numbers, the evaluation sees the table only, the learned hint never sees the stock's order, a
missing or damaged weights file is told plainly, and simulate, the benchmark and the training script run it.
Sample counts and position caps, never a clock, decide what each test plays."""

import json
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
from idioten.acesup.hint import LEARNED_PLAYER, PlayerView, hint, learned
from idioten.acesup.hint import core as hint_core
from idioten.acesup.rules import ACES_ONLY, STANDARD, Game
from idioten.cards import deal_cards

SIZE = hint_core.STAGES * hint_core.FEATURES
weight_tables = st.lists(st.integers(-300, 300), min_size=SIZE, max_size=SIZE).map(tuple)


SALT = 13  # this file's own walk through the deals (hint_support.walked_position)


def _position(deal: int, variant: str, steps: int) -> Game:
    return walked_position(deal, variant, steps, salt=SALT)


def test_the_features_of_a_turns_end():
    spades, hearts = 0, 16  # suit * 16 + rank
    position = ((spades + 14,), (spades + 13, spades + 5, hearts + 14, hearts + 9), (), (hearts + 12, hearts + 2))
    # 7 cards; one empty pile; one ace at the bottom and one on other cards; the 5 of spades lies on the king,
    # the 9 of hearts on the ace of hearts, the 2 of hearts on the queen (the ace itself is counted apart);
    # heights 1, 4, 2 squared; the tops are spades and hearts; their ranks 14 + 9 + 2.
    assert hint_core.end_features(position) == [7, 1, 1, 1, 3, 21, 2, 25]
    row = list(range(1, 9))
    learned_weights = tuple([0] * 8 + row + [0] * 8)
    features = [7, 1, 1, 1, 3, 21, 2, 25]
    assert hint_core.learned_key(position, learned_weights, 20) == sum(a * b for a, b in zip(row, features))
    assert hint_core.learned_key(position, learned_weights, 36) == 0  # another stage's row
    assert [hint_core.stage(u) for u in (44, 36, 32, 20, 16, 4)] == [0, 0, 1, 1, 2, 2]


@needs_compiled
@settings(max_examples=examples(120), deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([STANDARD, ACES_ONLY]), st.integers(0, 80), weight_tables,
       st.sampled_from([1, 5, 100]))
def test_both_cores_play_the_same_learned_rollout(deal, variant, steps, weights, turn_limit):
    view = PlayerView.of(_position(deal, variant, steps))
    order = list(view.unseen)
    random.Random(deal).shuffle(order)
    args = (0, view.aces_only, hint_core.FINAL_LIMIT, turn_limit)
    python = hint_core.rollout(view.table(), order, *args, weights)
    compiled = hint_module._crollout.rollout([bytes(pile) for pile in view.piles], bytes(order), *args, None,
                                             list(weights))
    assert compiled == python


@needs_compiled
@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 60), st.integers(0, 2**64 - 1), weight_tables)
def test_both_cores_sum_the_same_learned_samples(deal, steps, state, weights):
    view = PlayerView.of(_position(deal, STANDARD, steps))
    if len(view.unseen) < 4:
        return
    ends = [end for _, _, end in hint_core.turn_ends(view.table(), False, 6)]
    bases = [view.discarded] * len(ends)
    python = hint_core.sample_totals(ends, bases, bytes(view.unseen), state, 2, False, hint_module.WIN_BONUS,
                                     hint_core.FINAL_LIMIT, hint_module.TURN_LIMIT, None, weights)
    compiled = hint_module.sample_totals(ends, bases, bytes(view.unseen), state, 2, False, core="compiled",
                                         learned_weights=weights)
    assert compiled == python


def test_the_shipped_weights_load_and_change_how_rollouts_play():
    weights = learned.weights()
    assert len(weights) == SIZE and any(weights)
    differ = 0
    for deal in range(1, 30):
        view = PlayerView.of(_position(deal, STANDARD, 4))
        order = list(view.unseen)
        random.Random(deal).shuffle(order)
        args = (0, False, hint_core.FINAL_LIMIT, hint_module.TURN_LIMIT)
        differ += hint_core.rollout(view.table(), order, *args) != hint_core.rollout(view.table(), order, *args,
                                                                                      weights)
    assert differ >= 2


@needs_compiled
@pytest.mark.parametrize("deals", fast_first([range(1, 4), range(4, 25)]))  # 3 positions, then 21
def test_both_cores_give_the_same_learned_hint(monkeypatch, deals):
    compared = 0
    for _, game in positions_worth_a_hint(deals, 10, SALT):
        assert both_cores_agree(monkeypatch, game, max_samples=6, player=LEARNED_PLAYER)
        compared += 1
    assert compared >= len(deals) // 2


@needs_compiled
@pytest.mark.parametrize("deals", fast_first([range(1, 5), range(5, 40)]))  # 4 positions, then 29
def test_the_learned_hint_does_not_peek_at_the_stock_order(monkeypatch, deals):
    monkeypatch.setattr(hint_module, "CORE", "compiled")
    seen = []
    real = hint_module.sample_totals

    def counted(*args, **kwargs):
        seen.append(kwargs.get("learned_weights"))
        return real(*args, **kwargs)

    monkeypatch.setattr(hint_module, "sample_totals", counted)
    thought = 0
    for deal, game in positions_worth_a_hint(deals, 6, SALT):
        assert blind_to_the_stock_order(deal, game, max_samples=200, player=LEARNED_PLAYER)
        thought += 1
    assert thought >= len(deals) // 2 and seen and all(weights == learned.weights() for weights in seen)


@pytest.mark.parametrize("text, message", [
    (None, "could not be read"),
    ("{", "not JSON"),
    ('{"weights": [[1, 2]]}', "rows of 8 integers"),
    (json.dumps({"weights": [[1] * 8, [1] * 8, [1] * 7 + [0.5]]}), "integer"),
    (json.dumps({"weights": [[1] * 8, [1] * 8, [1] * 7 + [40000]]}), "between"),
    (json.dumps({"weights": [[1] * 8, [1] * 8, [1] * 7 + [True]]}), "integer"),
    ("[]", "rows of 8"),
])
def test_missing_or_damaged_weights_are_told_plainly(tmp_path, monkeypatch, capsys, text, message):
    path = tmp_path / "learned.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(learned.LearnedWeightsError, match=message):
        learned.weights(path)
    monkeypatch.setattr(learned, "PATH", path)
    game = _position(3, STANDARD, 4)
    with pytest.raises(ValueError, match=message):
        hint(game, time_budget=0.01, player=LEARNED_PLAYER)
    from idioten.cli import main

    assert main(["simulate", "--policy", "hint", "--hint-player", "learned", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "--hint-player learned" in err and message in err and "Traceback" not in err


@needs_compiled
def test_the_compiled_core_refuses_bad_learned_weights():
    view = PlayerView.of(Game.new(deal_cards(3), STANDARD, 3))
    piles, order = [bytes(pile) for pile in view.piles], bytes(view.unseen)
    for bad in ([1] * (SIZE - 1), [1] * (SIZE - 1) + [40000]):
        with pytest.raises(ValueError, match="learned"):
            hint_module._crollout.rollout(piles, order, 0, False, 10, 10, None, bad)
        with pytest.raises(ValueError, match="learned"):
            hint_module._crollout.sample([tuple(piles)], [0], order, 1, 1, False, 24, 10, 10, 0, 0, 0, bad)
    with pytest.raises(ValueError, match="nested"):  # core.sample_totals has no learned nested player either
        hint_module._crollout.sample([tuple(piles)], [0], order, 1, 1, False, 24, 10, 10, 2, 3, 0, [1] * SIZE)


def test_simulate_and_the_benchmark_play_the_learned_player(capsys, tmp_path):
    report, line = played_by_simulate_and_the_benchmark("learned", capsys, tmp_path)
    assert report["games"] == 1 and 0 < report["mean_score"] <= 48
    assert line["player"] == "learned" and line["deal"] == 9


@needs_compiled
def test_the_training_script_writes_weights_that_load(tmp_path, monkeypatch, capsys):
    from bench import learn_evaluation

    path = tmp_path / "learned.json"
    monkeypatch.setattr(learned, "PATH", path)
    assert learn_evaluation.main(["--train", "500001-500006", "--tune", "200001-200004", "--orders", "2",
                                  "--write"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["rounds"]) == 1 and report["rounds"][0]["fits"][0]["rows"] > 0
    assert len(learned.weights(path)) == SIZE
    assert learn_evaluation.main(["--report", "9000001-9000004"]) == 0  # with the weights just written
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 4 and report["learned"]["mean_score"] > 0 and len(report["paired_value"]) == 2
