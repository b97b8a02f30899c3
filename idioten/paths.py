"""Where the game's files are, both in a source checkout and inside a PyInstaller bundle.

In the program PyInstaller builds (one folder, build.spec), `sys._MEIPASS` names the folder of its files,
`_internal/` beside the program (`Contents/Frameworks` in the macOS app); `build.spec` puts the `assets`
folder at its top. From a source checkout (or an editable install) the assets sit next to the package, at the
root of the repository. An installed wheel may carry them inside the package as package data
(`idioten/assets`), so that place is tried as well.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent
_BESIDE_PACKAGE, _IN_PACKAGE = _PACKAGE_DIR.parent / "assets", _PACKAGE_DIR / "assets"
FOUR_COLOUR = "four-colour"  # the folder of the four-colour deck's pictures, under cards/


def asset_roots() -> list[Path]:
    """Candidate asset folders, most specific first."""
    roots = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle) / "assets")
    roots.append(_BESIDE_PACKAGE)
    roots.append(_IN_PACKAGE)
    return roots


def asset_root() -> Path:
    for root in asset_roots():
        if root.is_dir():
            return root
    return asset_roots()[0]


def asset(*parts: str) -> Path:
    """The path of an asset such as `asset("cards", "AS.svg")`; it may not exist (callers handle that).

    A four-colour picture the two decks share that is absent is the standard deck's (SAME_IN_BOTH_DECKS)."""
    for name in _stand_ins(parts):
        for root in asset_roots():
            candidate = root.joinpath(*name)
            if candidate.exists():
                return candidate
    return asset_root().joinpath(*parts)


def kept_asset(*parts: str) -> Path:
    """`asset(*parts)`, looked for once per set of asset folders: for files read once and then kept for the run
    (card pictures, the font), which a file appearing or vanishing later would not change either. Each call
    still asks `asset_roots()`, so other folders (a bundle's, or those a test sets) find their own file; the
    window asks for a picture's file many times a second while it lays out and warms its cards."""
    return _asset_under(parts, tuple(asset_roots()))


# Some 120 files in one set of folders: only tests setting folders anew fill it.
@functools.lru_cache(maxsize=4096)
def _asset_under(parts: tuple[str, ...], roots: tuple[Path, ...]) -> Path:
    return asset(*parts)


def _stand_ins(parts: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The asset itself, then for a four-colour picture the two decks share, the standard deck's."""
    if len(parts) == 3 and parts[:2] == ("cards", FOUR_COLOUR) and parts[2] in SAME_IN_BOTH_DECKS:
        return [parts, ("cards", parts[2])]
    return [parts]


# Every picture the table can show, relative to the assets folder: the 52 faces and the joker (Poker
# patience's wild card) in both decks, the two backs and the empty slot. Spelled out here rather than taken
# from idioten.cards, because this module belongs to the shared vocabulary, which imports no other part.
_RANKS, _SUITS = "23456789TJQKA", "CDHS"
_FACES = [f"{rank}{suit}.svg" for suit in _SUITS for rank in _RANKS] + ["JK.svg"]
CARD_PICTURES = tuple([f"cards/{face}" for face in _FACES] + ["cards/back-blue.svg", "cards/back-red.svg",
                                                             "cards/slot.svg"]
                      + [f"cards/{FOUR_COLOUR}/{face}" for face in _FACES])
# The four-colour deck inks clubs green and diamonds blue; its spades, hearts and joker are the standard
# deck's pictures, which the downloads and the wheel carry once (packaging/spec_parts.py drops the copies).
SAME_IN_BOTH_DECKS = frozenset([f"{rank}{suit}.svg" for suit in "SH" for rank in _RANKS] + ["JK.svg"])


def missing_assets(roots: list[Path] | None = None) -> list[str]:
    """The card pictures (as `cards/AS.svg`) found in none of the asset folders, in CARD_PICTURES' order.

    Empty when the install is whole; otherwise the window has only plain stand-ins to draw, and should say
    which files it lacks rather than look broken without a word (a wheel built without its assets did so).
    """
    roots = asset_roots() if roots is None else roots
    return [name for name in CARD_PICTURES if not any(
        root.joinpath(*parts).is_file() for parts in _stand_ins(tuple(name.split("/"))) for root in roots)]
