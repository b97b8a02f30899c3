"""Every visible text, in Swedish, English and German.

Texts live in catalogues: {key: {"sv": ..., "en": ..., "de": ...}}. Each area of the program may keep its
own catalogue and `register` it, so that no single file collects every string of the app. `t(key, **params)`
formats the text in the current language; a missing language falls back to English, so a new text never
shows up as a key.
"""

from __future__ import annotations

import locale
import os

LANGUAGES = ("sv", "en", "de")
DEFAULT_LANGUAGE = "en"

_catalogue: dict[str, dict[str, str]] = {}
_language = DEFAULT_LANGUAGE


def register(texts: dict[str, dict[str, str]]) -> None:
    for key, versions in texts.items():
        if "en" not in versions:
            raise ValueError(f"text {key!r} has no English version")
        if key in _catalogue and _catalogue[key] != versions:
            raise ValueError(f"text {key!r} is registered twice with different wording")
        _catalogue[key] = versions


def detect_language() -> str:
    """The system's language if we speak it, else English."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for value in candidates:
        for part in value.split(":"):
            code = part.strip().lower()[:2]
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


def set_language(language: str | None) -> str:
    global _language
    _language = language if language in LANGUAGES else detect_language()
    return _language


def language() -> str:
    return _language


def t(key: str, **params) -> str:
    versions = _catalogue.get(key)
    if versions is None:
        raise KeyError(f"no text {key!r}")
    text = versions.get(_language) or versions["en"]
    return text.format(**params) if params else text


def keys() -> list[str]:
    return sorted(_catalogue)


SUIT_NAMES = {
    "C": {"sv": "klöver", "en": "club", "de": "Kreuz"},
    "D": {"sv": "ruter", "en": "diamond", "de": "Karo"},
    "H": {"sv": "hjärter", "en": "heart", "de": "Herz"},
    "S": {"sv": "spader", "en": "spade", "de": "Pik"},
}


def suit_name(suit: str) -> str:
    versions = SUIT_NAMES[suit]
    return versions.get(_language) or versions["en"]


# The reasons the rules layer gives (IllegalAction.code), worded for a player.
register({
    "game_name": {"sv": "Idioten", "en": "Aces Up", "de": "Aces Up"},
    "rule.empty_pile": {"sv": "Högen är tom.", "en": "That pile is empty.", "de": "Der Stapel ist leer."},
    "rule.ace_never_discarded": {"sv": "Ett ess kan aldrig kastas.", "en": "An ace is never discarded.",
                                 "de": "Ein Ass wird nie abgelegt."},
    "rule.no_higher_same_suit": {"sv": "Inget högre {suit}kort ligger överst på en annan hög.",
                                 "en": "No higher {suit} on top of another pile.",
                                 "de": "Keine höhere {suit}-Karte oben auf einem anderen Stapel."},
    "rule.same_pile": {"sv": "Kortet ligger redan där.", "en": "The card is already there.",
                       "de": "Die Karte liegt schon dort."},
    "rule.target_not_empty": {"sv": "Kort får bara flyttas till en tom hög.",
                              "en": "Cards move only into an empty pile.",
                              "de": "Karten dürfen nur auf einen leeren Platz."},
    "rule.aces_only_gap": {"sv": "I den här varianten får bara ess flyttas till en tom hög.",
                           "en": "In this variant only an ace may move into a gap.",
                           "de": "In dieser Variante darf nur ein Ass auf einen leeren Platz."},
    "rule.stock_empty": {"sv": "Talongen är slut.", "en": "The stock is empty.", "de": "Der Talon ist leer."},
    "rule.no_such_pile": {"sv": "Den högen finns inte.", "en": "There is no such pile.",
                          "de": "Diesen Stapel gibt es nicht."},
    "rule.unknown_action": {"sv": "Okänt drag.", "en": "Unknown move.", "de": "Unbekannter Zug."},
})


def reason(error) -> str:
    """The player-facing wording of a errors.IllegalAction."""
    params = dict(error.params)
    if "suit" in params:
        params["suit"] = suit_name(params["suit"])
    return t("rule." + error.code, **{k: v for k, v in params.items() if isinstance(v, str)})
