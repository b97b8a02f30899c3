"""How much the lines gain when a card goes into each empty cell: the value player's judgement of one
placement, used by the player, its play-outs and the self-play that learns the values. No pygame here."""

from __future__ import annotations

from typing import Sequence

from idioten.cards import Card
from idioten.poker.board import Board
from idioten.poker.hands import ALL_CODES, LINE, classify_sum, code_of, is_joker, joker_category
from idioten.poker.values import feature, stage_of


def line_value(board: Board, line: int, add: int, add_joker: bool, values: Sequence[float], stage: int) -> float:
    """The value of `line` with the card code `add` added (0 adds nothing; `add_joker` adds the joker)."""
    count = board.counts[line] + (1 if add or add_joker else 0)
    key = board.keys[line] + add
    if board.joker_line[line] or add_joker:
        if count == LINE:
            return board.points[joker_category(key, board.points)]
        kind = board.kinds[line]
        # The joker still stands for any card: value the line as the best card it could be.
        return max(values[feature(key + code, count, kind, stage, board.unseen_suits)] for code in ALL_CODES)
    if count == LINE:
        return board.points[classify_sum(key)]
    return values[feature(key, count, board.kinds[line], stage, board.unseen_suits)]


def placement_gains(board: Board, card: Card, values: Sequence[float],
                    stage: int | None = None) -> list[tuple[float, int]]:
    """(gain, cell) for every empty cell: how much the lines through the cell gain in value."""
    if stage is None:
        stage = stage_of(board.placed)
    joker = is_joker(card)
    code = 0 if joker else code_of(card)
    # A line gains the same whichever of its empty cells takes the card, so each line is valued once
    # (a dozen lines instead of two per empty cell: the play-outs spend most of their time here).
    line_gains = [0.0] * len(board.lines)
    if not joker and not any(board.joker_line):
        keys, counts, kinds, points, unseen = board.keys, board.counts, board.kinds, board.points, board.unseen_suits
        for line, count in enumerate(counts):
            if count == LINE:
                continue
            key, kind = keys[line], kinds[line]
            old = values[feature(key, count, kind, stage, unseen)]
            new: float
            if count == LINE - 1:
                new = points[classify_sum(key + code)]
            else:
                new = values[feature(key + code, count + 1, kind, stage, unseen)]
            line_gains[line] = new - old
    else:
        for line, count in enumerate(board.counts):
            if count < LINE:
                line_gains[line] = (line_value(board, line, code, joker, values, stage)
                                    - line_value(board, line, 0, False, values, stage))
    gains = []
    cell_lines = board.cell_lines
    for cell in board.empty:
        through = cell_lines[cell]
        if len(through) == 2:  # a row and a column: most cells
            gains.append((line_gains[through[0]] + line_gains[through[1]], cell))
        else:
            gain = 0.0
            for line in through:
                gain += line_gains[line]
            gains.append((gain, cell))
    return gains
