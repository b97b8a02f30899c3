"""A waiting second start's "already open" box ends with it (issue 36, item 7), through real processes on a real X
screen (Xvfb): SDL shows the box from a process it forks, which a kill of the second start used to leave on screen.
The second start is killed (SIGKILL, SIGTERM) while its box is up; then no process it started is left, and no
window named Idioten. Slow tier: it needs Xvfb and xwininfo (.ci/run installs xvfb and x11-utils).

Each step ends on an event the test sees (a window appears, a process is gone); the time limits only catch a hang."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_desktop_start import HANG, environment, finish, start, wait_for

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not sys.platform.startswith("linux") or not shutil.which("Xvfb")
                                 or not shutil.which("xwininfo"), reason="needs Linux, Xvfb and xwininfo")]


@pytest.fixture
def x_screen():
    reading, writing = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(writing), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                              pass_fds=(writing,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(writing)
    with os.fdopen(reading) as told:
        number = told.readline().strip()  # Xvfb writes its display's number once it accepts clients
    try:
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=HANG)


def descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Running, not a zombie waiting for a parent that never reaps (a container's init may not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def boxes(display: str) -> list[str]:
    """The windows on the screen named Idioten (the box's title)."""
    found = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True,
                           env=dict(os.environ, DISPLAY=display), timeout=HANG)
    return [line for line in found.stdout.splitlines() if '"Idioten"' in line]


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_killing_a_waiting_second_start_takes_its_box_away(tmp_path, x_screen, how):
    folder = tmp_path / "data"
    first = start(folder, "wait", tmp_path / "first")
    left: set[int] = set()
    try:
        wait_for(tmp_path / "first" / "ready", first)
        env = dict(environment(folder), DISPLAY=x_screen, SDL_VIDEODRIVER="x11")
        second = subprocess.Popen([sys.executable, "-m", "idioten"], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + HANG
        while not boxes(x_screen):
            assert second.poll() is None, second.communicate()
            assert time.monotonic() < deadline, "no box appeared"
            time.sleep(0.1)
        left = descendants(second.pid)
        assert left  # SDL's box runs in a process of its own
        second.send_signal(how)
        second.communicate(timeout=HANG)
        deadline = time.monotonic() + HANG
        while any(alive(pid) for pid in left) or boxes(x_screen):
            assert time.monotonic() < deadline, f"left behind: {[pid for pid in left if alive(pid)]}"
            time.sleep(0.1)
    finally:
        for pid in left:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        finish(first, tmp_path / "first")
