"""The window as Aces Up's end and statistics panels see it: the kit's `Host` and what the window still keeps
for Aces Up (its table, its assistant, the variant of new deals, the save glue). The table and the assistant
cannot name this protocol, since it names them: they type `app` as `Host` once they hold their own references
instead of reaching them through the window."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from idioten.acesup.rules import Game
from idioten.ui.kit.scene import Host

if TYPE_CHECKING:
    from idioten.ui.acesup.assist import Assistant
    from idioten.ui.acesup.table import TableScene
    from idioten.ui.persist import Persistence


class AcesUpHost(Host, Protocol):
    assistant: Assistant
    variant: str
    persist: Persistence | None

    @property
    def table(self) -> TableScene: ...

    def random_game(self) -> Game: ...
    def action_done(self, game: Game, record: object, *, undone: bool = False) -> None: ...
    def show_end(self, game: Game) -> None: ...
