"""Time, moves and the history of games in stats.json and game.json (issue 39 items 1 and 2): kept with the
first count of a game, repaired field by field and entry by entry, and files written before them load as they
always did."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten.acesup.rules import ACES_ONLY, STANDARD, Action, Game
from idioten.cards import deal_cards
from idioten.storage.game import BadSave, SavedGame, game_from_json, game_to_json
from idioten.storage.history import KEPT, Played, row_of
from idioten.storage.stats import Statistics
from idioten.storage.stats_file import STATS_FILE, load_stats, repaired_stats, stats_to_json

PREVIOUS = Path(__file__).resolve().parents[1] / "previous_files"


def row(number: int, result: str = "lost", variant: str = STANDARD) -> Played:
    return Played(f"2026-12-0{1 + number % 9}T1{number % 10}:30", variant, result, number % 48, 1000 + number,
                  None, 10 + number, 60 + number, ("deal", "discard 1"))


def with_history() -> Statistics:
    stats = Statistics()
    for number in range(5):
        stats.record_result(f"g{number}", STANDARD, number, False, False, seconds=60 + number, moves=10 + number,
                            played=row(number))
    stats.record_result("won1", STANDARD, 48, True, False, seconds=300, moves=90, played=row(5, "won"))
    stats.record_result("won2", STANDARD, 48, True, True, seconds=250, moves=120, played=row(6, "won"))
    stats.record_keyed("poker", "classic", "p1", 40, seconds=95,
                       played=Played("2026-12-06T10:00", "classic", "finished", 40, 77, seconds=95))
    return stats


def test_the_best_time_and_the_fewest_moves_are_each_the_best_of_the_games_won():
    stats = with_history()
    standard = stats.variants[STANDARD]
    assert (standard.best_time, standard.fewest_moves) == (250, 90)  # from two different games
    assert stats.variants[ACES_ONLY].best_time is None
    assert stats.keyed["poker"]["classic"].best_time == 95


def test_a_count_once_made_stands_and_adds_no_second_row():
    stats = with_history()
    assert not stats.record_result("won2", STANDARD, 48, True, False, seconds=5, moves=3, played=row(9, "won"))
    assert stats.variants[STANDARD].best_time == 250 and len(stats.history["idioten"]) == 7


def test_the_history_keeps_the_last_200_games_of_each_game_newest_first():
    stats = Statistics()
    for number in range(KEPT + 30):
        stats.record_result(f"g{number}", ACES_ONLY, 3, False, False, played=row(number, variant=ACES_ONLY))
    rows = stats.last_games("idioten")
    assert len(rows) == KEPT and rows[0].deal == 1000 + KEPT + 29 and rows[-1].deal == 1030
    assert stats.last_games("poker") == []


def test_resetting_one_game_forgets_its_history_alone():
    stats = with_history()
    stats.reset("poker")
    assert "poker" not in stats.history and len(stats.history["idioten"]) == 7
    stats.reset()
    assert stats.history == {}


def test_time_moves_and_history_survive_the_file(tmp_path):
    stats = with_history()
    (tmp_path / STATS_FILE).write_text(json.dumps(stats_to_json(stats)))
    assert load_stats(tmp_path) == (stats, [])


def test_a_damaged_history_entry_drops_that_entry_alone(tmp_path):
    data = json.loads(json.dumps(stats_to_json(with_history())))
    data["history"]["idioten"][2]["seconds"] = -4
    data["history"]["idioten"][4]["actions"] = ["discard 9"]
    (tmp_path / STATS_FILE).write_text(json.dumps(data))
    stats, [notice] = load_stats(tmp_path)
    good = with_history()
    assert stats.history["idioten"] == [r for i, r in enumerate(good.history["idioten"]) if i not in (2, 4)]
    assert stats.history["poker"] == good.history["poker"] and stats.variants == good.variants
    assert notice.params["reset_parts"][0].key == "store.stats_part.history"
    assert notice.text().endswith("games of the history: 2.")


def test_a_best_time_that_cannot_be_goes_alone():
    data = json.loads(json.dumps(stats_to_json(with_history())))
    data["idioten"][STANDARD]["best_time"] = "fast"
    data["idioten"][ACES_ONLY]["fewest_moves"] = 12  # no game of this variant was won
    stats, reset = repaired_stats(data)
    good = with_history()
    assert stats.variants[STANDARD].best_time is None and stats.variants[STANDARD].fewest_moves == 90
    assert stats.variants[STANDARD].histogram == good.variants[STANDARD].histogram
    assert stats.variants[ACES_ONLY].fewest_moves is None
    assert [n.params["field_key"] for n in reset] == ["ui.stats.best_time", "ui.stats.fewest_moves"]


def test_the_previous_versions_files_have_no_time_and_no_history():
    stats, reset = repaired_stats(json.loads((PREVIOUS / STATS_FILE).read_text()))
    assert reset == [] and stats.history == {}
    assert all(v.best_time is None and v.fewest_moves is None for v in stats.variants.values())
    saved = game_from_json(json.loads((PREVIOUS / "game.json").read_text()))
    assert (saved.seconds, saved.moves) == (None, None)  # not known: it never claims a best time


def test_a_saved_game_keeps_its_time_and_moves_and_refuses_impossible_ones():
    game = Game.new(deal_cards(7), STANDARD, 7)
    game.apply(Action.parse("deal"))
    saved = SavedGame(game, "abc", seconds=42.25, moves=3,
                      previous=SavedGame(Game.new(deal_cards(8), STANDARD, 8), "old", seconds=None, moves=None))
    back = game_from_json(json.loads(json.dumps(game_to_json(saved))))
    assert (back.seconds, back.moves) == (42.2, 3)  # a tenth of a second is plenty
    assert back.previous is not None and (back.previous.seconds, back.previous.moves) == (None, None)
    for name, bad in (("seconds", -1), ("seconds", "1"), ("seconds", True), ("moves", 2.5), ("moves", -3)):
        data = game_to_json(saved)
        data[name] = bad
        with pytest.raises(BadSave):
            game_from_json(data)


def test_a_row_says_how_the_game_ended():
    game = Game.new(deal_cards(7), STANDARD, 7)
    game.apply(Action.parse("deal"))
    saved = SavedGame(game, "x", seconds=61.6, moves=4, daily="2026-12-06")
    left = row_of(saved, left=True)
    assert (left.result, left.deal, left.daily, left.seconds, left.moves, left.actions) == (
        "left", 7, "2026-12-06", 62, 4, ("deal",))
    assert left.moves_text() == "deal"


HISTORY_VALUES = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12) | st.lists(
    st.text(max_size=10), max_size=3)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 6), st.sampled_from(["when", "variant", "result", "score", "deal", "daily", "moves",
                                           "seconds", "actions", "other"]), HISTORY_VALUES)
def test_any_damage_to_one_entry_keeps_every_other_entry(index, name, value):
    data = json.loads(json.dumps(stats_to_json(with_history())))
    data["history"]["idioten"][index][name] = value
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / STATS_FILE).write_text(json.dumps(data))
        stats, _notices = load_stats(Path(folder))
        good = with_history().history["idioten"]
        kept = stats.history["idioten"]
        assert all(r in kept for i, r in enumerate(good) if i != index) and len(kept) in (6, 7)
        assert load_stats(Path(folder)) == (stats, []), "what was kept is on disk"


def poker_rows() -> Statistics:
    stats = Statistics()
    for number, placed in enumerate([("QH 13", "7C 1", "JK 25"), (), ("TS 2",)]):
        stats.record_keyed("poker", "classic+joker", f"p{number}", 20 + number, played=Played(
            "2026-12-06T10:00", "classic+joker", "finished", 20 + number, 70 + number, actions=placed))
    return stats


def test_poker_rows_keep_their_placements_and_a_damaged_one_drops_that_row_alone(tmp_path):
    stats = poker_rows()
    (tmp_path / STATS_FILE).write_text(json.dumps(stats_to_json(stats)))
    assert load_stats(tmp_path) == (stats, [])
    assert stats.last_games("poker")[-1].actions == ("QH 13", "7C 1", "JK 25")
    for damaged in (["QH 26"], ["discard 1"], ["QH13"], [13], ["2C 1"] * 26):
        data = json.loads(json.dumps(stats_to_json(poker_rows())))
        data["history"]["poker"][0]["actions"] = damaged
        (tmp_path / STATS_FILE).write_text(json.dumps(data))
        loaded, [notice] = load_stats(tmp_path)
        assert loaded.history["poker"] == poker_rows().history["poker"][1:], damaged
        assert notice.text().endswith("games of the history: 1.")
