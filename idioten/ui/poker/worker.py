"""Work off the event loop: the computer player's thinking (a quarter of a second per card by default, and
a moment more the first time, while its learned values load) runs in a thread so frames never stutter.

A `Job` runs one function; the scene polls it from `update` and drops a job whose answer no longer fits
(the player undid or placed meanwhile) by simply forgetting it. Threads are daemons: closing the window
never waits for one.
"""

from __future__ import annotations

import threading
from typing import Callable


class Job:
    def __init__(self, work: Callable[[], object], tag=None):
        self.tag = tag
        self.result = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True, name="idioten-poker-job")
        self._thread.start()

    def _run(self, work) -> None:
        try:
            self.result = work()
        except Exception as err:  # reported by the scene as one line; a worker must never kill the window
            self.error = err
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)
