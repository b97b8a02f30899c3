"""The game in play and the games a new deal or a restart keeps within reach (no pygame; both games use it).

- A new deal or a restart (`replace`) keeps the game it replaced for Ctrl+Z (`back`) if anything was played
  in it (else the game that one kept), until the first action in the new game (`played`): then it is left
  for good, and counted by whoever keeps the statistics.
- `back` brings the kept game back exactly as it was left, and keeps the game it left for Ctrl+Y
  (`forward`), which brings that one back while the game brought back stands where it was left. Undo and redo
  walk a game's own line without leaving anything, so Ctrl+Z, Ctrl+Z, Ctrl+Y, Ctrl+Y comes back to it.

The chain holds whatever a game keeps of a game (Aces Up a saved game, Poker patience a game with the
computer's grid); it asks two questions of them, how far a game has got (`position`: actions on its line)
and whether a game has anything to take back or do again (`progressed`). Every method that leaves a game
for good returns it, so nothing is lost uncounted.
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

Kept = TypeVar("Kept")


class GameChain(Generic[Kept]):
    def __init__(self, current: Kept, position: Callable[[Kept], int], progressed: Callable[[Kept], bool], *,
                 previous: Kept | None = None, following: Kept | None = None, following_at: int = 0):
        self.current = current
        self.previous = previous  # what `back` brings back
        self.following = following  # what `forward` brings back ...
        self.following_at = following_at  # ... while the current game stands at this position
        self._position = position
        self._progressed = progressed

    def kept(self) -> list[Kept]:
        """The games within reach besides the current one."""
        return [k for k in (self.previous, self.following) if k is not None]

    def replace(self, new: Kept) -> list[Kept]:
        """A new deal or a restart: `new` is in play. Returns the games left for good (the current one if
        nothing was played in it, the game `forward` would have brought back, the one kept before)."""
        left = [] if self.following is None else [self.following]
        self.following = None
        if self._progressed(self.current):
            if self.previous is not None:
                left.append(self.previous)
            self.previous = self.current
        else:
            left.append(self.current)
        self.current = new
        return left

    def can_go_back(self) -> bool:
        return self.previous is not None and self._position(self.current) == 0

    def back(self) -> Kept:
        """Ctrl+Z at the start of a game that replaced another: that game again. Returns it."""
        previous = self.previous
        if previous is None or not self.can_go_back():
            raise ValueError("no game to go back to")
        self.following, self.current, self.previous = self.current, previous, None
        self.following_at = self._position(self.current)
        return self.current

    def can_go_forward(self) -> bool:
        return self.following is not None and self._position(self.current) == self.following_at

    def forward(self) -> Kept:
        """Ctrl+Y after `back`, where `back` left off: the game it left, again. Returns it."""
        following = self.following
        if following is None or not self.can_go_forward():
            raise ValueError("no game to go forward to")
        self.previous, self.current, self.following = self.current, following, None
        return self.current

    def played(self) -> list[Kept]:
        """The first action in the current game (not an undo or redo): every game kept is left for good."""
        left = self.kept()
        self.previous = self.following = None
        return left
