"""What is spoken, in the game's language: cards as a player says them ("nine of diamonds", "ruter nio", "Karo
Neun"), the table, a pile, each action's result, Poker patience's drawn card, cells, placements and hands.
Every wording is a catalogue message ("speech.*", "card.*"); no pygame here, so the words are tested alone."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from idioten import i18n

# A card as the messages show it ("9♦", "10♥", "A♠"): spoken, it is named in words.
_SHOWN_CARD = re.compile(r"(?<![\w])(10|[2-9JQKA])([♣♦♥♠])")
_RANK_OF_CHAR = {**{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14}
_SUIT_OF_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
PILES = 4
GRID = 5


def rank_and_suit(rank: int, suit: str) -> str:
    return i18n.t("card.said", rank=i18n.t(f"card.rank.{rank}"), suit=i18n.t(f"card.suit.{suit}"))


def card(named: Any) -> str:
    """A card as a player says it; Poker patience's joker (rank 0) as its word."""
    if named.rank == 0:
        return i18n.t("ui.poker.joker")
    return rank_and_suit(named.rank, named.suit)


def cards(named: Iterable[Any]) -> str:
    return ", ".join(card(c) for c in named)


def plain(text: str) -> str:
    """A message as shown, for the ear: each card it names as the corners show it ("9♦") in words."""
    return _SHOWN_CARD.sub(lambda m: rank_and_suit(_RANK_OF_CHAR[m.group(1)], _SUIT_OF_SYMBOL[m.group(2)]), text)


def sentence(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def lines(texts: Iterable[str]) -> str:
    """Lines shown one under another, said one after another: each ends as a sentence, for the voice's pause."""
    said = [" ".join(plain(text).split()) for text in texts]
    return " ".join(text if text[-1] in ".!?:…" else text + "." for text in said if text)


# -- Aces Up -------------------------------------------------------------------------------------------------

def top_of(game: Any, pile: int) -> str:
    top = game.top(pile)
    return i18n.t("speech.pile.top", pile=pile + 1, card=card(top)) if top is not None else i18n.t(
        "speech.pile.empty", pile=pile + 1)


def table(game: Any) -> str:
    """The four top cards, the stock and the score (the key I, and after each deal)."""
    return i18n.t("speech.table", piles="; ".join(top_of(game, p) for p in range(PILES)),
                  stock=len(game.stock), score=game.score)


def pile(game: Any, index: int) -> str:
    """One pile from the top down (the key P)."""
    cards_in = list(reversed(game.piles[index]))
    if not cards_in:
        return i18n.t("speech.pile.empty", pile=index + 1)
    return i18n.t("speech.pile.down", pile=index + 1, cards=cards(cards_in))


def chosen(game: Any, index: int) -> str:
    top = game.top(index)
    return i18n.t("speech.pile.chosen", pile=index + 1, card=card(top)) if top is not None else i18n.t(
        "speech.pile.empty", pile=index + 1)


def aces_record(record: Any, game: Any, undone: bool = False) -> str:
    """What an action did (a discard, a move, a deal), as the table is now; an undo's record is the action
    taken back."""
    kind = type(record).__name__
    if undone:
        if kind == "Dealt":
            return sentence(i18n.t("speech.undone.deal"), table(game))
        return i18n.t("speech.undone", card=card(record.card), pile=record.pile + 1)
    if kind == "Discarded":
        return i18n.t("speech.discarded", card=card(record.card), left=_left(game, record.pile))
    if kind == "Moved":
        return i18n.t("speech.moved", card=card(record.card), pile=record.target + 1, left=_left(game, record.pile))
    if kind == "Dealt":
        return sentence(i18n.t("speech.dealt"), table(game))  # the table names the four cards dealt
    return ""


def _left(game: Any, pile: int) -> str:
    top = game.top(pile)
    return i18n.t("speech.on_top", card=card(top)) if top is not None else i18n.t("speech.pile.empty", pile=pile + 1)


def aces_change(change: Any, game: Any) -> str:
    """After a change the session made (play/change.py): the action's result, an undo, or the table of the
    game now in play (a new deal, a restart, a game brought back)."""
    if change.replaced:
        return table(game)
    if change.record is None:
        return ""
    return aces_record(change.record, game, undone=change.backwards)


# -- Poker patience ------------------------------------------------------------------------------------------

def cell(index: int) -> str:
    return i18n.t("speech.poker.cell", row=index // GRID + 1, column=index % GRID + 1)


def cell_with(grid: Sequence[Any], index: int) -> str:
    placed = grid[index]
    return i18n.t("speech.poker.cell_holds", cell=cell(index), card=card(placed)) if placed is not None else (
        i18n.t("speech.poker.cell_empty", cell=cell(index)))


def drawn(game: Any) -> str:
    current = game.drawn
    return i18n.t("speech.poker.drawn", card=card(current)) if current is not None else ""


def line_name(name: str) -> str:
    kind, number = name.split()
    return i18n.t(f"speech.poker.{kind}", number=number)


def hand(line: Any) -> str:
    name = i18n.t(f"ui.poker.hand.{line.hand.replace(' ', '_')}")  # as the window names the hands
    return i18n.t("speech.poker.hand", line=line_name(line.line.name), hand=name, points=line.points)


def poker_state(game: Any, cursor: int | None) -> str:
    """The key I in Poker patience: the drawn card, the cursor's cell and the score."""
    where = cell_with(game.grid, cursor) + "." if cursor is not None else ""
    return sentence(drawn(game), where, i18n.t("speech.poker.score", score=game.score().total))


def poker_lines(game: Any, cursor: int | None) -> str:
    """The key P in Poker patience: the cursor's row, then its column, cell by cell."""
    if cursor is None:
        return final_scores(game)
    row = [cell_with(game.grid, cursor // GRID * GRID + c) for c in range(GRID)]
    column = [cell_with(game.grid, r * GRID + cursor % GRID) for r in range(GRID)]
    return sentence("; ".join(row) + ".", "; ".join(column) + ".")


def placed(record: Any, game: Any, cursor: int | None) -> str:
    """A placement: the card and its cell, each hand it completed, then the next card and where the cursor went
    (after the last card the end panel says every hand and the total)."""
    made = [hand(line) for line in record.lines if line.complete]
    parts = [i18n.t("speech.poker.placed", card=card(record.card), cell=cell(record.cell)), *made]
    if not game.is_over():
        parts += [drawn(game), i18n.t("speech.poker.cursor", cell=cell(cursor)) if cursor is not None else ""]
    return sentence(*parts)


def final_scores(game: Any) -> str:
    score = game.score()
    scoring = [hand(line) for line in score.lines if line.points]
    return sentence(*scoring, i18n.t("speech.poker.total", score=score.total))


def poker_undone(record: Any, game: Any) -> str:
    return sentence(i18n.t("speech.poker.undone", card=card(record.card), cell=cell(record.cell)), drawn(game))
