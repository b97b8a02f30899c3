"""The handover from a second start to the first copy, through a channel only the player's account can open.
No pygame here.

The copy holding the data folder's lock (desktop/lock.py) listens once its window shows its first frame, and
announces in the lock file where, with a random token. A second start that finds the folder locked reads them,
sends the token, and is told "shown" (the first copy is bringing its window forward) or "open" (it cannot, or
its window is not ready: the second says that the game is already open), then exits.

The channel, by system:
- Unix (Linux, macOS): a Unix-domain socket, `handover.sock` in the data folder, mode 0600 from the moment
  it exists (bound under a umask that lets no one else in), so only the player's account (and root) can
  connect. A socket's path holds at most 104 bytes on macOS and 108 on Linux: a data folder too deep for it
  (or with something else at that name) gets its socket in a private folder of the account instead
  ($XDG_RUNTIME_DIR where it is the account's own and 0700, else a fresh 0700 folder made by mkdtemp, removed
  at the end), named in the lock file.
- Windows: Python has no AF_UNIX there, so a named pipe (`\\\\.\\pipe\\idioten-…`, multiprocessing's), which
  refuses remote clients and whose default security lets only the creating account, SYSTEM and the
  administrators write to it: another account can at most open it for reading, and never sends the token.

Each connection is answered in a thread of its own with a time limit (CONNECTION_SECONDS), at most MAX_AT_ONCE
at a time: one that says nothing delays no other. The token keeps any other program of the account from
poking the window without reading the player's data folder; a wrong one is noted in the log.
"""

from __future__ import annotations

import os
import stat
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from idioten import log
from idioten.desktop.lock import read_lock_file

SOCKET_FILE = "handover.sock"
SHOWN, OPEN = "shown", "open"  # the first copy's answers
UNIX, PIPE = "unix", "pipe"  # the channel's kinds: a Unix-domain socket, or messages through a named pipe
PIPE_PREFIX = "\\\\.\\pipe\\idioten-"
ANSWER_SECONDS = 3.0  # how long the second start waits for its answer
CONNECTION_SECONDS = 2.0  # how long the first copy gives one connection to send its token
MAX_AT_ONCE = 8  # connections answered at the same time; more are closed unanswered
SOCKET_PATH_BYTES = 100  # sun_path: 104 bytes on macOS and the BSDs, 108 on Linux, with a final NUL
ANNOUNCE_TRIES = 40  # the second start reads the lock file this many times while the first still writes it
ANNOUNCE_PAUSE = 0.05
TOKEN_LIMIT = 128


class Address(NamedTuple):
    kind: str  # UNIX or PIPE
    where: str  # the socket's path, or the pipe's name


class Connection(Protocol):
    def receive(self, seconds: float) -> str: ...
    def send(self, text: str) -> None: ...
    def close(self) -> None: ...


def fits(path: Path) -> bool:
    return len(os.fsencode(str(path))) <= SOCKET_PATH_BYTES


def private_folder(path: Path) -> bool:
    """A folder of this account's own that no one else may enter (as $XDG_RUNTIME_DIR must be)."""
    try:
        found = os.stat(path)
    except OSError:
        return False
    return stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid() and found.st_mode & 0o077 == 0


def taken(path: Path) -> bool:
    """Something other than a socket lies at `path` (a file of the player's): it is never removed."""
    try:
        return not stat.S_ISSOCK(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False
    except OSError:
        return True


def choose_address(folder: Path, platform: str = sys.platform,
                   environ: Mapping[str, str] | None = None) -> tuple[Address, Path | None]:
    """Where this copy listens, and the private folder made for it (to remove at the end), if one was."""
    nonce = os.urandom(8).hex()
    if platform == "win32":
        return Address(PIPE, f"{PIPE_PREFIX}{os.getpid()}-{nonce}"), None
    environ = os.environ if environ is None else environ
    in_folder = Path(folder) / SOCKET_FILE
    if fits(in_folder) and not taken(in_folder):
        return Address(UNIX, str(in_folder)), None
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    if runtime and os.path.isabs(runtime) and private_folder(Path(runtime)):
        there = Path(runtime) / f"idioten-{nonce}.sock"
        if fits(there):
            return Address(UNIX, str(there)), None
    import tempfile

    made = Path(tempfile.mkdtemp(prefix="idioten-"))  # 0700, this account's own
    return Address(UNIX, str(made / "h.sock")), made


# -- the first copy's side -----------------------------------------------------------------------------------

class HandoverListener:
    """A thread accepting second starts on `address` (chosen for `folder` unless given), each answered in its
    own thread. `on_request()` is asked (in that thread) whether the window will come forward; it must only
    post work to the window's loop."""

    def __init__(self, folder: Path, on_request: Callable[[], bool], address: Address | None = None,
                 made: Path | None = None):
        self.on_request = on_request
        self.token = os.urandom(16).hex()  # as secrets.token_hex, without its imports (hmac, hashlib) at start
        if address is None:
            address, made = choose_address(folder)
        self.address, self._made = address, made
        self._closed = threading.Event()
        self._slots = threading.BoundedSemaphore(MAX_AT_ONCE)
        try:
            self._server: UnixServer | MessageServer = (UnixServer(address.where) if address.kind == UNIX
                                                        else MessageServer(address.where))
        except BaseException:
            self._remove_made()
            raise
        self._thread = threading.Thread(target=self._serve, name="idioten-handover", daemon=True)
        self._thread.start()

    def announcement(self) -> dict[str, object]:
        return {"channel": self.address.kind, "address": self.address.where, "token": self.token}

    def _serve(self) -> None:
        while not self._closed.is_set():
            try:
                connection = self._server.accept()
            except (OSError, EOFError):
                return  # closed
            if self._closed.is_set() or not self._slots.acquire(blocking=False):
                connection.close()  # closing down, or too many at once: no answer
                continue
            threading.Thread(target=self._answer_and_free, args=(connection,), name="idioten-handover-answer",
                             daemon=True).start()

    def _answer_and_free(self, connection: Connection) -> None:
        try:
            self._answer(connection)
        except (OSError, EOFError, ValueError):
            pass  # a second start that went away or sent nonsense: nothing to answer
        finally:
            connection.close()
            self._slots.release()

    def _answer(self, connection: Connection) -> None:
        said = connection.receive(CONNECTION_SECONDS)
        if said != self.token:
            log.note("desktop", "a handover was refused: %s", "no token in time" if not said else "a wrong token")
            return
        if self._closed.is_set():
            return
        try:
            shown = bool(self.on_request())
        except Exception:  # the window's side failed: the second start still gets its answer
            shown = False
        connection.send(SHOWN if shown else OPEN)

    def close(self) -> None:
        self._closed.set()
        self._server.close()
        self._remove_made()

    def _remove_made(self) -> None:
        if self._made is not None:
            try:
                os.rmdir(self._made)
            except OSError:
                pass


class SocketConnection:
    def __init__(self, sock: Any):
        self._socket = sock

    def receive(self, seconds: float) -> str:
        """One line of at most TOKEN_LIMIT bytes, within `seconds` in all (a sender of a byte at a time too)."""
        deadline = time.monotonic() + seconds
        data = b""
        while b"\n" not in data and len(data) < TOKEN_LIMIT:
            left = deadline - time.monotonic()
            if left <= 0:
                return ""
            self._socket.settimeout(left)
            try:
                chunk = self._socket.recv(TOKEN_LIMIT)
            except TimeoutError:
                return ""
            if not chunk:
                break
            data += chunk
        return data.split(b"\n", 1)[0].decode("ascii", "replace").strip()

    def send(self, text: str) -> None:
        self._socket.sendall(text.encode("ascii") + b"\n")

    def close(self) -> None:
        self._socket.close()


class UnixServer:
    """A Unix-domain socket at `path`, 0600, removed at the end (unless something else has taken its place)."""

    def __init__(self, path: str):
        import socket

        self.path = path
        remove_stale_socket(path)
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        # The umask is the process's: for this moment, a file another thread makes is private too (harmless).
        previous = os.umask(0o177)
        try:
            self._socket.bind(path)
        except OSError:
            self._socket.close()
            raise
        finally:
            os.umask(previous)
        os.chmod(path, 0o600)
        made = os.lstat(path)
        self._identity = (made.st_ino, made.st_dev)
        self._socket.listen(MAX_AT_ONCE)

    def accept(self) -> SocketConnection:
        connection, _ = self._socket.accept()
        return SocketConnection(connection)

    def close(self) -> None:
        import socket

        try:
            # close() alone would not wake the thread blocked in accept(); shutdown does, where the system
            # allows it on a listening socket (elsewhere the thread, a daemon, answers no one: _closed).
            self._socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._socket.close()
        try:
            found = os.lstat(self.path)
            if (found.st_ino, found.st_dev) == self._identity:
                os.unlink(self.path)
        except OSError:
            pass


def remove_stale_socket(path: str) -> None:
    """A socket left by a copy that was killed (the caller holds the folder's lock, so no copy uses it). Only
    a socket is removed: anything else at that path is the player's, and the bind then fails."""
    try:
        if stat.S_ISSOCK(os.lstat(path).st_mode):
            os.unlink(path)
    except OSError:
        pass


def message_family(where: str) -> str:
    """multiprocessing's family for an address: a named pipe on Windows; elsewhere (tests of this form) a
    Unix-domain socket carrying the same messages."""
    return "AF_PIPE" if where.startswith(PIPE_PREFIX) else "AF_UNIX"


class MessageConnection:
    def __init__(self, connection: Any):
        self._connection = connection

    def receive(self, seconds: float) -> str:
        if not self._connection.poll(seconds):
            return ""
        return bytes(self._connection.recv_bytes(TOKEN_LIMIT)).decode("ascii", "replace").strip()

    def send(self, text: str) -> None:
        self._connection.send_bytes(text.encode("ascii"))

    def close(self) -> None:
        self._connection.close()


class MessageServer:
    """Windows' channel: multiprocessing's listener on a named pipe (PIPE_REJECT_REMOTE_CLIENTS, the first
    instance of its name, the default security)."""

    def __init__(self, where: str):
        from multiprocessing import connection

        self.where = where
        self._listener = connection.Listener(where, family=message_family(where))

    def accept(self) -> MessageConnection:
        return MessageConnection(self._listener.accept())

    def close(self) -> None:
        self._listener.close()  # a thread still waiting in accept() is a daemon and answers no one (_closed)


# -- the second start's side ---------------------------------------------------------------------------------

def read_announcement(folder: Path) -> tuple[Address, str] | None:
    """The first copy's (address, token) from the lock file, or None if it is not (yet) there or not sound."""
    data = read_lock_file(folder)
    if data is None:
        return None
    kind, where, token = data.get("channel"), data.get("address"), data.get("token")
    if not isinstance(where, str) or not isinstance(token, str) or not 0 < len(token) <= 64 or len(where) > 300:
        return None
    if not token.isascii() or not token.isalnum():
        return None
    sound = ((kind == UNIX and os.path.isabs(where))
             or (kind == PIPE and (where.startswith(PIPE_PREFIX) or os.path.isabs(where))))
    return (Address(str(kind), where), token) if sound else None


def ask_first_copy(folder: Path, tries: int = ANNOUNCE_TRIES, pause: float = ANNOUNCE_PAUSE) -> str | None:
    """Ask the copy holding the folder to come forward: SHOWN, OPEN, or None when it could not be reached
    (it announces itself once its window shows its first frame)."""
    for _attempt in range(tries):
        announced = read_announcement(folder)
        if announced is not None:
            break
        time.sleep(pause)
    else:
        return None
    address, token = announced
    try:
        answer = ask_over_socket(address.where, token) if address.kind == UNIX else ask_by_message(address, token)
    except (OSError, EOFError, ValueError):
        return None
    return answer if answer in (SHOWN, OPEN) else None


def ask_over_socket(path: str, token: str) -> str:
    import socket

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(ANSWER_SECONDS)
        sock.connect(path)
        connection = SocketConnection(sock)
        connection.send(token)
        return connection.receive(ANSWER_SECONDS)


def ask_by_message(address: Address, token: str) -> str:
    from multiprocessing.connection import Client

    connection = MessageConnection(Client(address.where, family=message_family(address.where)))
    try:
        connection.send(token)
        return connection.receive(ANSWER_SECONDS)
    finally:
        connection.close()
