"""The text catalogues (idioten/locale/<language>/LC_MESSAGES/idioten.po) against each other and the code.

Every language has exactly the English catalogue's messages, with the same {fields}; every key the code
names is in it, and no message is left that the code never names. Keys the code builds at run time
(f"ui.variant.{variant}", "rule." + code) are checked family by family against the values they are built
from.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from idioten import i18n
from idioten.acesup.rules import VARIANTS
from idioten.poker.hands import HAND_NAMES
from idioten.poker.options import TABLES
from idioten.storage.settings import ANIMATION_SPEEDS, Settings

PACKAGE = Path(i18n.__file__).resolve().parent
FILE_NAMES = re.compile(r".*\.(json|po|py|svg|png|ttf|otf|txt)$")


def messages(language: str) -> dict[str, str]:
    """The language's own messages as its file has them (no English fallback)."""
    return i18n.parse_po(i18n.po_path(language).read_text(encoding="utf-8"), language)


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
    in_fstrings = set()  # ids of nodes of `tree`, which stays alive so that no id is reused
    tree = ast.parse(source)
    for node in ast.walk(tree):
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
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in in_fstrings
                and key.fullmatch(node.value) and not FILE_NAMES.fullmatch(node.value)):
            whole.add(node.value)
    return whole, heads


def keys_named_in_code() -> tuple[set[str], set[str]]:
    namespaces = {k.split(".")[0] for k in i18n.keys() if "." in k}
    plain = {k for k in i18n.keys() if "." not in k}
    whole, heads = set(), set()
    for path in sorted(PACKAGE.rglob("*.py")):
        found = keys_named_in(path.read_text(encoding="utf-8"), namespaces, plain)
        whole |= found[0]
        heads |= found[1]
    return whole, heads


# -- the catalogues against each other -----------------------------------------------------------------

@pytest.mark.parametrize("language", [language for language in i18n.LANGUAGES if language != "en"])
def test_every_language_has_exactly_the_english_messages(language):
    english, other = messages("en"), messages(language)
    assert len(english) > 200
    assert sorted(set(english) - set(other)) == [], f"{language} lacks these"
    assert sorted(set(other) - set(english)) == [], f"{language} has these that English does not"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_message_is_worded_with_the_english_fields(language):
    english = messages("en")
    for key, text in messages(language).items():
        assert text.strip(), key
        assert fields(text) == fields(english[key]), (language, key, text)


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
                                                   ("de", "Flush", "Reihe 3")])
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
    assert i18n.parse_po(text) == {"a.long": 'Two lines, one "message"\n'}


@pytest.mark.parametrize("bad", ['msgid "a"\nmsgstr "x"\nmsgid "a"\nmsgstr "y"\n',  # twice
                                 'msgid "a"\n',  # no msgstr
                                 'msgid "a"\nmsgstr "x\n',  # unclosed
                                 '"stray"\n',
                                 'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\n'])
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
    assert i18n.parse_po(source) == {"k": text}


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
    assert worded == {"sv": "Giv 7", "en": "Deal 7", "de": "Spiel 7"}[language]


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
