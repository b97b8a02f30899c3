"""What the player can change. `idioten/storage/settings.py` will load and save these; until then the defaults hold."""

from __future__ import annotations

from dataclasses import dataclass

CARD_BACKS = ("blue", "red")


@dataclass
class Settings:
    animation_speed: float = 1.0  # 2.0 plays animations twice as fast; 0 turns them off
    four_colour: bool = False  # faces from assets/cards/four-colour/
    card_back: str = "blue"  # one of CARD_BACKS
    highlight_discardable: bool = False  # a glow on every top card that may be discarded now
    auto_discard: bool = False  # discard whatever may be discarded after each action (not always best play)
    live_verdict: bool = False  # the status bar says whether the position can still be won (the solver's answer)
    winnable_only: bool = False  # New deal searches (off the loop) for a deal the solver proves winnable

    def duration(self, seconds: float) -> float:
        """An animation's length at the chosen speed."""
        if self.animation_speed <= 0:
            return 0.0
        return seconds / self.animation_speed
