"""The committed card artwork is exactly what tools/make_cards.py draws, and SDL's loader renders it."""

import re
from pathlib import Path

import pygame
import pytest
from tools_support import load_tool

from idioten.cards import full_deck

REPO = Path(__file__).resolve().parent.parent
CARDS = REPO / "assets" / "cards"
SMALL, LARGE = (71, 100), (250, 350)
DECK_NAMES = [str(card) for card in full_deck()]

make_cards = load_tool("make_cards")
GENERATED = make_cards.card_files()


def _render(path: Path, size: tuple[int, int]) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(path), size)


def _pixels(surface: pygame.Surface):
    width, height = surface.get_size()
    return [surface.get_at((x, y)) for y in range(height) for x in range(width)]


def _has_colour(surface: pygame.Surface, wanted) -> bool:
    return any(pixel.a > 200 and wanted(pixel) for pixel in _pixels(surface))


def _is_red(p):
    return p.r > 150 and p.g < 80 and p.b < 90


def _is_green(p):
    return p.g > 100 and p.r < 60 and p.b < 100


def _is_blue(p):
    return p.b > 140 and p.r < 60 and p.g < 120


def test_the_generator_is_deterministic():
    assert make_cards.card_files() == GENERATED


def test_committed_files_equal_the_generator_output():
    stale = [name for name, text in GENERATED.items()
             if not (REPO / name).exists() or (REPO / name).read_text(encoding="utf-8") != text]
    assert not stale, f"run python tools/make_cards.py and commit: {stale[:5]}"


def test_no_stray_svg_files_in_the_card_folder():
    committed = {path.relative_to(REPO).as_posix() for path in CARDS.rglob("*.svg")}
    assert committed == {name for name in GENERATED if name.startswith("assets/cards/")}


def test_every_card_of_both_decks_and_the_backs_exist():
    expected = ([f"assets/cards/{name}.svg" for name in DECK_NAMES]
                + [f"assets/cards/four-colour/{name}.svg" for name in DECK_NAMES]
                + ["assets/cards/back-blue.svg", "assets/cards/back-red.svg", "assets/cards/slot.svg"])
    assert len(set(expected)) == 107
    for name in expected:
        assert name in GENERATED
        assert (REPO / name).is_file(), name


def test_artwork_uses_only_what_nanosvg_draws():
    unsupported = re.compile(r"<(text|use|clipPath|mask|filter|pattern|image)\b")
    offenders = [name for name, text in GENERATED.items() if unsupported.search(text)]
    assert not offenders


@pytest.mark.parametrize("folder", ["", "four-colour/"])
@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_each_face_renders_as_a_rounded_opaque_card(folder, size):
    width, height = size
    for name in DECK_NAMES:
        image = _render(CARDS / f"{folder}{name}.svg", size)
        assert image.get_size() == size
        # Outside the rounded corners nothing is drawn; the middle of the card is solid.
        for corner in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
            assert image.get_at(corner).a == 0, (folder, name, size, corner)
        assert image.get_at((width // 2, height // 8)).a == 255, (folder, name, size)
        assert image.get_at((width // 8, height // 2)).a == 255, (folder, name, size)


@pytest.mark.parametrize("name", DECK_NAMES)
def test_suit_colours_in_both_decks(name):
    suit, rank = name[-1], name[0]
    standard = _render(CARDS / f"{name}.svg", SMALL)
    four = _render(CARDS / "four-colour" / f"{name}.svg", SMALL)
    if suit in "HD":
        assert _has_colour(standard, _is_red)
    elif rank not in "JQK":  # black courts wear red trim, like real ones
        assert not _has_colour(standard, _is_red)
    wanted = {"C": _is_green, "D": _is_blue, "H": _is_red}.get(suit)
    if wanted:
        assert _has_colour(four, wanted)
    if suit == "D":
        assert not _has_colour(four.subsurface((0, 0, 20, 30)), _is_red)  # the index is blue, not red


@pytest.mark.parametrize("rank", list("24TJQK"))
def test_double_ended_cards_look_the_same_turned_upside_down(rank):
    # Corner indices and the pips or court figure of the lower half are drawn turned half a turn (cards
    # with pips on the centre line, 3 5 6 7 8 9, keep those upright, as real cards do).
    image = _render(CARDS / f"{rank}H.svg", LARGE)
    turned = pygame.transform.rotate(image, 180)
    differing = sum(1 for a, b in zip(_pixels(image), _pixels(turned))
                    if abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) + abs(a.a - b.a) > 120)
    assert differing < 0.01 * LARGE[0] * LARGE[1]


def test_a_card_with_a_centre_pip_is_not_double_ended():
    # Guards the test above: it can tell an asymmetric card apart.
    image = _render(CARDS / "7H.svg", LARGE)
    turned = pygame.transform.rotate(image, 180)
    differing = sum(1 for a, b in zip(_pixels(image), _pixels(turned))
                    if abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) + abs(a.a - b.a) > 120)
    assert differing > 0.01 * LARGE[0] * LARGE[1]


@pytest.mark.parametrize("rank", range(2, 11))
def test_pip_layouts_have_rank_pips_symmetric_left_to_right(rank):
    from card_art.faces import pip_positions  # importable once make_cards has set up its path

    positions = pip_positions(rank)
    assert len(set(positions)) == rank
    mirrored = {(round(250 - x, 6), round(y, 6)) for x, y in positions}
    assert mirrored == {(round(x, 6), round(y, 6)) for x, y in positions}


@pytest.mark.parametrize("name", ["back-blue", "back-red", "slot"])
def test_backs_and_slot_render(name):
    for size in (SMALL, LARGE):
        image = _render(CARDS / f"{name}.svg", size)
        assert image.get_at((0, 0)).a == 0
        centre = image.get_at((size[0] // 2, size[1] // 3))
        assert centre.a > 0
    blue = _render(CARDS / "back-blue.svg", SMALL).get_at((20, 20))
    red = _render(CARDS / "back-red.svg", SMALL).get_at((20, 20))
    assert blue.b > blue.r and red.r > red.b


def test_icon_png_is_the_256_pixel_rendering():
    assert "assets/icon.svg" in GENERATED
    icon = pygame.image.load(str(REPO / "assets" / "icon.png"))
    assert icon.get_size() == (256, 256)
    fresh = _render(REPO / "assets" / "icon.svg", (256, 256))
    assert icon.get_at((128, 128)) == fresh.get_at((128, 128))
    assert icon.get_at((2, 2)).a == 0 and icon.get_at((128, 20)).a == 255


@pytest.mark.parametrize("rank, columns", [(2, (0, 2, 0)), (3, (0, 3, 0)), (4, (2, 0, 2)), (5, (2, 1, 2)),
                                           (6, (3, 0, 3)), (7, (3, 1, 3)), (8, (3, 2, 3)), (9, (4, 1, 4)),
                                           (10, (4, 2, 4))])
def test_pip_layouts_are_the_standard_ones(rank, columns):
    from card_art.faces import LEFT, MIDDLE, RIGHT, pip_positions

    positions = pip_positions(rank)
    assert tuple(sum(1 for x, _ in positions if x == column) for column in (LEFT, MIDDLE, RIGHT)) == columns
    if rank == 7:  # the lone middle pip of a seven sits above the centre line
        assert [y for x, y in positions if x == MIDDLE][0] < 175
