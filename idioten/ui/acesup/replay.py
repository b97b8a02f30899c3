"""Ctrl+V at the table: a game copied from the history of games (or written as `idioten analyse` reads it,
play/acesup/replay.py) dealt again and played back move by move, like the shown solution (autoplay.py). The
computer plays it, so it is not counted again; a lost game's end panel then says where the win was lost."""

from __future__ import annotations

from typing import Protocol

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.play.acesup.replay import parse_line
from idioten.ui.acesup.autoplay import Autoplay, PlayedTable
from idioten.ui.kit.clipboard import get_text
from idioten.ui.kit.scene import Host


class ReplayTable(PlayedTable, Protocol):
    """The table a pasted game is dealt on and played back at (table.py's `TableScene`)."""

    app: Host

    def start_deal(self, game: Game) -> None: ...


def play_back(table: ReplayTable) -> None:
    """The game on the clipboard dealt and played back by the computer (an unreadable one only said so)."""
    try:
        line = parse_line(get_text())
    except ValueError:
        table.say(i18n.t("ui.replay.unreadable"))
        return
    table.start_deal(line.game())
    table.app.push(Autoplay(table.app, table, "replay", line.moves))
