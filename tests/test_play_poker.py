"""Poker patience's session: saved after every placement, resumed exactly, counted once, choice remembered."""

import json
import random

import pytest

from idioten.play.poker import PokerSession, stats_key
from idioten.storage.poker import FILE
from idioten.storage.store import Store


def session_in(folder, **options) -> PokerSession:
    session = PokerSession(Store.open(folder), random.Random(2), move_seconds=0.0)
    session.load()
    for name, value in options.items():
        session.set_option(name, value)
    return session


def play(session, count: int) -> None:
    for _ in range(count):
        session.place(session.game.empty_cells()[0])
        while session.computer_card() is not None:
            cell, card = session.computer_task()()
            session.computer_place(cell, card)


def test_every_placement_is_saved_and_resumed_exactly(tmp_path):
    session = session_in(tmp_path, table="british", diagonals=True)
    session.new_deal(11)
    play(session, 3)
    again = session_in(tmp_path)
    assert again.game.to_text() == session.game.to_text()
    assert again.game_id == session.game_id
    assert again.options == session.options
    assert again.game.can_undo()  # the history comes back, so undo works after a restart of the program


def test_the_competitive_grid_is_resumed_with_the_players(tmp_path):
    session = session_in(tmp_path, competitive=True)
    session.new_deal(12)
    play(session, 4)
    again = session_in(tmp_path)
    assert again.computer.to_text() == session.computer.to_text()
    assert again.computer.placed_count == 4


def test_a_full_grid_is_counted_once_under_its_options(tmp_path):
    session = session_in(tmp_path, diagonals=True, joker=True)
    session.new_deal(13)
    play(session, 25)
    key = stats_key(session.game)
    assert key == "classic+diagonals+joker"
    assert session.stats_for(key).games == 1
    assert session.stats_for(key).best == session.game.score().total
    session.undo()
    play(session, 1)
    assert session.stats_for(key).games == 1  # the first count stands
    assert session_in(tmp_path).stats_for(key).games == 1  # and it was written to disk


def test_a_finished_game_saved_but_not_counted_is_counted_on_start(tmp_path):
    session = session_in(tmp_path)
    session.new_deal(14)
    play(session, 25)
    Store.open(tmp_path).reset_stats("poker")  # as if the program stopped between the save and the count
    stats_file = tmp_path / "stats.json"
    data = json.loads(stats_file.read_text())
    data["counted"] = []
    stats_file.write_text(json.dumps(data))
    again = session_in(tmp_path)
    assert again.stats_for("classic").games == 1


def test_the_grid_a_new_deal_or_restart_replaced_comes_back_after_a_restart_of_the_program(tmp_path):
    session = session_in(tmp_path, competitive=True)
    session.new_deal(11)
    play(session, 3)
    left, computer, game_id = session.game.to_text(), session.computer.to_text(), session.game_id
    session.restart()
    assert session.game_id == game_id and session.game.placed_count == 0
    session.new_deal(12)  # the untouched restart is dropped; the played grid stays for Ctrl+Z
    again = session_in(tmp_path)
    assert again.game.deal_number == 12 and again.can_go_back()
    again.back()
    assert (again.game.to_text(), again.computer.to_text(), again.game_id) == (left, computer, game_id)
    assert session_in(tmp_path).game.to_text() == left
    again.new_deal(13)
    play(again, 1)  # a placement in the new grid: the old one is left for good
    assert not again.can_go_back() and not session_in(tmp_path).can_go_back()


def test_the_grid_ctrl_z_left_comes_back_with_ctrl_y_after_a_restart_of_the_program(tmp_path):
    session = session_in(tmp_path, competitive=True)
    session.new_deal(11)
    play(session, 3)
    left, game_id = session.game.to_text(), session.game_id
    session.new_deal(12)
    session.back()
    again = session_in(tmp_path)
    assert again.game.to_text() == left and again.can_go_forward()
    again.undo()  # off the place it was left: Ctrl+Y redoes the card first
    assert not again.can_go_forward()
    again.redo()
    again.forward()
    assert again.game.deal_number == 12 and again.game.placed_count == 0 and again.can_go_back()
    again = session_in(tmp_path)
    assert again.game.deal_number == 12 and again.can_go_back() and not again.can_go_forward()
    again.back()
    play(again, 1)  # a placement in the grid brought back: the one it left is gone, from the file too
    assert again.following is None and (again.game_id, again.game.placed_count) == (game_id, 4)
    assert "following" not in again.to_json() and not session_in(tmp_path).can_go_forward()


def test_the_game_chosen_last_is_remembered_by_name(tmp_path):
    session = session_in(tmp_path)
    assert session.last_game == "idioten"  # a first start opens the first game
    session.set_last_game("poker")
    assert json.loads((tmp_path / FILE).read_text())["last_game"] == "poker"
    session.set_last_game("solitaire_3")  # a game this file never heard of: the window decides what it plays
    assert session_in(tmp_path).last_game == "solitaire_3"
    with pytest.raises(ValueError):
        session.set_last_game("../settings")
    assert session_in(tmp_path).last_game == "solitaire_3"
