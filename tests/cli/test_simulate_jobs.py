"""`idioten simulate --jobs J` with real processes (issue 36, item 5): Ctrl+C, sent to the command's process
group as a terminal sends it, ends every worker and exits 130 without a traceback; more jobs than cores are
capped with one line; the long commands draw a progress line on a terminal (a pseudo-terminal here) and
nothing on a pipe. Nothing here waits for a time to pass: the tests wait for events (a worker exists, the
command ended) and a guard only turns a hang into a failure."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tiers import fast_first

from idioten.cli import jobs, main
from idioten.cli.progress import GamesProgress, ProgressLine, SearchProgress

HANG_GUARD = 120.0  # seconds after which a wait that should have ended counts as a failure, not a pass
PLAYING_TICKS = 20  # a worker that has used this much CPU (0.2 s at the usual 100 ticks a second) is playing
needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")
needs_pty = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def idioten(*args: str) -> list[str]:
    return [sys.executable, "-m", "idioten", *args]


# The machine's cores as the tests' input (Python 3.13's own knob, which the command honours on every
# Python): two workers are what these tests watch end, on any machine and under any affinity (taskset -c 0).
TWO_CORES = {**os.environ, "PYTHON_CPU_COUNT": "2"}


def processes() -> dict[int, tuple[int, int, str]]:
    """Every process: pid -> (parent pid, process group, state letter)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # it ended while we looked
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (name) "
        found[int(entry.name)] = (int(fields[1]), int(fields[2]), fields[0])
    return found


def running_in_group(group: int) -> list[int]:
    return [pid for pid, (_, pgid, state) in processes().items() if pgid == group and state not in "ZX"]


def children(parent: int) -> list[int]:
    return [pid for pid, (ppid, _, state) in processes().items() if ppid == parent and state not in "ZX"]


def cpu_ticks(pid: int) -> int:
    """The CPU time `pid` has used, user and system, in clock ticks (0 once it has gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def playing(parent: int, count: int) -> bool:
    """`count` workers of `parent` exist and each has used some CPU: they are inside a deal, not starting."""
    workers = children(parent)
    return len(workers) >= count and all(cpu_ticks(pid) >= PLAYING_TICKS for pid in workers)


def wait_until(condition, what: str) -> None:
    give_up = time.monotonic() + HANG_GUARD
    while not condition():
        assert time.monotonic() < give_up, f"never happened: {what}"
        time.sleep(0.02)


# Far more deals than could finish; the hint thinks in compiled code with the GIL released, a minute a move.
PLAYERS = {"greedy": ("--policy", "greedy"), "hint": ("--policy", "hint", "--hint-seconds", "60")}


def as_from_a_terminal(argv: list[str]) -> list[str]:
    """`argv` started with Ctrl+C's signal at its default and not blocked, as a shell starts a foreground job,
    whatever the test process passes on (a signal ignored or blocked there is ignored or blocked in its
    children too, across exec); the same process, so its pid is the command's."""
    reset = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
             "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); os.execv(sys.argv[1], sys.argv[1:])")
    return [sys.executable, "-c", reset, *argv]


def signal_states(group: int) -> str:
    """Each process of `group`: its state and which signals it blocks and ignores (from /proc), for a failure
    to say why Ctrl+C was not answered."""
    states = []
    for pid in running_in_group(group):
        try:
            status = Path(f"/proc/{pid}/status").read_text().splitlines()
        except OSError:
            continue
        wanted = [line for line in status if line.startswith(("State:", "SigBlk:", "SigIgn:", "SigPnd:", "ShdPnd:"))]
        states.append(f"{pid}: " + ", ".join(" ".join(line.split()) for line in wanted))
    return "; ".join(states) or "none left"


def ctrl_c_when(args: tuple[str, ...], ready, waiting_for: str) -> tuple[subprocess.Popen[bytes], bytes, bytes]:
    """The command started in a process group of its own, SIGINT sent to the group once `ready(pid)` holds (what
    a terminal does on Ctrl+C: the whole foreground group); the command, its stdout and its stderr."""
    command = subprocess.Popen(as_from_a_terminal(idioten(*args)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, env=TWO_CORES)
    try:
        wait_until(lambda: ready(command.pid) or command.poll() is not None, waiting_for)
        assert command.poll() is None, "the command ended before Ctrl+C"
        os.killpg(command.pid, signal.SIGINT)
        try:
            out, err = command.communicate(timeout=HANG_GUARD)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running after Ctrl+C: {signal_states(command.pid)}") from None
    finally:
        if command.poll() is None:
            os.killpg(command.pid, signal.SIGKILL)
            command.wait()
    return command, out, err


@needs_proc
@pytest.mark.parametrize("player", fast_first(list(PLAYERS)))  # the hint player's workers: the slow tier's
def test_ctrl_c_ends_every_worker_and_exits_130_without_a_traceback(player):
    command, out, err = ctrl_c_when(("simulate", *PLAYERS[player], "--games", "2000000", "--jobs", "2"),
                                    lambda pid: playing(pid, 2), "two workers playing")
    assert command.returncode == 130
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    assert out == b""
    # The command waits for its workers before it exits: none of its group is left once it has.
    assert running_in_group(command.pid) == []


@needs_proc
def test_ctrl_c_before_the_workers_are_ready_still_ends_them():
    """SIGINT sent as soon as the first worker exists, while others may still be starting."""
    command, _, err = ctrl_c_when(("simulate", "--policy", "greedy", "--games", "2000000", "--jobs", "2"),
                                  children, "a worker started")
    assert command.returncode == 130
    assert b"Traceback" not in err
    assert running_in_group(command.pid) == []


@pytest.mark.parametrize("requested, cpus, windows, expected", [
    (2, 2, False, 2), (1, 8, False, 1), (500, 2, False, 2), (3, 2, True, 2),
    (500, 128, True, jobs.WINDOWS_MAX_WORKERS), (500, 128, False, 128), (61, 64, True, 61), (4, 0, False, 1)])
def test_more_jobs_than_cores_are_capped(requested, cpus, windows, expected):
    count, line = jobs.worker_count(requested, cpus, windows)
    assert count == expected
    if expected == requested:
        assert line is None
    else:
        assert line is not None and "\n" not in line and f"--jobs {requested}" in line and str(expected) in line


def test_a_capped_run_says_so_in_one_line_and_answers_as_before(capsys):
    cpus = jobs.available_cpus()
    asked = cpus + 498
    run = subprocess.run(idioten("simulate", "--policy", "greedy", "--games", "6", "--jobs", str(asked), "--json"),
                         capture_output=True, text=True, timeout=HANG_GUARD)
    # the answer to compare with: one process's, in this one (the program's boundary is the capped run's to show)
    assert main(["simulate", "--policy", "greedy", "--games", "6", "--json"]) == 0
    alone = capsys.readouterr()
    assert run.returncode == 0, run.stderr
    assert run.stderr.splitlines() == [f"idioten: --jobs {asked}: this machine has {cpus} core"
                                       f"{'s' if cpus != 1 else ''}; playing with {cpus} processes"]
    answer, single = json.loads(run.stdout), json.loads(alone.out)
    assert {k: v for k, v in answer.items() if k != "seconds"} == {k: v for k, v in single.items() if k != "seconds"}


def square(number: int) -> int:
    return number * number


def test_workers_give_every_result_in_order_and_report_each():
    told: list[int] = []
    items = list(range(1, 300))
    assert jobs.run_in_processes(square, items, 2, told.append) == [n * n for n in items]
    assert sorted(told) == [n * n for n in items]


def fails_on_seven(number: int) -> int:
    if number == 7:
        raise ValueError("seven")
    return number


def test_a_worker_that_fails_is_one_line_and_no_worker_is_left():
    with pytest.raises(jobs.WorkerFailed, match="ValueError: seven"):
        jobs.run_in_processes(fails_on_seven, list(range(20)), 2)
    if Path("/proc").exists():
        assert children(os.getpid()) == []


def read_pty_until_closed(master: int) -> bytes:
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: every copy of the terminal's other end is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def run_on(stderr_terminal: bool, *args: str) -> tuple[str, str, int]:
    """The command with stderr on a pseudo-terminal (or a pipe); (stdout, what stderr got, exit status)."""
    if not stderr_terminal:
        run = subprocess.run(idioten(*args), capture_output=True, text=True, timeout=HANG_GUARD, env=TWO_CORES)
        return run.stdout, run.stderr, run.returncode
    import pty
    master, slave = pty.openpty()
    try:
        command = subprocess.Popen(idioten(*args), stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL,
                                   env=TWO_CORES)
        os.close(slave)
        seen = read_pty_until_closed(master)
        out, _ = command.communicate(timeout=HANG_GUARD)
    finally:
        os.close(master)
    return out.decode(), seen.decode(), command.returncode


LONG_COMMANDS = {
    "simulate": (("simulate", "--policy", "greedy", "--games", "30"), "greedy (standard): 0 of 30 games"),
    "simulate with jobs": (("simulate", "--policy", "greedy", "--games", "30", "--jobs", "2"),
                           "of 30 games"),
    "poker simulate": (("poker", "simulate", "--policy", "greedy", "--games", "3"),
                       "poker greedy (classic): 0 of 3 games, no score yet"),
    "solve": (("solve", "--deal", "7", "--time-limit", "600"), "solving deal 7: 0 positions searched, at most"),
}


# Two commands in the fast tier, one of each kind of progress (games played, positions searched); the others,
# whose workers or games take longer to start, in the slow tier.
@needs_pty
@pytest.mark.parametrize("name", fast_first(sorted(LONG_COMMANDS, key=lambda name: name not in ("simulate", "solve")),
                                            2))
def test_a_long_command_shows_its_progress_on_a_terminal_and_nothing_on_a_pipe(name):
    args, progress = LONG_COMMANDS[name]
    out_terminal, on_terminal, status_terminal = run_on(True, *args)
    out_pipe, on_pipe, status_pipe = run_on(False, *args)
    assert status_terminal == status_pipe == 0
    assert progress in on_terminal
    assert on_terminal.endswith("\r") and on_terminal.rstrip("\r").endswith(" ")  # wiped before the answer
    assert on_pipe == ""
    if name != "solve":  # the solve's answer names its time
        assert out_terminal.split(",")[:2] == out_pipe.split(",")[:2]
    assert progress not in out_terminal


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_line_tells_done_wins_and_time_left_and_redraws_at_most_every_fifth_of_a_second():
    clock, screen = FakeClock(), Terminal()
    line = ProgressLine(screen, clock)
    games = GamesProgress("greedy (standard)", 4, line, win_score=48)
    assert screen.getvalue() == "\rgreedy (standard): 0 of 4 games, 0 won, time left not known yet"
    clock.now += 10
    games.add(48)
    assert screen.getvalue().endswith("\rgreedy (standard): 1 of 4 games, 1 won (100.00 %), about 30 s left")
    drawn = screen.getvalue()
    clock.now += 0.1
    games.add(30)  # too soon after the last: not drawn
    assert screen.getvalue() == drawn
    clock.now += 0.15
    games.add(30)
    assert screen.getvalue().endswith("3 of 4 games, 1 won (33.33 %), about 3 s left  ")  # over the longer line
    games.add(30)  # the last is always drawn
    assert screen.getvalue().endswith("4 of 4 games, 1 won (25.00 %), about 0 s left")
    line.close()
    assert screen.getvalue().endswith("\r" + " " * len("greedy (standard): 4 of 4 games, 1 won (25.00 %), "
                                                       "about 0 s left") + "\r")


def test_a_search_line_counts_positions_and_the_limit_left():
    clock, screen = FakeClock(), Terminal()
    stop = []
    search = SearchProgress("solving deal 2", 60.0, ProgressLine(screen, clock), lambda: bool(stop))
    clock.now += 15
    search.searched(1_234_567)
    assert screen.getvalue().endswith("\rsolving deal 2: 1,234,567 positions searched, at most 45 s left")
    assert not search.is_set()
    stop.append(True)
    assert search.is_set()


def test_nothing_is_written_where_nobody_watches():
    stream = io.StringIO()
    line = ProgressLine(stream, FakeClock())
    GamesProgress("greedy (standard)", 3, line, 48).add(48)
    SearchProgress("solving", 1.0, line).searched(10)
    line.close()
    assert stream.getvalue() == ""


@needs_proc
def test_ctrl_c_stops_a_long_solve():
    """Deal 2 takes millions of positions; with a ten-minute limit only the Ctrl+C can end it within the guard."""
    command, out, err = ctrl_c_when(("solve", "--deal", "2", "--time-limit", "600"),
                                    lambda pid: cpu_ticks(pid) >= PLAYING_TICKS + 30, "searching")
    assert command.returncode == 130
    assert out == b"" and b"Traceback" not in err


def test_the_core_count_a_user_gives_python_is_honoured_on_every_python(monkeypatch):
    monkeypatch.delattr(os, "process_cpu_count", raising=False)  # as on Python 3.10-3.12
    monkeypatch.setenv("PYTHON_CPU_COUNT", "3")
    assert jobs.available_cpus() == 3
    monkeypatch.setenv("PYTHON_CPU_COUNT", "default")  # not a count: the cores this process may use
    assert jobs.available_cpus() == len(os.sched_getaffinity(0))
