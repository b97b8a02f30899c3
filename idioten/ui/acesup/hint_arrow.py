"""The hint on the table: a ring round the suggested card and an arrow to where it goes (the discard pile,
or the gap it moves into); for a deal, a ring round the stock and an arrow pointing at it. Drawn by the
table's painter over the cards, while the hinted position is still the one on the table."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import pygame

from idioten.acesup.rules import DEAL, Action, Game
from idioten.ui.acesup.table_cards import TableCards
from idioten.ui.kit.drawing import outline
from idioten.ui.kit.layout import Layout

ARROW = (255, 210, 70)
ARROW_EDGE = (40, 26, 0)
Point = tuple[float, float]


class HintedTable(Protocol):
    """What the hint reads of the table it is drawn on: the game, where the piles are, where each card shows."""

    cards: TableCards

    @property
    def game(self) -> Game: ...
    @property
    def layout(self) -> Layout: ...


def curve(start: Point, end: Point, peak: float, steps: int = 24) -> list[Point]:
    """A quadratic curve from start to end whose middle passes at height `peak` (over the cards' top edge,
    so the arrow crosses no card's corner index on its way)."""
    control = ((start[0] + end[0]) / 2, 2 * peak - (start[1] + end[1]) / 2)
    points = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        points.append((a * start[0] + b * control[0] + c * end[0], a * start[1] + b * control[1] + c * end[1]))
    return points


def arrow(surface: pygame.Surface, points: Sequence[Point], width: int) -> None:
    """A thick line along `points` with a head at the last point, dark-edged so it reads on cards and felt."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    angle = math.atan2(y2 - y1, x2 - x1)
    head = width * 3.2
    tip = points[-1]
    base = (tip[0] - head * math.cos(angle), tip[1] - head * math.sin(angle))
    left = (base[0] + head * 0.6 * math.cos(angle + math.pi / 2), base[1] + head * 0.6 * math.sin(angle + math.pi / 2))
    right = (base[0] - head * 0.6 * math.cos(angle + math.pi / 2), base[1] - head * 0.6 * math.sin(angle + math.pi / 2))
    shaft = [p for p in points if math.dist(p, tip) > head * 0.8] + [base]
    head_points = [tip, left, right]
    for colour, extra in ((ARROW_EDGE, 4), (ARROW, 0)):
        pygame.draw.lines(surface, colour, False, shaft, width + extra)
        for point in shaft:  # round joints: a thick polyline leaves notches at its bends
            pygame.draw.circle(surface, colour, point, (width + extra) / 2)
    pygame.draw.polygon(surface, ARROW, head_points)
    pygame.draw.polygon(surface, ARROW_EDGE, head_points, 2)


def draw_hint(surface: pygame.Surface, scene: HintedTable, action: Action) -> list[pygame.Rect]:
    """The ring and the arrow for `action`; the parts of the table they cover (none: nothing drawn)."""
    layout, game = scene.layout, scene.game
    width = max(4, layout.card_w // 16)
    ring = outline((layout.card_w, layout.card_h), ARROW, max(3, layout.card_w // 14), max(3, layout.card_w // 30))
    pad = (ring.get_width() - layout.card_w) // 2
    if action.kind == DEAL:
        stock = layout.stock
        surface.blit(ring, (stock.x - pad, stock.y - pad))
        below = (stock.centerx, stock.bottom + layout.card_h * 0.9)
        arrow(surface, [below, (stock.centerx, stock.bottom + width * 2)], width)
        return covering(ring.get_rect(topleft=(stock.x - pad, stock.y - pad)), [below], width)
    pile = action.pile
    card = game.top(pile) if pile is not None else None  # a discard and a move name their pile
    if pile is None or card is None:
        return []
    sprite = scene.cards.sprites.get(card)
    x, y = sprite.screen_pos() if sprite is not None else layout.card_position(pile, 0, 1)
    surface.blit(ring, (x - pad, y - pad))
    start = (x + layout.card_w / 2, y + layout.card_h * 0.3)
    target = layout.piles[action.target] if action.target is not None else layout.discard  # a move's gap
    end = (target.centerx, target.y + layout.card_h * 0.3)
    points = curve(start, end, arc_peak(layout))
    arrow(surface, points, width)
    return covering(ring.get_rect(topleft=(x - pad, y - pad)), points, width)


def covering(ring: pygame.Rect, points: Sequence[Point], width: int) -> list[pygame.Rect]:
    """The ring's rectangle, and along the arrow a square the breadth of its head round each point (its
    segments are shorter than that, so the squares leave no gap)."""
    reach = width * 3
    return [ring] + [pygame.Rect(round(x) - reach, round(y) - reach, 2 * reach, 2 * reach) for x, y in points]


def arc_peak(layout: Layout) -> float:
    """Just above the row of cards, in the strip where the piles' labels are."""
    return layout.piles[0].top - layout.label_size * 0.45
