"""Moves, time and the games not yet counted in the sessions (issue 39 items 1, 2 and 7), and the text of a
played line as `idioten analyse` reads it (play/acesup/replay.py). No window."""

from __future__ import annotations

import pytest
from test_play_acesup import CountingStore, play, session_on
from test_play_poker import play as place_cards
from test_play_poker import session_in

from idioten.acesup.rules import ACES_ONLY, STANDARD, Action, Game
from idioten.cards import deal_cards
from idioten.play.acesup.replay import line_text, parse_line
from idioten.play.acesup.session import AcesUpSession
from idioten.play.session import write_now
from idioten.storage.history import Played


def test_every_action_undo_redo_and_restart_is_a_move_and_the_time_goes_on_through_a_restart():
    session = session_on(7)
    assert session.time_and_moves() == (0.0, 0) and not session.clock_running()  # from the first move on
    play(session, 3)
    session.undo()
    session.redo()
    assert session.time_and_moves()[1] == 5 and session.clock_running()
    session.add_time(12.5)
    session.restart()
    assert session.time_and_moves() == (12.5, 6)
    session.new_deal()
    assert session.time_and_moves() == (0.0, 0)
    session.undo()  # the game as the restart found it comes back (the restart left nothing to keep)
    assert session.time_and_moves() == (12.5, 5)


def test_the_counted_game_carries_its_time_moves_and_line():
    store = CountingStore()
    session = session_on(7, store)
    play(session, 2)
    session.add_time(30.4)
    line = [str(action) for action, _ in session.game.history]
    session.new_deal()
    session.act(Action.parse("deal"))
    write_now(session)
    [counted] = store.stats.last_games("idioten")
    assert (counted.result, counted.deal, counted.seconds, counted.moves, list(counted.actions)) == (
        "left", 7, 30, 2, line)


def test_a_game_left_with_a_new_deal_is_pending_until_out_of_reach_and_never_counted_twice():
    store = CountingStore()
    session = session_on(7, store)
    assert session.pending_left() == []
    play(session, 1)
    session.new_deal()
    write_now(session)
    [pending] = session.pending_left()
    assert pending.game.deal_number == 7 and store.stats.variants[STANDARD].played == 0
    session.undo()  # back in play: nothing pending
    assert session.pending_left() == []
    session.restart()  # the same game: a restart leaves nothing
    write_now(session)
    assert session.pending_left() == []
    session.new_deal()
    session.act(Action.parse("deal"))  # out of reach: counted, and no longer pending
    write_now(session)
    assert session.pending_left() == [] and store.stats.variants[STANDARD].played == 1


def test_poker_counts_its_time_only_for_a_grid_dealt_in_this_run(tmp_path):
    session = session_in(tmp_path)
    session.new_deal(11)
    assert not session.clock_running()
    place_cards(session, 1)
    assert session.clock_running() and session.time_and_moves() == (0.0, None)  # no moves in Poker patience
    session.add_time(80.2)
    place_cards(session, 24)
    assert not session.clock_running()
    [row] = session.stats.last_games("poker")
    assert (row.result, row.deal, row.seconds, row.moves) == ("finished", 11, 80, None)
    assert session.stats_for(row.variant).best_time == 80
    resumed = session_in(tmp_path)
    resumed.new_deal(12)
    resumed.undo()  # the grid of the last run: its time is not known
    assert resumed.time_and_moves() == (None, None)


@pytest.mark.parametrize("variant", [STANDARD, ACES_ONLY])
def test_a_line_copied_reads_back_as_the_same_deal_variant_and_moves(variant):
    session = AcesUpSession.start(CountingStore(), Game.new(deal_cards(9), variant, 9))
    play(session, 6)
    actions = tuple(str(a) for a, _ in session.game.history)
    text = line_text(Played("2026-12-06T12:00", variant, "left", 3, 9, actions=actions))
    assert ("--variant" in text) == (variant != STANDARD)
    line = parse_line(text)
    assert (line.deal, line.variant, tuple(map(str, line.moves))) == (9, variant, actions)


@pytest.mark.parametrize("text", ["", "hello", "--deal 7", '--deal x --moves "deal"', '--deal 7 --moves "fly 1"',
                                  '--deal 7 --moves "discard 1"', '--deal 7 --variant odd --moves "deal"',
                                  '--deal 0 --moves "deal"', '--deal 7 --moves "deal'])
def test_a_text_that_names_no_legal_line_is_refused_with_a_reason(text):
    with pytest.raises(ValueError):
        parse_line(text)


def test_a_line_reads_from_the_moves_alone_too():
    line = parse_line('--deal 7 --moves "deal, deal"\n')
    assert line.deal == 7 and [str(a) for a in line.moves] == ["deal", "deal"]
