"""Where the game's files are, both in a source checkout and inside a PyInstaller bundle.

A one-file PyInstaller executable unpacks its data into a temporary folder named by `sys._MEIPASS`;
`build.spec` is expected to put the `assets` folder at the top of that bundle. From a source checkout (or an
editable install) the assets sit next to the package, at the root of the repository. An installed wheel may
carry them inside the package as package data (`idioten/assets`), so that place is tried as well.
"""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def asset_roots() -> list[Path]:
    """Candidate asset folders, most specific first."""
    roots = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle) / "assets")
    roots.append(_PACKAGE_DIR.parent / "assets")
    roots.append(_PACKAGE_DIR / "assets")
    return roots


def asset_root() -> Path:
    for root in asset_roots():
        if root.is_dir():
            return root
    return asset_roots()[0]


def asset(*parts: str) -> Path:
    """The path of an asset such as `asset("cards", "AS.svg")`; it may not exist (callers handle that)."""
    for root in asset_roots():
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
    return asset_root().joinpath(*parts)
