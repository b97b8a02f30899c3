"""Every visible text, in each language a catalogue is found for.

Each language has one gettext catalogue, `idioten/locale/<language>/LC_MESSAGES/idioten.po`; the languages
are the catalogues found there (adding one is adding a file: `LANGUAGES`), each naming itself in its own
words in its message `language.name` ("Suomi", "Français"), which the settings screen shows. A message's
msgid is its key ("ui.button.new") and its msgstr the wording, with `{name}` fields that `t(key, **params)`
fills in. A text that says a count ("1 point", "2 points") is a plural message: `msgid_plural` and one
`msgstr[i]` per form, the form for a count picked by the catalogue's `Plural-Forms` rule (`tn(key, n,
**params)`). The English file is the reference: every key the code uses is in it, and the others have
exactly its keys (tests/test_texts.py checks them against it and the code, and names the keys a catalogue
lacks: those show in English until translated).

Translators' tools. The msgids are keys, which is gettext's "monolingual" form: Weblate opens it as such
with the English catalogue as its base file and shows the English beside each entry. Poedit knows no base
file, so every other catalogue carries the English text on each entry as an extracted comment (`#.`), which
Poedit shows beside the entry as its note for translators. tools/sync_catalogues.py writes those comments
(and adds a key English has as an empty entry, which both tools list as untranslated); tests/test_texts.py
fails, naming the tool, when a catalogue is out of step. Chosen over an English template (idioten.pot):
a template's msgids must be the catalogues' own for the tools to merge with it, and ours are keys, so a
template would show translators keys again; English msgids instead would make every change of an English
wording orphan its translations.

The .po files are read by idioten/po.py rather than compiled to .mo: they then ship as they are (package
data, and the executable's data), with no build step that could leave a stale .mo behind, and neither
gettext's classes nor `locale` are loaded before the window's first picture. Each catalogue is read the
first time a text of its language is needed, and each falls back to the English one, so a message a
translation lacks shows in English, never as a key.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from idioten.po import PluralRule, english_plural, parse_po

DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "idioten"
LANGUAGE_NAME = "language.name"  # each catalogue's own name for its language ("Svenska")


def found_languages(folder: Path | None = None) -> tuple[str, ...]:
    """The languages a catalogue is found for, by code: a folder listing, no file read (nor a glob, whose
    patterns would be compiled before the first picture)."""
    folder = LOCALE_DIR if folder is None else folder
    try:
        found = [entry.name for entry in folder.iterdir() if (entry / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()]
    except OSError:
        found = []
    return tuple(sorted(found))


LANGUAGES = found_languages()

_language = DEFAULT_LANGUAGE
_translations: dict[str, "Catalogue"] = {}


class Catalogue:
    """One language's messages, read from its .po file; unknown messages go to the fallback (English). gettext's
    own classes are not needed for that, and the window's package, which loads this module before its first
    picture, need not load them (nor `locale`) then."""

    def __init__(self, messages: dict[str, str], plurals: dict[str, tuple[str, ...]] | None = None,
                 plural: PluralRule = english_plural):
        self.messages = messages
        self.plurals = plurals or {}
        self.plural = plural
        self.fallback: Catalogue | None = None

    def add_fallback(self, fallback: Catalogue) -> None:
        self.fallback = fallback

    def gettext(self, message: str) -> str:
        text = self.messages.get(message)
        if text is not None:
            return text
        return self.fallback.gettext(message) if self.fallback else message

    def ngettext(self, message: str, n: int) -> str:
        """The form of a plural message for the count n, by this language's rule; a message this language lacks
        comes from the fallback by its own rule."""
        forms = self.plurals.get(message)
        if forms is not None:
            return forms[self.plural(n)]
        return self.fallback.ngettext(message, n) if self.fallback else message


class NamedCard(Protocol):
    """A card as messages name it (idioten.cards.Card, Poker patience's joker): the vocabulary's modules import
    none of each other, so this one says only what it asks of a card."""

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> str: ...

    def pretty(self) -> str: ...


class Refusal(Protocol):
    """What `reason` reads of an IllegalAction (idioten.errors)."""

    code: str
    params: dict[str, object]


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue(language: str) -> Catalogue:
    """The language's catalogue, read once; every language but English falls back to English. A translation
    that cannot be read leaves the window in English rather than stopping it; English itself must be there
    (without it the install is broken, and the smoke test says so)."""
    found = _translations.get(language)
    if found is None:
        path = po_path(language)
        try:
            po = parse_po(path.read_text(encoding="utf-8"), path.name)
            found = Catalogue(po.messages, po.plurals, po.plural)
        except (OSError, ValueError):
            if language == DEFAULT_LANGUAGE:
                raise
            found = Catalogue({})
        if language != DEFAULT_LANGUAGE:
            found.add_fallback(catalogue(DEFAULT_LANGUAGE))
        _translations[language] = found
    return found


def language_name(language: str) -> str:
    """The language's name in its own words ("Suomi"), from its catalogue; its code if the catalogue has none
    (never the English catalogue's, which would name every language "English")."""
    return catalogue(language).messages.get(LANGUAGE_NAME, language)


# What a system says about its languages, as detect_language takes it: SDL's preferred locales (a list of
# {"language": "sv", "country": "SE"}, pygame.system.get_pref_locales()), or a callable giving one (it may
# raise); the window registers pygame's with `use_system_locales`, since this module never imports pygame.
PreferredLocales = Sequence[Any] | Callable[[], Sequence[Any]] | None

# Windows names its locales in English words ("Swedish_Sweden.1252", "Norwegian Bokmål_Norway.1252"; older
# versions "Norwegian (Bokmål)"). Only these matter: the name is Windows' last answer, after SDL's list of
# preferred locales, which names every language by its code.
_WINDOWS_NAMES = {"swedish": "sv", "english": "en", "german": "de", "danish": "da", "norwegian": "nb",
                  "norwegian bokmål": "nb", "norwegian (bokmål)": "nb", "norwegian nynorsk": "nn",
                  "norwegian (nynorsk)": "nn", "finnish": "fi", "french": "fr", "spanish": "es"}
# A language we have no catalogue for, read in one we have: Nynorsk's readers read Bokmål, and "no" is the
# two written Norwegians' common code (older systems give it for Bokmål).
_NEAREST = {"nn": "nb", "no": "nb"}
_GETTEXT_LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG")  # the first one set is the locale of messages
_system_locales: PreferredLocales = None


def language_code(tag: Any) -> str | None:
    """The language a locale name means, in lower case, or None for no language (C, POSIX, empty, not a
    name): "sv-SE", "sv_SE.UTF-8", "sv_SE@euro" and "sv" give "sv"; Windows' "Swedish_Sweden(.1252)" too;
    "nb-NO" gives "nb".

    >>> [language_code(tag) for tag in ("de-AT", "sv_SE.UTF-8", "German_Germany", "C.UTF-8", "", None)]
    ['de', 'sv', 'de', None, None, None]
    """
    if not isinstance(tag, str):
        return None
    name = re.split(r"[.@]", tag.strip(), maxsplit=1)[0]  # without the encoding and the modifier
    head = re.split(r"[-_]", name, maxsplit=1)[0].lower().strip()
    if head in _WINDOWS_NAMES:
        return _WINDOWS_NAMES[head]
    if re.fullmatch(r"[a-z]{2,3}", head) and name.upper() not in ("C", "POSIX"):
        return head
    return None


def _gettext_order(environ: Mapping[str, str]) -> list[str]:
    """The locale names GNU gettext tries, in its order: LANGUAGE's colon list first, unless the locale of
    messages (the first set of LC_ALL, LC_MESSAGES, LANG) is C or POSIX, where gettext ignores LANGUAGE (unset
    counts as C: a program's locale until it is set); then that locale itself."""
    locale_name = next((value for name in _GETTEXT_LOCALE if (value := environ.get(name))), "")
    if language_code(locale_name) is None:
        return []
    return [part for part in environ.get("LANGUAGE", "").split(":") if part] + [locale_name]


def _asked(source: Any) -> Any:
    """A system's answer: the value, or what the callable gives; an answer that cannot be had is none."""
    if not callable(source):
        return source
    try:
        return source()
    except Exception:  # the system's own call failed (no SDL, a locale Python cannot read): no answer
        return None


def _preferred_names(answer: Any) -> list[Any]:
    """SDL's list as names, in its order; an entry that is not a locale is passed over."""
    if not isinstance(answer, (list, tuple)):
        return []
    names = []
    for entry in answer:
        if isinstance(entry, Mapping):
            entry = entry.get("language")
        names.append(entry)
    return names


def preferred_languages(environ: Mapping[str, str] | None = None, platform: str | None = None,
                        preferred: PreferredLocales = None, system_locale: Any = None) -> list[str]:
    """Every language the system names, in its order of preference, each once.

    Linux and the other Unix systems: the environment in gettext's order (a double-clicked program there has
    the session's variables). Windows and macOS: the system's own list (`preferred`, SDL's preferred locales),
    then on Windows the user's locale (`system_locale`, by default locale.getlocale(): ("Swedish_Sweden",
    "1252")), on macOS the environment (a program started from a terminal has one)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        if system_locale is None:
            import locale
            system_locale = locale.getlocale
        user_locale = _asked(system_locale)
        names = _preferred_names(_asked(preferred)) + [user_locale[0] if isinstance(user_locale, tuple)
                                                        and user_locale else user_locale]
    elif platform == "darwin":
        names = _preferred_names(_asked(preferred)) + _gettext_order(environ)
    else:
        names = _gettext_order(environ)
    codes = []
    for name in names:
        code = language_code(name)
        if code is not None and code not in codes:
            codes.append(code)
    return codes


def detect_language(environ: Mapping[str, str] | None = None, platform: str | None = None,
                    preferred: PreferredLocales = None, system_locale: Any = None) -> str:
    """The first language in the system's order of preference that we have a catalogue for, or whose nearest
    language we have (Nynorsk: Bokmål); English if none. `preferred` None takes the list the window registered
    (`use_system_locales`)."""
    if preferred is None:
        preferred = _system_locales
    for code in preferred_languages(environ, platform, preferred, system_locale):
        if code in LANGUAGES:
            return code
        if _NEAREST.get(code) in LANGUAGES:
            return _NEAREST[code]
    return DEFAULT_LANGUAGE


def use_system_locales(source: PreferredLocales) -> None:
    """Where detect_language reads the system's preferred locales on Windows and macOS (the window passes
    pygame.system.get_pref_locales)."""
    global _system_locales
    _system_locales = source


def set_language(language: str | None) -> str:
    """`language`, or the system's (detect_language) when None or not one we have a catalogue for."""
    global _language
    _language = language if language in LANGUAGES else detect_language()
    return _language


def language() -> str:
    return _language


def t(key: str, **params: object) -> str:
    """The message `key` in the current language, its {fields} filled from `params`; KeyError if no such
    message exists (a typo in a key fails loudly in the tests instead of showing the key to a player), or if
    it is a plural message (it needs its count: `tn`)."""
    if key not in catalogue(DEFAULT_LANGUAGE).messages:
        raise KeyError(f"no text {key!r}" + (" (a plural message: tn)" if key in plural_keys() else ""))
    text = catalogue(_language).gettext(key)
    return text.format(**params) if params else text


def tn(key: str, n: int, **params: object) -> str:
    """The plural message `key` in the current language, in the form its rule gives for the count `n` ("1
    point", "2 points"), its {fields} filled from `params` (the count among them, under its own name);
    KeyError if there is no such plural message."""
    if key not in catalogue(DEFAULT_LANGUAGE).plurals:
        raise KeyError(f"no plural text {key!r}")
    return catalogue(_language).ngettext(key, n).format(**params)


def keys() -> list[str]:
    """Every message's key, plural ones too (the English catalogue is the reference)."""
    english = catalogue(DEFAULT_LANGUAGE)
    return sorted(set(english.messages) | set(english.plurals))


def plural_keys() -> list[str]:
    return sorted(catalogue(DEFAULT_LANGUAGE).plurals)


def suit_name(suit: str) -> str:
    """The suit ("C", "D", "H", "S") as a word: "club", "klöver", "Kreuz"."""
    return t(f"suit.{suit}")


def card_name(card: NamedCard) -> str:
    """A card as a message names it: as its corner shows it ("Q♥", drawn as a small card in the deck's
    colours, ui/kit/fonts.py), the same in every language; Poker patience's joker (rank 0) in words."""
    if card.rank == 0:
        return t("ui.poker.joker")
    return card.pretty()


def spoken_card_name(card: NamedCard) -> str:
    """A card as a player says it in the current language: "nine of diamonds", "ruter nio", "Karo Neun",
    "neuf de carreau"; Poker patience's joker as its word."""
    if card.rank == 0:
        return t("ui.poker.joker")
    return t("card.said", rank=t(f"card.rank.{card.rank}"), suit=t(f"card.suit.{card.suit}"))


def reason(error: Refusal) -> str:
    """The player-facing wording of an IllegalAction (idioten.errors)."""
    params = dict(error.params)
    if isinstance(params.get("suit"), str):
        params["suit"] = suit_name(str(params["suit"]))
    return t("rule." + error.code, **{k: v for k, v in params.items() if isinstance(v, str)})
