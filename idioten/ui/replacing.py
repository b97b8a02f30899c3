"""The notes a table passes to `App.action_done(game, note)` instead of an action's record when the game on
the table was replaced rather than played (no pygame here; both games' tables and the persistence read them):

- NEW_DEAL: another deal (None, as older callers pass, means the same);
- RESTART: the same deal from its start, a new game object but the same game for the statistics;
- BACK: Ctrl+Z right after a new deal or a restart: the game before it, exactly as it was left;
- FORWARD: Ctrl+Y after BACK: the new deal or restart BACK left, exactly as it was left.

A new deal or a restart keeps the game it replaced (if anything was played in it) for BACK, until the first
action in the new game; only then is the old game abandoned, and counted. BACK keeps the game it left for
FORWARD in the same way, until an action in the game brought back (undo and redo walk the line, so Ctrl+Z,
Ctrl+Z, Ctrl+Y, Ctrl+Y comes back to it, as in any undo list)."""

from __future__ import annotations

NEW_DEAL = "new deal"
RESTART = "restart"
BACK = "back"
FORWARD = "forward"
REPLACED = (None, NEW_DEAL, RESTART, BACK, FORWARD)


def is_replacement(note) -> bool:
    """True for a new game on the table, False for an action's record (an action, undo or redo)."""
    return note is None or isinstance(note, str)
