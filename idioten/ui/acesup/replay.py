"""Ctrl+V at the table: a game copied from the history of games (or written as `idioten analyse` reads it,
play/acesup/replay.py) dealt again and played back move by move, like the shown solution (autoplay.py). The
computer plays it, so it is not counted again; a lost game's end panel then says where the win was lost."""

from __future__ import annotations

from idioten import i18n
from idioten.play.acesup.replay import parse_line
from idioten.ui.acesup.autoplay import Autoplay
from idioten.ui.kit.clipboard import get_text


def play_back(table) -> None:  # table: the TableScene
    try:
        line = parse_line(get_text())
    except ValueError:
        table.say(i18n.t("ui.replay.unreadable"))
        return
    table.start_deal(line.game())
    table.app.push(Autoplay(table.app, table, "replay", line.moves))
