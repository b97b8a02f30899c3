"""One running game per data folder. No pygame here.

Two copies on one folder would each write their own game and statistics over the other's, and the last to
quit would win. So the window's program takes an OS lock on `running.lock` in the data folder before it
reads anything: `fcntl.flock` on Unix, `msvcrt.locking` on Windows. The system drops the lock when the
process ends, however it ends, so a copy that crashed or was killed never leaves the folder locked: the file
itself may stay, locked by no one, and is simply locked again by the next start.

The lock file is written into (desktop/channel.py announces there how a second start reaches this copy), so
it must be the folder's own plain file: it is opened without following a symbolic link (O_NOFOLLOW; on
Windows, where os.open follows links, a reparse point is refused before the open and the opened file checked
against it), and a handle that is not a regular file with one name is let go. A lock that cannot be taken for
any reason but "another copy holds it" (a link, a folder or a device in its place, no permission, a file
system without locks) makes the copy `refused`: it plays without saving and says so, because it cannot know
that it is the only one. On Windows the locked byte lies far past the text, so the text stays readable by the
second start while its region is locked.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from idioten.storage.files import read_regular_file

LOCK_FILE = "running.lock"
WINDOWS_LOCK_OFFSET = 1 << 20  # the byte locked on Windows: beyond the JSON, which others must read
REPARSE_POINT = 0x400  # FILE_ATTRIBUTE_REPARSE_POINT: a symbolic link or a junction on Windows


class FolderLock:
    """The lock on a data folder: held (`held`), found held by another copy (`other_copy`), or not to be
    taken at all (`refused`, with the system's reason in `reason`): that copy must not save."""

    def __init__(self, path: Path, handle: int | None, held: bool, other_copy: bool, locker: "Locker",
                 reason: str = ""):
        self.path = path
        self._handle = handle
        self.held = held
        self.other_copy = other_copy
        self.reason = reason
        self._locker = locker

    @property
    def refused(self) -> bool:
        return not self.held and not self.other_copy

    def announce(self, fields: dict[str, object]) -> None:
        """Tell a second start where to find this copy (JSON, with this process's id). Best effort: without
        it, the second still knows the folder is locked and says so."""
        if not self.held or self._handle is None:
            return
        text = json.dumps({"pid": os.getpid(), **fields}).encode("ascii")
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
    tests can stand in for Windows' answers on Linux), and how the lock file is opened there (`lstat`: the
    system's answer on what lies at the path, given so tests can stand in for a Windows reparse point)."""

    def __init__(self, platform: str = sys.platform, msvcrt: ModuleType | None = None, fcntl: ModuleType | None = None,
                 lstat: Callable[[Path], os.stat_result] = os.lstat):
        self.windows = platform == "win32"
        self.lstat = lstat
        if self.windows:
            self._msvcrt = msvcrt if msvcrt is not None else __import__("msvcrt")
        else:
            self._fcntl = fcntl if fcntl is not None else __import__("fcntl")

    def open(self, path: Path) -> int:
        """The lock file opened for writing, never through a link; OSError if it cannot be, or is not the
        folder's own plain file."""
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOINHERIT", 0)
        before = None
        if self.windows:
            try:
                before = self.lstat(path)
            except FileNotFoundError:
                before = None
            if before is not None and getattr(before, "st_file_attributes", 0) & REPARSE_POINT:
                raise OSError(errno.ELOOP, "the lock file is a link (a reparse point)", str(path))
        else:
            # O_NONBLOCK: a FIFO in the lock's place must not hold the start; the lock itself never blocks.
            flags |= os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
        handle = os.open(path, flags, 0o600)
        try:
            found = os.fstat(handle)
            if not stat.S_ISREG(found.st_mode):
                raise OSError(errno.EINVAL, "the lock file is not a plain file", str(path))
            if found.st_nlink > 1:  # a hard link: writing the lock would write another of the player's files
                raise OSError(errno.EMLINK, "the lock file has other names", str(path))
            if before is not None and (before.st_ino, before.st_dev) != (found.st_ino, found.st_dev) \
                    and before.st_ino:
                raise OSError(errno.ELOOP, "the lock file changed while it was opened", str(path))
        except OSError:
            os.close(handle)
            raise
        return handle

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
    """Take the folder's lock, find that another copy holds it, or find that it cannot be taken."""
    locker = locker or Locker()
    path = Path(folder) / LOCK_FILE
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        handle = locker.open(path)
    except OSError as err:
        return FolderLock(path, None, held=False, other_copy=False, locker=locker, reason=describe(err))
    try:
        held = locker.try_lock(handle)
    except OSError as err:  # a file system without locks (some network shares)
        os.close(handle)
        return FolderLock(path, None, held=False, other_copy=False, locker=locker, reason=describe(err))
    if not held:
        os.close(handle)
    return FolderLock(path, handle if held else None, held=held, other_copy=not held, locker=locker)


def describe(error: OSError) -> str:
    """The system's reason, in its own words ("Too many levels of symbolic links")."""
    return error.strerror or type(error).__name__


def read_lock_file(folder: Path) -> dict[str, object] | None:
    """What the copy holding the folder announced in the lock file, or None if it is not (yet) there."""
    try:
        data = json.loads(read_regular_file(Path(folder) / LOCK_FILE, 4096).decode("ascii"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None
