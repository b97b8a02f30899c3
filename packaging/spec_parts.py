"""The platform decisions of `build.spec`, kept apart so that tests can check every system's on Linux.

PyInstaller runs the spec only on the system it builds for, so a mistake in the macOS or Windows branch would
otherwise show only on that system's runner. Everything here reads `sys.platform` when it is called (tests
patch it) and needs neither PyInstaller nor pygame; the one PyInstaller class it builds (the Windows version
resource) is imported only on Windows, or from whatever stand-in a test puts in `sys.modules`.

This folder is not a package (an `import packaging` would shadow the registry's `packaging` library):
`build.spec` and the tests put it on `sys.path` and import `spec_parts` by name.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

APP_NAME = "idioten"  # the executable's name; SDL makes it the X11 window class the .desktop entry names
DISPLAY_NAME = "Idioten"
MACOS_APP = DISPLAY_NAME + ".app"
# Reverse-DNS and unique to this game: macOS keys the app's permissions and preferences by it, so it never
# changes between versions.
BUNDLE_IDENTIFIER = "io.github.idioten.Idioten"
COMPANY = "The Idioten authors"
COPYRIGHT = "Copyright (c) the Idioten authors. MIT licence."
DESCRIPTION = "Idioten - Aces Up and Poker patience"

# Icon containers that the executable carries itself; every other file under assets/ is bundled as data.
BUILD_ONLY_SUFFIXES = (".ico", ".icns")
FOUR_COLOUR = "four-colour"  # assets/cards/four-colour/: the deck with green clubs and blue diamonds


def system() -> str:
    """'windows', 'macos' or 'linux' (any other Unix builds as Linux does)."""
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux"


def package_version(root: Path = ROOT) -> str:
    """`idioten.__version__`, read without importing the package (the build must not need pygame)."""
    tree = ast.parse((root / "idioten" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__version__" for t in node.targets):
            return node.value.value
    raise SystemExit("build.spec: idioten/__init__.py has no __version__")


def asset_datas(root: Path = ROOT) -> list[tuple[str, str]]:
    """Every file under assets/ at the same relative place, where `idioten/paths.py` looks in a bundle, but for
    the four-colour pictures that are the standard ones byte for byte (spades, hearts, the joker): the game
    falls back to the standard picture where the four-colour one is absent (`paths.asset`)."""
    shared = set(shared_card_pictures(root))
    return [
        (str(path), str(path.parent.relative_to(root)))
        for path in sorted((root / "assets").rglob("*"))
        if path.is_file() and not path.name.endswith(BUILD_ONLY_SUFFIXES) and path not in shared
    ]


def shared_card_pictures(root: Path = ROOT) -> list[Path]:
    """The four-colour card pictures equal to the standard deck's, which a download and a wheel carry once.
    Compared byte for byte at build time, so a redrawn card is shipped as soon as it differs."""
    cards = root / "assets" / "cards"
    return [path for path in sorted((cards / FOUR_COLOUR).glob("*.svg"))
            if (cards / path.name).is_file() and (cards / path.name).read_bytes() == path.read_bytes()]


def languages(root: Path = ROOT) -> list[str]:
    """The languages the game speaks: one catalogue each under idioten/locale/ (read at build time, so a
    language added as files is named without a change here)."""
    return sorted(path.parent.parent.name for path in (root / "idioten" / "locale").glob("*/LC_MESSAGES/idioten.po"))


def speech_binaries(native: Path | None = None) -> list[tuple[str, str]]:
    """prismatoid's native library and cffi module (speech on Windows and macOS, idioten/speech/backends.py),
    which it loads by path from prism/_native/ where PyInstaller's analysis does not look: each file for that
    same place in the bundle. None where the build's Python has no prismatoid (Linux: not a dependency there)."""
    if native is None:
        import importlib.util

        found = importlib.util.find_spec("prism")
        if found is None or not found.submodule_search_locations:
            return []
        native = Path(next(iter(found.submodule_search_locations))) / "_native"
    if not native.is_dir():
        return []
    return [(str(path), "prism/_native") for path in sorted(native.iterdir()) if path.is_file()]


def makes_app_bundle() -> bool:
    """macOS gets an .app (what Finder opens on a double-click; a bare program opens a Terminal), wrapped
    around the same one-folder build the other systems ship as a plain folder."""
    return system() == "macos"


def icon(root: Path = ROOT) -> str | None:
    """PyInstaller turns a PNG into ICO/ICNS only with Pillow, which the build does not install;
    tools/make_icon_files.py writes both from assets/icon.svg and they are committed."""
    name = {"windows": "icon.ico", "macos": "icon.icns"}.get(system())
    # Linux executables carry no icon; packaging/linux/install.sh installs one with the desktop entry.
    return str(root / "assets" / name) if name else None


def strip_symbols() -> bool:
    """Stripping halves the Linux file (pyenv's libpython alone carries 20 MB of symbols). On macOS it would
    break the code signatures PyInstaller puts on every library (arm64 runs nothing unsigned), and Windows
    DLLs carry no symbols to strip."""
    return system() == "linux"


def macos_info_plist(version: str, root: Path = ROOT) -> dict:
    """Info.plist entries BUNDLE adds beside its own (name, identifier, CFBundleShortVersionString)."""
    return {
        # The languages the app is localised for: macOS offers its per-app language setting (System Settings
        # -> General -> Language & Region -> Applications) only for these, and hands the choice to the app as
        # its preferred language, which the game reads (idioten/i18n.py).
        "CFBundleLocalizations": languages(root),
        "CFBundleDevelopmentRegion": "en",
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleVersion": version,  # the build number Finder shows beside the short version
        "NSHighResolutionCapable": True,  # without it macOS draws the window at half resolution on Retina
        "NSHumanReadableCopyright": COPYRIGHT,
        "LSApplicationCategoryType": "public.app-category.card-games",
    }


def windows_version_numbers(version: str) -> tuple[int, int, int, int]:
    """Windows wants four numbers: "0.1.0" -> (0, 1, 0, 0); a suffix such as "rc1" is dropped."""
    parts = [int(re.match(r"\d*", part).group() or 0) for part in version.split(".")[:4]]
    return tuple(parts + [0] * (4 - len(parts)))


def windows_version_strings(version: str) -> dict[str, str]:
    """What Explorer shows under Properties -> Details, and SmartScreen names the program by."""
    return {
        "CompanyName": COMPANY,
        "FileDescription": DESCRIPTION,
        "FileVersion": version,
        "InternalName": APP_NAME,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": APP_NAME + ".exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": version,
    }


def windows_version_info(version: str):
    """The version resource of the .exe, or None off Windows."""
    if system() != "windows":
        return None
    from PyInstaller.utils.win32 import versioninfo as vi

    numbers = windows_version_numbers(version)
    us_english_unicode = "040904B0"  # the string table's language and code page, as Windows expects them
    strings = [vi.StringStruct(key, value) for key, value in windows_version_strings(version).items()]
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[vi.StringFileInfo([vi.StringTable(us_english_unicode, strings)]),
              vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])])],
    )



# Libraries that pygame-ce's Windows wheel carries for formats the game never opens, which its SDL_image and
# SDL_mixer load only when a file of that kind is opened (their import tables name SDL2.dll alone): JPEG,
# PNG, TIFF, WebP and AVIF pictures (the game draws SVG only: the cards and the window's icon); Ogg, Opus,
# FLAC, MP3, tracker and WavPack sounds (its sounds are WAV, which SDL reads itself); and PortMidi (MIDI,
# never used). On Linux and macOS pygame-ce's SDL_image and SDL_mixer are linked against their codecs, so
# the loader needs every one of them to start: those stay (docs/packaging.md, "What each download holds").
WINDOWS_UNUSED_LIBRARIES = ("libjpeg-", "libpng16-", "libtiff-", "libwebp-", "libwebpdemux-", "libavif-",
                            "libogg-", "libopus-", "libopusfile-", "libwavpack-", "libxmp", "libgme",
                            "libmodplug-", "portmidi")


def unused_library(name: str) -> bool:
    """Whether the library file `name` (as the analysis lists it) is one the game never loads on this system."""
    base = Path(name.replace("\\", "/")).name.lower()
    return system() == "windows" and base.endswith(".dll") and base.startswith(WINDOWS_UNUSED_LIBRARIES)


def needed_binaries(binaries: list) -> list:
    """The analysis' libraries (PyInstaller's (name, source, kind) entries) without the unused ones."""
    return [entry for entry in binaries if not unused_library(entry[0])]
