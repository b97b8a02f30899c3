"""Where did I go wrong, at the table: the analysis of a lost game (`lesson.run_lesson`) run off the window's
loop on the assistant's jobs, its lines on the end panel, and the way back to just before the move that
lost the deal.

The analysis starts when the end panel of the player's own lost game has the deal's verdict, uses what the
window already knows (`Assistant.known`), and is cancelled with everything else the worker runs on a new
deal, a restart or quitting. Going back is a run of ordinary undos, so redo brings the moves back one by one.
"""

from __future__ import annotations

from typing import Any, Protocol

from idioten import i18n
from idioten.acesup import analysis
from idioten.acesup.rules import WIN_SCORE, Action, Game
from idioten.play.acesup.coach import Coach
from idioten.play.acesup.desk import Advised, Ask
from idioten.play.acesup.knowledge import UNWINNABLE, Knowledge
from idioten.play.acesup.lesson import Lesson, deed, facts_along, key_of, line_of, run_lesson
from idioten.play.jobs import Answer


class Teaching(Advised, Protocol):
    """What the teacher reads of the assistant that holds it, beyond any part's."""

    coach: Coach
    worker_memory: int

    def advice(self, game: Game, action: Action) -> str: ...


class Teacher:
    def __init__(self, assistant: Teaching) -> None:
        self.assistant = assistant
        self.lesson: Lesson | None = None
        self.searches = 0  # written by the worker thread as it goes (progress on the panel)

    def ask(self, game: Game) -> Lesson:
        """The lesson for the line played in `game`; started off the loop when first asked."""
        key = key_of(game)
        if self.lesson is not None and self.lesson.key == key:
            return self.lesson
        assistant = self.assistant
        self.lesson, self.searches = Lesson(key), 0
        start_text, moves = key
        start = Game.from_text(start_text, game.deal_number)
        known = facts_along(start, list(moves), assistant.known)

        def progress(count: int) -> None:
            self.searches = count
            assistant.desk.wake()  # the panel shows the count

        assistant.stop_deal_search()
        assistant.worker.submit(Ask.LESSON, lambda cancel: run_lesson(start, list(moves), known, cancel, progress,
                                                                       assistant.worker_memory),
                                tag=key)
        return self.lesson

    def receive(self, answer: Answer[Any]) -> None:
        lesson = self.lesson
        if lesson is None or lesson.key != answer.tag:
            return
        if isinstance(answer.error, analysis.Undecided):
            lesson.failed = i18n.t("ui.lesson.unknown")
        elif answer.error is not None:
            lesson.failed = i18n.t("ui.truth.failed", reason=str(answer.error))
        else:
            lesson.found = answer.result
            self.learn_positions(lesson)

    def learn_positions(self, lesson: Lesson) -> None:
        """The position before the losing move is known winnable (with a line), or, in a deal never winnable,
        its best score and a line keeping it: the live indicator, the hint and "Solution from there" use it
        after going back."""
        found = lesson.found
        if found is None or not line_of(found):
            return
        before = lesson.position_before().to_text()
        if found.line:
            self.assistant.known.learn_line(before, found.line)
        else:
            self.assistant.known.learn(before, Knowledge(UNWINNABLE, found.best_line, found.best_score))

    def forget(self) -> None:
        self.lesson = None

    # -- the end panel's lines and the way back ---------------------------------------------------------

    def lines(self, lesson: Lesson, game: Game) -> list[str]:
        if lesson.failed:
            return [lesson.failed]
        found = lesson.found
        if found is None:
            count = self.searches
            return [i18n.tn("ui.lesson.progress", count, count=count) if count > 1 else i18n.t("ui.lesson.looking")]
        if found.best_until is None:
            return [i18n.t("ui.lesson.kept_best")] if found.best_score < WIN_SCORE else []
        assert found.move is not None  # named whenever best_until is
        before = lesson.position_before()
        key = "ui.lesson.until" if found.winnable_until is not None else "ui.lesson.best_until"
        lines = [i18n.t(key, number=found.best_until + 1, move=deed(before, found.move), best=found.best_score)]
        if found.hint is not None:
            lines.append(i18n.t("ui.lesson.hint_differs", advice=self.assistant.advice(before, found.hint)))
        else:
            lines.append(i18n.t("ui.lesson.hint_agrees"))
        lines.append(i18n.t("ui.lesson.caveat"))
        return lines

    def go_back(self, lesson: Lesson) -> bool:
        """Undo back to just before the move found (ordinary undos: redo replays them), with an arrow on the
        move that wins (or keeps the best score) there. False if the table is not on the line analysed."""
        found, table = lesson.found, self.assistant.desk
        if found is None or found.best_until is None or not lesson.on_the_line(table.game):
            return False
        table.close_panels()
        while len(table.game.history) > found.best_until:
            table.undo()
        table.finish_animations()
        number, line = found.best_until + 1, line_of(found)
        if line:
            key = "ui.lesson.back" if found.line else "ui.lesson.back_best"
            self.assistant.coach.point(line[0], i18n.t(key, number=number, best=found.best_score,
                                                 advice=self.assistant.advice(table.game, line[0])))
        else:
            table.say(i18n.t("ui.lesson.back_no_line", number=number, best=found.best_score))
        return True

    def solution_from_there(self, lesson: Lesson) -> bool:
        """Back to just before the move found, and the computer plays the line from there (False: no line,
        or the table is not on the line analysed)."""
        if not line_of(lesson.found) or not lesson.on_the_line(self.assistant.desk.game):
            return False
        self.assistant.desk.hold_own_game()
        if not self.go_back(lesson):
            return False
        self.assistant.desk.play_for_player("solution")
        return True

    def table_key(self, back: bool) -> None:
        """B (`back`) or F pressed at the table: as on the end panel while the table is on the line analysed,
        else a word on what the key does."""
        lesson = self.lesson
        done = lesson is not None and (self.go_back(lesson) if back else self.solution_from_there(lesson))
        if not done:
            self.assistant.desk.say(i18n.t("ui.lesson.key_b" if back else "ui.lesson.key_f"))
