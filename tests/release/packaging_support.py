"""Helpers of the packaging tests.

`run_spec` runs build.spec as PyInstaller would, on any platform, with stand-ins that record what the spec
built: PyInstaller runs the spec only on the system it builds for; with `sys.platform` patched, the macOS
and Windows branches run here too, and the tests read the arguments each build step was given.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

# Linux downloads and POSIX shell scripts; on Windows (the pull-request workflow runs the suite there) there
# is nothing of theirs to check.
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell scripts and file modes")


class Recorder:
    """Stands in for one of PyInstaller's spec classes and keeps what the spec passed to it."""

    calls: dict[str, tuple] = {}

    def __init__(self, *args, **kwargs):
        Recorder.calls[type(self).__name__] = (args, kwargs)


class Analysis(Recorder):
    # Lists that tell apart where each of the analysis' outputs went.
    pure, scripts, binaries, datas = ["pure modules"], ["scripts"], ["binaries"], ["datas"]


class PYZ(Recorder):
    pass


class EXE(Recorder):
    pass


class COLLECT(Recorder):
    pass


class BUNDLE(Recorder):
    pass


VERSIONINFO_CLASSES = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
                       "VarFileInfo", "VarStruct")


def fake_versioninfo(monkeypatch) -> None:
    """PyInstaller's Windows version-resource classes as plain records (name, args, kwargs): the test
    extra does not install PyInstaller, and its classes would only hold the same values."""
    fake = type(sys)("versioninfo")
    for name in VERSIONINFO_CLASSES:
        setattr(fake, name, lambda *a, _name=name, **k: (_name, a, k))
    package = type(sys)("win32")
    package.versioninfo = fake
    utils = type(sys)("PyInstaller.utils")
    utils.win32 = package
    root = type(sys)("PyInstaller")
    root.utils = utils
    for module, value in (("PyInstaller", root), ("PyInstaller.utils", utils),
                          ("PyInstaller.utils.win32", package), ("PyInstaller.utils.win32.versioninfo", fake)):
        monkeypatch.setitem(sys.modules, module, value)


def run_spec(platform: str, monkeypatch) -> tuple[dict, dict]:
    """Execute build.spec with `sys.platform` set to `platform`; returns its namespace and the recorded calls."""
    Recorder.calls = {}
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the spec puts packaging/ on it
    namespace = {"SPECPATH": str(REPO), "Analysis": Analysis, "PYZ": PYZ, "EXE": EXE, "COLLECT": COLLECT,
                 "BUNDLE": BUNDLE, "__name__": "__main__", "__file__": str(REPO / "build.spec")}
    if platform == "win32":
        fake_versioninfo(monkeypatch)
    code = compile((REPO / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec")
    exec(code, namespace)
    return namespace, dict(Recorder.calls)


def stable_abi_names(module_name: str) -> set[str]:
    """The file names a stable-ABI build gives the module: `.abi3.so`, on Windows a `.pyd` without a version."""
    short = module_name.rsplit(".", 1)[1]
    return {f"{short}.abi3.so", f"{short}.pyd"}
