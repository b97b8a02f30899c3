"""Generate the card artwork (assets/cards/*.svg) and the application icon (assets/icon.svg, icon.png).

    python tools/make_cards.py

The output is deterministic; tests/test_card_art.py checks that the committed files equal what this
script produces, so run it and commit the result after changing anything under tools/card_art/.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from card_art.backs import BACKS, ICON_SIZE, back, icon, slot
from card_art.courts import court_card
from card_art.faces import ace, corner_indices, number_card
from card_art.joker import joker_face
from card_art.suits import FOUR_COLOURS, STANDARD_COLOURS
from card_art.svg import card_outline, document

from idioten.cards import Card, full_deck

REPO = Path(__file__).resolve().parent.parent
CARDS_DIR = "assets/cards"
FOUR_COLOUR_DIR = f"{CARDS_DIR}/four-colour"
ICON_SVG = "assets/icon.svg"
ICON_PNG = "assets/icon.png"


def face(card: Card, colours: dict[str, str]) -> str:
    colour = colours[card.suit]
    if card.rank == 14:
        middle = ace(card.suit, colour)
    elif card.rank >= 11:
        middle = court_card(card.rank, card.suit, colour)
    else:
        middle = number_card(card.rank, card.suit, colour)
    return document([card_outline(), *middle, *corner_indices(card.rank, card.suit, colour)])


def card_files() -> dict[str, str]:
    """Every generated SVG: path relative to the repository root -> file text."""
    files = {}
    for card in full_deck():
        files[f"{CARDS_DIR}/{card}.svg"] = face(card, STANDARD_COLOURS)
        files[f"{FOUR_COLOUR_DIR}/{card}.svg"] = face(card, FOUR_COLOURS)
    # Poker patience's joker variant; it has no suit, so both decks share one picture.
    files[f"{CARDS_DIR}/JK.svg"] = files[f"{FOUR_COLOUR_DIR}/JK.svg"] = document(joker_face())
    for name in BACKS:
        files[f"{CARDS_DIR}/back-{name}.svg"] = document(back(name))
    files[f"{CARDS_DIR}/slot.svg"] = document(slot())
    files[ICON_SVG] = document(icon(), ICON_SIZE, ICON_SIZE)
    return files


def render_icon_png(svg_path: Path, png_path: Path) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # only needed for this one raster; the SVG text above needs nothing but Python

    image = pygame.image.load_sized_svg(str(svg_path), (ICON_SIZE, ICON_SIZE))
    pygame.image.save(image, str(png_path))


def main() -> None:
    for relative, text in card_files().items():
        path = REPO / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    render_icon_png(REPO / ICON_SVG, REPO / ICON_PNG)
    print(f"wrote {len(card_files())} SVG files and {ICON_PNG}")


if __name__ == "__main__":
    main()
