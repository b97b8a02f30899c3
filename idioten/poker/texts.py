"""Poker patience texts for players, in Swedish, English and German, registered into `idioten.i18n`."""

from __future__ import annotations

from idioten import i18n
from idioten.poker.hands import HAND_NAMES
from idioten.poker.scoring import Line

_HANDS = {
    "high card": ("högt kort", "High card", "Höchste Karte"),
    "one pair": ("ett par", "One pair", "Ein Paar"),
    "two pair": ("två par", "Two pair", "Zwei Paare"),
    "three of a kind": ("triss", "Three of a kind", "Drilling"),
    "straight": ("stege", "Straight", "Straße"),
    "flush": ("färg", "Flush", "Flush"),
    "full house": ("kåk", "Full house", "Full House"),
    "four of a kind": ("fyrtal", "Four of a kind", "Vierling"),
    "straight flush": ("färgstege", "Straight flush", "Straight Flush"),
    "royal flush": ("royal flush", "Royal flush", "Royal Flush"),
    "five of a kind": ("femtal", "Five of a kind", "Fünfling"),
}
assert set(_HANDS) == set(HAND_NAMES)

_TEXTS = {
    "poker.game_name": {"sv": "Pokerpatiens", "en": "Poker patience", "de": "Poker-Patience"},
    "poker.line.row": {"sv": "rad {number}", "en": "row {number}", "de": "Reihe {number}"},
    "poker.line.column": {"sv": "kolumn {number}", "en": "column {number}", "de": "Spalte {number}"},
    "poker.line.diagonal": {"sv": "diagonal {number}", "en": "diagonal {number}", "de": "Diagonale {number}"},
    "poker.table.classic": {"sv": "Klassisk", "en": "Classic", "de": "Klassisch"},
    "poker.table.simple": {"sv": "Enkel", "en": "Simple", "de": "Einfach"},
    "poker.table.american": {"sv": "Amerikansk", "en": "American", "de": "Amerikanisch"},
    "poker.table.british": {"sv": "Brittisk", "en": "British", "de": "Britisch"},
    "poker.option.diagonals": {"sv": "Diagonaler räknas", "en": "Diagonals count", "de": "Diagonalen zählen"},
    "poker.option.joker": {"sv": "Med joker", "en": "With joker", "de": "Mit Joker"},
    "poker.option.open": {"sv": "Öppen lek (övning)", "en": "Open deck (practice)", "de": "Offenes Spiel (Übung)"},
    "poker.option.competitive": {"sv": "Mot datorn", "en": "Against the computer", "de": "Gegen den Computer"},
    "poker.joker": {"sv": "Joker", "en": "Joker", "de": "Joker"},
    "poker.drawn_card": {"sv": "Draget kort", "en": "Drawn card", "de": "Gezogene Karte"},
    "poker.score": {"sv": "Poäng: {points}", "en": "Score: {points}", "de": "Punkte: {points}"},
    "poker.line_score": {"sv": "{line}: {hand} ({points})", "en": "{line}: {hand} ({points})",
                         "de": "{line}: {hand} ({points})"},
    "poker.cards_left": {"sv": "{count} kort kvar att lägga", "en": "{count} cards left to place",
                         "de": "Noch {count} Karten zu legen"},
    "poker.game_over": {"sv": "Rutnätet är fullt. Slutpoäng: {points}", "en": "The grid is full. Final score: {points}",
                        "de": "Das Raster ist voll. Endstand: {points}"},
    "poker.you": {"sv": "Du", "en": "You", "de": "Du"},
    "poker.computer": {"sv": "Datorn", "en": "Computer", "de": "Computer"},
    "poker.you_win": {"sv": "Du vann!", "en": "You win!", "de": "Du gewinnst!"},
    "poker.computer_wins": {"sv": "Datorn vann.", "en": "The computer wins.", "de": "Der Computer gewinnt."},
    "poker.draw": {"sv": "Oavgjort.", "en": "A draw.", "de": "Unentschieden."},
    "poker.pick_card": {"sv": "Välj ett kort och en ruta.", "en": "Pick a card and a cell.",
                        "de": "Wähle eine Karte und ein Feld."},
    # The reasons PokerGame.verify_place gives (IllegalAction.code), shown through i18n.reason().
    "rule.no_such_cell": {"sv": "Den rutan finns inte.", "en": "There is no such cell.",
                          "de": "Dieses Feld gibt es nicht."},
    "rule.grid_full": {"sv": "Rutnätet är fullt: spelet är slut.", "en": "The grid is full: the game is over.",
                       "de": "Das Raster ist voll: das Spiel ist aus."},
    "rule.cell_taken": {"sv": "Rutan är upptagen. Ett lagt kort flyttas aldrig.",
                        "en": "That cell is taken. A placed card never moves.",
                        "de": "Das Feld ist belegt. Eine gelegte Karte wird nie bewegt."},
    "rule.not_drawn": {"sv": "Det är inte det dragna kortet.", "en": "That is not the drawn card.",
                       "de": "Das ist nicht die gezogene Karte."},
    "rule.card_not_available": {"sv": "Det kortet finns inte kvar att lägga.",
                                "en": "That card is not left to place.",
                                "de": "Diese Karte ist nicht mehr zu legen."},
}
_TEXTS.update({f"poker.hand.{name}": dict(zip(("sv", "en", "de"), words)) for name, words in _HANDS.items()})
i18n.register(_TEXTS)


def hand_name(category: int) -> str:
    return i18n.t(f"poker.hand.{HAND_NAMES[category]}")


def line_name(line: Line) -> str:
    number = line.name.rsplit(" ", 1)[1]
    return i18n.t(f"poker.line.{line.kind}", number=number)


def table_name(table: str) -> str:
    return i18n.t(f"poker.table.{table}")
