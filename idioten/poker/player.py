"""The computer player: suggests a cell for the drawn card. No pygame here.

Three policies, each a `choose(board, card, unseen, rng) -> cell`:

* `random`: any empty cell.
* `greedy`: the cell that makes the current grid score most (the hands made so far), one step ahead.
* `hint`: learned line values (`values.py`) pick the few most promising distinct placements; Monte Carlo
  play-outs of the rest of the game, on random orders of the unseen cards, decide among them while time
  allows.

The player never peeks: it knows the grid, the drawn card and the set of cards not yet seen, not their
order. The random generator is passed in, so games replay exactly.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Callable, Sequence

from idioten.cards import Card
from idioten.poker.board import Board
from idioten.poker.gains import line_value, placement_gains
from idioten.poker.options import POLICIES
from idioten.poker.playout import sample_sums
from idioten.poker.values import learned_values, prior_values, stage_of

if TYPE_CHECKING:
    from idioten.poker.game import PokerGame

DEFAULT_MOVE_SECONDS = 0.25
CHUNK_SECONDS = 0.004  # play-outs run in chunks about this long between looks at the clock


def best_cell(gains: list[tuple[float, int]], rng: random.Random) -> int:
    """The cell of the largest gain; a tie is broken by `rng`, so a seeded player plays the same game."""
    top = max(gain for gain, _ in gains)
    tied = [cell for gain, cell in gains if gain >= top - 1e-9]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def distinct_candidates(board: Board, card: Card, gains: list[tuple[float, int]],
                        limit: int) -> tuple[list[tuple[float, int]], list[Board]]:
    """The `limit` best (gain, cell) by value among placements that differ, and the boards after them.

    Cells whose boards differ only by an order of rows and columns (`Board.shape`) play alike: early in a
    game most cells are such twins, and the five best by value were often one placement five times over
    (deals 1-8: in 75 of 200 decisions the five covered three or fewer distinct placements)."""
    ranked, starts, shapes = [], [], set()
    for gain, cell in sorted(gains, key=lambda g: -g[0]):
        after = board.copy()
        after.put(cell, card)
        shape = after.shape()
        if shape in shapes:
            continue
        shapes.add(shape)
        ranked.append((gain, cell))
        starts.append(after)
        if len(ranked) == limit:
            break
    return ranked, starts


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

    def __init__(self, values: list[float], move_seconds: float = DEFAULT_MOVE_SECONDS, candidates: int = 8,
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
        ranked, starts = distinct_candidates(board, card, gains, self.candidates)
        if len(ranked) == 1:
            self.last_playouts = 0
            return ranked[0][1]
        stage = stage_of(board.placed)
        now = sum(line_value(board, line, 0, False, self.values, stage) for line in range(len(board.lines)))
        sums = [0] * len(ranked)
        state = rng.getrandbits(64)  # the orders come from the seeded generator: games replay exactly
        playouts, chunk = 0, 1
        while playouts < self.max_playouts and (not playouts or self.clock() < deadline):
            count = min(chunk, self.max_playouts - playouts)
            began = self.clock()
            part, state = sample_sums(starts, unseen, state, count, self.values)
            sums = [total + more for total, more in zip(sums, part)]
            playouts += count
            spent = self.clock() - began
            # Chunks grow while they are short (each call has a fixed cost) and never run far past the
            # deadline: about CHUNK_SECONDS each, the window's worker thread looks at its clock between them.
            per_playout = spent / count
            room = deadline - self.clock()
            if per_playout > 0:
                chunk = max(1, min(chunk * 2, int(CHUNK_SECONDS / per_playout) or 1, int(room / per_playout) or 1))
            else:
                chunk *= 2
        self.last_playouts = playouts
        totals = {cell: self.prior_weight * (now + gain) + total for (gain, cell), total in zip(ranked, sums)}
        best = max(totals.values())
        tied = [cell for cell, total in totals.items() if total == best]
        return tied[0] if len(tied) == 1 else rng.choice(tied)


Policy = RandomPolicy | ValuePolicy  # HintPolicy is a ValuePolicy that looks ahead


def make_policy(name: str, table: str, diagonals: bool = False,
                move_seconds: float = DEFAULT_MOVE_SECONDS) -> Policy:
    from idioten.poker.scoring import points_table
    points = points_table(table)
    if name == "random":
        return RandomPolicy()
    if name == "greedy":
        return ValuePolicy(prior_values(points), "greedy")
    if name == "hint":
        return HintPolicy(learned_values(table, diagonals, points), move_seconds)
    raise ValueError(f"unknown policy {name!r} (choose {', '.join(POLICIES)})")


def board_for(game: PokerGame) -> Board:
    """A lean board for a `PokerGame`, with what a non-peeking player knows of the cards to come."""
    return Board.from_grid(game.grid, game.table, game.diagonals, game.unseen())


def suggest(game: PokerGame, policy: Policy | None = None,
            rng: random.Random | None = None) -> tuple[int, Card] | None:
    """The cell (and, in the open deck, the card) the computer would play now; None when the game is over.
    The window's hint button and the computer opponent call this."""
    drawn = game.drawn
    if drawn is None:  # the game is over
        return None
    policy = policy or make_policy("hint", game.table, game.diagonals)
    rng = rng or random.Random()
    board = board_for(game)
    if not game.open_deck:
        return policy.choose(board, drawn, game.unseen(), rng), drawn
    # Open deck: judge every card that may be placed by its best cell, then place the best pair.
    values = getattr(policy, "values", None) or prior_values(board.points)
    best: tuple[float, int, Card] | None = None
    for card in game.choices():
        gain, cell = max(placement_gains(board, card, values), key=lambda g: g[0])
        if best is None or gain > best[0]:
            best = (gain, cell, card)
    if best is None:
        return None  # unreachable: a game not over has a card to place
    return best[1], best[2]


def play_deck(deck: Sequence[Card], policy: Policy, table: str, diagonals: bool, rng: random.Random) -> Board:
    """Play one game on a lean board (fast, for simulations); the full board is returned."""
    board = Board(table, diagonals)
    board.set_unseen(deck)
    unseen = list(deck)
    for card in deck[:25]:
        unseen.remove(card)
        board.see(card)
        board.put(policy.choose(board, card, unseen, rng), card)
    return board
