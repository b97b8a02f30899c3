"""The rules, solver, poker and storage layers never touch pygame: only idioten/ui/ does."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "idioten"


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_window_package_imports_pygame():
    outside_ui = [p for p in PACKAGE.rglob("*.py") if "ui" not in p.relative_to(PACKAGE).parts]
    assert len(outside_ui) > 10
    offenders = [str(p.relative_to(PACKAGE)) for p in outside_ui if "pygame" in imported_modules(p)]
    assert offenders == []


def test_the_check_sees_pygame_where_it_is():
    assert "pygame" in imported_modules(PACKAGE / "ui" / "app.py")
