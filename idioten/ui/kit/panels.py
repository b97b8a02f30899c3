"""Panels over the table: confirmation, end of game, rules, menu. Each is a scene on the app's stack.

A panel is a list of rows (title, wrapped text, an illustration, a row of buttons) laid out in a box in the
middle of the window; the box grows with its content and the window. Every panel looks and answers alike:
its buttons share one width, one of them has the keyboard focus (a ring; at first the one Enter stood for
before focus existed), Tab / Shift+Tab and the arrow keys move it, Enter activates it and Esc closes."""

from __future__ import annotations

import pygame

from idioten import i18n
from idioten.ui.kit.palette import BOX, EDGE, TEXT, TITLE
from idioten.ui.kit.widgets import Button
from idioten.ui.kit.scene import Scene

CONFIRM_YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y, pygame.K_j)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
FORWARD_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)


def _text(key_or_text: str) -> str:
    try:
        return i18n.t(key_or_text)
    except KeyError:
        return key_or_text


class Panel(Scene):
    overlay = True
    width_share = 0.6
    dim_alpha = 120
    focus_arrows = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)  # a panel may keep some for itself

    def __init__(self, app):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.rows: list[tuple] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.dim: pygame.Surface | None = None
        self.focused: Button | None = None
        self.build()
        self.resize(app.layout)

    def build(self) -> None:
        """Fill self.rows: ("title", key), ("text", key or text), ("art", height_in_cards, painter),
        ("buttons", [Button, ...])."""

    def close(self) -> None:
        self.app.pop(self)

    def resize(self, layout) -> None:
        self.layout = layout
        self.dirty = True
        self.dim = pygame.Surface(layout.size, pygame.SRCALPHA)
        self.dim.fill((0, 0, 0, self.dim_alpha))
        self.place()

    def language_changed(self) -> None:
        self.place()

    def place(self) -> None:
        layout, texts = self.layout, self.app.texts
        size = layout.font_size
        width = int(min(max(layout.width * self.width_share, 360), layout.width - 40))
        inner = width - 2 * size
        same_width = max([b.width_for(texts, size) + size for row in self.rows if row[0] == "buttons"
                          for b in row[1]], default=0)
        self.placed = []
        y = size
        for row in self.rows:
            kind = row[0]
            if kind == "title":
                self.placed.append(("line", _text(row[1]), round(size * 1.4), TITLE, y))
                y += round(size * 1.4) + size // 2
            elif kind == "text":
                for line in texts.wrap(_text(row[1]), size, inner):
                    self.placed.append(("line", line, size, TEXT, y))
                    y += round(size * 1.05)
                y += size // 3
            elif kind == "art":
                height = round(layout.card_h * row[1])
                self.placed.append(("art", row[2], height, None, y))
                y += height + size // 2
            elif kind == "buttons":
                widths = [same_width] * len(row[1])
                if sum(widths) + size * (len(widths) - 1) > inner:  # too many for one width: each its own
                    widths = [b.width_for(texts, size) for b in row[1]]
                height = round(size * 1.8)
                total = sum(widths) + size * (len(widths) - 1)
                x = (width - total) // 2
                for button, w in zip(row[1], widths):
                    button.rect = pygame.Rect(x, y, w, height)
                    x += w + size
                y += height + size // 2
        height = min(y + size // 2, layout.height - 20)
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = self.centre(layout, height)
        for row in self.rows:
            if row[0] == "buttons":
                for button in row[1]:
                    button.rect.move_ip(self.box.topleft)
        self.set_focus(self.focused)

    def centre(self, layout, height: int) -> tuple[int, int]:
        return layout.width // 2, layout.height // 2

    # -- keyboard focus --------------------------------------------------------------------------------

    def default_button(self) -> Button | None:
        """The button that has the focus when the panel opens: the one Enter stands for."""
        return next((b for b in self.buttons if b.enabled()), None)

    def set_focus(self, button: Button | None) -> None:
        if button not in self.buttons or not button.enabled():
            button = self.default_button()
        self.focused = button
        for each in self.buttons:
            each.focused = each is button
        self.dirty = True

    def move_focus(self, step: int) -> None:
        reachable = [b for b in self.buttons if b.enabled()]
        if reachable:
            here = reachable.index(self.focused) if self.focused in reachable else -step
            self.set_focus(reachable[(here + step) % len(reachable)])

    def focus_key(self, event) -> bool:
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

    def handle_event(self, event) -> None:
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
        self.close()

    def key(self, event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.close()

    def draw_frame(self, surface) -> None:
        """The dimmed table and the panel's box, the same for every panel."""
        surface.blit(self.dim, (0, 0))
        pygame.draw.rect(surface, BOX, self.box, border_radius=12)
        pygame.draw.rect(surface, EDGE, self.box, width=2, border_radius=12)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        for kind, what, size, colour, y in self.placed:
            if kind == "line":
                line = self.app.texts.render(what, size, colour)
                surface.blit(line, line.get_rect(midtop=(self.box.centerx, self.box.y + y)))
            else:
                what(surface, pygame.Rect(self.box.x, self.box.y + y, self.box.w, size))
        for button in self.buttons:
            button.draw(surface, self.app.texts, self.layout.font_size)

    def add_buttons(self, *buttons: Button) -> None:
        self.buttons.extend(buttons)
        self.rows.append(("buttons", list(buttons)))


class EndOfGameKeys:
    """What both games' end panels do alike (mixed in before Panel): the panel stays until the player
    chooses; N, F2 or Enter deals anew, R (and a game's other `again_keys`) plays the deal again, Ctrl+Z takes
    back the last move, Esc closes the panel to look at the table. A panel provides `game_scene()` (the table
    it ended on), `again()`, and `other_key(event)` for keys of its own."""

    again_keys = (pygame.K_r,)

    def outside_click(self) -> None:
        pass  # a click beside the panel must not throw the result away

    def new_deal(self) -> None:
        self.close()
        self.game_scene().new_deal()

    def key(self, event) -> None:
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

    def other_key(self, event) -> None:
        pass


class ConfirmPanel(Panel):
    """One key answers: the same key again (or Enter) says yes, any other key says no."""

    def __init__(self, app, question_key: str, letter: str, on_yes):
        self.question_key, self.letter, self.on_yes = question_key, letter, on_yes
        super().__init__(app)

    def build(self) -> None:
        self.rows = [("text", self.question_key), ("text", i18n.t("ui.confirm.keys", letter=self.letter))]
        self.add_buttons(Button("ui.button.yes", self.yes), Button("ui.button.no", self.close))

    def yes(self) -> None:
        self.close()
        self.on_yes()

    def key(self, event) -> None:
        letter_key = pygame.key.key_code(self.letter.lower())
        if event.key in CONFIRM_YES_KEYS or event.key == letter_key:
            self.yes()
        elif event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL):
            self.close()
