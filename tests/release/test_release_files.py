"""packaging/release_files.py: the download files' names, their packing, their smoke run and checksums.

The Linux file is packed, unpacked, smoke-tested with stand-in programs and installed for real here; the
Windows and macOS branches run with the platform patched (macOS packs with `ditto`, which is recorded instead
of run). The Windows installer has tests of its own (tests/test_windows_installer.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import stat
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from packaging_support import posix_only

import idioten

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "packaging"))
import release_files  # noqa: E402  (packaging/ is not a package)

VERSION = idioten.__version__


def on(monkeypatch, system_platform: str, machine: str) -> None:
    monkeypatch.setattr(sys, "platform", system_platform)
    monkeypatch.setattr(platform, "machine", lambda: machine)


@pytest.mark.parametrize("system_platform, machine, name", [
    ("win32", "AMD64", f"idioten-{VERSION}-windows-x86_64-portable.zip"),
    ("darwin", "arm64", f"idioten-{VERSION}-macos-arm64.zip"),
    ("darwin", "x86_64", f"idioten-{VERSION}-macos-x86_64.zip"),
    ("linux", "x86_64", f"idioten-{VERSION}-linux-x86_64.tar.gz"),
    ("linux", "aarch64", f"idioten-{VERSION}-linux-arm64.tar.gz"),
])
def test_each_download_says_its_system_and_processor(monkeypatch, system_platform, machine, name):
    on(monkeypatch, system_platform, machine)
    assert release_files.file_name(VERSION) == name


def test_the_windows_installer_says_what_it_is(monkeypatch):
    on(monkeypatch, "linux", "x86_64")  # made here too, as a stand-in
    assert release_files.installer_name(VERSION) == f"idioten-{VERSION}-windows-x86_64-installer.exe"


def test_a_tag_must_match_the_package_version(capsys):
    assert release_files.main(["version", "--tag", f"v{VERSION}"]) == 0
    assert capsys.readouterr().out.strip() == VERSION
    assert release_files.main(["version", "--tag", "v99.0.0"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"does not match the package's version {VERSION}" in err


def fake_build(dist: Path, script: str = "#!/bin/sh\necho idioten\n", program: str = "idioten") -> Path:
    """A stand-in for build.spec's one-folder build: the program at the top of dist/idioten/, its libraries
    in _internal/ (one of them a symbolic link, as PyInstaller makes them on Linux)."""
    folder = dist / "idioten"
    (folder / "_internal" / "libs").mkdir(parents=True, exist_ok=True)
    (folder / "_internal" / "libs" / "libSDL2.so").write_bytes(b"\x7fELF a library")
    if not (folder / "_internal" / "libSDL2.so").is_symlink():
        (folder / "_internal" / "libSDL2.so").symlink_to(Path("libs", "libSDL2.so"))
    (folder / program).write_text(script)
    (folder / program).chmod(0o700)
    return folder / program


def linux_members(packed: Path) -> dict[str, tarfile.TarInfo]:
    with tarfile.open(packed) as archive:
        return {m.name: m for m in archive.getmembers()}


@posix_only
def test_the_linux_download_is_the_folder_with_its_installer(tmp_path, monkeypatch):
    on(monkeypatch, "linux", "x86_64")
    fake_build(tmp_path / "dist")
    packed = release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)
    folder = f"idioten-{VERSION}-linux-x86_64"
    members = linux_members(packed)
    extras = ("install.sh", "io.github.idioten.Idioten.desktop", "io.github.idioten.Idioten.metainfo.xml",
              "icon.png", "icon.svg", "LICENSE")
    assert set(members) == {folder, f"{folder}/idioten", f"{folder}/_internal", f"{folder}/_internal/libs",
                            f"{folder}/_internal/libs/libSDL2.so", f"{folder}/_internal/libSDL2.so"} | {
                            f"{folder}/{name}" for name in extras}
    assert members[f"{folder}/idioten"].mode == 0o755 and members[f"{folder}/install.sh"].mode == 0o755
    assert members[f"{folder}/_internal"].mode == 0o755 and members[f"{folder}/icon.png"].mode == 0o644
    assert members[f"{folder}/_internal/libs/libSDL2.so"].mode == 0o644  # it was not executable when built
    link = members[f"{folder}/_internal/libSDL2.so"]
    assert link.issym() and link.linkname == "libs/libSDL2.so"  # kept a link: the library once, not twice
    assert all(m.uid == 0 and m.uname == "" for m in members.values())


@posix_only
def test_the_unpacked_linux_download_installs_itself(tmp_path, monkeypatch):
    on(monkeypatch, "linux", "x86_64")
    fake_build(tmp_path / "dist")
    packed = release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)
    program = release_files.unpacked_program(packed, tmp_path / "unpacked")
    assert (program.parent / "_internal" / "libSDL2.so").read_bytes() == b"\x7fELF a library"
    home = tmp_path / "home"
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "share"))
    done = subprocess.run(["bash", str(program.parent / "install.sh")], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    installed = home / ".local" / "lib" / "idioten" / "idioten"
    assert installed.read_bytes() == program.read_bytes() and os.access(installed, os.X_OK)
    assert (installed.parent / "_internal" / "libSDL2.so").is_symlink()
    icon = home / "share" / "icons" / "hicolor" / "256x256" / "apps" / "io.github.idioten.Idioten.png"
    assert icon.read_bytes() == (REPO / "assets" / "icon.png").read_bytes()
    assert (home / "share" / "applications" / "io.github.idioten.Idioten.desktop").is_file()
    assert (home / "share" / "metainfo" / "io.github.idioten.Idioten.metainfo.xml").is_file()


@posix_only
def test_the_windows_download_is_the_folder_zipped(tmp_path, monkeypatch):
    on(monkeypatch, "win32", "AMD64")
    fake_build(tmp_path / "dist", "MZ fake", program="idioten.exe")
    packed = release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)
    assert packed.name == f"idioten-{VERSION}-windows-x86_64-portable.zip"
    with zipfile.ZipFile(packed) as archive:
        names = set(archive.namelist())
    folder = f"idioten-{VERSION}-windows-x86_64"
    assert names == {f"{folder}/idioten.exe", f"{folder}/_internal/libSDL2.so", f"{folder}/_internal/libs/libSDL2.so"}
    program = release_files.unpacked_program(packed, tmp_path / "x")
    assert program == tmp_path / "x" / folder / "idioten.exe" and program.read_text() == "MZ fake"


def test_the_macos_download_is_the_app_zipped_by_ditto(tmp_path, monkeypatch):
    on(monkeypatch, "darwin", "arm64")
    (tmp_path / "dist" / "Idioten.app" / "Contents").mkdir(parents=True)
    ran = []
    monkeypatch.setattr(release_files.subprocess, "run", lambda argv, **kw: ran.append(argv))
    packed = release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)
    # ditto keeps the bundle's symbolic links and code signatures, which a plain zip would lose.
    assert ran == [["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(tmp_path / "dist" / "Idioten.app"),
                    str(packed)]]
    program = release_files.unpacked_program(packed, tmp_path / "unpacked")
    assert ran[-1] == ["ditto", "-x", "-k", str(packed), str(tmp_path / "unpacked")]
    assert program == tmp_path / "unpacked" / "Idioten.app" / "Contents" / "MacOS" / "idioten"


def test_packing_without_a_build_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    on(monkeypatch, "linux", "x86_64")
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "idioten").write_text("the one-file program of an earlier build")
    for command in ("pack", "installer"):
        assert release_files.main([command, "--dist", str(tmp_path / "dist"), "--out", str(tmp_path / "out")]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "nothing built at" in err
        assert "pyinstaller --noconfirm --workpath .pyinstaller build.spec" in err
    assert not (tmp_path / "out").exists()


STAND_IN = """#!{python} -S
# The game as the smoke run meets it: --smoke writes its report; started plainly it takes the data folder's
# lock (a second start on the folder exits {second}), announces itself and waits to be ended. Only the standard
# library is needed: -S skips the site packages' start-up, some 40 ms of CPU at each of the smoke run's starts.
import fcntl, os, shutil, subprocess, sys, time
here = os.path.dirname(os.path.abspath(__file__))
data = os.environ.get("IDIOTEN_DATA_DIR")
if os.environ.get("SDL_VIDEODRIVER") != "dummy" or not data or not os.environ.get("TMPDIR"):
    sys.exit(9)
if sys.argv[1:] == ["--smoke"]:
    with open(os.environ["IDIOTEN_SMOKE_REPORT"], "w") as report:
        report.write({report!r} + "\\n")
    sys.exit({status})
if sys.argv[1:]:
    sys.exit(9)
os.makedirs(data, exist_ok=True)
lock = open(os.path.join(data, "running.lock"), "a+")
try:
    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
except OSError:
    print("a traceback", file=sys.stderr)
    sys.exit({second})
{leave}
lock.seek(0)
lock.truncate()
lock.write('{{"pid": %d, "token": "ab"}}' % os.getpid())
lock.flush()
time.sleep(600)
"""
# What a one-file program left behind when it was killed: its game process, and what it had unpacked.
LEAVE_A_PROCESS = ('subprocess.Popen([os.path.join(here, "_internal", "game"), "600"], start_new_session=True)')
LEAVE_FILES = 'os.mkdir(os.path.join(os.environ["TMPDIR"], "_MEI12345"))'
GOOD_REPORT = json.dumps({"smoke": "ok", "frozen": True, "solver_core": "compiled", "steps": []})


def packed_stand_in(tmp_path, monkeypatch, report: str = GOOD_REPORT, status: int = 0, second: int = 3,
                    leave: str = "") -> Path:
    """A Linux download whose 'program' behaves as the real one does for the smoke run (STAND_IN)."""
    on(monkeypatch, "linux", "x86_64")
    script = STAND_IN.format(python=sys.executable, report=report, status=status, second=second, leave=leave)
    program = fake_build(tmp_path / "dist", script)
    shutil.copy2(shutil.which("sleep"), program.parent / "_internal" / "game")  # a program of the folder's own
    return release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)


@posix_only
def test_the_smoke_run_reads_the_report_the_program_writes(tmp_path, monkeypatch):
    assert release_files.smoke(packed_stand_in(tmp_path, monkeypatch), "compiled")["solver_core"] == "compiled"


@posix_only
@pytest.mark.parametrize("report, status, core, message", [
    ('{"smoke": "ok", "frozen": true, "solver_core": "python"}', 0, "compiled",
     "runs the python solver core, not the compiled one"),
    ('{"smoke": "ok", "frozen": false, "solver_core": "compiled"}', 0, None, "not a frozen program"),
    ("idioten --smoke: failed: card pictures missing", 1, None, "exited 1: idioten --smoke: failed: card pictures"),
    ("not json", 0, None, "wrote no report"),
])
def test_the_smoke_run_fails_on_a_bad_report(tmp_path, monkeypatch, report, status, core, message):
    shipped = packed_stand_in(tmp_path, monkeypatch, report, status)
    with pytest.raises(release_files.ReleaseError, match=message):
        release_files.smoke(shipped, core)


@posix_only
@pytest.mark.parametrize("second", [0, 3])  # the first copy came forward; it could not (the dummy driver)
def test_the_smoke_run_starts_the_program_twice_on_one_folder(tmp_path, monkeypatch, second):
    assert release_files.smoke(packed_stand_in(tmp_path, monkeypatch, second=second), None)["smoke"] == "ok"


@posix_only
def test_the_smoke_run_fails_when_a_second_start_crashes(tmp_path, monkeypatch):
    shipped = packed_stand_in(tmp_path, monkeypatch, second=1)
    with pytest.raises(release_files.ReleaseError, match="started twice: the second start exited 1: a traceback"):
        release_files.smoke(shipped, None)


@posix_only
def test_the_smoke_run_fails_when_the_killed_program_leaves_a_process_running(tmp_path, monkeypatch):
    shipped = packed_stand_in(tmp_path, monkeypatch, leave=LEAVE_A_PROCESS)
    with pytest.raises(release_files.ReleaseError, match=r"killed: it left behind a running process \(\d+ .*game\)"):
        release_files.smoke(shipped, None)
    assert not [pid for pid, path in release_files.leftovers.running() if path.startswith(str(tmp_path))]


@posix_only
def test_the_smoke_run_fails_when_the_killed_program_leaves_files_in_its_temporary_folder(tmp_path, monkeypatch):
    shipped = packed_stand_in(tmp_path, monkeypatch, leave=LEAVE_FILES)
    with pytest.raises(release_files.ReleaseError, match="killed: it left behind in its temporary folder: _MEI12345"):
        release_files.smoke(shipped, None)


@posix_only
def test_the_smoke_run_fails_when_the_program_does_not_start_again_after_it_was_killed(tmp_path, monkeypatch):
    # As if the kill had left the data folder's lock taken: the next start finds the game "already open".
    refuse_once_killed = ('started = os.path.join(data, "started")\n'
                          'if os.path.exists(started) and os.path.basename(data) == "killed":\n'
                          '    sys.exit(3)\n'
                          'open(started, "w").close()')
    shipped = packed_stand_in(tmp_path, monkeypatch, leave=refuse_once_killed)
    with pytest.raises(release_files.ReleaseError, match="started again after it was killed: it exited 3 at start"):
        release_files.smoke(shipped, None)


def test_the_checksums_file_lists_every_file_as_sha256sum_writes_it(tmp_path):
    (tmp_path / "b.exe").write_bytes(b"windows")
    (tmp_path / "a.tar.gz").write_bytes(b"linux" * 100000)
    written = release_files.write_checksums(tmp_path)
    lines = written.read_text().splitlines()
    assert lines == [f"{hashlib.sha256(b'linux' * 100000).hexdigest()}  a.tar.gz",
                     f"{hashlib.sha256(b'windows').hexdigest()}  b.exe"]
    release_files.write_checksums(tmp_path)  # again: the sums file itself is never summed
    assert written.read_text().splitlines() == lines
    if shutil.which("sha256sum"):
        check = subprocess.run(["sha256sum", "-c", written.name], cwd=tmp_path, capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    (tmp_path / "empty").mkdir()
    with pytest.raises(release_files.ReleaseError, match="no files"):
        release_files.write_checksums(tmp_path / "empty")


@posix_only
def test_an_unpacked_program_keeps_its_executable_bit(tmp_path, monkeypatch):
    shipped = packed_stand_in(tmp_path, monkeypatch)
    program = release_files.unpacked_program(shipped, tmp_path / "unpacked")
    assert program.stat().st_mode & stat.S_IXUSR


def test_a_process_listing_is_read_with_paths_that_hold_spaces(monkeypatch):
    leftovers = release_files.leftovers
    listing = "  101 /Applications/Idioten.app/Contents/MacOS/idioten\n 7 C:\\Program Files\\x y.exe\nPID\n 9\n"
    assert leftovers.parse(listing) == [(101, "/Applications/Idioten.app/Contents/MacOS/idioten"),
                                        (7, "C:\\Program Files\\x y.exe")]
    assert leftovers.under("/tmp/x/idioten/_internal/game", "/tmp/x/idioten")
    assert not leftovers.under("/tmp/x/idioten-2/idioten", "/tmp/x/idioten")  # a neighbour, not inside
    monkeypatch.setattr(sys, "platform", "win32")  # Windows compares paths without regard to case
    program, folder = (path.replace("/", os.sep) for path in ("C:/Users/A/IDIOTEN/idioten.exe", "C:/Users/a/idioten"))
    assert leftovers.under(program, folder)
