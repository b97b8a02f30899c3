"""The program as a player starts it, through real processes on SDL's dummy drivers (tests/desktop/desktop_child.py):
one running game per data folder, handed over to the first; a killed copy never leaves the folder locked; a
crash leaves a report that the next start names once, and the game played before it intact.

The time limits below only catch a hang; each step ends on an event the test controls (a file appears, a
process exits), never on a time that must pass."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from idioten.cli import main
from idioten.cli.desktop import EXIT_ALREADY_OPEN, EXIT_CRASHED
from idioten.desktop import crash
from idioten.desktop.crash import NATIVE_FILE, REPORTS_FOLDER
from idioten.desktop.lock import LOCK_FILE

CHILD = Path(__file__).resolve().parent / "desktop_child.py"
HANG = 120  # seconds: far beyond a start on a busy machine; reached only if something hangs

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the Windows lock is simulated in test_lock.py")


def environment(folder: Path) -> dict:
    env = dict(os.environ, IDIOTEN_DATA_DIR=str(folder), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


STARTED: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def no_child_left():
    """A failed assertion must not leave a child running: each one still alive at the end is killed."""
    yield
    while STARTED:
        process = STARTED.pop()
        if process.poll() is None:
            process.kill()
        process.communicate()


def start(folder: Path, mode: str, signals: Path, *extra: str) -> subprocess.Popen:
    signals.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen([sys.executable, str(CHILD), mode, str(signals), *extra], env=environment(folder),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    STARTED.append(process)
    return process


def wait_for(path: Path, process: subprocess.Popen) -> dict:
    return json.loads(written(path, process))


def written(path: Path, process: subprocess.Popen) -> str:
    """The file's text once the child has written it (the child writes each signal whole, by a rename)."""
    deadline = time.monotonic() + HANG
    while not path.exists():
        if process.poll() is not None:
            raise AssertionError(f"the child exited ({process.returncode}) first: {process.communicate()[1]}")
        assert time.monotonic() < deadline, "the child hangs"
        time.sleep(0.05)
    return path.read_text()


def finish(process: subprocess.Popen, signals: Path) -> tuple[int, str, str]:
    (signals / "quit").write_text("")
    out, err = process.communicate(timeout=HANG)
    return process.returncode, out, err


def second_start(folder: Path) -> subprocess.CompletedProcess:
    """A plain second start, as a double-click makes it."""
    return subprocess.run([sys.executable, "-m", "idioten"], env=environment(folder), capture_output=True,
                          text=True, timeout=HANG)


def saved_moves(folder: Path) -> list:
    return json.loads((folder / "game.json").read_text())["history"]


def test_a_second_start_hands_over_to_the_first_and_exits(tmp_path):
    folder = tmp_path / "data"
    first = start(folder, "wait", tmp_path / "first")
    try:
        ready = wait_for(tmp_path / "first" / "ready", first)
        assert ready["moves"] == 1
        saved_before = (folder / "game.json").read_bytes()
        stats_before = sorted(p.name for p in folder.iterdir())

        second = second_start(folder)
        assert second.returncode == EXIT_ALREADY_OPEN and second.stdout == ""
        assert second.stderr.count("\n") == 1 and "already open" in second.stderr and str(folder) in second.stderr
        # the first was asked to come forward (the dummy driver has no window to raise, so the second said it);
        # its listener answered at once, and its loop meets the request at its next turn, maybe after the
        # second has ended
        assert written(tmp_path / "first" / "came-forward", first) == "yes"
        assert (folder / "game.json").read_bytes() == saved_before  # the second read nothing, wrote nothing
        assert sorted(p.name for p in folder.iterdir()) == stats_before
    finally:
        status, _, err = finish(first, tmp_path / "first")
    assert status == 0 and err == ""
    assert len(saved_moves(folder)) == 1  # the first copy's game, with its move, as it left it


def test_a_killed_copy_leaves_no_lock_behind(tmp_path):
    folder = tmp_path / "data"
    first = start(folder, "wait", tmp_path / "first")
    wait_for(tmp_path / "first" / "ready", first)
    first.send_signal(signal.SIGKILL)
    first.communicate(timeout=HANG)
    assert first.returncode == -signal.SIGKILL and (folder / LOCK_FILE).exists()  # the file stays, unlocked

    again = start(folder, "wait", tmp_path / "again", "--no-move")
    ready = wait_for(tmp_path / "again" / "ready", again)
    assert ready["moves"] == 1  # the killed copy's game, resumed by the new one that holds the lock
    status, _, err = finish(again, tmp_path / "again")
    assert status == 0 and err == ""


def test_an_error_in_the_loop_leaves_a_report_the_next_start_names_once(tmp_path):
    folder = tmp_path / "data"
    crashed = start(folder, "crash", tmp_path / "crashed")
    out, err = crashed.communicate(timeout=HANG)
    assert crashed.returncode == EXIT_CRASHED and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err and "RuntimeError" in err
    [report] = (folder / REPORTS_FOLDER).iterdir()
    assert str(report) in err
    text = report.read_text()
    for part in ("Traceback", "RuntimeError: injected into the loop by the test", "idioten ", "cores: solver ",
                 "Python ", "pygame-ce ", "SDL ", "system: "):
        assert part in text, part
    assert len(saved_moves(folder)) == 1  # the move played before the crash is saved

    again = start(folder, "wait", tmp_path / "again", "--no-move")
    ready = wait_for(tmp_path / "again" / "ready", again)
    finish(again, tmp_path / "again")
    [told] = (folder / REPORTS_FOLDER).iterdir()  # renamed once told
    assert [n for n in ready["notices"] if str(told) in n] and ready["moves"] == 1
    # told once: the next start's look at the folder (the call a start makes, test_crash.py) finds nothing to tell
    assert crash.reports_to_tell(folder) == [] and list((folder / REPORTS_FOLDER).iterdir()) == [told]


def test_a_hard_crash_in_c_is_reported_by_the_next_start(tmp_path):
    folder = tmp_path / "data"
    crashed = start(folder, "segfault", tmp_path / "crashed")
    crashed.communicate(timeout=HANG)
    # killed by a signal: SIGSEGV, or SIGABRT where pygame's own parachute catches it first and aborts
    assert crashed.returncode in (-signal.SIGSEGV, -signal.SIGABRT)
    assert "Segmentation fault" in (folder / NATIVE_FILE).read_text()

    again = start(folder, "wait", tmp_path / "again", "--no-move")
    ready = wait_for(tmp_path / "again" / "ready", again)
    finish(again, tmp_path / "again")
    [report] = (folder / REPORTS_FOLDER).iterdir()
    assert "Segmentation fault" in report.read_text() and "hard crash" in report.read_text()
    assert [n for n in ready["notices"] if str(report) in n] and ready["moves"] == 1
    assert not (folder / NATIVE_FILE).exists()  # the clean run left no dump


def test_commands_take_no_lock(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "data"
    first = start(folder, "wait", tmp_path / "first")
    try:
        wait_for(tmp_path / "first" / "ready", first)
        # the command in this process: the lock is the first copy's, a process of its own, all the same
        monkeypatch.setenv("IDIOTEN_DATA_DIR", str(folder))
        assert main(["deal", "7"]) == 0
        assert len(capsys.readouterr().out.split()) == 52
    finally:
        finish(first, tmp_path / "first")


def test_a_start_where_no_window_can_open_says_so_in_one_line_and_keeps_the_players_files(tmp_path):
    """The window opens right after the lock and the settings (ui/opening.py): a video driver that cannot open
    one is told in one line, exit status 1, and the saved files are left as they were."""
    settings = json.dumps({"format": "idioten-settings", "version": 1, "language": "de", "guide_offered": True})
    (tmp_path / "settings.json").write_text(settings, encoding="utf-8")
    env = dict(environment(tmp_path), SDL_VIDEODRIVER="no-such-driver")
    done = subprocess.run([sys.executable, "-m", "idioten"], env=env, capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("idioten: cannot open the game window") and done.stderr.count("\n") == 1
    assert (tmp_path / "settings.json").read_text(encoding="utf-8") == settings
    assert sorted(path.name for path in tmp_path.iterdir()) == [LOCK_FILE, "settings.json"]


def test_a_link_in_the_locks_place_leaves_its_file_untouched_and_the_copy_saves_nothing(tmp_path):
    precious = tmp_path / "letter.txt"
    precious.write_text("Dear Anna")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / LOCK_FILE).symlink_to(precious)
    copy = start(folder, "wait", tmp_path / "copy")
    ready = wait_for(tmp_path / "copy" / "ready", copy)
    assert ready["moves"] == 1 and [n for n in ready["notices"] if "without saving" in n]
    status, _, err = finish(copy, tmp_path / "copy")
    assert status == 0 and err.count("\n") == 1 and "without saving" in err
    assert precious.read_text() == "Dear Anna"
    assert sorted(p.name for p in folder.iterdir()) == [LOCK_FILE]  # no game, no statistics, no log


def test_a_folder_in_the_locks_place_lets_no_two_copies_save(tmp_path):
    folder = tmp_path / "data"
    (folder / LOCK_FILE).mkdir(parents=True)
    first = start(folder, "wait", tmp_path / "first")
    second = start(folder, "wait", tmp_path / "second")
    for copy, name in ((first, "first"), (second, "second")):
        ready = wait_for(tmp_path / name / "ready", copy)
        assert ready["moves"] == 1 and [n for n in ready["notices"] if "without saving" in n]
    for copy, name in ((first, "first"), (second, "second")):
        status, _, err = finish(copy, tmp_path / name)
        assert status == 0 and "without saving" in err
    assert sorted(p.name for p in folder.iterdir()) == [LOCK_FILE]  # neither saved over the other


def test_a_wrong_token_is_refused_and_written_in_the_log(tmp_path):
    import socket

    from idioten.desktop.channel import SOCKET_FILE
    from idioten.desktop.logbook import LOG_FILE

    folder = tmp_path / "data"
    first = start(folder, "wait", tmp_path / "first")
    try:
        wait_for(tmp_path / "first" / "ready", first)
        with socket.socket(socket.AF_UNIX) as knocking:
            knocking.settimeout(HANG)
            knocking.connect(str(folder / SOCKET_FILE))
            knocking.sendall(b"guessed\n")
            assert knocking.recv(16) == b""  # closed without an answer
    finally:
        status, _, err = finish(first, tmp_path / "first")
    assert status == 0 and err == ""
    assert "a handover was refused: a wrong token" in (folder / LOG_FILE).read_text()
    assert not (folder / SOCKET_FILE).exists()  # the socket goes with the copy
