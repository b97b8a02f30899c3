"""The end panel with the truth about the deal: could it have been won with perfect knowledge of the stock
(yes / no, with the best possible score / not known), and a "Show solution" button when it could. The
answer comes from the solver off the loop; until it arrives the panel says it is working it out, and it
grows its line and button when the answer comes (it asks again each frame: `Assistant.verdict`)."""

from __future__ import annotations

import pygame

from idioten import i18n
from idioten.ui.acesup.assist import ERROR, UNWINNABLE, WINNABLE
from idioten.ui.acesup.endgame import EndPanel
from idioten.ui.kit.widgets import Button


class TruthEndPanel(EndPanel):
    def __init__(self, app, game):
        self.assistant = app.assistant
        self.finished_by = self.assistant.take_finish()  # the demo or the solution played it to the end
        self.known = None
        super().__init__(app, game)
        if self.finished_by is not None:
            self.quiet()  # confetti is for the player's own wins

    def build(self) -> None:
        super().build()
        if self.won:
            if self.finished_by is not None:
                self.rows[0] = ("title", "ui.truth.shown_title")
            return
        if self.known is None:
            self.known = self.assistant.verdict(self.game)
        self.rows.insert(2, ("text", self.verdict_text()))
        if self.known is not None and self.known.result == WINNABLE:
            button = Button("ui.button.show_solution", self.show_solution)
            self.buttons.append(button)
            next(row for row in self.rows if row[0] == "buttons")[1].append(button)
            self.rows.append(("text", "ui.truth.keys"))

    def verdict_text(self) -> str:
        known = self.known
        if known is None:
            return i18n.t("ui.truth.looking")
        if known.result == WINNABLE:
            return i18n.t("ui.truth.yes")
        if known.result == UNWINNABLE:
            return i18n.t("ui.truth.no", best=known.best)
        if known.result == ERROR:
            return i18n.t("ui.truth.failed", reason=known.error)
        return i18n.t("ui.truth.unknown")

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.won and self.known is None:
            self.known = self.assistant.verdict(self.game)
            if self.known is not None:
                self.rebuild()

    def rebuild(self) -> None:
        self.buttons, self.rows = [], []
        self.build()
        self.place()
        self.dirty = True

    def show_solution(self) -> None:
        self.assistant.show_solution(self.game)

    def key(self, event) -> None:
        if event.key == pygame.K_l and self.known is not None and self.known.result == WINNABLE:
            self.show_solution()
        else:
            super().key(event)
