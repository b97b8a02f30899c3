"""The storage layer's player-facing lines (one line each) in Swedish, English and German."""

from idioten import i18n

_UNSAVED = {
    "sv": "spelet fortsätter men sparas inte.",
    "en": "play goes on, but is not saved.",
    "de": "das Spiel geht weiter, wird aber nicht gespeichert.",
}
_WRITE_REASONS = {
    "denied": {"sv": " (behörighet saknas)", "en": " (permission denied)", "de": " (keine Berechtigung)"},
    "readonly": {"sv": " (skrivskyddad)", "en": " (read-only)", "de": " (schreibgeschützt)"},
    "full": {"sv": " (disken är full)", "en": " (disk full)", "de": " (Datenträger voll)"},
    "other": {"sv": "", "en": "", "de": ""},
}
_CANNOT_SAVE = {"sv": "Kan inte spara i {{folder}}{reason}: ", "en": "Cannot save in {{folder}}{reason}: ",
                "de": "Speichern in {{folder}} nicht möglich{reason}: "}

TEXTS = {
    "store.bad_file": {
        "sv": "{file} var skadad och har flyttats undan som {aside}; standardvärden används.",
        "en": "{file} was damaged and has been moved aside as {aside}; defaults are used.",
        "de": "{file} war beschädigt und wurde als {aside} beiseitegelegt; es gelten die Standardwerte.",
    },
    "store.newer_file": {
        "sv": "{file} kommer från en nyare version av spelet och har flyttats undan som {aside}.",
        "en": "{file} is from a newer version of this game and has been moved aside as {aside}.",
        "de": "{file} stammt aus einer neueren Version dieses Spiels und wurde als {aside} beiseitegelegt.",
    },
    "store.bad_file_kept": {
        "sv": "{file} gick inte att läsa och lämnas orörd; ändringar i den sparas inte.",
        "en": "{file} could not be read and is left untouched; changes to it are not saved.",
        "de": "{file} ist nicht lesbar und bleibt unverändert; Änderungen daran werden nicht gespeichert.",
    },
    "store.bad_setting": {
        "sv": "Inställningen ”{name}” var ogiltig; standardvärdet används.",
        "en": "The setting “{name}” was invalid; the default is used.",
        "de": "Die Einstellung „{name}“ war ungültig; es gilt der Standardwert.",
    },
    "store.setting.variant": {"sv": "variant", "en": "variant", "de": "Variante"},
    "store.setting.animation": {"sv": "animering", "en": "animation", "de": "Animation"},
    "store.setting.auto_discard": {"sv": "kasta automatiskt", "en": "automatic discard",
                                   "de": "automatisch ablegen"},
    "store.setting.highlight_discardable": {"sv": "markera kort som kan kastas",
                                            "en": "highlight discardable cards",
                                            "de": "ablegbare Karten hervorheben"},
    "store.setting.four_colour": {"sv": "fyrfärgskortlek", "en": "four-colour deck", "de": "Vierfarbenblatt"},
    "store.setting.card_back": {"sv": "kortbaksida", "en": "card back", "de": "Kartenrückseite"},
    "store.setting.language": {"sv": "språk", "en": "language", "de": "Sprache"},
}
for _kind, _reason in _WRITE_REASONS.items():
    TEXTS[f"store.write_failed.{_kind}"] = {
        lang: _CANNOT_SAVE[lang].format(reason=_reason[lang]) + _UNSAVED[lang] for lang in i18n.LANGUAGES}

i18n.register(TEXTS)
