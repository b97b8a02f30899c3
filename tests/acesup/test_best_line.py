"""A line to the best score of a deal that cannot be won (`solver.line_reaching`, `analysis.best_line`): the
lesson's B shows its first move and F plays it. Each line is replayed through the rules."""

from __future__ import annotations

import pytest
from deals import ACES_ONLY_SHORT, SHORT_OF_BEST

from idioten.acesup import analysis, solver
from idioten.acesup.rules import ACES_ONLY, STANDARD, Game
from idioten.cards import deal_cards

CORES = ["python"] + (["compiled"] if solver.COMPILED_BUILT else [])
# (position, its best score): a hand-made end of a standard game, and an aces-only deal from its start
NEVER_WINNABLE = [(lambda: Game.from_text(SHORT_OF_BEST), 47),
                  (lambda: Game.new(deal_cards(ACES_ONLY_SHORT), ACES_ONLY, ACES_ONLY_SHORT), 39)]


def replayed(position: Game, line) -> Game:
    game = position.copy()
    for action in line:
        game.apply(action)  # IllegalAction if the line breaks a rule
    return game


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("case", range(len(NEVER_WINNABLE)))
def test_a_line_reaching_the_best_score_replays_and_none_reaches_beyond(core, case):
    make, best = NEVER_WINNABLE[case]
    position = make()
    assert solver.solve(position, core=core).best_score == best
    for score in (best, best - 2):
        found, line = solver.line_reaching(position, score, core=core)
        assert found is True and replayed(position, line).score >= score
    if core == "compiled" or case == 0:  # the pure-Python proof of the aces-only deal takes seconds
        assert solver.line_reaching(position, best + 1, core=core) == (False, None)


@pytest.mark.parametrize("make", [lambda: Game.new(deal_cards(7), STANDARD, 7), lambda: Game.from_text(SHORT_OF_BEST)])
def test_the_best_line_ends_the_game_at_the_best_score(make):
    position = make()
    result = solver.solve(position)
    assert result.result == solver.UNWINNABLE and result.best_score_exact
    game = replayed(position, analysis.best_line(position, result.best_score))
    assert game.is_over() and game.score == result.best_score


def test_the_best_line_says_when_it_was_stopped_or_asked_too_much():
    class Stopped:
        def is_set(self) -> bool:
            return True

    position = Game.new(deal_cards(7), STANDARD, 7)
    best = solver.solve(position).best_score
    with pytest.raises(analysis.Undecided):  # a "no" is a whole proof: it is stopped at its first look at the flag
        analysis.best_line(position, best + 1, Stopped())
    with pytest.raises(ValueError):
        analysis.best_line(position, best + 1)
