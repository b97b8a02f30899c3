"""Simple players that do not peek at the stock, and a loop that plays a numbered deal with one.

A policy is `policy(game, rng) -> Action | None`: the next useful action, or None when the game is over.
It sees what a player sees (the table, the discards, the stock's size) and asks the rules what is allowed,
under the game's reading of them (`Game.reading`), so the same players play the strict reading too.
"""

from __future__ import annotations

import random
from typing import Callable

from idioten.acesup.rules import DEAL, DISCARD, MOVE, STANDARD_RULES, Action, Game
from idioten.cards import ACE, deal_cards

Policy = Callable[[Game, random.Random], "Action | None"]


def greedy(game: Game, rng: random.Random | None = None) -> Action | None:
    """Discard whenever possible (the lowest card first), then fill a gap, then deal.

    A gap gets an ace if one is on top of a taller pile (an ace never leaves, so it is best alone);
    otherwise the top card whose removal uncovers a card that can be discarded at once; otherwise the
    top of the tallest pile, which buries the fewest cards under future deals.
    """
    actions = list(game.useful_actions())
    if not actions:
        return None
    discards = [a for a in actions if a.kind == DISCARD]
    if discards:
        return min(discards, key=lambda a: game.piles[a.source][-1].rank)
    moves = [a for a in actions if a.kind == MOVE]
    if moves:
        return max(moves, key=lambda a: _move_value(game, a))
    return actions[-1]  # the deal


def _move_value(game: Game, action: Action) -> tuple[bool, bool, int, int]:
    pile = game.piles[action.source]
    uncovered = pile[-2]
    tops = [(other, game.top(other)) for other in range(4) if other != action.source]
    helps = any(top is not None and top.suit == uncovered.suit and top.rank > uncovered.rank for _, top in tops)
    helps = helps or (pile[-1].suit == uncovered.suit and pile[-1].rank > uncovered.rank)
    # Prefer the leftmost gap among equals so the choice is reproducible.
    return (pile[-1].rank == ACE, helps, len(pile), -action.destination)


def uniform_random(game: Game, rng: random.Random) -> Action | None:
    """Any useful action, each as likely as the others."""
    actions = list(game.useful_actions())
    return rng.choice(actions) if actions else None


def hint_player(game: Game, rng: random.Random, time_budget: float = 1.0, player: str | None = None) -> Action | None:
    """`idioten.acesup.hint`: weighs sampled stock orders (never the real one) for `time_budget` s per action;
    `player` names the hint's player (rollout or pimc; None: its default)."""
    from idioten.acesup.hint import policy  # imported when used: the simple players do not need it

    return policy(game, rng, time_budget, player)


POLICIES: dict[str, Policy] = {"greedy": greedy, "random": uniform_random, "hint": hint_player}


def play(game: Game, policy: Policy, rng: random.Random) -> int:
    """Play the game to its end with `policy`; returns the score (cards discarded)."""
    while True:
        action = policy(game, rng)
        if action is None:
            return game.score
        game.apply(action)


def play_deal(number: int, policy: Policy, variant: str, reading: str = STANDARD_RULES) -> int:
    """Score of `policy` on deal `number` under the rules' `reading` (the game's own, or the strict reading:
    the game answers the policy's questions by it); the policy's random generator is seeded by the deal
    number."""
    game = Game.new(deal_cards(number), variant, number, reading)
    return play(game, policy, random.Random(number))


__all__ = ["DEAL", "POLICIES", "Policy", "greedy", "play", "play_deal", "uniform_random"]
