"""Poker patience's panels over its table: the end of a game, the options, the statistics and the rules.

They are the window's `Panel`s with two more kinds of row: a heading whose text is already worded (with
numbers in it), and an illustration whose height is given in pixels.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from idioten import i18n
from idioten.play.change import Change
from idioten.play.poker.session import STATS_SECTION, PokerSession, stats_key
from idioten.poker.game import PokerGame
from idioten.poker.hands import HAND_NAMES
from idioten.poker.scoring import TABLES
from idioten.speech.words import final_scores
from idioten.ui.game_clock import clock_text
from idioten.ui.kit.palette import CHART_BAR, GOLD, TEXT, tint
from idioten.ui.kit.panels import SMALLEST_TEXT, Colour, EndOfGameKeys, Panel
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button
from idioten.ui.poker import texts

HEADING_MARK = "\x00"  # a stand-in title the panel swaps for the worded heading once placed
DIM = (170, 196, 178)
SHOWN_HANDS = HAND_NAMES[1:10]  # one pair .. royal flush (high card scores nothing, five of a kind = sflush)


class PokerTable(Protocol):
    """What the panels ask of the Poker table they stand over (scene.py's `PokerScene`, which imports this module):
    its session and game, and the verbs their buttons and keys lead to."""

    app: Host
    @property
    def session(self) -> PokerSession: ...
    @property
    def game(self) -> PokerGame: ...
    def new_deal(self) -> None: ...
    def replace(self, start: Callable[[], Change], restarted: bool) -> None: ...  # a history row dealt again
    def say(self, text: str) -> None: ...
    def play_again(self) -> None: ...
    def undo(self) -> None: ...
    def open_stats(self) -> None: ...


class WordedButton(Button):
    """A button whose label is worded when drawn (it shows a value, e.g. "Scoring: Classic")."""

    def __init__(self, words: Callable[[], str], action: Callable[[], None],
                 enabled: Callable[[], bool] = lambda: True) -> None:
        super().__init__("", action, enabled)
        self.words = words

    @property
    def label(self) -> str:
        return self.words()


class PokerPanel(Panel):
    """A panel over Poker's table: the window's `Panel`, which also places a worded heading and an illustration
    whose height is given in pixels."""

    def __init__(self, app: Host, scene: PokerTable) -> None:
        self.scene = scene
        super().__init__(app)

    def place(self) -> None:
        rows = self.rows
        headings = [row[1]() if callable(row[1]) else row[1] for row in rows if row[0] == "heading"]
        card_h = max(1, self.layout.card_h)
        self.rows = [("title", HEADING_MARK) if row[0] == "heading"
                     else ("art", row[1]() / card_h, row[2]) if row[0] == "art_px" else row for row in rows]
        try:
            super().place()
        finally:
            self.rows = rows
        worded = iter(headings)
        self.placed = [(kind, next(worded), size, colour, y) if kind == "line" and what == HEADING_MARK
                       else (kind, what, size, colour, y) for kind, what, size, colour, y in self.placed]
        if any(self.app.texts.width(what, size) > self.box.w - self.text_size
               for kind, what, size, _, _ in self.placed if kind == "line" and what in headings):
            self.overflow = True  # a heading wider than the box, as a title is (kit/panels.py): laid out larger

    def refresh(self) -> None:
        self.resize(self.app.layout)  # a longer value may not fit where the shorter did

    def text_row(self, surface: pygame.Surface, text: str, x: int, y: int, size: int, colour: Colour = TEXT) -> int:
        line = self.app.texts.render(text, size, colour)
        surface.blit(line, (x, y))
        return line.get_width()


class PokerEndPanel(EndOfGameKeys, PokerPanel):
    width_share = 0.62
    again_keys = (pygame.K_a, pygame.K_r)

    def build(self) -> None:
        session = self.scene.session
        game = session.game
        score = game.score()
        key = stats_key(game)
        stats = session.stats_for(key)
        setting = texts.setting_name(key)
        self.score = score
        self.rows = [("title", "ui.poker.end.title"), ("art_px", self.hands_height, self.paint_hands),
                     ("heading", i18n.tn("ui.poker.end.total", score.total, total=score.total))]
        if session.is_new_best():
            self.rows.append(("text", i18n.t("ui.poker.end.new_best", setting=setting)))
        elif stats.best is not None:
            self.rows.append(("text", i18n.t("ui.poker.end.best", setting=setting, best=stats.best)))
        if session.computer is not None:
            theirs = session.computer.score().total
            verdict = ("ui.poker.end.you_win" if score.total > theirs else
                       "ui.poker.end.computer_wins" if score.total < theirs else "ui.poker.end.tie")
            self.rows.append(("text", i18n.t("ui.poker.end.computer", total=theirs) + " " + i18n.t(verdict)))
        self.new_deal_button = Button("ui.button.new_deal", self.new_deal)
        self.add_buttons(Button("ui.poker.button.again", self.again), self.new_deal_button,
                         Button("ui.poker.button.stats", self.stats))
        self.rows.append(("text", "ui.poker.end.keys"))

    def default_button(self) -> Button:
        return self.new_deal_button  # Enter deals anew, as N does

    def spoken_lines(self) -> list[str]:
        """Aloud, the hands the table shows in a picture come after the title: each line that scored, the total."""
        title, *rest = super().spoken_lines()
        return [title, final_scores(self.scene.game), *rest[1:]]  # rest[0] is the total, said with the hands

    def hands_height(self) -> int:
        per_column = 6 if self.scene.game.diagonals else 5
        return per_column * round(self.layout.font_size * 1.15)

    def place(self) -> None:
        super().place()
        if self.hands_size() is None:
            self.overflow = True  # the lines' hands do not fit side by side: laid out larger (kit/panels.py)

    def hands_size(self) -> tuple[int, int] | None:
        """The text size of the hands' table and where its hands begin (from a line's name), the largest at
        which each line's name, hand and points fit in half the box; None if none from the panel's text size
        down to SMALLEST_TEXT does."""
        width = self.app.texts.width
        smallest = min(self.layout.font_size, round(SMALLEST_TEXT * self.layout.text_points))
        for size in range(self.layout.font_size, smallest - 1, -1):
            half = (self.box.w - 2 * size) // 2
            line_w = max(width(texts.line_name(score.line), size) for score in self.score.lines)
            hand_at = max(round(half * 0.36), line_w + size // 2)
            hand_w = max(width(texts.hand_name(score.hand), size) for score in self.score.lines)
            if hand_at + hand_w + size // 2 + width("888", size) <= half - size:
                return size, hand_at
        return None

    def paint_hands(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Rows in the left column, columns in the right, the diagonals under each: line, hand, points."""
        step = round(self.layout.font_size * 1.15)
        size, hand_at = self.hands_size() or (round(SMALLEST_TEXT * self.layout.text_points), 0)
        half = (rect.w - 2 * size) // 2
        for score in self.score.lines:
            kind, number = score.line.name.split()
            column = 0 if kind == "row" or (kind == "diagonal" and number == "1") else 1
            index = 5 if kind == "diagonal" else int(number) - 1
            x = rect.x + size + column * half
            y = rect.y + index * step
            self.text_row(surface, texts.line_name(score.line), x, y, size, DIM)
            self.text_row(surface, texts.hand_name(score.hand), x + hand_at, y, size)
            points = self.app.texts.render(str(score.points), size, GOLD if score.points else TEXT)
            surface.blit(points, points.get_rect(topright=(x + half - size, y)))

    def again(self) -> None:
        self.close()
        self.scene.play_again()

    def stats(self) -> None:
        self.close()
        self.scene.open_stats()

    def game_scene(self) -> PokerTable:
        return self.scene

    def other_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_s:
            self.stats()


class PokerOptionsPanel(PokerPanel):
    width_share = 0.5

    def build(self) -> None:
        session = self.scene.session
        self.rows = [("title", "ui.poker.options.title")]
        choices = [
            ("table", lambda: i18n.t("ui.poker.option.table", value=texts.table_name(session.options.table)),
             self.next_table),
            ("diagonals", lambda: i18n.t("ui.poker.option.diagonals", value=texts.on_off(session.options.diagonals)),
             lambda: self.flip("diagonals")),
            ("joker", lambda: i18n.t("ui.poker.option.joker", value=texts.on_off(session.options.joker)),
             lambda: self.flip("joker")),
            ("open_deck", lambda: i18n.t("ui.poker.option.open_deck", value=texts.on_off(session.options.open_deck)),
             lambda: self.flip("open_deck")),
            ("competitive", lambda: i18n.t("ui.poker.option.competitive",
                                           value=texts.on_off(session.options.competitive)),
             lambda: self.flip("competitive")),
        ]
        self.option_buttons: dict[str, Button] = {}
        for name, words, action in choices:
            button: Button = WordedButton(words, action)
            self.option_buttons[name] = button
            self.buttons.append(button)
            self.rows.append(("buttons", [button]))
        self.rows.append(("text", self.points_text))
        self.rows.append(("text", "ui.poker.msg.options_next"))
        self.deal_button = Button("ui.poker.button.deal_with_options", self.deal)
        self.add_buttons(self.deal_button, Button("ui.button.close", self.close))

    def default_button(self) -> Button:
        return self.deal_button  # Enter deals with the options chosen

    def points_text(self) -> str:
        points = TABLES[self.scene.session.options.table]
        listed = " · ".join(f"{texts.hand_name(name)} {points[HAND_NAMES.index(name)]}"
                            for name in reversed(SHOWN_HANDS))
        return i18n.t("ui.poker.options.points", list=listed)

    def place(self) -> None:
        rows = self.rows
        self.rows = [("text", row[1]()) if row[0] == "text" and callable(row[1]) else row for row in rows]
        try:
            super().place()
        finally:
            self.rows = rows

    def next_table(self) -> None:
        names = list(TABLES)
        session = self.scene.session
        following = names[(names.index(session.options.table) + 1) % len(names)]
        session.set_option("table", following)
        self.refresh()

    def flip(self, name: str) -> None:
        session = self.scene.session
        session.set_option(name, not getattr(session.options, name))
        self.refresh()

    def deal(self) -> None:
        self.close()
        self.scene.new_deal()

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_o):
            self.close()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.deal()


class PokerStatsPanel(PokerPanel):
    width_share = 0.55
    focus_arrows = (pygame.K_UP, pygame.K_DOWN)  # Left and Right turn to the previous or next setting

    def build(self) -> None:
        session = self.scene.session
        keys = session.played_keys()
        here = stats_key(session.game)
        self.keys = keys if here in keys else sorted(keys + [here])
        self.index = self.keys.index(here)
        heading = lambda: i18n.t("ui.poker.stats.title", setting=texts.setting_name(self.setting_key))  # noqa: E731
        self.rows = [("heading", heading),
                     ("art_px", self.summary_height, self.paint_summary),
                     ("art_px", lambda: round(self.layout.card_h * 1.4), self.paint_histogram),
                     ("text", "ui.poker.stats.count_rule")]
        many = lambda: len(self.keys) > 1  # noqa: E731
        self.close_button = Button("ui.button.close", self.close)
        self.add_buttons(Button("ui.poker.button.previous", lambda: self.turn(-1), many),
                         Button("ui.poker.button.next", lambda: self.turn(1), many),
                         Button("ui.stats.history", self.open_history), self.close_button)

    def open_history(self) -> None:
        from functools import partial

        from idioten.ui.kit.history_list import COLUMNS
        from idioten.ui.kit.history_panel import HistoryPanel, RowActions
        from idioten.ui.poker import replay

        actions = RowActions(partial(replay.play_again, self.scene), replay.can_play_again,
                             partial(replay.copy, self.scene), replay.can_copy, "ui.history.poker_keys")
        self.app.push(HistoryPanel(self.app, lambda: self.scene.session.stats.last_games(STATS_SECTION),
                                   texts.setting_name, [c for c in COLUMNS if c != "moves"], actions))

    def default_button(self) -> Button:
        return self.close_button

    @property
    def setting_key(self) -> str:
        return self.keys[self.index]

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.keys)
        self.refresh()

    def summary_height(self) -> int:
        return round(self.layout.font_size * 1.3) * len(self.summary_lines())

    def summary_lines(self) -> list[str]:
        """The summary, and under it the best time where one is known (a grid dealt and filled in one run)."""
        best_time = self.scene.session.stats_for(self.setting_key).best_time
        if best_time is None:
            return [self.summary_text()]
        return [self.summary_text(), i18n.t("ui.poker.stats.best_time", time=clock_text(best_time))]

    def summary_text(self) -> str:
        stats = self.scene.session.stats_for(self.setting_key)
        if stats.games:
            return i18n.t("ui.poker.stats.summary", games=stats.games, mean=f"{stats.mean:.1f}", best=stats.best)
        return i18n.t("ui.poker.stats.none")

    def paint_summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pitch = round(self.layout.font_size * 1.3)
        for index, text in enumerate(self.summary_lines()):
            line = self.app.texts.render(text, self.layout.font_size, TEXT)
            surface.blit(line, line.get_rect(midtop=(rect.centerx, rect.y + index * pitch)))

    def paint_histogram(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Games per score, in bins wide enough that at most about 30 bars are needed."""
        stats = self.scene.session.stats_for(self.setting_key)
        size = self.layout.label_size
        area = pygame.Rect(rect.x + 2 * size, rect.y, rect.w - 4 * size, rect.h - size - 6)
        pygame.draw.line(surface, DIM, area.bottomleft, area.bottomright)
        if not stats.games:
            return
        top = max(max(stats.histogram), 20)  # a short history still gets a scale a player can read
        width = 1
        while (top // width + 1) > 30:
            width = {1: 2, 2: 5}.get(width, width * 2)
        bins = [0] * (top // width + 1)
        for score, count in stats.histogram.items():
            bins[score // width] += count
        tallest = max(bins)
        bar_w = area.w / len(bins)
        game = self.scene.session.game
        latest = game.score().total // width if game.is_over() and stats_key(game) == self.setting_key else None
        for i, count in enumerate(bins):
            if not count:
                continue
            height = max(2, round(area.h * count / tallest))
            bar = pygame.Rect(round(area.x + i * bar_w + 1), area.bottom - height, max(1, round(bar_w) - 2), height)
            pygame.draw.rect(surface, GOLD if i == latest else tint(CHART_BAR), bar, border_radius=2)
        # Scores under the first bar, every fifth one and the last; games at the top of the scale.
        marks = sorted({0, len(bins) - 1, *range(0, len(bins), 5)})
        for i in marks:
            low = i * width
            text = str(low) if width == 1 else f"{low}-{low + width - 1}"
            label = self.app.texts.render(text, size, DIM)
            surface.blit(label, label.get_rect(midtop=(round(area.x + (i + 0.5) * bar_w), area.bottom + 4)))
        count_label = self.app.texts.render(str(tallest), size, DIM)
        surface.blit(count_label, count_label.get_rect(topright=(area.x - 6, area.y)))

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_s, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
        elif event.key == pygame.K_h:
            self.open_history()
        elif event.key == pygame.K_LEFT:
            self.turn(-1)
        elif event.key == pygame.K_RIGHT:
            self.turn(1)


class PokerRulesPanel(PokerPanel):
    width_share = 0.7

    def build(self) -> None:
        self.rows = [("title", "ui.poker.rules.title"), ("text", "ui.poker.rules.place"),
                     ("text", "ui.poker.rules.score"), ("art_px", self.table_height, self.paint_tables),
                     ("text", "ui.poker.rules.straight"), ("text", "ui.poker.rules.keys")]
        self.add_buttons(Button("ui.button.close", self.close))

    def table_height(self) -> int:
        return (len(SHOWN_HANDS) + 1) * round(self.layout.label_size * 1.1)

    def paint_tables(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The four scoring tables side by side, the table now in use in gold."""
        names = list(TABLES)
        first = round(rect.w * 0.34)
        size = self.layout.label_size
        column = (rect.w - first - 2 * size) // len(names)
        widest = max(names, key=lambda table: self.app.texts.width(texts.table_name(table), size))
        while size > 8 and self.app.texts.width(texts.table_name(widest), size) > column - size // 2:
            size -= 1  # the tables' names side by side, a little apart, in a narrow box
        step = round(self.layout.label_size * 1.1)
        in_use = self.scene.game.table
        for i, table in enumerate(names):
            label = self.app.texts.render(texts.table_name(table), size, GOLD if table == in_use else DIM)
            surface.blit(label, label.get_rect(topright=(rect.x + first + (i + 1) * column, rect.y)))
        for row, name in enumerate(reversed(SHOWN_HANDS), start=1):
            y = rect.y + row * step
            self.text_row(surface, texts.hand_name(name), rect.x + 2 * size, y, size)
            for i, table in enumerate(names):
                points = self.app.texts.render(str(TABLES[table][HAND_NAMES.index(name)]), size,
                                               GOLD if table == in_use else TEXT)
                surface.blit(points, points.get_rect(topright=(rect.x + first + (i + 1) * column, y)))

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.close()
