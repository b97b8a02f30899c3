"""Start to a visible window, for any program: the built program, the game from its virtual environment,
another patience game. Prints one JSON object.

    python -m bench.window_visible [--runs 7] NAME='COMMAND ...' NAME='COMMAND ...' ...

e.g. python -m bench.window_visible exe='dist/idioten/idioten --deal 7' venv='.venv/bin/idioten --deal 7' sol=sol
(bench/download_start.py does this for the unpacked download, with Aisleriot and `--version` beside it.)

Each command runs on its own private Xvfb screen with no window manager; the commands take turns (A B C A B
C ...), so a change in the machine's load touches each alike, and the ratios to the first are taken run by
run. The clock starts just before the program is started and stops when the X server reports that a
top-level window was mapped (a MapNotify on the root window, read through libX11 with ctypes: no polling, and
it does not matter which process of the program opens it). The program is then asked to end (SIGTERM, as a
window manager's close would) and waited for. Each run gets a new, empty IDIOTEN_DATA_DIR and HOME.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import os
import select
import shlex
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
from contextlib import contextmanager

from bench.common import load_average

MAP_NOTIFY = 19
SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
TIMEOUT_S = 60


class MapEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("event", ctypes.c_ulong), ("window", ctypes.c_ulong),
                ("override_redirect", ctypes.c_int)]


class XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("map", MapEvent), ("pad", ctypes.c_long * 24)]


def xlib() -> ctypes.CDLL:
    lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    lib.XOpenDisplay.restype, lib.XOpenDisplay.argtypes = ctypes.c_void_p, [ctypes.c_char_p]
    lib.XDefaultRootWindow.restype, lib.XDefaultRootWindow.argtypes = ctypes.c_ulong, [ctypes.c_void_p]
    lib.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
    lib.XPending.argtypes = lib.XConnectionNumber.argtypes = lib.XFlush.argtypes = [ctypes.c_void_p]
    lib.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(XEvent)]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    return lib


@contextmanager
def private_screen(number: int):
    display = f":{number}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset", "-br"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        lib = xlib()
        for _ in range(200):  # until the server answers
            connection = lib.XOpenDisplay(display.encode())
            if connection:
                lib.XCloseDisplay(connection)
                break
            if server.poll() is not None:
                raise RuntimeError(f"Xvfb {display} ended at once (exit {server.returncode})")
            time.sleep(0.05)
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


def wait_for_map(lib, display, deadline: float) -> float | None:
    """The time at which a top-level, non-override-redirect window is mapped, or None at the deadline."""
    event = XEvent()
    fd = lib.XConnectionNumber(display)
    while time.time() < deadline:
        while lib.XPending(display):
            lib.XNextEvent(display, ctypes.byref(event))
            if event.type == MAP_NOTIFY and not event.map.override_redirect:
                return time.time()
        select.select([fd], [], [], 0.05)
    return None


def one_run(lib, display, display_name: str, command: list[str]) -> float:
    """Start `command` on the screen `display` (an open connection that listens for MapNotify on the root)."""
    with tempfile.TemporaryDirectory(prefix="idioten-bench-") as home:
        env = dict(os.environ, DISPLAY=display_name, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   IDIOTEN_DATA_DIR=os.path.join(home, "data"), HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
        while lib.XPending(display):  # nothing left over from the run before
            lib.XNextEvent(display, ctypes.byref(XEvent()))
        started = time.time()
        program = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        mapped = wait_for_map(lib, display, started + TIMEOUT_S)
        stop(program)
    if mapped is None:
        raise RuntimeError(f"{shlex.join(command)} showed no window within {TIMEOUT_S} s")
    return mapped - started


def stop(program: subprocess.Popen) -> None:
    """End a measured program as a window manager's close would, and for good if it does not listen."""
    program.send_signal(signal.SIGTERM)
    try:
        program.wait(timeout=20)
    except subprocess.TimeoutExpired:
        program.kill()
        program.wait()


def summary(samples: list[float]) -> dict:
    return {"median_s": round(statistics.median(samples), 3), "min_s": round(min(samples), 3),
            "max_s": round(max(samples), 3), "runs_s": [round(s, 3) for s in samples]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("commands", nargs="+", metavar="NAME='COMMAND'")
    args = parser.parse_args(argv)
    commands = dict(item.split("=", 1) for item in args.commands)
    if shutil.which("Xvfb") is None:
        parser.error("needs Xvfb (apt-get install xvfb)")
    lib = xlib()
    times: dict[str, list[float]] = {name: [] for name in commands}
    load_before = load_average()
    with private_screen(150 + os.getpid() % 50) as name:
        display = lib.XOpenDisplay(name.encode())
        lib.XSelectInput(display, lib.XDefaultRootWindow(display), SUBSTRUCTURE_NOTIFY_MASK)
        lib.XFlush(display)
        try:
            for command in commands.values():  # one run each not counted: the files come into the cache
                one_run(lib, display, name, shlex.split(command))
            for _ in range(args.runs):
                for label, command in commands.items():
                    times[label].append(one_run(lib, display, name, shlex.split(command)))
        finally:
            lib.XCloseDisplay(display)
    first = next(iter(commands))
    result = {"runs": args.runs, "load_before": load_before, "load_after": load_average(),
              "commands": commands, "start_to_visible_window": {name: summary(s) for name, s in times.items()},
              f"ratio_to_{first}": {name: round(statistics.median(a / b for a, b in zip(s, times[first])), 2)
                                    for name, s in times.items() if name != first}}
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
