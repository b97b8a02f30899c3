"""Poker patience's part of the window's command line (play/launch.py): none yet. Its options stay with its
game (the O key and the settings screen); its commands are `idioten poker …` (cli/poker.py)."""

from __future__ import annotations

from idioten.play.launch import GameLaunch

GAME = "poker"  # its name in files (ui/poker/__init__.py's GAME.name)
LAUNCH = GameLaunch(GAME)
