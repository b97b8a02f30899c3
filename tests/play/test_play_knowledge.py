"""What is known of Aces Up positions, without a window (idioten/play/acesup/knowledge.py): the answers kept per
position and the two facts that carry an answer along a move."""

from __future__ import annotations

import random

from idioten.acesup.players import greedy
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.play.acesup.knowledge import UNKNOWN, UNWINNABLE, WINNABLE, Knowledge, Known


def line_from(number: int, length: int) -> tuple[Game, list]:
    """A position of deal `number` with a choice to make, and `length` actions from it."""
    game, rng = Game.new(deal_cards(number), deal_number=number), random.Random(2)
    while len(list(game.legal_actions())) < 2:
        game.apply(greedy(game, rng))
    probe, line = game.copy(), []
    for _ in range(length):
        action = greedy(probe, rng)
        probe.apply(action)
        line.append(action)
    return game, line


def test_a_winning_line_carries_to_the_position_after_its_first_action_only():
    game, line = line_from(7, 3)
    known, start = Known(), game.to_text()
    known.learn(start, Knowledge(WINNABLE, tuple(line), 48))
    game.apply(line[0])
    known.carry_forward(start, line[0], game.to_text())
    assert known[game.to_text()] == Knowledge(WINNABLE, tuple(line[1:]), 48)
    other = Game.from_text(start)
    assert other.can(line[0])
    action = next(a for a in other.legal_actions() if a != line[0])
    other.apply(action)
    known.carry_forward(start, action, other.to_text())
    assert other.to_text() not in known  # off the line, a winnable position says nothing of the next


def test_a_lost_position_makes_every_position_after_it_lost_but_an_undo_carries_nothing():
    game, line = line_from(8, 2)
    known, start = Known(), game.to_text()
    known.learn(start, Knowledge(UNWINNABLE, None, 20))
    game.apply(line[0])
    after = game.to_text()
    known.carry_forward(start, line[0], after)
    assert known.get(after) == Knowledge(UNWINNABLE)
    game.apply(line[1])
    known.carry_forward(game.to_text(), line[1], after)  # an undo: `after` does not follow from it
    assert known.get(game.to_text()) is None and known.get(after) == Knowledge(UNWINNABLE)


def test_what_is_known_of_the_start_is_carried_along_the_moves_played():
    game, line = line_from(9, 4)
    assert not game.history  # deal 9 has a choice at its start: the line starts at the deal's start
    known = Known()
    known.learn(game.to_text(), Knowledge(WINNABLE, tuple(line) + tuple(line[:1]), 48))
    positions = []
    for action in line:
        game.apply(action)
        positions.append(game.to_text())
    known.carry_along_history(game)
    assert [len(known[p].line) for p in positions] == [4, 3, 2, 1]


def test_it_forgets_everything_when_full_and_keeps_learning():
    known = Known(limit=3)
    for index in range(3):
        known.learn(f"p{index}", Knowledge(UNKNOWN))
    known.learn("p3", Knowledge(UNKNOWN))
    assert len(known) == 1 and "p3" in known and known.get("p0") is None
