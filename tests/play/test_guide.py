"""The guided first game without a window (idioten/play/acesup/guide.py): every step driven through the guide's API,
every refusal with its reason (the rules' own, or the guide's for a legal action that is not the lesson's),
nothing changed by a refusal, leaving at every step, the beginner's deal proved by the solver, and no card
ever created or lost."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from idioten import i18n
from idioten.acesup import solver
from idioten.acesup.rules import DEAL, DISCARD, MOVE, PILES, Action, Game
from idioten.cards import ACE, deal_cards, full_deck, parse_card
from idioten.errors import IllegalAction
from idioten.play.acesup import beginner
from idioten.play.acesup.guide import (
    BEGINNER_DEAL,
    BEGINNER_LINE,
    DEAL_STEP,
    GO_ON,
    LESSON,
    NEXT,
    OFFER,
    PICTURE,
    RING_ACTIONS,
    STEP_OF,
    STEPS,
    TITLE,
    Guide,
    Text,
    cards_of,
    parse_line,
    table,
    words,
)
from idioten.play.acesup.session import AcesUpSession
from idioten.play.session import write_now
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.game import load_game
from idioten.storage.store import Store

EVERY_ACTION = ([Action.discard(p) for p in range(PILES)]
                + [Action.move(p, q) for p in range(PILES) for q in range(PILES)] + [Action.deal()])
# The beginner's deal is proved within this many positions (the solver needs a few dozen): a count, not a clock.
PROOF_MAX_POSITIONS = 50_000


def state(guide: Guide) -> tuple:
    """All the guide's state a refusal must leave as it was (the log aside)."""
    game = guide.game
    return (guide.index, guide.finished, guide.left, game.to_text(), tuple(game.history), tuple(game.future))


def the_rules_reason(game: Game, action: Action) -> str | None:
    try:
        game.verify(action)
    except IllegalAction as refused:
        return refused.code
    return None


def guide_at(index: int) -> Guide:
    """A guide brought to step `index` by making each earlier step's moves."""
    guide = Guide()
    while guide.index < index:
        finish_step(guide)
        assert guide.go_on()
    return guide


def finish_step(guide: Guide) -> None:
    step = guide.step
    moves = step.waits_for if step.kind == LESSON else step.ring_line if step.kind == DEAL_STEP else ()
    for action in moves[len(guide.game.history):]:
        assert guide.offer(action).accepted, (step.name, action)
    assert guide.done


# -- the steps as positions ------------------------------------------------------------------------------

def test_every_step_is_a_real_position_of_all_52_cards_with_no_ace_discarded():
    assert [s.name for s in STEPS] == ["suits", "gap", "deal", "end", "first_deal"]
    for step in STEPS:
        game = step.new_game()
        assert sorted(cards_of(game)) == sorted(full_deck()), step.name
        assert not any(card.rank == ACE for card in game.discards), step.name
        assert Game.from_text(step.position).to_text() == step.position


def test_the_positions_are_the_ones_the_issue_names():
    suits, gap, deal, end, first = (s.new_game() for s in STEPS)
    assert [suits.top(p) for p in range(4)] == [parse_card(c) for c in ("KH", "AH", "8C", "3S")]
    assert len(suits.stock) == 48 and suits.score == 0  # the start of a game
    assert gap.piles[0] == [] and gap.piles[1] == [parse_card("9S"), parse_card("AH")]
    assert gap.top(2) == parse_card("QS")
    assert sum(not pile for pile in deal.piles) == 1 and deal.stock
    assert sorted(end.top(p) for p in range(4)) == sorted(c for c in full_deck() if c.rank == ACE)
    assert end.is_won() and end.score == 48 and not end.stock and all(len(p) == 1 for p in end.piles)
    assert first.to_text() == Game.new(deal_cards(BEGINNER_DEAL)).to_text() and first.deal_number == BEGINNER_DEAL


def test_a_table_never_discards_an_ace():
    with pytest.raises(ValueError, match="no ace"):
        table(("KH",), stock_size=0)


# -- each step driven through the guide ------------------------------------------------------------------

def check_every_other_action_is_refused(guide: Guide, expected: Action | None) -> None:
    """Every action but `expected`: refused with the rules' reason if they forbid it, else with the guide's;
    and nothing changes."""
    for action in EVERY_ACTION:
        if action == expected:
            continue
        before, logged = state(guide), len(guide.log)
        rules_code = the_rules_reason(guide.game, action)
        answer = guide.offer(action)
        assert not answer.accepted and answer.record is None, (guide.step.name, action)
        if rules_code is not None:
            assert answer.refusal.rules.code == rules_code and answer.refusal.guide is None
        else:
            assert answer.refusal.rules is None and answer.refusal.guide.key.startswith("guide.")
        assert state(guide) == before
        assert len(guide.log) == logged + 1 and guide.log[-1].refused == answer.refusal.code


def test_step_1_waits_for_the_king_and_refuses_the_rest_with_the_reason():
    guide = Guide()
    assert guide.ring() == Action.discard(0) and not guide.done and not guide.go_on()
    assert [t.key for t in guide.lines()] == ["guide.suits.discard", "guide.suits.only_suits"]
    check_every_other_action_is_refused(guide, Action.discard(0))
    club = guide.offer(Action.discard(2)).refusal  # 8♣: no higher club anywhere
    assert club.rules.code == "no_higher_same_suit" and club.rules.params["suit"] == "C"
    assert club.words() == i18n.t("rule.no_higher_same_suit", suit=i18n.suit_name("C"))  # as the table says it
    assert guide.offer(Action.discard(1)).refusal.rules.code == "ace_never_discarded"
    dealing = guide.offer(Action.deal()).refusal  # legal, but not the lesson's move
    assert dealing.guide == Text.of("guide.try.discard", card=parse_card("KH"))
    assert dealing.words() == i18n.t("guide.try.discard", card="K\u2665")
    answer = guide.offer(Action.discard(0))
    assert answer.accepted and answer.record.card == parse_card("KH")
    assert guide.done and guide.ring() is None and [t.key for t in guide.lines()] == ["guide.suits.done"]
    assert guide.offer(Action.deal()).refusal.guide == Text.of(GO_ON)  # the step is over: on to the next
    assert guide.go_on() and guide.index == 1


def test_step_2_moves_the_ace_into_the_gap_then_discards_the_freed_card():
    guide = guide_at(1)
    assert guide.ring() == Action.move(1, 0)
    check_every_other_action_is_refused(guide, Action.move(1, 0))
    queen = guide.offer(Action.move(2, 0)).refusal  # Q♠ may move into the gap, but that is not the lesson
    assert queen.guide == Text.of("guide.try.move", card=parse_card("AH"), pile=1)
    assert guide.offer(Action.discard(1)).refusal.rules.code == "ace_never_discarded"  # the 9♠ is covered
    assert guide.offer(Action.move(1, 0)).accepted and not guide.done
    assert guide.ring() == Action.discard(1) and guide.lines()[0].key == "guide.gap.discard"
    check_every_other_action_is_refused(guide, Action.discard(1))
    assert guide.offer(Action.discard(1)).record.card == parse_card("9S")
    assert guide.done and guide.game.top(0) == parse_card("AH") and guide.game.piles[1] == []


def test_step_3_deals_onto_every_pile_and_then_nothing_can_be_discarded():
    guide = guide_at(2)
    gap = next(p for p in range(4) if not guide.game.piles[p])
    check_every_other_action_is_refused(guide, Action.deal())
    lone = guide.offer(Action.move(0, gap)).refusal  # a lone card into the gap: legal, and it opens nothing
    assert lone.guide.key == "guide.deal.lone_move"
    assert not any(a.kind == DISCARD for a in guide.game.legal_actions())
    tops_before = [guide.game.top(p) for p in range(4)]
    dealt = guide.offer(Action.deal()).record
    assert [guide.game.top(p) for p in range(4)] == list(dealt.cards) and len(dealt.cards) == 4
    assert guide.game.piles[gap] == [dealt.cards[gap]]  # the empty pile got its card too
    assert all(guide.game.piles[p][-2] == tops_before[p] for p in range(4) if p != gap)
    assert guide.done and not any(a.kind == DISCARD for a in guide.game.legal_actions())
    # What the closing line says is true of the table: the higher card is covered, so it does not help.
    params = dict(guide.lines()[0].params)
    high, low, cover = params["high"], params["low"], params["cover"]
    assert high.suit == low.suit and high.rank > low.rank and guide.game.top(gap) == low
    holder = next(p for p in range(4) if high in guide.game.piles[p])
    assert guide.game.piles[holder][-1] == cover and guide.game.piles[holder][-2] == high
    check_every_other_action_is_refused(guide, None)


def test_step_4_shows_the_end_and_the_rules_refuse_everything_there():
    guide = guide_at(3)
    assert guide.step.kind == PICTURE and guide.done and guide.ring() is None
    assert [t.key for t in guide.lines()] == ["guide.end.won", "guide.end.nothing_helps"]
    assert list(guide.game.legal_actions()) == []
    for action in EVERY_ACTION:
        before = state(guide)
        assert guide.offer(action).refusal.rules.code == the_rules_reason(guide.game, action)
        assert state(guide) == before
    assert guide.go_on() and guide.step.kind == DEAL_STEP


def test_step_5_rings_the_winning_line_for_the_first_actions_then_lets_the_player_play_alone():
    guide = guide_at(4)
    line = parse_line(BEGINNER_LINE)
    for index in range(RING_ACTIONS):
        assert guide.ring() == line[index] and guide.lines()[0].key == "guide.first.follow"
        assert guide.offer(line[index]).accepted
    # The guidance ends in words, and says what comes next: play on with hints, or leave.
    assert guide.ring() is None and guide.on_own() and not guide.left_the_line()
    assert [t.key for t in guide.lines()] == ["guide.first.ring_done", "guide.first.play_on"]
    named = words(guide.lines()[1]).translate(str.maketrans(",()", "   ")).split()
    assert {"H", "Ctrl+Z", "Esc"} <= set(named)
    assert guide.keys().key == "guide.keys_deal"
    refused = guide.offer(Action.move(0, 1)).refusal  # illegal: the rules' reason, in the deal too
    assert refused.rules.code == "target_not_empty"
    for action in line[RING_ACTIONS:]:
        assert guide.offer(action).accepted
    assert guide.game.is_won() and guide.done and guide.lines()[0].key == "guide.first.won"
    assert not guide.on_own() and guide.keys().key == "guide.keys_last"
    assert guide.go_on() and guide.finished and not guide.active and not guide.go_on()


def test_off_the_line_the_ring_goes_and_comes_back_after_an_undo():
    guide = guide_at(4)
    line = parse_line(BEGINNER_LINE)
    guide.offer(line[0])
    other = next(a for a in guide.game.legal_actions() if a != line[1])
    assert guide.offer(other).accepted and guide.ring() is None  # a real deal: any legal action goes
    assert guide.left_the_line() and [t.key for t in guide.lines()] == ["guide.first.off_line", "guide.first.play_on"]
    guide.undo()
    assert guide.ring() == line[1] and not guide.on_own() and guide.lines()[0].key == "guide.first.follow"


def test_a_lost_first_deal_says_so_and_the_guide_can_still_finish():
    guide = guide_at(4)
    rng = random.Random(3)
    while not guide.done:  # a player who never discards loses
        actions = [a for a in guide.game.useful_actions() if a.kind != DISCARD] or list(guide.game.useful_actions())
        guide.offer(rng.choice(actions))
    assert not guide.game.is_won() and guide.lines()[0] == Text.of("guide.first.lost", score=guide.game.score)
    assert guide.go_on() and guide.finished


def test_undo_and_restart_take_back_a_lessons_move():
    guide = guide_at(1)
    guide.offer(Action.move(1, 0))
    assert guide.undo() is not None and guide.ring() == Action.move(1, 0)
    guide.offer(Action.move(1, 0))
    guide.restart()
    assert guide.game.to_text() == guide.step.position and guide.game.history == []


# -- leaving, and the player's own game ------------------------------------------------------------------

@pytest.fixture
def players_folder(tmp_path, monkeypatch):
    """The player's data folder with a game in play, saved; the guide runs with it as the data folder."""
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    store = Store.open(tmp_path)
    session = AcesUpSession.start(store, Game.new(deal_cards(7), deal_number=7))
    session.act(next(session.game.legal_actions()))
    assert write_now(session) == []
    return tmp_path, session


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("index", range(len(STEPS)))
def test_leaving_at_any_step_leaves_the_players_game_and_files_as_they_were(players_folder, index):
    folder, session = players_folder
    files, document, stats = files_of(folder), session.document(), session.store.stats
    guide = guide_at(index)
    if guide.step.kind != PICTURE:
        guide.offer(guide.ring() or Action.deal())  # in the middle of the step
    guide.leave()
    assert guide.left and not guide.finished and not guide.active
    before = state(guide)
    assert guide.offer(Action.deal()).refusal.guide == Text.of("guide.closed")
    assert guide.undo() is None and not guide.go_on()
    guide.restart()
    assert state(guide) == before
    assert files_of(folder) == files and session.document() == document and session.store.stats == stats
    assert load_game(folder)[0].game.to_text() == session.game.to_text()


# -- the beginner's deal -----------------------------------------------------------------------------------

def test_the_beginners_deal_is_proved_winnable_and_its_stored_line_wins():
    game = Game.new(deal_cards(BEGINNER_DEAL), deal_number=BEGINNER_DEAL)
    found = solver.solve(game, max_positions=PROOF_MAX_POSITIONS)
    assert found.result == solver.WINNABLE
    replay = game.copy()
    replay.replay(list(parse_line(BEGINNER_LINE)))  # each action verified by the rules
    assert replay.is_won()
    shape = beginner.line_shape(game, parse_line(BEGINNER_LINE))
    assert shape == beginner.LineShape(actions=64, gap_moves=4, lone_moves=0, kept=0, greedy_wins=True)
    assert parse_line(BEGINNER_LINE)[:RING_ACTIONS] == tuple(parse_line(
        "deal, discard 1, discard 2, discard 4, discard 4, move 3 4"))  # a deal, discards and a gap move


def test_the_line_shape_counts_what_it_says_and_refuses_a_line_that_does_not_win():
    game = Game.new(deal_cards(BEGINNER_DEAL))
    with pytest.raises(ValueError, match="not a win"):
        beginner.line_shape(game, parse_line("deal, discard 1"))
    with pytest.raises(IllegalAction):
        beginner.line_shape(game, parse_line("discard 1"))  # nothing may go before the first deal
    # A trap: the 10♠ may go at once, but it must stay as the higher spade for the 9♠ the deal brings.
    trap = Game.from_text(table(("AS", "TH", "AD", "AC TS"), stock="AH 9S 9C 9H", stock_size=4))
    shape = beginner.line_shape(trap, parse_line("deal, discard 4, discard 2, discard 2, move 1 2, discard 4, "
                                                 "discard 3"))
    assert shape == beginner.LineShape(actions=7, gap_moves=1, lone_moves=0, kept=1, greedy_wins=False)
    # Four aces, 48 cards gone: two moves, the first of a lone ace.
    spread = Game.from_text(table(("AS", "", "AD", "AC AH")))
    shape = beginner.line_shape(spread, parse_line("move 1 2, move 4 1"))
    assert (shape.gap_moves, shape.lone_moves, shape.kept, shape.greedy_wins) == (2, 1, 0, True)


def test_the_scan_ranks_the_simplest_win_first():
    rows = beginner.scan([78, BEGINNER_DEAL], max_positions=PROOF_MAX_POSITIONS)
    assert [row["deal"] for row in rows] == [BEGINNER_DEAL, 78]
    assert rows[0]["gap_moves"] < rows[1]["gap_moves"]
    for row in rows:
        game = Game.new(deal_cards(row["deal"]))
        game.replay(list(parse_line(row["line"])))
        assert game.is_won()


def test_the_benchmark_prints_the_scan_as_json(capsys):
    import json

    from bench import beginner_deal

    report = beginner_deal.main(["--first", str(BEGINNER_DEAL), "--last", str(BEGINNER_DEAL), "--cap",
                                 str(PROOF_MAX_POSITIONS)])
    printed = json.loads(capsys.readouterr().out)
    assert printed == report and printed["chosen"] == BEGINNER_DEAL and printed["won_within_cap"] == 1
    assert printed["simplest"][0]["line"] == ", ".join(str(a) for a in parse_line(printed["simplest"][0]["line"]))


# -- texts -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_text_of_the_guide_is_worded_in_every_language(language):
    i18n.set_language(language)
    try:
        guide = Guide()
        shown = [Text.of(TITLE), Text.of(OFFER), guide.step_of(), Text.of(GO_ON), Text.of(NEXT),
                 Text.of("guide.closed")]
        for step in STEPS:
            for lines in step.lines:
                shown += lines
            shown += step.done_lines
            if step.lone_move_refusal is not None:
                shown.append(step.lone_move_refusal)
        guide.game = Game.from_text(STEPS[1].position)
        shown += [guide.advice(Action.move(1, 0)), guide.advice(Action.deal()),
                  guide.advice(Action.discard(2)), Text.of("guide.first.lost", score=12)]
        for text in shown:
            worded = words(text)
            assert worded.strip() and "{" not in worded, text
        assert words(guide.step_of()) == i18n.t(STEP_OF, step=1, steps=5)
    finally:
        i18n.set_language("en")


# -- nothing created, nothing lost, nothing outside touched ------------------------------------------------

OPERATIONS = st.one_of(st.sampled_from(EVERY_ACTION), st.sampled_from(["undo", "restart", "go on", "leave"]))


@settings(max_examples=60)
@given(st.lists(OPERATIONS, max_size=80), st.integers(0, len(STEPS) - 1))
def test_no_sequence_of_actions_creates_or_loses_a_card_or_touches_anything_outside(tmp_path_factory, operations,
                                                                                 start):
    folder = tmp_path_factory.mktemp("data")
    players_game = Game.new(deal_cards(11), deal_number=11)
    players_game.apply(next(players_game.legal_actions()))
    players_text, players_history = players_game.to_text(), list(players_game.history)
    positions = [step.position for step in STEPS]
    saved_env = os.environ.get(ENV_DATA_DIR)
    os.environ[ENV_DATA_DIR] = str(folder)
    try:
        guide = guide_at(start)
        for operation in operations:
            before = state(guide)
            if isinstance(operation, Action):
                answer = guide.offer(operation)
                if not answer.accepted:
                    assert state(guide) == before
                else:
                    assert guide.game.history[-1][0] == operation
            elif operation == "undo":
                guide.undo()
            elif operation == "restart":
                guide.restart()
            elif operation == "go on":
                assert guide.go_on() == (before != state(guide))
            else:
                guide.leave()
            assert sorted(cards_of(guide.game)) == sorted(full_deck())
            assert guide.game.card_count() == 52
    finally:
        if saved_env is None:
            del os.environ[ENV_DATA_DIR]
        else:
            os.environ[ENV_DATA_DIR] = saved_env
    assert list(folder.iterdir()) == []  # nothing written where the player's files live
    assert players_game.to_text() == players_text and players_game.history == players_history
    assert [step.position for step in STEPS] == positions


def test_moves_into_gaps_and_deals_are_the_only_kinds_the_lessons_wait_for():
    # The ring and arrow the window draws (ui/acesup/hint_arrow.py) know discards, moves and deals.
    kinds = {a.kind for step in STEPS for a in (*step.waits_for, *step.ring_line)}
    assert kinds == {DISCARD, MOVE, DEAL}
