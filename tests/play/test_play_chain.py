"""The chain of games behind Ctrl+Z and Ctrl+Y after a new deal or a restart (idioten/play/chain.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten.play.chain import GameChain


@dataclass(eq=False)
class Toy:
    """A game reduced to what the chain asks: how many actions are on its line, and how many can be redone."""
    name: str
    done: int = 0
    undone: int = 0
    log: list = field(default_factory=list)


def chain_of(game: Toy) -> GameChain[Toy]:
    return GameChain(game, lambda g: g.done, lambda g: bool(g.done or g.undone))


def test_a_new_deal_keeps_a_played_game_for_back_and_back_keeps_the_new_one_for_forward():
    first, second = Toy("first", done=3), Toy("second")
    chain = chain_of(first)
    assert chain.replace(second) == [] and chain.can_go_back()
    assert chain.back() is first and chain.current is first and not chain.can_go_back()
    assert chain.can_go_forward() and chain.forward() is second and chain.previous is first


def test_an_untouched_game_is_not_kept_and_the_older_kept_game_stays():
    first, untouched, third = Toy("first", done=2), Toy("untouched"), Toy("third")
    chain = chain_of(first)
    chain.replace(untouched)
    assert chain.replace(third) == [untouched]
    assert chain.back() is first  # the game played last, not the untouched one between


def test_the_first_action_leaves_every_kept_game_for_good():
    first, second = Toy("first", done=1), Toy("second")
    chain = chain_of(first)
    chain.replace(second)
    second.done = 1
    assert not chain.can_go_back()  # Ctrl+Z now undoes the action, it does not go back
    assert chain.played() == [first] and chain.kept() == []


def test_forward_only_from_where_back_left_off():
    first, second = Toy("first", done=2), Toy("second")
    chain = chain_of(first)
    chain.replace(second)
    chain.back()
    first.done, first.undone = 1, 1  # an undo in the game brought back
    assert not chain.can_go_forward()
    with pytest.raises(ValueError):
        chain.forward()
    first.done, first.undone = 2, 0  # and the redo: where it was left
    assert chain.forward() is second


def test_a_new_deal_after_back_leaves_the_game_forward_would_have_brought():
    first, second, third = Toy("first", done=2), Toy("second", done=1), Toy("third")
    chain = chain_of(first)
    chain.replace(second)
    second.done = 0  # undone back to its start, so Ctrl+Z goes back
    chain.back()
    assert chain.replace(third) == [second] and chain.previous is first


def test_back_without_a_kept_game_is_refused():
    chain = chain_of(Toy("only"))
    with pytest.raises(ValueError):
        chain.back()


# Any sequence of a player's verbs: no game is ever lost from sight (every game is in play, kept, or returned as
# left for good exactly once), and back then forward gives the same chain again.
VERBS = st.lists(st.sampled_from(["new", "act", "undo", "redo", "back", "forward"]), max_size=40)


@settings(max_examples=examples(400))
@given(VERBS)
def test_every_game_is_in_play_kept_or_left_for_good_exactly_once(verbs):
    made = [Toy("0")]
    chain = chain_of(made[0])
    left: list[Toy] = []
    for verb in verbs:
        game = chain.current
        if verb == "new":
            made.append(Toy(str(len(made))))
            left += chain.replace(made[-1])
        elif verb == "act":
            game.done, game.undone = game.done + 1, 0
            left += chain.played()
        elif verb == "undo" and game.done:
            game.done, game.undone = game.done - 1, game.undone + 1
        elif verb == "redo" and game.undone:
            game.done, game.undone = game.done + 1, game.undone - 1
        elif verb == "back" and chain.can_go_back():
            before = (chain.current, chain.previous)
            chain.back()
            assert chain.can_go_forward()
            chain.forward()
            assert (chain.current, chain.previous) == before  # Ctrl+Z then Ctrl+Y: the same chain
            chain.back()
        elif verb == "forward" and chain.can_go_forward():
            chain.forward()
        in_sight = [chain.current, *chain.kept()] + left
        assert sorted(id(g) for g in in_sight) == sorted(id(g) for g in made)
