import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten.acesup.rules import ACES_ONLY, DEAL, DISCARD, MOVE, STANDARD, Action, Dealt, Discarded, Game, Moved
from idioten.cards import Card, CardError, deal_cards, format_cards, full_deck, parse_cards
from idioten.errors import IllegalAction


def deal_starting_with(text):
    """A full deal whose first cards are `text`, the rest of the deck after them in deck order."""
    first = parse_cards(text)
    return first + [c for c in full_deck() if c not in first]


def position(piles, stock="", discards="", variant=STANDARD):
    """A position from pile texts; every card not named goes to the discard pile, so all 52 are there."""
    pile_cards = [parse_cards(p) for p in piles]
    stock_cards = parse_cards(stock)
    named = {c for p in pile_cards for c in p} | set(stock_cards) | set(parse_cards(discards))
    rest = [c for c in full_deck() if c not in named]
    return Game(pile_cards, stock_cards, parse_cards(discards) + rest, variant)


def test_worked_example_from_the_rule_book():
    game = Game.new(deal_starting_with("QH JS 5S 2D 8H KH 9C 6C"))
    game.deal()
    assert [str(game.top(p)) for p in range(4)] == ["8H", "KH", "9C", "6C"]
    game.discard(0)  # 8H under KH
    game.discard(3)  # 6C under 9C
    assert str(game.top(0)) == "QH"
    game.discard(0)  # QH under KH as well
    assert game.piles[0] == []
    game.move(1, 0)  # KH into the gap uncovers JS
    assert [str(game.top(p)) for p in range(4)] == ["KH", "JS", "9C", "2D"]
    assert not game.can_discard(3)  # the 2D stays
    assert [str(a) for a in game.useful_actions()] == ["deal"]
    assert game.score == 3


def test_discard_needs_the_same_suit_not_just_the_same_colour():
    game = position(["2H", "KD", "3S", "4C"])
    with pytest.raises(IllegalAction) as err:
        game.verify_discard(0)
    assert err.value.code == "no_higher_same_suit" and err.value.params["suit"] == "H"


def test_discard_needs_a_higher_card_on_another_pile_not_below():
    game = position(["KH 2H", "3S", "4C", "5D"])
    assert not game.can_discard(1)
    assert not game.can_discard(0)  # the KH lies under the 2H, it is not a top card


def test_the_lower_card_goes_and_the_higher_stays():
    game = position(["5H", "9H", "2C", "3D"])
    assert game.can_discard(0) and not game.can_discard(1)
    record = game.discard(0)
    assert record == Discarded(0, Card(5, "H")) and game.piles[0] == []


def test_an_ace_is_never_discarded():
    game = position(["AS", "KS", "2C", "3D"])
    with pytest.raises(IllegalAction) as err:
        game.discard(0)
    assert err.value.code == "ace_never_discarded"
    assert game.can_discard(1)


def test_moves_go_only_into_empty_piles():
    game = position(["5H 7C", "", "9S", "3D"])
    assert game.can_move(0, 1)
    for target in (2, 3):
        with pytest.raises(IllegalAction) as err:
            game.move(0, target)
        assert err.value.code == "target_not_empty"
    with pytest.raises(IllegalAction):
        game.move(1, 0)  # nothing to move from an empty pile
    assert game.move(0, 1) == Moved(0, 1, Card(7, "C"))
    assert game.piles == [[Card(5, "H")], [Card(7, "C")], [Card(9, "S")], [Card(3, "D")]]


def test_aces_only_variant_lets_only_aces_into_gaps():
    game = position(["5H 7C", "", "9S AS", "3D"], variant=ACES_ONLY)
    assert not game.can_move(0, 1)
    with pytest.raises(IllegalAction) as err:
        game.verify_move(0, 1)
    assert err.value.code == "aces_only_gap"
    assert game.can_move(2, 1)


def test_a_deal_fills_every_pile_left_to_right_empty_ones_too():
    game = position(["5H", "", "9S", ""], stock="2C 3C 4C 5C")
    record = game.deal()
    assert record == Dealt(tuple(parse_cards("2C 3C 4C 5C")))
    assert [format_cards(p) for p in game.piles] == ["5H 2C", "3C", "9S 4C", "5C"]
    assert not game.stock and not game.can_deal()
    with pytest.raises(IllegalAction) as err:
        game.deal()
    assert err.value.code == "stock_empty"


def test_won_only_with_the_four_aces_left():
    game = position(["AS", "AH", "AD", "AC"])
    assert game.is_won() and game.is_over() and game.score == 48


def test_over_when_the_stock_is_empty_and_only_useless_moves_remain():
    game = position(["AS", "", "2H", "3D"])
    # AS or 2H could go into the gap, but each is a lone card: nothing would change.
    assert any(a.kind == MOVE for a in game.legal_actions())
    assert game.is_over() and not game.is_won()
    assert not position(["AS", "", "2H", "3D"], stock="4C 5C 6C 7C").is_over()
    assert not position(["AS 5D", "", "2H", "3D"]).is_over()


def test_illegal_actions_change_nothing():
    game = Game.new(deal_cards(3))
    before = game.to_text()
    for action in [Action(DISCARD, p) for p in range(4)] + [Action(MOVE, p, q) for p in range(4) for q in range(4)]:
        if not game.can(action):
            with pytest.raises(IllegalAction):
                game.apply(action)
    assert game.to_text() == before and not game.history


@pytest.mark.parametrize("fields", [(DISCARD, 4), (DISCARD, -1), (DISCARD, 1, 2), (DISCARD, True), (MOVE, 0),
                                    (MOVE, 0, 9), (MOVE, 0.0, 1), (DEAL, 0), ("jump",), ("jump", 0, 1)])
def test_a_malformed_action_cannot_be_built(fields):
    with pytest.raises(ValueError, match="not an action"):
        Action(*fields)


@pytest.mark.parametrize("call", [lambda g: g.discard(4), lambda g: g.discard(-1), lambda g: g.move(0, 9),
                                  lambda g: g.move("1", 0), lambda g: g.verify_discard(7)])
def test_a_pile_that_does_not_exist_is_refused_by_the_rules(call):
    game = Game.new(deal_cards(1))
    with pytest.raises(IllegalAction) as err:
        call(game)
    assert err.value.code == "no_such_pile" and game.to_text() == Game.new(deal_cards(1)).to_text()
    assert not game.can_discard(7) and not game.can_move(0, 9)


def test_there_are_seventeen_actions_and_the_named_constructors_give_them():
    actions = {Action.discard(p) for p in range(4)} | {Action.deal()}
    actions |= {Action.move(p, q) for p in range(4) for q in range(4) if p != q}
    assert len(actions) == 17 and Action.move(2, 0) == Action(MOVE, 2, 0) and Action.deal() == Action(DEAL)


def test_action_notation_round_trips():
    for text in ["discard 1", "discard 4", "move 1 2", "move 4 3", "deal"]:
        assert str(Action.parse(text)) == text
    for bad in ["discard 0", "discard 5", "move 1", "deal 2", "shuffle", "move a b", ""]:
        with pytest.raises(ValueError):
            Action.parse(bad)


def test_text_form_refuses_damaged_positions():
    good = Game.new(deal_cards(5)).to_text()
    assert Game.from_text(good).to_text() == good
    for bad in [good.replace("standard", "easy"), good[:-10], good.replace(" | ", " / ", 1),
                good + " | extra", good.replace("-", "AS")]:
        with pytest.raises(CardError):
            Game.from_text(bad)


def play_randomly(game, rng, steps):
    """Up to `steps` useful actions, each chosen by `rng` (fewer if the game ends)."""
    for _ in range(steps):
        actions = list(game.useful_actions())
        if not actions:
            break
        game.apply(rng.choice(actions))


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 200), st.sampled_from([STANDARD, ACES_ONLY]))
def test_cards_are_never_created_or_lost(number, seed, variant):
    game = Game.new(deal_cards(number), variant)
    rng = random.Random(seed)
    for _ in range(200):
        actions = list(game.legal_actions())  # useless moves included
        if not actions:
            break
        game.apply(rng.choice(actions))
        cards = [c for p in game.piles for c in p] + game.stock + game.discards
        assert sorted(cards) == sorted(full_deck())
    while game.can_undo():
        game.undo()
    assert game.to_text() == game.start_text


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 200), st.integers(0, 80), st.integers(0, 80))
def test_undo_then_redo_gives_back_the_same_position(number, seed, steps, back):
    game = Game.new(deal_cards(number))
    play_randomly(game, random.Random(seed), steps)
    after, history = game.to_text(), list(game.history)
    back = min(back, len(history))
    undone = [game.undo() for _ in range(back)]
    assert undone == [record for _, record in reversed(history[len(history) - back:])]
    for _ in range(back):
        game.redo()
    assert game.to_text() == after and game.history == history and not game.can_redo()


def test_a_new_action_after_undo_forgets_the_redo_list():
    game = Game.new(deal_cards(9))
    game.deal()
    game.undo()
    assert game.can_redo()
    game.deal()
    assert not game.can_redo() and game.redo() is None


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 10**6), st.sampled_from([STANDARD, ACES_ONLY]))
def test_random_useful_play_always_ends(number, seed, variant):
    game = Game.new(deal_cards(number), variant)
    play_randomly(game, random.Random(seed), 1000)  # 48 discards + 12 deals + at most 52 moves per deal
    assert game.is_over()
    assert 0 <= game.score <= 48 and game.is_won() == (game.score == 48)


def test_restart_returns_to_the_deal():
    game = Game.new(deal_cards(11), deal_number=11)
    play_randomly(game, random.Random(1), 30)
    game.restart()
    assert game.to_text() == Game.new(deal_cards(11)).to_text()
    assert not game.can_undo() and not game.can_redo() and game.deal_number == 11


def test_copy_is_independent():
    game = Game.new(deal_cards(12))
    clone = game.copy()
    clone.deal()
    assert game.to_text() != clone.to_text() and len(game.stock) == 48


def test_a_copy_keeps_the_deal_number_and_the_variant():
    game = Game.new(deal_cards(12), "aces-only", 12)
    clone = game.copy()
    assert (clone.deal_number, clone.variant, clone.start_text) == (12, "aces-only", game.start_text)


def test_a_stock_that_cannot_be_dealt_four_at_a_time_is_refused():
    with pytest.raises(ValueError, match="multiple of four"):
        position(["5H", "9H", "2C", "3D"], stock="4C 5C 6C")


def test_a_game_has_progressed_while_it_has_anything_to_undo_or_redo():
    game = Game.new(deal_cards(7), deal_number=7)
    assert not game.progressed()
    game.apply(Action(DEAL))
    assert game.progressed()
    game.undo()
    assert game.progressed()  # the deal can be done again
    game.future.clear()
    assert not game.progressed()
