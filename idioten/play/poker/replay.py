"""A grid of Poker patience from the history as text, and back: the deal, its options and the placements in
the order they were made, so a game can be copied from the statistics' history, kept or sent as text, and
pasted into the window (Ctrl+V at Poker patience's table) to be watched again. No pygame.

    poker --deal 95643853 --table classic --diagonals --placed "QH 13, 7C 1, 2S 25, …"

`--diagonals`, `--joker` and `--open-deck` only when they were on. Each placement is a card (the shared notation,
the joker JK) and the cell it went into, 1–25 row by row (storage/history.py keeps them so). `parse_line` takes
such a text back; a text it cannot read, or whose placements the rules would not allow in turn on that deal,
raises ValueError with the reason. (The window's "play again" needs only the row: `deal_of`.)
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from idioten.cards import CardError, check_deal_number
from idioten.errors import IllegalAction
from idioten.poker.game import PokerGame
from idioten.poker.hands import parse_poker_card
from idioten.poker.options import TABLES
from idioten.poker.scoring import CELLS
from idioten.storage.history import Played

WORD = "poker"
FLAGS = (("diagonals", "--diagonals"), ("joker", "--joker"), ("open", "--open-deck"))  # the key's parts


@dataclass(frozen=True)
class PokerLine:
    deal: int
    table: str
    diagonals: bool = False
    joker: bool = False
    open_deck: bool = False
    placements: tuple[tuple[int, str], ...] = ()  # (cell 0-24, card as written)

    def game(self) -> PokerGame:
        return PokerGame.new(self.deal, self.table, self.diagonals, self.joker, self.open_deck)


def deal_of(row: Played) -> PokerLine:
    """The deal and options a row of the history was played with (its placements too); ValueError for a row
    without a deal number or whose key names no table."""
    if row.deal is None:
        raise ValueError("only a numbered deal can be played again")
    table, *options = row.variant.split("+")
    if table not in TABLES:
        raise ValueError(f"no scoring table {table!r}")
    placements = tuple(_placement(text) for text in row.actions)
    return PokerLine(row.deal, table, "diagonals" in options, "joker" in options, "open" in options, placements)


def line_text(row: Played) -> str:
    """The text of a row (a numbered deal with its placements), as `parse_line` reads it back."""
    line = deal_of(row)
    flags = [flag for name, flag in FLAGS if {"diagonals": line.diagonals, "joker": line.joker,
                                                "open": line.open_deck}[name]]
    placed = ", ".join(row.actions)
    return " ".join([WORD, "--deal", str(line.deal), "--table", line.table, *flags, "--placed", f'"{placed}"'])


def parse_line(text: str) -> PokerLine:
    """The deal, options and placements a pasted text names; ValueError if it names none or the rules would
    refuse a placement."""
    try:
        words = shlex.split(text.replace("\r", " ").replace("\n", " "))
    except ValueError as err:
        raise ValueError(f"unreadable text: {err}") from None
    if not words or words[0] != WORD:
        raise ValueError(f"the text is no game of Poker patience (it starts with {WORD!r})")
    values: dict[str, str] = {}
    for index, word in enumerate(words):
        if word in ("--deal", "--table", "--placed") and index + 1 < len(words):
            values[word[2:]] = words[index + 1]
    if "deal" not in values or "placed" not in values:
        raise ValueError("the text names no --deal and --placed")
    if not re.fullmatch(r"[0-9]{1,10}", values["deal"]):
        raise ValueError("the deal is not a number")
    table = values.get("table", TABLES[0])
    if table not in TABLES:
        raise ValueError(f"no scoring table {table!r}")
    placements = tuple(_placement(part.strip()) for part in values["placed"].split(",") if part.strip())
    line = PokerLine(check_deal_number(int(values["deal"])), table, "--diagonals" in words, "--joker" in words,
                     "--open-deck" in words, placements)
    game = line.game()
    for number, (cell, card) in enumerate(placements, 1):
        try:
            game.place(cell, parse_poker_card(card))
        except (IllegalAction, CardError) as err:
            raise ValueError(f"placement {number} ({card} {cell + 1}) is not allowed: {err}") from None
    return line


def _placement(text: str) -> tuple[int, str]:
    match = re.fullmatch(r"((?:10|[2-9TJQKA])[CDHScdhs]|JK|jk) ([0-9]{1,2})", text)
    if match is None or not 1 <= int(match.group(2)) <= CELLS:
        raise ValueError(f"not a placement: {text!r} (a card and its cell 1-{CELLS}, as \"QH 13\")")
    return int(match.group(2)) - 1, match.group(1).upper()
