"""Poker patience by mouse, in the real loop: while a card is dragged, the cell under it lights only where the rules
(`PokerGame.can_place`) would take it; the grid, and the computer's, grow with the window as the Aces Up table's
cards do, their rows overlapping where the height is short, and still fit at the smallest sizes."""

import pygame
import pytest
from test_ui_poker import cell_centre, poker_app, scene
from test_ui_poker_look import placed_texts
from tiers import each_once
from ui_support import click, drag, post

from idioten.poker.game import PokerGame
from idioten.poker.scoring import ROWS, score_line
from idioten.ui.kit.palette import GLOW
from idioten.ui.poker import texts as poker_texts
from idioten.ui.poker.layout import ROW_SHOWS

pytestmark = pytest.mark.usefixtures("english_window")


def glowing(app, cell: int) -> bool:
    """The drop glow's ring is on screen round `cell` as it shows (where rows overlap, the part of its card
    above the next row): its solid stroke runs just outside the cell's top and left edges, over whatever lies
    there (the row above, the dragged card). Read from the frame on screen: the caller draws a fresh one."""
    rect, surface = scene(app).layout.cells[cell], app.window.get_surface()
    return all(tuple(surface.get_at(point)[:3]) == GLOW for point in ((rect.centerx, rect.y - 1),
                                                                      (rect.x - 1, rect.centery)))


def lit_cells(app) -> list[int]:
    """The cells whose glow a fresh frame shows (one frame drawn, every cell read from it)."""
    app.draw()
    return [cell for cell in range(25) if glowing(app, cell)]


def force_size(app, size) -> None:
    """What a tiling window manager does: a window below the smallest the program asks for."""
    app.window.minimum_size = (1, 1)
    resize(app, size)


def resize(app, size) -> None:
    app.window.size = size
    post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.settle()
    assert app.layout.size == size


@pytest.mark.parametrize("size", [(1200, 680), (720, 520)])
def test_a_dragged_card_lights_the_empty_cell_under_it_and_no_filled_one(size):
    app, _ = poker_app(size=size)
    click(app, cell_centre(app, 0))
    click(app, cell_centre(app, 6))
    assert lit_cells(app) == []
    drag(app, scene(app).layout.drawn.center, cell_centre(app, 12), release=False)
    assert scene(app).drag is not None
    assert scene(app).target == 12 and lit_cells(app) == [12]
    for filled in (6, 0):  # over a card already placed: nothing lights, and a drop there is refused
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(app, filled), rel=(0, 0), buttons=(1, 0, 0)))
        app.step(dt=1 / 60)
        assert scene(app).target is None and lit_cells(app) == []
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(app, 13), rel=(0, 0), buttons=(1, 0, 0)))
    app.step(dt=1 / 60)
    assert lit_cells(app) == [13]
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cell_centre(app, 13), button=1))
    app.settle()
    assert scene(app).game.grid[13] is not None and scene(app).game.placed_count == 3  # it went where it lit
    assert lit_cells(app) == []


def test_the_rules_decide_which_cell_lights(monkeypatch):
    """The window lights a cell only on the rules' word: a cell the rules refuse stays dark though it is empty,
    and the rules are asked about the very card being dragged."""
    app, _ = poker_app()
    game = scene(app).game
    drawn, asked = game.drawn, []
    allowed = PokerGame.can_place

    def can_place(self, cell, card=None):
        asked.append((cell, card))
        return cell != 12 and allowed(self, cell, card)

    monkeypatch.setattr(PokerGame, "can_place", can_place)
    drag(app, scene(app).layout.drawn.center, cell_centre(app, 12), release=False)
    assert game.grid[12] is None
    assert (12, drawn) in asked
    assert scene(app).target is None and lit_cells(app) == []
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(app, 11), rel=(0, 0), buttons=(1, 0, 0)))
    app.step(dt=1 / 60)
    assert (11, drawn) in asked and lit_cells(app) == [11]


def test_an_open_deck_card_dragged_lights_its_cell_too():
    app, _ = poker_app(open_deck=True)
    game, layout = scene(app).game, scene(app).layout
    card = game.choices()[-1]
    rect = layout.deck_rect(card)
    drag(app, (rect.x + layout.deck_step // 2, rect.centery), cell_centre(app, 20), release=False)
    assert scene(app).drag.card == card
    assert lit_cells(app) == [20]


@pytest.mark.parametrize("competitive", [False, True])
def test_the_grid_grows_with_the_window_as_the_aces_up_table_does(competitive):
    app, _ = poker_app(size=(720, 520), competitive=competitive)
    small = scene(app).layout.card_w
    resize(app, (1200, 680))
    layout = scene(app).layout
    assert layout.card_w > small
    assert scene(app).painter.images.size == (layout.card_w, layout.card_h)  # the pictures are made for it
    # About the Aces Up table's card in the same window (it is the most), the computer's grid beside it.
    assert layout.card_w >= (0.75 if competitive else 0.9) * app.layout.card_w
    assert layout.card_w <= app.layout.card_w
    if competitive:
        assert layout.computer_card_size[0] >= 0.7 * layout.card_w
        assert scene(app).painter.computer_images.size == layout.computer_card_size
    # No half of the window left empty: what the table shows spans most of the room between the bars.
    shown = layout.cells + layout.plates + [layout.drawn] + layout.computer_cells
    bounds = shown[0].unionall(shown[1:])
    assert bounds.h >= 0.9 * layout.area.h and bounds.w >= 0.75 * layout.area.w, (bounds, layout.area)


def test_where_the_height_is_short_rows_overlap_and_a_click_lands_on_the_row_it_shows():
    app, _ = poker_app(size=(1200, 680))
    layout, game = scene(app).layout, scene(app).game
    assert layout.overlapping  # five whole rows of cards this size would not fit
    for cell in (0, 5):
        assert layout.cells[cell].h < layout.card_h <= layout.card_rect(cell).h
        assert layout.cells[cell].h >= round(ROW_SHOWS * layout.card_h)  # the corner index and more shows
    assert layout.cells[20].h == layout.card_h  # the last row whole
    click(app, cell_centre(app, 0))
    # Row 2 is empty: the card above shows whole, its lower part where row 2's slot would be (issue 39 item 11:
    # an empty cell was drawn over it).
    app.draw()
    point = cell_centre(app, 5)
    card_rect, face = layout.card_rect(0), scene(app).painter.images.face(game.grid[0])
    assert card_rect.collidepoint(point)
    inside = (point[0] - card_rect.x, point[1] - card_rect.y)
    assert app.window.get_surface().get_at(point)[:3] == face.get_at(inside)[:3]
    assert app.window.get_surface().get_at(point) != scene(app).painter.background.get_at(point)
    click(app, point)
    assert game.grid[5] is not None and game.placed_count == 2


# Each set of options and each size in the fast tier, every pair of them in the slow tier.
@pytest.mark.parametrize("options, size", each_once([{}, {"competitive": True, "diagonals": True}, {"open_deck": True}],
                                                    [(720, 520), (400, 300)]))
def test_still_fits_and_lights_at_the_smallest_sizes(size, options):
    app, _ = poker_app(**options)
    force_size(app, size)
    layout = scene(app).layout
    cards = [layout.card_rect(cell) for cell in range(25)]
    cards += [layout.computer_card_rect(cell) for cell in range(25) if layout.computer_cells]
    for rect in cards + layout.plates + [layout.drawn]:
        assert layout.area.contains(rect), (rect, layout.area)
    buttons = [button.rect for button in scene(app).buttons]
    for i, rect in enumerate(buttons):
        assert app.layout.top_bar.contains(rect)
        assert rect.collidelist(buttons[i + 1:]) == -1, rect  # Menu never over Statistics
    drag(app, scene(app).layout.drawn.center, cell_centre(app, 7), release=False)
    assert lit_cells(app) == [7]


@pytest.mark.parametrize("size", [(400, 300), (720, 520), (1200, 680)])
def test_every_label_text_stays_on_its_plate_and_off_the_others(size):
    """However close the rows come, a row's hand and points are written inside its label's plate (on one line
    where two do not fit), never over the next row's."""
    app, _ = poker_app(competitive=True, diagonals=True)
    force_size(app, size)
    for cell in range(20):  # four full rows: each row's label names its hand
        click(app, cell_centre(app, cell))
    layout = scene(app).layout
    on_felt = [(text, rect) for text, _, rect in placed_texts(app) if layout.area.contains(rect) and rect.w]
    for row in range(4):
        hand = poker_texts.hand_name(score_line(scene(app).game.grid, ROWS[row], scene(app).game.table).hand)
        assert any(hand in text for text, _ in on_felt), hand
    for i, (text, rect) in enumerate(on_felt):
        assert any(plate.contains(rect) for plate in layout.plates), (text, rect)
        for other, other_rect in on_felt[i + 1:]:
            assert not rect.colliderect(other_rect), (text, other)


def test_where_rows_overlap_a_lit_cell_is_marked_as_it_shows_not_with_the_row_below():
    app, _ = poker_app(size=(1200, 680))
    layout = scene(app).layout
    assert layout.overlapping
    drag(app, layout.drawn.center, cell_centre(app, 7), release=False)
    assert lit_cells(app) == [7]
    cell, below = layout.cells[7], layout.cells[12]
    surface = app.window.get_surface()
    left_edge = [tuple(surface.get_at((cell.x - 1, y))[:3]) == GLOW for y in range(cell.y, below.bottom)]
    assert all(left_edge[8:cell.h - 8])  # the stroke runs down the cell as far as it shows (the corners round) ...
    assert not any(left_edge[cell.h + 8:])  # ... and not on beside the row below, where the card lies under it
