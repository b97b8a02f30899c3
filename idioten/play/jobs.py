"""Work off the window's loop, as a session's helpers see it: a job is a function of a cancel flag, handed to
a `Jobs` (the window's is ui/worker.py's `Worker`: one job at a time in a thread), and its `Answer` comes back
once per frame through `poll`. Poker's hint and computer tasks are such functions; the Aces Up assistant
(acesup/assist.py) submits its own to the jobs its table passes in. No thread or pygame here: tests and
benchmarks pass in what they like."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

R = TypeVar("R")  # what a worker's jobs answer


@dataclass
class Answer(Generic[R]):
    kind: str  # what was asked, as given to submit
    tag: object  # the caller's note of what the question was about (a position, a deal number)
    result: R | None = None
    error: BaseException | None = None


class Jobs(Protocol[R]):
    """One job at a time: submitting a job cancels the one running (its answer is never polled)."""

    kind: str | None  # what the running job was asked, or None when none runs
    tag: object

    @property
    def running(self) -> bool: ...

    def submit(self, kind: str, work: Callable[[threading.Event], R], tag: object = None) -> None: ...

    def cancel(self) -> None: ...

    def poll(self) -> list[Answer[R]]: ...

    def close(self) -> None: ...
