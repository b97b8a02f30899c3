"""The poker player's compiled play-outs (`_cplayout`) against playout.py, their executable specification.

Both must give the same sums from any position (every table, with and without diagonals, at every stage of
the game) and so the same choices; the hint must not depend on the order the unseen cards are listed in.
Where no compiler was available the comparisons are skipped only if CI does not require the compiled core
(IDIOTEN_REQUIRE_COMPILED=1 makes a missing one fail).
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples, fast_first

from idioten import cores
from idioten.poker import playout
from idioten.poker.board import Board
from idioten.poker.game import poker_deck
from idioten.poker.player import HintPolicy, play_deck
from idioten.poker.scoring import points_table
from idioten.poker.values import learned_values, prior_values

needs_compiled = pytest.mark.skipif(
    not playout.COMPILED_BUILT and not cores.env_flag(cores.REQUIRE_COMPILED_ENV),
    reason="the compiled play-outs were not built here (no C compiler)")


def _position(deal: int, table: str, diagonals: bool, placed: int, joker: bool = False):
    """A board with `placed` cards put at random, the next card seen, and the cards still to come."""
    deck = poker_deck(deal, joker)
    rng = random.Random(deal * 31 + placed)
    board = Board(table, diagonals)
    board.set_unseen(deck)
    for card in deck[:placed]:
        board.see(card)
        board.put(rng.choice(board.empty), card)
    card = deck[placed]
    board.see(card)
    return board, card, list(deck[placed + 1:])


def _starts(board, card, how_many):
    starts = []
    for cell in board.empty[:how_many]:
        after = board.copy()
        after.put(cell, card)
        starts.append(after)
    return starts


@needs_compiled
@settings(max_examples=examples(120), deadline=None)
@given(st.integers(1, 10**6), st.sampled_from(["american", "classic", "british"]), st.booleans(),
       st.integers(0, 23), st.integers(1, 8), st.integers(0, 2**64 - 1), st.booleans())
def test_both_cores_sum_the_same_play_outs(deal, table, diagonals, placed, how_many, state, prior):
    board, card, future = _position(deal, table, diagonals, placed)
    starts = _starts(board, card, how_many)
    points = points_table(table)
    values = prior_values(points) if prior else learned_values(table, diagonals, points)
    random.Random(state).shuffle(future)  # the listed order must not matter to either core
    python = playout.sample_sums(starts, future, state, 3, values, "python")
    compiled = playout.sample_sums(starts, future, state, 3, values, "compiled")
    assert compiled == python
    # and a play-out's total is a real grid's score: the value player on the drawn order, to the end
    order, _ = playout.draw_order(sorted(future, key=lambda c: c.index), len(starts[0].empty), state)
    assert playout.python_sums(starts[:1], future, state, 1, values)[0][0] == playout.play_out(starts[0], order,
                                                                                                values)


def test_the_orders_are_uniform_draws_of_the_unseen_cards():
    seen: dict[tuple, int] = {}
    state = 99
    for _ in range(6000):
        order, state = playout.draw_order(["a", "b", "c"], 3, state)
        seen[tuple(order)] = seen.get(tuple(order), 0) + 1
    assert len(seen) == 6 and min(seen.values()) > 850
    short, _ = playout.draw_order(list(range(10)), 4, 5)
    assert len(short) == 4 and len(set(short)) == 4


def test_a_game_with_the_joker_plays_out_in_python_on_either_core():
    board, card, future = _position(9, "classic", True, 6, joker=True)
    starts = _starts(board, card, 3)
    values = prior_values(points_table("classic"))
    assert not playout.compiled_fits(starts, future)  # the joker is on the grid, drawn or still to come
    assert playout.sample_sums(starts, future, 7, 2, values, "compiled") == \
        playout.sample_sums(starts, future, 7, 2, values, "python")


# Each order plays the same games on both cores; the fast tier plays one order, the slow tier the other too.
@needs_compiled
@pytest.mark.parametrize("core", fast_first(["python", "compiled"]))
def test_both_cores_play_the_same_games(core, monkeypatch):
    monkeypatch.setattr(playout, "CORE", core)
    policy = HintPolicy(learned_values("american", False, points_table("american")), move_seconds=1e9,
                        max_playouts=6)
    scores = [play_deck(poker_deck(n), policy, "american", False, random.Random(n)).total() for n in (1, 2)]
    monkeypatch.setattr(playout, "CORE", "compiled" if core == "python" else "python")
    again = [play_deck(poker_deck(n), policy, "american", False, random.Random(n)).total() for n in (1, 2)]
    assert scores == again


@needs_compiled
def test_the_compiled_core_rejects_bad_input_with_a_message():
    board, card, future = _position(3, "american", False, 4)
    starts = _starts(board, card, 2)
    values = prior_values(points_table("american"))
    with pytest.raises(ValueError):
        playout._cplayout.sample([tuple(s.keys) for s in starts], [bytes(starts[0].empty)], [], (13,) * 4, 10,
                                 b"\0" * 8 * len(values), tuple(board.points), playout.pattern_table(), 1, 1)
    with pytest.raises(ValueError):
        playout._cplayout.sample([tuple(s.keys) for s in starts], [bytes(s.empty) for s in starts], [], (13,) * 4,
                                 11, b"\0" * 8 * len(values), tuple(board.points), playout.pattern_table(), 1, 1)
