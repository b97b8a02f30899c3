"""The hint's perfect-information sampling (`hint/pimc.py`): it never sees the real stock, its sighted look
asks the solver about the position it means to, and it answers the same for the same seed."""

import json
import random

import pytest
from hint_support import blind_to_the_stock_order, positions_worth_a_hint, walked_position
from tiers import fast_first

import idioten.acesup.hint as hint_module
from idioten.acesup.hint import PIMC, ROLLOUT, hint, pimc
from idioten.acesup.hint import core as hint_core
from idioten.acesup.rules import DEAL_ACTION, STANDARD, Game
from idioten.acesup.solver import FIRST_LOOK_POSITIONS, GLANCE_POSITIONS, WINNABLE, first_look, solve
from idioten.acesup.solver.search import compact

needs_solver = pytest.mark.skipif(not pimc.AVAILABLE, reason="the compiled solver is not in use here")


SALT = 13  # this file's own walk through the deals (hint_support.walked_position)


def _position(deal: int, steps: int) -> Game:
    return walked_position(deal, STANDARD, steps, salt=SALT)


def _counting_sighted_looks(monkeypatch) -> list[int]:
    looks = [0]
    real = pimc.sighted_win

    def counted(*args):
        looks[0] += 1
        return real(*args)

    monkeypatch.setattr(pimc, "sighted_win", counted)
    return looks


@needs_solver
@pytest.mark.parametrize("deals", fast_first([range(1, 5), range(5, 40)]))  # 4 positions, then 29
def test_the_pimc_hint_does_not_peek_at_the_stock_order(monkeypatch, deals):
    looks = _counting_sighted_looks(monkeypatch)
    thought = 0
    for deal, game in positions_worth_a_hint(deals, 6, SALT):
        before = looks[0]
        assert blind_to_the_stock_order(deal, game, max_samples=40, player=PIMC)
        thought += looks[0] > before  # the sighted look was asked, not skipped
    assert thought >= len(deals) // 2


@needs_solver
def test_the_sighted_look_is_the_solvers_first_look_at_the_dealt_position():
    # A real game at a turn's end with its real stock: the look at (its piles, its stock) must be the compiled
    # first look at the game after the deal, and a win it reports must be a win the exact solver confirms.
    compared = wins = 0
    for deal in range(1, 60):
        game = _position(deal, 4 + deal % 9)
        if len(game.stock) < 8:
            continue
        position = tuple(tuple(hint_core.encode(c) for c in pile) for pile in game.piles)
        order = [hint_core.encode(c) for c in game.stock]
        seen = pimc.sighted_win(position, order, False)
        after = game.copy()
        after.apply(DEAL_ACTION)
        piles, stock, gone = compact(after)
        assert seen == first_look(piles, stock, gone, False)[0]
        if seen:
            assert solve(after, time_limit=30.0).result == WINNABLE
            wins += 1
        compared += 1
    assert compared >= 30 and wins >= 3


@needs_solver
def test_the_sighted_look_stops_at_its_position_caps():
    # The first look examines at most FIRST_LOOK_POSITIONS positions, and the glance of the exact search that
    # follows a first look that ran out of lines at most GLANCE_POSITIONS: counts, not a clock, so a look
    # answers the same on every machine. Without the caps a look would run on to the end of the search and
    # the player would weigh a few samples instead of hundreds.
    looked, reached = 0, {"first look": 0, "glance": 0}
    for deal in range(1, 40):
        for steps in (2, 30):
            game = _position(deal, steps)
            if len(game.stock) < 8:
                continue
            after = game.copy()
            after.apply(DEAL_ACTION)
            piles, stock, gone = compact(after)
            for seed in range(3):
                shuffled = bytearray(stock)
                random.Random(seed).shuffle(shuffled)
                look = first_look(piles, bytes(shuffled), gone, False)
                assert first_look(piles, bytes(shuffled), gone, False) == look
                _, quick_states, states = look
                assert quick_states <= FIRST_LOOK_POSITIONS and states <= GLANCE_POSITIONS
                reached["first look"] += quick_states == FIRST_LOOK_POSITIONS
                reached["glance"] += states == GLANCE_POSITIONS
                looked += 1
    assert looked >= 100 and all(reached.values()), reached


@needs_solver
def test_the_pimc_hint_is_deterministic_for_a_seed():
    for deal in (3, 11, 29):
        game = _position(deal, 10)
        first = hint(game, time_budget=60.0, rng=random.Random(9), max_samples=24, player=PIMC)
        assert hint(game, time_budget=60.0, rng=random.Random(9), max_samples=24, player=PIMC) == first
        assert first in list(game.useful_actions())


@needs_solver
def test_the_sighted_wins_can_change_the_choice(monkeypatch):
    # With the wins weighing nothing the PIMC player is the rollout player on the same orders (with its own
    # halving schedule); with them weighing a lot, some position must be answered differently, or the sighted
    # look would be decoration.
    for deal in range(1, 40):
        game = _position(deal, 3)
        if len(game.stock) < 12 or len(list(game.useful_actions())) < 2:
            continue
        answers = []
        for weight in (0, 10**6):
            monkeypatch.setattr(pimc, "WIN_WEIGHT", weight)
            answers.append(hint(game, time_budget=60.0, rng=random.Random(4), max_samples=16, player=PIMC))
        if answers[0] != answers[1]:
            return  # one is enough (deal 8 today): no need to play the others
    pytest.fail("the sighted wins changed no choice")


def test_an_unknown_player_is_refused():
    with pytest.raises(ValueError, match="no hint player"):
        hint(_position(5, 3), time_budget=0.01, player="oracle")


def test_without_the_compiled_solver_pimc_is_the_rollout_player(monkeypatch):
    monkeypatch.setattr(pimc, "AVAILABLE", False)
    monkeypatch.setattr(pimc, "sighted_values", None)  # must not be reached
    game = _position(7, 5)
    assert hint(game, time_budget=60.0, rng=random.Random(2), max_samples=10, player=PIMC) == \
        hint(game, time_budget=60.0, rng=random.Random(2), max_samples=10, player=ROLLOUT)
    assert hint_module.DEFAULT_PLAYER in hint_module.PLAYERS


def test_simulate_plays_the_pimc_player_in_two_processes(capsys, monkeypatch):
    from idioten.cli import main

    assert main(["simulate", "--policy", "hint", "--hint-player", "pimc", "--games", "2", "--hint-seconds", "0.005",
                 "--jobs", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and 0 < report["mean_score"] <= 48


def test_simulate_refuses_a_hint_player_without_the_hint_policy(capsys):
    from idioten.cli import main

    assert main(["simulate", "--policy", "greedy", "--games", "2", "--hint-player", "pimc"]) == 2
    err = capsys.readouterr().err
    assert "--hint-player goes with --policy hint" in err and "Traceback" not in err


def test_the_benchmark_plays_the_chosen_player(tmp_path, capsys):
    from bench import hint as bench_hint

    per_deal = tmp_path / "deals.jsonl"
    assert bench_hint.main(["--games", "1", "--seed", "9", "--seconds", "0.005", "--variants", "standard",
                            "--player", "pimc", "--per-deal", str(per_deal)]) == 0
    row = json.loads(capsys.readouterr().out)["results"][0]
    line = json.loads(per_deal.read_text())
    assert row["player"] == line["player"] == "pimc" and line["deal"] == 9 and row["games"] == 1
