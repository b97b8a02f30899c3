"""Competitive poker patience: the player and the computer fill their own grids from the same sequence of
drawn cards. No pygame here.

The computer places each card only after the player has placed it, and never sees a card before the
player does, so neither side has an advantage of information. Undo takes back the player's placement and
the computer's answer together.
"""

from __future__ import annotations

import random
from typing import Sequence

from idioten.cards import Card
from idioten.poker.game import Placed, PokerGame
from idioten.poker.player import make_policy, suggest


class Match:
    def __init__(self, deck: Sequence[Card], table: str = "classic", diagonals: bool = False, policy=None,
                 rng: random.Random | None = None, deal_number: int | None = None):
        self.player = PokerGame(deck, table, diagonals, deal_number=deal_number)
        self.computer = PokerGame(deck, table, diagonals, deal_number=deal_number)
        self.policy = policy or make_policy("hint", table, diagonals)
        self.rng = rng or random.Random()

    @property
    def drawn(self) -> Card | None:
        return self.player.drawn

    def can_place(self, cell: int) -> bool:
        return self.player.can_place(cell)

    def place(self, cell: int) -> tuple[Placed, Placed]:
        """The player puts the drawn card into `cell` (checked by the rules), then the computer places the
        same card on its own grid. Returns both records."""
        mine = self.player.place(cell)
        computer_cell, card = suggest(self.computer, self.policy, self.rng)
        theirs = self.computer.place(computer_cell, card)
        return mine, theirs

    def undo(self) -> tuple[Placed, Placed] | None:
        if not self.player.can_undo():
            return None
        return self.player.undo(), self.computer.undo()

    def is_over(self) -> bool:
        return self.player.is_over()

    def totals(self) -> tuple[int, int]:
        return self.player.score().total, self.computer.score().total

    def winner(self) -> str | None:
        """"player", "computer" or "draw" once both grids are full; None before."""
        if not self.is_over():
            return None
        mine, theirs = self.totals()
        return "player" if mine > theirs else "computer" if theirs > mine else "draw"
