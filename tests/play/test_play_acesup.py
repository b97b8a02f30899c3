"""The Aces Up session without a window (idioten/play/acesup/session.py): the verbs and the changes they return, the
games kept behind Ctrl+Z and Ctrl+Y, what is counted and when, the deal of the day's stamp, the document
written to game.json."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten.acesup.players import greedy
from idioten.acesup.rules import Action, Game
from idioten.cards import deal_cards
from idioten.errors import IllegalAction
from idioten.play.acesup.session import AcesUpSession
from idioten.play.change import Change, How
from idioten.storage.game import game_from_json
from idioten.storage.store import MemoryStore, Store

DAY = dt.date(2026, 12, 3)
DAY_DEAL = 74442778  # the deal of DAY, pinned in tests/acesup/test_daily.py


class CountingStore(MemoryStore):
    """A store in memory, with a note of every game a session on it left for good (`NotingSession`)."""

    def __init__(self):
        super().__init__()
        self.left: list[str] = []


class NotingSession(AcesUpSession):
    """The live session, noting in its store each game it leaves for good before counting it as it does."""

    def count_left(self, saved):
        self.store.left.append(saved.game_id)
        super().count_left(saved)


def deal(number: int) -> Game:
    return Game.new(deal_cards(number), deal_number=number)


def session_on(number: int = 7, store: Store | None = None) -> AcesUpSession:
    return NotingSession.start(store if store is not None else CountingStore(), deal(number))


def play(session: AcesUpSession, actions: int, by_computer: bool = False) -> None:
    rng = random.Random(1)
    for _ in range(actions):
        session.act(greedy(session.game, rng), by_computer=by_computer)


def play_to_the_end(session: AcesUpSession, computer_last: bool = False) -> None:
    rng = random.Random(1)
    while not session.game.is_over():
        action = greedy(session.game, rng)
        copy = session.game.copy()
        copy.apply(action)
        session.act(action, by_computer=computer_last and copy.is_over())


def played(store: Store) -> int:
    return store.stats.variants["standard"].played


def chain_ids(session: AcesUpSession) -> set[str]:
    return {k.game_id for k in (session.saved, *session.chain.kept())}


# -- the verbs and their changes -------------------------------------------------------------------------

def test_an_action_returns_the_rules_record_and_an_illegal_one_changes_nothing():
    session = session_on()
    session.save_point()
    change = session.act(Action.deal())
    assert change.how is How.ACTION and change.record.cards and not change.replaced
    assert session.save_point() is not None  # something to save
    before = session.game.to_text()
    with pytest.raises(IllegalAction):
        session.act(Action.move(0, 1))  # no gap to move into
    assert session.game.to_text() == before and session.save_point() is None


def test_undo_and_redo_walk_the_line_and_say_so_when_there_is_nothing():
    session = session_on()
    assert session.undo() is None and session.redo() is None and not session.undo_used
    dealt = session.act(Action.deal()).record
    assert session.undo() == Change(How.UNDO, dealt) and session.undo_used
    assert session.undo() is None  # nothing kept behind this game
    assert session.redo() == Change(How.REDO, dealt) and session.redo() is None


def test_a_new_deal_keeps_the_played_game_and_ctrl_z_ctrl_y_go_between_them_as_they_were_left():
    session = session_on(7)
    play(session, 5)
    session.undo()
    left_text, left_id = session.game.to_text(), session.saved.game_id
    assert session.new_deal(deal(12)) == Change(How.NEW_DEAL) and session.game.deal_number == 12
    assert session.can_undo() and session.can_go_back() and session.keeps_a_game()
    assert session.undo() == Change(How.BACK)
    assert (session.game.to_text(), session.saved.game_id) == (left_text, left_id) and session.game.future
    assert session.can_go_forward() and session.redo() == Change(How.FORWARD)  # Ctrl+Y undoes the Ctrl+Z
    assert session.game.deal_number == 12 and session.saved.game_id != left_id


def test_restart_is_the_same_game_and_counts_against_won_without_undo_once_anything_was_played():
    session = session_on()
    game_id = session.saved.game_id
    assert session.restart() == Change(How.RESTART)
    assert session.saved.game_id == game_id and not session.undo_used and not session.keeps_a_game()
    play(session, 3)
    session.restart()
    assert session.saved.game_id == game_id and session.undo_used and not session.game.history
    assert session.undo() == Change(How.BACK) and len(session.game.history) == 3


def test_the_games_held_before_the_shown_solution_come_back_as_they_were_and_nothing_is_counted():
    """Issue 39 item 8: the solution restarts the deal and plays (which leaves the game the restart kept);
    bringing back what was held puts the player's games in play again, and nothing of the solution counts."""
    store = CountingStore()
    session = session_on(7, store)
    play(session, 5)
    session.new_deal(deal(12))
    play(session, 4)
    session.undo()
    session.save_point()
    player, counted = session.document(), list(store.left)
    held = session.hold()
    session.restart()
    play(session, 3, by_computer=True)
    assert session.previous is None  # the restart's kept game is gone: the first action left it
    assert session.bring_back(held) == Change(How.BACK)
    assert session.document() == player and session.save_point() is not None
    assert store.left == counted  # the solution's games were the player's game (its id): none is counted
    session.restart()  # a second bring_back of the same hold would give the same games again
    assert session.bring_back(held) == Change(How.BACK) and session.document() == player


def test_ctrl_z_ctrl_z_ctrl_y_ctrl_y_comes_back_and_leaves_nothing_behind():
    store = CountingStore()
    session = session_on(7, store)
    play(session, 4)
    session.new_deal(deal(12))
    assert session.undo() == Change(How.BACK) and len(session.game.history) == 4
    assert session.undo().how is How.UNDO and session.following is not None  # undo walks, it leaves nothing
    assert not session.can_go_forward()  # Ctrl+Y goes forward only from where BACK left off ...
    assert session.redo().how is How.REDO and session.can_go_forward()  # ... which redo reaches again
    assert session.redo() == Change(How.FORWARD) and session.game.deal_number == 12
    assert session.previous.game.deal_number == 7 and len(session.previous.game.history) == 4
    session.save_point()
    assert store.left == [] and played(store) == 0


def test_undo_and_redo_in_a_game_that_keeps_another_leave_it_kept():
    """A game with moves that keeps another behind Ctrl+Z (as a saved file may hold): ordinary undos and redos
    walk its line and leave the kept game alone (the window's save used to drop it and count it while the
    table still offered it); at the start of the line Ctrl+Z brings it back."""
    store = CountingStore()
    kept = session_on(12, store)
    play(kept, 2)
    current = session_on(7, store)
    play(current, 3)
    current.saved.previous = kept.saved
    session = NotingSession(store, current.saved)
    session.undo()
    session.redo()
    session.undo()
    session.save_point()
    assert session.previous is kept.saved and store.left == [] and played(store) == 0
    session.undo()
    session.undo()
    assert session.undo() == Change(How.BACK) and session.game is kept.saved.game
    session.redo()  # FORWARD
    session.act(Action.deal())  # the first action after it: the kept game is left for good, and counted once
    session.save_point()
    assert store.left == [kept.saved.game_id] and played(store) == 1


def test_a_game_left_by_a_new_deal_is_counted_once_at_the_first_action_in_the_next():
    store = CountingStore()
    session = session_on(7, store)
    play(session, 2)
    game_id = session.saved.game_id
    session.new_deal(deal(8))
    session.new_deal(deal(9))  # the untouched deal 8 is dropped, the played game stays behind Ctrl+Z
    session.save_point()
    assert game_id not in store.left and played(store) == 0 and not store.stats.is_counted(game_id)
    session.act(Action.deal())
    session.save_point()
    assert store.stats.is_counted(game_id) and played(store) == 1
    session.undo()
    session.new_deal(deal(10))
    session.act(Action.deal())
    session.save_point()
    assert store.left.count(game_id) == 1 and played(store) == 2  # deal 9 (undo used) now, the first not again


def test_a_finished_game_is_counted_once_and_not_when_the_computer_played_its_last_action():
    store = CountingStore()
    session = session_on(7, store)
    play_to_the_end(session, computer_last=True)
    assert session.saved.by_computer
    session.count_if_over()
    assert played(store) == 0
    session.undo()
    assert not session.saved.by_computer
    session.redo()
    session.count_if_over()
    session.count_if_over()
    assert played(store) == 1 and store.stats.is_counted(session.saved.game_id)
    session.restart()
    play(session, 1)
    session.new_deal(deal(8))
    session.act(Action.deal())
    session.save_point()
    assert played(store) == 1  # the restarted game left for good is the same game: counted once


# -- the deal of the day ---------------------------------------------------------------------------------

def test_the_deal_of_the_day_is_stamped_kept_through_restart_and_back_and_counted_for_its_day_once():
    store = CountingStore()
    session = session_on(7, store)
    session.days.found(DAY, DAY_DEAL)
    session.new_deal(session.days.deal())
    assert session.saved.daily == DAY.isoformat() and session.document()["daily"] == DAY.isoformat()
    play(session, 3)
    session.restart()
    assert session.saved.daily == DAY.isoformat()
    session.new_deal(deal(8))
    assert session.saved.daily is None and "daily" not in session.document()
    session.undo()  # BACK: the deal of the day, still that day's
    assert session.saved.daily == DAY.isoformat() and session.days.day_text(session.game) == DAY.isoformat()
    play_to_the_end(session)
    assert store.stats.daily.days == {DAY.isoformat(): session.game.is_won()}
    session.undo()
    session.redo()
    session.restart()
    play_to_the_end(session)
    assert store.stats.daily.played == 1


def test_a_deal_of_the_day_the_computer_finished_does_not_count_for_the_day():
    store = CountingStore()
    session = session_on(7, store)
    session.days.found(DAY, DAY_DEAL)
    session.new_deal(session.days.deal())
    play_to_the_end(session, computer_last=True)
    session.count_if_over()
    assert store.stats.daily.days == {} and played(store) == 0


def test_a_resumed_deal_of_the_day_is_still_that_days_deal():
    store = CountingStore()
    session = session_on(7, store)
    session.days.found(DAY, DAY_DEAL)
    session.new_deal(session.days.deal())
    play(session, 2)
    resumed = AcesUpSession(store, game_from_json(session.document()))
    assert resumed.days.day_of(resumed.game) == DAY and resumed.saved.daily == DAY.isoformat()


# -- the document ----------------------------------------------------------------------------------------

def test_the_document_keeps_the_games_behind_ctrl_z_and_ctrl_y_and_a_session_resumes_from_it():
    session = session_on(7)
    play(session, 4)
    session.undo()
    session.new_deal(deal(12))
    session.undo()  # BACK: deal 12 waits for Ctrl+Y
    resumed = AcesUpSession(CountingStore(), game_from_json(session.document()))
    assert resumed.game.to_text() == session.game.to_text() and resumed.game.future == session.game.future
    assert resumed.saved.game_id == session.saved.game_id and resumed.saved.undo_used
    assert resumed.saved.previous is None and resumed.following.game.deal_number == 12
    assert resumed.redo() == Change(How.FORWARD) and resumed.game.deal_number == 12
    assert resumed.undo() == Change(How.BACK) and resumed.game.to_text() == session.game.to_text()


def test_an_untouched_game_switches_variant_and_a_touched_one_does_not():
    session = session_on(7)
    change = session.switch_variant("aces-only")
    assert change == Change(How.NEW_DEAL) and session.game.variant == "aces-only"
    assert session.game.deal_number == 7 and not session.keeps_a_game()
    session.act(Action.deal())
    assert session.switch_variant("standard") is None and session.game.variant == "aces-only"


# -- no game is ever counted twice or lost ---------------------------------------------------------------

VERBS = ("act", "act", "act", "undo", "redo", "restart", "new_deal", "save", "finish")


@settings(max_examples=examples(60), deadline=None)
@given(st.data())
def test_no_game_is_counted_twice_or_lost(data):
    store = CountingStore()
    session = session_on(data.draw(st.integers(1, 30)), store)
    seen_played: set[str] = set()
    for _ in range(data.draw(st.integers(5, 40))):
        verb = data.draw(st.sampled_from(VERBS))
        if verb == "act" and not session.game.is_over():
            actions = list(session.game.legal_actions())
            session.act(actions[data.draw(st.integers(0, len(actions) - 1))], by_computer=data.draw(st.booleans()))
        elif verb == "undo":
            session.undo()
        elif verb == "redo":
            session.redo()
        elif verb == "restart":
            session.restart()
        elif verb == "new_deal":
            session.new_deal(deal(data.draw(st.integers(1, 30))))
        elif verb == "save":
            session.save_point()
        elif verb == "finish":
            session.count_if_over()
        seen_played |= {k.game_id for k in (session.saved, *session.chain.kept()) if k.played}
        assert len(store.left) == len(set(store.left))  # no game left for good twice
        assert not set(store.left) & chain_ids(session)  # nor while a game of its id is still within reach
    session.save_point()
    kept = chain_ids(session)
    # Every played game out of reach was counted, or handed to the store as left (which counts it unless the
    # computer played its last action).
    lost = [game_id for game_id in seen_played
            if game_id not in kept and not store.stats.is_counted(game_id) and game_id not in store.left]
    assert lost == []
    document = game_from_json(session.document())
    assert [k.game.to_text() if k else None for k in (document, document.previous, document.following)] == [
        k.game.to_text() if k else None for k in (session.saved, session.previous, session.following)]
