"""Size of the built program's folder and its start-to-first-frame time; prints one JSON object.

    pyinstaller --noconfirm --workpath .pyinstaller build.spec
    python -m bench.exe [--runs 7] [--exe dist/idioten/idioten] [--video dummy|x11]

Start to first frame: the wall-clock time from just before the program is started (so whatever the program does
before Python runs counts) to the moment its first frame has been shown, which `idioten --smoke` reports as
`first_frame_epoch`. The same is measured for the game run from source (`python -m idioten --smoke`) in the
same run, so the two can be compared as a ratio on a busy machine. Each run gets a fresh, empty data folder.
`--video x11` runs a real X window on a private Xvfb screen (Xvfb must be installed); the default is SDL's
dummy driver, as in CI.

Aims (issue 5): at most 30 MB on Linux (now the folder's size; the download, gzipped, is about 14 MB), at most
1.5 s from start to first frame. The download as a player meets it: bench/download_start.py.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_EXE = REPO / "dist" / "idioten" / ("idioten.exe" if sys.platform == "win32" else "idioten")
SIZE_AIM_MB = 30
FIRST_FRAME_AIM_S = 1.5
TIMEOUT_S = 60


class BenchError(Exception):
    pass


def first_frame_seconds(command: list[str], env: dict) -> float:
    with tempfile.TemporaryDirectory(prefix="idioten-bench-") as data:
        env = dict(env, IDIOTEN_DATA_DIR=data)
        started = time.time()
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    if done.returncode != 0:
        raise BenchError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-300:]}")
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise BenchError(f"{' '.join(command)} printed no JSON report")
    return json.loads(lines[-1])["first_frame_epoch"] - started


def summary(samples: list[float]) -> dict:
    return {"median_s": round(statistics.median(samples), 3), "min_s": round(min(samples), 3),
            "max_s": round(max(samples), 3), "runs_s": [round(s, 3) for s in samples]}


@contextmanager
def video_environment(video: str):
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if video == "dummy":
        yield dict(env, SDL_VIDEODRIVER="dummy")
        return
    if shutil.which("Xvfb") is None:
        raise BenchError("--video x11 needs Xvfb (apt-get install xvfb)")
    display = f":{150 + os.getpid() % 50}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        yield dict(env, SDL_VIDEODRIVER="x11", DISPLAY=display)
    finally:
        server.terminate()
        server.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", type=Path, default=DEFAULT_EXE)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--video", choices=("dummy", "x11"), default="dummy")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        print(f"bench/exe.py: no executable at {args.exe}; build it with: "
              "pyinstaller --noconfirm --workpath .pyinstaller build.spec", file=sys.stderr)
        return 2
    try:
        with video_environment(args.video) as env:
            exe, source = [], []
            for _ in range(args.runs):  # interleaved, so a busy spell on the machine hits both alike
                exe.append(first_frame_seconds([str(args.exe), "--smoke"], env))
                source.append(first_frame_seconds([sys.executable, "-m", "idioten", "--smoke"],
                                                  dict(env, PYTHONPATH=str(REPO))))
    except (BenchError, subprocess.TimeoutExpired) as err:
        print(f"bench/exe.py: {err}", file=sys.stderr)
        return 1
    # The folder the program runs from, its libraries included (symbolic links counted once, as the files).
    size = sum(path.stat().st_size for path in args.exe.parent.rglob("*") if path.is_file() and not path.is_symlink())
    exe_summary, source_summary = summary(exe), summary(source)
    print(json.dumps({
        "exe": str(args.exe),
        "platform": f"{platform.system()} {platform.machine()}",
        "video": args.video,
        "size_bytes": size,
        "size_mb": round(size / 1e6, 2),
        "size_aim_mb": SIZE_AIM_MB,
        "first_frame_exe": exe_summary,
        "first_frame_source": source_summary,
        "exe_over_source": round(exe_summary["median_s"] / source_summary["median_s"], 2),
        "first_frame_aim_s": FIRST_FRAME_AIM_S,
        "within_aims": size / 1e6 <= SIZE_AIM_MB and exe_summary["median_s"] <= FIRST_FRAME_AIM_S,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
