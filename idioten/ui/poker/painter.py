"""Paints the Poker patience table. What changes only with the window size, the language or the game's options
(felt, bars, empty cells) is painted once into a background; a frame adds the cards, the hands and the texts.

Card pictures come from the window's card-image cache class (`CardImages`), one cache per size used here
(grid, open deck, the computer's grid), so the Idioten table's cache keeps its own size.

Every text on the felt lies on a dark plate (the layout's `plates`, painted into the background): the felt's
middle is light enough that light text on it alone falls below a contrast of 4.5:1. `TEXT_COLOURS` lists the
colours texts on the plates use; tests/ui/test_ui_poker_look.py holds each against `behind_text()`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

import pygame

from idioten import i18n
from idioten.cards import Card
from idioten.play.poker.session import PokerSession
from idioten.poker.game import PokerGame
from idioten.poker.hands import HAND_NAMES
from idioten.poker.scoring import GridScore
from idioten.ui.game_clock import status_parts as clock_parts
from idioten.ui.kit.drawing import draw_status_line, outline
from idioten.ui.kit.felt import FELT_CENTRE, FELT_EDGE, MIN_WINDOW, felt_canvas
from idioten.ui.kit.fonts import Texts
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.palette import BAR, BAR_LINE, GLOW, GOLD, LABEL, SELECT, TEXT, tint
from idioten.ui.kit.scene import Host
from idioten.ui.kit.sprites import CardImages, shadow
from idioten.ui.kit.tween import Shake
from idioten.ui.kit.widgets import Button
from idioten.ui.poker import texts
from idioten.ui.poker.input import Flight, Press
from idioten.ui.poker.layout import PokerLayout
from idioten.ui.worker import Worker

DIM = (180, 204, 188)  # an unfinished line's hand, the computer thinking: quieter than TEXT, still readable
PLATE = (*BAR, 130)  # under the texts on the felt
TEXT_COLOURS = (TEXT, DIM, GOLD, LABEL)
# Grid cards narrower than this (a window below the program's smallest) show their rank and suit large instead of
# their picture, whose corner is too small there to be read (kit/sprites.py, index_face).
INDEX_FACES_BELOW = 40
# Design points (8-point type, as kit/panels.py SMALLEST_TEXT): the texts on the felt shrink no further in a window
# below the smallest.
SMALLEST_LABEL = 13
INSET = 6  # pixels between a label's plate edge and its text (the plate's corners are rounded no further in)
Colour = tuple[int, int, int]


def behind_text() -> tuple[int, int, int]:
    """The lightest ground a text on the felt can have: a plate over the felt's lightest colour."""
    lightest = max((FELT_CENTRE, FELT_EDGE), key=sum)
    alpha = PLATE[3] / 255
    red, green, blue = (round(p * alpha + f * (1 - alpha)) for p, f in zip(PLATE[:3], lightest))
    return red, green, blue


SCORES_KEPT = 8  # grids' scores kept by a painter: the player's and the computer's, and a few just before them


@functools.lru_cache(maxsize=16)  # as the rings (kit/drawing.outline): asked again at each resize and language
def lit_cell(size: tuple[int, int], radius: int, line: int) -> pygame.Surface:
    """An empty cell a dragged card may go into: lit, with its edge drawn."""
    fill = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(fill, (*GLOW, 55), fill.get_rect(), border_radius=radius)
    pygame.draw.rect(fill, (*GLOW, 220), fill.get_rect(), width=line, border_radius=radius)
    return fill


class PaintedTable(Protocol):
    """What the painter reads of the table it paints (scene.py's `PokerScene`, which imports this module): the
    game, the computer's, and what the player's pointer, keys and the last placement marked on it."""

    app: Host
    buttons: list[Button]
    message: str
    hint: tuple[int, Card] | None
    cursor: int | None
    target: int | None
    flight: Flight | None
    shake: tuple[int, Shake] | None  # a refused cell wobbles
    fresh_lines: tuple[str, ...]  # the lines the last placement changed
    computer_worker: Worker[tuple[int, Card]]
    view_button: Button  # the compact layout's: the other grid

    @property
    def game(self) -> PokerGame: ...
    @property
    def session(self) -> PokerSession: ...
    @property
    def drag(self) -> Press | None: ...
    @property
    def drag_pos(self) -> tuple[float, float]: ...
    def current_card(self) -> Card | None: ...
    def viewing_computer(self) -> bool: ...


VIEW_LABELS = ("ui.poker.button.show_computer", "ui.poker.button.show_own")


class PokerPainter:
    """Paints its table: the background once per size, language or options, then each frame over it."""

    def __init__(self, scene: PaintedTable) -> None:
        self.scene = scene
        self.images = CardImages(lambda: scene.app.settings, index_below=INDEX_FACES_BELOW)
        self.deck_images = CardImages(lambda: scene.app.settings)  # a fan shows its cards' corners only
        self.computer_images = CardImages(lambda: scene.app.settings, index_below=INDEX_FACES_BELOW)
        self.layout: PokerLayout  # placed by resize, before the first frame
        self.look = (scene.app.settings.four_colour, scene.app.settings.card_back)
        self.background: pygame.Surface  # painted by resize, before the first frame
        # Each grid's score by the grid, its table and lines: every frame shows its lines and total, a card placed
        # changes them (the player's grid and the computer's: a few grids at a time).
        self.scores: dict[tuple[object, ...], GridScore] = {}

    @property
    def texts(self) -> Texts:
        return self.scene.app.texts

    def label_width(self, size: int, diagonals: bool) -> int:
        """A row's label: the hand over its points. A diagonal's: its stroke, then hand and points in one line."""
        widest = max(self.texts.font(size).size(texts.hand_name(name))[0] for name in HAND_NAMES)
        if not diagonals:
            return widest + 2 * INSET
        return size + 6 + widest + self.texts.font(size).size("  250")[0] + 2 * INSET

    def info_width(self, size: int) -> int:
        texts_now = [(i18n.t("ui.poker.cards_left", count=52), size), (i18n.t("ui.poker.to_place", count=25), size),
                     (i18n.t("ui.poker.total", total=888), round(size * 1.5)),
                     (i18n.t("ui.poker.next_card"), size), (i18n.t("ui.poker.choose_card"), size)]
        return max(self.texts.font(s).size(text)[0] for text, s in texts_now)

    def computer_widths(self, size: int) -> tuple[int, int]:
        """The computer's total at its widest, and the words saying it is thinking."""
        return (self.texts.font(size).size(i18n.t("ui.poker.computer_total", total=888))[0],
                self.texts.font(size).size(i18n.t("ui.poker.computer_thinking"))[0])

    def view_width(self, size: int) -> int:
        """The compact layout's button, at its widest label (as `Button.width_for` measures it)."""
        return max(self.texts.font(size).size(i18n.t(key))[0] for key in VIEW_LABELS) + size

    def place(self, base: Layout, size: int) -> PokerLayout:
        """The table laid out for `base` with its labels' text at `size`."""
        game = self.scene.game
        return PokerLayout(base, self.label_width(size, game.diagonals), self.info_width(size), game.diagonals,
                           game.open_deck, self.scene.session.computer is not None, *self.computer_widths(size),
                           view_w=self.view_width(size), label_size=size)

    def placed_for_reading(self, base: Layout) -> PokerLayout:
        """The table at the felt's text size; in a window below the program's smallest (no window manager
        has to keep to it) whose cards would then be too small to read, at the largest smaller text size
        (down to SMALLEST_LABEL) that gives cards INDEX_FACES_BELOW wide, or else the widest cards."""
        layout = self.place(base, base.label_size)
        smallest = (round(MIN_WINDOW[0] * base.text_points), round(MIN_WINDOW[1] * base.text_points))
        if layout.card_w >= INDEX_FACES_BELOW or (base.width >= smallest[0] and base.height >= smallest[1]):
            return layout
        best = layout
        for size in range(base.label_size - 1, round(SMALLEST_LABEL * base.scale) - 1, -1):
            tried = self.place(base, size)
            if tried.card_w >= INDEX_FACES_BELOW:
                return tried
            if tried.card_w > best.card_w:
                best = tried
        return best

    def resize(self, base: Layout, buttons: list[Button]) -> None:
        """Everything made for a window size: the table placed for reading, the card pictures' sizes, the bar's
        buttons, the rings and the background."""
        self.layout = layout = self.placed_for_reading(base)
        caches = (self.images, self.deck_images, self.computer_images)
        self.warmed: dict[int, set[Card]] = {id(images): set() for images in caches}
        self.images.set_size((layout.card_w, layout.card_h))
        if layout.open_deck:
            self.deck_images.set_size(layout.deck_size)
        if layout.computer_cells:
            self.computer_images.set_size(layout.computer_card_size)
        rects, self.button_size = base.bar_buttons(lambda size: [button.width_for(self.texts, size)
                                                                 for button in buttons])
        for button, rect in zip(buttons, rects):
            button.rect = rect
        self.scene.view_button.rect = layout.view_button  # an empty rectangle (no button) unless compact
        radius = max(3, layout.card_w // 14)
        line = max(2, layout.card_w // 45)
        self.radius = radius
        self.cursor_ring = outline((layout.card_w, layout.card_h), SELECT, radius, line)  # round the next card
        # What marks a cell (the hint, the keyboard's cursor, where a dragged card would go) goes round the cell
        # as it shows: where rows overlap, a whole card's ring would also take in the row below it.
        heights = {cell.h for cell in layout.cells}
        self.glow = {h: outline((layout.card_w, h), GLOW, radius, line, fill_alpha=40) for h in heights}
        self.cell_cursor = {h: outline((layout.card_w, h), SELECT, radius, line) for h in heights}
        self.drop_ring = {h: outline((layout.card_w, h), GLOW, radius, line) for h in heights}  # over a card
        self.target_fill = {h: lit_cell((layout.card_w, h), radius, line) for h in heights}
        self.fresh_line = line
        self.shadow = shadow((layout.card_w, layout.card_h), radius)
        if layout.open_deck:
            self.deck_ring = outline(layout.deck_size, SELECT, max(2, radius // 2), max(2, line - 1))
        self.background = self.paint_background(layout)

    def warm_one(self) -> bool:
        """Render one card picture this table may show and has not rendered yet; False when all are ready.
        The scene calls it while nothing moves, so a card's first appearance costs no SVG render mid-glide."""
        layout, game = self.layout, self.scene.game
        caches = [self.images] + ([self.deck_images] if layout.open_deck else []) + \
            ([self.computer_images] if layout.computer_cells else [])
        for images in caches:
            for card in game.deck:
                if card not in self.warmed[id(images)]:
                    self.warmed[id(images)].add(card)
                    images.face(card)
                    return True
        return False

    def paint_background(self, layout: PokerLayout) -> pygame.Surface:
        base = layout.base
        surface = felt_canvas(base.size, self.scene.app.settings.table_colour, getattr(self, "background", None))
        pygame.draw.rect(surface, tint(BAR), base.top_bar)
        pygame.draw.line(surface, tint(BAR_LINE), base.top_bar.bottomleft, base.top_bar.bottomright)
        pygame.draw.rect(surface, tint(BAR), base.status_bar)
        pygame.draw.line(surface, tint(BAR_LINE), base.status_bar.topleft, base.status_bar.topright)
        plates = pygame.Surface(base.size, pygame.SRCALPHA)  # drawn opaque here, so overlapping plates stay even
        for rect in layout.plates:
            pygame.draw.rect(plates, (*tint(BAR), PLATE[3]), rect, border_radius=INSET)
        surface.blit(plates, (0, 0))
        slot = self.images.slot()
        for rect in layout.cells:  # where rows overlap, a row's slot shows only down to the next row
            surface.blit(slot, rect, area=pygame.Rect((0, 0), rect.size))
        surface.blit(slot, layout.drawn)
        caption = i18n.t("ui.poker.choose_card" if layout.open_deck else "ui.poker.next_card")
        label = self.texts.render(caption, layout.label_size, LABEL)
        surface.blit(label, label.get_rect(bottomleft=layout.caption.bottomleft))
        if layout.computer_cells:
            small_slot = self.computer_images.slot()
            for rect in layout.computer_cells:
                surface.blit(small_slot, rect, area=pygame.Rect((0, 0), rect.size))
        return surface

    # -- a frame ---------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        scene, layout = self.scene, self.layout
        game = scene.game
        look = (scene.app.settings.four_colour, scene.app.settings.card_back)
        if look != self.look:  # changed in the settings screen: the pictures were made for the old look
            self.look = look
            for images in (self.images, self.deck_images, self.computer_images):
                images.forget()
                self.warmed[id(images)] = set()
        surface.blit(self.background, (0, 0))
        flying = scene.flight.card if scene.flight else None
        shake_cell, shake = scene.shake if scene.shake else (None, None)

        computer = scene.session.computer
        viewing = scene.viewing_computer() and computer is not None
        if viewing:  # the compact layout: the computer's grid in the player's place, nothing of the player's on it
            assert computer is not None
            self.grid(surface, dict(enumerate(computer.grid)), layout.card_rect, self.images)
        else:
            shown = {cell: None if card == flying else card for cell, card in enumerate(game.grid)}
            self.grid(surface, shown, layout.card_rect, self.images, shake_cell, shake.offset if shake else 0)
            if scene.hint is not None and game.grid[scene.hint[0]] is None:
                self.mark(surface, self.glow, layout.cells[scene.hint[0]])
            if scene.cursor is not None:
                self.mark(surface, self.cell_cursor, layout.cells[scene.cursor])
            if scene.target is not None:  # the input lights only a cell the rules would take the card into
                surface.blit(self.target_fill[layout.cells[scene.target].h], layout.cells[scene.target].topleft)

        self.line_labels(surface, computer if viewing and computer is not None else game, fresh=not viewing)
        self.side(surface)
        if layout.compact:
            self.compact_computer(surface, viewing)

        if scene.flight is not None:
            surface.blit(self.images.face(scene.flight.card), scene.flight.glide.position)
        if scene.drag is not None:
            x, y = round(scene.drag_pos[0]), round(scene.drag_pos[1])
            offset = max(3, layout.card_w // 24)
            surface.blit(self.shadow, (x + offset, y + offset))
            surface.blit(self.images.face(scene.drag.card), (x, y))
            if scene.target is not None:  # the dragged card covers its cell: the glow goes over it
                self.mark(surface, self.drop_ring, layout.cells[scene.target])

        for button in scene.buttons:
            button.draw(surface, self.texts, self.button_size)
        self.status(surface)

    def grid(self, surface: pygame.Surface, grid: dict[int, Card | None], card_rect: Callable[[int], pygame.Rect],
             images: CardImages, shake_cell: int | None = None, shake_offset: float = 0.0) -> None:
        """A grid's cards (`grid`: cell -> card or None), row after row, each row over the lower part of the one
        above where rows overlap; an empty cell leaves the card above it whole (its slot shows below it)."""
        for cell, card in grid.items():
            rect = card_rect(cell)
            if card is not None:
                surface.blit(images.face(card), rect.move(round(shake_offset) if cell == shake_cell else 0, 0))

    def mark(self, surface: pygame.Surface, rings: dict[int, pygame.Surface], cell: pygame.Rect) -> None:
        self.ring(surface, rings[cell.h], cell.topleft)

    def ring(self, surface: pygame.Surface, ring: pygame.Surface, corner: tuple[int, int],
             card_w: int | None = None) -> None:
        pad = (ring.get_width() - (card_w or self.layout.card_w)) // 2
        surface.blit(ring, (corner[0] - pad, corner[1] - pad))

    # -- the hands -----------------------------------------------------------------------------------

    def shown_lines(self, game: PokerGame | None = None) -> list[tuple[str, str, str, bool]]:
        """What each line's label says now (of `game`, by default the player's): (line name, hand, points,
        complete). An unfinished line says something only once it holds a pair or better; a full one always
        does."""
        shown = []
        for score in self.scored(game or self.scene.game).lines:
            visible = score.complete or score.points > 0
            shown.append((score.line.name, texts.hand_name(score.hand) if visible else "",
                          str(score.points) if visible else "", score.complete))
        return shown

    def scored(self, game: PokerGame) -> GridScore:
        """`game.score()`, scored once for each grid shown."""
        key = (tuple(game.grid), game.table, game.diagonals)
        score = self.scores.get(key)
        if score is None:
            if len(self.scores) >= SCORES_KEPT:
                self.scores.clear()
            score = self.scores[key] = game.score()
        return score

    def line_labels(self, surface: pygame.Surface, game: PokerGame, fresh: bool = True) -> None:
        """The hands and points of `game`'s lines (the grid shown), the lines the last card changed edged
        (`fresh`: the player's own grid)."""
        layout, scene = self.layout, self.scene
        size = layout.label_size
        lit = set(scene.fresh_lines) if fresh else set()
        for line_name, name, points, complete in self.shown_lines(game):
            if not name:
                lit.discard(line_name)  # light up only a label that says something
            kind, number = line_name.split()
            index = int(number) - 1
            colour = TEXT if complete else DIM
            points_colour = GOLD if points not in ("", "0") else colour
            if kind == "row":
                rect = layout.row_labels[index]
                self.highlight(surface, rect, line_name in lit)
                if rect.h >= self.texts.font(size).get_height() + round(size * 1.15) + 2:
                    self.two_lines(surface, rect, name, points, size, colour, points_colour, centred=False)
                elif name:  # rows so close that hand and points share a line (a very small window)
                    text = f"{name}  {points}"
                    line = self.texts.render(text, self.fitting(text, size, rect.w - 2 * INSET), points_colour)
                    self.blit_within(surface, line, rect, (rect.x + INSET + line.get_width() // 2,
                                                           rect.centery - line.get_height() // 2))
            elif kind == "column":
                rect = layout.column_labels[index]
                self.highlight(surface, rect, line_name in lit)
                self.column_label(surface, rect, name, points, size, colour, points_colour)
            else:
                rect = layout.diagonal_labels[index]
                self.highlight(surface, rect, line_name in lit)
                self.diagonal_label(surface, rect, index, name, points, size, colour, points_colour)

    def highlight(self, surface: pygame.Surface, rect: pygame.Rect, on: bool) -> None:
        """A line the last card changed: a gold edge round its label (an edge, so the text's ground stays)."""
        if on:
            pygame.draw.rect(surface, GLOW, rect.inflate(-2, -2), width=self.fresh_line, border_radius=6)

    def two_lines(self, surface: pygame.Surface, rect: pygame.Rect, first: str, second: str, size: int,
                  colour: Colour, second_colour: Colour, centred: bool) -> None:
        top = self.texts.render(first, size, colour) if first else None
        bottom = self.texts.render(second, round(size * 1.15), second_colour) if second else None
        height = sum(s.get_height() for s in (top, bottom) if s)
        y = rect.centery - height // 2
        for line in (top, bottom):
            if line is None:
                continue
            where = line.get_rect(midtop=(rect.centerx, y)) if centred else line.get_rect(topleft=(rect.x + INSET, y))
            surface.blit(line, where)
            y += line.get_height()

    def fitting(self, text: str, size: int, width: int) -> int:
        """The largest size from `size` down to 0.85 of SMALLEST_LABEL's at which `text` is no wider than
        `width` (the label's width was measured for the hand's name alone); the least if none is."""
        smallest = min(size, round(SMALLEST_LABEL * 0.85 * self.layout.base.scale))
        return next((s for s in range(size, smallest - 1, -1) if self.texts.width(text, s) <= width), smallest)

    def column_name(self, name: str, size: int, width: int) -> tuple[list[str], int]:
        """A column's hand name in at most two lines no wider than `width`, at the largest size from 0.85 of
        the label's down to SMALLEST_LABEL's that fits (narrow columns: a window below the smallest); no
        lines where none does (the points say the rest, the hand is said aloud)."""
        smallest = min(round(size * 0.85), round(SMALLEST_LABEL * self.layout.base.scale))
        for small in range(round(size * 0.85), smallest - 1, -1):
            lines = self.texts.wrap(name, small, width)
            if len(lines) <= 2 and all(self.texts.width(line, small) <= width for line in lines):
                return lines, small
        return [], smallest

    def column_label(self, surface: pygame.Surface, rect: pygame.Rect, name: str, points: str, size: int,
                     colour: Colour, points_colour: Colour) -> None:
        inset = INSET if rect.w >= 6 * INSET else 2  # a narrow plate: its text nearer its rounded sides
        lines, small = self.column_name(name, size, rect.w - 2 * inset) if name else ([], round(size * 0.85))
        y = rect.y + INSET
        for text in lines:
            self.blit_within(surface, self.texts.render(text, small, colour), rect, (rect.centerx, y))
            y += self.texts.font(small).get_height()
        if points:
            line = self.texts.render(points, round(size * 1.15), points_colour)
            self.blit_within(surface, line, rect, (rect.centerx, max(y, rect.y + INSET + round(1.7 * small))))

    @staticmethod
    def blit_within(surface: pygame.Surface, line: pygame.Surface, rect: pygame.Rect, midtop: tuple[int, int]) -> None:
        """A text centred at `midtop`, cut to `rect` (a word wider than a narrow column stays on its plate)."""
        where = line.get_rect(midtop=midtop)
        shown = where.clip(rect)
        surface.blit(line, shown.topleft, area=shown.move(-where.x, -where.y))

    def diagonal_label(self, surface: pygame.Surface, rect: pygame.Rect, index: int, name: str, points: str,
                       size: int, colour: Colour, points_colour: Colour) -> None:
        # A short stroke along the diagonal's direction says which diagonal the label belongs to.
        mark = min(size, rect.h - 2 * INSET)
        x0, y0 = rect.x + INSET, rect.y + INSET if index == 0 else rect.bottom - INSET
        end = (x0 + mark, y0 + mark) if index == 0 else (x0 + mark, y0 - mark)
        pygame.draw.line(surface, DIM, (x0, y0), end, 2)
        text = f"{name}  {points}" if name else ""
        if text:
            line = self.texts.render(text, size, points_colour if points_colour != colour else colour)
            top = rect.y + INSET if index == 0 else rect.centery - line.get_height() // 2
            surface.blit(line, (x0 + size + 6, top))

    # -- the side column -----------------------------------------------------------------------------

    def side(self, surface: pygame.Surface) -> None:
        scene, layout = self.scene, self.layout
        game = scene.game
        current = scene.current_card()
        dragging = scene.drag.card if scene.drag else None
        flying_home = scene.flight.card if scene.flight and scene.flight.cell is None else None
        if current is not None and current != dragging and current != flying_home:
            surface.blit(self.images.face(current), layout.drawn)
            if scene.hint is not None and scene.hint[1] == current and game.open_deck:
                self.ring(surface, self.cursor_ring, layout.drawn.topleft)

        size = layout.label_size
        y = layout.info.y
        remaining = len(game.remaining())
        left = (i18n.t("ui.poker.to_place", count=25 - game.placed_count) if game.open_deck
                else i18n.t("ui.poker.cards_left", count=max(0, remaining - (0 if game.is_over() else 1))))
        line = self.texts.render(left, size, LABEL)
        surface.blit(line, layout.info.topleft)
        y += line.get_height() + 6
        total = self.texts.render(i18n.t("ui.poker.total", total=self.scored(game).total), round(size * 1.5), GOLD)
        surface.blit(total, (layout.info.x, y))

        if layout.computer_cells:
            self.computer_grid(surface)
        if game.open_deck:
            self.open_deck(surface, current, dragging)

    def computer_grid(self, surface: pygame.Surface) -> None:
        scene, layout = self.scene, self.layout
        computer = scene.session.computer
        if computer is None:
            return
        size = layout.label_size
        title = self.texts.render(i18n.t("ui.poker.computer_total", total=self.scored(computer).total), size,
                                 LABEL)
        surface.blit(title, title.get_rect(bottomleft=layout.computer_title.bottomleft))
        if scene.computer_worker.running:
            note = self.texts.render(i18n.t("ui.poker.computer_thinking"), size, DIM)
            surface.blit(note, layout.computer_note.topleft)
        self.grid(surface, dict(enumerate(computer.grid)), layout.computer_card_rect, self.computer_images)

    def compact_computer(self, surface: pygame.Surface, viewing: bool) -> None:
        """The compact layout's parts: whose grid shows (above it), the computer's total (an ellipsis while it
        thinks) and the button to the other grid."""
        scene, layout = self.scene, self.layout
        computer = scene.session.computer
        size = layout.label_size
        if layout.grid_title.w:  # whose grid shows, above it (the total and button are in the side column)
            title = i18n.t("ui.poker.computer_grid" if viewing else "ui.poker.your_grid")
            line = self.texts.render(title, self.fitting(title, size, layout.grid_title.w), GOLD if viewing else LABEL)
            surface.blit(line, line.get_rect(bottomleft=layout.grid_title.bottomleft))
        if computer is not None:  # above the grid, the computer's total in gold says the grid is the computer's
            total = i18n.t("ui.poker.computer_total", total=self.scored(computer).total)
            if scene.computer_worker.running:
                total += " …"
            colour = GOLD if viewing and not layout.grid_title.w else LABEL
            line = self.texts.render(total, self.fitting(total, size, layout.computer_title.w), colour)
            surface.blit(line, line.get_rect(bottomleft=layout.computer_title.bottomleft))
        if viewing:  # the grid in sight is not the player's: a gold frame round it, as the title's gold
            frame = layout.grid_rect.inflate(2 * INSET, 2 * INSET)
            pygame.draw.rect(surface, GOLD, frame, width=2, border_radius=INSET)
        scene.view_button.text_key = VIEW_LABELS[viewing]
        scene.view_button.draw(surface, self.texts, size)

    def open_deck(self, surface: pygame.Surface, current: Card | None, dragging: Card | None) -> None:
        layout, scene = self.layout, self.scene
        hint_card = scene.hint[1] if scene.hint else None
        flying_home = scene.flight.card if scene.flight and scene.flight.cell is None else None
        for card in sorted(scene.game.choices(), key=layout.deck_order):
            if card in (current, dragging, flying_home):
                continue
            rect = layout.deck_rect(card)
            surface.blit(self.deck_images.face(card), rect)
            if card == hint_card:
                self.ring(surface, self.deck_ring, rect.topleft, layout.deck_size[0])

    # -- the status bar --------------------------------------------------------------------------------

    def status(self, surface: pygame.Surface) -> None:
        scene, base = self.scene, self.layout.base
        game = scene.game
        parts = [i18n.t("ui.poker.name"), scene.app.deal_label(game), texts.table_name(game.table)]
        for on, key in ((game.diagonals, "ui.poker.diagonals"), (game.joker, "ui.poker.joker"),
                        (game.open_deck, "ui.poker.open_deck"),
                        (scene.session.computer is not None, "ui.poker.competitive")):
            if on:
                parts.append(i18n.t(key))
        if scene.app.settings.clock:
            parts += clock_parts(scene.session)
        draw_status_line(surface, self.texts, base.status_bar, base.small_font_size, parts, scene.message)
