"""Poker patience's texts in the window, in Swedish, English and German (registered with idioten.i18n).

Keys start with "ui.poker." so they never clash with texts the pygame-free poker layer may register."""

from __future__ import annotations

from idioten import i18n

HANDS = {
    "high card": ("Högt kort", "High card", "Höchste Karte"),
    "one pair": ("Ett par", "One pair", "Ein Paar"),
    "two pair": ("Två par", "Two pair", "Zwei Paare"),
    "three of a kind": ("Triss", "Three of a kind", "Drilling"),
    "straight": ("Stege", "Straight", "Straße"),
    "flush": ("Färg", "Flush", "Flush"),
    "full house": ("Kåk", "Full house", "Full House"),
    "four of a kind": ("Fyrtal", "Four of a kind", "Vierling"),
    "straight flush": ("Färgstege", "Straight flush", "Straight Flush"),
    "royal flush": ("Royal flush", "Royal flush", "Royal Flush"),
    "five of a kind": ("Femtal", "Five of a kind", "Fünfling"),
}
TABLE_NAMES = {
    "classic": ("Klassisk", "Classic", "Klassisch"),
    "simple": ("Enkel", "Simple", "Einfach"),
    "american": ("Amerikansk", "American", "Amerikanisch"),
    "british": ("Brittisk", "British", "Britisch"),
}


def _three(words):
    return dict(zip(("sv", "en", "de"), words))


TEXTS = {f"ui.poker.hand.{name.replace(' ', '_')}": _three(words) for name, words in HANDS.items()}
TEXTS.update({f"ui.poker.table.{name}": _three(words) for name, words in TABLE_NAMES.items()})
TEXTS.update({
    "ui.poker.name": {"sv": "Pokerpatiens", "en": "Poker patience", "de": "Poker-Patience"},
    "ui.poker.line.row": {"sv": "Rad {n}", "en": "Row {n}", "de": "Reihe {n}"},
    "ui.poker.line.column": {"sv": "Kolumn {n}", "en": "Column {n}", "de": "Spalte {n}"},
    "ui.poker.line.diagonal": {"sv": "Diagonal {n}", "en": "Diagonal {n}", "de": "Diagonale {n}"},
    "ui.poker.next_card": {"sv": "Nästa kort", "en": "Next card", "de": "Nächste Karte"},
    "ui.poker.choose_card": {"sv": "Valt kort", "en": "Chosen card", "de": "Gewählte Karte"},
    "ui.poker.cards_left": {"sv": "Kvar i leken: {count}", "en": "Cards left: {count}",
                            "de": "Karten übrig: {count}"},
    "ui.poker.to_place": {"sv": "Att lägga: {count}", "en": "To place: {count}", "de": "Noch zu legen: {count}"},
    "ui.poker.total": {"sv": "Summa {total}", "en": "Total {total}", "de": "Summe {total}"},
    "ui.poker.computer_total": {"sv": "Datorn: {total}", "en": "Computer: {total}", "de": "Computer: {total}"},
    "ui.poker.computer_thinking": {"sv": "Datorn tänker ...", "en": "Computer thinking ...",
                                   "de": "Computer denkt ..."},
    "ui.poker.open_deck": {"sv": "Öppen lek", "en": "Open deck", "de": "Offener Stapel"},
    "ui.poker.diagonals": {"sv": "Diagonaler", "en": "Diagonals", "de": "Diagonalen"},
    "ui.poker.joker": {"sv": "Joker", "en": "Joker", "de": "Joker"},
    "ui.poker.competitive": {"sv": "Mot datorn", "en": "Against the computer", "de": "Gegen den Computer"},

    "ui.poker.rule.no_such_cell": {"sv": "Den rutan finns inte.", "en": "There is no such cell.",
                                   "de": "Dieses Feld gibt es nicht."},
    "ui.poker.rule.grid_full": {"sv": "Rutnätet är fullt.", "en": "The grid is full.", "de": "Das Raster ist voll."},
    "ui.poker.rule.cell_taken": {"sv": "Rutan är upptagen: ett lagt kort flyttas aldrig.",
                                 "en": "That cell is taken: a placed card never moves.",
                                 "de": "Das Feld ist belegt: eine gelegte Karte bleibt liegen."},
    "ui.poker.rule.not_drawn": {"sv": "Lägg det dragna kortet.", "en": "Place the drawn card.",
                                "de": "Die gezogene Karte legen."},
    "ui.poker.rule.card_not_available": {"sv": "Det kortet är redan lagt.", "en": "That card is already placed.",
                                         "de": "Diese Karte liegt schon."},
    "ui.poker.msg.click_cell": {"sv": "Klicka på en tom ruta eller dra kortet dit.",
                                "en": "Click an empty cell or drag the card onto it.",
                                "de": "Ein leeres Feld anklicken oder die Karte dorthin ziehen."},
    "ui.poker.msg.hint": {"sv": "Tips: rad {row}, kolumn {column}.", "en": "Hint: row {row}, column {column}.",
                          "de": "Tipp: Reihe {row}, Spalte {column}."},
    "ui.poker.msg.hint_card": {"sv": "Tips: {card} i rad {row}, kolumn {column}.",
                               "en": "Hint: {card} in row {row}, column {column}.",
                               "de": "Tipp: {card} in Reihe {row}, Spalte {column}."},
    "ui.poker.msg.thinking": {"sv": "Tänker ...", "en": "Thinking ...", "de": "Denke nach ..."},
    "ui.poker.msg.computer_failed": {"sv": "Datorspelaren fick ett fel: {error}",
                                     "en": "The computer player failed: {error}",
                                     "de": "Der Computerspieler hatte einen Fehler: {error}"},
    "ui.poker.msg.options_next": {"sv": "Valen gäller från nästa giv.", "en": "The options apply from the next deal.",
                                  "de": "Die Optionen gelten ab dem nächsten Spiel."},
    "ui.poker.msg.chosen": {"sv": "{card} valt: klicka på en tom ruta.", "en": "{card} chosen: click an empty cell.",
                            "de": "{card} gewählt: ein leeres Feld anklicken."},

    "ui.poker.button.options": {"sv": "Val", "en": "Options", "de": "Optionen"},
    "ui.poker.button.stats": {"sv": "Statistik", "en": "Statistics", "de": "Statistik"},
    "ui.poker.button.again": {"sv": "Spela given igen", "en": "Play this deal again",
                              "de": "Dieses Spiel nochmal"},
    "ui.poker.button.deal_with_options": {"sv": "Ny giv med dessa val", "en": "New deal with these options",
                                          "de": "Neues Spiel mit diesen Optionen"},
    "ui.poker.button.previous": {"sv": "« Föregående", "en": "« Previous", "de": "« Zurück"},
    "ui.poker.button.next": {"sv": "Nästa »", "en": "Next »", "de": "Weiter »"},

    "ui.poker.option.table": {"sv": "Poängtabell: {value}", "en": "Scoring: {value}", "de": "Wertung: {value}"},
    "ui.poker.option.diagonals": {"sv": "Diagonaler räknas: {value}", "en": "Diagonals count: {value}",
                                  "de": "Diagonalen zählen: {value}"},
    "ui.poker.option.joker": {"sv": "Joker (vilt kort): {value}", "en": "Joker (wild card): {value}",
                              "de": "Joker (wild): {value}"},
    "ui.poker.option.open_deck": {"sv": "Öppen lek (övning): {value}", "en": "Open deck (practice): {value}",
                                  "de": "Offener Stapel (Übung): {value}"},
    "ui.poker.option.competitive": {"sv": "Mot datorn: {value}", "en": "Against the computer: {value}",
                                    "de": "Gegen den Computer: {value}"},
    "ui.poker.on": {"sv": "på", "en": "on", "de": "an"},
    "ui.poker.off": {"sv": "av", "en": "off", "de": "aus"},
    "ui.poker.options.title": {"sv": "Val för pokerpatiens", "en": "Poker patience options",
                               "de": "Optionen für Poker-Patience"},
    "ui.poker.options.points": {"sv": "Poäng: {list}", "en": "Points: {list}", "de": "Punkte: {list}"},

    "ui.poker.end.title": {"sv": "Rutnätet är fullt", "en": "The grid is full", "de": "Das Raster ist voll"},
    "ui.poker.end.total": {"sv": "Summa: {total} poäng", "en": "Total: {total} points",
                           "de": "Summe: {total} Punkte"},
    "ui.poker.end.best": {"sv": "Ditt bästa ({setting}): {best}", "en": "Your best ({setting}): {best}",
                          "de": "Deine Bestleistung ({setting}): {best}"},
    "ui.poker.end.new_best": {"sv": "Nytt personbästa ({setting})!", "en": "A new personal best ({setting})!",
                              "de": "Neue Bestleistung ({setting})!"},
    "ui.poker.end.computer": {"sv": "Datorn fick {total} med samma kort.",
                              "en": "The computer scored {total} with the same cards.",
                              "de": "Der Computer erzielte {total} mit denselben Karten."},
    "ui.poker.end.you_win": {"sv": "Du vann över datorn!", "en": "You beat the computer!",
                             "de": "Du hast den Computer geschlagen!"},
    "ui.poker.end.computer_wins": {"sv": "Datorn vann den här gången.", "en": "The computer won this time.",
                                   "de": "Diesmal hat der Computer gewonnen."},
    "ui.poker.end.tie": {"sv": "Oavgjort mot datorn.", "en": "A tie with the computer.",
                         "de": "Unentschieden gegen den Computer."},
    "ui.poker.end.keys": {"sv": "A: spela igen · N: ny giv · S: statistik · Ctrl+Z: ångra",
                          "en": "A: play again · N: new deal · S: statistics · Ctrl+Z: undo",
                          "de": "A: nochmal · N: neues Spiel · S: Statistik · Strg+Z: zurück"},

    "ui.poker.stats.title": {"sv": "Statistik: {setting}", "en": "Statistics: {setting}",
                             "de": "Statistik: {setting}"},
    "ui.poker.stats.summary": {"sv": "Spel {games} · medel {mean} · bäst {best}",
                               "en": "Games {games} · mean {mean} · best {best}",
                               "de": "Spiele {games} · Mittel {mean} · Bestwert {best}"},
    "ui.poker.stats.none": {"sv": "Inga spel med de här valen än.", "en": "No games with these options yet.",
                            "de": "Noch keine Spiele mit diesen Optionen."},
    "ui.poker.stats.count_rule": {"sv": "Bara fulla rutnät räknas.", "en": "Only full grids are counted.",
                                  "de": "Nur volle Raster werden gezählt."},

    "ui.poker.rules.title": {"sv": "Så spelar du pokerpatiens", "en": "How to play Poker patience",
                             "de": "So spielt man Poker-Patience"},
    "ui.poker.rules.place": {"sv": "Lägg varje draget kort i en tom ruta i rutnätet 5×5: klicka på rutan eller "
                                   "dra dit kortet. Ett lagt kort flyttas aldrig.",
                             "en": "Place each drawn card in an empty cell of the 5×5 grid: click the cell or "
                                   "drag the card onto it. A placed card never moves.",
                             "de": "Jede gezogene Karte auf ein leeres Feld des 5×5-Rasters legen: Feld "
                                   "anklicken oder Karte dorthin ziehen. Eine gelegte Karte bleibt liegen."},
    "ui.poker.rules.score": {"sv": "Varje rad och kolumn (och diagonal, om de räknas) är en pokerhand. Efter 25 "
                                   "kort är spelet slut; summan av händerna är poängen.",
                             "en": "Each row and column (and diagonal, when they count) is a poker hand. After 25 "
                                   "cards the game is over; the hands' points add up to the score.",
                             "de": "Jede Reihe und Spalte (und Diagonale, wenn sie zählen) ist eine Pokerhand. "
                                   "Nach 25 Karten ist das Spiel vorbei; die Punkte der Hände ergeben die Wertung."},
    "ui.poker.rules.straight": {"sv": "Ess är högt eller lågt i en stege (A-2-3-4-5 och 10-J-D-K-A); en stege går "
                                      "inte runt (D-K-A-2-3 är ingen stege).",
                                "en": "An ace is high or low in a straight (A-2-3-4-5 and 10-J-Q-K-A); straights "
                                      "do not wrap (Q-K-A-2-3 is no straight).",
                                "de": "Ein Ass ist hoch oder niedrig in einer Straße (A-2-3-4-5 und 10-B-D-K-A); "
                                      "Straßen laufen nicht herum (D-K-A-2-3 ist keine Straße)."},
    "ui.poker.rules.keys": {"sv": "Tangenter: pilar + Enter lägg · H tips · O val · S statistik · Ctrl+Z ångra · "
                                  "N ny giv · R börja om · G byt spel",
                            "en": "Keys: arrows + Enter place · H hint · O options · S statistics · Ctrl+Z undo · "
                                  "N new deal · R restart · G switch game",
                            "de": "Tasten: Pfeile + Enter legen · H Tipp · O Optionen · S Statistik · Strg+Z "
                                  "zurück · N neu · R Neustart · G Spiel wechseln"},

    "ui.menu.to_poker": {"sv": "Spela pokerpatiens (G)", "en": "Play Poker patience (G)",
                         "de": "Poker-Patience spielen (G)"},
    "ui.menu.to_idioten": {"sv": "Spela Idioten (G)", "en": "Play Aces Up (G)", "de": "Aces Up spielen (G)"},
})

i18n.register(TEXTS)


def hand_name(name: str) -> str:
    return i18n.t(f"ui.poker.hand.{name.replace(' ', '_')}")


def table_name(table: str) -> str:
    return i18n.t(f"ui.poker.table.{table}")


def on_off(value: bool) -> str:
    return i18n.t("ui.poker.on" if value else "ui.poker.off")


def setting_name(key: str) -> str:
    """A statistics key ("classic+diagonals+joker") in words: "Classic, Diagonals, Joker"."""
    parts = key.split("+")
    words = [table_name(parts[0])]
    names = {"diagonals": "ui.poker.diagonals", "joker": "ui.poker.joker", "open": "ui.poker.open_deck"}
    words += [i18n.t(names[p]) for p in parts[1:] if p in names]
    return ", ".join(words)


def line_name(line) -> str:
    kind, number = line.name.split()
    return i18n.t(f"ui.poker.line.{kind}", n=number)


def reason(refusal) -> str:
    try:
        return i18n.t("ui.poker.rule." + refusal.code)
    except KeyError:
        return str(refusal)


def card_label(card) -> str:
    """A card as its corner shows it ("4♠"), drawn as a small card (kit/fonts.py); the joker in words."""
    if card.rank == 0:
        return i18n.t("ui.poker.joker")
    return card.pretty()
