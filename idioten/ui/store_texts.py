"""Texts of the statistics and settings screens and of the saved game, in Swedish, English and German."""

from __future__ import annotations

from idioten import i18n

TEXTS = {
    "ui.menu.stats": {"sv": "Statistik (S)", "en": "Statistics (S)", "de": "Statistik (S)"},
    "ui.menu.settings": {"sv": "Inställningar", "en": "Settings", "de": "Einstellungen"},
    "ui.msg.auto_discarded": {"sv": "{card} kastades automatiskt (Ctrl+Z tar tillbaka det).",
                              "en": "{card} was discarded automatically (Ctrl+Z takes it back).",
                              "de": "{card} wurde automatisch abgelegt (Strg+Z nimmt es zurück)."},

    "ui.stats.title": {"sv": "Statistik", "en": "Statistics", "de": "Statistik"},
    "ui.stats.played": {"sv": "Spelade", "en": "Played", "de": "Gespielt"},
    "ui.stats.won": {"sv": "Vunna", "en": "Won", "de": "Gewonnen"},
    "ui.stats.win_rate": {"sv": "Vinstandel", "en": "Win rate", "de": "Gewinnquote"},
    "ui.stats.won_without_undo": {"sv": "Vunna utan ångra", "en": "Won without undo",
                                  "de": "Gewonnen ohne Zurück"},
    "ui.stats.current_streak": {"sv": "Vinster i rad nu", "en": "Current streak", "de": "Aktuelle Serie"},
    "ui.stats.best_streak": {"sv": "Flest vinster i rad", "en": "Best streak", "de": "Beste Serie"},
    "ui.stats.best_score": {"sv": "Bästa poäng", "en": "Best score", "de": "Beste Punktzahl"},
    "ui.stats.average_score": {"sv": "Medelpoäng", "en": "Average score", "de": "Durchschnitt"},
    "ui.stats.total_points": {"sv": "Poäng totalt", "en": "Total points", "de": "Punkte gesamt"},
    "ui.stats.histogram": {"sv": "Poäng per spel (48 = vunnet)", "en": "Score per game (48 = won)",
                           "de": "Punkte pro Spiel (48 = gewonnen)"},
    "ui.stats.games_axis": {"sv": "{count} spel", "en": "{count} games", "de": "{count} Spiele"},
    "ui.stats.empty": {"sv": "Inga spel i den här varianten än.", "en": "No games in this variant yet.",
                       "de": "Noch keine Spiele in dieser Variante."},
    "ui.stats.reset": {"sv": "Nollställ …", "en": "Reset …", "de": "Zurücksetzen …"},
    "ui.stats.confirm_reset": {"sv": "Nollställa all statistik för Idioten (båda varianterna)?",
                               "en": "Reset all Aces Up statistics (both variants)?",
                               "de": "Alle Statistiken für Aces Up zurücksetzen (beide Varianten)?"},
    "ui.stats.confirm_keys": {"sv": "Delete eller Enter: ja · Esc: nej", "en": "Delete or Enter: yes · Esc: no",
                              "de": "Entf oder Enter: ja · Esc: nein"},
    "ui.stats.keys": {"sv": "Tabb: variant · Delete: nollställ · Esc: stäng",
                      "en": "Tab: variant · Delete: reset · Esc: close",
                      "de": "Tab: Variante · Entf: zurücksetzen · Esc: schließen"},
    "ui.stats.reset_done": {"sv": "Statistiken är nollställd.", "en": "The statistics have been reset.",
                            "de": "Die Statistik wurde zurückgesetzt."},

    "ui.settings.title": {"sv": "Inställningar", "en": "Settings", "de": "Einstellungen"},
    "ui.settings.variant": {"sv": "Variant", "en": "Variant", "de": "Variante"},
    "ui.settings.animation": {"sv": "Animering", "en": "Animation", "de": "Animation"},
    "ui.settings.auto_discard": {"sv": "Kasta automatiskt", "en": "Automatic discard",
                                 "de": "Automatisch ablegen"},
    "ui.settings.highlight_discardable": {"sv": "Markera kort som kan kastas", "en": "Highlight discardable cards",
                                          "de": "Ablegbare Karten markieren"},
    "ui.settings.four_colour": {"sv": "Fyrfärgskortlek", "en": "Four-colour deck", "de": "Vierfarbenblatt"},
    "ui.settings.card_back": {"sv": "Kortbaksida", "en": "Card back", "de": "Kartenrückseite"},
    "ui.settings.language": {"sv": "Språk", "en": "Language", "de": "Sprache"},
    "ui.settings.off": {"sv": "Av", "en": "Off", "de": "Aus"},
    "ui.settings.on": {"sv": "På", "en": "On", "de": "An"},
    "ui.settings.animation.off": {"sv": "Av", "en": "Off", "de": "Aus"},
    "ui.settings.animation.fast": {"sv": "Snabb", "en": "Fast", "de": "Schnell"},
    "ui.settings.animation.normal": {"sv": "Normal", "en": "Normal", "de": "Normal"},
    "ui.settings.animation.slow": {"sv": "Långsam", "en": "Slow", "de": "Langsam"},
    "ui.settings.card_back.blue": {"sv": "Blå", "en": "Blue", "de": "Blau"},
    "ui.settings.card_back.red": {"sv": "Röd", "en": "Red", "de": "Rot"},
    "ui.settings.language.sv": {"sv": "Svenska", "en": "Svenska", "de": "Svenska"},
    "ui.settings.language.en": {"sv": "English", "en": "English", "de": "English"},
    "ui.settings.language.de": {"sv": "Deutsch", "en": "Deutsch", "de": "Deutsch"},
    "ui.settings.variant_note": {"sv": "En ny variant gäller från nästa giv (genast om den här inte har börjat).",
                                 "en": "A new variant applies from the next deal (at once if this one has not "
                                       "been started).",
                                 "de": "Eine neue Variante gilt ab dem nächsten Spiel (sofort, wenn dieses noch "
                                       "nicht begonnen hat)."},
    "ui.settings.variant_fixed": {"sv": "Varianten är vald på kommandoraden för den här körningen.",
                                  "en": "The variant was chosen on the command line for this run.",
                                  "de": "Die Variante wurde für diesen Lauf in der Befehlszeile gewählt."},
    "ui.settings.auto_note": {"sv": "Kasta automatiskt kastar så fort det går. Ibland är det bättre att "
                                    "behålla ett kort; Ctrl+Z tar tillbaka ett kast.",
                              "en": "Automatic discard discards whenever it can. Sometimes keeping a card is "
                                    "better play; Ctrl+Z takes a discard back.",
                              "de": "Automatisch ablegen legt ab, sobald es geht. Manchmal ist es besser, "
                                    "eine Karte zu behalten; Strg+Z nimmt ein Ablegen zurück."},
    "ui.settings.keys": {"sv": "Piltangenter: välj rad och värde · Esc: stäng",
                         "en": "Arrow keys: choose a row and a value · Esc: close",
                         "de": "Pfeiltasten: Zeile und Wert wählen · Esc: schließen"},
}

i18n.register(TEXTS)
