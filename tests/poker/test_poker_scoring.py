import pytest

from idioten.cards import CardError, parse_card
from idioten.poker.hands import HAND_NAMES, JOKER
from idioten.poker.scoring import COLUMNS, DIAGONALS, ROWS, lines, lines_through, parse_grid, points_table, score_grid

# Three flushes (rows 1-3), two threes of a kind (rows 4-5) and five pairs (the columns): 26 points under
# Classic (5 + 5 + 5 + 3 + 3 + 1 + 1 + 1 + 1 + 1).
RULES_EXAMPLE = ("2H 5H 7H JH QH  2S 5S 7S TS AS  3D 6D 8D 4D QD  "
                 "9C 9D 9S 4C 6C  KC KD KS 3C 8C")

# The table of docs/rules.md, by hand: royal, straight flush, four, full house, flush, straight, three, two pair,
# pair, high card.
RULES_TABLE = {
    "classic": (250, 50, 25, 8, 5, 4, 3, 2, 1, 0),
    "simple": (9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
    "american": (100, 75, 50, 25, 20, 15, 10, 5, 2, 0),
    "british": (30, 30, 16, 10, 5, 12, 6, 3, 1, 0),
}
ORDER = ("royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
         "three of a kind", "two pair", "one pair", "high card")


@pytest.mark.parametrize("table", RULES_TABLE)
def test_tables_match_the_rule_book(table):
    points = points_table(table)
    assert tuple(points[HAND_NAMES.index(hand)] for hand in ORDER) == RULES_TABLE[table]
    assert points[HAND_NAMES.index("five of a kind")] == points[HAND_NAMES.index("straight flush")]


def test_rules_example_scores_26_classic():
    result = score_grid(parse_grid(RULES_EXAMPLE))
    hands = sorted(line.hand for line in result.lines)
    assert hands == ["flush"] * 3 + ["one pair"] * 5 + ["three of a kind"] * 2
    assert result.total == 26


@pytest.mark.parametrize("table, total", [("classic", 26), ("simple", 26), ("american", 3 * 20 + 2 * 10 + 5 * 2),
                                          ("british", 3 * 5 + 2 * 6 + 5 * 1)])
def test_each_table_scores_the_example(table, total):
    assert score_grid(parse_grid(RULES_EXAMPLE), table).total == total


def test_diagonals_add_two_hands():
    result = score_grid(parse_grid(RULES_EXAMPLE), diagonals=True)
    assert len(result.lines) == 12
    by_name = {line.line.name: line for line in result.lines}
    assert [str(c) for c in by_name["diagonal 1"].cards] == ["2H", "5S", "8D", "4C", "8C"]
    assert by_name["diagonal 1"].hand == "one pair"
    assert [str(c) for c in by_name["diagonal 2"].cards] == ["QH", "TS", "8D", "9D", "KC"]
    assert by_name["diagonal 2"].hand == "high card"
    assert result.total == 27


def test_line_names_and_cells():
    assert [line.name for line in lines(True)] == [f"row {i}" for i in range(1, 6)] + \
        [f"column {i}" for i in range(1, 6)] + ["diagonal 1", "diagonal 2"]
    assert ROWS[1].cells == (5, 6, 7, 8, 9) and COLUMNS[1].cells == (1, 6, 11, 16, 21)
    assert DIAGONALS[1].cells == (4, 8, 12, 16, 20)
    assert len(lines_through(12, True)) == 4 and len(lines_through(1, True)) == 2


def test_json_form():
    data = score_grid(parse_grid(RULES_EXAMPLE)).as_json()
    assert data["total"] == 26
    assert data["hands"][0] == {"line": "row 1", "hand": "flush", "points": 5}
    assert data["hands"][5] == {"line": "column 1", "hand": "one pair", "points": 1}


def test_joker_stands_for_the_best_card_in_each_line_separately():
    # Row 1 wants the joker as a king (four kings); column 1 wants it as a heart (a flush).
    text = ("JK KS KD KC KH  3H 5S 7S TS AS  5H 6D 8D 4D QD  9H 9D 9S 4C 6C  JH 2D 2S 3C 8C")
    grid = parse_grid(text)
    assert grid[0] is JOKER
    by_name = {line.line.name: line for line in score_grid(grid).lines}
    assert by_name["row 1"].hand == "five of a kind" and by_name["row 1"].points == 50
    assert by_name["column 1"].hand == "flush"


def test_partial_grid_scores_the_hands_made_so_far():
    grid = parse_grid("KH KS " + "- " * 23, allow_empty=True)
    result = score_grid(grid)
    assert result.total == 1 and result.lines[0].hand == "one pair" and not result.lines[0].complete
    assert grid[:3] == [parse_card("KH"), parse_card("KS"), None]


@pytest.mark.parametrize("text", ["AS KS", RULES_EXAMPLE.replace("QD", "QH"), RULES_EXAMPLE.replace("QD", "ZZ"),
                                  RULES_EXAMPLE.replace("QD", "-")])
def test_bad_grids_are_refused(text):
    with pytest.raises(CardError):
        parse_grid(text)


def test_unknown_table_is_refused():
    with pytest.raises(CardError):
        points_table("german")
