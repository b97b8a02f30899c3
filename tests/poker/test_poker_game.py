from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten import i18n
from idioten.cards import CardError, deal_cards, parse_card
from idioten.errors import IllegalAction
from idioten.poker.game import PokerGame, poker_deck
from idioten.poker.hands import JOKER


def test_deck_is_the_numbered_deal_and_the_joker_joins_only_in_its_variant():
    assert poker_deck(7) == deal_cards(7)
    with_joker = poker_deck(7, joker=True)
    assert len(with_joker) == 53 and with_joker.count(JOKER) == 1
    assert [c for c in with_joker if c is not JOKER] == deal_cards(7)
    assert poker_deck(7, joker=True) == with_joker  # stable
    positions = {poker_deck(n, joker=True).index(JOKER) for n in range(1, 60)}
    assert len(positions) > 20


def test_a_game_draws_in_deck_order_and_ends_after_25_cards():
    game = PokerGame.new(3)
    deck = deal_cards(3)
    for number in range(25):
        assert game.drawn == deck[number] and not game.is_over()
        record = game.place(24 - number)
        assert record.card == deck[number] and record.cell == 24 - number and record.number == number + 1
    assert game.is_over() and game.drawn is None and game.choices() == []
    assert game.grid == list(reversed(deck[:25]))
    with pytest.raises(IllegalAction) as err:
        game.place(0)
    assert err.value.code == "grid_full"


def test_placement_record_holds_the_lines_through_the_cell():
    game = PokerGame.new(3, diagonals=True)
    record = game.place(12)
    assert sorted(line.line.name for line in record.lines) == ["column 3", "diagonal 1", "diagonal 2", "row 3"]
    assert all(line.cards == (record.card,) for line in record.lines)


@pytest.mark.parametrize("cell, card, code", [
    (25, None, "no_such_cell"), (-1, None, "no_such_cell"), ("3", None, "no_such_cell"),
    (0, None, "cell_taken"),
    (1, "deal:2", "not_drawn"),  # a card after the drawn one
    (1, "deal:0", "card_not_available"),  # the card already placed
])
def test_illegal_placements_name_their_reason_and_change_nothing(cell, card, code):
    game = PokerGame.new(5)
    game.place(0)
    before = game.to_text()
    chosen = None if card is None else deal_cards(5)[int(card.split(":")[1])]
    assert not game.can_place(cell, chosen)
    with pytest.raises(IllegalAction) as err:
        game.place(cell, chosen)
    assert err.value.code == code
    assert game.to_text() == before
    for language in i18n.LANGUAGES:  # the window words the reason in the player's language
        i18n.set_language(language)
        assert i18n.reason(err.value)
    i18n.set_language("en")


def test_open_deck_lets_the_player_pick_any_remaining_card():
    game = PokerGame.new(5, open_deck=True)
    deck = deal_cards(5)
    assert game.choices() == deck
    game.place(3, deck[40])
    assert deck[40] not in game.choices() and len(game.choices()) == 51
    copy = PokerGame.from_text(game.to_text())
    assert copy.grid == game.grid and copy.open_deck and copy.history[0].card == deck[40]


def test_text_form_round_trips_with_history():
    game = PokerGame.new(11, table="british", diagonals=True, joker=True)
    for cell in (4, 0, 12, 7):
        game.place(cell)
    text = game.to_text()
    assert text.startswith("british diagonals deal=11 | ")
    again = PokerGame.from_text(text)
    assert again.to_text() == text and again.grid == game.grid and again.deck == game.deck
    assert again.undo().cell == 7 and again.grid[7] is None


@pytest.mark.parametrize("broken", [
    "classic | AS KS | - | -",
    "german | {deck} | {grid} | -",
    "classic flying | {deck} | {grid} | -",
    "classic | {deck} | {grid} | 1",  # names an empty cell
])
def test_bad_text_is_refused(broken):
    game = PokerGame.new(2)
    deck = " ".join(map(str, game.deck))
    grid = " ".join(["-"] * 25)
    with pytest.raises(CardError):
        PokerGame.from_text(broken.format(deck=deck, grid=grid))


def test_text_that_breaks_the_draw_order_is_refused():
    game = PokerGame.new(2)
    game.place(0)
    game.place(1)
    parts = game.to_text().split(" | ")
    cells = parts[2].split()
    cells[0], cells[1] = cells[1], cells[0]  # the second card drawn cannot have gone in first
    parts[2] = " ".join(cells)
    with pytest.raises(CardError):
        PokerGame.from_text(" | ".join(parts))
    assert parse_card(cells[0]) == game.deck[1]


actions = st.lists(st.one_of(st.tuples(st.just("place"), st.integers(0, 24)),
                             st.tuples(st.just("undo"), st.just(0)), st.tuples(st.just("redo"), st.just(0))),
                   max_size=60)


@settings(max_examples=examples(150), deadline=None)
@given(deal=st.integers(1, 10_000), joker=st.booleans(), open_deck=st.booleans(), steps=actions,
       picks=st.lists(st.integers(0, 52), min_size=60, max_size=60))
def test_no_card_is_created_or_lost_and_placed_cards_never_move(deal, joker, open_deck, steps, picks):
    game = PokerGame.new(deal, joker=joker, open_deck=open_deck)
    for (kind, cell), pick in zip(steps, picks):
        before = list(game.grid)
        if kind == "place":
            choices = game.choices()
            card = choices[pick % len(choices)] if choices else None
            if game.can_place(cell, card):
                record = game.place(cell, card)
                assert record.cell == cell and game.grid[cell] == card
                changed = [i for i in range(25) if before[i] != game.grid[i]]
                assert changed == [cell]
            else:
                with pytest.raises(IllegalAction):
                    game.place(cell, card)
                assert game.grid == before
        elif kind == "undo":
            record = game.undo()
            if record is not None:
                assert before[record.cell] == record.card and game.grid[record.cell] is None
        else:
            record = game.redo()
            if record is not None:
                assert before[record.cell] is None and game.grid[record.cell] == record.card
        placed = [card for card in game.grid if card is not None]
        assert Counter(placed + game.remaining()) == Counter(game.deck)
        assert len(placed) == game.placed_count == len(game.history)
        assert PokerGame.from_text(game.to_text()).grid == game.grid


def test_undo_then_redo_restores_the_same_grid():
    game = PokerGame.new(9)
    for cell in (0, 6, 12, 18):
        game.place(cell)
    grid = list(game.grid)
    for _ in range(4):
        game.undo()
    assert game.grid == [None] * 25 and game.undo() is None
    for _ in range(4):
        game.redo()
    assert game.grid == grid and game.redo() is None
    game.undo()
    game.place(24)  # a new placement forgets what could be redone
    assert not game.can_redo()


def test_restart_and_copy():
    game = PokerGame.new(9)
    game.place(0)
    other = game.copy()
    other.place(1)
    assert game.grid[1] is None
    game.restart()
    assert game.grid == [None] * 25 and game.drawn == deal_cards(9)[0]


def test_a_grid_has_progressed_while_it_has_a_card_to_take_back_or_place_again():
    game = PokerGame.new(7)
    assert not game.progressed()
    game.place(0)
    assert game.progressed()
    game.undo()
    assert game.progressed()
    game.redo()
    game.restart()
    assert not game.progressed()
