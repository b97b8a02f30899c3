"""The Windows installer (packaging/windows/idioten.nsi, made by packaging/windows_installer.py).

Read as a script here: for the player alone (no administrator rights, the per-user programs folder, HKCU),
in the languages the game speaks, and an uninstaller that removes only what was installed, never the
player's saved games. Built with makensis and looked into with 7-Zip in the slow tier, from a small stand-in
folder (.ci/run does the same with the real Linux folder); installing and uninstalling are seen only on
Windows (the release workflow's smoke run).
"""

from __future__ import annotations

import ntpath
import re
import shutil
import sys
from pathlib import Path, PureWindowsPath

import pytest
from packaging_support import REPO

from idioten.storage import files

sys.path.insert(0, str(REPO / "packaging"))
import spec_parts  # (packaging/ is not a package: on the path above)
import windows_installer

SCRIPT_TEXT = windows_installer.SCRIPT.read_text(encoding="utf-8")
NSIS_LANGUAGES = {"English": "en", "Swedish": "sv", "German": "de", "Finnish": "fi", "Danish": "da",
                  "Norwegian": "nb", "French": "fr", "Spanish": "es", "Italian": "it", "Dutch": "nl", "Polish": "pl"}


def section(name: str) -> str:
    """The lines of the script's section `name` (as written after `Section`)."""
    match = re.search(rf'^Section {re.escape(name)}.*?\n(.*?)^SectionEnd', SCRIPT_TEXT, re.M | re.S)
    assert match, name
    return match.group(1)


def test_the_installer_needs_no_administrator_rights():
    assert re.search(r"^RequestExecutionLevel user$", SCRIPT_TEXT, re.M)
    assert re.search(r'^InstallDir "\$LOCALAPPDATA\\Programs\\\$\{NAME\}"$', SCRIPT_TEXT, re.M)
    # Everything it writes into the registry is the player's own: nothing of the machine's.
    assert "HKLM" not in SCRIPT_TEXT and "SetShellVarContext all" not in SCRIPT_TEXT
    writes = re.findall(r"^\s*WriteReg\w+ (\S+) \"\$\{UNINSTALL_KEY\}\"", SCRIPT_TEXT, re.M)
    assert writes and set(writes) == {"HKCU"}
    assert len(re.findall(r"^\s*WriteReg", SCRIPT_TEXT, re.M)) == len(writes)


def test_the_installer_adds_a_start_menu_shortcut_an_optional_desktop_one_and_an_uninstall_entry_with_the_icon():
    game = section('"${NAME}"')
    assert 'CreateShortcut "$SMPROGRAMS\\${NAME}.lnk" "$INSTDIR\\${PROGRAM}"' in game
    assert re.search(r'^!define PROGRAM "idioten\.exe"$', SCRIPT_TEXT, re.M)
    desktop = section('/o "$(DESKTOP_SHORTCUT)"')  # /o: offered, not ticked
    assert 'CreateShortcut "$DESKTOP\\${NAME}.lnk"' in desktop
    for value in ("DisplayName", "DisplayVersion", "Publisher", "DisplayIcon", "UninstallString",
                  "QuietUninstallString", "InstallLocation", "EstimatedSize"):
        assert f'"${{UNINSTALL_KEY}}" "{value}"' in game, value
    assert '"DisplayIcon" "$\\"$INSTDIR\\${PROGRAM}$\\",0"' in game
    assert re.search(r'^!define UNINSTALL_KEY "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\\$\{NAME\}"$',
                     SCRIPT_TEXT, re.M)


def test_the_uninstaller_removes_only_what_was_installed_and_never_the_saved_games():
    removes = section('"Uninstall"')
    assert "$APPDATA" not in removes and "$LOCALAPPDATA" not in removes
    # The install folder itself only once empty (RMDir without /r): a folder the player chose keeps the rest.
    recursive = re.findall(r'^\s*RMDir /r "([^"]+)"', removes, re.M)
    assert recursive == ["$INSTDIR\\_internal"]
    assert re.search(r'^\s*RMDir "\$INSTDIR"$', removes, re.M)
    deleted = set(re.findall(r'^\s*Delete "([^"]+)"', removes, re.M))
    assert deleted == {"$SMPROGRAMS\\${NAME}.lnk", "$DESKTOP\\${NAME}.lnk", "$INSTDIR\\${PROGRAM}",
                       "$INSTDIR\\LICENSE.txt", "$INSTDIR\\${UNINSTALLER}"}
    assert 'DeleteRegKey HKCU "${UNINSTALL_KEY}"' in removes


def test_the_saved_games_are_not_in_the_programs_folder(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delenv(files.ENV_DATA_DIR, raising=False)
    local = "C:\\Users\\Åsa\\AppData\\Local"
    monkeypatch.setenv("APPDATA", "C:\\Users\\Åsa\\AppData\\Roaming")
    data = PureWindowsPath(str(files.data_dir()).replace("/", "\\"))
    installed = PureWindowsPath(ntpath.join(local, "Programs", "Idioten"))
    assert data == PureWindowsPath("C:\\Users\\Åsa\\AppData\\Roaming\\Idioten")
    assert not data.is_relative_to(installed) and not installed.is_relative_to(data)


def test_the_installer_speaks_the_games_languages_and_every_text_of_its_own_in_each():
    included = re.findall(r'^!insertmacro MUI_LANGUAGE "(\w+)"$', SCRIPT_TEXT, re.M)
    assert [NSIS_LANGUAGES[name] for name in included][0] == "en"  # where Windows speaks none of them
    assert sorted(NSIS_LANGUAGES[name] for name in included) == spec_parts.languages(REPO)
    strings = re.findall(r'^LangString (\w+) \$\{LANG_(\w+)\} "(.+)"$', SCRIPT_TEXT, re.M)
    names = {name for name, _, _ in strings}
    assert names and all(re.search(rf"\$\({name}\)", SCRIPT_TEXT) for name in names)
    for name in names:
        assert sorted(language.lower() for n, language, _ in strings if n == name) == sorted(
            language.lower() for language in included), name


# Built and looked into: makensis and 7-Zip (slow tier; .ci/run installs both)

def stand_in_folder(where: Path) -> Path:
    folder = where / "idioten"
    (folder / "_internal" / "assets").mkdir(parents=True)
    (folder / "idioten.exe").write_bytes(b"MZ a stand-in")
    (folder / "_internal" / "python3.dll").write_bytes(bytes(range(256)) * 64)
    (folder / "_internal" / "assets" / "Å.svg").write_text("<svg/>", encoding="utf-8")
    return folder


def needs_tools() -> None:
    for tool in (windows_installer.makensis, windows_installer.seven_zip):
        try:
            tool()
        except windows_installer.ReleaseError as err:
            pytest.fail(str(err))


@pytest.mark.slow
def test_the_installer_carries_the_folder_and_asks_for_no_rights(tmp_path):
    needs_tools()
    folder = stand_in_folder(tmp_path)
    installer = windows_installer.build(folder, tmp_path / "out" / "setup-stand-in.exe", "1.2.3")
    report = windows_installer.check(installer, folder, "1.2.3")
    assert report["files"] == 3 and report["execution_level"] == "asInvoker"
    assert report["archive"].startswith("NSIS-3") and "Unicode" in report["archive"]
    with pytest.raises(windows_installer.ReleaseError, match="ProductVersion is not 1.2.4"):
        windows_installer.check(installer, folder, "1.2.4")

    (folder / "_internal" / "python3.dll").write_bytes(b"rebuilt")
    with pytest.raises(windows_installer.ReleaseError, match=r"differ from the folder's: \['_internal/python3.dll'\]"):
        windows_installer.check(installer, folder, "1.2.3")
    (folder / "_internal" / "new.pyd").write_bytes(b"new")
    with pytest.raises(windows_installer.ReleaseError, match=r"missing \['_internal/new.pyd'\]"):
        windows_installer.check(installer, folder, "1.2.3")


@pytest.mark.slow
def test_an_installer_asking_for_administrator_rights_fails_the_check(tmp_path, monkeypatch):
    needs_tools()
    folder = stand_in_folder(tmp_path)
    script = tmp_path / "idioten.nsi"
    script.write_text(SCRIPT_TEXT.replace("RequestExecutionLevel user", "RequestExecutionLevel admin"),
                      encoding="utf-8")
    monkeypatch.setattr(windows_installer, "SCRIPT", script)
    installer = windows_installer.build(folder, tmp_path / "admin.exe", "1.2.3")
    with pytest.raises(windows_installer.ReleaseError, match="asks for administrator rights"):
        windows_installer.check(installer, folder, "1.2.3")


@pytest.mark.slow
def test_a_warning_from_makensis_fails_the_build(tmp_path, monkeypatch):
    needs_tools()
    script = tmp_path / "idioten.nsi"  # a text of the installer's own, not translated into German
    script.write_text(re.sub(r"^LangString DESKTOP_SHORTCUT \$\{LANG_GERMAN\}.*$", "", SCRIPT_TEXT, flags=re.M),
                      encoding="utf-8")
    monkeypatch.setattr(windows_installer, "SCRIPT", script)
    with pytest.raises(windows_installer.ReleaseError, match="makensis exited 1: .*DESKTOP_SHORTCUT.*German"):
        windows_installer.build(stand_in_folder(tmp_path), tmp_path / "warned.exe", "1.2.3")
    assert not (tmp_path / "warned.exe").exists()


def test_a_missing_tool_names_the_package_to_install(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setenv("ProgramFiles", "/nowhere")
    monkeypatch.setenv("ProgramFiles(x86)", "/nowhere")
    with pytest.raises(windows_installer.ReleaseError, match="makensis is not installed .*apt-get install nsis"):
        windows_installer.makensis()
    with pytest.raises(windows_installer.ReleaseError, match="7z is not installed .*apt-get install 7zip"):
        windows_installer.seven_zip()
