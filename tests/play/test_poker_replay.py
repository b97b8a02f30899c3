"""A row of Poker patience's history as text and back (play/poker/replay.py): the deal, its table and options,
and the placements in order; a text that is not such a game, or whose placements the rules would refuse on
that deal, is refused with the reason."""

from __future__ import annotations

import pytest

from idioten.play.poker.replay import PokerLine, deal_of, line_text, parse_line
from idioten.poker.game import PokerGame
from idioten.storage.history import Played


def played_row(key: str = "american+diagonals+joker+open", count: int = 25) -> tuple[Played, PokerGame]:
    """A grid of deal 7 filled cell by cell (the open deck: its cards in draw order), as its history row."""
    line = deal_of(Played("2026-12-06T10:00", key, "finished", 0, 7))
    game = line.game()
    for cell in range(count):
        game.place(cell, game.choices()[-1] if game.open_deck else None)
    placed = tuple(f"{record.card} {record.cell + 1}" for record in game.history)
    return Played("2026-12-06T10:00", key, "finished", game.score().total, 7, actions=placed), game


@pytest.mark.parametrize("key", ["classic", "american+diagonals+joker+open", "british+open", "simple+joker"])
def test_a_row_reads_back_as_its_deal_options_and_placements(key):
    row, game = played_row(key)
    text = line_text(row)
    assert text.startswith(f"poker --deal 7 --table {key.split('+')[0]}")
    line = parse_line(text)
    assert line == deal_of(row)
    replayed = line.game()
    for cell, card in line.placements:
        replayed.place(cell, next(c for c in replayed.choices() if str(c) == card))
    assert replayed.grid == game.grid


def test_a_text_over_several_lines_and_with_ten_written_10_reads_too():
    row, _ = played_row("classic", count=3)
    text = line_text(row).replace(" --placed", "\n--placed").replace("T", "10")
    assert parse_line(text).placements == deal_of(row).placements


@pytest.mark.parametrize("text, reason", [
    ("hello", "no game of Poker patience"),
    ('idioten analyse --deal 7 --moves "deal"', "no game of Poker patience"),
    ("poker --deal 7", "names no --deal and --placed"),
    ('poker --deal seven --placed "AS 1"', "not a number"),
    ('poker --deal 7 --table tiny --placed "AS 1"', "no scoring table"),
    ('poker --deal 7 --placed "AS 26"', "not a placement"),
    ('poker --deal 7 --placed "AS 1"', "placement 1"),  # not the card drawn first on deal 7
    ('poker --deal 7 --placed "JK 1"', "placement 1"),  # no joker without --joker
    ('poker --deal 7 --placed "unclosed', "unreadable"),
])
def test_a_text_that_is_no_playable_grid_is_refused_with_the_reason(text, reason):
    with pytest.raises(ValueError, match=reason):
        parse_line(text)


def test_a_placement_into_a_filled_cell_is_refused():
    row, _ = played_row("classic", count=2)
    first, second = row.actions
    doubled = line_text(row).replace(second, second.split()[0] + " " + first.split()[1])
    with pytest.raises(ValueError, match="placement 2"):
        parse_line(doubled)


def test_a_row_without_a_deal_number_cannot_be_played_again():
    with pytest.raises(ValueError, match="numbered deal"):
        deal_of(Played("2026-12-06T10:00", "classic", "finished", 3))
    assert deal_of(Played("2026-12-06T10:00", "british+open", "won", 3, 9)) == PokerLine(9, "british",
                                                                                         open_deck=True)
