"""The guide (play/acesup/guide.py) as the real table drives a session: each verb returns a `Change` the table
animates, and a refusal is an `IllegalAction` the table says and shakes, as at the player's own table.

It keeps the part of the session contract a table uses (ui/acesup/table.py's `TableSession`) and nothing
that saves or counts: there is no store here, no save point and no statistics, so the guide's games can never
reach the player's saved game or figures. A new deal is not a verb of the guide; the next step is (`go_on`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from idioten.acesup.rules import Action, Game
from idioten.errors import IllegalAction
from idioten.play.acesup.guide import Guide, Refusal
from idioten.play.change import Change, How

if TYPE_CHECKING:
    from idioten.play.acesup.session import Held


class GuideRefused(IllegalAction):
    """The guide's refusal, raised as the rules' own refusals are; `words` is its reason in the current
    language (the rules' reason when the rules refused, else the guide's "not this one: try …")."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.code, refusal.words())
        self.refusal = refusal

    def words(self) -> str:
        return self.refusal.words()


class GuideSession:
    variant = "standard"  # every step of the guide is a standard game

    def __init__(self, guide: Guide | None = None) -> None:
        self.guide = guide if guide is not None else Guide()

    @property
    def game(self) -> Game:
        return self.guide.game

    def act(self, action: Action, *, by_computer: bool = False) -> Change:
        """The action if the rules allow it and the step waits for it; else GuideRefused, nothing changed."""
        answer = self.guide.offer(action)
        if answer.refusal is not None:
            raise GuideRefused(answer.refusal)
        return Change(How.ACTION, answer.record)

    def can_undo(self) -> bool:
        return self.guide.active and bool(self.game.history)

    def undo(self) -> Change | None:
        record = self.guide.undo()
        return Change(How.UNDO, record) if record is not None else None

    def can_redo(self) -> bool:
        return False  # the guide goes forward by the player's own moves only

    def redo(self, *, by_computer: bool = False) -> Change | None:
        return None

    def can_restart(self) -> bool:
        return self.can_undo()

    def restart(self) -> Change:
        """The step from its start, dealt out again."""
        self.guide.restart()
        return Change(How.RESTART)

    def can_go_on(self) -> bool:
        return self.guide.active and self.guide.done

    def go_on(self) -> Change | None:
        """The next step's position, dealt out (None: the step still waits, or the guide is over now)."""
        if not self.guide.go_on() or not self.guide.active:
            return None
        return Change(How.NEW_DEAL)

    def keeps_a_game(self) -> bool:
        return False  # nothing lies behind Ctrl+Z but the step's own moves

    def switch_variant(self, variant: str) -> Change | None:
        return None  # the guide teaches the standard game whatever the settings say

    # The guide deals its own positions: its scene never asks for a new deal (N is refused there).
    def new_deal(self, game: Game | None = None) -> Change:
        raise NotImplementedError("the guide deals its own positions")

    def random_game(self) -> Game:
        raise NotImplementedError("the guide deals its own positions")

    # Nor does it show a solution, the only verb that holds the player's game to bring it back.
    def hold(self) -> Held:
        raise NotImplementedError("the guide shows no solution")

    def bring_back(self, held: Held) -> Change:
        raise NotImplementedError("the guide shows no solution")
