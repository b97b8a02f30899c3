"""build.spec's macOS and Windows branches, run here with the platform patched (only Linux runs here).

What each system's build is given: the layout (one folder everywhere, wrapped in an .app bundle on macOS),
the icon, the version resource and the bundle's Info.plist, all consistent with `idioten.__version__`.
"""

from __future__ import annotations

import plistlib
import sys
from pathlib import Path

import pytest
from packaging_support import COLLECT, REPO, Analysis, fake_versioninfo, run_spec

import idioten

sys.path.insert(0, str(REPO / "packaging"))
import spec_parts


@pytest.mark.parametrize("platform, system", [("win32", "windows"), ("darwin", "macos"), ("linux", "linux"),
                                              ("freebsd14", "linux")])
def test_each_platform_is_one_of_three_systems(monkeypatch, platform, system):
    monkeypatch.setattr(sys, "platform", platform)
    assert spec_parts.system() == system


def test_the_version_is_read_without_importing_the_package(tmp_path):
    assert spec_parts.package_version() == idioten.__version__
    (tmp_path / "idioten").mkdir()
    (tmp_path / "idioten" / "__init__.py").write_text('"""No version."""\nimport pygame\n')
    with pytest.raises(SystemExit, match="no __version__"):
        spec_parts.package_version(tmp_path)


def test_macos_gets_an_app_bundle_from_a_one_folder_build(monkeypatch):
    _, calls = run_spec("darwin", monkeypatch)
    exe_args, exe = calls["EXE"]
    assert exe["exclude_binaries"] is True and Analysis.binaries not in exe_args  # the libraries sit beside it
    assert exe["console"] is False and exe["name"] == "idioten"
    assert exe["strip"] is False  # stripping would break the libraries' code signatures
    collect_args, collect = calls["COLLECT"]
    assert Analysis.binaries in collect_args and Analysis.datas in collect_args
    (folder,), bundle = calls["BUNDLE"]
    assert isinstance(folder, COLLECT)
    assert bundle["name"] == "Idioten.app"
    assert Path(bundle["icon"]) == REPO / "assets" / "icon.icns" and Path(bundle["icon"]).is_file()
    assert bundle["bundle_identifier"] == spec_parts.BUNDLE_IDENTIFIER
    assert bundle["bundle_identifier"].count(".") >= 2 and " " not in bundle["bundle_identifier"]
    assert bundle["version"] == idioten.__version__
    plist = bundle["info_plist"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleVersion"] == idioten.__version__
    assert plist["CFBundleDisplayName"] == "Idioten"
    # Every language the game speaks, so that macOS offers its per-app language setting for each.
    assert plist["CFBundleLocalizations"] == sorted(p.name for p in (REPO / "idioten" / "locale").iterdir()
                                                   if (p / "LC_MESSAGES" / "idioten.po").is_file())
    assert {"sv", "en", "de"} <= set(plist["CFBundleLocalizations"])
    plistlib.dumps(plist)  # only types a property list can hold


def test_a_language_added_as_files_is_named_in_the_bundle(tmp_path):
    for language in ("sv", "fi", "en"):
        folder = tmp_path / "idioten" / "locale" / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "idioten.po").write_text('msgid ""\nmsgstr ""\n')
    (tmp_path / "idioten" / "locale" / "xx").mkdir()  # a folder without a catalogue is no language
    assert spec_parts.macos_info_plist("1.0", tmp_path)["CFBundleLocalizations"] == ["en", "fi", "sv"]


def test_windows_gets_one_windowed_folder_with_icon_and_version_resource(monkeypatch):
    _, calls = run_spec("win32", monkeypatch)
    assert "BUNDLE" not in calls
    exe_args, exe = calls["EXE"]
    assert exe["exclude_binaries"] is True and Analysis.binaries not in exe_args
    assert exe["console"] is False and exe["name"] == "idioten"
    assert calls["COLLECT"][1]["name"] == "idioten"  # dist\idioten\idioten.exe
    assert Path(exe["icon"]) == REPO / "assets" / "icon.ico"
    kind, _, resource = exe["version"]
    assert kind == "VSVersionInfo"
    numbers = (tuple(int(part) for part in idioten.__version__.split(".")) + (0, 0, 0, 0))[:4]
    _, _, fixed = resource["ffi"]
    assert fixed == {"filevers": numbers, "prodvers": numbers}
    string_file_info, var_file_info = resource["kids"]
    ((table,),) = string_file_info[1]
    _, (language, entries), _ = table
    assert language == "040904B0"
    strings = {entry[1][0]: entry[1][1] for entry in entries}
    assert strings["ProductVersion"] == strings["FileVersion"] == idioten.__version__
    assert strings["ProductName"] == "Idioten" and strings["OriginalFilename"] == "idioten.exe"
    assert strings["CompanyName"] and "Copyright" in strings["LegalCopyright"]
    assert var_file_info[0] == "VarFileInfo"


def test_linux_gets_one_stripped_folder_without_icon_or_version_resource(monkeypatch):
    _, calls = run_spec("linux", monkeypatch)
    _, exe = calls["EXE"]
    assert exe["strip"] is True and exe["icon"] is None and exe["version"] is None
    assert calls["COLLECT"][1]["strip"] is True and calls["COLLECT"][1]["name"] == "idioten"
    assert "BUNDLE" not in calls


@pytest.mark.parametrize("version, numbers", [("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)),
                                              ("2.0.1rc1", (2, 0, 1, 0)), ("1.2.3.4.5", (1, 2, 3, 4))])
def test_windows_wants_four_version_numbers(version, numbers):
    assert spec_parts.windows_version_numbers(version) == numbers


def test_the_version_resource_is_built_only_on_windows(monkeypatch):
    fake_versioninfo(monkeypatch)
    monkeypatch.setattr(sys, "platform", "darwin")
    assert spec_parts.windows_version_info("1.0") is None
    monkeypatch.setattr(sys, "platform", "win32")
    assert spec_parts.windows_version_info("1.0")[0] == "VSVersionInfo"


def test_prismatoids_native_files_go_where_it_loads_them_from(tmp_path):
    native = tmp_path / "prism" / "_native"
    native.mkdir(parents=True)
    for name in ("libprism.dylib", "_prism_cffi.abi3.so"):
        (native / name).write_bytes(b"")
    assert spec_parts.speech_binaries(native) == [(str(native / "_prism_cffi.abi3.so"), "prism/_native"),
                                                   (str(native / "libprism.dylib"), "prism/_native")]
    assert spec_parts.speech_binaries(tmp_path / "none") == []
