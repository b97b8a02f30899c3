"""Both games keep one session contract (play/session.py): opened the same way, every verb returns a Change,
Ctrl+Z at the start of a game a new deal replaced is an undo that brings it back, and nothing is written but
the save point."""

import random

import pytest

from idioten.cards import deal_cards
from idioten.play.acesup.session import AcesUpSession
from idioten.play.change import Change, How
from idioten.play.poker.session import Place, PokerSession
from idioten.play.session import NamedDeal, Opening, write_now
from idioten.storage.store import Store

SESSIONS = {"idioten": AcesUpSession, "poker": PokerSession}


def a_move(session) -> Change:
    if isinstance(session, PokerSession):
        return session.act(Place(session.game.empty_cells()[0]))
    return session.act(next(iter(session.game.legal_actions())))


@pytest.mark.parametrize("name", SESSIONS)
def test_every_verb_returns_a_change_and_back_is_an_undo(tmp_path, name):
    session, notices = SESSIONS[name].open(Opening(Store.open(tmp_path), random.Random(3)))
    assert notices == []
    assert a_move(session).how is How.ACTION
    assert session.undo().how is How.UNDO and session.redo().how is How.REDO
    played = session.game.to_text()
    assert session.new_deal().how is How.NEW_DEAL and session.game.to_text() != played
    assert session.undo().how is How.BACK and session.game.to_text() == played
    assert session.redo().how is How.FORWARD
    assert session.restart().how is How.RESTART
    point = session.save_point()
    assert point is not None and session.save_point() is None and not (tmp_path / point.file).exists()
    a_move(session)
    assert write_now(session) == [] and (tmp_path / point.file).exists()  # what the window's writer does


@pytest.mark.parametrize("name", SESSIONS)
def test_the_command_lines_deal_replaces_the_saved_game_behind_ctrl_z(tmp_path, name):
    first, _ = SESSIONS[name].open(Opening(Store.open(tmp_path), random.Random(3)))
    a_move(first)
    saved = first.game.to_text()
    write_now(first)
    again, _ = SESSIONS[name].open(Opening(Store.open(tmp_path), random.Random(4),
                                           NamedDeal(tuple(deal_cards(12)), 12)))
    assert again.game.deal_number == 12 and again.game.to_text() != saved
    assert again.undo().how is How.BACK and again.game.to_text() == saved
