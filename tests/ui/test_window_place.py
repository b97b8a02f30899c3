"""Where a remembered window opens: moved as little as needed to be whole on a display there is now, never
thrown away, whatever the layout of the displays (given as input: places and sizes)."""

import pygame
import pytest

from idioten.ui import window
from idioten.ui.window import TITLE_BAR_ROOM, TITLE_BAR_TOP, display_bounds, display_of, first_position, first_size

ONE = [(0, 0, 1280, 800)]
TWO = [(0, 0, 1920, 1080), (1920, 0, 2560, 1440)]  # side by side, the second larger
LEFT = [(0, 0, 1920, 1080), (-1280, 56, 1280, 1024)]  # a second screen left of the primary, a little lower
STACKED = [(0, 0, 1920, 1080), (0, -1080, 1920, 1080)]


def place(position, size, displays, scale=1.0):
    """What open_window does: the size fitted to the display the window belongs on, then the place."""
    fitted = first_size(None, size, scale, display_of(position, size, displays))
    return fitted, first_position(position, fitted, displays, scale)


def whole_on_one(position, size, displays) -> bool:
    x, y = position
    return any(d[0] <= x and x + size[0] <= d[0] + d[2] and d[1] + TITLE_BAR_TOP <= y
               and y + size[1] <= d[1] + d[3] for d in displays)


def test_a_window_remembered_partly_off_a_single_screen_opens_whole_on_it():
    """The issue's case: 1200 px remembered at x=720 on a 1280 px screen had 640 px off it."""
    size, at = place((720, 100), (1200, 700), ONE)
    assert size == (1200, 700) and at == (80, 100) and whole_on_one(at, size, ONE)


@pytest.mark.parametrize("displays, remembered, size, expected", [
    (ONE, (40, 50), (900, 600), (40, 50)),  # whole already: kept to the pixel
    (ONE, (-300, 100), (900, 600), (0, 100)),  # off to the left
    (ONE, (100, -200), (900, 600), (100, TITLE_BAR_TOP)),  # the title bar above the screen
    (ONE, (1000, 700), (900, 600), (380, 200)),  # off the bottom right corner
    (ONE, (5000, 3000), (900, 600), (380, 200)),  # far off: the nearest corner
    (TWO, (2500, 300), (1200, 800), (2500, 300)),  # whole on the second screen
    (TWO, (3500, 300), (1200, 800), (3280, 300)),  # partly off the second's right edge
    (TWO, (1500, 300), (1200, 800), (1920, 300)),  # mostly on the second: moved onto it
    (TWO, (1000, 300), (1200, 800), (720, 280)),  # mostly on the first: moved onto it, and up
    (LEFT, (-1100, 200), (1000, 700), (-1100, 200)),  # negative places on the left screen are kept
    (LEFT, (-1400, 20), (1000, 700), (-1280, 56 + TITLE_BAR_TOP)),
    (LEFT, (-500, 200), (1000, 700), (0, 200)),  # more on the primary than on the left one
    (STACKED, (100, -1000), (900, 600), (100, -1000)),  # whole on the screen above
    (STACKED, (100, -1100), (900, 600), (100, -1080 + TITLE_BAR_TOP)),
])
def test_a_remembered_place_is_clamped_to_the_display_holding_most_of_it(displays, remembered, size, expected):
    fitted, at = place(remembered, size, displays)
    assert fitted == size and at == expected and whole_on_one(at, fitted, displays)


def test_a_screen_removed_since_brings_the_window_onto_the_one_left():
    remembered, size = (2600, 200), (1200, 800)  # on the second of TWO
    assert place(remembered, size, TWO)[1] == remembered
    fitted, at = place(remembered, size, TWO[:1])
    assert fitted == size and at == (1920 - 1200, 200) and whole_on_one(at, fitted, TWO[:1])


def test_a_smaller_screen_shrinks_the_remembered_size_to_fit_under_a_title_bar():
    remembered, size = (1800, 100), (2400, 1400)  # remembered on the large second screen of TWO
    fitted, at = place(remembered, size, [(0, 0, 1366, 768)])
    assert fitted == (1366, 768 - TITLE_BAR_ROOM) and at == (0, TITLE_BAR_ROOM)
    assert whole_on_one(at, fitted, [(0, 0, 1366, 768)])


def test_the_size_fits_the_display_the_window_goes_on_not_the_first():
    fitted, at = place((2000, 100), (2400, 1300), TWO)
    assert fitted == (2400, 1300) and at == (2000, 100)
    fitted, at = place((100, 100), (2400, 1300), TWO)
    assert fitted == (1920, 1080 - TITLE_BAR_ROOM)


@pytest.mark.parametrize("displays", [ONE, TWO, LEFT, STACKED, [(0, 0, 640, 480)]])
@pytest.mark.parametrize("remembered", [(0, 0), (-99999, -99999), (99999, 99999), (-1, 5000), (700, 300)])
@pytest.mark.parametrize("size", [(800, 600), (1200, 800), (5000, 3000)])
def test_any_remembered_window_opens_whole_on_a_display(displays, remembered, size):
    fitted, at = place(remembered, size, displays)
    display = display_of(at, fitted, displays)
    if fitted[0] <= display[2] and fitted[1] <= display[3] - TITLE_BAR_TOP:
        assert whole_on_one(at, fitted, displays)
    else:  # only a screen below the smallest window the game allows (640 x 480): its top left corner
        assert at[0] >= display[0] and at[1] >= display[1]


def test_no_remembered_place_or_no_display_leaves_it_to_the_platform():
    assert first_position(None, (900, 600), ONE) == pygame.WINDOWPOS_UNDEFINED
    assert first_position((40, 50), (900, 600), []) == pygame.WINDOWPOS_UNDEFINED


def test_the_displays_are_taken_side_by_side_from_their_sizes():
    assert display_bounds([(1920, 1080), (1280, 1024)]) == [(0, 0, 1920, 1080), (1920, 0, 1280, 1024)]
    assert display_bounds([]) == []


def test_the_window_opens_where_the_clamp_says(monkeypatch):
    """Through open_window, on SDL's dummy driver: a 1280 px screen, 1200 px remembered at x=720."""
    monkeypatch.setattr(window, "desktop_sizes", lambda: [(1280, 800)])
    pygame.display.init()
    shown = window.open_window("Idioten", None, (1200, 700), (720, 60))
    try:
        assert shown.size == (1200, 700) and shown.position == (80, 60)
    finally:
        shown.destroy()
