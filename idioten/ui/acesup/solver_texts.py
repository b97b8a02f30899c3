"""Texts of the hint, the demo, the solution and the verdict on each deal, in Swedish, English and German."""

from __future__ import annotations

from idioten import i18n

TEXTS = {
    # The end panel: the truth about the deal.
    "ui.truth.looking": {"sv": "Kunde given ha vunnits? Räknar …", "en": "Could this deal have been won? "
                         "Working it out …", "de": "War dieses Spiel zu gewinnen? Wird berechnet …"},
    "ui.truth.yes": {"sv": "Med full kännedom om talongen kunde given ha vunnits: ja.",
                     "en": "Could have been won with perfect knowledge of the stock: yes.",
                     "de": "Mit voller Kenntnis des Talons war das Spiel zu gewinnen: ja."},
    "ui.truth.no": {"sv": "Med full kännedom om talongen kunde given ha vunnits: nej (bästa möjliga poäng "
                          "{best}).",
                    "en": "Could have been won with perfect knowledge of the stock: no (best possible "
                          "score {best}).",
                    "de": "Mit voller Kenntnis des Talons war das Spiel zu gewinnen: nein (bestmögliche "
                          "Punktzahl {best})."},
    "ui.truth.unknown": {"sv": "Med full kännedom om talongen kunde given ha vunnits: vet inte (sökningen "
                               "hann inte klart).",
                         "en": "Could have been won with perfect knowledge of the stock: not known (the "
                               "search ran out of time).",
                         "de": "Mit voller Kenntnis des Talons war das Spiel zu gewinnen: unbekannt (die "
                               "Suche wurde nicht rechtzeitig fertig)."},
    "ui.truth.failed": {"sv": "Sökningen misslyckades: {reason}", "en": "The search failed: {reason}",
                        "de": "Die Suche ist gescheitert: {reason}"},
    "ui.truth.shown_title": {"sv": "Så kunde given vinnas", "en": "This is how the deal could be won",
                             "de": "So war das Spiel zu gewinnen"},
    "ui.button.show_solution": {"sv": "Visa lösningen", "en": "Show solution", "de": "Lösung zeigen"},
    "ui.truth.keys": {"sv": "L: visa lösningen", "en": "L: show solution", "de": "L: Lösung zeigen"},

    # The live indicator in the status bar.
    "ui.live.winnable": {"sv": "Kan fortfarande vinnas", "en": "Still winnable", "de": "Noch zu gewinnen"},
    "ui.live.unwinnable": {"sv": "Kan inte längre vinnas", "en": "No longer winnable",
                           "de": "Nicht mehr zu gewinnen"},
    "ui.live.unknown": {"sv": "Vinstchans: vet inte än", "en": "Winnable: not known yet",
                        "de": "Gewinnbar: noch unbekannt"},

    # A card in a sentence (the window's font has no suit symbols).

    # Hints.
    "ui.hint.thinking": {"sv": "Tänker på ett tips …", "en": "Thinking of a hint …", "de": "Suche einen Tipp …"},
    "ui.hint.discard": {"sv": "Kasta {card}.", "en": "Discard {card}.", "de": "{card} ablegen."},
    "ui.hint.move": {"sv": "Flytta {card} till hög {pile}.", "en": "Move {card} into pile {pile}.",
                     "de": "{card} auf Stapel {pile} verschieben."},
    "ui.hint.deal": {"sv": "Ge fyra nya kort.", "en": "Deal four more cards.", "de": "Vier neue Karten geben."},
    "ui.hint.deal_keep": {"sv": "Ge nu och behåll {cards}.", "en": "Deal now and keep {cards}.",
                          "de": "Jetzt geben und {cards} behalten."},
    "ui.hint.peeking": {"sv": "Tips (tittar i talongen): {advice}", "en": "Hint (peeks at the stock): {advice}",
                        "de": "Tipp (schaut in den Talon): {advice}"},
    "ui.hint.plain": {"sv": "Tips: {advice}", "en": "Hint: {advice}", "de": "Tipp: {advice}"},
    "ui.hint.lost_rule": {"sv": "Kan inte vinnas härifrån{best}. En enkel regel säger: {advice}",
                          "en": "Cannot be won from here{best}. A simple rule says: {advice}",
                          "de": "Von hier nicht zu gewinnen{best}. Eine einfache Regel sagt: {advice}"},
    "ui.hint.unknown_rule": {"sv": "Ingen vinst hittad i tid. En enkel regel säger: {advice}",
                             "en": "No win found in time. A simple rule says: {advice}",
                             "de": "Kein Gewinn rechtzeitig gefunden. Eine einfache Regel sagt: {advice}"},
    "ui.hint.best": {"sv": " (bästa möjliga: {best})", "en": " (best possible: {best})",
                     "de": " (bestenfalls {best})"},
    "ui.hint.over": {"sv": "Spelet är slut.", "en": "The game is over.", "de": "Das Spiel ist vorbei."},

    # Demo and the shown solution.
    "ui.demo.peeking": {"sv": "Demo: datorn spelar och tittar i talongen · valfri tangent eller klick stoppar",
                        "en": "Demo: the computer plays, peeking at the stock · any key or click stops",
                        "de": "Demo: der Computer spielt und schaut in den Talon · beliebige Taste oder "
                              "Klick hält an"},
    "ui.demo.rule": {"sv": "Demo: datorn spelar efter en enkel regel · valfri tangent eller klick stoppar",
                     "en": "Demo: the computer plays by a simple rule · any key or click stops",
                     "de": "Demo: der Computer spielt nach einer einfachen Regel · beliebige Taste oder "
                           "Klick hält an"},
    "ui.demo.plain": {"sv": "Demo: datorn spelar · valfri tangent eller klick stoppar",
                      "en": "Demo: the computer plays · any key or click stops",
                      "de": "Demo: der Computer spielt · beliebige Taste oder Klick hält an"},
    "ui.demo.thinking": {"sv": "Demo: datorn tänker … · valfri tangent eller klick stoppar",
                         "en": "Demo: the computer is thinking … · any key or click stops",
                         "de": "Demo: der Computer denkt nach … · beliebige Taste oder Klick hält an"},
    "ui.demo.stopped": {"sv": "Demon stoppad: din tur.", "en": "Demo stopped: your turn.",
                        "de": "Demo angehalten: du bist dran."},
    "ui.demo.over": {"sv": "Spelet är redan slut.", "en": "The game is already over.",
                     "de": "Das Spiel ist schon vorbei."},
    "ui.solution.playing": {"sv": "Lösningen, drag {step} av {steps} · valfri tangent eller klick stoppar",
                            "en": "The solution, step {step} of {steps} · any key or click stops",
                            "de": "Die Lösung, Zug {step} von {steps} · beliebige Taste oder Klick hält an"},
    "ui.solution.stopped": {"sv": "Lösningen stoppad.", "en": "Solution stopped.", "de": "Lösung angehalten."},
    "ui.menu.demo": {"sv": "Demo (A)", "en": "Demo (A)", "de": "Demo (A)"},

    # New deal: winnable deals only.
    "ui.deal_search.looking": {"sv": "Letar efter en giv som går att vinna …",
                               "en": "Looking for a winnable deal …",
                               "de": "Suche ein gewinnbares Spiel …"},
    "ui.deal_search.found": {"sv": "Ny giv: {deal} (går att vinna).", "en": "New deal: {deal} (winnable).",
                             "de": "Neues Spiel: {deal} (gewinnbar)."},
    "ui.deal_search.gave_up": {"sv": "Ingen vinnbar giv hittad i tid: {deal} är inte prövad.",
                               "en": "No winnable deal found in time: {deal} is not proven winnable.",
                               "de": "Kein gewinnbares Spiel rechtzeitig gefunden: {deal} ist nicht als "
                                     "gewinnbar bewiesen."},

    # Settings.
    "ui.settings.live_verdict": {"sv": "Visa om given kan vinnas", "en": "Show if still winnable",
                                 "de": "Gewinnbarkeit anzeigen"},
    "ui.settings.winnable_only": {"sv": "Bara givar som kan vinnas", "en": "Winnable deals only",
                                  "de": "Nur gewinnbare Spiele"},
    "store.setting.live_verdict": {"sv": "visa om given kan vinnas", "en": "show if still winnable",
                                   "de": "Gewinnbarkeit anzeigen"},
    "store.setting.winnable_only": {"sv": "bara givar som kan vinnas", "en": "winnable deals only",
                                    "de": "nur gewinnbare Spiele"},
}

i18n.register(TEXTS)
