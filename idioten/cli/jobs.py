"""Worker processes for `idioten simulate --jobs J`: as many as the machine has cores, and all of them gone
when the command stops.

Why not concurrent.futures or multiprocessing.Pool: a Ctrl+C reaches every process of the terminal's group.
In a ProcessPoolExecutor each worker caught its KeyboardInterrupt as the result of the deal it was playing and
went on with the next, while the parent's `with` block waited for every deal already queued (2,000,000 of
them); a Pool's terminate() can wait on a lock an idle worker holds. Here the workers ignore SIGINT (the
parent alone decides), each talks to the parent over its own pipe, one chunk of deals at a time, and the
parent ends them whatever way it leaves: finished, interrupted, or failed.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from idioten.cli.errors import CommandError

# ProcessPoolExecutor's own ceiling on Windows (WaitForMultipleObjects waits on at most 64 handles, three of
# which the pool keeps for itself); this module waits on two handles a worker, so it keeps to the same count.
WINDOWS_MAX_WORKERS = 61
CHUNKS_PER_WORKER = 8  # chunks small enough to share the work out evenly, large enough to cost little to send
MAX_CHUNK = 256
END_GRACE_SECONDS = 5.0  # a worker sent SIGTERM that has not gone by then is killed


def available_cpus() -> int:
    """The cores this process may run on (its affinity where the system tells it), at least 1."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13; it honours PYTHON_CPU_COUNT itself
    if counter is not None:
        return counter() or 1
    told = os.environ.get("PYTHON_CPU_COUNT", "")
    if told.isdigit() and int(told) > 0:  # the count Python 3.13 lets a user give, honoured on older ones too
        return int(told)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def worker_count(requested: int, cpus: int, windows: bool) -> tuple[int, str | None]:
    """How many worker processes `--jobs requested` gets on a machine with `cpus` cores, and the one line that
    says why it got fewer (None when it got what it asked). More processes than cores make no deal faster;
    Windows refuses more than WINDOWS_MAX_WORKERS."""
    limit = max(1, cpus)
    reason = f"this machine has {cpus} core{'s' if cpus != 1 else ''}"
    if windows and WINDOWS_MAX_WORKERS < limit:
        limit, reason = WINDOWS_MAX_WORKERS, f"Windows allows at most {WINDOWS_MAX_WORKERS} worker processes"
    if requested <= limit:
        return requested, None
    return limit, f"idioten: --jobs {requested}: {reason}; playing with {limit} processes"


def chunks(count: int, workers: int) -> Iterator[range]:
    """0..count-1 in consecutive ranges, about CHUNKS_PER_WORKER a worker, none longer than MAX_CHUNK."""
    size = max(1, min(MAX_CHUNK, count // (workers * CHUNKS_PER_WORKER)))
    for start in range(0, count, size):
        yield range(start, min(count, start + size))


class WorkerFailed(CommandError):
    """A worker process raised an error or died without being asked to: one line, exit status 1."""

    status = 1


def _serve(connection: Any, task: Callable[[Any], Any], parent: int) -> None:
    """A worker's life: chunks of items in, their results out, until the parent sends None or is gone."""
    # SIGINT was blocked when this process was made (run_in_processes); ignoring it before unblocking drops a
    # Ctrl+C that came in between, which the parent has answered for everyone.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        while True:
            items = connection.recv()
            if items is None:
                return
            results = []
            for item in items:
                if hasattr(os, "getppid") and os.getppid() != parent:
                    return  # the parent was killed outright: nobody will read the results
                results.append(task(item))
            connection.send(("done", results))
    except (EOFError, BrokenPipeError, ConnectionResetError):
        return  # the parent has gone
    except Exception as err:  # handed to the parent, which reports it; the worker's own stderr stays quiet
        try:
            connection.send(("failed", f"{type(err).__name__}: {err}"))
        except OSError:
            pass


def run_in_processes(task: Callable[[Any], Any], items: Sequence[Any], workers: int,
                     on_result: Callable[[Any], None] | None = None) -> list[Any]:
    """`[task(item) for item in items]`, computed by `workers` processes (each item once, results in the
    order of `items`); `on_result(result)` is called in this process as each result comes in. `task` must be
    picklable where processes are spawned (Windows, macOS). Whatever way this returns or raises, including
    KeyboardInterrupt, every worker has ended by then."""
    results: list[Any] = [None] * len(items)
    pieces = chunks(len(items), workers)
    context = multiprocessing.get_context()
    processes: list[Any] = []
    links: dict[Any, tuple[Any, Any]] = {}  # the parent's end of each pipe -> (its process, the chunk it plays)
    masked = _block_interrupts()
    try:
        try:
            for _ in range(min(workers, len(items))):
                ours, theirs = context.Pipe()
                process = context.Process(target=_serve, args=(theirs, task, os.getpid()), daemon=True)
                process.start()
                theirs.close()
                processes.append(process)
                links[ours] = (process, None)
        finally:
            # A Ctrl+C that came meanwhile is raised here, inside the outer try, whose finally ends the workers.
            _unblock_interrupts(masked)
        for ours, (process, _) in list(links.items()):
            links[ours] = (process, _send_next(ours, pieces, items))
        busy = {ours for ours, (_, piece) in links.items() if piece is not None}
        while busy:
            sentinels = {links[ours][0].sentinel: ours for ours in busy}
            for ready in multiprocessing.connection.wait(list(busy) + list(sentinels)):
                ours = sentinels.get(ready, ready)
                if ours not in busy:
                    continue
                process, piece = links[ours]
                try:
                    kind, answer = ours.recv()
                except (EOFError, OSError):
                    raise WorkerFailed(f"a worker process ended unexpectedly (exit code {process.exitcode})") from None
                if kind == "failed":
                    raise WorkerFailed(f"a worker process failed: {answer}")
                for index, result in zip(piece, answer):
                    results[index] = result
                    if on_result is not None:
                        on_result(result)
                piece = _send_next(ours, pieces, items)
                links[ours] = (process, piece)
                if piece is None:
                    busy.discard(ours)
        return results
    finally:
        _end(processes, list(links))


def _send_next(connection: Any, pieces: Iterator[range], items: Sequence[Any]) -> range | None:
    piece = next(pieces, None)
    connection.send(None if piece is None else [items[index] for index in piece])
    return piece


def _end(processes: list[Any], connections: list[Any]) -> None:
    """Every worker gone: those still playing are sent SIGTERM (a worker in compiled code with the GIL
    released answers it at once), then waited for. A second Ctrl+C meanwhile waits until they have gone."""
    masked = _block_interrupts()
    try:
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(END_GRACE_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
        for connection in connections:
            connection.close()
    finally:
        _unblock_interrupts(masked)


def _block_interrupts() -> bool:
    """Hold SIGINT back from this thread (where the system allows it); True if it was held."""
    if not hasattr(signal, "pthread_sigmask"):
        return False
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    return True


def _unblock_interrupts(masked: bool) -> None:
    if masked:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def note(line: str | None) -> None:
    """A one-line note on stderr (the cap on --jobs)."""
    if line:
        print(line, file=sys.stderr)
