"""The exact endgame (poker/endgame.py) and its compiled twin give the same expectations."""

import pytest

from idioten.poker import endgame, playout
from idioten.poker.board import Board
from idioten.poker.game import poker_deck


def _position(deal, placed, diagonals):
    deck = poker_deck(deal)
    board = Board("american", diagonals)
    board.set_unseen(deck)
    for cell, card in zip(range(25), deck[:placed]):
        board.see(card)
        board.put(cell, card)
    return board, deck[placed], list(deck[placed + 1:])


@pytest.mark.skipif(not playout.COMPILED_BUILT, reason="the compiled play-outs were not built here")
@pytest.mark.parametrize("deal,placed,diagonals", [(1, 22, False), (2, 23, True), (3, 21, False)])
def test_python_and_compiled_exact_expectations_agree(deal, placed, diagonals):
    board, card, future = _position(deal, placed, diagonals)
    future = future[:8] if placed == 21 else future  # four cells left: a short future keeps Python quick
    starts = []
    for cell in board.empty:
        after = board.copy()
        after.put(cell, card)
        starts.append(after)
    assert endgame.exact_means(starts, future, "python") == pytest.approx(endgame.exact_means(starts, future, "compiled"))


def test_one_cell_left_is_the_mean_over_the_unseen_cards():
    board, card, future = _position(4, 24, False)
    after = board.copy()
    after.put(board.empty[0], card)
    assert endgame.exact_means([after], future, "python") == [float(after.total())]
    board, card, future = _position(4, 23, False)
    totals = []
    for last in future:
        after = board.copy()
        after.put(board.empty[0], card)
        after.put(after.empty[0], last)
        totals.append(after.total())
    after = board.copy()
    after.put(board.empty[0], card)
    assert endgame.exact_means([after], future, "python") == [pytest.approx(sum(totals) / len(totals))]
