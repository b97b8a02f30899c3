"""Poker patience's words in the window: hands, tables, options, lines and refusals in words.

The wordings are the messages "ui.poker.*" of the catalogues under idioten/locale/ (see idioten.i18n); the
rules' refusals are the messages "rule.*" that both games share."""

from __future__ import annotations

from idioten import i18n
from idioten.errors import IllegalAction
from idioten.poker.scoring import Line


def hand_name(name: str) -> str:
    """A hand's name ("two pair") in the player's language."""
    return i18n.t(f"ui.poker.hand.{name.replace(' ', '_')}")


def table_name(table: str) -> str:
    """A scoring table's name in the player's language."""
    return i18n.t(f"ui.poker.table.{table}")


def on_off(value: bool) -> str:
    """"On" or "Off" in the player's language."""
    return i18n.t("ui.poker.on" if value else "ui.poker.off")


def setting_name(key: str) -> str:
    """A statistics key ("classic+diagonals+joker") in words: "Classic, Diagonals, Joker"."""
    parts = key.split("+")
    words = [table_name(parts[0])]
    names = {"diagonals": "ui.poker.diagonals", "joker": "ui.poker.joker", "open": "ui.poker.open_deck"}
    words += [i18n.t(names[p]) for p in parts[1:] if p in names]
    return ", ".join(words)


def line_name(line: Line) -> str:
    """A line's name ("Row 2", "Diagonal 1") in the player's language."""
    kind, number = line.name.split()
    return i18n.t(f"ui.poker.line.{kind}", n=number)


def reason(refusal: IllegalAction) -> str:
    """The rules' refusal worded for the player, as Aces Up words its own (messages "rule.<code>")."""
    try:
        return i18n.reason(refusal)
    except KeyError:
        return str(refusal)
