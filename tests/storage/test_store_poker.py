"""poker.json: an exact round trip, every game that must not be trusted set aside while play goes on, the
player's choices read field by field, and a file from the first version still loading."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten.cards import MAX_DEAL
from idioten.play.poker.session import Place, PokerSession
from idioten.play.session import write_now
from idioten.poker.game import PokerGame
from idioten.poker.scoring import TABLES
from idioten.storage.poker import (
    FILE,
    FORMAT,
    VERSION,
    BadPokerSave,
    PokerOptions,
    PokerSave,
    SavedPokerGame,
    poker_from_json,
    poker_to_json,
)
from idioten.storage.store import Store


def a_game(number: int, cards: int, table: str = "classic", computer_cards: int | None = None,
           open_deck: bool = False, diagonals: bool = False, joker: bool = False,
           picks=(0,)) -> SavedPokerGame:
    """Deal `number` with `cards` placed (in the open deck, the card picked by `picks` in turn); with
    `computer_cards`, the computer's grid holds the player's first cards, in cells of its own choosing."""
    game = PokerGame.new(number, table, diagonals, joker, open_deck)
    for turn in range(cards):
        choices = game.choices()
        game.place(game.empty_cells()[0], choices[picks[turn % len(picks)] % len(choices)])
    computer = None
    if computer_cards is not None:
        computer = PokerGame(game.deck, game.table, game.diagonals, game.open_deck, game.deal_number)
        for record in game.history[:computer_cards]:
            computer.place(computer.empty_cells()[-1], record.card)
    return SavedPokerGame(game, computer, f"id-{number}-{cards}")


def texts(saved: SavedPokerGame | None):
    if saved is None:
        return None
    return saved.game.to_text(), saved.computer.to_text() if saved.computer else None, saved.game_id


def through_json(save: PokerSave) -> PokerSave:
    return poker_from_json(json.loads(json.dumps(poker_to_json(save))))


def a_document() -> dict:
    """A file with every part: choices, a competitive game one card ahead of the computer, the grid a new deal
    replaced (Ctrl+Z) and the one Ctrl+Z left (Ctrl+Y, at the current game's place)."""
    current = a_game(11, 4, computer_cards=3)
    save = PokerSave(PokerOptions(table="american", diagonals=True), current, a_game(12, 6),
                     a_game(13, 2, computer_cards=2), 4)
    return poker_to_json(save)


@settings(max_examples=examples(40), deadline=None)
@given(number=st.integers(1, MAX_DEAL), table=st.sampled_from(sorted(TABLES)), diagonals=st.booleans(),
       open_deck=st.booleans(), joker=st.booleans(), cards=st.integers(0, 25), behind=st.integers(0, 25),
       competitive=st.booleans(), picks=st.lists(st.integers(0, 100), min_size=1, max_size=25))
def test_a_file_gives_back_exactly_what_was_saved(number, table, diagonals, open_deck, joker, cards, behind,
                                                 competitive, picks):
    current = a_game(number, cards, table, max(0, cards - behind) if competitive else None, open_deck,
                     diagonals, joker, picks)
    options = PokerOptions(table, diagonals, joker, open_deck, competitive)
    save = PokerSave(options, current, a_game(number % 1000 + 1, 3), a_game(5, 1), cards)
    loaded = through_json(save)
    assert (loaded.options, loaded.following_at) == (options, cards)
    for name in ("current", "previous", "following"):
        assert texts(getattr(loaded, name)) == texts(getattr(save, name))
    assert [r.card for r in loaded.current.game.history] == [r.card for r in current.game.history]  # undo works
    assert poker_to_json(loaded) == poker_to_json(save)


def test_the_kept_games_are_written_only_when_there_are_some():
    data = poker_to_json(PokerSave(current=a_game(7, 3)))
    assert {"previous", "following", "following_at"}.isdisjoint(data)
    assert (data["format"], data["version"]) == (FORMAT, VERSION)
    assert poker_from_json(data).previous is None


def damaged(change):
    def damage():
        data = a_document()
        change(data)
        return data
    return damage


def set_field(path: str, value):
    def change(data):
        *parents, name = path.split(".")
        target = data
        for parent in parents:
            target = target[parent]
        target[name] = value
    return change


def drop_field(path: str):
    def change(data):
        *parents, name = path.split(".")
        target = data
        for parent in parents:
            target = target[parent]
        del target[name]
    return change


def other_text(**kwargs):
    """A grid legal on its own that the document's player (deal 11, four cards) never made."""
    return a_game(**kwargs).game.to_text()


DAMAGES = {
    "current not an object": set_field("current", "classic"),
    "current without id": drop_field("current.id"),
    "current id empty": set_field("current.id", ""),
    "current id not text": set_field("current.id", 11),
    "current without game": drop_field("current.game"),
    "current game not text": set_field("current.game", ["classic"]),
    "current game not a game": set_field("current.game", "classic | 2C 2C | - | -"),
    "current game never played": set_field("current.game", other_text(number=11, cards=4).replace("| 1 2 3 4",
                                                                                                "| 4 3 2 1")),
    "computer not text": set_field("current.computer", 3),
    "computer from another deck": set_field("current.computer", other_text(number=99, cards=3)),
    "computer ahead of the player": set_field("current.computer", other_text(number=11, cards=5)),
    "computer under another table": set_field("current.computer", other_text(number=11, cards=3,
                                                                              table="british")),
    "computer with the diagonals": set_field("current.computer", other_text(number=11, cards=3, diagonals=True)),
    "previous not an object": set_field("previous", 12),
    "previous id empty": set_field("previous.id", ""),
    "previous game not a game": set_field("previous.game", "nonsense"),
    "following without id": drop_field("following.id"),
    "following computer not a game": set_field("following.computer", "american | | | -"),
    "following_at missing": drop_field("following_at"),
    "following_at before the line": set_field("following_at", 3),
    "following_at beyond the line": set_field("following_at", 5),
    "following_at text": set_field("following_at", "4"),
    "following_at null": set_field("following_at", None),
    "following_at a flag": set_field("following_at", True),
}


def open_deck_document() -> dict:
    """In the open deck the player picks the card: a computer that placed another card did not follow."""
    player = a_game(21, 3, open_deck=True, picks=(1,), computer_cards=3)
    computer = a_game(21, 3, open_deck=True, picks=(0,))
    return poker_to_json(PokerSave(current=SavedPokerGame(player.game, computer.game, "open")))


@pytest.mark.parametrize("make", [damaged(change) for change in DAMAGES.values()] + [open_deck_document],
                         ids=list(DAMAGES) + ["computer placed other cards in the open deck"])
def test_a_game_that_does_not_add_up_is_set_aside_and_play_goes_on(tmp_path, make):
    document = make()
    with pytest.raises(BadPokerSave):
        poker_from_json(document)
    (tmp_path / FILE).write_text(json.dumps(document), encoding="utf-8")
    session = PokerSession(Store.open(tmp_path), random.Random(5))
    notices = session.load()
    assert [n.key for n in notices] == ["store.bad_file"] and notices[0].text()
    aside = list(tmp_path.glob("poker.bad-*.json"))
    assert len(aside) == 1 and json.loads(aside[0].read_text(encoding="utf-8")) == document  # nothing lost
    assert session.options == PokerOptions.from_json(document["options"])  # the player's choices stand
    assert session.game_id not in {document[name]["id"] for name in ("current", "previous", "following")
                                   if isinstance(document.get(name), dict) and "id" in document[name]}
    assert session.game.placed_count == 0 and not session.chain.can_go_back() and not session.chain.can_go_forward()
    session.act(Place(session.game.empty_cells()[0]))  # play goes on, and is saved in a good file again
    write_now(session)
    again = PokerSession(Store.open(tmp_path), random.Random(6))
    assert again.load() == [] and again.game.to_text() == session.game.to_text()


def test_a_choice_that_does_not_fit_keeps_its_default_and_the_file_stands(tmp_path):
    document = a_document()
    document["options"] = {"table": "french", "diagonals": "yes", "joker": True, "competitive": 1}
    document["last_game"] = "Chess!"  # not a game's name (the window decides which names it plays)
    (tmp_path / FILE).write_text(json.dumps(document), encoding="utf-8")
    session = PokerSession(Store.open(tmp_path), random.Random(5))
    assert session.load() == []
    assert session.options == PokerOptions(joker=True) and session.store.settings.last_game is None
    assert texts(session.chain.current) == (document["current"]["game"], document["current"]["computer"],
                                            document["current"]["id"])
    assert list(tmp_path.glob("poker.bad-*")) == []


def test_a_file_from_the_first_version_loads(tmp_path):
    game = a_game(31, 5).game.to_text()
    first = {"format": "idioten-poker", "version": 1, "last_game": "poker",
             "options": {"table": "british", "diagonals": False, "joker": False, "open_deck": False,
                         "competitive": False},
             "current": {"id": "0123abcd", "game": game, "computer": None}}
    (tmp_path / FILE).write_text(json.dumps(first), encoding="utf-8")
    session = PokerSession(Store.open(tmp_path), random.Random(5))
    assert session.load() == []
    assert (session.game.to_text(), session.game_id, session.store.settings.last_game) == (game, "0123abcd", "poker")
    assert session.options.table == "british" and session.computer is None
    assert not session.chain.can_go_back() and not session.chain.can_go_forward() and session.game.can_undo()


def test_a_file_from_a_newer_program_is_kept_aside_and_play_goes_on(tmp_path):
    document = a_document()
    document["version"] = VERSION + 1
    (tmp_path / FILE).write_text(json.dumps(document), encoding="utf-8")
    session = PokerSession(Store.open(tmp_path), random.Random(5))
    notices = session.load()
    assert len(notices) == 1 and len(list(tmp_path.glob("poker.newer-*.json"))) == 1
    assert session.game.placed_count == 0 and session.options == PokerOptions()


def test_options_are_read_field_by_field():
    options = PokerOptions.from_json({"table": "american", "joker": 1, "open_deck": True, "extra": 5})
    assert options == PokerOptions(table="american", open_deck=True)
    with pytest.raises(ValueError):
        PokerOptions().changed("table", "french")
