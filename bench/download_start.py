"""The Linux download as a player meets it, against the installed game and Aisleriot: start to a visible
window, and `idioten --version`. Prints one JSON object.

    pyinstaller --noconfirm --workpath .pyinstaller build.spec && python packaging/release_files.py pack
    python -m bench.download_start [--runs 7] [--download release/idioten-VERSION-linux-x86_64.tar.gz]
                                   [--installed .venv/bin/idioten] [--version-pairs 9] [--no-aisleriot]

Each round unpacks the download afresh into a new folder (as a player's first start after unpacking it; the
unpacking is timed apart), then starts, in turn, its `idioten --deal 7`, the installed game's `idioten --deal 7`
and Aisleriot (`sol`, where installed), each on one private Xvfb screen without a window manager, after one start
each not counted. The clock runs from just before the program is started to the X server's MapNotify of its
top-level window (bench/window_visible.py, whose way this is); each start gets a new, empty data folder and
HOME, and is then ended with SIGTERM. Ratios are taken round by round, then their median.

`--version` is timed the same way in pairs (download, installed), wall time of the whole process.

Aims (issue 34): the download's median within 1.05 times the installed game's, and no later than Aisleriot's.
Run it without `nice`: the point is what a player waits for. The machine's load is printed with the figures.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from bench.common import REPO, load_average
from bench.window_visible import SUBSTRUCTURE_NOTIFY_MASK, one_run, private_screen, xlib

AIM_OVER_INSTALLED = 1.05
TIMEOUT_S = 60


def unpack(download: Path, into: Path) -> tuple[Path, float]:
    """The download unpacked as a player's archive tool does; the program in it and the seconds it took."""
    started = time.perf_counter()
    with tarfile.open(download) as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(into, filter="data")
        else:
            archive.extractall(into)
    took = time.perf_counter() - started
    return into / download.name.removesuffix(".tar.gz") / "idioten", took


def version_seconds(program: str) -> float:
    started = time.perf_counter()
    done = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=TIMEOUT_S)
    took = time.perf_counter() - started
    if done.returncode != 0 or not done.stdout.startswith("idioten "):
        raise RuntimeError(f"{program} --version exited {done.returncode}: {done.stderr.strip()[-300:]}")
    return took


def summary(samples: list[float]) -> dict:
    return {"median_s": round(statistics.median(samples), 3), "min_s": round(min(samples), 3),
            "max_s": round(max(samples), 3), "runs_s": [round(s, 3) for s in samples]}


def ratios(numerators: list[float], denominators: list[float]) -> dict:
    each = [a / b for a, b in zip(numerators, denominators)]
    return {"median": round(statistics.median(each), 2), "per_round": [round(r, 2) for r in each]}


def default_download() -> Path | None:
    found = sorted(glob.glob(str(REPO / "release" / "idioten-*-linux-*.tar.gz")))
    return Path(found[-1]) if found else None


def machine() -> dict:
    return {"system": f"{platform.system()} {platform.machine()}", "python": platform.python_version(),
            "cpus": os.cpu_count(), "nice": os.nice(0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds (download, installed, Aisleriot in turn)")
    parser.add_argument("--download", type=Path, default=default_download(),
                        help="the Linux .tar.gz (default: the newest in release/)")
    parser.add_argument("--installed", default=str(Path(sys.executable).parent / "idioten"),
                        help="the installed game's command (default: this environment's idioten)")
    parser.add_argument("--version-pairs", type=int, default=9)
    parser.add_argument("--no-aisleriot", action="store_true")
    args = parser.parse_args(argv)
    if args.download is None or not args.download.is_file():
        parser.error("no download to unpack: build and pack it first (see the usage above), or give --download")
    if shutil.which("Xvfb") is None:
        parser.error("needs Xvfb (apt-get install xvfb)")
    if shutil.which(args.installed) is None:
        parser.error(f"no installed game at {args.installed}")
    sol = shutil.which("sol") or ("/usr/games/sol" if os.path.exists("/usr/games/sol") else None)
    aisleriot = None if args.no_aisleriot else sol
    lib = xlib()
    load_before = load_average()
    times: dict[str, list[float]] = {"download": [], "installed": []} | ({"aisleriot": []} if aisleriot else {})
    unpacking: list[float] = []
    versions: dict[str, list[float]] = {"download": [], "installed": []}
    with tempfile.TemporaryDirectory(prefix="idioten-download-bench-") as scratch, \
            private_screen(150 + os.getpid() % 50) as name:
        display = lib.XOpenDisplay(name.encode())
        lib.XSelectInput(display, lib.XDefaultRootWindow(display), SUBSTRUCTURE_NOTIFY_MASK)
        lib.XFlush(display)

        def start(label: str, program: str, counted: bool) -> None:
            command = [program] if label == "aisleriot" else [program, "--deal", "7"]
            seconds = one_run(lib, display, name, command)
            if counted:
                times[label].append(seconds)

        try:
            for round_number in range(args.runs + 1):  # round 0 is not counted: the files come into the cache
                program, took = unpack(args.download, Path(scratch) / f"round-{round_number}")
                if round_number:
                    unpacking.append(took)
                start("download", str(program), counted=round_number > 0)
                start("installed", args.installed, counted=round_number > 0)
                if aisleriot:
                    start("aisleriot", aisleriot, counted=round_number > 0)
            for pair in range(args.version_pairs + 1):
                for label, command in (("download", str(program)), ("installed", args.installed)):
                    seconds = version_seconds(command)
                    if pair:
                        versions[label].append(seconds)
        finally:
            lib.XCloseDisplay(display)
    medians = {label: statistics.median(samples) for label, samples in times.items()}
    result = {
        "benchmark": "download_start", "runs": args.runs, "machine": machine(),
        "load_before": load_before, "load_after": load_average(),
        "commands": {"download": f"{args.download.name}, unpacked each round: idioten --deal 7",
                     "installed": f"{args.installed} --deal 7"} | ({"aisleriot": aisleriot} if aisleriot else {}),
        "unpack": summary(unpacking),
        "start_to_visible_window": {label: summary(samples) for label, samples in times.items()},
        "download_over_installed": ratios(times["download"], times["installed"]),
        "version": {label: summary(samples) for label, samples in versions.items()},
        "version_download_over_installed": ratios(versions["download"], versions["installed"]),
        "aims": {"download_over_installed_at_most": AIM_OVER_INSTALLED, "download_no_later_than_aisleriot": True},
        "within_aims": medians["download"] <= AIM_OVER_INSTALLED * medians["installed"]
        and (not aisleriot or medians["download"] <= medians["aisleriot"]),
    }
    if aisleriot:
        result["download_over_aisleriot"] = ratios(times["download"], times["aisleriot"])
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
