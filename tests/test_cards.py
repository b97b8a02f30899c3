import pytest
from hypothesis import given
from hypothesis import strategies as st

from idioten.cards import (
    MAX_DEAL,
    Card,
    CardError,
    deal_cards,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    parse_deal,
    splitmix64,
)

# Pinned forever: a change here means every player's numbered deals changed.
PINNED = {
    1: "8D TC 5D 9H 9D 6S QD 7D TS QC 6D AD 4C 3D QH 6H 8H 5H 3C 2D 7S AC AH JH JS QS JD 9S KC 5S 7C 8C 2S 6C "
       "2H AS 7H KS KH KD TD 4D 4S 2C 5C 3H 9C JC 4H 3S TH 8S",
    7: "5D 6C QH 4S 5H JH AS 7D 5S 8H TD 3C AD QS JC 3H 8C 5C 8S 3S JS TS 4C KH 3D 9D 7S 2C TC QD 7H 4D 4H 9H "
       "2H AH 7C 2S 8D 6H TH 6S KS 2D AC JD 9C QC 6D 9S KD KC",
    MAX_DEAL: "9S JS 5D AD QD KH 3H 4D 6S TH TS 5C KC AS 7C QC AH 2H JD 3D 9H 8H JH 8C 3C TC 8S JC 4S 9D 4C 3S KS "
              "7S 6H QS 6C 2S 4H 8D 9C QH TD 2C 6D KD 2D 5S 5H 7D AC 7H",
}


@pytest.mark.parametrize("number", sorted(PINNED))
def test_numbered_deals_never_change(number):
    assert format_cards(deal_cards(number)) == PINNED[number]


def test_splitmix64_matches_the_published_reference():
    # Vigna's splitmix64.c seeded with 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4.
    state, first = splitmix64(0)
    _, second = splitmix64(state)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


@given(st.integers(1, MAX_DEAL))
def test_every_deal_is_a_full_deck(number):
    assert sorted(deal_cards(number)) == sorted(full_deck())


def test_neighbouring_deals_differ():
    assert len({tuple(deal_cards(n)) for n in range(1, 200)}) == 199


@pytest.mark.parametrize("bad", [0, -1, MAX_DEAL + 1, "3", 2.0, True])
def test_deal_numbers_out_of_range_are_refused(bad):
    with pytest.raises(CardError):
        deal_cards(bad)


@pytest.mark.parametrize("text,card", [("AS", Card(14, "S")), ("th", Card(10, "H")), ("10d", Card(10, "D")),
                                       ("2c", Card(2, "C")), (" kH ", Card(13, "H"))])
def test_parse_card(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("bad", ["", "A", "1S", "11H", "AX", "ZZ", "AS2"])
def test_bad_card_tokens(bad):
    with pytest.raises(CardError):
        parse_card(bad)


def test_print_and_parse_round_trip_for_every_card():
    for index, card in enumerate(full_deck()):
        assert card.index == index
        assert parse_card(str(card)) == card
    assert Card(10, "H").pretty() == "10\u2665"


def test_duplicates_and_wrong_counts():
    with pytest.raises(CardError, match="twice"):
        parse_cards("AS KS as")
    with pytest.raises(CardError, match="52 cards, got 51"):
        parse_deal(format_cards(full_deck()[:51]))
    assert parse_deal(format_cards(full_deck())) == full_deck()
