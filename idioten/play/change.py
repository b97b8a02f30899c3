"""What a session verb did, for the window to animate and its helpers to read: a typed record instead of
notes compared as strings (no pygame here; both games' sessions may return it).

- ACTION, UNDO, REDO: a step on the game's own line; `record` is what the rules returned for it (a discard,
  a move, a deal), which says which cards go where. An undo's record is the action taken back.
- NEW_DEAL, RESTART, BACK, FORWARD: another game object is in play (`replaced`): a new deal, the same deal
  from its start (the same game for the statistics), the game a new deal or restart replaced brought back by
  Ctrl+Z exactly as it was left, and the game that Ctrl+Z left, brought back by Ctrl+Y (see `chain.GameChain`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class How(enum.Enum):
    ACTION = "action"
    UNDO = "undo"
    REDO = "redo"
    NEW_DEAL = "new deal"
    RESTART = "restart"
    BACK = "back"
    FORWARD = "forward"


REPLACING = frozenset({How.NEW_DEAL, How.RESTART, How.BACK, How.FORWARD})


@dataclass(frozen=True)
class Change:
    how: How
    record: object | None = None  # the rules' record for ACTION, UNDO and REDO; None when `replaced`

    @property
    def replaced(self) -> bool:
        """Another game is in play, not a step on the same game's line."""
        return self.how in REPLACING

    @property
    def backwards(self) -> bool:
        """The step is taken back (an undo): its record's cards go back where they came from."""
        return self.how is How.UNDO

    @property
    def dealt_in(self) -> bool:
        """A game the player has not seen as it is now: its cards are dealt out afresh (BACK shows the game
        it brings back as it was left, with no deal)."""
        return self.replaced and self.how is not How.BACK
