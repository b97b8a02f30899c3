"""A slow, obviously correct solver for small positions, used only to check the real one.

It visits every position reachable by legal actions (asking `rules.Game` itself) and reports the best
score among them. Legal, not just useful: moving a lone card from one gap to another changes which stock
cards land on it, so before the stock is empty it can matter. `always_discard=True` plays a
perfect-information player who never keeps a card that could be discarded: while any discard is possible
it may only discard. `strict=True` plays the strict reading instead: only the actions
`solver.strict.strict_actions` allows (the rules layer's legal actions less those the strict reading forbids).
"""

from __future__ import annotations

from idioten.acesup.rules import DISCARD, Game
from idioten.acesup.solver.strict import strict_actions


def best_score(game: Game, always_discard: bool = False, strict: bool = False) -> int:
    game = game.copy()
    seen = set()
    best = game.score

    def visit() -> None:
        nonlocal best
        key = (tuple(tuple(p) for p in game.piles), len(game.stock))
        if key in seen:
            return
        seen.add(key)
        best = max(best, game.score)
        actions = list(strict_actions(game) if strict else game.legal_actions())
        if always_discard and any(a.kind == DISCARD for a in actions):
            actions = [a for a in actions if a.kind == DISCARD]
        for action in actions:
            game.apply(action)
            visit()
            game.undo()

    visit()
    return best
