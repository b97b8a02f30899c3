"""Choosing the guide's beginner deal: which numbered deals the solver wins with a short, simple line.

Every win is 48 discards and 12 deals, so a line's length beyond 60 actions is its moves into gaps. "Short and
simple" is measured on the line itself, replayed through the rules:

- `kept`: how often the line deals or moves while a discard was possible (it keeps a card that could go, a
  choice a beginner cannot yet see the reason for);
- `lone_moves`: moves of a lone card from one pile to a gap (legal, but they look like nothing);
- `gap_moves`: every move into a gap; `actions`: the line's length;
- `greedy_wins`: the simple player (`players.greedy`: discard whenever possible, then fill a gap, then deal)
  wins the deal too, so a beginner who plays the obvious way is not led into a loss.

`scan` solves a range of deals under a cap on positions (the same answers on every machine) and ranks the
wins by `LineShape.rank`. bench/beginner_deal.py prints the scan as JSON; the chosen deal is fixed in
`guide.BEGINNER_DEAL`.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Sequence

from idioten.acesup import solver
from idioten.acesup.players import greedy, play
from idioten.acesup.rules import DISCARD, MOVE, WIN_SCORE, Action, Game
from idioten.cards import deal_cards

SCAN_MAX_POSITIONS = 200_000  # most winnable deals are proved in a few thousand; the rest are not for beginners


@dataclass(frozen=True)
class LineShape:
    actions: int
    gap_moves: int
    lone_moves: int
    kept: int
    greedy_wins: bool

    def rank(self) -> tuple[bool, int, int, int, int]:
        """Smaller is simpler: the obvious way wins, no discard passed up, no lone card shifted, few moves."""
        return (not self.greedy_wins, self.kept, self.lone_moves, self.gap_moves, self.actions)


def line_shape(game: Game, line: Sequence[Action]) -> LineShape:
    """The shape of a winning `line` from `game` (which is not changed). The line is replayed through the
    rules: IllegalAction names the first action that is not legal; ValueError if it does not win."""
    replay = game.copy()
    gap_moves = lone_moves = kept = 0
    for action in line:
        if action.kind != DISCARD and any(a.kind == DISCARD for a in replay.legal_actions()):
            kept += 1
        if action.kind == MOVE:
            gap_moves += 1
            lone_moves += not replay.is_useful(action)
        replay.apply(action)
    if not replay.is_won():
        raise ValueError(f"the line ends with {replay.score} of {WIN_SCORE} cards discarded, not a win")
    greedy_wins = play(game.copy(), greedy, random.Random(0)) == WIN_SCORE
    return LineShape(len(line), gap_moves, lone_moves, kept, greedy_wins)


def scan(numbers: Iterable[int], max_positions: int = SCAN_MAX_POSITIONS) -> list[dict[str, Any]]:
    """One row per deal the solver wins within `max_positions`, simplest first: the deal, its line (the
    notation) and its shape. Deals proved lost or not decided within the cap are left out."""
    rows = []
    for number in numbers:
        game = Game.new(deal_cards(number), deal_number=number)
        found = solver.solve(game, max_positions=max_positions)
        if found.result != solver.WINNABLE or found.moves is None:
            continue
        shape = line_shape(game, found.moves)
        rows.append({"deal": number, **asdict(shape), "positions": found.states,
                     "line": ", ".join(str(a) for a in found.moves), "_rank": shape.rank()})
    rows.sort(key=lambda row: (row["_rank"], row["deal"]))
    for row in rows:
        del row["_rank"]
    return rows
