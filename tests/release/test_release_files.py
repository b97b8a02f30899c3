"""packaging/release_files.py: the download files' names, their packing, their smoke run and checksums.

The Linux file is packed, unpacked and installed for real here; the Windows and macOS branches run with the
platform patched (macOS packs with `ditto`, which is recorded instead of run).
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
    ("win32", "AMD64", f"idioten-{VERSION}-windows-x86_64.exe"),
    ("darwin", "arm64", f"idioten-{VERSION}-macos-arm64.zip"),
    ("darwin", "x86_64", f"idioten-{VERSION}-macos-x86_64.zip"),
    ("linux", "x86_64", f"idioten-{VERSION}-linux-x86_64.tar.gz"),
    ("linux", "aarch64", f"idioten-{VERSION}-linux-arm64.tar.gz"),
])
def test_each_download_says_its_system_and_processor(monkeypatch, system_platform, machine, name):
    on(monkeypatch, system_platform, machine)
    assert release_files.file_name(VERSION) == name


def test_a_tag_must_match_the_package_version(capsys):
    assert release_files.main(["version", "--tag", f"v{VERSION}"]) == 0
    assert capsys.readouterr().out.strip() == VERSION
    assert release_files.main(["version", "--tag", "v99.0.0"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"does not match the package's version {VERSION}" in err


def fake_build(dist: Path, script: str = "#!/bin/sh\necho idioten\n") -> Path:
    dist.mkdir(parents=True, exist_ok=True)
    program = dist / "idioten"
    program.write_text(script)
    program.chmod(0o700)
    return program


def test_the_linux_download_holds_the_program_and_its_installer(tmp_path, monkeypatch):
    on(monkeypatch, "linux", "x86_64")
    fake_build(tmp_path / "dist")
    packed = release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)
    folder = f"idioten-{VERSION}-linux-x86_64"
    with tarfile.open(packed) as archive:
        members = {m.name: m for m in archive.getmembers()}
    assert set(members) == {f"{folder}/{name}" for name in
                            ("idioten", "install.sh", "idioten.desktop", "icon.png", "icon.svg", "LICENSE")}
    assert members[f"{folder}/idioten"].mode == 0o755 and members[f"{folder}/install.sh"].mode == 0o755
    assert members[f"{folder}/icon.png"].mode == 0o644
    assert all(m.uid == 0 and m.uname == "" for m in members.values())


@posix_only
def test_the_unpacked_linux_download_installs_itself(tmp_path, monkeypatch):
    on(monkeypatch, "linux", "x86_64")
    fake_build(tmp_path / "dist")
    packed = release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)
    program = release_files.unpacked_program(packed, tmp_path / "unpacked")
    home = tmp_path / "home"
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "share"))
    done = subprocess.run(["bash", str(program.parent / "install.sh")], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    installed = home / ".local" / "bin" / "idioten"
    assert installed.read_bytes() == program.read_bytes() and os.access(installed, os.X_OK)
    icon = home / "share" / "icons" / "hicolor" / "256x256" / "apps" / "idioten.png"
    assert icon.read_bytes() == (REPO / "assets" / "icon.png").read_bytes()
    assert (home / "share" / "applications" / "idioten.desktop").is_file()


def test_the_windows_download_is_the_program_itself(tmp_path, monkeypatch):
    on(monkeypatch, "win32", "AMD64")
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "idioten.exe").write_bytes(b"MZ fake")
    packed = release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)
    assert packed.name == f"idioten-{VERSION}-windows-x86_64.exe" and packed.read_bytes() == b"MZ fake"
    assert release_files.unpacked_program(packed, tmp_path / "x") == packed.resolve()


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
    assert release_files.main(["pack", "--dist", str(tmp_path / "dist"), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nothing built at" in err
    assert "pyinstaller --noconfirm --workpath .pyinstaller build.spec" in err
    assert not (tmp_path / "out").exists()


def packed_stand_in(tmp_path, monkeypatch, report: str, status: int = 0, second: int = 3) -> Path:
    """A Linux download whose 'program' writes the given smoke report, as the real one does; started plainly,
    it announces itself in the data folder's lock file and stays, as the real one does once its table shows,
    and a second plain start on that folder exits with `second` (3: "already open")."""
    on(monkeypatch, "linux", "x86_64")
    script = ("#!/bin/sh\n"
              'if [ "$1" = --smoke ]; then\n'
              '  [ "$SDL_VIDEODRIVER" = dummy ] && [ -n "$IDIOTEN_DATA_DIR" ] || exit 9\n'
              f"  printf '%s\\n' '{report}' > \"$IDIOTEN_SMOKE_REPORT\"; exit {status}\n"
              "fi\n"
              '[ "$#" = 0 ] && [ "$SDL_VIDEODRIVER" = dummy ] && [ -n "$IDIOTEN_DATA_DIR" ] || exit 9\n'
              'grep -q token "$IDIOTEN_DATA_DIR/running.lock" 2>/dev/null && '
              f'{{ echo "a traceback" >&2; exit {second}; }}\n'
              'mkdir -p "$IDIOTEN_DATA_DIR" && printf \'{"token": "ab"}\' > "$IDIOTEN_DATA_DIR/running.lock"\n'
              "exec sleep 600\n")
    fake_build(tmp_path / "dist", script)
    return release_files.pack(tmp_path / "dist", tmp_path / "release", VERSION)


@posix_only
def test_the_smoke_run_reads_the_report_the_program_writes(tmp_path, monkeypatch):
    report = json.dumps({"smoke": "ok", "frozen": True, "solver_core": "compiled", "steps": []})
    assert release_files.smoke(packed_stand_in(tmp_path, monkeypatch, report), "compiled")["solver_core"] == "compiled"


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
    report = json.dumps({"smoke": "ok", "frozen": True, "solver_core": "compiled", "steps": []})
    assert release_files.smoke(packed_stand_in(tmp_path, monkeypatch, report, second=second), None)["smoke"] == "ok"


@posix_only
def test_the_smoke_run_fails_when_a_second_start_crashes(tmp_path, monkeypatch):
    report = json.dumps({"smoke": "ok", "frozen": True, "solver_core": "compiled", "steps": []})
    shipped = packed_stand_in(tmp_path, monkeypatch, report, second=1)
    with pytest.raises(release_files.ReleaseError, match="started twice: the second start exited 1: a traceback"):
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
    shipped = packed_stand_in(tmp_path, monkeypatch, "{}")
    program = release_files.unpacked_program(shipped, tmp_path / "unpacked")
    assert program.stat().st_mode & stat.S_IXUSR
