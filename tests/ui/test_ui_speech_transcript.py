"""docs/spoken-game.md is what tools/spoken_game.py makes from the real loop now: a whole won deal of the guide's
beginner deal and a whole Poker patience grid, played from the keys alone with the screen unused. A change of
what the game says shows here until the transcript is made again."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools_support import load_tool

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "spoken-game.md"


@pytest.mark.usefixtures("data_folder")
def test_the_committed_transcript_is_what_the_real_loop_says():
    tool = load_tool("spoken_game")
    made = tool.transcript("en")
    assert DOC.read_text(encoding="utf-8") == made, "run: python tools/spoken_game.py"
    assert "Won: only the four aces are left." in made  # the beginner's deal was won
    assert "The grid is full." in made and "Total " in made  # and the grid filled and scored
