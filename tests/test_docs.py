"""The documents in the repository stay true: links lead somewhere inside it, the rule book's scoring table is
the one the game scores by, and the design note's command-line contract names every command there is."""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

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
