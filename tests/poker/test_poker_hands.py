from collections import Counter
from itertools import combinations

import pytest

from idioten.cards import CardError, full_deck, parse_cards
from idioten.poker.hands import (
    ALL_CODES,
    HAND_NAMES,
    JOKER,
    best_category,
    classify,
    classify_codes,
    hand,
    parse_poker_card,
)
from idioten.poker.scoring import TABLES


def name(text: str) -> str:
    return HAND_NAMES[classify([parse_poker_card(t) for t in text.split()])]


@pytest.mark.slow  # all 2,598,960 hands; test_hands below checks every category in the fast tier
def test_every_five_card_hand_has_its_textbook_count():
    counts = Counter(classify_codes(*h) for h in combinations(ALL_CODES, 5))
    assert {HAND_NAMES[k]: v for k, v in counts.items()} == {
        "royal flush": 4, "straight flush": 36, "four of a kind": 624, "full house": 3744, "flush": 5108,
        "straight": 10200, "three of a kind": 54912, "two pair": 123552, "one pair": 1098240,
        "high card": 1302540,
    }


def test_codes_follow_the_deck_order():
    assert len(ALL_CODES) == 52 and len(set(ALL_CODES)) == 52
    assert classify_codes(*ALL_CODES[8:13]) == HAND_NAMES.index("royal flush")  # T-A of clubs


@pytest.mark.parametrize("cards, expected", [
    ("AS KS QS JS TS", "royal flush"),
    ("9H KH QH JH TH", "straight flush"),
    ("AD 2D 3D 4D 5D", "straight flush"),  # ace low in a straight flush: not royal
    ("7C 7D 7H 7S 2C", "four of a kind"),
    ("7C 7D 7H 2S 2C", "full house"),
    ("2H 9H JH 4H 6H", "flush"),
    ("AS 2D 3C 4H 5S", "straight"),  # ace low
    ("TS JD QC KH AS", "straight"),  # ace high
    ("6S 7D 8C 9H TS", "straight"),
    ("QS KD AC 2H 3S", "high card"),  # no wrapping round the ace
    ("KS AD 2C 3H 4S", "high card"),
    ("8S 8D 8C KH 2S", "three of a kind"),
    ("8S 8D KC KH 2S", "two pair"),
    ("8S 8D 5C KH 2S", "one pair"),
    ("8S 9D 5C KH 2S", "high card"),
])
def test_hands(cards, expected):
    assert name(cards) == expected


@pytest.mark.parametrize("cards, expected", [
    ("", "high card"),
    ("KH", "high card"),
    ("KH KS", "one pair"),
    ("KH 2H 5H", "high card"),  # a flush needs five cards
    ("2S 3S 4S 5S", "high card"),  # and so does a straight
    ("KH KS 7D", "one pair"),
    ("KH KS 7D 7C", "two pair"),
    ("KH KS KD", "three of a kind"),
    ("KH KS KD KC", "four of a kind"),
])
def test_lines_not_yet_full_show_the_hand_made_so_far(cards, expected):
    assert name(cards) == expected


@pytest.mark.parametrize("cards, expected", [
    ("2H 3H 4H 5H JK", "straight flush"),
    ("TS JS QS KS JK", "royal flush"),
    ("AS JS QS KS JK", "royal flush"),  # the joker fills a gap inside the straight
    ("9C 9D 9H 9S JK", "five of a kind"),
    ("KH KS 7D 7C JK", "full house"),
    ("2C 7D 9H KS JK", "one pair"),
    ("AH 2D 3C 4S JK", "straight"),
    ("2H 7H 9H KH JK", "flush"),
    ("KH KS KD JK", "four of a kind"),  # the line is not full yet
    ("JK", "high card"),
])
def test_joker_takes_the_best_card(cards, expected):
    assert name(cards) == expected


def test_joker_choice_follows_the_scoring_table():
    cards = [parse_poker_card(t) for t in "9C 9D 9H 9S JK".split()]
    for points in TABLES.values():
        category = best_category(cards, points)
        # five of a kind scores as a straight flush; nothing with these cards scores more
        assert points[category] == points[HAND_NAMES.index("straight flush")]


def test_joker_is_a_card_with_its_own_notation():
    assert str(JOKER) == "JK" and parse_poker_card("joker") is JOKER and JOKER not in full_deck()
    assert hand([JOKER] + parse_cards("2C 2D")).name == "three of a kind"


def test_bad_lines_are_refused():
    with pytest.raises(CardError):
        classify(parse_cards("2C 3C 4C 5C 6C 7C"))
    with pytest.raises(CardError):
        parse_poker_card("1X")


def test_the_tables_built_pattern_by_pattern_say_what_counting_each_rank_multiset_says():
    """The tables are built from count patterns (fast at start-up); counting the ranks of each multiset, the
    plain way, must give the same categories, the same abstraction of each unfinished line, the same patterns."""
    from itertools import combinations_with_replacement

    from idioten.poker import hands, values

    plain, flush, info = {}, {}, {}
    for size in range(hands.LINE + 1):
        for ranks in combinations_with_replacement(range(2, 15), size):
            key, counts = hands.rank_key(ranks), tuple(sorted(Counter(ranks).values(), reverse=True))
            plain[key] = hands._plain_category(ranks)
            if size == hands.LINE:
                flush[key] = hands._flush_category(ranks)
            low = [1 if rank == 14 else rank for rank in ranks]
            can_straight = len(set(ranks)) == size and (not ranks or max(ranks) - min(ranks) <= 4
                                                        or max(low) - min(low) <= 4)
            info[key] = values.PATTERNS.index(counts) * 2 + can_straight
    assert (hands._PLAIN, hands._FLUSH, values.RANK_INFO) == (plain, flush, info)
    assert sorted(values.PATTERNS) == sorted(set(tuple(sorted(Counter(ranks).values(), reverse=True))
                                                 for size in range(6)
                                                 for ranks in combinations_with_replacement(range(2, 15), size)))
