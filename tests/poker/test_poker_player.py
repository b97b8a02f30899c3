import random
import statistics

import pytest

from idioten.poker.board import Board
from idioten.poker.game import PokerGame, poker_deck
from idioten.poker.hands import JOKER, code_of
from idioten.poker.player import HintPolicy, make_policy, play_deck, suggest
from idioten.poker.scoring import parse_grid, points_table, score_grid
from idioten.poker.values import SIZE, learned_values, prior_values


def mean_score(policy, table, deals, seed=1):
    rng = random.Random(seed)
    return statistics.fmean(play_deck(poker_deck(n), policy, table, False, rng).total() for n in deals)


def test_board_agrees_with_the_scoring_of_full_grids():
    for number in range(1, 30):
        deck = poker_deck(number, joker=number % 3 == 0)
        for table in ("classic", "american", "british"):
            board = Board.from_grid(deck[:25], table, number % 2 == 0)
            assert board.total() == score_grid(deck[:25], table, number % 2 == 0).total


def test_policies_choose_empty_cells():
    game = PokerGame.new(4)
    for cell in (0, 5, 10):
        game.place(cell)
    for name in ("random", "greedy", "hint"):
        policy = make_policy(name, "american", move_seconds=0.01)
        cell, card = suggest(game, policy, random.Random(1))
        assert game.grid[cell] is None and card == game.drawn


def test_greedy_beats_random_and_values_beat_greedy():
    deals = range(1, 41)
    random_mean = mean_score(make_policy("random", "american"), "american", deals)
    greedy_mean = mean_score(make_policy("greedy", "american"), "american", deals)
    valued_mean = mean_score(make_policy("hint", "american", move_seconds=0), "american", deals)
    assert random_mean < 25 < 35 < greedy_mean < valued_mean


def test_hint_completes_the_obvious_royal_flush():
    text = ("AS KS QS JS -  2C 3D 4H 5C -  - - - - -  - - - - -  - - - - -")
    grid = parse_grid(text, allow_empty=True)
    game = PokerGame([c for c in poker_deck(1) if c not in grid], "american")
    ten = [c for c in game.deck if str(c) == "TS"][0]
    board = Board.from_grid(grid, "american", False, [c for c in game.deck if c != ten])
    policy = HintPolicy(learned_values("american", False, points_table("american")), move_seconds=10,
                        max_playouts=5)
    assert policy.choose(board, ten, [c for c in game.deck if c != ten], random.Random(1)) == 4


def test_the_hint_does_not_peek_at_the_order_of_the_cards_to_come():
    first = PokerGame.new(8)
    for cell in (0, 1, 2):
        first.place(cell)
    shuffled = list(first.deck[4:])
    random.Random(3).shuffle(shuffled)
    second = PokerGame(list(first.deck[:4]) + shuffled, "classic")
    for cell in (0, 1, 2):
        second.place(cell)
    policy = HintPolicy(prior_values(points_table("classic")), move_seconds=100, max_playouts=30)
    assert suggest(first, policy, random.Random(5)) == suggest(second, policy, random.Random(5))


def test_open_deck_suggestion_names_a_card_that_may_be_placed():
    game = PokerGame.new(8, open_deck=True)
    cell, card = suggest(game, make_policy("greedy", "classic"), random.Random(1))
    assert game.can_place(cell, card)


def test_joker_games_play_to_the_end():
    deck = poker_deck(9, joker=True)
    assert JOKER in deck[:25]  # deal 9 draws the joker among its 25 cards, so the lean board must place it
    policy = make_policy("hint", "classic", move_seconds=0.001)
    board = play_deck(deck, policy, "classic", True, random.Random(2))
    # Every cell filled, with exactly the 25 cards drawn; the lean board's total is the full scorer's.
    assert sorted(board.grid, key=str) == sorted(deck[:25], key=str)
    assert board.total() == score_grid(board.grid, "classic", diagonals=True).total


def test_learned_values_have_the_right_shape():
    for table in ("classic", "american", "british", "simple"):
        values = learned_values(table, False, points_table(table))
        assert len(values) == SIZE


@pytest.mark.parametrize("diagonals", [False, True])
def test_placement_gains_value_each_line_as_the_general_path_does(diagonals):
    from idioten.poker.gains import line_value, placement_gains
    from idioten.poker.values import stage_of

    table = "american"
    values = learned_values(table, diagonals, points_table(table))
    rng = random.Random(7)
    for number in range(1, 30):
        deck = poker_deck(number)
        board = Board(table, diagonals)
        board.set_unseen(deck)
        for card in deck[:rng.randrange(0, 24)]:
            board.see(card)
            board.put(rng.choice(board.empty), card)
        card = deck[24]
        board.see(card)
        stage = stage_of(board.placed)
        code = code_of(card)
        for gain, cell in placement_gains(board, card, values):
            expected = sum(line_value(board, line, code, False, values, stage)
                           - line_value(board, line, 0, False, values, stage) for line in board.cell_lines[cell])
            assert gain == pytest.approx(expected, abs=1e-9)


def test_boards_that_differ_by_an_order_of_rows_and_columns_share_a_shape():
    cards = [c for c in poker_deck(5)[:4]]
    first, second, third = (Board("american", False) for _ in range(3))
    # Rows 0 and 3 swapped, columns 1 and 4 swapped: the same position; a card moved to another row is not.
    for (cell_a, cell_b, cell_c), card in zip(((1, 19, 1), (2, 17, 2), (11, 14, 11), (6, 9, 3)), cards):
        first.put(cell_a, card)
        second.put(cell_b, card)
        third.put(cell_c, card)
    assert first.shape() == second.shape()
    assert first.shape() != third.shape()
    with_diagonals = Board("american", True), Board("american", True)
    with_diagonals[0].put(0, cards[0])
    with_diagonals[1].put(1, cards[0])
    assert with_diagonals[0].shape() != with_diagonals[1].shape()


def test_the_hint_weighs_distinct_placements_only():
    from idioten.poker.player import distinct_candidates, placement_gains
    values = learned_values("american", False, points_table("american"))
    deck = poker_deck(6)
    board = Board("american", False)
    board.set_unseen(deck)
    board.see(deck[0])
    board.put(12, deck[0])
    board.see(deck[1])
    # The second card goes into the first card's row, its column, or neither: three placements, 24 cells.
    ranked, starts = distinct_candidates(board, deck[1], placement_gains(board, deck[1], values), 8)
    assert len(ranked) == 3 and len({start.shape() for start in starts}) == 3
    rows = {cell // 5 == 2 for _, cell in ranked}
    columns = {cell % 5 == 2 for _, cell in ranked}
    assert rows == {True, False} and columns == {True, False}
