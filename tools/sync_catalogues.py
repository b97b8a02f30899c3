"""Keep every translation's catalogue in step with the English one, for translators' tools.

    python -m tools.sync_catalogues           # rewrite the catalogues that are out of step
    python -m tools.sync_catalogues --check   # only say which are (exit status 1)

Each catalogue but English gets, on each entry, the English text as an extracted comment (`#. English: …`),
which Poedit shows beside the entry (it knows no base file; Weblate reads the English catalogue as one). An
entry English has and the catalogue lacks is added, empty (both tools list it as untranslated; the game
shows it in English meanwhile); an entry English no longer has is kept as an obsolete one (`#~`), so that no
translator's work is lost. Entries go in the English catalogue's order; a translator's own comments, fuzzy
flags and the catalogue's header stay as they are. idioten/i18n.py says why this form was chosen;
tests/test_texts.py fails when a catalogue is out of step.
"""

from __future__ import annotations

import re
import sys

from idioten import i18n
from idioten.po import PoFile, parse_po

MSGID = re.compile(r'^msgid "(.*)"$')
EXTRACTED = "#."


def blocks(text: str) -> list[list[str]]:
    """The file's entries, each its lines, in the file's order (an entry ends at a blank line)."""
    found: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            found[-1].append(line)
        elif found[-1]:
            found.append([])
    return [block for block in found if block]


def key_of(block: list[str]) -> str | None:
    for line in block:
        match = MSGID.match(line)
        if match:
            return match.group(1)
    return None


def english_note(english: PoFile, key: str, english_comments: list[str]) -> list[str]:
    """The English text as extracted comments: one line per line of the text, a plural message's forms
    one by one; then the English catalogue's own comments on the entry (what a field stands for)."""
    if key in english.plurals:
        one, other = english.plurals[key]
        pairs = [("English, one", one), ("English, other", other)]
    else:
        pairs = [("English", english.messages.get(key, ""))]
    lines = []
    for label, text in pairs:
        first, *rest = text.split("\n")
        lines.append(f"{EXTRACTED} {label}: {first}".rstrip())
        lines += [f"{EXTRACTED} {line}".rstrip() for line in rest]
    return lines + [f"{EXTRACTED} {line[1:].strip()}" for line in english_comments]


def empty_entry(key: str, plural: bool, forms: int) -> list[str]:
    if not plural:
        return [f'msgid "{key}"', 'msgstr ""']
    return [f'msgid "{key}"', f'msgid_plural "{key}"'] + [f'msgstr[{i}] ""' for i in range(forms)]


def synced(text: str, english_text: str) -> str:
    """The catalogue `text` in step with the English catalogue `english_text`."""
    english = parse_po(english_text, "en")
    own = parse_po(text)
    english_comments = {key_of(block): [line for line in block if line.startswith("# ")]
                        for block in blocks(english_text) if key_of(block)}
    entries = blocks(text)
    header = [block for block in entries if key_of(block) == ""]
    by_key = {key_of(block): block for block in entries if key_of(block)}
    out = header[:1]
    for key in english_comments:
        block = by_key.pop(key, None) or empty_entry(key, key in english.plurals, own.nplurals)
        comments = [line for line in block if line.startswith("#") and not line.startswith(EXTRACTED)]
        body = [line for line in block if not line.startswith("#")]
        out.append(comments + english_note(english, key, english_comments[key]) + body)
    for block in by_key.values():  # gone from English: kept, as gettext keeps an obsolete entry
        out.append([line if line.startswith("#") else "#~ " + line for line in block])
    out += [block for block in entries if key_of(block) is None and block not in out]  # obsolete ones already
    return "\n\n".join("\n".join(block) for block in out) + "\n"


def out_of_step() -> dict[str, str]:
    """{language: the catalogue as it should be} for each catalogue that is not."""
    english_text = i18n.po_path(i18n.DEFAULT_LANGUAGE).read_text(encoding="utf-8")
    changed = {}
    for language in i18n.found_languages():
        if language == i18n.DEFAULT_LANGUAGE:
            continue
        text = i18n.po_path(language).read_text(encoding="utf-8")
        should = synced(text, english_text)
        if should != text:
            changed[language] = should
    return changed


def main(argv: list[str]) -> int:
    changed = out_of_step()
    if "--check" in argv:
        for language in changed:
            print(f"{i18n.po_path(language)} is out of step with the English catalogue")
        return 1 if changed else 0
    for language, text in changed.items():
        i18n.po_path(language).write_text(text, encoding="utf-8")
        print(f"updated {i18n.po_path(language)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
