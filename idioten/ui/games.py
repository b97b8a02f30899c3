"""The games the window plays, in the order G goes through them; a first start opens the first.

Each game is a folder under ui/ whose __init__.py describes it as a `GameKind` (ui/kit/game.py: its name,
how its session is read, its scene, its rules and statistics, its menu entries) and one entry here: the
window (ui/app.py) knows the games only through these, so a third patience changes neither the window nor
the other games.
"""

from __future__ import annotations

from idioten.ui import acesup, poker
from idioten.ui.kit.game import GameKind

GAMES: tuple[GameKind, ...] = (acesup.GAME, poker.GAME)
