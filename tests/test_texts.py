"""The text catalogues (idioten/locale/<language>/LC_MESSAGES/idioten.po) against each other and the code.

Every language has exactly the English catalogue's messages, plural ones plural, with the same {fields} (a
test names the keys a language lacks: they show in English until translated); each carries the English
text for translators' tools as tools/sync_catalogues.py writes it; every key the code names is in English,
and no message is left that the code never names. Keys the code builds at run time
(f"ui.variant.{variant}", "rule." + code) are checked family by family against the values they are built
from.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import re
import string
from pathlib import Path

import pytest
import source_trees
from hypothesis import given
from hypothesis import strategies as st

from idioten import i18n
from idioten.acesup.rules import VARIANTS
from idioten.po import PoFile, parse_po, plural_forms
from idioten.poker.hands import HAND_NAMES
from idioten.poker.options import TABLES
from idioten.storage.settings import ANIMATION_SPEEDS, Settings

PACKAGE = Path(i18n.__file__).resolve().parent
FILE_NAMES = re.compile(r".*\.(json|po|py|svg|png|ttf|otf|txt)$")


def catalogue_file(language: str) -> PoFile:
    return parse_po(i18n.po_path(language).read_text(encoding="utf-8"), language)


def messages(language: str) -> dict[str, str]:
    """The language's own messages as its file has them (no English fallback), a plural one's forms joined."""
    po = catalogue_file(language)
    return {**po.messages, **{key: " | ".join(forms) for key, forms in po.plurals.items()}}


def fields(text: str) -> set[str]:
    """The {fields} a text fills in, by name; "Suit" counts as "suit" (the same word, capitalised where a
    language's grammar puts it first)."""
    return {name.lower() for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def keys_named_in(source: str, namespaces: set[str], plain: set[str] = frozenset()) -> tuple[set[str], set[str]]:
    """(keys written out whole, heads of keys built at run time) in a module's source. A key is a namespace
    and dotted parts ("ui.button.new"), or one of the `plain` keys without a dot ("game_name")."""
    key = re.compile(r"(%s)(\.[\w-]+)+|%s" % ("|".join(sorted(map(re.escape, namespaces))),
                                              "|".join(sorted(map(re.escape, plain))) or "(?!)"))
    built = re.compile(r"(%s)(\.[\w-]+)*\." % "|".join(sorted(map(re.escape, namespaces))))
    whole, heads = set(), set()
    in_fstrings = set()  # ids of the tree's nodes: the tree stays alive (source_trees keeps it), no id is reused
    nodes = source_trees.nodes(source)  # walked once: the walk is most of the scan's cost
    for node in nodes:
        head = None
        if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            head = node.values[0]
            in_fstrings.update(id(part) for part in node.values)
        elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant)
              and isinstance(node.left.value, str)):
            head = node.left
        if head is not None and built.fullmatch(head.value):
            heads.add(head.value)
            in_fstrings.add(id(head))
    for node in nodes:
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in in_fstrings
                and key.fullmatch(node.value) and not FILE_NAMES.fullmatch(node.value)):
            whole.add(node.value)
    return whole, heads


@functools.lru_cache(maxsize=1)  # read-only: the two tests below ask for the same scan
def keys_named_in_code() -> tuple[frozenset[str], frozenset[str]]:
    namespaces = {k.split(".")[0] for k in i18n.keys() if "." in k}
    plain = {k for k in i18n.keys() if "." not in k}
    whole, heads = set(), set()
    for path in sorted(PACKAGE.rglob("*.py")):
        found = keys_named_in(path.read_text(encoding="utf-8"), namespaces, plain)
        whole |= found[0]
        heads |= found[1]
    return frozenset(whole), frozenset(heads)


# -- the catalogues against each other -----------------------------------------------------------------

TRANSLATIONS = [language for language in i18n.LANGUAGES if language != "en"]


def test_the_languages_are_the_catalogues_found():
    assert set(i18n.LANGUAGES) >= {"sv", "en", "de", "da", "nb", "fi", "fr", "es"}
    assert i18n.LANGUAGES == i18n.found_languages()


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_language_has_exactly_the_english_messages(language):
    english, other = catalogue_file("en"), catalogue_file(language)
    assert len(english.keys()) > 200
    lacking = sorted(english.keys() - other.keys())
    assert lacking == [], (f"{i18n.po_path(language)} lacks {len(lacking)} message(s), shown in English until "
                           f"translated: {lacking} (python -m tools.sync_catalogues adds them as empty entries, "
                           "which translators' tools list as untranslated)")
    assert sorted(other.keys() - english.keys()) == [], f"{language} has these that English does not"
    assert sorted(set(other.plurals) ^ set(english.plurals)) == [], f"{language}: plural in one, not the other"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_message_is_worded_with_the_english_fields(language):
    english, po = catalogue_file("en"), catalogue_file(language)
    for key, text in po.messages.items():
        assert text.strip(), key
        assert fields(text) == fields(english.messages[key]), (language, key, text)
    for key, forms in po.plurals.items():
        assert len(forms) == po.nplurals
        for form in forms:
            assert form.strip() and fields(form) == fields(english.plurals[key][-1]), (language, key, form)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_catalogue_names_its_language_and_its_plural_rule(language):
    po = catalogue_file(language)
    assert po.header["Language"] == language
    assert "Plural-Forms" in po.header  # Poedit and Weblate offer as many forms as it names
    name = po.messages[i18n.LANGUAGE_NAME]
    assert name == i18n.language_name(language) and (name != "English") == (language != "en")
    assert len({i18n.language_name(other) for other in i18n.LANGUAGES}) == len(i18n.LANGUAGES)


def test_every_catalogue_carries_the_english_text_for_translators_tools():
    from tools import sync_catalogues

    stale = sorted(sync_catalogues.out_of_step())
    assert stale == [], (f"out of step with the English catalogue: {stale}; python -m tools.sync_catalogues "
                         "brings them in step")
    swedish = i18n.po_path("sv").read_text(encoding="utf-8")
    assert '#. English: New deal\nmsgid "ui.button.new_deal"\nmsgstr "Ny giv"' in swedish


def test_the_sync_adds_what_a_catalogue_lacks_and_keeps_what_english_dropped():
    from tools.sync_catalogues import synced

    english = ('msgid ""\nmsgstr ""\n"Language: en\\n"\n\n# what {n} is\nmsgid "a.one"\nmsgstr "One"\n\n'
               'msgid "a.count"\nmsgid_plural "a.count"\nmsgstr[0] "{n} card"\nmsgstr[1] "{n} cards"\n')
    french = ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
              '# a translator\'s note\n#. English: Old\nmsgid "a.one"\nmsgstr "Un"\n\nmsgid "a.gone"\nmsgstr "Parti"\n')
    result = synced(french, english)
    assert result == ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
                      '# a translator\'s note\n#. English: One\n#. what {n} is\nmsgid "a.one"\nmsgstr "Un"\n\n'
                      '#. English, one: {n} card\n#. English, other: {n} cards\nmsgid "a.count"\n'
                      'msgid_plural "a.count"\nmsgstr[0] ""\nmsgstr[1] ""\n\n#~ msgid "a.gone"\n#~ msgstr "Parti"\n')
    po = parse_po(result)
    assert po.messages == {"a.one": "Un"} and po.plurals == {}  # the new entry is untranslated: English shows
    assert synced(result, english) == result


# -- the catalogues against the code -------------------------------------------------------------------

def test_every_key_the_code_names_has_a_message():
    whole, heads = keys_named_in_code()
    known = set(i18n.keys())
    assert len(whole) > 100
    assert sorted(whole - known) == []
    assert sorted(head for head in heads if not any(k.startswith(head) for k in known)) == []


def test_no_message_is_left_that_the_code_never_names():
    whole, heads = keys_named_in_code()
    stale = [key for key in i18n.keys() if key not in whole and not key.startswith(tuple(heads))]
    assert stale == []


def test_the_scan_sees_a_key_with_no_message_and_a_built_key():
    source = ('say(i18n.t("ui.msg.no_such_text"))\nkey = f"ui.variant.{v}"\nother = "rule." + code\n'
              'f = "poker.json"\nname = i18n.t("game_name")\nword = "poker"\n')
    whole, heads = keys_named_in(source, {"ui", "rule", "poker"}, {"game_name"})
    assert whole == {"ui.msg.no_such_text", "game_name"}
    assert heads == {"ui.variant.", "rule."}
    assert "ui.msg.no_such_text" not in i18n.keys()


def _illegal_action_codes(module_path: Path) -> set[str]:
    codes = set()
    for node in ast.walk(ast.parse(module_path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction" and node.args
                and isinstance(node.args[0], ast.Constant)):
            codes.add(node.args[0].value)
    return codes


def built_key_families():
    from idioten.ui import settings_screen

    setting_keys = {f"ui.settings.{name}" for name, _ in settings_screen.choices()}
    setting_keys |= {key for _, values in settings_screen.choices() for _, key in values}
    aces_up_codes = _illegal_action_codes(PACKAGE / "acesup" / "rules.py")
    poker_codes = _illegal_action_codes(PACKAGE / "poker" / "game.py")
    return {
        "variants": {f"ui.variant.{v}" for v in VARIANTS},
        "settings screen": setting_keys,
        "stored settings": {f"store.setting.{item.name}" for item in dataclasses.fields(Settings)},
        "write failures": {f"store.write_failed.{kind}" for kind in ("denied", "readonly", "full", "other")},
        "animation speeds": {f"ui.settings.animation.{speed}" for speed in ANIMATION_SPEEDS},
        "suits": {f"suit.{suit}" for suit in "CDHS"},
        "hands": {f"ui.poker.hand.{name.replace(' ', '_')}" for name in HAND_NAMES},
        "tables": {f"ui.poker.table.{table}" for table in TABLES},
        "lines": {f"ui.poker.line.{kind}" for kind in ("row", "column", "diagonal")},
        "refusals": {f"rule.{code}" for code in aces_up_codes | poker_codes},
    }


def test_every_built_key_has_a_message():
    families = built_key_families()
    assert len(families["refusals"]) > 10  # the scan of the rules found their codes
    known = set(i18n.keys())
    missing = {name: sorted(keys - known) for name, keys in families.items() if keys - known}
    assert missing == {}


@pytest.mark.parametrize("language, flush, row_3", [("sv", "Färg", "Rad 3"), ("en", "Flush", "Row 3"),
                                                   ("de", "Flush", "Reihe 3"), ("da", "Flush", "Række 3"),
                                                   ("nb", "Flush", "Rad 3"), ("fi", "Väri", "Rivi 3"),
                                                   ("fr", "Couleur", "Ligne 3"), ("es", "Color", "Fila 3")])
def test_poker_hands_tables_lines_and_refusals_are_worded_in_every_language(language, flush, row_3):
    from idioten.errors import IllegalAction
    from idioten.poker.scoring import ROWS, lines
    from idioten.ui.poker import texts as poker_texts

    try:
        i18n.set_language(language)
        assert (poker_texts.hand_name("flush"), poker_texts.line_name(ROWS[2])) == (flush, row_3)
        worded = [poker_texts.hand_name(name) for name in HAND_NAMES] + [poker_texts.table_name(t) for t in TABLES]
        worded += [poker_texts.line_name(line) for line in lines(True)]
        worded += [poker_texts.reason(IllegalAction(code, "in English")) for code in
                   _illegal_action_codes(PACKAGE / "poker" / "game.py")]
    finally:
        i18n.set_language("en")
    assert all(word and not re.fullmatch(r"[a-z_]+(\.[\w-]+)+", word) and word != "in English" for word in worded)


# -- reading the files ------------------------------------------------------------------------------------

def test_a_po_file_is_read_as_gettext_reads_it():
    text = '''# a translator's comment
msgid ""
msgstr ""
"Language: sv\\n"

#, fuzzy
msgid "a.unsure"
msgstr "not yet checked"

msgid "a.long"
msgstr ""
"Two lines, "
"one \\"message\\"\\n"

msgid "a.untranslated"
msgstr ""

msgctxt "other"
msgid "a.long"
msgstr "in another context"

#~ msgid "a.obsolete"
#~ msgstr "gone"
'''
    assert i18n.parse_po(text).messages == {"a.long": 'Two lines, one "message"\n'}


@pytest.mark.parametrize("bad", ['msgid "a"\nmsgstr "x"\nmsgid "a"\nmsgstr "y"\n',  # twice
                                 'msgid "a"\n',  # no msgstr
                                 'msgid "a"\nmsgstr "x\n',  # unclosed
                                 '"stray"\n',
                                 'msgid "a"\nmsgid_plural "as"\nmsgstr "x"\n',  # plural without forms
                                 'msgid "a"\nmsgstr[0] "x"\n',  # forms without a plural
                                 'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\nmsgstr[2] "z"\n',  # a form missing
                                 'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\n',  # fewer than nplurals (2)
                                 'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=n ! 1;\\n"\n',
                                 'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=import os;\\n"\n',
                                 'msgid ""\nmsgstr "Plural-Forms: plural=(n != 1);\\n"\n'])
def test_a_damaged_po_file_is_refused(bad):
    with pytest.raises(ValueError):
        i18n.parse_po(bad)


def po_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return '"' + escaped + '"'


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\n\t\\\""),
               min_size=1), st.integers(min_value=1, max_value=5))
def test_any_text_survives_the_file_split_over_lines(text, pieces):
    size = -(-len(text) // pieces)
    lines = [po_string(text[i:i + size]) for i in range(0, len(text), size)]
    source = 'msgid "k"\nmsgstr ""\n' + "\n".join(lines) + "\n"
    assert i18n.parse_po(source).messages == {"k": text}


def test_a_plural_message_is_read_with_its_rule():
    text = ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
            '#, fuzzy\nmsgid "a.unsure"\nmsgid_plural "a.unsure"\nmsgstr[0] "x"\nmsgstr[1] "y"\n\n'
            'msgid "a.points"\nmsgid_plural "a.points"\nmsgstr[0] "{n} point"\nmsgstr[1] ""\n"{n} points"\n\n'
            'msgid "a.half"\nmsgid_plural "a.half"\nmsgstr[0] "only one"\nmsgstr[1] ""\n')
    po = parse_po(text)
    assert po.header["Language"] == "fr" and po.nplurals == 2 and po.messages == {}
    assert po.plurals == {"a.points": ("{n} point", "{n} points")}  # the half-translated one shows in English
    assert [po.plural(n) for n in (0, 1, 2, 1000)] == [0, 0, 1, 1]  # French: zero is singular


@pytest.mark.parametrize("rule, forms", [
    ("nplurals=2; plural=(n != 1);", [1, 0, 1, 1, 1, 1, 1, 1]),  # en, sv, de, da, nb, fi, es
    ("nplurals=2; plural=(n > 1);", [0, 0, 1, 1, 1, 1, 1, 1]),  # fr
    ("nplurals=1; plural=0;", [0] * 8),  # ja
    ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",  # pl
     [2, 0, 1, 1, 2, 2, 2, 1]),
    ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
     [2, 0, 1, 1, 2, 2, 0, 1]),  # ru: 21 is singular again
    ("nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
     [0, 1, 2, 3, 3, 4, 4, 4]),  # ar
    ("nplurals=2; plural=n*3;", [0, 1, 1, 1, 1, 1, 1, 1]),  # a rule that strays past the forms is held in
])
def test_the_plural_rules_of_gettexts_languages(rule, forms):
    _, pick = plural_forms(rule)
    assert [pick(n) for n in (0, 1, 2, 4, 5, 11, 21, 22)] == forms


def test_a_count_picks_the_form_in_the_chosen_language():
    worded = {}
    try:
        for language in ("en", "fr", "sv"):
            i18n.set_language(language)
            worded[language] = [i18n.tn("ui.poker.end.total", n, total=n) for n in (0, 1, 2)]
    finally:
        i18n.set_language("en")
    assert worded == {"en": ["Total: 0 points", "Total: 1 point", "Total: 2 points"],
                      "fr": ["Total\u00a0: 0 point", "Total\u00a0: 1 point", "Total\u00a0: 2 points"],
                      "sv": ["Summa: 0 poäng", "Summa: 1 poäng", "Summa: 2 poäng"]}


def test_a_plural_message_needs_its_count_and_a_plain_one_has_none():
    with pytest.raises(KeyError, match="plural"):
        i18n.t("ui.poker.end.total", total=3)
    with pytest.raises(KeyError):
        i18n.tn("ui.poker.total", 3, total=3)


def test_a_plural_message_a_language_lacks_shows_in_english_by_the_english_rule():
    english = i18n.Catalogue({}, {"a": ("{n} card", "{n} cards")})
    french = i18n.Catalogue({}, {}, plural=lambda n: int(n > 1))
    french.add_fallback(english)
    assert [french.ngettext("a", n).format(n=n) for n in (0, 1)] == ["0 cards", "1 card"]


def test_adding_a_language_is_adding_a_catalogue(tmp_path):
    for language in ("en", "pt", "xx-not-a-catalogue"):
        (tmp_path / language / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "en" / "LC_MESSAGES" / "idioten.po").write_text("", encoding="utf-8")
    (tmp_path / "pt" / "LC_MESSAGES" / "idioten.po").write_text("", encoding="utf-8")
    (tmp_path / "xx-not-a-catalogue" / "LC_MESSAGES" / "other.po").write_text("", encoding="utf-8")
    assert i18n.found_languages(tmp_path) == ("en", "pt")


def test_a_message_a_language_lacks_shows_in_english():
    english = i18n.Catalogue({"a": "Hello", "b": "Bye"})
    swedish = i18n.Catalogue({"a": "Hej"})
    swedish.add_fallback(english)
    assert (swedish.gettext("a"), swedish.gettext("b")) == ("Hej", "Bye")


def test_a_translation_that_cannot_be_read_leaves_the_texts_in_english(tmp_path, monkeypatch):
    english = i18n.po_path("en")
    (tmp_path / "en" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "en" / "LC_MESSAGES" / english.name).write_text(english.read_text(encoding="utf-8"),
                                                                encoding="utf-8")
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "LC_MESSAGES" / english.name).write_text('msgid "ui.button.new"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_translations", {})
    worded = {}
    try:
        for language in ("sv", "de", "en"):  # sv: no file at all; de: a damaged one
            i18n.set_language(language)
            worded[language] = i18n.t("ui.status.deal", number=7)
    finally:
        i18n.set_language("en")
    assert worded == {"sv": "Deal 7", "de": "Deal 7", "en": "Deal 7"}


def test_an_unknown_key_is_an_error_not_a_shown_key():
    with pytest.raises(KeyError):
        i18n.t("ui.no.such.key")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_text_is_worded_in_the_chosen_language(language):
    try:
        i18n.set_language(language)
        worded = i18n.t("ui.status.deal", number=7)
    finally:
        i18n.set_language("en")
    assert worded == {"sv": "Giv 7", "en": "Deal 7", "de": "Spiel 7", "da": "Spil 7", "nb": "Spill 7",
                      "fi": "Jako 7", "fr": "Donne 7", "es": "Partida 7"}[language]


@pytest.mark.parametrize("language, said", [
    ("en", ["nine of diamonds", "ace of spades", "queen of hearts", "ten of clubs"]),
    ("sv", ["ruter nio", "spader ess", "hjärter dam", "klöver tio"]),
    ("de", ["Karo Neun", "Pik Ass", "Herz Dame", "Kreuz Zehn"]),
    ("da", ["ruder ni", "spar es", "hjerter dame", "klør ti"]),
    ("nb", ["ruter ni", "spar ess", "hjerter dame", "kløver ti"]),
    ("fi", ["ruutu yhdeksän", "pata ässä", "hertta rouva", "risti kymmenen"]),
    ("fr", ["neuf de carreau", "as de pique", "dame de cœur", "dix de trèfle"]),
    ("es", ["nueve de diamantes", "as de picas", "reina de corazones", "diez de tréboles"]),
])
def test_a_card_is_named_as_a_player_says_it(language, said):
    from idioten.cards import parse_cards

    try:
        i18n.set_language(language)
        assert [i18n.spoken_card_name(card) for card in parse_cards("9D AS QH TC")] == said
        assert len({i18n.spoken_card_name(card) for card in parse_cards(" ".join(
            rank + suit for rank in "23456789TJQKA" for suit in "CDHS"))}) == 52
    finally:
        i18n.set_language("en")




# One word for one thing (issue 39, item 6): the word each language chose for a thing the game names in many
# places, the messages that name it, and the other words a translator might reach for instead, which no
# message of that language may use.
CHOSEN_WORDS = {
    "hint": {"sv": ("tips", ("ledtråd",)), "en": ("hint", ("clue", "tip ")), "de": ("tipp", ("hinweis",))},
    "empty pile": {"sv": ("tom", ("lucka", "luckan")), "en": ("empty pile", ("gap",)),
                   "de": ("leer", ("lücke",))},
}
NAMING = {
    "hint": ("ui.button.hint", "ui.hint.plain", "ui.lesson.hint_agrees", "ui.lesson.hint_differs",
             "guide.first.alone", "guide.first.play_on", "guide.keys_deal"),
    "empty pile": ("rule.aces_only_gap", "ui.msg.no_gap", "ui.msg.chosen", "guide.deal.lone_move",
                   "guide.end.nothing_helps"),
}
# What the hint advises is always put after a colon ("Hint: {advice}", "this wins: {advice}").
ADVICE = ("ui.hint.deal", "ui.hint.deal_keep", "ui.hint.discard", "ui.hint.move")


@pytest.mark.parametrize("language", ["sv", "en", "de"])
@pytest.mark.parametrize("thing", sorted(CHOSEN_WORDS))
def test_one_thing_is_called_by_one_word(language, thing):
    chosen, others = CHOSEN_WORDS[thing][language]
    texts = messages(language)
    for key in NAMING[thing]:
        assert chosen in texts[key].lower(), (key, texts[key])
    for key, text in texts.items():
        assert not any(other in text.lower() for other in others), (key, text)


@pytest.mark.parametrize("language", ["sv", "en", "de"])
def test_the_hints_advice_goes_on_after_a_colon_in_small_letters(language):
    texts = messages(language)
    for key in ADVICE:
        first = texts[key].lstrip()[0]
        assert first == "{" or first.islower(), (key, texts[key])  # a card's name comes as it is


@pytest.mark.parametrize("language", ["sv", "en", "de"])
def test_the_guide_never_calls_a_pile_that_holds_a_card_empty(language):
    """Step 4's sentence moved "a lone card from one empty pile to another": a pile with a card is not empty."""
    text = messages(language)["guide.end.nothing_helps"].lower()
    for contradiction in ("from one empty pile", "från en tom hög", "von einem leeren platz"):
        assert contradiction not in text
