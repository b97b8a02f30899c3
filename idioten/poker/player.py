"""The computer player: suggests a cell for the drawn card. No pygame here.

Three policies, each a `choose(board, card, unseen, rng) -> cell`:

* `random`: any empty cell.
* `greedy`: the cell that makes the current grid score most (the hands made so far), one step ahead.
* `hint`: learned line values (`values.py`) pick the few most promising cells; Monte Carlo play-outs of
  the rest of the game, on random orders of the unseen cards, decide among them while time allows.

The player never peeks: it knows the grid, the drawn card and the set of cards not yet seen, not their
order. The random generator is passed in, so games replay exactly.
"""

from __future__ import annotations

import random
import time
from typing import Callable, Sequence

from idioten.cards import Card
from idioten.poker.board import Board
from idioten.poker.hands import ALL_CODES, LINE, classify_sum, code_of, is_joker, joker_category
from idioten.poker.values import feature, learned_values, prior_values, stage_of

from idioten.poker.options import POLICIES  # noqa: E402  (the command line offers the same names)
DEFAULT_MOVE_SECONDS = 0.25


def _line_value(board: Board, line: int, add: int, add_joker: bool, values, stage: int) -> float:
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


def placement_gains(board: Board, card: Card, values, stage: int | None = None) -> list[tuple[float, int]]:
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
            if count == LINE - 1:
                new = points[classify_sum(key + code)]
            else:
                new = values[feature(key + code, count + 1, kind, stage, unseen)]
            line_gains[line] = new - old
    else:
        for line, count in enumerate(board.counts):
            if count < LINE:
                line_gains[line] = (_line_value(board, line, code, joker, values, stage)
                                    - _line_value(board, line, 0, False, values, stage))
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


def best_cell(gains: list[tuple[float, int]], rng: random.Random) -> int:
    """The cell of the largest gain; a tie is broken by `rng`, so a seeded player plays the same game."""
    top = max(gain for gain, _ in gains)
    tied = [cell for gain, cell in gains if gain >= top - 1e-9]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


class RandomPolicy:
    name = "random"

    def choose(self, board: Board, card: Card, unseen: Sequence[Card], rng: random.Random) -> int:
        return rng.choice(board.empty)


class ValuePolicy:
    """Place where the line values gain most. With prior values this is the one-step greedy player."""

    def __init__(self, values: list[float], name: str = "value"):
        self.values = values
        self.name = name

    def choose(self, board: Board, card: Card, unseen: Sequence[Card], rng: random.Random) -> int:
        return best_cell(placement_gains(board, card, self.values), rng)


class HintPolicy(ValuePolicy):
    """Learned values choose a few candidate cells; Monte Carlo play-outs decide among them while time
    allows. Each play-out draws one random order of the unseen cards and finishes the game from every
    candidate with the value policy on that same order, so the candidates are compared on equal luck.

    A few play-outs are noisy (final scores vary by tens of points), so the learned values' own estimate of
    the final score counts as `prior_weight` play-outs: with little time the values decide, with more
    time the play-outs take over."""

    def __init__(self, values: list[float], move_seconds: float = DEFAULT_MOVE_SECONDS, candidates: int = 5,
                 clock: Callable[[], float] = time.perf_counter, max_playouts: int = 100000,
                 prior_weight: float = 10.0):
        super().__init__(values, "hint")
        self.move_seconds = move_seconds
        self.candidates = candidates
        self.clock = clock
        self.max_playouts = max_playouts
        self.last_playouts = 0  # how many play-outs the last choice rested on (for benchmarks)
        self.prior_weight = prior_weight

    def choose(self, board: Board, card: Card, unseen: Sequence[Card], rng: random.Random) -> int:
        gains = placement_gains(board, card, self.values)
        if len(gains) <= 1 or self.move_seconds <= 0 or not unseen:
            return best_cell(gains, rng)
        deadline = self.clock() + self.move_seconds
        ranked = sorted(gains, key=lambda g: -g[0])[:self.candidates]
        starts = []
        for _, cell in ranked:
            after = board.copy()
            after.put(cell, card)
            starts.append((cell, after))
        stage = stage_of(board.placed)
        now = sum(_line_value(board, line, 0, False, self.values, stage) for line in range(len(board.lines)))
        totals = {cell: self.prior_weight * (now + gain) for gain, cell in ranked}
        future = sorted(unseen, key=lambda c: c.index)  # the order given must not matter: no peeking
        to_place = len(board.empty) - 1
        playouts = 0
        while playouts < self.max_playouts and (not playouts or self.clock() < deadline):
            rng.shuffle(future)
            sequence = future[:to_place]
            for cell, after in starts:
                totals[cell] += self._play_out(after, sequence)
            playouts += 1
        self.last_playouts = playouts
        best = max(totals.values())
        tied = [cell for cell, total in totals.items() if total == best]
        return tied[0] if len(tied) == 1 else rng.choice(tied)

    def _play_out(self, start: Board, sequence: Sequence[Card]) -> int:
        board = start.copy()
        values = self.values
        for card in sequence:
            board.see(card)
            gains = placement_gains(board, card, values)
            board.put(max(gains)[1], card)
        return board.total()


def make_policy(name: str, table: str, diagonals: bool = False,
                move_seconds: float = DEFAULT_MOVE_SECONDS) -> RandomPolicy | ValuePolicy:
    from idioten.poker.scoring import points_table
    points = points_table(table)
    if name == "random":
        return RandomPolicy()
    if name == "greedy":
        return ValuePolicy(prior_values(points), "greedy")
    if name == "hint":
        return HintPolicy(learned_values(table, diagonals, points), move_seconds)
    raise ValueError(f"unknown policy {name!r} (choose {', '.join(POLICIES)})")


def board_for(game) -> Board:
    """A lean board for a `PokerGame`, with what a non-peeking player knows of the cards to come."""
    return Board.from_grid(game.grid, game.table, game.diagonals, game.unseen())


def suggest(game, policy=None, rng: random.Random | None = None) -> tuple[int, Card] | None:
    """The cell (and, in the open deck, the card) the computer would play now; None when the game is over.
    The window's hint button and the computer opponent call this."""
    if game.is_over():
        return None
    policy = policy or make_policy("hint", game.table, game.diagonals)
    rng = rng or random.Random()
    board = board_for(game)
    if not game.open_deck:
        card = game.drawn
        return policy.choose(board, card, game.unseen(), rng), card
    # Open deck: judge every card that may be placed by its best cell, then place the best pair.
    values = getattr(policy, "values", None) or prior_values(board.points)
    best = None
    for card in game.choices():
        gain, cell = max(placement_gains(board, card, values), key=lambda g: g[0])
        if best is None or gain > best[0]:
            best = (gain, cell, card)
    return best[1], best[2]


def play_deck(deck: Sequence[Card], policy, table: str, diagonals: bool, rng: random.Random) -> Board:
    """Play one game on a lean board (fast, for simulations); the full board is returned."""
    board = Board(table, diagonals)
    board.set_unseen(deck)
    unseen = list(deck)
    for card in deck[:25]:
        unseen.remove(card)
        board.see(card)
        board.put(policy.choose(board, card, unseen, rng), card)
    return board
