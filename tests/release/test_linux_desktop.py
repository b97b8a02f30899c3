"""The Linux download's desktop side: the menu entry, install.sh working on the program's folder, and the
AppStream metainfo that software centres read, all under the one reverse-DNS id (the macOS bundle's too).

`appstreamcli validate` (Debian's `appstream`) checks the metainfo and, on an installed tree, that the menu
entry and the icons it names are there: slow tier, like .ci/run, which installs the package.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from packaging_support import REPO, posix_only

import idioten

sys.path.insert(0, str(REPO / "packaging"))
import spec_parts

LINUX = REPO / "packaging" / "linux"
IDENT = spec_parts.BUNDLE_IDENTIFIER
METAINFO = LINUX / f"{IDENT}.metainfo.xml"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def test_the_desktop_entry_starts_the_game_with_our_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(LINUX / f"{IDENT}.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Terminal"] == "false"
    assert section["Exec"].split()[0] == "idioten" and section["Name"] == "Idioten"
    assert section["Icon"] == IDENT  # the name install.sh gives the icons
    assert "Game" in section["Categories"].split(";") and section["Categories"].endswith(";")
    assert section["StartupWMClass"] == "idioten"  # SDL names the X11 window class after the program


def fake_folder(where: Path, program: str = "#!/bin/sh\necho idioten\n") -> Path:
    """A stand-in for build.spec's dist/idioten/: the program at its top, its libraries in _internal/."""
    (where / "_internal" / "assets").mkdir(parents=True)
    (where / "_internal" / "assets" / "marker").write_text("a library")
    (where / "idioten").write_text(program)
    (where / "idioten").chmod(0o755)
    return where


def run_install(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "share"))
    return subprocess.run(["bash", str(LINUX / "install.sh"), *args], env=env,
                          capture_output=True, text=True, timeout=60)


@posix_only
def test_the_install_script_puts_the_folder_entry_icon_and_metainfo_in_the_user_folders(tmp_path):
    folder = fake_folder(tmp_path / "dist" / "idioten")
    home = tmp_path / "home"
    old_entry = home / "share" / "applications" / "idioten.desktop"  # what an earlier version installed
    old_entry.parent.mkdir(parents=True)
    old_entry.write_text("[Desktop Entry]\n")
    done = run_install(str(folder), home=home)
    assert done.returncode == 0, done.stderr
    installed = home / ".local" / "lib" / "idioten"
    program = installed / "idioten"
    assert os.access(program, os.X_OK) and (installed / "_internal" / "assets" / "marker").read_text() == "a library"
    link = home / ".local" / "bin" / "idioten"
    assert link.is_symlink() and link.resolve() == program.resolve()
    share = home / "share"
    ident = IDENT
    desktop = share / "applications" / f"{ident}.desktop"
    assert f'Exec="{program}"' in desktop.read_text().splitlines()
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / f"{ident}.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{ident}.svg").is_file()
    assert (share / "metainfo" / f"{ident}.metainfo.xml").is_file()
    assert not old_entry.exists()

    (folder / "_internal" / "assets" / "marker").write_text("the next version")  # installed again: replaced whole
    (folder / "_internal" / "assets" / "new").write_text("new")
    assert run_install(str(folder), home=home).returncode == 0
    assert {p.name for p in (installed / "_internal" / "assets").iterdir()} == {"marker", "new"}

    (home / "share" / "idioten").mkdir()  # the player's saved games
    (home / "share" / "idioten" / "game.json").write_text("{}")
    done = run_install("--uninstall", home=home)
    assert done.returncode == 0, done.stderr
    assert not installed.exists() and not link.is_symlink() and not desktop.exists()
    assert not (share / "metainfo" / f"{ident}.metainfo.xml").exists()
    assert (home / "share" / "idioten" / "game.json").read_text() == "{}"


@posix_only
def test_the_install_script_leaves_another_programs_idioten_command_alone(tmp_path):
    folder = fake_folder(tmp_path / "dist" / "idioten")
    home = tmp_path / "home"
    pip_script = home / ".local" / "bin" / "idioten"  # what `pip install --user idioten` makes
    pip_script.parent.mkdir(parents=True)
    pip_script.write_text("#!/usr/bin/python3\nfrom idioten.cli import main\n")
    done = run_install(str(folder), home=home)
    assert done.returncode == 0 and "another program's" in done.stderr
    assert pip_script.read_text().startswith("#!/usr/bin/python3")
    assert run_install("--uninstall", home=home).returncode == 0
    assert pip_script.read_text().startswith("#!/usr/bin/python3")


@posix_only
def test_the_install_script_refuses_a_missing_program_folder_in_one_line(tmp_path):
    lone_file = tmp_path / "idioten"  # the one-file program an earlier build made: no folder
    lone_file.write_text("#!/bin/sh\n")
    for where in (tmp_path / "nope", lone_file):
        done = run_install(str(where), home=tmp_path)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "no program folder at" in done.stderr
    assert not (tmp_path / "share" / "applications").exists()


# The AppStream metainfo

def metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def test_the_metainfo_names_the_id_the_entry_and_the_icons_use():
    root = metainfo()
    assert root.get("type") == "desktop-application" and root.findtext("id") == IDENT
    assert root.findtext("launchable[@type='desktop-id']") == f"{IDENT}.desktop"
    assert (LINUX / f"{IDENT}.desktop").is_file()
    assert root.findtext("provides/binary") == spec_parts.APP_NAME
    assert root.findtext("name") == spec_parts.DISPLAY_NAME
    assert root.find("content_rating").get("type").startswith("oars-")
    assert root.findtext("project_license") == "MIT"


def test_the_metainfo_newest_release_is_the_package_version():
    releases = metainfo().findall("releases/release")
    assert releases and releases[0].get("version") == idioten.__version__  # newest first
    assert all(len(release.get("date", "").split("-")) == 3 for release in releases)


def test_the_metainfo_speaks_the_games_languages():
    root = metainfo()
    spoken = spec_parts.languages(REPO)
    assert sorted(lang.text for lang in root.findall("languages/lang")) == spoken
    for element in ("summary", "description/p"):
        translated = {item.get(XML_LANG) for item in root.findall(element)} - {None}
        assert translated == set(spoken) - {"en"}, element


def test_the_metainfo_screenshots_are_the_repositorys_own():
    images = [image.text for image in metainfo().findall("screenshots/screenshot/image")]
    prefix = "https://raw.githubusercontent.com/idioten/idioten/main/"
    assert images and all(image.startswith(prefix) for image in images)
    for image in images:
        assert (REPO / image.removeprefix(prefix)).is_file(), image
    assert any(image.removeprefix(prefix).startswith("docs/screenshots/") for image in images)
    assert [s.get("type") for s in metainfo().findall("screenshots/screenshot")].count("default") == 1


def appstreamcli() -> str:
    found = shutil.which("appstreamcli")
    if found is None:
        pytest.fail("appstreamcli is missing: apt-get install appstream (.ci/run installs it)")
    return found


@pytest.mark.slow
def test_appstream_accepts_the_metainfo():
    done = subprocess.run([appstreamcli(), "validate", "--no-net", str(METAINFO)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
@posix_only
def test_appstream_finds_the_entry_and_icons_the_installed_metainfo_names(tmp_path):
    # Installed into a tree of its own (XDG_DATA_HOME=ROOT/usr/share), the way a system would hold it:
    # validate-tree fails when the menu entry the metainfo launches is not there.
    folder = fake_folder(tmp_path / "dist" / "idioten")
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "root" / "usr" / "share"))
    done = subprocess.run(["bash", str(LINUX / "install.sh"), str(folder)], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    validate = [appstreamcli(), "validate-tree", "--no-net", str(tmp_path / "root")]
    done = subprocess.run(validate, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    (tmp_path / "root" / "usr" / "share" / "applications" / f"{IDENT}.desktop").unlink()
    done = subprocess.run(validate, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "desktop-file-not-found" in done.stdout
