"""The files a release offers, made from the one-folder build PyInstaller (build.spec) left in dist/, and their
self-test as a player meets them.

    python packaging/release_files.py version [--tag v0.1.0]   print the version; with --tag, fail unless they match
    python packaging/release_files.py pack [--out release]     this system's download file; prints its path
    python packaging/release_files.py installer [--out release]
                                                               the Windows installer of dist/idioten (makensis);
                                                               elsewhere of this system's folder, as a stand-in
    python packaging/release_files.py check-installer FILE     what 7-Zip can see of an installer without Windows
    python packaging/release_files.py smoke FILE... [--core compiled]
                                                               unpack (or install) each FILE as a player would, run
                                                               its --smoke, start it twice on one data folder, kill it
    python packaging/release_files.py checksums FOLDER         write FOLDER/SHA256SUMS.txt for every file in it

The files, named so that a player sees which to take:
    idioten-0.1.0-windows-x86_64-installer.exe  installs the program for this user (packaging/windows/idioten.nsi)
    idioten-0.1.0-windows-x86_64-portable.zip   the program's folder, to unpack anywhere and start idioten.exe
    idioten-0.1.0-macos-arm64.zip               Idioten.app, zipped with ditto (keeps the bundle's links and signatures)
    idioten-0.1.0-linux-x86_64.tar.gz           the program's folder with install.sh, the .desktop entry, the AppStream
                                                metainfo, the icons and LICENSE (a tar keeps the program executable)
The smoke run tests the file as shipped, not dist/: a bundle that lost something on the way fails there.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import leftovers  # noqa: E402  (this folder is not a package; see spec_parts)
import spec_parts  # noqa: E402
import windows_installer  # noqa: E402
from windows_installer import ReleaseError  # noqa: E402

CHECKSUMS = "SHA256SUMS.txt"
SMOKE_TIMEOUT_S = 300  # only a hang reaches it
EXIT_ALREADY_OPEN = 3  # the game's exit status for a second start on a folder another copy holds
LOCK_FILE = "running.lock"  # where the running copy announces where and how a second start hands over to it
MACHINES = {"x86_64": "x86_64", "amd64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}
LINUX_EXTRAS = ((HERE / "linux" / "install.sh", 0o755),
                (HERE / "linux" / f"{spec_parts.BUNDLE_IDENTIFIER}.desktop", 0o644),
                (HERE / "linux" / f"{spec_parts.BUNDLE_IDENTIFIER}.metainfo.xml", 0o644),
                (REPO / "assets" / "icon.png", 0o644), (REPO / "assets" / "icon.svg", 0o644),
                (REPO / "LICENSE", 0o644))


def machine() -> str:
    name = platform.machine().lower()
    return MACHINES.get(name, name)


def base_name(version: str) -> str:
    return f"{spec_parts.APP_NAME}-{version}-{spec_parts.system()}-{machine()}"


def file_name(version: str) -> str:
    """The download `pack` makes on this system (on Windows the installer is the other one)."""
    suffix = {"windows": "-portable.zip", "macos": ".zip", "linux": ".tar.gz"}[spec_parts.system()]
    return base_name(version) + suffix


def installer_name(version: str) -> str:
    return f"{spec_parts.APP_NAME}-{version}-windows-{machine()}-installer.exe"


def check_tag(tag: str, version: str) -> None:
    if tag != "v" + version:
        raise ReleaseError(f"the tag {tag} does not match the package's version {version} "
                           f"(idioten/__init__.py); tag v{version}, or change the version first")


def built_folder(dist: Path) -> Path:
    """What build.spec made: the program's folder, or on macOS the app bundle around it."""
    built = dist / (spec_parts.MACOS_APP if spec_parts.system() == "macos" else spec_parts.APP_NAME)
    program = built if spec_parts.system() == "macos" else built / program_name()
    if not program.exists():
        raise ReleaseError(f"nothing built at {program}: "
                           "run pyinstaller --noconfirm --workpath .pyinstaller build.spec first")
    return built


def program_name() -> str:
    return spec_parts.APP_NAME + (".exe" if spec_parts.system() == "windows" else "")


def pack(dist: Path, out: Path, version: str) -> Path:
    built = built_folder(dist)
    out.mkdir(parents=True, exist_ok=True)
    target = out / file_name(version)
    system = spec_parts.system()
    if system == "macos":
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(built), str(target)], check=True)
    elif system == "windows":
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(built.rglob("*")):
                if path.is_file():
                    archive.write(path, f"{base_name(version)}/{path.relative_to(built).as_posix()}")
    else:
        folder = base_name(version)
        with tarfile.open(target, "w:gz") as archive:
            archive.add(built, folder, filter=player_modes)
            for path, permissions in LINUX_EXTRAS:
                archive.add(path, f"{folder}/{path.name}", filter=lambda info, p=permissions: owned_by_nobody(info, p))
    return target


def owned_by_nobody(info: tarfile.TarInfo, permissions: int) -> tarfile.TarInfo:
    """Files owned by nobody in particular, with the modes a player needs, whatever the build machine had."""
    info.mode, info.uid, info.gid, info.uname, info.gname = permissions, 0, 0, "", ""
    return info


def player_modes(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """The folder's files as they were built, executable where they were, readable by everyone."""
    if info.isdir() or info.mode & 0o100:
        return owned_by_nobody(info, 0o755)
    return owned_by_nobody(info, 0o777 if info.issym() else 0o644)


def unpacked_program(shipped: Path, into: Path) -> Path:
    """Open the downloaded file the way a player does and return the program inside."""
    name = shipped.name
    if name.endswith("-installer.exe"):
        return windows_installer.install(shipped, into / "Idioten")
    if name.endswith(".zip") and "-windows-" in name:
        with zipfile.ZipFile(shipped) as archive:
            archive.extractall(into)
        return into / name.removesuffix("-portable.zip") / f"{spec_parts.APP_NAME}.exe"
    if name.endswith(".zip"):
        subprocess.run(["ditto", "-x", "-k", str(shipped), str(into)], check=True)
        return into / spec_parts.MACOS_APP / "Contents" / "MacOS" / spec_parts.APP_NAME
    if name.endswith(".tar.gz"):
        with tarfile.open(shipped) as archive:
            if hasattr(tarfile, "data_filter"):  # Python 3.10.12 and newer: refuse links out of the folder
                archive.extractall(into, filter="data")
            else:
                archive.extractall(into)
        return into / name.removesuffix(".tar.gz") / spec_parts.APP_NAME
    raise ReleaseError(f"{shipped} is not a file this script makes")


def game_env(data: Path, temp: Path, **more: str) -> dict[str, str]:
    """The environment of a started copy: SDL's dummy drivers, its own data folder, and its own temporary
    folder (every temporary file a program makes goes where these variables say), to be found empty after."""
    temp.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", IDIOTEN_DATA_DIR=str(data),
               TMPDIR=str(temp), TEMP=str(temp), TMP=str(temp), **more)
    if "IDIOTEN_SMOKE_REPORT" not in more:
        env.pop("IDIOTEN_SMOKE_REPORT", None)
    return env


def smoke(shipped: Path, core: str | None) -> dict:
    """Run the shipped program's --smoke with SDL's dummy drivers (the report comes through a file, since the
    windowed Windows program has no standard output); then start it as a double-click does, twice, and kill it."""
    # A failed run may leave files its cleanup cannot remove; the failure is what must be reported.
    with tempfile.TemporaryDirectory(prefix="idioten-release-", ignore_cleanup_errors=True) as scratch_name:
        scratch = Path(scratch_name)
        program = unpacked_program(shipped, scratch / "unpacked")
        try:
            report = smoke_run(program, scratch)
            if report.get("smoke") == "ok":
                second_start(program, scratch / "two-copies")
                killed(program, scratch / "killed")
        finally:
            if shipped.name.endswith("-installer.exe"):
                windows_installer.uninstall(program.parent)
    if report.get("smoke") != "ok" or report.get("frozen") is not True:
        raise ReleaseError(f"the smoke report is not a frozen program's success: {json.dumps(report)}")
    if core is not None and report.get("solver_core") != core:
        raise ReleaseError(f"the program runs the {report.get('solver_core', 'unnamed')} solver core, "
                           f"not the {core} one")
    return report


def smoke_run(program: Path, scratch: Path) -> dict:
    report_file = scratch / "smoke.json"
    env = game_env(scratch / "data", scratch / "smoke-temp", IDIOTEN_SMOKE_REPORT=str(report_file))
    try:
        done = subprocess.run([str(program), "--smoke"], env=env, capture_output=True, text=True,
                              timeout=SMOKE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise ReleaseError(f"{program} --smoke did not finish in {SMOKE_TIMEOUT_S} s") from None
    said = report_file.read_text(encoding="utf-8").strip() if report_file.is_file() else ""
    if done.returncode != 0:
        raise ReleaseError(f"{program} --smoke exited {done.returncode}: "
                           f"{said or done.stderr.strip()[-300:] or 'no report'}")
    try:
        return json.loads(said)
    except json.JSONDecodeError:
        raise ReleaseError(f"{program} --smoke wrote no report to {report_file}") from None


def start_and_wait(program: Path, env: dict[str, str], folder: Path, what: str) -> subprocess.Popen:
    """Start the program as a double-click does, and return once its table is on screen: it then announces
    itself in the lock file (its process, its channel and a new token), for a second start to hand over to. An
    announcement left by a copy that was killed does not count."""
    announced = folder / LOCK_FILE
    before = announcement(announced)
    started = subprocess.Popen([str(program)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + SMOKE_TIMEOUT_S
    while not ('"token"' in (now := announcement(announced)) and now != before):
        if started.poll() is not None:
            raise ReleaseError(f"{program}, {what}: it exited {started.returncode} at start")
        if time.monotonic() > deadline:
            stop(started)
            raise ReleaseError(f"{program}, {what}: it never showed its table")
        time.sleep(0.1)
    return started


def announcement(lock: Path) -> str:
    try:
        return lock.read_text(encoding="ascii", errors="replace")
    except OSError:
        return ""


def second_start(program: Path, folder: Path) -> None:
    """Started twice on one data folder: the second must hand over or say that the game is already open, never
    crash. A bundle that left out a module the handover needs failed only here. Under SDL's dummy driver no
    window can come forward, so the second says the game is already open."""
    env = game_env(folder, folder.parent / "two-copies-temp")
    first = start_and_wait(program, env, folder, "started twice")
    try:
        try:
            done = subprocess.run([str(program)], env=env, capture_output=True, text=True, timeout=SMOKE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise ReleaseError(f"{program}, started twice: the second start did not end") from None
        if done.returncode not in (0, EXIT_ALREADY_OPEN):
            raise ReleaseError(f"{program}, started twice: the second start exited {done.returncode}: "
                               f"{done.stderr.strip()[-300:] or 'no message'}")
    finally:
        stop(first)


def killed(program: Path, folder: Path) -> None:
    """The process a double-click starts, killed outright (SIGKILL; TerminateProcess on Windows) with its table
    on screen, must leave nothing behind: no process of the program, nothing in its temporary folder. A
    one-file program failed both: its game process lived on, and so did the 29 MB it had unpacked. Then it
    must start again on the same data folder, as after any crash."""
    temp = folder.parent / "killed-temp"
    env = game_env(folder, temp)
    first = start_and_wait(program, env, folder, "killed")
    first.kill()  # SIGKILL; TerminateProcess on Windows
    first.wait(timeout=SMOKE_TIMEOUT_S)
    running = leftovers.processes_in(program.parent)
    left = sorted(path.name for path in temp.iterdir())
    for pid, _ in running:
        leftovers.end(pid)
    if running or left:
        raise ReleaseError(f"{program}, killed: it left behind "
                           + "; ".join([f"a running process ({pid} {path})" for pid, path in running]
                                       + ([f"in its temporary folder: {', '.join(left[:5])}"] if left else [])))
    stop(start_and_wait(program, env, folder, "started again after it was killed"))


def stop(process: subprocess.Popen) -> None:
    """End a started copy as a window manager's close does (SIGTERM; TerminateProcess on Windows), for good if
    it does not listen. The one-folder program is the game's own process: there is no child to reach."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=SMOKE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def write_checksums(folder: Path) -> Path:
    """SHA256SUMS.txt in the format `sha256sum -c` and `shasum -a 256 -c` read."""
    lines = []
    for path in sorted(p for p in folder.iterdir() if p.is_file() and p.name != CHECKSUMS):
        digest = hashlib.sha256()
        with path.open("rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                digest.update(block)
        lines.append(f"{digest.hexdigest()}  {path.name}\n")
    if not lines:
        raise ReleaseError(f"no files in {folder} to sum")
    target = folder / CHECKSUMS
    target.write_text("".join(lines), encoding="utf-8", newline="\n")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    version = commands.add_parser("version")
    version.add_argument("--tag")
    packing = commands.add_parser("pack")
    packing.add_argument("--dist", type=Path, default=REPO / "dist")
    packing.add_argument("--out", type=Path, default=REPO / "release")
    installing = commands.add_parser("installer")
    installing.add_argument("--dist", type=Path, default=REPO / "dist")
    installing.add_argument("--out", type=Path, default=REPO / "release")
    checking = commands.add_parser("check-installer")
    checking.add_argument("file", type=Path)
    checking.add_argument("--dist", type=Path, default=REPO / "dist")
    smoking = commands.add_parser("smoke")
    smoking.add_argument("files", type=Path, nargs="+")
    smoking.add_argument("--core", choices=("compiled", "python"), help="the solver core the program must use")
    summing = commands.add_parser("checksums")
    summing.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    package_version = spec_parts.package_version()
    try:
        if args.command == "version":
            if args.tag is not None:
                check_tag(args.tag, package_version)
            print(package_version)
        elif args.command == "pack":
            print(pack(args.dist, args.out, package_version))
        elif args.command == "installer":
            folder = built_folder(args.dist)
            print(windows_installer.build(folder, args.out / installer_name(package_version), package_version))
        elif args.command == "check-installer":
            print(json.dumps(windows_installer.check(args.file, built_folder(args.dist), package_version)))
        elif args.command == "smoke":
            for shipped in args.files:
                print(json.dumps(smoke(shipped, args.core)), flush=True)
        else:
            print(write_checksums(args.folder).read_text(encoding="utf-8"), end="")
    except (ReleaseError, subprocess.CalledProcessError, OSError) as err:
        print(f"release_files: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
