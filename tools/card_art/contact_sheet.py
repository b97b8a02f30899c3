"""Render every generated card with SDL's own SVG loader onto one PNG, to look at the artwork.

    python tools/card_art/contact_sheet.py WIDTH OUT.png [four-colour]

Cards are rendered at WIDTH pixels (height in the 5:7 poker ratio) on table green, one suit per row,
then the backs and the empty-pile outline.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

CARDS = Path(__file__).resolve().parents[2] / "assets" / "cards"


def sheet(width: int, folder: Path) -> pygame.Surface:
    height = width * 7 // 5
    gap = max(4, width // 12)
    rows = [[f"{rank}{suit}" for rank in "23456789TJQKA"] for suit in "CDHS"]
    rows.append(["back-blue", "back-red", "slot"])
    surface = pygame.Surface((gap + 13 * (width + gap), gap + len(rows) * (height + gap)))
    surface.fill((30, 107, 58))
    for row_number, names in enumerate(rows):
        for column, name in enumerate(names):
            path = folder / f"{name}.svg"
            if not path.exists():
                path = CARDS / f"{name}.svg"
            image = pygame.image.load_sized_svg(str(path), (width, height))
            surface.blit(image, (gap + column * (width + gap), gap + row_number * (height + gap)))
    return surface


if __name__ == "__main__":
    folder = CARDS / "four-colour" if len(sys.argv) > 3 else CARDS
    pygame.image.save(sheet(int(sys.argv[1]), folder), sys.argv[2])
