"""The documents in the repository stay true: links lead somewhere inside it, the rule book's scoring table is
the one the game scores by, and the design note's command-line contract names every command there is.

They name only code that exists, and outside figures.md's appendix (its history) they speak of the program as
it stands, never of a day ("this morning", "yesterday", "6 December", a weekday): a figure carries its command
and the machine it ran on; when it was measured belongs in the appendix, where the history is kept. Every
backticked `Class.member`, `module.function` or `holder.part` is looked up in the package's own source (read,
not imported): a class's methods, properties, fields and the attributes its methods set, a module's
top-level names. A name rooted in another library (`pygame.event.post`, `os.replace`) or a text key
(`ui.button.new`) is not looked up."""

from __future__ import annotations

import argparse
import ast
import os
import re
from functools import cache
from pathlib import Path

import pytest
import source_trees

from idioten.acesup.rules import VARIANTS
from idioten.cli.parser import build_parser
from idioten.poker.scoring import TABLES

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIPPED_DIRS = {".git", ".venv", "venv", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis"}
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchor(heading: str) -> str:
    """The anchor a heading gets on the usual Markdown hosts: lower case, punctuation dropped, spaces to -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {anchor(line.lstrip("#")) for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")}


def repository_text_files():
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.endswith(".egg-info")]
        for name in files:
            path = Path(folder, name)
            if path.suffix in (".py", ".md", ".toml", ".spec", ".sh", ".txt", ".cfg", ".yml", ".yaml", ".desktop",
                               ".po", ".c", ".h") or name == "run":
                yield path


def test_every_link_in_the_documents_leads_to_a_file_and_heading_that_exist():
    broken = []
    for doc in DOCS:
        for target in LINK.findall(doc.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address: not checked here (and the documents use none)
            file_part, _, fragment = target.partition("#")
            linked = (doc.parent / file_part).resolve() if file_part else doc
            if not linked.exists() or ROOT not in linked.parents:
                broken.append(f"{doc.name}: {target}")
            elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
                broken.append(f"{doc.name}: {target} (no such heading)")
    assert broken == []


def test_the_link_check_sees_a_missing_file_and_a_missing_heading():
    assert anchor("Your games are saved") == "your-games-are-saved"
    assert anchor("Aces Up: the exact solver") == "aces-up-the-exact-solver"
    assert "no-such-heading" not in anchors(ROOT / "README.md")
    assert not (ROOT / "docs" / "no-such-file.md").exists()


CODE_SPAN = re.compile(r"`([^`\n]+)`")
# Named on purpose though not in the repository: what a build makes, the inside of the macOS app, the bundle's
# folder as Python sees it, the work folders of PyInstaller and setuptools, the assets' place inside a wheel.
NOT_IN_REPOSITORY = ("dist/", "Contents/", "sys._MEIPASS", ".pyinstaller/", "build/", "idioten/assets/")


def named_paths(text: str) -> set[str]:
    """The repository paths a Markdown text names in `code`: words with a slash that are neither an address,
    nor a folder outside the checkout (~/..., /usr/..., %APPDATA%), nor a pattern (<lang>, *.wav, {name})."""
    found = set()
    for span in CODE_SPAN.findall(text):
        if re.match(r"[~/%]|[A-Z]:\\", span):
            continue
        for word in span.split():
            word = word.strip(",;:()\"'").removeprefix("./")
            pathlike = re.search(r"\w/|/\w", word) and not re.search(r"[<>*{}…~%$\\]|://|^-", word)
            if pathlike and not word.startswith(NOT_IN_REPOSITORY):
                found.add(word.split(":")[0].rstrip("."))
    return found


def missing_paths(text: str, files: set[str]) -> list[str]:
    """The named paths that are no file or folder of `files` (paths from the root): a path counts from the
    root, or as the end of one (`csrc/prune.c`, `ui/kit/`)."""
    folders = {str(Path(f).parent) + "/" for f in files} | {"/".join(f.split("/")[:i]) + "/" for f in files
                                                           for i in range(1, f.count("/"))}
    known = files | folders
    return sorted(path for path in named_paths(text)
                  if not any(k == path or k == path + "/" or k.endswith("/" + path) or k.endswith("/" + path + "/")
                             for k in known))


def repository_files() -> set[str]:
    found = set()
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.endswith(".egg-info")]
        found |= {str(Path(folder, name).relative_to(ROOT)) for name in files}
    return found


def test_every_path_the_documents_name_is_in_the_repository():
    files = repository_files()
    missing = [f"{doc.name}: {path}" for doc in DOCS for path in missing_paths(doc.read_text(encoding="utf-8"), files)]
    assert missing == []


def test_the_path_check_sees_a_path_that_is_not_there():
    files = {"idioten/ui/kit/palette.py", "idioten/acesup/solver/csrc/prune.c"}
    text = ("`idioten/ui/kit/palette.py` and `csrc/prune.c` and `ui/kit/` are there; `idioten/ui/kit/colours.py` "
            "and `bench/nothing.py --deals 1` are not; `~/.local/share/idioten`, `dist/idioten`, `locale/<lang>/`, "
            "`x / 96` and `https://example.org/a/b` are not paths of the repository")
    assert missing_paths(text, files) == ["bench/nothing.py", "idioten/ui/kit/colours.py"]


def test_nothing_in_the_repository_points_at_documents_outside_it():
    outside = ["RULES" + ".md", "DESIGN" + ".md", "SOLVER" + "-THEORY"]  # split so this file does not name them
    found = [f"{path.relative_to(ROOT)}: {name}" for path in repository_text_files()
             for name in outside if name in path.read_text(encoding="utf-8", errors="replace")]
    assert found == []


def test_the_rule_book_scores_hands_as_the_game_does():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if line.startswith("| Hand |"))
    tables = [name.strip().lower() for name in header.strip("|").split("|")[1:]]
    assert set(tables) == set(TABLES)
    rows = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("|") and len(cells) == len(tables) + 1 and cells[1].isdigit():
            rows[cells[0].lower()] = [int(cell) for cell in cells[1:]]
    order = ["nothing (high card)", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
             "four of a kind", "straight flush", "royal flush"]  # hands.HAND_NAMES without five of a kind
    assert sorted(rows) == sorted(order)
    for column, table in enumerate(tables):
        assert [rows[hand][column] for hand in order] == list(TABLES[table][:len(order)]), table
        assert TABLES[table][-1] == TABLES[table][order.index("straight flush")]  # five of a kind, as the book says


def test_the_rule_book_names_every_aces_up_variant():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").lower()
    for variant in VARIANTS:
        assert f"**{variant.replace('-', ' ')}**" in text, variant


def _commands(parser: argparse.ArgumentParser, prefix: str = "idioten") -> set[str]:
    found = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                inner = _commands(sub, f"{prefix} {name}")
                found |= inner or {f"{prefix} {name}"}
    return found


def test_the_design_note_gives_the_contract_of_every_command():
    commands = _commands(build_parser())
    assert {"idioten deal", "idioten solve", "idioten poker score"} <= commands
    contract = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    contract = contract[contract.index("## Command-line contract"):]
    missing = [command for command in sorted(commands) if not re.search(rf"^{command} ", contract, re.M)]
    assert missing == []


# -- names and dates ----------------------------------------------------------------------------------------

REPO = ROOT
DOCUMENTS = sorted([*(REPO / "docs").glob("*.md"), REPO / "README.md"])
APPENDIX = re.compile(r"^## Appendix\b", re.MULTILINE)  # from here to the end: the history, dates welcome
SOURCES = ("idioten", "bench", "tools", "packaging")

MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
WEEKDAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
# "May" alone is a verb: only a month with a day is a date. Weekdays and the words above only as words.
CASE_SENSITIVE = re.compile(rf"\b(?:{WEEKDAYS})\b|\d{{1,2}} (?:{MONTHS})\b|\b(?:{MONTHS}) \d{{1,2}}\b")
DATED_WORDS = re.compile(r"\b(?:this (?:morning|afternoon|evening|week)|today|tonight|yesterday|last night)\b",
                         re.IGNORECASE)

BACKTICKED = re.compile(r"`([^`\n]+)`")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
# The ends of file names and of addresses: `game.json`, `build.spec`, `docs.rs`.
NOT_CODE = {"json", "sock", "py", "md", "po", "toml", "spec", "txt", "svg", "png", "c", "h", "yml", "yaml", "nsi",
            "desktop",
            "xml", "lock", "ps1", "sh", "cfg", "in", "pyd", "so", "exe", "dll", "dmg", "zip", "gz", "whl", "plist",
            "icns", "ico", "rs", "org", "com", "io", "net", "app", "pem", "log", "ini", "bat", "cmd", "msi", "deb",
            "rpm", "metainfo", "csv", "html", "tmp", "bad", "newer", "untold", "mo", "pot", "pyi", "cz"}
OTHER_LIBRARIES = {"pygame", "prismatoid", "os", "sys", "msvcrt", "fcntl", "locale", "threading", "typing", "json",
                   "gettext",
                   "importlib", "subprocess", "faulthandler", "socket", "argparse", "random", "time", "dataclasses",
                   "signal", "pathlib", "tempfile", "shutil", "ctypes", "functools", "collections", "hypothesis",
                   "pytest", "unicodedata", "math", "itertools", "platform", "uuid", "errno", "tomllib", "PyInstaller",
                   "setuptools", "pip", "concurrent", "multiprocessing", "asyncio", "cProfile", "tracemalloc",
                   "resource", "psutil", "sysconfig", "site", "webbrowser", "logging", "textwrap", "re", "string",
                   "struct", "hashlib", "zipfile", "datetime", "dt", "enum", "abc", "contextlib", "traceback",
                   "builtins", "io", "stat", "select", "selectors", "winreg", "AppKit", "SDL", "Path", "str", "int",
                   "float", "dict", "list", "tuple", "set", "self", "cls", "np", "numpy", "python", "python3",
                   "Surface"}


@cache
def text_keys() -> frozenset[str]:
    """The English catalogue's keys (`ui.button.new`, `store.no_folder`) and every prefix of them."""
    catalogue = (REPO / "idioten" / "locale" / "en" / "LC_MESSAGES" / "idioten.po").read_text(encoding="utf-8")
    keys = set()
    for key in re.findall(r'^msgid "([^"]+)"', catalogue, re.MULTILINE):
        parts = key.split(".")
        keys |= {".".join(parts[:n]) for n in range(2, len(parts) + 1)}
    return frozenset(keys)


def is_text_key(reference: str) -> bool:
    return reference in text_keys() or reference.rstrip(".*") in text_keys()


def outside_the_appendix(text: str) -> str:
    found = APPENDIX.search(text)
    return text if found is None else text[:found.start()]


def dated(text: str) -> list[str]:
    words = [m.group(0) for m in DATED_WORDS.finditer(text)]
    return words + [m.group(0) for m in CASE_SENSITIVE.finditer(text)]


@cache
def code() -> tuple[dict[str, set[str]], dict[str, set[str]], dict[str, set[str]], set[str]]:
    """(module dotted name -> its top-level names, module's last name -> the same, class name -> its members,
    every name defined anywhere as a member or top-level name)."""
    modules: dict[str, set[str]] = {}
    short: dict[str, set[str]] = {}
    classes: dict[str, set[str]] = {}
    bases: dict[str, list[str]] = {}
    for root in SOURCES:
        for path in (REPO / root).rglob("*.py"):
            parts = path.relative_to(REPO).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            source = path.read_text(encoding="utf-8")
            top = _names(source_trees.tree(source).body)
            modules[name] = top | {"__init__", "__main__"}
            short.setdefault(name.rsplit(".", 1)[-1], set()).update(top)
            for node in source_trees.nodes(source):
                if isinstance(node, ast.ClassDef):
                    members = classes.setdefault(node.name, set())
                    members |= _names(node.body)
                    members |= {t.attr for t in ast.walk(node) if isinstance(t, ast.Attribute)
                                and isinstance(t.value, ast.Name) and t.value.id in ("self", "cls")
                                and isinstance(t.ctx, ast.Store)}
                    bases.setdefault(node.name, []).extend(ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases)
    # The submodules of a package are among its names (`idioten.play.acesup` has `session`).
    for name in list(modules):
        if "." in name:
            parent, child = name.rsplit(".", 1)
            modules.setdefault(parent, set()).add(child)
            short.setdefault(parent.rsplit(".", 1)[-1], set()).add(child)
    for name in classes:  # inherited members, from our own bases
        seen, todo = set(), list(bases.get(name, []))
        while todo:
            base = todo.pop()
            if base in seen:
                continue
            seen.add(base)
            if base in classes:
                classes[name] |= classes[base]
                todo += bases.get(base, [])
            else:
                classes[name].add("*")  # a base from elsewhere (Enum, NamedTuple, Exception): anything may be its
    everything = set().union(*modules.values(), *classes.values())
    return modules, short, classes, everything


def _names(body: list[ast.stmt]) -> set[str]:
    names: set[str] = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.If, ast.Try)):
            names |= _names(node.body) | _names(getattr(node, "orelse", []))
            for handler in getattr(node, "handlers", []):
                names |= _names(handler.body)
    return names


def missing(reference: str) -> str | None:
    """Why `reference` names nothing in the code (None: it does, or it is not ours to check)."""
    parts = reference.split(".")
    modules, short, classes, everything = code()
    if parts[-1] in NOT_CODE or parts[0] in OTHER_LIBRARIES or is_text_key(reference) or all(
            len(part) <= 1 or re.fullmatch(r"v[A-Z0-9]", part) for part in parts):  # vX.Y.Z, a version's form
        return None
    for cut in range(len(parts) - 1, 0, -1):  # the longest module path first: idioten.play.acesup.lesson.worded
        module = ".".join(parts[:cut])
        if module in modules:
            rest = parts[cut:]
            if rest[0] not in modules[module]:
                return f"{module} has no {rest[0]}"
            return _loose(rest[1:], everything, reference)
    head, rest = parts[0], parts[1:]
    if head in classes:
        if "*" not in classes[head] and rest[0] not in classes[head]:
            return f"class {head} has no member {rest[0]}"
        return _loose(rest[1:], everything, reference)
    if head in short and rest[0] in short[head]:
        return _loose(rest[1:], everything, reference)
    return _loose(rest, everything, reference)  # `app.playing.on_screen`: a holder's parts (`app` is also a module)


def _loose(parts: list[str], everything: set[str], reference: str) -> str | None:
    for part in parts:
        if part not in everything:
            return f"nothing in the code is called {part} ({reference})"
    return None


def references(text: str) -> list[str]:
    found = []
    for quoted in BACKTICKED.findall(text):
        token = re.sub(r"\(.*\)$", "", quoted.strip())
        if DOTTED.fullmatch(token):
            found.append(token)
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_no_dated_words_outside_the_appendix(document):
    text = outside_the_appendix(document.read_text(encoding="utf-8"))
    lines = [f"{number}: {line.strip()[:100]}" for number, line in enumerate(text.splitlines(), 1) if dated(line)]
    assert lines == [], "dated prose belongs in figures.md's appendix:\n" + "\n".join(lines)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_backticked_name_exists_in_the_code(document):
    text = document.read_text(encoding="utf-8")
    wrong = sorted({why for why in map(missing, references(text)) if why is not None})
    assert wrong == [], "\n".join(wrong)


def test_the_checks_catch_what_they_are_for():
    assert dated("measured this morning") and dated("on 6 December 2026") and dated("Since Friday")
    assert not dated("a card may go") and not dated("the deal of the day") and not dated("May 2026")[1:]
    assert missing("Store.save_file") is None and missing("Store.save_game") is not None
    assert missing("idioten.play.acesup.lesson.worded") is None and missing("storage.game.nothing") is not None
    assert missing("app.playing.on_screen") is None and missing("app.playing.open_last_game") is not None
    assert missing("game.json") is None and missing("pygame.event.post") is None
