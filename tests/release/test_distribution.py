"""The Python packages (wheel, sdist) and what every way of building agrees on: the licence, the assets, the
PyInstaller work folder, the console-less command, which cores run, and a clear line on the wrong pygame.

The wheel and the sdist themselves are built once here (slow: `python -m build` compiles the cores); `.ci/run`
also installs each away from the source and runs its smoke test (packaging/dist_smoke.py).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest
from packaging_support import run_spec, stable_abi_names
from tiers import each_once

import idioten
from idioten import cores, paths

REPO = Path(__file__).resolve().parents[2]
PYPROJECT = (REPO / "pyproject.toml").read_text(encoding="utf-8")
WORK_FOLDER = ".pyinstaller"
HANG_GUARD = 120  # seconds; what it guards takes a second or two


def po_files() -> set[str]:
    return {p.relative_to(REPO).as_posix() for p in (REPO / "idioten" / "locale").rglob("*.po")}


# The licence

def test_the_licence_is_mit_for_the_idioten_authors():
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Copyright (c) 2026 the Idioten authors" in text
    assert "WITHOUT WARRANTY OF ANY KIND" in text


def test_pyproject_names_the_licence_as_spdx_with_its_files():
    assert re.search(r'^license = "MIT"$', PYPROJECT, re.M)
    files = re.findall(r'"([^"]+)"', re.search(r"^license-files = \[(.*)\]$", PYPROJECT, re.M).group(1))
    assert "LICENSE" in files and all((REPO / name).is_file() for name in files)


def test_the_build_requirements_are_bounded_and_new_enough_for_license_files():
    requires = re.search(r"^requires = \[(.*)\]$", PYPROJECT, re.M).group(1)
    setuptools = re.search(r'"setuptools>=(\d+),<(\d+)"', requires)
    assert setuptools, requires
    assert int(setuptools.group(1)) >= 77 < int(setuptools.group(2))  # 77: license-files with an SPDX licence


def test_the_executable_carries_the_licence_at_its_top(monkeypatch):
    _, calls = run_spec("linux", monkeypatch)
    assert (str(REPO / "LICENSE"), ".") in calls["Analysis"][1]["datas"]


def test_the_sdist_takes_the_assets_and_the_licence_from_the_top():
    manifest = (REPO / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "graft assets" in manifest and "include LICENSE" in manifest


# The commands

def test_a_console_less_command_starts_the_same_program_as_idioten():
    console = re.search(r'^\[project\.scripts\]\nidioten = "([^"]+)"$', PYPROJECT, re.M)
    window = re.search(r'^\[project\.gui-scripts\]\n([\w-]+) = "([^"]+)"$', PYPROJECT, re.M)
    assert console and window and window.group(2) == console.group(1) == "idioten.cli:main"
    assert window.group(1) == "idioten-window"
    assert "`idioten-window`" in (REPO / "README.md").read_text(encoding="utf-8")


# PyInstaller's work folder

def calls_in(text: str) -> list[str]:
    """The `pyinstaller [OPTION [VALUE]] ... build.spec` commands in a text."""
    return re.findall(r"pyinstaller (?:--[\w-]+(?: (?!build\.spec)[^\s\"`-][^\s\"`]*)? )*build\.spec", text)


def pyinstaller_calls() -> dict[str, list[str]]:
    """Every `pyinstaller ... build.spec` a person or a machine is told to run, by file."""
    places = ["README.md", ".ci/run", "docs/packaging.md", "build.spec", "bench/exe.py",
              "packaging/linux/install.sh", "packaging/release_files.py"]
    return {place: calls_in((REPO / place).read_text(encoding="utf-8")) for place in places}


def test_the_commands_are_found_with_any_options():
    text = "run `pyinstaller build.spec`, or pyinstaller --noconfirm --log-level WARN --workpath x build.spec"
    assert calls_in(text) == ["pyinstaller build.spec",
                              "pyinstaller --noconfirm --log-level WARN --workpath x build.spec"]


def test_every_pyinstaller_command_keeps_its_work_folder_out_of_build():
    calls = pyinstaller_calls()
    assert all(calls.values()), {place: found for place, found in calls.items() if not found}
    for place, found in calls.items():
        for call in found:
            words = shlex.split(call)
            assert "--workpath" in words, f"{place}: {call}"
            assert words[words.index("--workpath") + 1] == WORK_FOLDER, f"{place}: {call}"
    assert f"/{WORK_FOLDER}/" in (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_the_readme_build_commands_are_the_ones_checked():
    sys.path.insert(0, str(REPO / "packaging"))
    try:
        import readme_command
    finally:
        sys.path.remove(str(REPO / "packaging"))
    for windows in (False, True):
        line = readme_command.command("build", windows)
        assert f"pyinstaller --noconfirm --workpath {WORK_FOLDER} build.spec" in line


def test_ci_builds_the_python_packages_after_the_executable_and_smoke_tests_both():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    pyinstaller = ci.index(".venv/bin/pyinstaller ")
    build = ci.index(".venv/bin/python -m build")
    smoke = ci.index("packaging/dist_smoke.py dist/idioten-*.whl dist/idioten-*.tar.gz --core compiled")
    assert pyinstaller < build < smoke
    assert re.search(r'^build = \[.*"build>=', PYPROJECT, re.M)  # the build extra brings `python -m build`


def test_the_release_builds_wheels_and_the_sdist_and_publishes_them():
    release = (REPO / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "run: python packaging/python_dists.py wheels --out wheelhouse" in release
    assert "run: python packaging/python_dists.py sdist --out sdist" in release
    assert "needs: [build, wheels, sdist]" in release
    for runner in ("ubuntu-", "windows-", "macos-15\n", "macos-15-intel"):
        assert f"os: {runner}" in release.split("  wheels:")[1].split("  sdist:")[0]
    assert 'test-command = "idioten --version && idioten --smoke"' in PYPROJECT
    assert 'IDIOTEN_REQUIRE_COMPILED = "1"' in PYPROJECT.split("[tool.cibuildwheel]")[1]


# The missing card pictures

def test_a_whole_install_misses_no_card_picture():
    assert paths.missing_assets() == []
    assert len(paths.CARD_PICTURES) == 2 * 53 + 3  # both decks' faces and joker, two backs, the slot


def test_missing_card_pictures_are_named_and_any_root_may_hold_them(tmp_path):
    first, second = tmp_path / "bundle", tmp_path / "package"
    for index, name in enumerate(paths.CARD_PICTURES):  # half in each place
        target = (first if index % 2 else second).joinpath(*name.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("<svg/>")
    assert paths.missing_assets([first, second]) == []
    for name in ("cards/AS.svg", "cards/four-colour/2C.svg", "cards/four-colour/JK.svg"):
        for root in (first, second):
            root.joinpath(*name.split("/")).unlink(missing_ok=True)
    # A four-colour picture the two decks share is the standard one where it is absent, as the downloads and
    # the wheel ship it; a green club is not.
    assert paths.missing_assets([first, second]) == ["cards/AS.svg", "cards/four-colour/2C.svg"]
    for root in (first, second):  # a folder under a picture's name is no picture
        root.joinpath("cards", "slot.svg").unlink(missing_ok=True)
    (first / "cards" / "slot.svg").mkdir()
    assert "cards/slot.svg" in paths.missing_assets([first, second])
    assert paths.missing_assets([tmp_path / "nowhere"]) == list(paths.CARD_PICTURES)


def test_the_card_pictures_listed_are_the_ones_in_the_repository():
    on_disk = {p.relative_to(REPO / "assets").as_posix() for p in (REPO / "assets" / "cards").rglob("*.svg")}
    assert set(paths.CARD_PICTURES) == on_disk


# Which cores run

def test_the_cores_named_are_the_ones_each_search_loads():
    from idioten.acesup import hint, solver
    from idioten.poker import playout
    loaded = {"solver": solver.COMPILED_CORE, "hint": hint.COMPILED_CORE, "poker": playout.COMPILED_CORE}
    for name, core in loaded.items():
        assert core.module is None or core.module.__name__ == cores.EXTENSIONS[name]
    assert set(loaded) == set(cores.EXTENSIONS)


def test_the_version_line_says_which_cores_run(monkeypatch):
    compiled = cores.Core(module=sys, name=cores.COMPILED)
    missing = cores.Core(module=None, name=cores.PYTHON)
    monkeypatch.setattr(cores, "load", lambda module, environ=None: compiled)
    assert cores.describe({}) == "cores: compiled (solver, hint, poker)"
    monkeypatch.setattr(cores, "load", lambda module, environ=None: missing if "poker" in module else compiled)
    assert cores.describe({}) == ("cores: Python for poker (installed without a C compiler; the same answers, "
                                  "much slower)")
    monkeypatch.setattr(cores, "load", lambda module, environ=None: cores.Core(sys, cores.PYTHON))
    assert cores.describe({cores.PURE_PYTHON_ENV: "1"}).startswith(
        "cores: Python for solver, hint, poker (IDIOTEN_PURE_PYTHON is set")


@pytest.mark.parametrize("pure", ["", "1"])
def test_idioten_version_prints_the_version_and_the_cores(pure):
    env = {**os.environ, cores.PURE_PYTHON_ENV: pure}
    done = subprocess.run([sys.executable, "-m", "idioten", "--version"], capture_output=True, text=True,
                          env=env, timeout=HANG_GUARD)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == f"idioten {idioten.__version__}"
    running = cores.running({cores.PURE_PYTHON_ENV: pure})
    expected = "cores: compiled" if set(running.values()) == {cores.COMPILED} else "cores: Python for"
    assert lines[1].startswith(expected) and len(lines) == 2


# The wrong pygame

FAKE_PYGAMES = {
    "upstream": ("IS_CE = False\nclass version:\n    ver = '2.6.1'\nclass image:\n    load_sized_svg = None\n",
                 "upstream pygame"),
    "no-flag": ("class version:\n    ver = '2.6.1'\n", "upstream pygame"),
    "old-ce": ("IS_CE = True\nclass version:\n    ver = '2.4.1'\nclass image:\n    pass\n", "too old"),
    "broken": ("raise ImportError('libSDL2-2.0.so.0: cannot open shared object file')\n", "does not load"),
}


# Each wrong pygame once and each way to start once in the fast tier (a start each); every pair in the two tiers.
@pytest.mark.parametrize("kind, argv", each_once(FAKE_PYGAMES, [[], ["--smoke"], ["--deal", "7"]]),
                         ids=lambda value: " ".join(value) if isinstance(value, list) else None)
def test_the_wrong_pygame_is_one_line_and_exit_status_1(tmp_path, kind, argv):
    source, says = FAKE_PYGAMES[kind]
    (tmp_path / "pygame").mkdir()
    (tmp_path / "pygame" / "__init__.py").write_text(source)
    run = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        from idioten.cli import main
        sys.exit(main({argv!r}))
    """)
    done = subprocess.run([sys.executable, "-c", run], capture_output=True, text=True, timeout=HANG_GUARD,
                          cwd=REPO, env={**os.environ, "IDIOTEN_DATA_DIR": str(tmp_path / "data")})
    assert done.returncode == 1, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("idioten: ") and says in done.stderr and "pip install pygame-ce" in done.stderr
    assert not (tmp_path / "data").exists()  # nothing started, nothing written


def test_the_pygame_installed_here_passes_the_check():
    import pygame

    from idioten.cli import pygame_check
    assert pygame_check.problem(pygame) is None
    pygame_check.check_pygame()


def test_the_readme_tells_pygame_ce_from_pygame():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "pygame-ce, not pygame" in readme and "pip uninstall -y pygame pygame-ce && pip install pygame-ce" in readme


# The wheel and the sdist, built as `python -m build` builds them: the sdist, then the wheel from the sdist

@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, list[str]]:
    # From a clean copy: setuptools would otherwise reuse the file list of an earlier build (idioten.egg-info)
    # and put into the sdist what MANIFEST.in no longer asks for.
    source = tmp_path_factory.mktemp("source") / "idioten"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "venv", "*.egg-info", "build", "dist", ".pyinstaller", "release", "__pycache__",
        ".pytest_cache", ".hypothesis", "*.so", "*.pyd"))
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)], capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (wheel,), (sdist,) = out.glob("idioten-*.whl"), out.glob("idioten-*.tar.gz")
    with tarfile.open(sdist) as archive:
        sdist_names = [name.split("/", 1)[1] for name in archive.getnames() if "/" in name]
    with zipfile.ZipFile(wheel) as archive:
        wheel_names = archive.namelist()
        info = next(name.split("/")[0] for name in wheel_names if name.endswith(".dist-info/METADATA"))
        metadata = archive.read(f"{info}/METADATA").decode()
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
        wheel_tags = [line.split(": ", 1)[1] for line in archive.read(f"{info}/WHEEL").decode().splitlines()
                      if line.startswith("Tag: ")]
    return {"wheel": wheel_names, "sdist": sdist_names, "metadata": metadata, "entry_points": entry_points,
            "wheel_file": [wheel.name], "wheel_tags": wheel_tags}


@pytest.mark.slow
def test_the_wheel_has_every_card_picture_the_licence_and_the_texts(built):
    names = set(built["wheel"])
    for name in paths.CARD_PICTURES:  # a four-colour picture may be the standard one (paths.asset falls back)
        standard = "cards/" + name.rsplit("/", 1)[1]
        assert f"idioten/assets/{name}" in names or f"idioten/assets/{standard}" in names, name
    dist_info = next(name.split("/")[0] for name in names if name.endswith(".dist-info/METADATA"))
    assert f"{dist_info}/licenses/LICENSE" in names
    assert po_files() <= names
    assert {"idioten/assets/fonts/DejaVuSans-Bold.ttf", "idioten/assets/sounds/deal.wav",
            "idioten/assets/icon.png"} <= names
    assert not any(name.startswith(("assets/", "build/", "tests/")) for name in names)


@pytest.mark.slow
def test_the_wheel_carries_only_what_the_game_loads(built):
    names = set(built["wheel"])
    # The C sources (the sdist's, to build from), the Windows and macOS icons (the programs' own), and the
    # four-colour pictures equal to the standard ones (the game falls back to those) stay out.
    assert not [name for name in names if name.endswith((".c", ".h", ".ico", ".icns"))]
    four_colour = {name.rsplit("/", 1)[1] for name in names if name.startswith("idioten/assets/cards/four-colour/")}
    cards = REPO / "assets" / "cards"
    differing = {p.name for p in (cards / "four-colour").glob("*.svg")
                 if p.read_bytes() != (cards / p.name).read_bytes()}
    assert four_colour == differing and len(differing) == 26  # clubs and diamonds
    assert any(name.endswith((".so", ".pyd")) for name in names)


@pytest.mark.slow
@pytest.mark.skipif(bool(sysconfig.get_config_var("Py_GIL_DISABLED")), reason="no limited API when free-threaded")
def test_the_wheel_is_one_for_every_python_from_3_10_on(built):
    # The stable ABI (tests/release/test_stable_abi.py): tagged cp310-abi3 for this system, whichever Python
    # built it, with each core's module named as the stable ABI names it.
    (wheel_file,) = built["wheel_file"]
    python_tag, abi_tag, platform_tag = wheel_file.removesuffix(".whl").split("-")[-3:]
    assert (python_tag, abi_tag) == ("cp310", "abi3"), wheel_file
    assert built["wheel_tags"] == [f"cp310-abi3-{platform_tag}"]
    compiled = sorted(name for name in built["wheel"] if name.endswith((".so", ".pyd")))
    assert len(compiled) == len(cores.EXTENSIONS), compiled
    for module_name in cores.EXTENSIONS.values():
        assert any(name.rsplit("/", 1)[0] == module_name.rsplit(".", 1)[0].replace(".", "/")
                   and name.rsplit("/", 1)[1] in stable_abi_names(module_name) for name in compiled), compiled


@pytest.mark.slow
def test_the_sdist_has_the_assets_the_licence_and_the_texts_and_nothing_built(built):
    names = set(built["sdist"])
    assert {f"assets/{name}" for name in paths.CARD_PICTURES} <= names
    assert {"LICENSE", "setup.py", "pyproject.toml", "MANIFEST.in", "idioten/acesup/solver/csrc/core.h"} <= names
    assert po_files() <= names
    assert not any(name.endswith((".so", ".pyd", ".pyc")) for name in names)


@pytest.mark.slow
def test_the_wheel_metadata_names_the_licence_and_the_window_command(built):
    metadata = built["metadata"].splitlines()
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    assert "Requires-Dist: pygame-ce>=2.5" in metadata
    assert any(line.startswith("Classifier: Topic :: Games/Entertainment") for line in metadata)
    entry_points = built["entry_points"].split("[gui_scripts]")
    assert "idioten = idioten.cli:main" in entry_points[0]
    assert "idioten-window = idioten.cli:main" in entry_points[1]
