"""The assistant's hints, its demo and the shown solution: the part of `assist.Assistant` that plays for or
points at the player.

Hints and the demo come from `idioten.acesup.hint`, a player that sees only what the player sees; the shown
solution follows the solver's winning line. `Coach` is the assistant's child (`assistant.coach`): it asks
its assistant for the jobs, the per-position knowledge (`known`) and the desk (the table and the window),
and keeps the hint asked for and the arrow on screen. `ComputerPlay` (the assistant's `computer`) is the
computer at the table while the demo or the shown solution plays: which `Playing` (the window's scene that
plays) runs, and the demo's actions thought out ahead of the table. Both are held through `Advised`, what
they read of the assistant that holds them (desk.py).
"""

from __future__ import annotations

import random
from typing import Any

from idioten import i18n
from idioten.acesup.rules import Action, Game
from idioten.play.acesup.desk import Advised, Ask, Playing
from idioten.play.acesup.knowledge import WINNABLE
from idioten.play.jobs import Answer

SOLUTION_SECONDS = 8.0  # the shown solution's search for the next step of a winning line
NO_PEEK_SECONDS = 1.0  # idioten.acesup.hint's time budget per hint
THINK_SHARE = 0.75  # of the demo's shortest step its player thinks; the rest is slack for a busy machine


class NoPeek:
    """The hint player (idioten.acesup.hint), loaded when first asked: the first frame does not wait for it."""

    @staticmethod
    def hint(*args: Any, **kwargs: Any) -> Any:
        from idioten.acesup import hint

        return hint.hint(*args, **kwargs)


no_peek = NoPeek()


def advice(game: Game, action: Action) -> str:
    """An action in the player's words."""
    from idioten.play.acesup.lesson import worded  # brings the analysis: not before the first frame

    return worded(game, action, done=False)


class Coach:
    def __init__(self, assistant: Advised) -> None:
        self.assistant = assistant
        self.hint_for: str | None = None  # the position a hint was asked for, until it is shown
        self.arrow: tuple[str, Action] | None = None  # the hint on screen: its position and action

    def forget(self, position: str, replaced: bool) -> None:
        """The game changed: the arrow goes; a hint asked for another position (or game) is not shown."""
        self.arrow = None
        if replaced or self.hint_for != position:
            self.hint_for = None

    # -- hints -------------------------------------------------------------------------------------------

    def hint(self) -> None:
        assistant = self.assistant
        game, table = assistant.game, assistant.desk
        if game.is_over():
            table.say(i18n.t("ui.hint.over"))
            return
        text = assistant.position()
        self.hint_for = text
        seed = assistant.desk.rng.randrange(2 ** 32)
        assistant.stop_deal_search()
        # The worker's flag stops the thinking at a new deal, restart or quit, and each look at it lets the
        # window's thread in.
        assistant.worker.submit(Ask.NO_PEEK_HINT, lambda cancel: no_peek.hint(
            Game.from_text(text), time_budget=NO_PEEK_SECONDS, rng=random.Random(seed), cancel=cancel), tag=text)
        self.say_until_answered("ui.hint.thinking", NO_PEEK_SECONDS)

    def show_no_peek_hint(self, answer: Answer[Any]) -> None:
        self.hint_for = None
        game, action = self.assistant.game, answer.result
        if answer.error is not None or not isinstance(action, Action) or not game.can(action):
            reason = str(answer.error) if answer.error is not None else repr(action)
            self.assistant.desk.say(i18n.t("ui.truth.failed", reason=reason))
            return
        self.point(action, i18n.t("ui.hint.plain", advice=advice(game, action)))

    def say_until_answered(self, key: str, seconds: float) -> None:
        """A "working on it" message that stays until the answer replaces it (at most `seconds` and a bit)."""
        self.assistant.desk.say(i18n.t(key), seconds + 2.0)

    def point(self, action: Action, message: str) -> None:
        self.arrow = (self.assistant.position(), action)
        self.assistant.desk.say(message, 8.0)  # a hint is read while looking at the arrow
        self.assistant.desk.mark_dirty()

    def hint_arrow(self) -> Action | None:
        """The hinted action while its position is still on the table."""
        if self.arrow is not None and self.arrow[0] == self.assistant.position():
            return self.arrow[1]
        return None

    # -- demo and the shown solution ---------------------------------------------------------------------

    def start_demo(self) -> None:
        if self.assistant.game.is_over():
            self.assistant.desk.say(i18n.t("ui.demo.over"))
            return
        self.assistant.desk.play_for_player("demo")

    def show_solution(self, game: Game) -> bool:
        """Restart the deal and play its winning line; False when none is known."""
        known = self.assistant.known.get(game.start_text)
        if known is None or known.result != WINNABLE:
            return False
        desk = self.assistant.desk
        desk.close_panels()
        desk.hold_own_game()
        desk.restart()
        desk.play_for_player("solution")
        return True


class ComputerPlay:
    def __init__(self, assistant: Advised) -> None:
        self.assistant = assistant
        self.scene: Playing | None = None  # the demo or solution scene while it runs
        self.plan: dict[str, Action] = {}  # the demo's actions from idioten.acesup.hint, by position
        self.think_seconds = NO_PEEK_SECONDS  # per action, set by the demo to fit its pace
        self._after: tuple[str, Action, str | None] | None = None

    def playing(self) -> bool:
        """The demo or the shown solution plays: a game it ends is not the player's result."""
        return self.scene is not None

    def demo_running(self) -> bool:
        return self.scene is not None and self.scene.mode == "demo"

    def take_finish(self) -> str | None:
        """Who played the game to its end when that was the computer ("demo" or "solution"), once."""
        if self.scene is None:
            return None
        finished, self.scene = self.scene.mode, None
        self.plan.clear()
        return finished

    def next_move(self, mode: str) -> tuple[Action | None, str]:
        """For the demo or the solution: the next action (None: not yet known) and the banner's text key."""
        if mode == "demo":
            return self.no_peek_move()
        assistant = self.assistant
        known = assistant.ask(assistant.position(), mode, SOLUTION_SECONDS)
        if known is None:
            return None, "ui.demo.thinking"
        if known.line:  # a winning line, or (after the lesson's B) the line to a lost deal's best score
            return known.line[0], "ui.demo.peeking"
        return None, ""  # off the line: the solution has nothing more to show

    def no_peek_move(self) -> tuple[Action | None, str]:
        """The demo's next action from idioten.acesup.hint, thought out off the loop ahead of time (see
        `think_ahead`); None while it is still being thought."""
        planned = self.plan.get(self.assistant.position())
        if planned is not None and self.assistant.game.can(planned):
            return planned, "ui.demo.plain"
        self.think_ahead()
        return None, "ui.demo.thinking"

    def planned(self, position: str, action: object) -> None:
        """The worker's answer for the demo at `position` (checked against the rules when it is played)."""
        if isinstance(action, Action) and self.demo_running():
            self.plan[position] = action

    def pace(self, step: float) -> None:
        """The demo shows an action every `step` seconds at the quickest: a thought must take less."""
        self.think_seconds = min(NO_PEEK_SECONDS, THINK_SHARE * step)

    def think_ahead(self) -> None:
        """Keep the demo one action ahead of the table: while an action glides and rests on screen, the worker
        already thinks about the position after the next one, so the demo never waits at its steady pace
        as long as one thought (`think_seconds`) takes less than one step (bench/ui_demo_pace.py)."""
        if not self.demo_running():
            return
        assistant = self.assistant
        worker, text = assistant.worker, assistant.position()
        wanted = [text]
        planned = self.plan.get(text)
        if planned is not None:
            after = self.position_after(text, planned)
            if after is None:
                return
            wanted.append(after)
        missing = next((position for position in wanted if position not in self.plan), None)
        if missing is None or (worker.kind == Ask.NO_PEEK_MOVE and worker.tag == missing):
            return
        if worker.running and worker.kind == Ask.NO_PEEK_MOVE and worker.tag in wanted:
            return  # the nearer position is being thought about: the next one follows it
        # The table waiting for its own position (the demo's first action): a quicker thought builds the lead.
        seconds = self.think_seconds / (2 if missing == text else 1)
        seed = assistant.desk.rng.randrange(2 ** 32)
        worker.submit(Ask.NO_PEEK_MOVE, lambda cancel: no_peek.hint(
            Game.from_text(missing), time_budget=seconds, rng=random.Random(seed), cancel=cancel), tag=missing)

    def position_after(self, text: str, action: Action) -> str | None:
        """The position `action` leads to from `text`, unless the game ends there (asked every frame)."""
        if self._after is not None and self._after[:2] == (text, action):
            return self._after[2]
        game = Game.from_text(text)
        after = None
        if game.can(action):
            game.apply(action)
            after = None if game.is_over() else game.to_text()
        self._after = (text, action, after)
        return after

    def stopped(self) -> None:
        """The demo or the solution stopped before the end."""
        self.scene = None
        self.plan.clear()
        if self.assistant.worker.kind == Ask.NO_PEEK_MOVE:
            self.assistant.worker.cancel()
