"""The statistics screen (S, or the menu): per variant the numbers the store keeps and a bar chart of the
scores. Every number is read from the store's statistics when drawn, so it can never disagree with them."""

from __future__ import annotations

from functools import partial
from typing import Callable

import pygame

from idioten import i18n
from idioten.acesup.rules import VARIANTS, WIN_SCORE
from idioten.speech import words
from idioten.storage.stats import VariantStats
from idioten.ui.kit.palette import CAPTION, CHART_BAR, EDGE, GLOW, GOLD, TEXT, TITLE
from idioten.ui.kit.panels import ConfirmPanel, Panel
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button
from idioten.ui.persist import persistence

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
    ]


class ResetConfirm(ConfirmPanel):
    """The shared confirmation, answered with Delete (the key that asked) instead of a letter."""

    def __init__(self, app: Host, on_yes: Callable[[], None]):
        super().__init__(app, "ui.stats.confirm_reset", "Delete", on_yes)

    def build(self) -> None:
        self.rows = [("text", self.question_key), ("text", "ui.stats.confirm_keys")]
        self.add_buttons(Button("ui.button.yes", self.yes), Button("ui.button.no", self.close))

    def key(self, event) -> None:
        if event.key in RESET_KEYS:
            self.yes()
        else:
            super().key(event)


class StatsPanel(Panel):
    width_share = 0.72
    focus_arrows = (pygame.K_UP, pygame.K_DOWN)  # Left and Right turn to the other variant

    def __init__(self, app: Host, table, variant: str | None = None):  # table: the TableScene
        self.table = table  # where "statistics reset" is said
        self.variant = variant or table.game.variant
        super().__init__(app)

    @property
    def stats(self) -> VariantStats:
        return persistence(self.app).stats.variants[self.variant]

    def build(self) -> None:
        self.tabs = {v: Button(f"ui.variant.{v}", partial(self.show_variant, v)) for v in VARIANTS}
        self.reset_button = Button("ui.stats.reset", self.ask_reset)
        self.close_button = Button("ui.button.close", self.close)
        self.buttons = [*self.tabs.values(), self.reset_button, self.close_button]

    def default_button(self) -> Button:
        return self.close_button

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
        """Title, the variants' tabs, the figures in three columns (two, or with smaller labels, where a label
        and its number would meet), the chart, then Reset and Close, the keys and what is counted. The chart
        takes what height is left; where it would be shorter than two lines of text the panel does not fit
        (`overflow`: it is then laid out larger and scaled down, kit/panels.py)."""
        layout, texts = self.layout, self.app.texts
        size, small = layout.font_size, layout.small_font_size
        width = int(min(max(layout.width * self.width_share, 660), layout.width - 40))
        height = int(min(layout.height - 40, max(size * 22, layout.height * 0.86)))
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (layout.width // 2, layout.height // 2)
        box = self.box
        self.title_y = box.y + size
        tab_h = round(size * 1.6)
        y = self.title_y + round(size * 1.4) + size // 2
        self._row(list(self.tabs.values()), y, tab_h)
        self.figures_top = y + tab_h + size
        self.line_h = round(size * 1.25)
        self.columns, self.label_size, labels_fit = self.figure_columns(box.w - size * 4)
        rows = -(-len(figures(self.stats)) // self.columns)
        chart_top = self.figures_top + rows * self.line_h + size
        buttons_y = box.bottom - size - round(size * 1.8) - round(size * 1.2) - round(small * 2.5)
        self._row([self.reset_button, self.close_button], buttons_y, round(size * 1.8))
        self.keys_y = buttons_y + round(size * 1.8) + size // 3
        self.counted_y = self.keys_y + round(small * 1.3)
        self.chart = pygame.Rect(box.x + size * 2, chart_top + round(size * 1.3), box.w - size * 4,
                                 buttons_y - chart_top - round(size * 1.3) - round(size * 1.9))
        heading_w = texts.width(i18n.t("ui.stats.histogram"), size)
        corner_w = texts.width(i18n.t("ui.stats.games_axis", count=max(self.stats.histogram)), small)
        words_fit = (all(texts.width(line, small) <= box.w - size for line in self.counted_lines())
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
        size = self.layout.font_size
        widths = [max(b.width_for(self.app.texts, size) for b in buttons) + size] * len(buttons)
        x = self.box.centerx - (sum(widths) + size * (len(widths) - 1)) // 2
        for button, w in zip(buttons, widths):
            button.rect = pygame.Rect(x, y, w, height)
            x += w + size

    # -- input -------------------------------------------------------------------------------------------

    def key(self, event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_s, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            self.show_variant(VARIANTS[(VARIANTS.index(self.variant) + step) % len(VARIANTS)])
        elif event.key in RESET_KEYS:
            self.ask_reset()

    # -- drawing -----------------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        texts, size, box = self.app.texts, self.layout.font_size, self.box
        self.draw_frame(surface)
        title = texts.render(i18n.t("ui.stats.title"), round(size * 1.4), TITLE)
        surface.blit(title, title.get_rect(midtop=(box.centerx, self.title_y)))
        for button in self.buttons:
            button.draw(surface, texts, size)
        pygame.draw.rect(surface, GLOW, self.tabs[self.variant].rect.inflate(2, 2), width=2,
                         border_radius=self.tabs[self.variant].rect.h // 3)
        self.draw_figures(surface)
        self.draw_chart(surface)
        keys = texts.render(i18n.t("ui.stats.keys"), self.layout.small_font_size, CAPTION)
        surface.blit(keys, keys.get_rect(midtop=(box.centerx, self.keys_y)))
        small = self.layout.small_font_size
        for index, line in enumerate(self.counted_lines()):
            counted = texts.render(line, small, CAPTION)
            surface.blit(counted, counted.get_rect(midtop=(box.centerx, self.counted_y + index * round(small * 1.2))))

    def draw_figures(self, surface) -> None:
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

    def draw_chart(self, surface) -> None:
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
                pygame.draw.rect(surface, GOLD if score == WIN_SCORE else CHART_BAR, bar)
        pygame.draw.line(surface, EDGE, chart.bottomleft, chart.bottomright)
        for score in range(0, WIN_SCORE + 1, 6):
            label = texts.render(str(score), size, CAPTION)
            surface.blit(label, label.get_rect(midtop=(round(chart.x + (score + 0.5) * slot), chart.bottom + 3)))
        top = texts.render(i18n.t("ui.stats.games_axis", count=tallest), size, CAPTION)
        surface.blit(top, top.get_rect(bottomright=(chart.right, chart.top - 2)))
        pygame.draw.line(surface, GRID, (chart.x, chart.top), (chart.right, chart.top))
