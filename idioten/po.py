"""Reading a gettext catalogue (.po file) as idioten.i18n needs it: its header, its messages, and its plural
messages with the rule (the `Plural-Forms` header) that picks one of their forms for a count.

A small reader of our own rather than gettext's classes or a compiled .mo: the window reads a catalogue before
its first picture, and this needs neither `gettext` nor `locale`, nor a build step that could leave a stale
.mo behind. It reads what translators' tools (Poedit, Weblate) write: comments, fuzzy flags, contexts,
obsolete entries, plural entries; a file it cannot read is refused whole (ValueError), never half-read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

PluralRule = Callable[[int], int]

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r"}  # any other escaped character stands for itself (\" and \\)
_ESCAPE = re.compile(r"\\(.)")
_KEYWORDS = frozenset(("msgctxt", "msgid", "msgid_plural", "msgstr"))


def english_plural(n: int) -> int:
    """gettext's rule when a catalogue names none: `nplurals=2; plural=(n != 1);`."""
    return 0 if n == 1 else 1


class PoFile:
    """A catalogue as read: its translated messages (fuzzy and empty ones left out), each plural message's
    forms in the order the rule numbers them, the header's fields, and the rule. (A plain class: `dataclasses`
    would load `inspect` and `ast` before the window's first picture.)"""

    def __init__(self) -> None:
        self.messages: dict[str, str] = {}
        self.plurals: dict[str, tuple[str, ...]] = {}
        self.header: dict[str, str] = {}
        self.nplurals = 2
        self.plural: PluralRule = english_plural

    def keys(self) -> set[str]:
        return set(self.messages) | set(self.plurals)


def _unquote(token: str, where: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {token!r}")
    body = token[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def parse_header(text: str) -> dict[str, str]:
    """The header entry's "Name: value" lines."""
    fields = {}
    for line in text.split("\n"):
        name, colon, value = line.partition(":")
        if colon and name.strip():
            fields[name.strip()] = value.strip()
    return fields


def parse_po(text: str, name: str = "<po>") -> PoFile:
    """A .po file's header, translated messages and plural messages.

    >>> parse_po('msgid "a.b"\\nmsgstr ""\\n"Hello, "\\n"{name}!"\\n').messages
    {'a.b': 'Hello, {name}!'}
    """
    po = PoFile()
    seen: set[tuple[str | None, str]] = set()
    entry: dict[str, str] = {}
    field_name: str | None = None
    fuzzy = plural = translated = False  # plural: a msgstr[i] seen; translated: any msgstr seen

    def finish() -> None:
        nonlocal entry, fuzzy, field_name, plural, translated
        msgid = entry.get("msgid")
        forms = sorted(int(k[7:-1]) for k in entry if k.startswith("msgstr[")) if plural else []
        if "msgid" in entry and "msgstr" not in entry and not forms:
            raise ValueError(f"{name}: message {msgid!r} has no msgstr")
        if ("msgid_plural" in entry) != bool(forms) or (forms and "msgstr" in entry):
            raise ValueError(f"{name}: message {msgid!r} mixes plural and singular forms")
        if forms and forms != list(range(len(forms))):
            raise ValueError(f"{name}: message {msgid!r} has forms {forms}, not 0 to {len(forms) - 1}")
        if msgid is not None:
            if (entry.get("msgctxt"), msgid) in seen:
                raise ValueError(f"{name}: message {msgid!r} appears twice")
            seen.add((entry.get("msgctxt"), msgid))
        if msgid == "" and "msgctxt" not in entry:
            _read_header(po, entry.get("msgstr", ""), name)
        elif msgid and not fuzzy and "msgctxt" not in entry:
            if forms:
                texts = tuple(entry[f"msgstr[{i}]"] for i in forms)
                if len(texts) != po.nplurals:
                    raise ValueError(f"{name}: message {msgid!r} has {len(texts)} forms, the header "
                                     f"{po.nplurals}")
                if all(texts):
                    po.plurals[msgid] = texts
            elif entry["msgstr"]:
                po.messages[msgid] = entry["msgstr"]
        entry, fuzzy, field_name, plural, translated = {}, False, None, False, False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            continue
        if line.startswith("#"):
            if translated:
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            if field_name is None:
                raise ValueError(f"{where}: a string outside any message")
            entry[field_name] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in _KEYWORDS:
            if not (keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit()):
                raise ValueError(f"{where}: unsupported line {line[:40]!r}")
            plural = True
        if keyword in ("msgctxt", "msgid") and translated:
            finish()
        if keyword in entry:
            raise ValueError(f"{where}: a second {keyword} in one message")
        field_name = keyword
        translated = translated or keyword.startswith("msgstr")
        entry[field_name] = _unquote(rest.strip(), where)
    finish()
    return po


def _read_header(po: PoFile, text: str, name: str) -> None:
    po.header = parse_header(text)
    forms = po.header.get("Plural-Forms")
    if forms is not None:
        po.nplurals, po.plural = plural_forms(forms, name)


# -- the plural rule: a C expression in n ---------------------------------------------------------------------

_TOKEN = r"\s*(\d+|n|\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()])"  # compiled when a rule is not a common one


def plural_forms(header: str, name: str = "<po>") -> tuple[int, PluralRule]:
    """The `Plural-Forms` header's number of forms and its rule, which gives the form for a count (clamped to
    the forms there are, as a rule that strays must not pick a form that is not there).

    >>> count, rule = plural_forms("nplurals=2; plural=(n > 1);")
    >>> count, [rule(n) for n in (0, 1, 2)]
    (2, [0, 0, 1])
    """
    parts = dict(part.strip().partition("=")[::2] for part in header.split(";") if part.strip())
    try:
        count = int(parts["nplurals"])
        expression = _COMMON_RULES.get(parts["plural"].replace(" ", "")) or _Expression(parts["plural"])
    except (KeyError, ValueError) as error:
        raise ValueError(f"{name}: Plural-Forms {header!r} cannot be read ({error})") from None
    if count < 1:
        raise ValueError(f"{name}: Plural-Forms {header!r} has no forms")
    return count, lambda n: min(max(expression(n), 0), count - 1)


# The rules most catalogues name (all of ours): read without the tokenizer, whose pattern need not be compiled
# before the window's first picture.
_COMMON_RULES: dict[str, PluralRule] = {"(n!=1)": english_plural, "n!=1": english_plural,
                                        "(n>1)": lambda n: int(n > 1), "n>1": lambda n: int(n > 1),
                                        "0": lambda n: 0}


class _Expression:
    """A plural rule read once into Python closures: the C operators gettext's rules use (?:, ||, &&,
    comparisons, + - * / %, !, parentheses), with C's precedence and integer arithmetic. Nothing is eval'd:
    a catalogue is data a translator wrote."""

    def __init__(self, text: str):
        self.tokens: list[str] = []
        position = 0
        text = text.strip()
        token = re.compile(_TOKEN)
        while position < len(text):
            match = token.match(text, position)
            if match is None:
                raise ValueError(f"unexpected {text[position:position + 10]!r}")
            self.tokens.append(match.group(1))
            position = match.end()
            if not text[position:].strip():
                break
        self.at = 0
        self.run = self.ternary()
        if self.at != len(self.tokens):
            raise ValueError(f"unexpected {self.tokens[self.at]!r}")

    def __call__(self, n: int) -> int:
        return int(self.run(n))

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise ValueError(f"expected {expected or 'more'}, got {token!r}")
        self.at += 1
        return token

    def ternary(self) -> PluralRule:
        test = self.binary(0)
        if self.peek() != "?":
            return test
        self.take("?")
        yes = self.ternary()
        self.take(":")
        no = self.ternary()
        return lambda n: yes(n) if test(n) else no(n)

    _LEVELS: tuple[dict[str, Callable[[int, int], int]], ...] = (
        {"||": lambda a, b: int(bool(a) or bool(b))},
        {"&&": lambda a, b: int(bool(a) and bool(b))},
        {"==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b)},
        {"<": lambda a, b: int(a < b), "<=": lambda a, b: int(a <= b), ">": lambda a, b: int(a > b),
         ">=": lambda a, b: int(a >= b)},
        {"+": lambda a, b: a + b, "-": lambda a, b: a - b},
        {"*": lambda a, b: a * b, "/": lambda a, b: int(a / b) if b else 0,
         "%": lambda a, b: a - b * int(a / b) if b else 0},  # C truncates toward zero
    )

    def binary(self, level: int) -> PluralRule:
        if level == len(self._LEVELS):
            return self.unary()
        operators = self._LEVELS[level]
        left = self.binary(level + 1)
        while self.peek() in operators:
            operate = operators[self.take()]
            right = self.binary(level + 1)
            left = (lambda f, a, b: lambda n: f(a(n), b(n)))(operate, left, right)
        return left

    def unary(self) -> PluralRule:
        token = self.take()
        if token == "!":
            inner = self.unary()
            return lambda n: int(not inner(n))
        if token == "-":
            inner = self.unary()
            return lambda n: -inner(n)
        if token == "(":
            inner = self.ternary()
            self.take(")")
            return inner
        if token == "n":
            return lambda n: n
        if token.isdigit():
            value = int(token)
            return lambda n: value
        raise ValueError(f"unexpected {token!r}")
