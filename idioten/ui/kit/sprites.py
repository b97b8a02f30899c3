"""Card pictures rendered from SVG at the size the layout asks for, and card sprites (texts: fonts.py).

Every picture is rendered from its SVG at the exact card size (`pygame.image.load_sized_svg`), so cards are
crisp at every window size; a size change drops the pictures of the old size instead of scaling them.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from pathlib import Path
from typing import Callable

import pygame

from idioten import paths
from idioten.cards import Card, full_deck
from idioten.storage.settings import Settings
from idioten.ui.kit.tween import Glide, Shake

INK = (24, 24, 28)
RED_INK = (196, 28, 36)
CARD_BACKS = ("blue", "red")  # the backs there are pictures of; any other name shows the first
# An index face's rank and suit fill at most this share of the card's width, and this share of its height (the
# top part, which shows where rows of cards overlap).
INDEX_WIDTH, INDEX_HEIGHT = 0.88, 0.4
PICTURE_RANK_SHARE = 44 / 350  # the rank's height in a card's picture, of the card's (tools/card_art/faces.py)


class CardImages:
    """Faces, backs and the empty slot at one card size; a new size renders afresh."""

    def __init__(self, settings: Callable[[], Settings], index_below: int = 0):
        self.settings = settings  # the settings now: a change of deck colours or back replaces the object
        # Cards narrower than this many pixels get an index face (`index_face`) instead of their picture, whose
        # corner index is then too small to read.
        self.index_below = index_below
        self.size = (0, 0)
        self._cache: dict[str, pygame.Surface] = {}
        self._warmed: set[Card | str] = set()  # the cards, and "back"
        self._previous: dict[str, pygame.Surface] = {}  # the last size's pictures, while a resize goes on
        self._interim: set[str] = set()  # pictures scaled from those, to be rendered crisp by sharpen()
        self._fallback_font: pygame.font.Font | None = None
        self._index_fonts: dict[int, pygame.font.Font] = {}

    def set_size(self, size: tuple[int, int], interim: bool = False) -> None:
        """A new card size. With `interim` (the window is being resized by hand) the pictures of the old
        size stand in, scaled, until `sharpen()`: rendering every SVG afresh for each step of a drag on the
        window's edge would make the resize stutter. Nothing stays scaled once the size holds still."""
        if size != self.size:
            crisp = {name: image for name, image in self._cache.items() if name not in self._interim}
            previous = {**self._previous, **crisp} if interim else {}
            self.size = size
            self.forget()
            self._previous = previous

    def sharpen(self) -> bool:
        """Drop the stand-ins so the next frame renders those pictures from SVG; True if there were any."""
        self._previous = {}
        if not self._interim:
            return False
        for relative in self._interim:
            self._cache.pop(relative, None)
        self._interim.clear()
        return True

    def face(self, card: Card) -> pygame.Surface:
        """`card`'s face at this size, in the deck's colours the settings ask for (a plain stand-in if its file is
        missing or damaged: the game never stops for a picture; below `index_below` pixels wide, its rank and suit
        large instead of the picture)."""
        four = self.settings().four_colour
        if self.shows_index_faces() and card.rank:  # the joker's picture reads at any size: its dark jester
            key = f"index/{int(four)}/{card}"
            image = self._cache.get(key)
            if image is None:
                image = self._cache[key] = index_face(card, self.size, four, self._index_font)
            return image
        folder = ("cards", "four-colour") if four else ("cards",)
        return self._get("/".join(folder) + f"/{card}.svg", lambda: self._fallback_face(card))

    def shows_index_faces(self) -> bool:
        return self.size[0] < self.index_below

    def rank_height(self) -> int:
        """How tall a face's rank is drawn, in pixels: what decides whether it can be read."""
        if not self.shows_index_faces():
            return round(self.size[1] * PICTURE_RANK_SHARE)
        drawn = self._index_font(index_font_size(self.size, self._index_font)).render("10", True, INK)
        return max((rect.h for rect in pygame.mask.from_surface(drawn).get_bounding_rects()), default=0)

    def _index_font(self, size: int) -> pygame.font.Font:
        from idioten.ui.kit.fonts import load_font

        font = self._index_fonts.get(size)
        if font is None:
            font = self._index_fonts[size] = load_font(size)
        return font

    def back(self) -> pygame.Surface:
        """The back of a card, the one the settings chose."""
        return self._get(f"cards/back-{self.back_name()}.svg", self._fallback_back)

    def back_name(self) -> str:
        """The back the settings chose, or the first if the settings name one there is no picture of."""
        back = self.settings().card_back
        return back if back in CARD_BACKS else CARD_BACKS[0]

    def slot(self) -> pygame.Surface:
        """An empty place for a card (an empty pile, the discards before the first card)."""
        return self._get("cards/slot.svg", self._fallback_slot)

    def warm_one(self) -> bool:
        """Render one picture not yet in the cache; False once every card is ready. The loop calls this
        while idle, so a card dealt for the first time does not cost an SVG render in the middle of its
        flight."""
        if len(self._cache) >= 54 or self._previous:
            return False  # all ready, or a resize is still going on
        if "back" not in self._warmed:
            self._warmed.add("back")
            self.back()
            self.slot()
            return True
        for card in full_deck():
            if card not in self._warmed:
                self._warmed.add(card)
                self.face(card)
                return True
        return False

    def forget(self) -> None:
        """After a settings change (deck colours, back)."""
        self._cache.clear()
        self._warmed = set()
        self._previous = {}
        self._interim = set()

    def _get(self, relative: str, fallback: Callable[[], pygame.Surface]) -> pygame.Surface:
        image = self._cache.get(relative)
        if image is None:
            old = self._previous.get(relative)
            if old is not None:
                image = pygame.transform.smoothscale(old, self.size)
                self._interim.add(relative)
            else:
                image = self._render(relative) or fallback()
            self._cache[relative] = image
        return image

    def _render(self, relative: str) -> pygame.Surface | None:
        return RENDERED.get(relative, self.size)

    # Plain stand-ins so the game stays playable if an asset file is missing (never a crash).
    def _plain(self, fill: tuple[int, int, int], border: tuple[int, int, int]) -> pygame.Surface:
        surface = pygame.Surface(self.size, pygame.SRCALPHA)
        radius = max(3, self.size[0] // 14)
        pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
        pygame.draw.rect(surface, border, surface.get_rect(), width=max(1, self.size[0] // 80),
                         border_radius=radius)
        return surface

    def _fallback_face(self, card: Card) -> pygame.Surface:
        surface = self._plain((252, 252, 248), (90, 90, 90))
        if self._fallback_font is None or self._fallback_font.get_height() != max(8, self.size[0] // 4):
            self._fallback_font = pygame.font.Font(None, max(8, self.size[0] // 4))
        label = self._fallback_font.render(card.pretty()[:-1] + card.suit, True,
                                           RED_INK if card.is_red else INK)
        surface.blit(label, (self.size[0] // 10, self.size[0] // 12))
        return surface

    def _fallback_back(self) -> pygame.Surface:
        colour = (40, 70, 160) if self.back_name() == "blue" else (160, 40, 48)
        return self._plain(colour, (245, 245, 245))

    def _fallback_slot(self) -> pygame.Surface:
        surface = pygame.Surface(self.size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (255, 255, 255, 60), surface.get_rect(), width=max(2, self.size[0] // 50),
                         border_radius=max(3, self.size[0] // 14))
        return surface


FontOfSize = Callable[[int], pygame.font.Font]


def index_font_size(size: tuple[int, int], font: FontOfSize) -> int:
    """The largest text size (fonts.py's sizes) at which "10♥", the widest index, fits an index face."""
    width, height = size
    low, high = 6, max(6, height)
    while low < high:  # the widest rank's width and the line's height only grow with the size
        middle = (low + high + 1) // 2
        wide, tall = font(middle).size("10\u2665")[0], font(middle).get_ascent()
        if wide <= width * INDEX_WIDTH and tall <= height * INDEX_HEIGHT:
            low = middle
        else:
            high = middle - 1
    return low


def index_face(card: Card, size: tuple[int, int], four_colour: bool, font: FontOfSize) -> pygame.Surface:
    """A card too small for its picture's corner to be read: white, its rank and suit as large as the card's
    width allows along its top (what shows where rows overlap), the suit again in the middle below; in the
    deck's inks (fonts.CARD_INK: the four-colour deck's too)."""
    from idioten.ui.kit.fonts import CARD_INK, RANK_INK

    width, height = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, width // 10)
    pygame.draw.rect(surface, (252, 252, 248), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, (90, 90, 90), surface.get_rect(), width=1, border_radius=radius)
    index = font(index_font_size(size, font))
    symbol = card.pretty()[-1]
    ink = CARD_INK[four_colour].get(card.suit, RANK_INK)
    rank = index.render(card.pretty()[:-1], True, ink)
    suit = index.render(symbol, True, ink)
    top = max(1, round(height * 0.03)) - (index.get_height() - index.get_ascent()) // 3
    x = (width - rank.get_width() - suit.get_width()) // 2
    surface.blit(rank, (x, top))
    surface.blit(suit, (x + rank.get_width(), top))
    big = font(index_font_size((width * 2, height * 2), font)).render(symbol, True, ink)
    surface.blit(big, big.get_rect(center=(width // 2, round(height * 0.68))))
    return for_screen(surface, alpha=True)


class RenderedPictures:
    """Every picture rendered in this run, by file and size, up to a memory budget (the least recently used go
    first). The window holds several sets of cards that often share a size (the table's, Poker's deck and the
    computer's grid, the settings' and the rules' samples), and a player flips between sizes (maximised and
    back) and deck colours: each picture is rendered from its SVG once, not once per set and flip. Nothing
    draws on a picture once rendered, so sharing it is safe."""

    def __init__(self, budget_bytes: int):
        self.budget_bytes = budget_bytes
        self._pictures: OrderedDict[tuple[Path, tuple[int, int], bool], pygame.Surface | None] = OrderedDict()
        self._bytes = 0

    def get(self, relative: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture of asset `relative` at `size`, rendered now unless it was already (None: no such file, or it
        could not be read)."""
        # By the file found, not its name: other asset folders hold other files, and a four-colour name may find
        # the standard deck's file.
        path = paths.kept_asset(*relative.split("/"))
        # A picture made before the display started could not take the window's pixel format (for_screen):
        # kept apart from those made after.
        key = (path, size, pygame.display.get_init())
        if key in self._pictures:
            self._pictures.move_to_end(key)
            return self._pictures[key]
        picture = _render_svg(path, size)
        self._pictures[key] = picture
        self._bytes += _bytes_of(picture)
        while self._bytes > self.budget_bytes and len(self._pictures) > 1:
            _, dropped = self._pictures.popitem(last=False)
            self._bytes -= _bytes_of(dropped)
        return picture


def _bytes_of(picture: pygame.Surface | None) -> int:
    return 0 if picture is None else picture.get_width() * picture.get_height() * 4


def _render_svg(path: Path, size: tuple[int, int]) -> pygame.Surface | None:
    if not path.is_file():
        return None
    try:
        image = pygame.image.load_sized_svg(str(path), size)
    except (pygame.error, OSError, ValueError):
        return None
    if image.get_size() != size:  # an SVG of another aspect: never stretch, centre it instead
        canvas = pygame.Surface(size, pygame.SRCALPHA)
        canvas.blit(image, image.get_rect(center=canvas.get_rect().center))
        image = canvas
    return for_screen(image, alpha=True)


# Four full decks at a large card size (180×252 pixels) fit.
RENDERED = RenderedPictures(budget_bytes=4 * 56 * 180 * 252 * 4)


class CardSprite:
    """One card's place on screen. `pos` is the top-left corner; a glide or shake may be running."""

    __slots__ = ("card", "pos", "glide", "shake")

    def __init__(self, card: Card, pos: tuple[float, float]):
        self.card = card
        self.pos = pos
        self.glide: Glide | None = None
        self.shake: Shake | None = None

    @property
    def moving(self) -> bool:
        """A glide is under way, its delay included."""
        return self.glide is not None

    @property
    def in_flight(self) -> bool:
        """Visibly on its way (a glide still waiting for its turn shows the card where it was)."""
        return self.glide is not None and self.glide.started

    def advance(self, dt: float) -> None:
        """Its glide and shake `dt` seconds on, each dropped once over."""
        if self.glide is not None:
            self.glide.advance(dt)
            self.pos = self.glide.position
            if self.glide.done:
                self.glide = None
        if self.shake is not None:
            self.shake.advance(dt)
            if self.shake.done:
                self.shake = None

    def finish(self) -> None:
        """At its glide's end and still, at once."""
        if self.glide is not None:
            self.glide.finish()
            self.pos = self.glide.end
            self.glide = None
        self.shake = None

    def screen_pos(self) -> tuple[int, int]:
        """Where to draw it: its place, with the shake's offset, in whole pixels."""
        dx = self.shake.offset if self.shake else 0.0
        return round(self.pos[0] + dx), round(self.pos[1])


def for_screen(surface: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """The surface in the window's pixel format, which blits several times faster; as is without a window."""
    try:
        return surface.convert_alpha() if alpha else surface.convert()
    except pygame.error:
        return surface


@functools.lru_cache(maxsize=16)  # as the rings (drawing.outline): asked again by every table at each size
def shadow(size: tuple[int, int], radius: int, alpha: int = 70) -> pygame.Surface:
    """A card's shadow: a dark rounded rectangle, drawn offset under a card in the air."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, (0, 0, 0, alpha), surface.get_rect(), border_radius=radius)
    return surface
