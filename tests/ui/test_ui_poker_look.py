"""How Poker patience's table reads: the contrast of every text against what lies behind it, the computer's
grid large enough to read, and everything inside the window at small and large sizes."""

import pygame
import pytest
from test_ui_poker import cell_centre, fill, gate_computer, poker_app, scene, think
from tiers import each_once
from ui_support import click

from idioten import i18n
from idioten.ui.kit import widgets
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.palette import BAR, BOX, MESSAGE, TEXT, TITLE
from idioten.ui.poker import painter as poker_painter
from idioten.ui.poker import panels as poker_panels
from idioten.ui.poker.layout import PokerLayout

pytestmark = pytest.mark.usefixtures("english_window")

WCAG_AA = 4.5  # the least contrast WCAG 2 asks of body text (success criterion 1.4.3)


def luminance(colour) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_gives_wcags_known_values():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)  # the classic near miss
    assert contrast((40, 116, 68), (40, 116, 68)) == 1.0


@pytest.mark.parametrize("colour", poker_painter.TEXT_COLOURS)
def test_each_text_colour_on_the_felt_reads_against_its_plate(colour):
    assert contrast(colour, poker_painter.behind_text()) >= WCAG_AA


def test_the_plates_are_needed_and_enough():
    """Without the plate the felt's light middle fails a hand label: the plates are what makes them readable."""
    from idioten.ui.kit.felt import FELT_CENTRE

    assert min(contrast(c, FELT_CENTRE) for c in poker_painter.TEXT_COLOURS) < WCAG_AA
    assert min(contrast(c, poker_painter.behind_text()) for c in poker_painter.TEXT_COLOURS) >= WCAG_AA


@pytest.mark.parametrize("colour, ground", [
    (TEXT, BAR), (MESSAGE, BAR),  # the status line
    (widgets.LABEL, widgets.FACE), (widgets.LABEL, widgets.FACE_HOVER), (widgets.LABEL, widgets.FACE_PRESSED),
    (TITLE, BOX), (TEXT, BOX), (poker_painter.GOLD, BOX), (poker_panels.DIM, BOX),  # the poker panels
])
def test_the_bars_buttons_and_panels_read_too(colour, ground):
    assert contrast(colour, ground) >= WCAG_AA


class TextRecorder(pygame.Surface):
    """A frame that remembers where each text was put: (text, colour, rectangle on screen)."""

    def __init__(self, size, rendered):
        super().__init__(size)
        self.rendered = rendered
        self.placed = []

    def blit(self, source, dest, area=None, special_flags=0):
        if id(source) in self.rendered:
            text, colour = self.rendered[id(source)]
            rect = pygame.Rect((dest[0], dest[1]), (area or source.get_rect()).size)
            self.placed.append((text, tuple(colour[:3]), rect.clip(self.get_rect())))
        return super().blit(source, dest, area, special_flags)


def placed_texts(app) -> list:
    """Every text a fresh frame of the table draws, with its colour and place."""
    painter, render = scene(app).painter, app.texts.render
    rendered = {}

    def spy(text, size, colour=(240, 240, 235)):
        surface = render(text, size, colour)
        rendered[id(surface)] = (text, colour)
        return surface

    app.texts.render = spy
    try:
        frame = TextRecorder(app.layout.size, rendered)
        painter.draw(frame)
    finally:
        app.texts.render = render
    return frame.placed


def lightest_behind(painter, rect) -> tuple:
    """The lightest pixel of the table's ground (felt, plates, bars: the background without texts) in rect."""
    pixels = [painter.background.get_at((x, y))[:3]
              for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)]
    return max(pixels, key=luminance)


@pytest.mark.parametrize("size", [(1280, 800), (720, 520), (1920, 1080)])
def test_every_text_the_table_draws_reads_against_the_pixels_behind_it(monkeypatch, size):
    gate = gate_computer(monkeypatch)
    app, _ = poker_app(size=size, competitive=True, diagonals=True)
    fill(app, (0, 1, 5, 6, 12, 18, 24, 20))  # pairs and more: labels in rows, columns and the diagonals
    gate.clear()
    click(app, cell_centre(app, 2), settle=False)  # the computer thinks about this card: its note shows
    app.run_frames(3)
    click(app, cell_centre(app, 0), settle=False)  # a taken cell: the refusal in the status line
    placed = placed_texts(app)
    gate.set()
    think(app)
    painter, layout = scene(app).painter, scene(app).layout
    shown = {text for text, _, _ in placed}
    assert i18n.t("ui.poker.computer_thinking") in shown and i18n.t("rule.cell_taken") in shown
    assert any(i18n.t("ui.poker.hand.one_pair") in t for t in shown)
    on_buttons = 0
    for text, colour, rect in placed:
        button = next((b for b in scene(app).buttons if b.rect.contains(rect)), None)
        if button is not None:
            # A disabled button's grey is exempt (WCAG 1.4.3: inactive parts of the interface).
            if colour == widgets.LABEL:
                assert contrast(colour, widgets.FACE) >= WCAG_AA
                on_buttons += 1
            continue
        ground = lightest_behind(painter, rect)
        assert contrast(colour, ground) >= WCAG_AA, (text, colour, ground, rect)
        if layout.area.contains(rect):  # on the felt: one of the colours held against the plates above
            assert colour in poker_painter.TEXT_COLOURS, (text, colour)
    assert on_buttons >= 5


def legible_rank_height(picture) -> int:
    """How many pixel rows the rank in the card's top-left corner covers (dark or red ink, not the grey edge)."""
    w, h = picture.get_size()
    rows = [y for y in range(2, round(h * 0.19))
            if any(min(picture.get_at((x, y))[:3]) < 100 for x in range(2, round(w * 0.22)))]
    return max(rows) - min(rows) + 1 if rows else 0


# The computer's cards at 1280x800 are at least this wide. The card art's rank in the corner is 44/250 of the
# card's width (tools/card_art/faces.py: INDEX_HEIGHT), so 48 px give a rank about 8.5 px tall, the height of
# the capitals of an 11 to 12 px font, the smallest text commonly set on screens; at the 22 px of the old
# layout the rank was under 4 px.
LEGIBLE_CARD_W = 48


@pytest.mark.parametrize("options", [{}, {"diagonals": True}, {"diagonals": True, "open_deck": True}])
def test_the_computers_cards_are_legible_at_1280x800(options):
    app, _ = poker_app(size=(1280, 800), competitive=True, **options)
    layout, painter = scene(app).layout, scene(app).painter
    width = layout.computer_cells[0].w
    assert width >= LEGIBLE_CARD_W
    assert width >= 0.7 * layout.card_w  # the player's grid gives way before the computer's gets small
    for card in scene(app).game.deck[:8]:
        assert legible_rank_height(painter.computer_images.face(card)) >= 8, card


def test_the_computers_grid_grows_into_the_room_it_is_given():
    sizes, players = {}, {}
    for size in [(720, 520), (1024, 640), (1280, 800), (1920, 1080)]:
        app, _ = poker_app(size=size, competitive=True)
        sizes[size], players[size] = scene(app).layout.computer_cells[0].w, scene(app).layout.card_w
    assert list(sizes.values()) == sorted(sizes.values()) and sizes[(720, 520)] < sizes[(1920, 1080)]
    assert sizes[(720, 520)] < players[(720, 520)]  # where room is short, the player's grid comes first
    for size in sizes:  # and it never takes the computer's below legible
        assert sizes[size] >= 0.7 * players[size]


def everything(layout: PokerLayout, game) -> list[pygame.Rect]:
    rects = layout.cells + layout.texts() + layout.plates + [layout.drawn] + layout.computer_cells
    if layout.open_deck:
        rects += [layout.deck_rect(card) for card in game.choices()]
    return rects


def assert_apart(layout: PokerLayout) -> None:
    """Nothing overlaps: no two cards' places, no two plates, no plate and a cell of the player's grid (the
    side column's plate holds the drawn card, the computer's its grid)."""
    cards = layout.cells + layout.computer_cells + [layout.drawn]
    for i, a in enumerate(cards):
        assert a.collidelist(cards[i + 1:]) == -1, a
    for i, a in enumerate(layout.plates):
        assert a.collidelist(layout.plates[i + 1:]) == -1, (a, layout.plates[i + 1:])
        assert a.collidelist(layout.cells) == -1, a


# Each size and each set of options once in the fast tier, every pair in the two tiers.
@pytest.mark.parametrize("size, options", each_once(
    [(400, 300), (1920, 1080), (720, 520), (1280, 800)],
    [{}, {"competitive": True}, {"competitive": True, "diagonals": True},
     {"competitive": True, "diagonals": True, "open_deck": True}]))
def test_nothing_leaves_the_window_or_overlaps(size, options):
    """The window is never smaller than 720x520 (kit/felt.py MIN_WINDOW); the table's own layout is also
    held to 400x300, laid out for that size directly."""
    app, _ = poker_app(size=(1280, 800), **options)
    painter = scene(app).painter
    painter.resize(Layout(*size), scene(app).buttons)
    layout = painter.layout
    assert layout.area.w == size[0] and layout.area.bottom < size[1]
    for rect in everything(layout, scene(app).game):
        assert layout.area.contains(rect), (rect, layout.area)
    for text in layout.texts():
        assert any(plate.contains(text) for plate in layout.plates), text  # every text on a plate
    assert_apart(layout)
    frame = pygame.Surface(size)
    painter.draw(frame)  # and it draws at that size
