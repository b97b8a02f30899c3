"""Every visible text, in Swedish, English and German.

Each language has one gettext catalogue, `idioten/locale/<language>/LC_MESSAGES/idioten.po`, the format
translators' tools read. A message's msgid is its key ("ui.button.new") and its msgstr the wording, with
`{name}` fields that `t(key, **params)` fills in. The English file is the reference: every key the code uses
is in it, and the other two have exactly its keys (tests/test_texts.py checks both against the code).

The .po files are read by the small parser below rather than compiled to .mo: they then ship as they are
(package data, and the executable's data), with no build step that could leave a stale .mo behind. Each
catalogue is read the first time a text of its language is needed, and each falls back to the English one,
so a message a translation lacks shows in English, never as a key.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

LANGUAGES = ("sv", "en", "de")
DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "idioten"

_language = DEFAULT_LANGUAGE
_translations: dict[str, "Catalogue"] = {}


class Catalogue:
    """One language's messages, read from its .po file; unknown messages go to the fallback (English). gettext's
    own classes are not needed for that, and the window's package, which loads this module before its first
    picture, need not load them (nor `locale`) then."""

    def __init__(self, messages: dict[str, str]):
        self.messages = messages
        self.fallback: Catalogue | None = None

    def add_fallback(self, fallback: Catalogue) -> None:
        self.fallback = fallback

    def gettext(self, message: str) -> str:
        text = self.messages.get(message)
        if text is not None:
            return text
        return self.fallback.gettext(message) if self.fallback else message


class NamedCard(Protocol):
    """A card as messages name it (idioten.cards.Card, Poker patience's joker): the vocabulary's modules import
    none of each other, so this one says only what it asks of a card."""

    @property
    def rank(self) -> int: ...

    def pretty(self) -> str: ...


class Refusal(Protocol):
    """What `reason` reads of an IllegalAction (idioten.errors)."""

    code: str
    params: dict[str, object]


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r"}  # any other escaped character stands for itself (\" and \\)
_ESCAPE = re.compile(r"\\(.)")


def _unquote(token: str, where: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {token!r}")
    body = token[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def parse_po(text: str, name: str = "<po>") -> dict[str, str]:
    """The translated messages of a .po file: {msgid: msgstr}, without the header, fuzzy or empty entries.

    >>> parse_po('msgid "a.b"\\nmsgstr ""\\n"Hello, "\\n"{name}!"\\n')
    {'a.b': 'Hello, {name}!'}
    """
    messages: dict[str, str] = {}
    seen: set[tuple[str | None, str]] = set()
    entry: dict[str, str] = {}
    field = None
    fuzzy = False

    def finish() -> None:
        nonlocal entry, fuzzy, field
        msgid, msgstr = entry.get("msgid"), entry.get("msgstr")
        if "msgid" in entry and msgstr is None:
            raise ValueError(f"{name}: message {msgid!r} has no msgstr")
        if msgid is not None:
            if (entry.get("msgctxt"), msgid) in seen:
                raise ValueError(f"{name}: message {msgid!r} appears twice")
            seen.add((entry.get("msgctxt"), msgid))
        if msgid and msgstr and not fuzzy and "msgctxt" not in entry:
            messages[msgid] = msgstr
        entry, fuzzy, field = {}, False, None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            continue
        if line.startswith("#"):
            if field is not None and "msgstr" in entry:
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            if field is None:
                raise ValueError(f"{where}: a string outside any message")
            entry[field] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgstr"):
            raise ValueError(f"{where}: unsupported line {line[:40]!r} (plural forms are not used here)")
        if keyword in ("msgctxt", "msgid") and "msgstr" in entry:
            finish()
        if keyword in entry:
            raise ValueError(f"{where}: a second {keyword} in one message")
        field = keyword
        entry[field] = _unquote(rest.strip(), where)
    finish()
    return messages


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
            found = Catalogue(parse_po(path.read_text(encoding="utf-8"), path.name))
        except (OSError, ValueError):
            if language == DEFAULT_LANGUAGE:
                raise
            found = Catalogue({})
        if language != DEFAULT_LANGUAGE:
            found.add_fallback(catalogue(DEFAULT_LANGUAGE))
        _translations[language] = found
    return found


# What a system says about its languages, as detect_language takes it: SDL's preferred locales (a list of
# {"language": "sv", "country": "SE"}, pygame.system.get_pref_locales()), or a callable giving one (it may
# raise); the window registers pygame's with `use_system_locales`, since this module never imports pygame.
PreferredLocales = Sequence[Any] | Callable[[], Sequence[Any]] | None

# Windows names its locales in English words ("Swedish_Sweden.1252"); only ours need a code.
_WINDOWS_NAMES = {"swedish": "sv", "english": "en", "german": "de"}
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
    head = re.split(r"[-_]", name, maxsplit=1)[0].lower()
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
    """The first language in the system's order of preference that we speak (sv, en, de); English if none.
    `preferred` None takes the list the window registered (`use_system_locales`)."""
    if preferred is None:
        preferred = _system_locales
    for code in preferred_languages(environ, platform, preferred, system_locale):
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def use_system_locales(source: PreferredLocales) -> None:
    """Where detect_language reads the system's preferred locales on Windows and macOS (the window passes
    pygame.system.get_pref_locales)."""
    global _system_locales
    _system_locales = source


def set_language(language: str | None) -> str:
    """`language`, or the system's (detect_language) when None or not one of ours."""
    global _language
    _language = language if language in LANGUAGES else detect_language()
    return _language


def language() -> str:
    return _language


def t(key: str, **params: object) -> str:
    """The message `key` in the current language, its {fields} filled from `params`; KeyError if no such
    message exists (a typo in a key fails loudly in the tests instead of showing the key to a player)."""
    if key not in catalogue(DEFAULT_LANGUAGE).messages:
        raise KeyError(f"no text {key!r}")
    text = catalogue(_language).gettext(key)
    return text.format(**params) if params else text


def keys() -> list[str]:
    """Every message's key (the English catalogue is the reference)."""
    return sorted(catalogue(DEFAULT_LANGUAGE).messages)


def suit_name(suit: str) -> str:
    """The suit ("C", "D", "H", "S") as a word: "club", "klöver", "Kreuz"."""
    return t(f"suit.{suit}")


def card_name(card: NamedCard) -> str:
    """A card as a message names it: as its corner shows it ("Q♥", drawn as a small card in the deck's
    colours, ui/kit/fonts.py), the same in every language; Poker patience's joker (rank 0) in words."""
    if card.rank == 0:
        return t("ui.poker.joker")
    return card.pretty()


def reason(error: Refusal) -> str:
    """The player-facing wording of an IllegalAction (idioten.errors)."""
    params = dict(error.params)
    if isinstance(params.get("suit"), str):
        params["suit"] = suit_name(str(params["suit"]))
    return t("rule." + error.code, **{k: v for k, v in params.items() if isinstance(v, str)})
