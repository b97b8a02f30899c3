"""Drawing shared by both games' tables: the felt, glowing outlines, the status line (the colours: palette.py)."""

from __future__ import annotations

import pygame

from idioten.ui.kit.palette import MESSAGE, TEXT

FELT_CENTRE = (40, 116, 68)
FELT_EDGE = (16, 64, 38)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A soft radial light on green cloth. The gradient is smooth, so it is computed small and scaled up."""
    small = pygame.Surface((48, 27))
    cx, cy = 23.5, 11.0
    for y in range(27):
        for x in range(48):
            d = min(1.0, (((x - cx) / 30) ** 2 + ((y - cy) / 20) ** 2) ** 0.5)
            k = d * d
            small.set_at((x, y), [round(c + (e - c) * k) for c, e in zip(FELT_CENTRE, FELT_EDGE)])
    return pygame.transform.smoothscale(small, size)


def outline(size: tuple[int, int], colour, radius: int, width: int, fill_alpha: int = 0) -> pygame.Surface:
    pad = width * 2
    surface = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    rect = surface.get_rect()
    if fill_alpha:
        pygame.draw.rect(surface, (*colour, fill_alpha), rect.inflate(-pad, -pad), border_radius=radius)
    pygame.draw.rect(surface, (*colour, 90), rect, width=width, border_radius=radius + pad)
    pygame.draw.rect(surface, (*colour, 255), rect.inflate(-pad, -pad), width=width, border_radius=radius)
    return surface


def draw_status_line(surface, texts, bar, size, parts, message) -> None:
    """The status bar of either game: its facts on the left, the latest message on the right, the message
    clipped (never the facts) when the window is too narrow for both."""
    text = texts.render("   ·   ".join(parts), size, TEXT)
    x = bar.x + size
    surface.blit(text, text.get_rect(midleft=(x, bar.centery)))
    if message:
        rendered = texts.render(message, size, MESSAGE)
        room = bar.right - size - (x + text.get_width() + 2 * size)
        rect = rendered.get_rect(midright=(bar.right - size, bar.centery))
        if rendered.get_width() > room:
            rect.left = x + text.get_width() + 2 * size
        surface.blit(rendered, rect, area=pygame.Rect(0, 0, max(0, room), rect.h))
