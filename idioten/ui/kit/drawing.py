"""Drawing shared by both games' tables: glowing outlines, the status line, a message beside a click (the
colours: palette.py; the felt: felt.py)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from idioten.ui.kit.layout import status_line_pitch
from idioten.ui.kit.palette import BAR, BAR_LINE, BOX, EDGE, MESSAGE, TEXT, tint

if TYPE_CHECKING:
    from idioten.ui.kit.fonts import Texts

CALLOUT_WIDTH = 16  # a message beside a click is wrapped to at most this many text sizes' width
WIDE_SEPARATOR, NARROW_SEPARATOR = "   ·   ", " · "  # between the status bar's facts; narrow when short of room


# Kept for the run (the last 64 asked): each table's resize and language, each window and each frame of a hint
# asks for the same few rings again, and nothing draws on a ring once made.
@functools.lru_cache(maxsize=64)
def outline(size: tuple[int, int], colour: tuple[int, int, int], radius: int, width: int,
            fill_alpha: int = 0) -> pygame.Surface:
    """A ring round a card of `size` (with a softer halo outside it): a discardable card, the chosen pile, the
    hint; `fill_alpha` also tints the card under it."""
    pad = width * 2
    surface = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    rect = surface.get_rect()
    if fill_alpha:
        pygame.draw.rect(surface, (*colour, fill_alpha), rect.inflate(-pad, -pad), border_radius=radius)
    pygame.draw.rect(surface, (*colour, 90), rect, width=width, border_radius=radius + pad)
    pygame.draw.rect(surface, (*colour, 255), rect.inflate(-pad, -pad), width=width, border_radius=radius)
    return surface


def draw_status_line(surface: pygame.Surface, texts: Texts, bar: pygame.Rect, size: int, parts: Sequence[str],
                     message: str) -> list[tuple[str, pygame.Rect]]:
    """The status bar of either game: its facts on the left and the latest message on the right when both fit
    on one line; else the facts (never broken inside one) and then the message, wrapped, line by line (a
    narrow window's bar has room for two: kit/layout.py). Should they need more lines than the bar has, it
    grows up over the table for as long as they are shown: nothing is ever clipped. Returns each line drawn
    with its place."""
    facts, inner = WIDE_SEPARATOR.join(parts), bar.w - 2 * size
    facts_w = texts.width(facts, size)
    if facts_w + (2 * size + texts.width(message, size) if message else 0) <= inner:
        rendered = texts.render(facts, size, TEXT)
        drawn = [(facts, rendered, rendered.get_rect(midleft=(bar.x + size, bar.centery)))]
        if message:
            rendered = texts.render(message, size, MESSAGE)
            drawn.append((message, rendered, rendered.get_rect(midright=(bar.right - size, bar.centery))))
    else:
        rows = [facts] if facts_w <= inner else texts.wrap(NARROW_SEPARATOR.join(parts), size, inner)
        coloured = [(row, TEXT) for row in rows] + [(row, MESSAGE) for row in texts.wrap(message or "", size, inner)]
        pitch = status_line_pitch(size)
        lines = max(1, bar.h // pitch)
        if len(coloured) > lines:
            bar = bar.copy()
            bar.top -= (len(coloured) - lines) * pitch
            pygame.draw.rect(surface, tint(BAR), bar)
            pygame.draw.line(surface, tint(BAR_LINE), bar.topleft, bar.topright)
        top = bar.centery - (len(coloured) * pitch) // 2
        drawn = []
        for index, (row, colour) in enumerate(coloured):
            middle = top + index * pitch + pitch // 2
            rendered = texts.render(row, size, colour)
            drawn.append((row, rendered, rendered.get_rect(midleft=(bar.x + size, middle))))
    for _, rendered, rect in drawn:
        surface.blit(rendered, rect)
    return [(text, rect) for text, _, rect in drawn]


def callout_place(box: pygame.Rect, at: tuple[int, int], size: int, room: pygame.Rect,
                  avoid: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where a message's box goes beside the point `at`: above it (the pointer would hide its first words
    below), or below when there is no room above; clear of `avoid` where a place beside the point is."""
    above, below, right, left = (box.copy() for _ in range(4))
    above.midbottom = (at[0], at[1] - size)
    below.midtop = (at[0], at[1] + size)
    right.midleft = (at[0] + size, at[1])
    left.midright = (at[0] - size, at[1])
    places = [above, below] if above.top >= room.top else [below, above]
    places = [place.clamp(room) for place in (*places, right, left)]
    if not avoid:
        return places[0]

    def covered(place: pygame.Rect) -> int:
        return sum(overlap.w * overlap.h for overlap in (place.clip(rect) for rect in avoid))

    return min(places, key=covered)  # the first of the least covered: above, when nothing is covered


def draw_callout(surface: pygame.Surface, texts: Texts, size: int, text: str, at: tuple[int, int],
                 bounds: pygame.Rect, avoid: Sequence[pygame.Rect] = ()) -> list[tuple[str, pygame.Rect]]:
    """`text` in a box beside the point `at` (where the player clicked): just above it, or below it when there
    is no room above, wrapped to a few words a line and kept whole inside `bounds` (the window); clear of
    `avoid` (the hint's arrow) if any place beside the point is: above, below, right or left, else where it
    covers least of it. Returns each line drawn with its place."""
    pad, margin = max(4, size // 2), max(4, size // 4)
    room = bounds.inflate(-2 * margin, -2 * margin)
    lines = texts.wrap(text, size, min(room.w, size * CALLOUT_WIDTH) - 2 * pad)
    pitch = texts.font(size).get_linesize() + max(1, size // 10)
    box = pygame.Rect(0, 0, max(texts.width(line, size) for line in lines) + 2 * pad, len(lines) * pitch + 2 * pad)
    box = callout_place(box, at, size, room, avoid)
    pygame.draw.rect(surface, tint(BOX), box, border_radius=pad)
    pygame.draw.rect(surface, tint(EDGE), box, width=2, border_radius=pad)
    drawn = []
    for index, line in enumerate(lines):
        rendered = texts.render(line, size, MESSAGE)
        rect = rendered.get_rect(midtop=(box.centerx, box.y + pad + index * pitch))
        surface.blit(rendered, rect)
        drawn.append((line, rect))
    return drawn
