"""The saved game: exact round trip over random legal play, and every save that must not be trusted."""

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from session_support import open_aces_up
from tiers import examples

from idioten.acesup.rules import ACES_ONLY, STANDARD, VARIANTS, Action, Game
from idioten.cards import MAX_DEAL, deal_cards
from idioten.play.session import write_now
from idioten.storage.game import GAME_FILE, BadSave, SavedGame, game_from_json, game_to_json, load_game, save_game
from idioten.storage.store import Store


def play(game: Game, choices) -> bool:
    """Legal actions, undos and redos picked by `choices`; returns whether undo was used."""
    undo_used = False
    for choice in choices:
        options = [str(a) for a in game.legal_actions()]
        options += ["undo"] * game.can_undo() + ["redo"] * game.can_redo()
        if not options:
            break
        picked = options[choice % len(options)]
        if picked == "undo":
            game.undo()
            undo_used = True
        elif picked == "redo":
            game.redo()
        else:
            game.apply(Action.parse(picked))
    return undo_used


def a_game(number=7, variant=STANDARD, choices=(0, 1, 2, 3, 0, 1, 5, 8, 13, 21, 34)) -> SavedGame:
    game = Game.new(deal_cards(number), variant, number)
    undo_used = play(game, choices)
    return SavedGame(game, f"id-{number}", undo_used)


def same_game(a: SavedGame, b: SavedGame) -> None:
    assert b.game.start_text == a.game.start_text
    assert b.game.to_text() == a.game.to_text()
    assert b.game.history == a.game.history  # actions and records (the records the window animates)
    assert b.game.future == a.game.future
    assert (b.game.deal_number, b.game.variant) == (a.game.deal_number, a.game.variant)
    assert (b.game_id, b.undo_used) == (a.game_id, a.undo_used)


@settings(max_examples=examples(60), deadline=None)
@given(number=st.integers(1, MAX_DEAL), variant=st.sampled_from(VARIANTS), numbered=st.booleans(),
       choices=st.lists(st.integers(0, 10_000), max_size=150))
def test_save_and_load_give_back_exactly_the_same_game(number, variant, numbered, choices):
    game = Game.new(deal_cards(number), variant, number if numbered else None)
    saved = SavedGame(game, "g" * 32, play(game, choices))
    with tempfile.TemporaryDirectory() as folder:
        save_game(saved, Path(folder))
        loaded, notices = load_game(Path(folder))
    assert notices == []
    same_game(saved, loaded)
    # The restored game keeps working: the redo list is redone to the same positions as the original's.
    while saved.game.can_redo():
        assert loaded.game.redo() == saved.game.redo()
        assert loaded.game.to_text() == saved.game.to_text()
    assert not loaded.game.can_redo()


def test_no_save_means_no_game_and_no_notice(tmp_path):
    assert load_game(tmp_path) == (None, [])


def tampered(change) -> dict:
    data = game_to_json(a_game())
    change(data)
    return data


def _set(name, value):
    return lambda data: data.__setitem__(name, value)


BAD_SAVES = {
    "illegal action in history": lambda d: d["history"].insert(0, "discard 1"),
    "unknown action": lambda d: d["history"].append("shuffle"),
    "action is not text": lambda d: d["history"].append(3),
    "history short of the position": lambda d: d["history"].pop(),
    "position differs": _set("position", Game.new(deal_cards(8)).to_text()),
    "illegal redo": _set("future", ["move 1 1"]),
    "start is not the numbered deal": _set("deal_number", 8),
    "deal number out of range": _set("deal_number", 0),
    "deal number is a flag": _set("deal_number", True),
    "variant differs from the start": _set("variant", ACES_ONLY),
    "unknown variant": _set("variant", "easy"),
    "start is not a position": _set("start", "standard | 2C"),
    "undo flag is a number": _set("undo_used", 1),
    "no game id": _set("game_id", ""),
    "history is not a list": _set("history", "deal"),
    "missing field": lambda d: d.pop("future"),
    "computer flag is text": _set("by_computer", "yes"),
    "previous game is not a game": _set("previous", "deal 7"),
    "previous game does not add up": _set("previous", dict(game_to_json(a_game(8)), position="standard | -")),
    "previous game nested twice": _set("previous", dict(game_to_json(a_game(8)),
                                                        previous=game_to_json(a_game(9)))),
    "following game without its place": _set("following", game_to_json(a_game(8))),
    "following game's place off the line": lambda d: d.update(following=game_to_json(a_game(8)),
                                                              following_at=len(d["history"]) + len(d["future"]) + 1),
    "following game's place is text": lambda d: d.update(following=game_to_json(a_game(8)), following_at="3"),
    "following game nested": _set("following", dict(game_to_json(a_game(8)), following=game_to_json(a_game(9)),
                                                    following_at=0)),
    "day of the deal of the day is no date": _set("daily", "2026-13-01"),
    "day of the deal of the day is a number": _set("daily", 20261203),
    "day of the deal of the day not written YYYY-MM-DD": _set("daily", "2026-12-3"),
    "deal of the day without a deal number": lambda d: d.update(daily="2026-12-03", deal_number=None),
    "deal of the day in aces-only": _set("previous", dict(game_to_json(a_game(8, ACES_ONLY)), daily="2026-12-03")),
}


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_a_save_that_does_not_add_up_is_rejected(case):
    with pytest.raises(BadSave):
        game_from_json(tampered(BAD_SAVES[case]))


@pytest.mark.parametrize("case", ["illegal action in history", "position differs", "illegal redo"])
def test_a_rejected_save_is_moved_aside_and_the_program_starts_fresh(tmp_path, case):
    data = tampered(BAD_SAVES[case])
    (tmp_path / GAME_FILE).write_text(json.dumps(data))
    session, [notice] = open_aces_up(tmp_path)
    assert not session.game.history
    assert notice.key == "store.bad_file" and notice.params["file"] == GAME_FILE
    assert json.loads((tmp_path / notice.params["aside"]).read_text()) == data
    assert not (tmp_path / GAME_FILE).exists()


def test_the_untampered_save_is_accepted():
    # The bad-save cases above each change one thing; without the change the same save loads.
    same_game(a_game(), game_from_json(tampered(lambda d: None)))


def test_a_game_from_cards_has_no_deal_number_and_still_round_trips(tmp_path):
    game = Game.new(list(reversed(deal_cards(3))), STANDARD, None)
    game.deal()
    saved = SavedGame(game, "cards", False)
    save_game(saved, tmp_path)
    loaded, _ = load_game(tmp_path)
    same_game(saved, loaded)


def test_the_previous_game_and_the_computer_flag_round_trip(tmp_path):
    saved = a_game(7)
    saved.by_computer = True
    saved.previous = a_game(8)
    saved.previous.undo_used = True
    save_game(saved, tmp_path)
    loaded, notices = load_game(tmp_path)
    assert notices == []
    same_game(saved, loaded)
    same_game(saved.previous, loaded.previous)
    assert loaded.by_computer is True and loaded.previous.by_computer is False


def test_the_following_game_and_its_place_round_trip(tmp_path):
    saved = a_game(7)
    saved.following, saved.following_at = a_game(8), len(saved.game.history)
    save_game(saved, tmp_path)
    loaded, notices = load_game(tmp_path)
    assert notices == [] and loaded.following_at == len(saved.game.history)
    same_game(saved.following, loaded.following)
    assert game_from_json(tampered(lambda d: d.update(following=game_to_json(a_game(8)),
                                                      following_at=len(d["history"])))).following is not None


def test_a_save_from_before_the_previous_game_and_the_computer_flag_still_loads():
    data = game_to_json(a_game())
    del data["by_computer"]
    assert "previous" not in data  # written only when there is one
    loaded = game_from_json(data)
    same_game(a_game(), loaded)
    assert loaded.previous is None and loaded.by_computer is False


def finished_game(number=7) -> Game:
    game = Game.new(deal_cards(number), STANDARD, number)
    while not game.is_over():
        game.apply(next(iter(game.legal_actions())))
    return game


def test_the_day_of_a_deal_of_the_day_round_trips_also_on_the_kept_games(tmp_path):
    saved = a_game(7)
    saved.daily = "2026-12-03"
    saved.previous, saved.following = a_game(8), a_game(9)
    saved.previous.daily, saved.following.daily = "2026-12-02", "2026-12-01"
    saved.following_at = len(saved.game.history)
    save_game(saved, tmp_path)
    loaded, notices = load_game(tmp_path)
    assert notices == []
    assert (loaded.daily, loaded.previous.daily, loaded.following.daily) == ("2026-12-03", "2026-12-02", "2026-12-01")
    plain = game_to_json(a_game(9))
    assert "daily" not in plain and game_from_json(plain).daily is None  # a save from before it loads as ever
    assert game_from_json(dict(plain, daily=None)).daily is None


def test_a_damaged_day_is_moved_aside_with_a_notice_and_changes_no_statistics(tmp_path):
    finished = SavedGame(finished_game(), "done", False, daily="2026-12-03")
    data = dict(game_to_json(finished), daily="the third")
    (tmp_path / GAME_FILE).write_text(json.dumps(data))
    session, [notice] = open_aces_up(tmp_path)
    store = session.store
    assert not session.game.history and notice.key == "store.bad_file" and "game.bad-" in notice.text()
    assert store.stats.daily.played == 0 and store.stats.variants[STANDARD].played == 0
    assert json.loads((tmp_path / notice.params["aside"]).read_text()) == data


def test_a_finished_deal_of_the_day_counts_for_its_day_once_also_when_the_program_was_killed_first(tmp_path):
    game = finished_game()
    saved = SavedGame(game, "daily-game", False, daily="2026-12-03")
    save_game(saved, tmp_path)  # saved as finished, then killed before it was counted
    session, _ = open_aces_up(tmp_path)
    assert session.store.stats.daily.days == {"2026-12-03": game.is_won()}
    session.count_if_over()
    assert write_now(session) == []
    write_now(open_aces_up(tmp_path)[0])
    again = Store.open(tmp_path)
    assert again.stats.daily.played == 1 and again.stats.variants[STANDARD].played == 1


def test_a_deal_of_the_day_the_computer_finished_is_not_counted_for_the_day(tmp_path):
    game = finished_game()
    save_game(SavedGame(game, "shown", False, by_computer=True, daily="2026-12-03"), tmp_path)
    session, _ = open_aces_up(tmp_path)
    write_now(session)
    assert session.store.stats.daily.played == 0 and Store.open(tmp_path).stats.daily.played == 0
