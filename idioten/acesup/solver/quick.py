"""A fast first look for a win: the search restricted to lines that discard every card as soon as it may go.

Why it is sound: every line it finds is a real line of play (each discard, move and deal in it is legal),
so a win it finds proves the deal winnable; the caller still replays it through `rules.Game`. It proves
nothing when it finds no win, because keeping a card can be the only way to win (a trap): the exact search
in `solver.search` decides those deals.

Why "discard everything at once" can be done as one step: the set of cards that a run of discards removes
before nothing more can go does not depend on the order. A discard of c uses a higher card h of c's suit on
top of another pile; removing c never removes the card that allows another discard, because whatever c
could have discarded (a lower card b of the same suit, on top) h discards as well: h is higher than b, on top,
and on a different pile from b (two top cards on one pile would be one card). Removing c only uncovers
cards, so every discard that was possible stays possible until made. Hence the closure is unique and a
position after it is all the search has to remember.

Moves of a lone card from one gap to another are tried while the stock lasts: the card then receives a
different pile's dealt cards, which can decide the deal. Once the stock is empty they change nothing.
"""

from __future__ import annotations

import time

from idioten.acesup.rules import ACES_ONLY, DEAL, DISCARD, MOVE, Action, Game
from idioten.acesup.solver.search import NO_CAP, Cancel
from idioten.acesup.solver.strict import Piles, discard_all

ACE = 12  # rank index of an ace in Card.index order (rank - 2)
CHECK_EVERY = 512


class _Stop(Exception):
    pass


def quick_win(game: Game, node_limit: int, deadline: float | None = None,
              cancel: Cancel | None = None,
              max_positions: int | None = None) -> tuple[list[Action] | None, int]:
    """A winning line from `game`'s position that discards every card as soon as it may go, or None when
    none was found within `node_limit` positions (looked at every CHECK_EVERY positions; or by `deadline`,
    or before `cancel` was set; or before examining more than `max_positions`, an exact cap). Also returns
    the number of positions examined. The game is not changed."""
    stock = [c.index for c in game.stock]
    aces_only = game.variant == ACES_ONLY
    start = tuple(tuple(c.index for c in pile) for pile in game.piles)
    remaining_at_start = sum(map(len, start)) + len(stock)
    target_len = 4  # only the four aces stay
    seen: set[tuple[Piles, int]] = set()
    nodes = 0
    report = getattr(cancel, "searched", None)  # told the positions examined at each look (solver.solve)
    cap = NO_CAP if max_positions is None else max_positions

    def search(piles: Piles, dealt: int) -> list[Action] | None:
        nonlocal nodes
        if nodes >= cap:
            raise _Stop
        nodes += 1
        if nodes % CHECK_EVERY == 0:
            if report is not None:
                report(nodes)
            if nodes > node_limit or (cancel is not None and cancel.is_set()) or \
                    (deadline is not None and time.perf_counter() > deadline):
                raise _Stop
        piles, discards = discard_all(piles)
        steps = [Action(DISCARD, p) for p in discards]
        key = (piles, dealt)
        if key in seen:
            return None
        seen.add(key)
        stock_left = len(stock) - dealt
        if not stock_left and sum(map(len, piles)) == target_len and all(len(p) == 1 for p in piles):
            return steps
        empty = [i for i in range(4) if not piles[i]]
        # Order: uncover a card by filling a gap, then deal, and only then shift a lone card between gaps
        # (it matters only for which dealt cards land on it); tried first, such shifts would fill winning
        # lines with cards wandering from gap to gap.
        for lone in (False, True):
            if lone and not stock_left:
                break
            for target in empty:
                for source in range(4):
                    height = len(piles[source])
                    if height == 0 or (height == 1) != lone:
                        continue
                    card = piles[source][-1]
                    if aces_only and card % 13 != ACE:
                        continue
                    moved = list(piles)
                    moved[target] = (card,)
                    moved[source] = piles[source][:-1]
                    line = search(tuple(moved), dealt)
                    if line is not None:
                        return steps + [Action(MOVE, source, target)] + line
                if not stock_left:
                    break  # with the stock gone, gaps are all alike
            if not lone and stock_left:
                dealt_piles = tuple(piles[i] + (stock[dealt + i],) for i in range(4))
                line = search(dealt_piles, dealt + 4)
                if line is not None:
                    return steps + [Action(DEAL)] + line
        return None

    if remaining_at_start < target_len:
        return None, 0
    try:
        return search(start, 0), nodes
    except _Stop:
        return None, nodes
    except RecursionError:  # a pathologically deep line: leave it to the exact search
        return None, nodes


def shorten_moves(game: Game, line: list[Action], max_positions: int = 20_000) -> list[Action]:
    """The same line with every run of moves between two discards or deals replaced by a shortest run of
    moves that leaves the piles exactly as the original run did. A search may shift lone cards between gaps
    on its way to the arrangement it needs; a player watching the solution should see only the moves that
    matter. The line's other actions, and the position after each run, are unchanged, so it stays legal and
    still wins."""
    variant_aces_only = game.variant == ACES_ONLY
    position = [tuple(c.index for c in pile) for pile in game.piles]
    shortened: list[Action] = []
    run: list[Action] = []

    def apply_move(piles: Piles, move: Action) -> Piles:
        after = list(piles)
        card = after[move.source][-1]
        after[move.source] = after[move.source][:-1]
        after[move.destination] = (card,)
        return tuple(after)

    def shortest(start: Piles, goal: Piles) -> list[Action] | None:
        if start == goal:
            return []
        frontier = [start]
        came_from: dict[Piles, tuple[Piles, Action] | None] = {start: None}
        while frontier and len(came_from) < max_positions:
            following = []
            for piles in frontier:
                for target in range(4):
                    if piles[target]:
                        continue
                    for source in range(4):
                        if not piles[source] or (variant_aces_only and piles[source][-1] % 13 != ACE):
                            continue
                        move = Action(MOVE, source, target)
                        nxt = apply_move(piles, move)
                        if nxt in came_from:
                            continue
                        came_from[nxt] = (piles, move)
                        if nxt == goal:
                            moves = []
                            back = came_from[nxt]
                            while back is not None:
                                moves.append(back[1])
                                back = came_from[back[0]]
                            return moves[::-1]
                        following.append(nxt)
            frontier = following
        return None

    def flush_run() -> None:
        if run:
            start = tuple(position_before_run)
            goal = tuple(position)
            better = shortest(start, goal)
            shortened.extend(run if better is None or len(better) >= len(run) else better)
            run.clear()

    replay = game.copy()
    position_before_run = list(position)
    for action in line:
        if action.kind == MOVE:
            if not run:
                position_before_run = [tuple(c.index for c in pile) for pile in replay.piles]
            run.append(action)
        else:
            position = [tuple(c.index for c in pile) for pile in replay.piles]
            flush_run()
            shortened.append(action)
        replay.apply(action)
    position = [tuple(c.index for c in pile) for pile in replay.piles]
    flush_run()
    return shortened
