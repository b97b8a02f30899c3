"""The spoken words, without a window: cards as a player says them in each language, the table, a pile, each
action's result, a message's cards read out, Poker patience's cells, placements and hands."""

from __future__ import annotations

import pytest

from idioten import i18n
from idioten.acesup.rules import Action, Game
from idioten.cards import Card, full_deck, parse_cards
from idioten.play.change import Change, How
from idioten.poker.game import PokerGame
from idioten.speech import words


@pytest.fixture
def language():
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


def position(piles: list[str], stock: int) -> Game:
    pile_cards = [parse_cards(p) for p in piles]
    used = {c for p in pile_cards for c in p}
    rest = [c for c in full_deck() if c not in used]
    return Game(pile_cards, rest[:stock], rest[stock:])


@pytest.mark.parametrize("code, nine_of_diamonds, king_of_spades", [
    ("en", "nine of diamonds", "king of spades"),
    ("sv", "ruter nio", "spader kung"),
    ("de", "Karo Neun", "Pik König"),
])
def test_cards_are_said_as_a_player_says_them(language, code, nine_of_diamonds, king_of_spades):
    language(code)
    assert words.card(Card(9, "D")) == nine_of_diamonds
    assert words.card(Card(13, "S")) == king_of_spades


def test_every_card_has_its_words_in_every_language(language):
    for code in ("en", "sv", "de"):
        language(code)
        said = {words.card(card) for card in full_deck()}
        assert len(said) == 52  # no two cards sound alike
        assert not any(symbol in text for text in said for symbol in "♣♦♥♠{}")


def test_a_message_names_its_cards_in_words(language):
    language("en")
    assert words.plain("Hint: discard 9♦ (10♥ and A♠ stay).") == (
        "Hint: discard nine of diamonds (ten of hearts and ace of spades stay).")
    assert words.plain("Pile 2 chosen.") == "Pile 2 chosen."


def test_the_table_a_pile_and_each_result(language):
    language("en")
    game = position(["9D", "KD", "7H 2C", ""], stock=8)
    assert words.table(game) == ("pile 1: nine of diamonds; pile 2: king of diamonds; pile 3: two of clubs; "
                                 "pile 4 empty. Stock 8, score 40.")
    assert words.pile(game, 2) == "Pile 3 from the top: two of clubs, seven of hearts."
    assert words.pile(game, 3) == "pile 4 empty"
    record = game.apply(Action.discard(0))
    assert words.aces_change(Change(How.ACTION, record), game) == "nine of diamonds discarded, pile 1 empty."
    record = game.apply(Action.move(2, 0))
    assert words.aces_change(Change(How.ACTION, record), game) == (
        "two of clubs moved to pile 1, seven of hearts on top.")
    game.undo()
    assert words.aces_change(Change(How.UNDO, record), game) == "Taken back: two of clubs returns to pile 3."


def test_the_results_in_swedish_and_german(language):
    game = position(["9D", "KD", "7H 2C", "QS"], stock=8)
    record = game.apply(Action.discard(0))
    language("sv")
    assert words.aces_change(Change(How.ACTION, record), game) == "ruter nio slängd, hög 1 tom."
    language("de")
    assert words.aces_change(Change(How.ACTION, record), game) == "Karo Neun abgelegt, Stapel 1 leer."


def test_a_deal_says_the_table_it_made(language):
    language("en")
    game = position(["9D", "KD", "7H", "QS"], stock=4)
    record = game.apply(Action.deal())
    said = words.aces_change(Change(How.ACTION, record), game)
    assert said.startswith("Dealt. pile 1: " + words.card(record.cards[0]) + "; ")
    assert said.endswith("Stock 0, score 44.")  # the cards not on the table lie on the discard pile


def test_poker_placements_hands_and_the_end(language):
    language("en")
    game = PokerGame.new(7)
    first = game.drawn
    assert words.poker_state(game, 0) == f"Card: {words.card(first)}. row 1, column 1: empty. Score 0."
    record = game.place(0)
    said = words.placed(record, game, 1)
    assert said == (f"{words.card(first)} in row 1, column 1. Card: {words.card(game.drawn)}. "
                    "Cursor on row 1, column 2.")
    while not game.is_over():
        record = game.place(game.empty_cells()[0])
    said = words.placed(record, game, None)
    assert said.startswith(f"{words.card(record.card)} in ") and "Card:" not in said  # nothing is left to draw
    scoring = [line for line in game.score().lines if line.points]
    final = words.final_scores(game)
    for line in scoring:
        assert f"{words.line_name(line.line.name)}: " in final
    assert final.count("worth") == len(scoring) and final.endswith(f"Total {game.score().total}.")
