"""The files a release offers, made from what PyInstaller (build.spec) left in dist/, and their self-test.

    python packaging/release_files.py version [--tag v0.1.0]   print the version; with --tag, fail unless they match
    python packaging/release_files.py pack [--out release]     this system's download file; prints its path
    python packaging/release_files.py smoke FILE [--core compiled]
                                                               unpack FILE as a player would, run its --smoke,
                                                               then start it twice on one data folder
    python packaging/release_files.py checksums FOLDER         write FOLDER/SHA256SUMS.txt for every file in it

One file per system and machine, named so that a player sees which to take:
    idioten-0.1.0-windows-x86_64.exe   the windowed one-file program
    idioten-0.1.0-macos-arm64.zip      Idioten.app, zipped with ditto (keeps the bundle's links and signatures)
    idioten-0.1.0-linux-x86_64.tar.gz  the one-file program with install.sh, the .desktop entry, the icons and LICENSE
                                       (a tar keeps the program executable; a bare download would not be)
The smoke run tests the file as shipped, not dist/: a bundle that lost something on the way fails there.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import spec_parts  # noqa: E402  (this folder is not a package; see spec_parts)

CHECKSUMS = "SHA256SUMS.txt"
SMOKE_TIMEOUT_S = 300  # only a hang reaches it
EXIT_ALREADY_OPEN = 3  # idioten/cli/desktop.py: a second start on a folder another copy holds
MACHINES = {"x86_64": "x86_64", "amd64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}
LINUX_EXTRAS = ((HERE / "linux" / "install.sh", 0o755), (HERE / "linux" / "idioten.desktop", 0o644),
                (REPO / "assets" / "icon.png", 0o644), (REPO / "assets" / "icon.svg", 0o644),
                (REPO / "LICENSE", 0o644))


class ReleaseError(Exception):
    pass


def machine() -> str:
    name = platform.machine().lower()
    return MACHINES.get(name, name)


def base_name(version: str) -> str:
    return f"{spec_parts.APP_NAME}-{version}-{spec_parts.system()}-{machine()}"


def file_name(version: str) -> str:
    suffix = {"windows": ".exe", "macos": ".zip", "linux": ".tar.gz"}[spec_parts.system()]
    return base_name(version) + suffix


def check_tag(tag: str, version: str) -> None:
    if tag != "v" + version:
        raise ReleaseError(f"the tag {tag} does not match the package's version {version} "
                           f"(idioten/__init__.py); tag v{version}, or change the version first")


def pack(dist: Path, out: Path, version: str) -> Path:
    system = spec_parts.system()
    built = dist / (spec_parts.MACOS_APP if system == "macos" else
                    spec_parts.APP_NAME + (".exe" if system == "windows" else ""))
    if not built.exists():
        raise ReleaseError(f"nothing built at {built}: "
                           "run pyinstaller --noconfirm --workpath .pyinstaller build.spec first")
    out.mkdir(parents=True, exist_ok=True)
    target = out / file_name(version)
    if system == "windows":
        shutil.copy2(built, target)
    elif system == "macos":
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(built), str(target)], check=True)
    else:
        folder = base_name(version)
        with tarfile.open(target, "w:gz") as archive:
            archive.add(built, f"{folder}/{spec_parts.APP_NAME}", filter=lambda info: mode(info, 0o755))
            for path, permissions in LINUX_EXTRAS:
                archive.add(path, f"{folder}/{path.name}", filter=lambda info, p=permissions: mode(info, p))
    return target


def mode(info: tarfile.TarInfo, permissions: int) -> tarfile.TarInfo:
    """Files owned by nobody in particular, with the modes a player needs, whatever the build machine had."""
    info.mode, info.uid, info.gid, info.uname, info.gname = permissions, 0, 0, "", ""
    return info


def unpacked_program(shipped: Path, into: Path) -> Path:
    """Open the downloaded file the way a player does and return the program inside."""
    name = shipped.name
    if name.endswith(".exe"):
        return shipped.resolve()  # Windows starts a relative path with forward slashes unreliably
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


def smoke(shipped: Path, core: str | None) -> dict:
    """Run the shipped program's --smoke with SDL's dummy drivers; the report comes through a file, since the
    windowed Windows program has no standard output."""
    with tempfile.TemporaryDirectory(prefix="idioten-release-") as scratch:
        scratch = Path(scratch)
        program = unpacked_program(shipped, scratch / "unpacked")
        report_file = scratch / "smoke.json"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   IDIOTEN_DATA_DIR=str(scratch / "data"), IDIOTEN_SMOKE_REPORT=str(report_file))
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
            report = json.loads(said)
        except json.JSONDecodeError:
            raise ReleaseError(f"{program} --smoke wrote no report to {report_file}") from None
        if report.get("smoke") == "ok":
            second_start(program, scratch / "two-copies")
    if report.get("smoke") != "ok" or report.get("frozen") is not True:
        raise ReleaseError(f"the smoke report is not a frozen program's success: {said}")
    if core is not None and report.get("solver_core") != core:
        raise ReleaseError(f"the program runs the {report.get('solver_core', 'unnamed')} solver core, "
                           f"not the {core} one")
    return report


def second_start(program: Path, folder: Path) -> None:
    """The program started as a double-click does, and again on the same data folder once the first has its
    table on screen (it then announces itself in the lock file): the second must hand over or say that the game
    is already open, never crash. A bundle that left out a module the handover needs failed only here. Under
    SDL's dummy driver no window can come forward, so the second says the game is already open."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", IDIOTEN_DATA_DIR=str(folder))
    env.pop("IDIOTEN_SMOKE_REPORT", None)
    first = subprocess.Popen([str(program)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + SMOKE_TIMEOUT_S
        announced = folder / "running.lock"
        while not (announced.is_file() and '"token"' in announced.read_text(encoding="ascii", errors="replace")):
            if first.poll() is not None:
                raise ReleaseError(f"{program}, started twice: the first copy exited {first.returncode} at start")
            if time.monotonic() > deadline:
                raise ReleaseError(f"{program}, started twice: the first copy never answered a second start")
            time.sleep(0.1)
        try:
            done = subprocess.run([str(program)], env=env, capture_output=True, text=True, timeout=SMOKE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise ReleaseError(f"{program}, started twice: the second start did not end") from None
        if done.returncode not in (0, EXIT_ALREADY_OPEN):
            raise ReleaseError(f"{program}, started twice: the second start exited {done.returncode}: "
                               f"{done.stderr.strip()[-300:] or 'no message'}")
    finally:
        stop(first)


def stop(process: subprocess.Popen) -> None:
    """End a started program with the game's own process: a one-file program runs the game in a child process,
    which a kill of the program's process would leave running (and its unpacked files in place)."""
    if process.poll() is None:
        if sys.platform == "win32":
            subprocess.run(["taskkill", "/T", "/F", "/PID", str(process.pid)], capture_output=True)
        else:
            process.terminate()  # the one-file program hands SIGTERM on to the game's process
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
    smoking = commands.add_parser("smoke")
    smoking.add_argument("file", type=Path)
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
        elif args.command == "smoke":
            print(json.dumps(smoke(args.file, args.core)))
        else:
            print(write_checksums(args.folder).read_text(encoding="utf-8"), end="")
    except (ReleaseError, subprocess.CalledProcessError, OSError) as err:
        print(f"release_files: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
