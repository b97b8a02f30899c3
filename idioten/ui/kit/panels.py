"""Panels over the table: confirmation, end of game, rules, menu. Each is a scene on the app's stack.

A panel is a list of rows (title, wrapped text, an illustration, a row of buttons) laid out in a box in the
middle of the window; the box grows with its content and the window. Every panel looks and answers alike:
its buttons share one width, one of them has the keyboard focus (a ring; at first the one Enter stood for
before focus existed), Tab / Shift+Tab and the arrow keys move it, Enter activates it and Esc closes."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Literal, Protocol, Union

import pygame

from idioten import i18n
from idioten.speech import words
from idioten.ui.kit.layout import Layout
from idioten.ui.kit.palette import BOX, EDGE, TEXT, TITLE, tint
from idioten.ui.kit.scene import Host, Scene
from idioten.ui.kit.widgets import Button

CONFIRM_YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y, pygame.K_j)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
FORWARD_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
EDGE_ROOM = 10  # pixels kept free at least between a panel and the window's edges (20 at the sides if it fits)
FOCUS_ROOM = 10  # pixels at least between two rows of buttons: the focus ring (4 out, 2 wide) touches no other
SMALLEST_TEXT = 13  # design points: the text of a panel too tall for its window shrinks no further (8-point type)
RING = 8  # the focus ring is drawn this much larger than its button (widgets.Button.draw)
TEXT_STEP = 0.05  # a panel too large at the text size chosen tries it this much smaller at each step, to 100 %
GROW_STEP = 0.1  # a panel that does not fit its window is laid out on a canvas this much larger at each try,
MOST_GROWN = 4.0  # up to this many times the window's size
DIMMINGS_KEPT = 4

Words = Union[str, Callable[[], str]]  # a text key, a text already worded, or the wording of the moment
Painter = Callable[[pygame.Surface, pygame.Rect], None]  # draws an illustration into its place in the box
Colour = tuple[int, int, int]
# A panel's rows, each a kind and what it shows (`Panel.build` says which). "heading" and "art_px" are Poker's:
# its panels turn them into a title and an "art" row when they place them (ui/poker/panels.py).
Row = Union[tuple[Literal["title"], Words], tuple[Literal["text"], Words], tuple[Literal["keys"], Words],
            tuple[Literal["heading"], Words], tuple[Literal["art"], float, Painter],
            tuple[Literal["art_px"], Callable[[], int], Painter], tuple[Literal["buttons"], list[Button]]]
# What `Panel.place` placed: (kind, a line of text or an illustration's painter, text size or height, colour, y)
Placed = tuple[str, Union[str, Painter], int, Union[Colour, None], int]


def _text(words: Words) -> str:
    if callable(words):
        return words()
    try:
        return i18n.t(words)
    except KeyError:
        return words


def wrapped(buttons: list[Button], per_line: int) -> list[list[Button]]:
    """The buttons in as few lines of at most `per_line` as they need, the lines as even as they can be (five
    in lines of three: three and two)."""
    count = len(buttons)
    lines = max(1, -(-count // max(1, per_line)))
    longer, start, result = count % lines, 0, []
    for line in range(lines):
        end = start + count // lines + (line < longer)
        result.append(buttons[start:end])
        start = end
    return result


@functools.lru_cache(maxsize=DIMMINGS_KEPT)
def dimming(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """The shade a panel lays over the window of `size`: black at `alpha`. Made once per size and shade, not at
    each of the many times a panel is laid out (each try of its text sizes, each panel opened); nothing draws
    on it."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    return shade


class Panel(Scene):
    """A box of rows in the middle of the window, over the scene below it (dimmed): what every panel of both
    games is made of. A panel fills `rows` in `build`; placing, focus, keys and drawing are the same for all."""
    overlay = True
    overflow = False  # set by `place`: what it placed did not fit in the box
    height_limit: int | None = None  # the box's greatest height, if a panel wants less than the window's
    width_share = 0.6
    dim_alpha = 120
    # A panel may keep some for itself.
    focus_arrows: tuple[int, ...] = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)

    def __init__(self, app: Host):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.rows: list[Row] = []
        self.placed: list[Placed] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.dim: pygame.Surface | None = None
        self.focused: Button | None = None
        self.text_size = app.layout.font_size  # the text's size in the box (smaller when the window is small)
        self.build()
        self.resize(app.layout)

    def build(self) -> None:
        """Fill self.rows: ("title", key), ("text", key or text), ("keys", key or text: the keys that do what
        the buttons do, left out in a small window), ("art", height_in_cards, painter), ("buttons", [Button, ...])."""

    def close(self) -> None:
        """The panel gone from the window's stack (the scene below it has the events again)."""
        self.app.pop(self)

    def resize(self, layout: Layout) -> None:
        """Lay the panel out for the window. Where it does not fit at the text size the player chose (a larger
        text than 100 % in a window the text grows faster than), its text is made smaller step by step, to
        100 % at the least: the table keeps the size chosen, the panel takes the largest that fits. Where it
        does not fit even with its smallest text (a window below the program's minimum, which no window
        manager has to keep to), lay it out on a canvas made larger step by step, keeping the window's shape,
        until it fits: the window shows that canvas scaled down (the app maps the mouse onto it)."""
        self.canvas_size = None
        self.lay_out(layout)
        text_scale = layout.text_scale
        while self.overflows() and text_scale > 1.0:
            text_scale = max(1.0, round(text_scale - TEXT_STEP, 2))
            self.lay_out(layout.with_text_scale(text_scale))
        at_text = self.layout
        grown = 1.0
        while self.overflows() and grown < MOST_GROWN:
            grown += GROW_STEP
            self.lay_out(at_text.grown(grown))
            self.canvas_size = self.layout.size

    def lay_out(self, layout: Layout) -> None:
        """The panel placed in `layout` (the window's, or a larger canvas), its dimming made to fit it."""
        self.layout = layout
        self.dirty = True
        self.dim = dimming(layout.size, self.dim_alpha)
        self.place()

    def overflows(self) -> bool:
        """The last `place` left something out of the box, or the box or a button (with its focus ring) out of
        the window."""
        window = pygame.Rect((0, 0), self.layout.size)
        return (self.overflow or not window.contains(self.box)
                or any(not self.box.contains(b.rect.inflate(RING, RING)) for b in self.buttons if b.rect.w))

    def language_changed(self) -> None:
        """Its texts worded anew are longer or shorter: the panel is placed again."""
        self.resize(self.app.layout)

    def place(self) -> None:
        """Lay the rows out in the box. Rows too tall for the window first take its whole width, then leave
        out their "keys" lines (the buttons do the same things), then close up the air between the rows and
        shrink the text, down to SMALLEST_TEXT. Buttons that do not fit side by side wrap into rows, all of
        one width."""
        layout = self.layout
        largest = layout.font_size
        smallest = min(largest, round(SMALLEST_TEXT * layout.text_points))
        full = max(1, layout.width - 2 * EDGE_ROOM)
        tries = [(largest, self.natural_width(largest), True, 1.0), (largest, full, True, 1.0)]
        tries += [(size, full, False, air) for size in range(largest, smallest - 1, -1) for air in (1.0, 0.5)]
        tallest = layout.height - 2 * EDGE_ROOM
        if self.height_limit is not None:
            tallest = min(tallest, self.height_limit)
        for size, width, with_keys, air in tries:
            placed, rects, height, sideways = self.arrange(size, width, with_keys, air)
            self.overflow = not (sideways and height <= tallest)
            if not self.overflow:
                break
        self.text_size, self.placed = size, placed
        self.box = pygame.Rect(0, 0, width, min(height, tallest))
        self.box.center = self.centre(layout, self.box.h)
        for button, rect in rects:
            button.rect = rect.move(self.box.topleft)
        self.set_focus(self.focused)

    def button_width(self, size: int) -> int:
        """The one width of all the panel's buttons at text size `size`."""
        return max([b.width_for(self.app.texts, size) + size for buttons in self.button_rows() for b in buttons],
                   default=0)

    def button_rows(self) -> list[list[Button]]:
        """The panel's rows of buttons, top to bottom."""
        return [row[1] for row in self.rows if row[0] == "buttons"]

    def natural_width(self, size: int) -> int:
        """The panel's share of the window, or as much more as its widest row of buttons needs."""
        widest = max([len(buttons) for buttons in self.button_rows()], default=0)
        buttons = widest * self.button_width(size) + (widest + 1) * size
        return int(min(max(self.layout.width * self.width_share, 360, buttons), self.layout.width - 40))

    def arrange(self, size: int, width: int, with_keys: bool,
                air: float) -> tuple[list[Placed], list[tuple[Button, pygame.Rect]], int, bool]:
        """The rows at text size `size` in a box `width` wide, `air` times the usual space between them: what
        to draw (kind, what, size, colour, y), each button's place in the box, the box's height, and whether
        the buttons (and the titles) fit side by side at all."""
        texts = self.app.texts
        inner = width - 2 * size
        same = self.button_width(size)
        spaced = int(size * air)
        half, third = spaced // 2, spaced // 3
        placed: list[Placed] = []
        rects: list[tuple[Button, pygame.Rect]] = []
        y = spaced
        titles_fit = True
        for row in self.rows:
            if row[0] == "title":
                title = _text(row[1])
                placed.append(("line", title, round(size * 1.4), TITLE, y))
                titles_fit = titles_fit and texts.width(title, round(size * 1.4)) <= width - size
                y += round(size * 1.4) + half
            elif row[0] == "text" or (row[0] == "keys" and with_keys):
                for line in texts.wrap(_text(row[1]), size, inner):
                    placed.append(("line", line, size, TEXT, y))
                    y += round(size * 1.05)
                y += third
            elif row[0] == "art":
                height = round(self.layout.card_h * row[1])
                placed.append(("art", row[2], height, None, y))
                y += height + half
            elif row[0] == "buttons":
                height = round(size * 1.8)
                for side_by_side in wrapped(row[1], (inner + size) // (same + size)):
                    x = (width - len(side_by_side) * same - (len(side_by_side) - 1) * size) // 2
                    for button in side_by_side:
                        rects.append((button, pygame.Rect(x, y, min(same, inner), height)))
                        x += same + size
                    y += height + max(half, FOCUS_ROOM)
        return placed, rects, y + half, same <= inner and titles_fit

    def centre(self, layout: Layout, height: int) -> tuple[int, int]:
        """Where the box's middle goes: the window's middle, unless a panel has a better place for itself."""
        return layout.width // 2, layout.height // 2

    # -- keyboard focus --------------------------------------------------------------------------------

    def default_button(self) -> Button | None:
        """The button that has the focus when the panel opens: the one Enter stands for."""
        return next((b for b in self.buttons if b.enabled()), None)

    def set_focus(self, button: Button | None) -> None:
        """The keyboard's ring on `button`, or on the default one if `button` is gone or disabled."""
        if button not in self.buttons or not button.enabled():
            button = self.default_button()
        self.focused = button
        for each in self.buttons:
            each.focused = each is button
        self.dirty = True

    def move_focus(self, step: int) -> None:
        """The ring `step` buttons on among those enabled (round at the ends), the button it lands on said aloud."""
        reachable = [b for b in self.buttons if b.enabled()]
        if reachable:
            here = reachable.index(self.focused) if self.focused in reachable else -step
            self.set_focus(reachable[(here + step) % len(reachable)])
            if self.focused is not None:
                self.app.speech.say(self.focused.label)

    def focus_key(self, event: pygame.event.Event) -> bool:
        """Tab, the arrows and Enter on the focus; True when the key was one of them."""
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
        elif event.key in self.focus_arrows:
            self.move_focus(1 if event.key in FORWARD_KEYS else -1)
        elif event.key in ENTER_KEYS and self.focused is not None and self.focused.enabled():
            self.focused.action()
        else:
            return False
        self.dirty = True
        return True

    # -- input -------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for button in self.buttons:
                if button.handle(event):
                    if button.hover and button.enabled():
                        self.set_focus(button)  # the mouse and the keyboard point at one button, never two
                    self.dirty = True
                    return
            if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                    and not self.box.collidepoint(event.pos)):
                self.outside_click()
        elif event.type == pygame.KEYDOWN and not self.focus_key(event):
            self.key(event)

    def outside_click(self) -> None:
        """A click beside the box: the panel closes, as Escape closes it (an end panel keeps its result instead)."""
        self.close()

    def key(self, event: pygame.event.Event) -> None:
        """A key the focus did not take: Escape closes the panel; a panel adds its own keys."""
        if event.key == pygame.K_ESCAPE:
            self.close()

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The dimmed table and the panel's box, the same for every panel."""
        assert self.dim is not None  # made by resize, before any drawing
        surface.blit(self.dim, (0, 0))
        pygame.draw.rect(surface, tint(BOX), self.box, border_radius=12)
        pygame.draw.rect(surface, tint(EDGE), self.box, width=2, border_radius=12)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        for _, what, size, colour, y in self.placed:
            if isinstance(what, str):
                line = self.app.texts.render(what, size, colour or TEXT)
                surface.blit(line, line.get_rect(midtop=(self.box.centerx, self.box.y + y)))
            else:
                what(surface, pygame.Rect(self.box.x, self.box.y + y, self.box.w, size))
        for button in self.buttons:
            button.draw(surface, self.app.texts, self.text_size)

    def spoken_lines(self) -> list[str]:
        """The panel's title and texts (and the headings a panel words as it places them), as the ear gets them."""
        return [_text(row[1]) for row in self.rows if row[0] == "title" or row[0] == "text" or row[0] == "heading"]

    def spoken(self) -> str:
        """What is said as the panel opens: its title, its texts, and the button the keyboard's ring is on."""
        return words.lines([*self.spoken_lines(), *([self.focused.label] if self.focused is not None else [])])

    def add_buttons(self, *buttons: Button) -> None:
        """`buttons` as the next row, side by side, and among those the keyboard's ring goes through."""
        self.buttons.extend(buttons)
        self.rows.append(("buttons", list(buttons)))


class EndedTable(Protocol):
    """The table an end panel stands over, as the panel's keys drive it."""

    def new_deal(self) -> None: ...
    def undo(self) -> None: ...


class EndPanelSelf(Protocol):
    """What `EndOfGameKeys` asks of the panel it is mixed into."""

    @property
    def again_keys(self) -> tuple[int, ...]: ...

    def close(self) -> None: ...
    def game_scene(self) -> EndedTable: ...
    def again(self) -> None: ...
    def new_deal(self) -> None: ...
    def other_key(self, event: pygame.event.Event) -> None: ...


class EndOfGameKeys:
    """What both games' end panels do alike (mixed in before Panel): the panel stays until the player
    chooses; N, F2 or Enter deals anew, R (and a game's other `again_keys`) plays the deal again, Ctrl+Z takes
    back the last move, Esc closes the panel to look at the table. A panel provides `game_scene()` (the table
    it ended on), `again()`, and `other_key(event)` for keys of its own."""

    again_keys: tuple[int, ...] = (pygame.K_r,)

    def outside_click(self) -> None:
        """A click beside an end panel does nothing: the result stays until the player chooses what comes next."""
        pass  # a click beside the panel must not throw the result away

    def new_deal(self: EndPanelSelf) -> None:
        """N, F2, Enter or the button: the panel gone and a new deal on its table."""
        self.close()
        self.game_scene().new_deal()

    def key(self: EndPanelSelf, event: pygame.event.Event) -> None:
        """The keys every end panel answers alike (the class's docstring); the rest to `other_key`."""
        if event.key in (pygame.K_n, pygame.K_F2, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.new_deal()
        elif event.key in self.again_keys:
            self.again()
        elif event.key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.close()
            self.game_scene().undo()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        else:
            self.other_key(event)

    def other_key(self, event: pygame.event.Event) -> None:
        """A key of the panel's own (Poker's S for its statistics); none by default."""
        pass


class ConfirmPanel(Panel):
    """One key answers: the same key again (or Enter) says yes, any other key says no."""

    def __init__(self, app: Host, question_key: str, letter: str, on_yes: Callable[[], None]):
        self.question_key, self.letter, self.on_yes = question_key, letter, on_yes
        super().__init__(app)

    def build(self) -> None:
        self.rows = [("text", self.question_key), ("text", i18n.t("ui.confirm.keys", letter=self.letter))]
        self.add_buttons(Button("ui.button.yes", self.yes), Button("ui.button.no", self.close))

    def yes(self) -> None:
        """The question answered yes: the panel closes, then what was asked is done."""
        self.close()
        self.on_yes()

    def key(self, event: pygame.event.Event) -> None:
        """The asking key again, Enter, Y or J say yes; any other key but a modifier says no."""
        letter_key = pygame.key.key_code(self.letter.lower())
        if event.key in CONFIRM_YES_KEYS or event.key == letter_key:
            self.yes()
        elif event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL):
            self.close()


class OfferPanel(Panel):
    """Something offered once, answered with one key: Enter (or the first button) takes it, Esc (or the
    second button, or a click beside the panel) lets it go. Either way the panel closes first."""

    def __init__(self, app: Host, title_key: str, text_key: str, take_key: str, skip_key: str,
                 on_take: Callable[[], None], on_skip: Callable[[], None] = lambda: None):
        self.title_key, self.text_key, self.take_key, self.skip_key = title_key, text_key, take_key, skip_key
        self.on_take, self.on_skip = on_take, on_skip
        super().__init__(app)

    def build(self) -> None:
        self.rows = [("title", self.title_key), ("text", self.text_key)]
        self.add_buttons(Button(self.take_key, self.take), Button(self.skip_key, self.skip))

    def take(self) -> None:
        """The offer taken: the panel closes, then what was offered starts."""
        self.close()
        self.on_take()

    def skip(self) -> None:
        """The offer let go: the panel closes, and what letting it go means is done."""
        self.close()
        self.on_skip()

    def outside_click(self) -> None:
        """A click beside the panel lets the offer go, as Escape does."""
        self.skip()

    def key(self, event: pygame.event.Event) -> None:
        """Escape lets the offer go (Enter, on the focused button, takes it)."""
        if event.key == pygame.K_ESCAPE:
            self.skip()
