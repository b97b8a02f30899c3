"""Every text the window shows, in Swedish, English and German (registered with idioten.i18n)."""

from __future__ import annotations

from idioten import i18n

TEXTS = {
    "ui.button.new": {"sv": "Ny giv", "en": "New", "de": "Neu"},
    "ui.button.restart": {"sv": "Börja om", "en": "Restart", "de": "Neustart"},
    "ui.button.undo": {"sv": "Ångra", "en": "Undo", "de": "Zurück"},
    "ui.button.redo": {"sv": "Gör om", "en": "Redo", "de": "Vor"},
    "ui.button.hint": {"sv": "Tips", "en": "Hint", "de": "Tipp"},
    "ui.button.menu": {"sv": "Meny", "en": "Menu", "de": "Menü"},
    "ui.button.yes": {"sv": "Ja", "en": "Yes", "de": "Ja"},
    "ui.button.no": {"sv": "Nej", "en": "No", "de": "Nein"},
    "ui.button.new_deal": {"sv": "Ny giv", "en": "New deal", "de": "Neues Spiel"},
    "ui.button.close": {"sv": "Stäng", "en": "Close", "de": "Schließen"},

    "ui.status.deal": {"sv": "Giv {number}", "en": "Deal {number}", "de": "Spiel {number}"},
    "ui.status.custom_deal": {"sv": "Egen giv", "en": "Own deal", "de": "Eigenes Spiel"},
    "ui.status.score": {"sv": "Poäng {score}", "en": "Score {score}", "de": "Punkte {score}"},
    "ui.status.stock": {"sv": "Talong {count}", "en": "Stock {count}", "de": "Talon {count}"},
    "ui.variant.standard": {"sv": "Standard", "en": "Standard", "de": "Standard"},
    "ui.variant.aces-only": {"sv": "Bara ess", "en": "Aces only", "de": "Nur Asse"},
    "ui.label.stock": {"sv": "Talong", "en": "Stock", "de": "Talon"},
    "ui.label.discards": {"sv": "Kastade", "en": "Discards", "de": "Abgelegt"},

    "ui.msg.only_top": {"sv": "Bara det översta kortet i en hög kan användas.",
                        "en": "Only the top card of a pile can be used.",
                        "de": "Nur die oberste Karte eines Stapels ist frei."},
    "ui.msg.hint_later": {"sv": "Tips finns inte än.", "en": "Hints are not available yet.",
                          "de": "Tipps gibt es noch nicht."},
    "ui.msg.nothing_to_undo": {"sv": "Inget att ångra.", "en": "Nothing to undo.",
                               "de": "Nichts zurückzunehmen."},
    "ui.msg.nothing_to_redo": {"sv": "Inget att göra om.", "en": "Nothing to redo.",
                               "de": "Nichts zu wiederholen."},
    "ui.msg.chosen": {"sv": "Hög {pile} vald: D kastar, 1–4 flyttar till en tom hög.",
                      "en": "Pile {pile} chosen: D discards, 1–4 moves it into a gap.",
                      "de": "Stapel {pile} gewählt: D legt ab, 1–4 verschiebt auf einen leeren Platz."},
    "ui.msg.choose_first": {"sv": "Välj först en hög med 1–4.", "en": "Choose a pile with 1–4 first.",
                            "de": "Zuerst mit 1–4 einen Stapel wählen."},
    "ui.msg.no_gap": {"sv": "Ingen tom hög tar emot kortet.", "en": "No empty pile takes this card.",
                      "de": "Kein leerer Platz nimmt diese Karte."},
    "ui.msg.new_deal": {"sv": "Ny giv: {deal}.", "en": "New deal: {deal}.", "de": "Neues Spiel: {deal}."},
    "ui.msg.restarted": {"sv": "Given börjar om.", "en": "The deal starts again.",
                         "de": "Das Spiel beginnt von vorn."},
    "ui.msg.can_go_back": {"sv": "{message} Ctrl+Z tar tillbaka förra spelet.",
                           "en": "{message} Ctrl+Z brings the last game back.",
                           "de": "{message} Strg+Z holt das letzte Spiel zurück."},
    "ui.msg.back": {"sv": "Tillbaka i förra spelet ({deal}), precis som det var.",
                    "en": "Back in the last game ({deal}), just as it was.",
                    "de": "Zurück im letzten Spiel ({deal}), genau wie es war."},

    "ui.confirm.keys": {"sv": "{letter} eller Enter: ja · Esc: nej", "en": "{letter} or Enter: yes · Esc: no",
                        "de": "{letter} oder Enter: ja · Esc: nein"},

    "ui.end.won": {"sv": "Du vann!", "en": "You won!", "de": "Gewonnen!"},
    "ui.end.lost": {"sv": "Spelet är slut", "en": "Game over", "de": "Spiel vorbei"},
    "ui.end.score": {"sv": "Poäng: {score} av 48", "en": "Score: {score} of 48", "de": "Punkte: {score} von 48"},
    "ui.end.keys": {"sv": "N: ny giv · R: börja om · Ctrl+Z: ångra", "en": "N: new deal · R: restart · Ctrl+Z: undo",
                    "de": "N: neues Spiel · R: Neustart · Strg+Z: zurück"},

    "ui.menu.title": {"sv": "Meny", "en": "Menu", "de": "Menü"},
    "ui.menu.rules": {"sv": "Regler (F1)", "en": "Rules (F1)", "de": "Regeln (F1)"},
    "ui.menu.fullscreen": {"sv": "Helskärm (F11)", "en": "Fullscreen (F11)", "de": "Vollbild (F11)"},
    "ui.menu.language": {"sv": "Språk: svenska", "en": "Language: English", "de": "Sprache: Deutsch"},
    "ui.menu.quit": {"sv": "Avsluta (Ctrl+Q)", "en": "Quit (Ctrl+Q)", "de": "Beenden (Strg+Q)"},
    "ui.menu.new": {"sv": "Ny giv (N)", "en": "New deal (N)", "de": "Neues Spiel (N)"},
    "ui.menu.restart": {"sv": "Börja om (R)", "en": "Restart (R)", "de": "Neustart (R)"},
    "ui.menu.close": {"sv": "Stäng (Esc)", "en": "Close (Esc)", "de": "Schließen (Esc)"},

    "ui.rules.title": {"sv": "Så spelar du Idioten", "en": "How to play Aces Up", "de": "So spielt man Aces Up"},
    "ui.rules.goal": {"sv": "Mål: kasta alla kort utom de fyra essen.",
                      "en": "Goal: discard every card except the four aces.",
                      "de": "Ziel: alle Karten außer den vier Assen ablegen."},
    "ui.rules.discard": {"sv": "Klicka på ett översta kort för att kasta det, om ett högre kort i samma färg "
                               "ligger överst på en annan hög.",
                         "en": "Click a top card to discard it when a higher card of the same suit lies on "
                               "top of another pile.",
                         "de": "Eine oberste Karte anklicken, um sie abzulegen, wenn eine höhere Karte der "
                               "gleichen Farbe oben auf einem anderen Stapel liegt."},
    "ui.rules.example": {"sv": "Här får de märkta korten kastas: ett högre kort i deras färg ligger på en annan hög.",
                         "en": "Here the marked cards may go: a higher card of their suit lies on another pile.",
                         "de": "Hier dürfen die markierten Karten weg: eine höhere Karte ihrer Farbe liegt "
                               "auf einem anderen Stapel."},
    "ui.rules.gap": {"sv": "Dra ett översta kort till en tom hög (eller dubbelklicka på det).",
                     "en": "Drag a top card into an empty pile (or double-click it).",
                     "de": "Eine oberste Karte auf einen leeren Platz ziehen (oder doppelklicken)."},
    "ui.rules.deal": {"sv": "Klicka på talongen för att ge fyra nya kort, ett på varje hög — även på tomma "
                            "högar.",
                      "en": "Click the stock to deal four new cards, one onto each pile — empty piles "
                            "are filled too.",
                      "de": "Den Talon anklicken, um vier neue Karten zu geben, eine auf jeden Stapel — "
                            "auch leere Plätze werden gefüllt."},
    "ui.rules.aces": {"sv": "Ess kastas aldrig. Du vinner när bara de fyra essen ligger kvar.",
                      "en": "Aces are never discarded. You win when only the four aces are left.",
                      "de": "Asse werden nie abgelegt. Gewonnen, wenn nur die vier Asse übrig sind."},
    "ui.rules.keys": {"sv": "Tangenter: 1–4 välj hög, D kasta, 1–4 flytta · Mellanslag ge · Ctrl+Z ångra · "
                            "N ny giv · R börja om · H tips · A demo · S statistik",
                      "en": "Keys: 1–4 choose a pile, D discard, 1–4 move · Space deal · Ctrl+Z undo · "
                            "N new deal · R restart · H hint · A demo · S statistics",
                      "de": "Tasten: 1–4 Stapel wählen, D ablegen, 1–4 verschieben · Leertaste geben · "
                            "Strg+Z zurück · N neu · R Neustart · H Tipp · A Demo · S Statistik"},
}

i18n.register(TEXTS)
