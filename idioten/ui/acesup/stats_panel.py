"""The statistics screen (S, or the menu): per variant the numbers the store keeps and a bar chart of the
scores. Every number is read from the store's statistics when drawn, so it can never disagree with them.

H (or the History button) turns to the history of games (kit/history_list.py): from a row, Enter plays that
deal again and C copies its moves as `idioten analyse` reads them (the table plays such a text back with
Ctrl+V). A game left with a new deal that Ctrl+Z can still bring back is shown at once, as left and not yet
counted (a line under the numbers, the first rows of the history), and counted only when it is out of reach,
so a count once made stands."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from idioten import i18n
from idioten.acesup.rules import VARIANTS, WIN_SCORE, Game
from idioten.cards import deal_cards
from idioten.play.acesup.replay import line_text
from idioten.play.acesup.session import AcesUpSession
from idioten.speech import words
from idioten.storage.history import Played, row_of
from idioten.storage.stats import IDIOTEN, VariantStats
from idioten.ui.game_clock import clock_text
from idioten.ui.kit.clipboard import put_text
from idioten.ui.kit.history_list import HistoryList
from idioten.ui.kit.palette import CAPTION, CHART_BAR, EDGE, GLOW, GOLD, TEXT, TITLE, tint
from idioten.ui.kit.panels import ConfirmPanel, Panel
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button
from idioten.ui.persist import persistence

if TYPE_CHECKING:
    from idioten.ui.acesup.table import TableScene

GRID = (50, 90, 66)
RESET_KEYS = (pygame.K_DELETE, pygame.K_BACKSPACE)


def decimal(value: float, places: int = 1) -> str:
    text = f"{value:.{places}f}"
    return text if i18n.language() == "en" else text.replace(".", ",")


def figures(stats: VariantStats) -> list[tuple[str, str]]:
    """(label key, shown value) for every number of one variant, in reading order."""
    dash = "–"
    average = stats.average_score
    return [
        ("ui.stats.played", str(stats.played)),
        ("ui.stats.won", str(stats.won)),
        ("ui.stats.win_rate", decimal(stats.win_rate * 100) + " %" if stats.played else dash),
        ("ui.stats.won_without_undo", str(stats.won_without_undo)),
        ("ui.stats.current_streak", str(stats.current_streak)),
        ("ui.stats.best_streak", str(stats.best_streak)),
        ("ui.stats.best_score", dash if stats.best_score is None else str(stats.best_score)),
        ("ui.stats.average_score", dash if average is None else decimal(average)),
        ("ui.stats.total_points", str(stats.total_points)),
        ("ui.stats.best_time", clock_text(stats.best_time) if stats.best_time is not None else dash),
        ("ui.stats.fewest_moves", dash if stats.fewest_moves is None else str(stats.fewest_moves)),
    ]


class ResetConfirm(ConfirmPanel):
    """The shared confirmation, answered with Delete (the key that asked) instead of a letter."""

    def __init__(self, app: Host, on_yes: Callable[[], None]):
        super().__init__(app, "ui.stats.confirm_reset", "Delete", on_yes)

    def build(self) -> None:
        self.rows = [("text", self.question_key), ("text", "ui.stats.confirm_keys")]
        self.add_buttons(Button("ui.button.yes", self.yes), Button("ui.button.no", self.close))

    def key(self, event: pygame.event.Event) -> None:
        if event.key in RESET_KEYS:
            self.yes()
        else:
            super().key(event)


class StatsPanel(Panel):
    width_share = 0.72
    focus_arrows = (pygame.K_UP, pygame.K_DOWN)  # Left and Right turn to the other variant

    def __init__(self, app: Host, table: TableScene, variant: str | None = None) -> None:
        self.table = table  # where "statistics reset" is said
        self.variant = variant or table.game.variant
        self.history = HistoryList(lambda v: i18n.t(f"ui.variant.{v}"))
        self.showing_history = False
        super().__init__(app)

    @property
    def stats(self) -> VariantStats:
        return persistence(self.app).stats.variants[self.variant]

    def build(self) -> None:
        self.tabs = {v: Button(f"ui.variant.{v}", partial(self.show_variant, v)) for v in VARIANTS}
        self.reset_button = Button("ui.stats.reset", self.ask_reset)
        self.close_button = Button("ui.button.close", self.close)
        self.history_button = Button("ui.stats.history", self.turn_to_history)
        self.numbers_button = Button("ui.stats.numbers", self.turn_to_numbers)
        self.again_button = Button("ui.history.play_again", self.play_again, self.can_play_again)
        self.copy_button = Button("ui.history.copy", self.copy_moves, self.can_copy)
        self.numbers_buttons = [*self.tabs.values(), self.history_button, self.reset_button, self.close_button]
        self.history_buttons = [self.numbers_button, self.again_button, self.copy_button, self.close_button]
        self.buttons = self.history_buttons if self.showing_history else self.numbers_buttons

    def default_button(self) -> Button:
        if self.showing_history and self.can_play_again():
            return self.again_button  # Enter plays the chosen game again
        return self.close_button

    def pending(self) -> list[Played]:
        """The games left that Ctrl+Z can still bring back, as rows: not counted yet."""
        session = self.table.session
        if not isinstance(session, AcesUpSession):  # the guide's keeps no game
            return []
        return [row_of(kept, left=True) for kept in session.pending_left()]

    def turn_to_history(self) -> None:
        self.showing_history = True
        self.history.chosen = self.history.first = 0
        self.buttons = self.history_buttons
        self.focused = None
        self.place()
        self.dirty = True

    def turn_to_numbers(self) -> None:
        self.showing_history = False
        self.buttons = self.numbers_buttons
        self.focused = None
        self.place()
        self.dirty = True

    def can_play_again(self) -> bool:
        row = self.history.chosen_row
        return row is not None and row.deal is not None

    def play_again(self) -> None:
        """The chosen game's deal in play as a new deal, in the variant it was played in."""
        row = self.history.chosen_row
        if row is None or row.deal is None:
            return
        self.app.close_panels()
        self.table.start_deal(Game.new(deal_cards(row.deal), row.variant, row.deal))
        self.table.say_dealt(restarted=False)

    def can_copy(self) -> bool:
        row = self.history.chosen_row
        return row is not None and row.deal is not None and bool(row.actions)

    def copy_moves(self) -> None:
        """The chosen game's deal and moves to the clipboard, as `idioten analyse` reads them."""
        row = self.history.chosen_row
        if row is None or not self.can_copy():
            return
        said = "ui.history.copied" if put_text(line_text(row)) else "ui.history.no_clipboard"
        self.table.say(i18n.t(said))
        self.dirty = True

    def show_variant(self, variant: str) -> None:
        self.variant = variant
        self.dirty = True
        self.app.speech.say(self.spoken())

    def spoken(self) -> str:
        """Aloud: the title, the variant's figures, the button the ring is on."""
        figures_said = [f"{i18n.t(label)}: {value}" for label, value in figures(self.stats)]
        return words.lines([i18n.t("ui.stats.title"), i18n.t(f"ui.variant.{self.variant}"), *figures_said,
                            *([self.focused.label] if self.focused is not None else [])])

    def ask_reset(self) -> None:
        self.app.push(ResetConfirm(self.app, self.reset))

    def reset(self) -> None:
        persist = persistence(self.app)
        persist.reset_stats()
        if self.table.message == "":
            self.table.say(i18n.t("ui.stats.reset_done"))
        self.dirty = True

    # -- layout ------------------------------------------------------------------------------------------

    def place(self) -> None:
        if self.showing_history:
            self.place_history()
        else:
            self.place_numbers()

    def place_history(self) -> None:
        """Title, the list of games, then its buttons and keys: the list takes the height left."""
        layout = self.layout
        size, small = layout.font_size, layout.small_font_size
        self.place_box()
        box = self.box
        buttons_y = box.bottom - size - round(size * 1.8) - round(small * 1.5)
        self._row(self.history_buttons, buttons_y, round(size * 1.8))
        self.keys_y = buttons_y + round(size * 1.8) + size // 3
        top = self.title_y + round(size * 1.4) + size
        self.history.show(self.pending(), persistence(self.app).stats.last_games(IDIOTEN))
        fits = self.history.place(pygame.Rect(box.x + size, top, box.w - size * 2, buttons_y - top - size),
                                  self.app.texts, (small, max(8, small * 4 // 5)))
        words_fit = self.app.texts.width(i18n.t("ui.history.keys"), small) <= box.w - size
        row_fits = sum(b.rect.w for b in self.history_buttons) + size * 4 <= box.w
        self.overflow = not (fits and words_fit and row_fits)
        self.set_focus(self.focused)

    def place_box(self) -> None:
        layout, size = self.layout, self.layout.font_size
        width = int(min(max(layout.width * self.width_share, 660), layout.width - 40))
        height = int(min(layout.height - 40, max(size * 22, layout.height * 0.86)))
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (layout.width // 2, layout.height // 2)
        self.title_y = self.box.y + size

    def place_numbers(self) -> None:
        """Title, the variants' tabs, the figures in three columns (two, or with smaller labels, where a label
        and its number would meet), the chart, then Reset and Close, the keys and what is counted. The chart
        takes what height is left; where it would be shorter than two lines of text the panel does not fit
        (`overflow`: it is then laid out larger and scaled down, kit/panels.py)."""
        layout, texts = self.layout, self.app.texts
        size, small = layout.font_size, layout.small_font_size
        self.place_box()
        box = self.box
        tab_h = round(size * 1.6)
        y = self.title_y + round(size * 1.4) + size // 2
        self._row(list(self.tabs.values()), y, tab_h)
        self.figures_top = y + tab_h + size
        self.columns, self.label_size, labels_fit = self.figure_columns(box.w - size * 4)
        rows = -(-len(figures(self.stats)) // self.columns)
        self.line_h = round(size * (1.1 if rows > 4 else 1.25))  # in two columns closer, to leave the chart room
        chart_top = self.figures_top + rows * self.line_h + size
        buttons_y = box.bottom - size - round(size * 1.8) - round(size * 1.2) - round(small * 2.5)
        self._row([self.history_button, self.reset_button, self.close_button], buttons_y, round(size * 1.8))
        self.keys_y = buttons_y + round(size * 1.8) + size // 3
        self.counted_y = self.keys_y + round(small * 1.3)
        self.pending_y = buttons_y - round(small * 1.6)
        chart_end = self.pending_y if self.pending() else buttons_y  # the line saying so takes room from the chart
        self.chart = pygame.Rect(box.x + size * 2, chart_top + round(size * 1.3), box.w - size * 4,
                                 chart_end - chart_top - round(size * 1.3) - round(size * 1.9))
        heading_w = texts.width(i18n.t("ui.stats.histogram"), size)
        corner_w = texts.width(i18n.t("ui.stats.games_axis", count=max(self.stats.histogram)), small)
        words_fit = (all(texts.width(line, small) <= box.w - size for line in self.counted_lines())
                     and texts.width(self.pending_words(), small) <= box.w - size
                     and texts.width(i18n.t("ui.stats.keys"), small) <= box.w - size
                     and heading_w // 2 + corner_w < self.chart.w // 2)
        self.overflow = not (labels_fit and words_fit and self.chart.h >= 2 * size)
        self.set_focus(self.focused)

    def figure_columns(self, inner: int) -> tuple[int, int, bool]:
        """How many columns of figures, at what size their labels are written, and whether each label has room
        beside its number then: three columns if they fit, else two; labels at the text's size, else smaller."""
        texts, size = self.app.texts, self.layout.font_size
        shown = figures(self.stats)
        for columns in (3, 2):
            for label_size in (size, self.layout.small_font_size):
                if all(texts.width(i18n.t(key), label_size) + size + texts.width(value, size) <= inner // columns - size
                       for key, value in shown):
                    return columns, label_size, True
        return 2, self.layout.small_font_size, False

    def counted_lines(self) -> list[str]:
        """What is counted, in one line, or one sentence a line where the box is too narrow for that."""
        note = i18n.t("ui.stats.counted")
        if self.app.texts.width(note, self.layout.small_font_size) > self.box.w - self.layout.font_size:
            first, _, second = note.partition(". ")
            return [first + ".", second]
        return [note]

    def _row(self, buttons: list[Button], y: int, height: int) -> None:
        """One width for all where they fit so, else each its own (the history's four in German)."""
        size = self.layout.font_size
        widths = [max(b.width_for(self.app.texts, size) for b in buttons) + size] * len(buttons)
        if sum(widths) + size * (len(widths) + 1) > self.box.w:
            widths = [b.width_for(self.app.texts, size) + size // 2 for b in buttons]
        x = self.box.centerx - (sum(widths) + size * (len(widths) - 1)) // 2
        for button, w in zip(buttons, widths):
            button.rect = pygame.Rect(x, y, w, height)
            x += w + size

    # -- input -------------------------------------------------------------------------------------------

    def pending_words(self) -> str:
        count = len(self.pending())
        return i18n.t("ui.stats.pending", count=count) if count else ""

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.showing_history and event.type == pygame.KEYDOWN and self.history.key(event):
            self.set_focus(self.focused)  # a row without a deal number cannot be played again
            return
        if (self.showing_history and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.history.click(event.pos)):
            self.dirty = True
            return
        super().handle_event(event)

    def key(self, event: pygame.event.Event) -> None:
        if self.showing_history:
            self.history_key(event)
        elif event.key == pygame.K_h:
            self.turn_to_history()
        elif event.key in (pygame.K_ESCAPE, pygame.K_s, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            self.show_variant(VARIANTS[(VARIANTS.index(self.variant) + step) % len(VARIANTS)])
        elif event.key in RESET_KEYS:
            self.ask_reset()

    def history_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_again()
        elif event.key == pygame.K_c:
            self.copy_moves()
        elif event.key == pygame.K_h:
            self.turn_to_numbers()
        elif event.key in (pygame.K_ESCAPE, pygame.K_s):
            self.close()

    # -- drawing -----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        texts, size, box = self.app.texts, self.layout.font_size, self.box
        self.draw_frame(surface)
        title = texts.render(i18n.t("ui.stats.history_title" if self.showing_history else "ui.stats.title"),
                             round(size * 1.4), TITLE)
        surface.blit(title, title.get_rect(midtop=(box.centerx, self.title_y)))
        for button in self.buttons:
            button.draw(surface, texts, size)
        if self.showing_history:
            self.history.draw(surface, texts)
            keys = texts.render(i18n.t("ui.history.keys"), self.layout.small_font_size, CAPTION)
            surface.blit(keys, keys.get_rect(midtop=(box.centerx, self.keys_y)))
            return
        pygame.draw.rect(surface, GLOW, self.tabs[self.variant].rect.inflate(2, 2), width=2,
                         border_radius=self.tabs[self.variant].rect.h // 3)
        self.draw_figures(surface)
        self.draw_chart(surface)
        pending = self.pending_words()
        if pending:
            said = texts.render(pending, self.layout.small_font_size, TEXT)
            surface.blit(said, said.get_rect(midtop=(box.centerx, self.pending_y)))
        keys = texts.render(i18n.t("ui.stats.keys"), self.layout.small_font_size, CAPTION)
        surface.blit(keys, keys.get_rect(midtop=(box.centerx, self.keys_y)))
        small = self.layout.small_font_size
        for index, line in enumerate(self.counted_lines()):
            counted = texts.render(line, small, CAPTION)
            surface.blit(counted, counted.get_rect(midtop=(box.centerx, self.counted_y + index * round(small * 1.2))))

    def draw_figures(self, surface: pygame.Surface) -> None:
        texts, size, box = self.app.texts, self.layout.font_size, self.box
        column_w = (box.w - size * 4) // self.columns
        for index, (label_key, value) in enumerate(figures(self.stats)):
            column, row = index % self.columns, index // self.columns
            left = box.x + size * 2 + column * column_w
            y = self.figures_top + row * self.line_h
            label = texts.render(i18n.t(label_key), self.label_size, CAPTION)
            number = texts.render(value, size, TEXT)
            surface.blit(label, label.get_rect(bottomleft=(left, y + number.get_height())))
            surface.blit(number, number.get_rect(topright=(left + column_w - size, y)))

    def draw_chart(self, surface: pygame.Surface) -> None:
        texts, size, chart = self.app.texts, self.layout.small_font_size, self.chart
        heading = texts.render(i18n.t("ui.stats.histogram"), self.layout.font_size, TITLE)
        surface.blit(heading, heading.get_rect(midbottom=(self.box.centerx, chart.top - size // 2)))
        histogram = self.stats.histogram
        tallest = max(histogram)
        if tallest == 0:
            empty = texts.render(i18n.t("ui.stats.empty"), self.layout.font_size, TEXT)
            surface.blit(empty, empty.get_rect(center=chart.center))
            return
        slot = chart.w / len(histogram)
        for score, count in enumerate(histogram):
            if count:
                height = max(2, round(chart.h * count / tallest))
                bar = pygame.Rect(round(chart.x + score * slot + slot * 0.12), chart.bottom - height,
                                  max(1, round(slot * 0.76)), height)
                pygame.draw.rect(surface, GOLD if score == WIN_SCORE else tint(CHART_BAR), bar)
        pygame.draw.line(surface, tint(EDGE), chart.bottomleft, chart.bottomright)
        for score in range(0, WIN_SCORE + 1, 6):
            label = texts.render(str(score), size, CAPTION)
            surface.blit(label, label.get_rect(midtop=(round(chart.x + (score + 0.5) * slot), chart.bottom + 3)))
        top = texts.render(i18n.t("ui.stats.games_axis", count=tallest), size, CAPTION)
        surface.blit(top, top.get_rect(bottomright=(chart.right, chart.top - 2)))
        pygame.draw.line(surface, GRID, (chart.x, chart.top), (chart.right, chart.top))
