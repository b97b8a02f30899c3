"""Poker patience's words for players: hands, lines and scoring tables named in the current language.

The wordings are the messages "poker.*" of the catalogues under idioten/locale/ (see idioten.i18n)."""

from __future__ import annotations

from idioten import i18n
from idioten.poker.hands import HAND_NAMES
from idioten.poker.scoring import Line


def hand_name(category: int) -> str:
    return i18n.t(f"poker.hand.{HAND_NAMES[category]}")


def line_name(line: Line) -> str:
    number = line.name.rsplit(" ", 1)[1]
    return i18n.t(f"poker.line.{line.kind}", number=number)


def table_name(table: str) -> str:
    return i18n.t(f"poker.table.{table}")
