"""Poker patience's session: saved after every placement, resumed exactly, counted once, choice remembered."""

import json
import random

from idioten.play.change import How
from idioten.play.poker.session import Place, PokerSession, stats_key
from idioten.play.session import write_now
from idioten.storage.store import Store


def session_in(folder, **options) -> PokerSession:
    session = PokerSession(Store.open(folder), random.Random(2), move_seconds=0.0)
    session.load()
    for name, value in options.items():
        session.set_option(name, value)
    write_now(session)
    return session


def do(session: PokerSession, verb: str, *args):
    """A verb, then its save point written as the window writes it (after the frame that shows it)."""
    change = getattr(session, verb)(*args)
    write_now(session)
    return change


def play(session, count: int) -> None:
    for _ in range(count):
        do(session, "act", Place(session.game.empty_cells()[0]))
        while session.computer_card() is not None:
            cell, card = session.computer_task()()
            session.computer_place(cell, card)
        write_now(session)


def test_every_placement_is_saved_and_resumed_exactly(tmp_path):
    session = session_in(tmp_path, table="british", diagonals=True)
    do(session, "new_deal", 11)
    play(session, 3)
    again = session_in(tmp_path)
    assert again.game.to_text() == session.game.to_text()
    assert again.game_id == session.game_id
    assert again.options == session.options
    assert again.game.can_undo()  # the history comes back, so undo works after a restart of the program


def test_the_competitive_grid_is_resumed_with_the_players(tmp_path):
    session = session_in(tmp_path, competitive=True)
    do(session, "new_deal", 12)
    play(session, 4)
    again = session_in(tmp_path)
    assert again.computer.to_text() == session.computer.to_text()
    assert again.computer.placed_count == 4


def test_a_full_grid_is_counted_once_under_its_options(tmp_path):
    session = session_in(tmp_path, diagonals=True, joker=True)
    do(session, "new_deal", 13)
    play(session, 25)
    key = stats_key(session.game)
    assert key == "classic+diagonals+joker"
    assert session.stats_for(key).games == 1
    assert session.stats_for(key).best == session.game.score().total
    do(session, "undo")
    play(session, 1)
    assert session.stats_for(key).games == 1  # the first count stands
    assert session_in(tmp_path).stats_for(key).games == 1  # and it was written to disk


def test_a_finished_game_saved_but_not_counted_is_counted_on_start(tmp_path):
    session = session_in(tmp_path)
    do(session, "new_deal", 14)
    play(session, 25)
    store = Store.open(tmp_path)
    store.reset_stats("poker")  # as if the program stopped between the save and the count
    store.save_file("stats.json", store.stats_point().document)
    stats_file = tmp_path / "stats.json"
    data = json.loads(stats_file.read_text())
    data["counted"] = []
    stats_file.write_text(json.dumps(data))
    again = session_in(tmp_path)
    assert again.stats_for("classic").games == 1


def test_the_grid_a_new_deal_or_restart_replaced_comes_back_after_a_restart_of_the_program(tmp_path):
    session = session_in(tmp_path, competitive=True)
    do(session, "new_deal", 11)
    play(session, 3)
    left, computer, game_id = session.game.to_text(), session.computer.to_text(), session.game_id
    do(session, "restart")
    assert session.game_id == game_id and session.game.placed_count == 0
    do(session, "new_deal", 12)  # the untouched restart is dropped; the played grid stays for Ctrl+Z
    again = session_in(tmp_path)
    assert again.game.deal_number == 12 and again.chain.can_go_back()
    assert do(again, "undo").how is How.BACK
    assert (again.game.to_text(), again.computer.to_text(), again.game_id) == (left, computer, game_id)
    assert session_in(tmp_path).game.to_text() == left
    do(again, "new_deal", 13)
    play(again, 1)  # a placement in the new grid: the old one is left for good
    assert not again.chain.can_go_back() and not session_in(tmp_path).chain.can_go_back()


def test_the_grid_ctrl_z_left_comes_back_with_ctrl_y_after_a_restart_of_the_program(tmp_path):
    session = session_in(tmp_path, competitive=True)
    do(session, "new_deal", 11)
    play(session, 3)
    left, game_id = session.game.to_text(), session.game_id
    do(session, "new_deal", 12)
    assert do(session, "undo").how is How.BACK
    again = session_in(tmp_path)
    assert again.game.to_text() == left and again.chain.can_go_forward()
    do(again, "undo")  # off the place it was left: Ctrl+Y redoes the card first
    assert not again.chain.can_go_forward()
    do(again, "redo")
    assert do(again, "redo").how is How.FORWARD
    assert again.game.deal_number == 12 and again.game.placed_count == 0 and again.chain.can_go_back()
    again = session_in(tmp_path)
    assert again.game.deal_number == 12 and again.chain.can_go_back() and not again.chain.can_go_forward()
    assert do(again, "undo").how is How.BACK
    play(again, 1)  # a placement in the grid brought back: the one it left is gone, from the file too
    assert again.following is None and (again.game_id, again.game.placed_count) == (game_id, 4)
    assert "following" not in again.to_json() and not session_in(tmp_path).chain.can_go_forward()


def test_every_verb_returns_what_it_did_and_ctrl_z_at_a_new_deals_start_is_an_undo(tmp_path):
    session = session_in(tmp_path)
    assert do(session, "new_deal", 21).how is How.NEW_DEAL
    placed = do(session, "act", Place(7))
    assert placed.how is How.ACTION and placed.record.cell == 7 and session.game.grid[7] == placed.record.card
    assert do(session, "undo") == placed.__class__(How.UNDO, placed.record)
    assert do(session, "redo") == placed.__class__(How.REDO, placed.record)
    assert do(session, "restart").how is How.RESTART and session.can_undo()  # Ctrl+Z brings the grid back
    assert do(session, "undo").how is How.BACK and session.game.grid[7] == placed.record.card
    assert do(session, "redo").how is How.FORWARD and session.game.placed_count == 0
    assert session.save_point() is None  # each verb's save point was taken
    do(session, "act", Place(0))
    assert session.previous is None and session.following is None  # the grids kept go with the first card


def test_nothing_is_written_by_a_verb_only_by_its_save_point(tmp_path):
    session = session_in(tmp_path)
    before = (tmp_path / "poker.json").read_text()
    session.new_deal(22)
    session.act(Place(3))
    assert (tmp_path / "poker.json").read_text() == before
    point = session.save_point()
    assert point.file == "poker.json" and point.document["current"]["game"] == session.game.to_text()
    assert session.save_point() is None and "last_game" not in point.document  # settings.json keeps the choice
