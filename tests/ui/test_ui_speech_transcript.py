"""docs/spoken-game.md is what tools/spoken_game.py makes from the real loop now: a whole won deal of the guide's
beginner deal and a whole Poker patience grid, played from the keys alone with the screen unused. A change of
what the game says shows here until the transcript is made again."""

from __future__ import annotations

import re
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


@pytest.mark.usefixtures("data_folder")
def test_no_key_press_says_one_sentence_twice():
    """What a key press makes the game say is heard once: the guide's last ringed move once said "That was the
    last ringed move..." both as the message and again in the step's lines that followed it."""
    tool = load_tool("spoken_game")
    rows = [line.split(" | ", 1)[1] for line in tool.transcript("en").splitlines() if line.startswith("| ")][2:]
    for row in rows:
        # Sentences long enough to be a message; a short one ("column 2: One pair, worth 1.") may be said
        # again on purpose, in the full grid's summary.
        sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+(?:/\s+)?|\s/\s", row) if len(s.strip()) > 40]
        repeated = {s for s in sentences if sentences.count(s) > 1}
        assert not repeated, row
