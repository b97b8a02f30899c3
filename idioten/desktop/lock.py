"""One running game per data folder, and the handover from a second start to the first. No pygame here.

Two copies on one folder would each write their own game and statistics over the other's, and the last to
quit would win. So the window's program takes an OS lock on `running.lock` in the data folder before it
reads anything: `fcntl.flock` on Unix, `msvcrt.locking` on Windows. The system drops the lock when the
process ends, however it ends, so a copy that crashed or was killed never leaves the folder locked: the file
itself may stay, locked by no one, and is simply locked again by the next start.

The first copy writes into the lock file, as JSON, its process id, the port of a small listener on 127.0.0.1
and a random token. A second start that finds the folder locked reads them, sends the token, and is told
"shown" (the first copy is bringing its window forward) or "open" (it cannot, or its window is not ready:
the second says that the game is already open), then exits. The token keeps another local program from
poking the window without reading the player's own data folder; the listener never leaves the loopback.
On Windows the locked byte lies far past the text, so the text stays readable by the second start while
its region is locked.
"""

from __future__ import annotations

import errno
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from idioten.storage.files import read_regular_file

if TYPE_CHECKING:
    import socket  # loaded by the handover only: the lock is taken before the window's first picture

LOCK_FILE = "running.lock"
LOOPBACK = "127.0.0.1"
WINDOWS_LOCK_OFFSET = 1 << 20  # the byte locked on Windows: beyond the JSON, which others must read
SHOWN, OPEN = "shown", "open"  # the first copy's answers
ANSWER_SECONDS = 3.0  # how long either side waits for the other's line before giving up on the handover
ANNOUNCE_TRIES = 40  # the second start reads the file this many times while the first is still writing it
ANNOUNCE_PAUSE = 0.05


class FolderLock:
    """The lock on a data folder, held (`held`) or found held by another copy (`other_copy`). A folder where
    no lock file can be made (read-only, missing drive) is neither: the game opens, and the store says why
    it cannot save."""

    def __init__(self, path: Path, handle: int | None, held: bool, other_copy: bool, locker: "Locker"):
        self.path = path
        self._handle = handle
        self.held = held
        self.other_copy = other_copy
        self._locker = locker

    def announce(self, port: int, token: str) -> None:
        """Tell a second start where to find this copy. Best effort: without it, the second still knows the
        folder is locked and says so."""
        if not self.held or self._handle is None:
            return
        text = json.dumps({"pid": os.getpid(), "port": port, "token": token}).encode("ascii")
        try:
            os.lseek(self._handle, 0, os.SEEK_SET)
            os.ftruncate(self._handle, 0)
            os.write(self._handle, text)
            os.fsync(self._handle)
        except OSError:
            pass

    def release(self) -> None:
        if self._handle is None:
            return
        if self.held:
            self._locker.unlock(self._handle)
        os.close(self._handle)
        self._handle = None
        self.held = False


class Locker:
    """The system's lock on an open file: flock on Unix, msvcrt.locking on Windows (given as `msvcrt`, so
    tests can stand in for Windows' answers on Linux)."""

    def __init__(self, platform: str = sys.platform, msvcrt: ModuleType | None = None, fcntl: ModuleType | None = None):
        self.windows = platform == "win32"
        if self.windows:
            self._msvcrt = msvcrt if msvcrt is not None else __import__("msvcrt")
        else:
            self._fcntl = fcntl if fcntl is not None else __import__("fcntl")

    def try_lock(self, handle: int) -> bool:
        """True if this process now holds the lock; False if another holds it. Other errors raise OSError."""
        try:
            if self.windows:
                os.lseek(handle, WINDOWS_LOCK_OFFSET, os.SEEK_SET)
                self._msvcrt.locking(handle, self._msvcrt.LK_NBLCK, 1)
            else:
                self._fcntl.flock(handle, self._fcntl.LOCK_EX | self._fcntl.LOCK_NB)
        except OSError as err:
            # flock says EWOULDBLOCK (EAGAIN); msvcrt says EACCES, or EDEADLOCK after its ten tries.
            if err.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", -1),
                             getattr(errno, "EDEADLK", -1)):
                return False
            raise
        return True

    def unlock(self, handle: int) -> None:
        try:
            if self.windows:
                os.lseek(handle, WINDOWS_LOCK_OFFSET, os.SEEK_SET)
                self._msvcrt.locking(handle, self._msvcrt.LK_UNLCK, 1)
            else:
                self._fcntl.flock(handle, self._fcntl.LOCK_UN)
        except OSError:
            pass  # closing the handle (next) ends the lock anyway


def lock_folder(folder: Path, locker: Locker | None = None) -> FolderLock:
    """Take the folder's lock, or find that another copy holds it."""
    locker = locker or Locker()
    path = Path(folder) / LOCK_FILE
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOINHERIT", 0)
        handle = os.open(path, flags, 0o600)
    except OSError:
        return FolderLock(path, None, held=False, other_copy=False, locker=locker)
    try:
        held = locker.try_lock(handle)
    except OSError:  # a file system without locks (some network shares): play on, as before
        os.close(handle)
        return FolderLock(path, None, held=False, other_copy=False, locker=locker)
    if not held:
        os.close(handle)
    return FolderLock(path, handle if held else None, held=held, other_copy=not held, locker=locker)


# -- the handover ------------------------------------------------------------------------------------------

class HandoverListener:
    """The first copy's side: a thread answering second starts on a loopback port. `on_request()` is asked
    (in this thread) whether the window will come forward; it must only post work to the window's loop."""

    def __init__(self, on_request: Callable[[], bool]):
        self.on_request = on_request
        import socket
        import threading

        self.token = os.urandom(16).hex()  # as secrets.token_hex, without its imports (hmac, hashlib) at start
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.bind((LOOPBACK, 0))
        self._socket.listen(4)
        self.port = self._socket.getsockname()[1]
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="idioten-handover", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._closed.is_set():
            try:
                connection, _ = self._socket.accept()
            except OSError:
                return  # closed
            with connection:
                if self._closed.is_set():
                    return
                try:
                    self._answer(connection)
                except OSError:
                    pass  # a second start that went away: nothing to answer

    def _answer(self, connection: socket.socket) -> None:
        connection.settimeout(ANSWER_SECONDS)
        line = _read_line(connection)
        if line != self.token:
            return
        try:
            shown = bool(self.on_request())
        except Exception:  # the window's side failed: the second start still gets its answer
            shown = False
        connection.sendall((SHOWN if shown else OPEN).encode("ascii") + b"\n")

    def close(self) -> None:
        import socket

        self._closed.set()
        try:
            # close() alone would not wake the thread blocked in accept() (the kernel keeps the socket for it,
            # and it would go on answering); shutdown does, where the system allows it on a listening socket.
            self._socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._socket.close()  # a thread still in accept() elsewhere answers no one after this (_closed)


def _read_line(connection: socket.socket, limit: int = 128) -> str:
    data = b""
    while b"\n" not in data and len(data) < limit:
        chunk = connection.recv(limit)
        if not chunk:
            break
        data += chunk
    return data.split(b"\n", 1)[0].decode("ascii", "replace").strip()


def read_announcement(folder: Path) -> tuple[int, str] | None:
    """The first copy's (port, token) from the lock file, or None if it is not (yet) there."""
    try:
        data = json.loads(read_regular_file(Path(folder) / LOCK_FILE, 4096).decode("ascii"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    port, token = data.get("port"), data.get("token")
    if type(port) is not int or not 0 < port < 65536 or not isinstance(token, str) or len(token) > 64:
        return None
    return port, token


def ask_first_copy(folder: Path, tries: int = ANNOUNCE_TRIES, pause: float = ANNOUNCE_PAUSE) -> str | None:
    """The second start's side: ask the copy holding the folder to come forward. SHOWN, OPEN, or None when
    it could not be reached (it announces itself once its window shows its first frame)."""
    for _attempt in range(tries):
        announced = read_announcement(folder)
        if announced is not None:
            break
        time.sleep(pause)
    else:
        return None
    import socket

    try:
        port, token = announced
        # A plain connect to the address, not socket.create_connection: that looks the host up by name
        # (getaddrinfo), which encodes it with the "idna" codec, and the executable leaves that codec's
        # `unicodedata` out (build.spec): a second start of the executable failed there with a traceback.
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as connection:
            connection.settimeout(ANSWER_SECONDS)
            connection.connect((LOOPBACK, port))
            connection.sendall(token.encode("ascii") + b"\n")
            answer = _read_line(connection)
    except OSError:
        return None
    return answer if answer in (SHOWN, OPEN) else None
