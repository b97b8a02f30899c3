"""Searches off the event loop, for both games: one job at a time in a daemon thread, its answer handed back
to the loop. Idioten's assistant asks the solver and the hint player; Poker patience's table asks for a
hint and for the computer opponent's placements (one worker each, as both may think at once).

A job is a function of a cancel flag (`work(cancel) -> result`). Submitting a job cancels the one running
(its answer, if it still arrives, is thrown away; in a worker made with `one_job_in_memory` the new job
starts once the old one has stopped, so two solver tables are never held at once), and so do `cancel()`
and `close()`: a new deal, a restart or closing the window stops the search within a few milliseconds (the
solver looks at the flag every few hundred or thousand positions, `solver.CANCEL_POLL_POSITIONS`; a job that
never looks runs to its end unseen). Answers wait in a queue that the loop empties once per frame (`poll`);
a finished job also posts `WAKE_EVENT`, so an idle loop asleep in SDL wakes up to show it.

The search is pure Python and holds the interpreter lock while it runs. The window's thread would then
wait up to a switch interval (5 ms) each time it wants the lock back mid-frame, so the flag the solver
looks at is a `YieldingFlag`: each look hands the lock to the window if it is waiting (`time.sleep(0)`),
about once a millisecond. On a busy machine the search also takes the CPU the window needs, so on Linux the
worker thread lowers its own scheduling priority (nice 19, that thread only): measured on the shared
two-core machine, the p99 frame time during a deal animation with a search running fell from about 3 times
the idle figure to the idle figure (bench/ui_solver_frames.py).
"""

from __future__ import annotations

import itertools
import os
import queue
import sys
import threading
import time
from typing import Callable, Generic, TypeVar

import pygame

from idioten import log
from idioten.play.jobs import Answer

WAKE_EVENT = pygame.event.custom_type()

R = TypeVar("R")  # what a worker's jobs answer


class YieldingFlag(threading.Event):
    """A cancel flag whose every look also lets a waiting thread (the window's) take the interpreter lock."""

    def is_set(self) -> bool:
        time.sleep(0)
        return super().is_set()


def lower_priority() -> None:
    """Let the window's thread come first on a busy CPU (Linux threads have their own nice value)."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        except (OSError, AttributeError):
            pass  # not allowed here: the search just runs at the window's priority


class Worker(Generic[R]):
    """The window's `play.jobs.Jobs`: one job at a time in a daemon thread."""

    def __init__(self, post_events: bool = True, one_job_in_memory: bool = False):
        self.answers: queue.Queue[tuple[int, Answer[R]]] = queue.Queue()
        self.post_events = post_events
        # Solver searches hold a table of tens of megabytes: with this set, a job starts only once the job it
        # replaced has let go of its memory (see _run). Jobs that ignore the cancel flag must not use it.
        self.one_job_in_memory = one_job_in_memory
        self._serial = itertools.count(1)
        self._current = 0  # the serial of the job whose answer is still wanted
        self._flag: YieldingFlag | None = None
        self._thread: threading.Thread | None = None
        self.kind: str | None = None  # what the running job was asked, or None when none runs
        self.tag: object = None

    def submit(self, kind: str, work: Callable[[threading.Event], R], tag: object = None) -> None:
        """`work` run off the loop, as `kind` (what it answers), `tag` telling which position it was asked for; the
        job running is cancelled first."""
        self.cancel()
        serial = next(self._serial)
        flag = YieldingFlag()
        self._current, self._flag, self.kind, self.tag = serial, flag, kind, tag
        previous = self._thread if self.one_job_in_memory else None
        self._thread = threading.Thread(target=self._run, args=(serial, kind, tag, work, flag, previous),
                                        daemon=True, name=f"idioten-worker-{kind}")
        self._thread.start()

    def _run(self, serial: int, kind: str, tag: object, work: Callable[[threading.Event], R], flag: YieldingFlag,
             previous: threading.Thread | None) -> None:
        lower_priority()
        if previous is not None:
            # The replaced search sees its cancel flag within milliseconds and frees its table; waiting for
            # that here, never on the window's thread, keeps two tables from being held at once.
            previous.join()
            if flag.is_set():
                return
        answer: Answer[R] = Answer(kind, tag)
        try:
            answer.result = work(flag)
        except Exception as err:  # shown as one line by the window; a worker must never take the window down
            answer.error = err
            log.note("search", "the %s job failed", kind, error=err)
        if flag.is_set():
            return  # cancelled: nobody waits for this answer
        self.answers.put((serial, answer))
        if self.post_events:
            try:
                pygame.event.post(pygame.event.Event(WAKE_EVENT))
            except pygame.error:
                pass  # the window is closing

    def cancel(self) -> None:
        """Stop the running job (if any) and forget its answer."""
        if self._flag is not None:
            self._flag.set()
        self._current, self._flag, self.kind, self.tag = 0, None, None, None

    @property
    def running(self) -> bool:
        """A job runs (its answer has not come yet)."""
        return self._flag is not None

    def poll(self) -> list[Answer[R]]:
        """The answers that arrived since the last poll and are still wanted (at most one)."""
        wanted: list[Answer[R]] = []
        while True:
            try:
                serial, answer = self.answers.get_nowait()
            except queue.Empty:
                return wanted
            if serial == self._current:
                self._current, self._flag, self.kind, self.tag = 0, None, None, None
                wanted.append(answer)

    def wait(self, timeout: float | None = None) -> bool:
        """Until the running job has finished (tests and benchmarks); True if it has."""
        thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    def close(self) -> None:
        """The running job cancelled and nothing more taken (the window closes)."""
        self.cancel()
        thread = self._thread
        if thread is not None:
            thread.join(0.5)  # the flag is seen within milliseconds; a daemon thread never holds up the exit
