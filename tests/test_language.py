"""The language chosen when the settings leave it to the system: the first language we have a catalogue for
(sv, en, de, da, nb, fi, fr, es) in the order the player's system prefers, or whose nearest we have (Nynorsk
and "no": Bokmål), English if none. Every form each system gives is its answer, passed in as input: POSIX
LANGUAGE/LC_ALL/LC_MESSAGES/LANG, Windows' own names of its user locales, SDL's list of preferred locales
(on macOS read from AppleLanguages, "nb", "fr-CA", "es-419")."""

import pytest

from idioten import i18n
from idioten.i18n import detect_language, language_code, preferred_languages

LINUX, WINDOWS, MAC = "linux", "win32", "darwin"


def sdl(*tags):
    """SDL's preferred locales as pygame-ce gives them: [{"language": "sv", "country": "SE"}, ...]."""
    found = []
    for tag in tags:
        language, _, country = tag.partition("_")
        found.append({"language": language, "country": country or None})
    return found


def no_locale():
    return (None, None)


@pytest.mark.parametrize("tag, code", [
    ("sv-SE", "sv"), ("sv_SE.UTF-8", "sv"), ("sv_SE@euro", "sv"), ("sv_SE.UTF-8@euro", "sv"), ("sv", "sv"),
    ("Swedish_Sweden", "sv"), ("Swedish_Sweden.1252", "sv"), ("German_Germany", "de"), ("de-AT", "de"),
    ("English_United States.1252", "en"), ("en_US", "en"), ("nb-NO", "nb"), ("de_CH.ISO8859-1", "de"),
    ("C", None), ("POSIX", None), ("C.UTF-8", None), ("", None), ("   ", None), (None, None), (42, None),
    (b"sv_SE", None), (["sv"], None), ("12_34", None), ("_SE", None),
    # the five languages added later, in each system's forms
    ("da_DK.UTF-8", "da"), ("da-DK", "da"), ("Danish_Denmark.1252", "da"),
    ("nb_NO.UTF-8", "nb"), ("Norwegian Bokmål_Norway.1252", "nb"), ("Norwegian (Bokmål)_Norway", "nb"),
    ("Norwegian_Norway.1252", "nb"), ("nn_NO.UTF-8", "nn"), ("Norwegian Nynorsk_Norway.1252", "nn"),
    ("Norwegian (Nynorsk)_Norway", "nn"), ("no_NO.ISO8859-1", "no"),
    ("fi_FI.UTF-8", "fi"), ("fi_FI@euro", "fi"), ("Finnish_Finland.1252", "fi"),
    ("fr_FR.UTF-8", "fr"), ("fr_CA.UTF-8", "fr"), ("fr-CA", "fr"), ("fr_BE@euro", "fr"), ("French_France.1252", "fr"),
    ("French_Canada.1252", "fr"), ("es_ES.UTF-8", "es"), ("es_MX.UTF-8", "es"), ("es-419", "es"),
    ("Spanish_Spain.1252", "es"), ("Spanish_Mexico.1252", "es"), ("pl_PL.UTF-8", "pl"), ("Polish_Poland", None),
])
def test_each_form_of_locale_name(tag, code):
    assert language_code(tag) == code


# -- Linux and the other Unix systems: the environment, in gettext's order --------------------------------

@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "sv_SE.UTF-8"}, "sv"),
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LANG": "sv_SE@euro"}, "sv"),
    ({"LANGUAGE": "de:en", "LANG": "en_US.UTF-8"}, "de"),  # LANGUAGE first, as gettext reads it
    ({"LANGUAGE": "pl:sv:en", "LANG": "pl_PL.UTF-8"}, "sv"),  # along the list to the first we speak
    ({"LANGUAGE": "pl_PL:it", "LANG": "de_DE.UTF-8"}, "de"),  # none of LANGUAGE's: the locale itself
    ({"LANGUAGE": "de", "LANG": "C"}, "en"),  # gettext ignores LANGUAGE under the C locale
    ({"LANGUAGE": "sv", "LC_ALL": "POSIX", "LANG": "de_DE"}, "en"),
    ({"LANGUAGE": "sv"}, "en"),  # no locale at all is the C locale
    ({"LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "sv_SE", "LANG": "en_US"}, "de"),
    ({"LC_MESSAGES": "sv_SE.UTF-8", "LANG": "de_DE"}, "sv"),
    ({"LC_ALL": "", "LANG": "sv_SE.UTF-8"}, "sv"),  # an empty variable is not set
    ({"LANG": "it_IT.UTF-8"}, "en"),
    ({"LANGUAGE": "::de::", "LANG": "fr_FR"}, "de"),
    ({"LANG": "da_DK.UTF-8"}, "da"),
    ({"LANG": "nb_NO.UTF-8"}, "nb"),
    ({"LANG": "nn_NO.UTF-8"}, "nb"),  # Nynorsk: Bokmål, the nearest we have
    ({"LANG": "no_NO.UTF-8"}, "nb"),
    ({"LANGUAGE": "nn:sv", "LANG": "nn_NO.UTF-8"}, "nb"),  # the nearest of the first before the second
    ({"LANG": "fi_FI.UTF-8"}, "fi"),
    ({"LC_ALL": "fi_FI@euro"}, "fi"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "fr_BE.UTF-8", "LANG": "nl_BE.UTF-8"}, "fr"),
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANG": "es_MX.UTF-8"}, "es"),
    ({"LANGUAGE": "es_AR:es", "LANG": "es_AR.UTF-8"}, "es"),
    ({}, "en"),
    ({"LANG": ""}, "en"),
])
@pytest.mark.parametrize("platform", [LINUX, "freebsd14", "openbsd7"])
def test_unix_reads_the_environment_in_gettext_order(environ, expected, platform):
    # SDL's list and Python's locale are not asked there: SDL reads the same variables.
    assert detect_language(environ, platform, preferred=sdl("sv_SE"), system_locale=lambda: ("sv_SE", "UTF-8")) \
        == expected


# -- Windows: the system's list, then the user's locale ---------------------------------------------------

@pytest.mark.parametrize("preferred, user_locale, expected", [
    (sdl("sv_SE"), no_locale(), "sv"),
    (sdl("de_AT", "en_US"), no_locale(), "de"),
    (sdl("pl_PL", "sv_SE", "en_US"), no_locale(), "sv"),  # along the list
    (sdl("pl_PL", "it_IT"), ("German_Germany", "1252"), "de"),  # none of the list's: the user's locale
    ([], ("Swedish_Sweden", "1252"), "sv"),
    (None, ("Swedish_Sweden", "1252"), "sv"),
    (None, ("Swedish_Sweden.1252", None), "sv"),
    (None, ("sv_SE", "cp1252"), "sv"),  # Python 3.11+ may give the POSIX form
    (None, ("English_United States", "1252"), "en"),
    (sdl("it_IT"), ("Italian_Italy", "1252"), "en"),
    (sdl("da_DK"), no_locale(), "da"),
    (sdl("nb_NO"), no_locale(), "nb"),
    (sdl("nn_NO"), no_locale(), "nb"),
    (sdl("fi_FI"), no_locale(), "fi"),
    (sdl("fr_CA"), no_locale(), "fr"),
    (sdl("es_MX"), no_locale(), "es"),
    (None, ("Danish_Denmark", "1252"), "da"),
    (None, ("Norwegian Bokmål_Norway", "1252"), "nb"),
    (None, ("Norwegian (Bokmål)_Norway", "1252"), "nb"),  # older Windows
    (None, ("Norwegian Nynorsk_Norway", "1252"), "nb"),
    (None, ("Finnish_Finland", "1252"), "fi"),
    (None, ("French_Canada", "1252"), "fr"),
    (None, ("Spanish_Mexico", "1252"), "es"),
    (None, ("fi_FI", "cp1252"), "fi"),  # Python 3.11+ may give the POSIX form
    (sdl("it_IT"), ("French_France", "1252"), "fr"),
    (None, no_locale(), "en"),
    (None, "garbage", "en"),
    (None, (), "en"),
])
def test_windows_takes_its_own_list_then_its_locale(preferred, user_locale, expected):
    assert detect_language({"LANG": "de_DE"} if expected == "en" else {}, WINDOWS, preferred,
                           lambda: user_locale) == expected


def test_windows_does_not_read_unix_variables():
    assert detect_language({"LANGUAGE": "de", "LANG": "de_DE.UTF-8"}, WINDOWS, sdl("sv_SE"), no_locale) == "sv"


# -- macOS: the system's list (a double-clicked app has no LANG), then the environment ------------------------

@pytest.mark.parametrize("preferred, environ, expected", [
    (sdl("sv_SE"), {}, "sv"),
    (sdl("de"), {"LANG": "en_US.UTF-8"}, "de"),  # the system's list first
    (sdl("pl_PL", "de_CH"), {}, "de"),
    (sdl("nb_NO", "de_CH"), {}, "nb"),
    (sdl("nb"), {}, "nb"),  # AppleLanguages' "nb", no region
    (sdl("no"), {}, "nb"),  # older macOS' Norwegian
    (sdl("fi_FI"), {"LANG": "en_US.UTF-8"}, "fi"),
    (sdl("fr_CA", "en_CA"), {}, "fr"),
    (sdl("es_419"), {}, "es"),  # "es-419", Latin American Spanish
    (sdl("da"), {}, "da"),
    (sdl("ja_JP"), {"LANG": "sv_SE.UTF-8"}, "sv"),  # started from a terminal
    ([], {}, "en"),
    (None, {"LANG": "C"}, "en"),
])
def test_macos_takes_its_own_list_then_the_environment(preferred, environ, expected):
    assert detect_language(environ, MAC, preferred) == expected


# -- an answer that cannot be read ------------------------------------------------------------------------

def raises():
    raise RuntimeError("SDL: no locale support")


@pytest.mark.parametrize("preferred", [
    raises, lambda: None, lambda: 42, lambda: "sv_SE", lambda: [None, 3, {"country": "SE"}, {"language": None}],
    lambda: [{"language": b"sv"}], lambda: [{"language": ""}, {"language": "C"}], 7, "sv",
])
@pytest.mark.parametrize("platform", [WINDOWS, MAC])
def test_an_unreadable_list_leaves_the_other_answers(preferred, platform):
    user_locale = lambda: ("German_Germany", "1252")  # noqa: E731
    expected = "de" if platform == WINDOWS else "sv"
    assert detect_language({"LANG": "sv_SE.UTF-8"}, platform, preferred, user_locale) == expected


def test_a_list_with_garbage_entries_still_gives_its_good_ones():
    mixed = [None, {"language": 5}, "xx", {"language": "de", "country": "AT"}]
    assert preferred_languages({}, WINDOWS, mixed, no_locale) == ["xx", "de"]


@pytest.mark.parametrize("user_locale", [raises, lambda: (None,), lambda: (5, 6), lambda: ValueError])
def test_an_unreadable_windows_locale_gives_english(user_locale):
    assert detect_language({}, WINDOWS, None, user_locale) == "en"


def test_the_order_is_kept_and_each_language_named_once():
    assert preferred_languages({}, WINDOWS, sdl("de_AT", "de_DE", "sv_SE", "de"), lambda: ("Swedish_Sweden", "1")) \
        == ["de", "sv"]


# -- as the window uses it ------------------------------------------------------------------------------

def test_the_registered_system_list_is_used_when_none_is_given(monkeypatch):
    monkeypatch.setattr(i18n, "_system_locales", None)
    i18n.use_system_locales(lambda: sdl("de_DE"))
    assert detect_language({}, MAC) == "de"
    i18n.use_system_locales(raises)
    assert detect_language({}, MAC) == "en"


def test_the_window_registers_pygames_list(monkeypatch):
    import pygame.system

    import idioten.ui  # noqa: F401  (registers on import)
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: sdl("sv_SE"))
    assert detect_language({}, WINDOWS, system_locale=no_locale) == "sv"
    monkeypatch.setattr(pygame.system, "get_pref_locales", raises)
    assert detect_language({}, WINDOWS, system_locale=no_locale) == "en"


def test_set_language_without_a_choice_takes_the_systems(monkeypatch):
    monkeypatch.setattr(i18n.sys, "platform", LINUX)
    monkeypatch.setenv("LANGUAGE", "de:sv")
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    try:
        assert i18n.set_language(None) == "de" and i18n.t("game_name")
        assert i18n.set_language("xx") == "de"
        assert i18n.set_language("sv") == "sv"
    finally:
        i18n.set_language("en")


def test_on_windows_the_users_locale_is_asked_of_the_system_when_no_answer_is_given(monkeypatch):
    """The default `system_locale` is loaded only when asked (the window's first picture does not wait for
    `locale`): Windows' own answer, ("Swedish_Sweden", "1252"), still names the language."""
    import locale

    monkeypatch.setattr(locale, "getlocale", lambda: ("Swedish_Sweden", "1252"))
    assert detect_language({}, WINDOWS, preferred=lambda: []) == "sv"
    monkeypatch.setattr(locale, "getlocale", lambda: ("German_Germany", "1252"))
    assert detect_language({}, WINDOWS, preferred=lambda: []) == "de"
