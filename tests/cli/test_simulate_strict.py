"""`idioten simulate --rules strict` (issue 38, item 1): the greedy, random and hint players play the strict
reading of the rules as the solver has it, and every game they play replays as a strict line.

The replay is checked twice: by the rules layer (`solver.strict.strict_replay`, which asks
`Game.verify_strict`), and by this file's own reading of rules.md's definition, so that a mistake in the rules
layer's strict reading would show too. The hint player is capped by stock orders sampled, not by time."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten.acesup.hint import hint
from idioten.acesup.options import LEARNED_PLAYER, NESTED_PLAYER
from idioten.acesup.players import greedy, play, uniform_random
from idioten.acesup.rules import ACES_ONLY, DEAL, MOVE, STANDARD, STRICT_RULES, Action, Game
from idioten.acesup.solver.strict import strict_replay
from idioten.cards import ACE, MAX_DEAL, deal_cards, parse_cards
from idioten.cli import main


def hint_capped(game: Game, rng: random.Random) -> Action | None:
    """The hint player, thinking a fixed number of stock orders (not a time) so the game is the same anywhere."""
    if game.is_over():
        return None
    return hint(game, time_budget=3600.0, rng=rng, max_samples=24)


PLAYERS = {"greedy": greedy, "random": uniform_random, "hint": hint_capped}


def discard_possible(piles: list[list]) -> bool:
    return any(pile and pile[-1].rank != ACE and any(
        other is not pile and other and other[-1].suit == pile[-1].suit and other[-1].rank > pile[-1].rank
        for other in piles) for pile in piles)


def fill_possible(piles: list[list], variant: str) -> bool:
    """A gap is open and a pile of two or more cards has a top that may go into it."""
    return any(not pile for pile in piles) and any(
        len(pile) >= 2 and (variant != ACES_ONLY or pile[-1].rank == ACE) for pile in piles)


def assert_strict_line(number: int, variant: str, actions: list[Action]) -> None:
    """rules.md's strict reading, read afresh: no lone card moved; no deal while a discard or a fill is
    possible; and the line played to its end (nothing the strict reading allows is left but lone moves)."""
    game = Game.new(deal_cards(number), variant, number)  # the game's own reading: it refuses only what it must
    for step, action in enumerate(actions):
        if action.kind == MOVE:
            assert len(game.piles[action.source]) >= 2, f"step {step + 1}, {action}: a lone card moved"
        if action.kind == DEAL:
            assert not discard_possible(game.piles), f"step {step + 1}: dealt while a discard was possible"
            assert not fill_possible(game.piles, variant), f"step {step + 1}: dealt while a gap could be filled"
        game.apply(action)
    assert not game.stock and not discard_possible(game.piles), "stopped before the end"


def strict_game(number: int, variant: str, player: str) -> tuple[Game, list[Action]]:
    game = Game.new(deal_cards(number), variant, number, STRICT_RULES)
    play(game, PLAYERS[player], random.Random(number))
    return game, [action for action, _ in game.history]


@pytest.mark.parametrize("player", ["greedy", "random"])
@settings(max_examples=examples(100), deadline=None)
@given(number=st.integers(1, MAX_DEAL), variant=st.sampled_from([STANDARD, ACES_ONLY]))
def test_every_game_the_simple_players_play_is_a_strict_line(player, number, variant):
    game, actions = strict_game(number, variant, player)
    assert strict_replay(Game.new(deal_cards(number), variant, number), actions).score == game.score
    assert_strict_line(number, variant, actions)


@settings(max_examples=examples(20), deadline=None)
@given(number=st.integers(1, MAX_DEAL), variant=st.sampled_from([STANDARD, ACES_ONLY]))
def test_every_game_the_hint_plays_is_a_strict_line(number, variant):
    game, actions = strict_game(number, variant, "hint")
    assert strict_replay(Game.new(deal_cards(number), variant, number), actions).score == game.score
    assert_strict_line(number, variant, actions)


def test_the_strict_reading_refuses_what_the_game_allows():
    """A game played under the strict reading refuses the deal and the lone move the game's reading allows."""
    piles = [parse_cards("5H"), [], parse_cards("9C 3D"), parse_cards("KS")]
    free = Game(piles, parse_cards("2C 3C 4C 6C"))
    strict = Game(piles, parse_cards("2C 3C 4C 6C"), reading=STRICT_RULES)
    fill, lone = Action.move(2, 1), Action.move(0, 1)
    assert free.can(Action.deal()) and free.can(lone)
    assert not strict.can(Action.deal()) and not strict.can(lone) and strict.can(fill)
    assert set(strict.useful_actions()) == {fill} and Action.deal() in set(free.useful_actions())
    assert Game.new(deal_cards(7), STANDARD, 7, STRICT_RULES).copy().reading == STRICT_RULES


def test_the_random_player_plays_the_reading_it_is_given():
    """Forced discards and fills alone lift the random player far above its free-reading score."""
    free = [play(Game.new(deal_cards(n), STANDARD, n), uniform_random, random.Random(n)) for n in range(1, 31)]
    strict = [play(Game.new(deal_cards(n), STANDARD, n, STRICT_RULES), uniform_random, random.Random(n))
              for n in range(1, 31)]
    assert sum(strict) > sum(free)


def test_simulate_strict_on_the_command_line(capsys):
    assert main(["simulate", "--policy", "random", "--games", "5", "--seed", "11", "--rules", "strict", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    scores = [play(Game.new(deal_cards(n), STANDARD, n, STRICT_RULES), uniform_random, random.Random(n))
              for n in range(11, 16)]
    assert report["rules"] == "strict" and report["games"] == 5
    assert report["mean_score"] == sum(scores) / 5
    assert main(["simulate", "--policy", "random", "--games", "5", "--seed", "11", "--json"]) == 0
    assert "rules" not in json.loads(capsys.readouterr().out)  # the game's reading: the contract's fields as before


@pytest.mark.parametrize("player", [NESTED_PLAYER, LEARNED_PLAYER])
def test_the_players_of_the_games_own_reading_refuse_the_strict_one(capsys, player):
    game = Game.new(deal_cards(5), STANDARD, 5, STRICT_RULES)
    with pytest.raises(ValueError, match="own reading only"):
        hint(game, time_budget=0.01, player=player)
    assert main(["simulate", "--policy", "hint", "--hint-player", player, "--rules", "strict", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{player} plays the game's own reading only" in err and "Traceback" not in err


def test_simulate_refuses_perfect_information_sampling_under_the_strict_reading(capsys):
    assert main(["simulate", "--policy", "hint", "--hint-player", "pimc", "--games", "1", "--rules", "strict"]) == 2
    assert "strict" in capsys.readouterr().err
