"""The end panel with the truth about the deal: could it have been won with perfect knowledge of the stock
(yes / no, with the best possible score / not known), and a "Show solution" button when it could. The
answer comes from the solver off the loop (from the deal on with the compiled core, so usually it is there
at once); until it arrives the panel says it is working it out, with the positions searched so far out of the
most the search will examine (`Assistant.progress`, looked at twice a second), and it grows its line
and button when the answer comes (it asks again each frame: `Assistant.verdict`).

For the player's own lost game it then asks where the game was lost (`lesson`): the move after which no win
(or the best score) remained, what the no-peek hint would have played there, and buttons to go back to just
before that move (B) and to watch the solution from there (F). On the deal of the day it shows that day's
statistics and the time to the next deal (or, played past midnight, that the next one is there); T deals the
deal of the day from here as from the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from idioten import i18n
from idioten.play.acesup.assist import Assistant
from idioten.play.acesup.knowledge import ERROR, UNWINNABLE, WINNABLE, Knowledge
from idioten.play.acesup.lesson import Lesson, line_of
from idioten.speech import words
from idioten.ui.acesup.endgame import EndedTable, EndPanel
from idioten.ui.kit.panels import Row
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button

if TYPE_CHECKING:
    from idioten.acesup.analysis import Analysis

PROGRESS_EVERY = 0.5  # seconds between two looks at how far the verdict's search has come


def grouped(number: int) -> str:
    """A long number with its digits grouped as the language writes it (1,234,567; 1 234 567; 1.234.567)."""
    thousand = i18n.t("ui.number.thousands")  # "1,000": the separator is what stands between 1 and 000
    return f"{number:,}".replace(",", thousand[1:-3])


class JudgedTable(EndedTable, Protocol):
    """The table whose game ended, with the assistant that knows the truth about its deal."""

    assistant: Assistant


class TruthEndPanel(EndPanel):
    """The end panel with what the solver knows of the deal, and what the player can learn from it."""

    def __init__(self, app: Host, table: JudgedTable) -> None:
        self.assistant = table.assistant
        self.finished_by = self.assistant.computer.take_finish()  # the demo or the solution played it to the end
        self.known: Knowledge | None = None
        self.lesson: Lesson | None = None
        self.shown: tuple[object, ...] = ()  # what the rows were built from, to rebuild only when it changes
        self.searched: tuple[int, int] | None = None  # the verdict's search so far: positions, its cap
        self.look_at = app.now()  # when to look at it again
        super().__init__(app, table)
        self.decided_said = self.decided()  # what the panel said as it opened (the lesson object fills in place)
        if self.finished_by is not None:
            self.quiet()  # confetti is for the player's own wins

    def build(self) -> None:
        super().build()
        self.shown = self.state()
        extra: list[Row] = [("text", line) for line in self.assistant.days.lines(self.game)]
        if self.won:
            if self.finished_by is not None:
                self.rows[0] = ("title", "ui.truth.shown_title")
            self.rows[2:2] = extra
            return
        if self.known is None:
            self.known = self.assistant.verdict(self.game)
        extra.insert(0, ("text", self.verdict_text()))
        lesson = self.ask_lesson()
        if lesson is not None:
            extra[1:1] = [("text", line) for line in self.assistant.teacher.lines(lesson, self.game)]
        self.rows[2:2] = extra
        # What the truth offers is a row of its own under the panel's own two buttons.
        truth, keys = [], []
        found = self.found_with_a_way_back()
        if found is not None:
            truth.append(Button("ui.button.back_to_move", self.go_back))
            if found.line:
                truth.append(Button("ui.button.solution_from_there", self.solution_from_there))
                keys.append("ui.lesson.keys")
            elif found.best_line:
                truth.append(Button("ui.button.best_from_there", self.solution_from_there))
                keys.append("ui.lesson.keys_best")
            else:
                keys.append("ui.lesson.keys_back")
        if self.known is not None and self.known.result == WINNABLE:
            truth.append(Button("ui.button.show_solution", self.show_solution))
            keys.append("ui.truth.keys")
        if truth:
            self.buttons += truth
            after = next(index for index, row in enumerate(self.rows) if row[0] == "buttons") + 1
            self.rows.insert(after, ("buttons", truth))
        self.rows += [("keys", key) for key in keys]

    def ask_lesson(self) -> Lesson | None:
        """The analysis of the player's own lost game, once the verdict is decided."""
        decided = self.known is not None and self.known.result in (WINNABLE, UNWINNABLE)
        # A line pasted and played back (Ctrl+V) is the player's own game watched again: it gets its lesson.
        if self.won or self.finished_by not in (None, "replay") or not decided:
            return None
        if self.lesson is None:
            self.lesson = self.assistant.teacher.ask(self.game)
        return self.lesson

    def state(self) -> tuple[object, ...]:
        """What the rows are built from: they are built again when it changes."""
        lesson = self.lesson
        return (self.known, self.searched, lesson and (lesson.found, lesson.failed), self.assistant.teacher.searches,
                tuple(self.assistant.days.lines(self.game)))

    def can_go_back(self) -> bool:
        """The lesson names a move to go back to (B)."""
        return self.found_with_a_way_back() is not None

    def found_with_a_way_back(self) -> Analysis | None:
        """The lesson's analysis when it names a move to go back to."""
        found = self.lesson.found if self.lesson is not None else None
        return found if found is not None and found.best_until is not None else None

    def verdict_text(self) -> str:
        """The verdict in words: still searching (how far), winnable, not (and the best score), failed or unknown."""
        known = self.known
        if known is None and self.searched is not None:
            positions, cap = self.searched
            return i18n.tn("ui.truth.searching", cap, positions=grouped(positions), cap=grouped(cap))
        if known is None:
            return i18n.t("ui.truth.looking")
        if known.result == WINNABLE:
            return i18n.t("ui.truth.yes")
        if known.result == UNWINNABLE and known.best is not None and not known.best_exact:
            return i18n.t("ui.truth.no_best_found", best=known.best)
        if known.result == UNWINNABLE:
            return i18n.t("ui.truth.no", best=known.best)
        if known.result == ERROR:
            return i18n.t("ui.truth.failed", reason=known.error)
        return i18n.t("ui.truth.unknown")

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.won and self.known is None:
            self.known = self.assistant.verdict(self.game)
            if self.known is None and self.app.now() >= self.look_at:
                self.look_at = self.app.now() + PROGRESS_EVERY
                self.searched = self.search_so_far()
        if self.state() != self.shown:
            self.rebuild()

    def search_so_far(self) -> tuple[int, int] | None:
        """The verdict's search: positions examined and the most it will examine (None before it has said
        anything)."""
        progress = self.assistant.progress(self.game.start_text)
        if progress is None or not progress[0]:
            return None
        return progress

    def wake_at(self) -> float | None:
        """While the verdict is searched the panel looks at its progress now and then, also in an idle loop."""
        return self.look_at if not self.won and self.known is None else super().wake_at()

    def language_changed(self) -> None:
        self.rebuild()  # its lines are worded when built

    def rebuild(self) -> None:
        """The rows again (the search said more, the verdict or the lesson came); the keyboard's ring stays on
        the button it was on, found by what it says, since the buttons are made anew."""
        focused = self.focused.text_key if self.focused is not None else None
        said = self.spoken_lines()
        self.buttons, self.rows = [], []
        self.focused = None
        self.build()
        self.focused = next((button for button in self.buttons if button.text_key == focused), None)
        self.place()
        self.dirty = True
        if self.decided() != self.decided_said:  # the verdict or the lesson came: said (the search's progress is not)
            self.decided_said = self.decided()
            self.app.speech.say(words.lines(line for line in self.spoken_lines() if line not in said))

    def decided(self) -> tuple[object, ...]:
        """What the panel has to say once decided (the verdict, the lesson, the deal of the day's lines): said
        aloud when it changes."""
        lesson = self.lesson
        return (self.known.result if self.known is not None else None, lesson and (lesson.found, lesson.failed),
                tuple(self.assistant.days.lines(self.game)))

    def show_solution(self) -> None:
        """L or the button: the computer plays the winning line from the deal's start."""
        self.assistant.coach.show_solution(self.game)

    def go_back(self) -> None:
        """B or the button: the game back to just before the move that lost it."""
        if self.lesson is not None:  # its button and key come with the lesson
            self.assistant.teacher.go_back(self.lesson)

    def solution_from_there(self) -> None:
        """F or the button: the game back to before that move, then the computer plays the win (or the best) from
        there."""
        if self.lesson is not None:
            self.assistant.teacher.solution_from_there(self.lesson)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_l and self.known is not None and self.known.result == WINNABLE:
            self.show_solution()
        elif event.key == pygame.K_b and self.can_go_back():
            self.go_back()
        elif event.key == pygame.K_f and line_of(self.found_with_a_way_back()):
            self.solution_from_there()
        elif event.key == pygame.K_t:  # the deal of the day from its end panel too ("press T" past midnight)
            self.close()
            self.assistant.days.start()
        else:
            super().key(event)
