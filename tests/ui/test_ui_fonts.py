"""The shipped font: every text of the window in every language has its glyphs, and a card named in a text
is drawn as a small card in the deck's colours (through the real loop)."""

import pygame
import pytest
from ui_support import drag, make_app, position, top_centre

from idioten import i18n, paths
from idioten.cards import SUIT_SYMBOLS, parse_card
from idioten.storage.settings import Settings
from idioten.ui.kit import fonts

NO_GLYPH = "\ue000"  # a private-use code point: no font has it, so it renders as the font's empty box


pytestmark = pytest.mark.usefixtures("english_window")


def missing_glyphs(font: pygame.font.Font, text: str) -> set[str]:
    box = pygame.image.tobytes(font.render(NO_GLYPH, False, (255, 255, 255), (0, 0, 0)), "RGB")
    missing = set()
    for char in {c for c in text if c.isprintable() and not c.isspace()}:
        rendered = font.render(char, False, (255, 255, 255), (0, 0, 0))
        if pygame.image.tobytes(rendered, "RGB") == box:
            missing.add(char)
    return missing


def test_the_shipped_font_and_its_licence_are_in_the_assets():
    font_file = paths.asset(*fonts.FONT_FILE)
    assert font_file.is_file() and font_file.stat().st_size > 100_000
    licence = font_file.with_name("LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Permission is hereby granted" in licence and "Bitstream" in licence


def test_every_text_in_every_language_has_its_glyphs_in_the_shipped_font():
    pygame.font.init()
    font = fonts.load_font(24)
    every_char = "".join(SUIT_SYMBOLS.values()) + "åäöüßÅÄÖÜé×·…→æøÆØçœÇÉÈÊÀÂÎÔÛñÑ¿¡íóúáÍÓÚÁ\u00a0"
    for language in i18n.LANGUAGES:
        catalogue = i18n.catalogue(language)
        texts = [*catalogue.messages.values(), *(form for forms in catalogue.plurals.values() for form in forms)]
        every_char += "".join(texts).replace("{", "").replace("}", "")
    assert missing_glyphs(font, every_char) == set()
    # The check can fail: pygame's built-in font has no suits (the reason the font is shipped).
    assert set(SUIT_SYMBOLS.values()) <= missing_glyphs(pygame.font.Font(None, 24), every_char)


def test_pieces_cut_cards_out_of_a_text():
    assert fonts.pieces("Kasta 10\u2666, Q\u2660.") == [("Kasta ", None), ("10\u2666", "D"), (", ", None),
                                                       ("Q\u2660", "S"), (".", None)]
    assert fonts.pieces("no card here") == [("no card here", None)]


def inks_in_status_bar(app) -> set:
    bar = app.layout.status_bar
    surface = app.window.get_surface()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(bar.x, bar.right) for y in range(bar.y, bar.bottom)}


@pytest.mark.parametrize("four_colour, ink", [(False, (200, 16, 46)), (True, (21, 83, 182))])
def test_a_card_in_the_status_line_is_drawn_as_a_card_in_the_decks_colours(four_colour, ink):
    settings = Settings(four_colour=four_colour).game_changed("idioten", "auto_discard", True)
    app, _ = make_app(position(["2D", "KD QS", "", ""], stock=4), settings=settings)
    drag(app, top_centre(app, 1), app.layout.piles[2].center)  # the KD shows, the 2D goes automatically
    assert parse_card("2D") in app.playing.game_scene("idioten").game.discards
    assert "2\u2666" in app.playing.game_scene("idioten").message
    colours = inks_in_status_bar(app)
    assert fonts.CHIP_PAPER in colours and ink in colours
    other = fonts.CARD_INK[not four_colour]["D"]
    assert other not in colours
