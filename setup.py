"""Builds the optional compiled cores (the solver's search, the hint's rollouts, the poker player's
play-outs); everything else about the package is in pyproject.toml.

`optional=True`: without a C compiler the install still succeeds and the pure-Python search
(idioten/acesup/solver/search.py), rollouts (idioten/acesup/hint/core.py) and play-outs
(idioten/poker/playout.py) run instead; they give the same answers, only slower.

The assets (card pictures, font, sounds, icons) stay at the repository's top, where the tools that draw them
and build.spec expect them; a wheel carries them inside the package as `idioten/assets`, one of the places
idioten/paths.py looks. MANIFEST.in puts them in the sdist, so a wheel built from the sdist has them too.

The cores use only Python's limited API of 3.10 (the stable ABI): built once, as `*.abi3.so` (`.pyd` on
Windows) in a wheel tagged `cp310-abi3`, they load in every CPython from 3.10 on, 3.14 and later included.
The free-threaded builds (3.13t, 3.14t) have no limited API yet: there they are built for that Python alone.
An older checkout may hold a per-version build of a core (`_csearch.cpython-311-x86_64-linux-gnu.so`) beside
it, which Python would load before the `abi3` one (its suffix comes first in the import system's list), new C
functions then missing: writing the `abi3` build removes those copies (`remove_per_version_copies`).
"""

import re
import shutil
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ASSETS = Path(__file__).resolve().parent / "assets"
# Left out of the wheel: the Windows and macOS icon containers (only the PyInstaller build uses them), and the
# four-colour card pictures that are the standard ones byte for byte, which idioten/paths.py falls back to
# (the same rule as packaging/spec_parts.py's for the downloads).
BUILD_ONLY_SUFFIXES = (".ico", ".icns")


def not_for_the_wheel(folder, names):
    folder = Path(folder)
    left_out = {name for name in names if name.endswith(BUILD_ONLY_SUFFIXES)}
    if folder.name == "four-colour" and folder.parent.name == "cards":
        left_out |= {name for name in names if (folder.parent / name).is_file()
                     and (folder.parent / name).read_bytes() == (folder / name).read_bytes()}
    return left_out


class build_py_with_assets(build_py):
    """build_py, plus the top-level assets/ copied to idioten/assets in what the wheel is made from."""

    def run(self):
        super().run()
        # An editable install reads assets/ where it lies (paths.py looks beside the package first).
        if getattr(self, "editable_mode", False):
            return
        if not ASSETS.is_dir():
            raise SystemExit(f"setup.py: no assets folder at {ASSETS}: the game would have no cards")
        target = Path(self.build_lib) / "idioten" / "assets"
        shutil.rmtree(target, ignore_errors=True)  # no picture left over from an earlier build
        shutil.copytree(ASSETS, target, ignore=not_for_the_wheel)

    def get_outputs(self, include_bytecode=True):
        target = Path(self.build_lib) / "idioten" / "assets"
        return super().get_outputs(include_bytecode) + [str(p) for p in sorted(target.rglob("*")) if p.is_file()]


# A build for one Python: `.cpython-311-x86_64-linux-gnu.so`, `.cpython-313t-darwin.so`, `.cp311-win_amd64.pyd`.
PER_VERSION = re.compile(r"\.(cpython-\d+\w*-[^.]+|cp\d+\w*-[^.]+)\.(so|pyd)$")


def remove_per_version_copies(written: Path) -> list[Path]:
    """When `written` is a core's stable-ABI build (`name.abi3.so`, on Windows `name.pyd`), every per-version
    build of the same core beside it, which the import system would take first, is removed (any Python's: each
    would shadow it in its own). Returns the files removed."""
    written = Path(written)
    if PER_VERSION.search(written.name) or not written.name.endswith((".abi3.so", ".pyd")):
        return []
    module = written.name.split(".", 1)[0]
    removed = []
    for sibling in sorted(written.parent.glob(module + ".*")):
        if sibling != written and sibling.name.split(".", 1)[0] == module and PER_VERSION.search(sibling.name):
            sibling.unlink()
            removed.append(sibling)
    return removed


class build_ext_without_stale_copies(build_ext):
    """build_ext, leaving no per-version build of a core beside its stable-ABI one, where it is built and, in an
    editable install (or --inplace), in the source tree it is copied to."""

    def build_extension(self, ext):
        super().build_extension(ext)  # an optional core that failed raises here: nothing is removed then
        remove_per_version_copies(Path(self.get_ext_fullpath(ext.name)))

    def copy_extensions_to_source(self):
        super().copy_extensions_to_source()
        build_py_command = self.get_finalized_command("build_py")
        for ext in self.extensions:
            package, _, _ = ext.name.rpartition(".")
            copied = Path(build_py_command.get_package_dir(package)) / Path(self.get_ext_filename(ext.name)).name
            if copied.exists():
                remove_per_version_copies(copied)


CSRC = "idioten/acesup/solver/csrc/"
# 3.10 as Py_LIMITED_API's hex version (PY_VERSION_HEX), and as the wheel's tag.
LIMITED_API_VERSION = "0x030A0000"
LIMITED_API_TAG = "cp310"
LIMITED_API = not sysconfig.get_config_var("Py_GIL_DISABLED")
CORE_OPTIONS = {
    "optional": True,
    "py_limited_api": LIMITED_API,
    "define_macros": [("Py_LIMITED_API", LIMITED_API_VERSION)] if LIMITED_API else [],
}

setup(
    cmdclass={"build_py": build_py_with_assets, "build_ext": build_ext_without_stale_copies},
    options={"bdist_wheel": {"py_limited_api": LIMITED_API_TAG}} if LIMITED_API else {},
    ext_modules=[
        Extension(
            "idioten.acesup.solver._csearch",
            sources=[CSRC + name for name in ("module.c", "solve.c", "runtime.c", "team.c", "search.c", "prune.c",
                                              "quick.c", "strict.c", "table.c")],
            depends=[CSRC + "core.h", CSRC + "runtime.h"],
            **CORE_OPTIONS,
        ),
        # The hint player's rollouts (hint/core.py is their specification and fallback), optional the same way.
        Extension("idioten.acesup.hint._crollout",
                  sources=["idioten/acesup/hint/csrc/rollout.c", "idioten/acesup/hint/csrc/evaluation.c"],
                  **CORE_OPTIONS),
        # The poker hint player's play-outs (poker/playout.py is their specification and fallback), the same way.
        Extension("idioten.poker._cplayout", sources=["idioten/poker/csrc/playout.c"], **CORE_OPTIONS),
    ],
)
