"""A game of the history as text, and back: the line `idioten analyse` reads, so a game can be copied from the
statistics panel, analysed on the command line, and pasted into the window to be watched again. No pygame.

    idioten analyse --deal 1234 --variant aces-only --moves "discard 1, move 2 1, deal"

(`--variant` only when it is not the standard one). `parse_line` takes such a text back, also with only
`--deal N --moves "…"`, or the moves on a line of their own after a deal number; a text it cannot read, or
whose moves are not legal in turn from that deal, raises ValueError with the reason.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from idioten.acesup.analysis import parse_moves, positions_along
from idioten.acesup.options import STANDARD, VARIANTS
from idioten.acesup.rules import Action, Game
from idioten.cards import check_deal_number, deal_cards
from idioten.storage.history import Played

COMMAND = "idioten analyse"


@dataclass(frozen=True)
class PlayedLine:
    deal: int
    variant: str
    moves: tuple[Action, ...]

    def game(self) -> Game:
        return Game.new(deal_cards(self.deal), self.variant, self.deal)


def line_text(row: Played) -> str:
    """The command line that analyses `row` (a numbered deal with moves)."""
    if row.deal is None:
        raise ValueError("only a numbered deal can be named on the command line")
    variant = "" if row.variant == STANDARD else f" --variant {row.variant}"
    return f'{COMMAND} --deal {row.deal}{variant} --moves "{row.moves_text()}"'


def parse_line(text: str) -> PlayedLine:
    """The deal, variant and moves a pasted text names; ValueError if it names none or they are not legal."""
    try:
        words = shlex.split(text.replace("\r", " ").replace("\n", " "))
    except ValueError as err:
        raise ValueError(f"unreadable text: {err}") from None
    options: dict[str, str] = {}
    for index, word in enumerate(words):
        if word in ("--deal", "--variant", "--moves") and index + 1 < len(words):
            options[word[2:]] = words[index + 1]
    if "deal" not in options or "moves" not in options:
        raise ValueError("the text names no --deal and --moves")
    if not re.fullmatch(r"[0-9]{1,10}", options["deal"]):
        raise ValueError("the deal is not a number")
    deal = check_deal_number(int(options["deal"]))
    variant = options.get("variant", STANDARD)
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}")
    moves = tuple(parse_moves(options["moves"]))
    line = PlayedLine(deal, variant, moves)
    positions_along(line.game(), list(moves))  # ValueError naming the move that is not legal
    return line
