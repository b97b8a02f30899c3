"""Files of the storage layer: where they live, atomic writes, careful reads. No pygame here.

- `find_data_dir()`: the user's data folder, or None where the system names none. `IDIOTEN_DATA_DIR`
  overrides it; otherwise the platform's equivalent of pygame's `get_pref_path("", "Idioten")`: Windows
  `%APPDATA%\\Idioten` (else `Idioten` under the profile: `%USERPROFILE%\\AppData\\Roaming`), macOS
  `~/Library/Application Support/Idioten`, elsewhere `$XDG_DATA_HOME/idioten` or `~/.local/share/idioten`.
  The variables that name a folder are read before the home folder is looked for, and the home folder is
  `HOME` (on Windows the profile variables), else the account's entry (`pwd`): a sandbox with neither and no
  variable (no HOME, a user id with no account) has no folder, and the game plays without saving.
  `data_dir()` is the same, raising `NoDataFolder` instead of giving None. The folder is created only when
  something is first written.
- `write_json_atomic(path, data)`: temporary file in the same folder, flush, fsync, rename over the old file
  (and fsync the folder). A crash or kill -9 at any point leaves either the old file or the new one, never a
  mix. Any failure (read-only folder, disk full) raises `StoreError`, whose `.notice` is a one-line
  player-facing warning; the old file is untouched.
- `read_json(path, expected_format, max_version) -> (data | None, notices)`: a missing file gives
  `(None, [])`. A file this account may not read (its permissions) "cannot be read": it is left where it
  is, with a notice whose `keeps_file` is set. A file that cannot be used (empty, truncated, malformed, wrong
  type, wrong format, too large, or not a regular file at all: a FIFO, a device, a folder, which is never
  opened for reading) is
  renamed aside to `<stem>.bad-YYYYmmdd-HHMMSS[-n]<suffix>`, one from a newer version of the program to
  `<stem>.newer-...`, and `(None, [notice])` comes back. Nothing is ever deleted or overwritten: a player
  (or a newer program) can rename the file back. If it cannot even be moved aside, the notice has
  `keeps_file` set and callers must not write to that path in this session.
- `set_aside(path, tag)`: the same renaming, for callers whose own checks (schema, replay) reject a file.

Every file is a JSON object `{"format": "idioten-...", "version": 1, ...}`.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from idioten import i18n

# A JSON object as json.load gives it back: its values are whatever the file held, so every reader checks
# each value it takes before it trusts it (a damaged file is set aside, never half-read).
JsonObject = dict[str, Any]

ENV_DATA_DIR = "IDIOTEN_DATA_DIR"
APP_NAME = "Idioten"
MAX_FILE_BYTES = 4 * 1024 * 1024  # a real save is a few kilobytes; anything this big is not ours
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60


@dataclass(frozen=True)
class Notice:
    """A one-line message for the player: an i18n key and its parameters, worded by `.text()` in the language
    current when it is shown. A parameter named `x_key` holds a text key and fills `{x}` in its translation;
    one named `x_parts` holds notices, which fill `{x}` worded and joined by commas."""
    key: str
    params: dict[str, object] = field(default_factory=dict)
    keeps_file: bool = False  # a bad file that could not be moved aside: do not write over it

    def text(self) -> str:
        params = {name.removesuffix("_key").removesuffix("_parts"): _worded(name, value)
                  for name, value in self.params.items()}
        return i18n.t(self.key, **params)


@dataclass(frozen=True)
class SavePoint:
    """A file to write and its whole new document: what a change leaves to write, handed to the window's one
    writer thread (or written at once where there is no window)."""

    file: str
    document: JsonObject


def _worded(name: str, value: object) -> object:
    """A parameter as the text shows it: `x_key` a text key, translated; `x_parts` a sequence of notices (or
    plain names), each worded and joined by commas; anything else as it is."""
    if name.endswith("_key"):
        return i18n.t(str(value))
    if name.endswith("_parts") and isinstance(value, (list, tuple)):
        return ", ".join(part.text() if isinstance(part, Notice) else str(part) for part in value)
    return value


class StoreError(Exception):
    """Saving failed; nothing on disk changed. `.notice` is what the window shows; play goes on in memory."""

    def __init__(self, notice: Notice, detail: str = ""):
        super().__init__(detail or notice.key)
        self.notice = notice


class NoDataFolder(RuntimeError):
    """The system names no folder for the player's files (no home folder, no variable naming one)."""


def find_data_dir(platform: str | None = None, environ: Mapping[str, str] | None = None,
                  account_home: Callable[[], str | None] | None = None) -> Path | None:
    """The data folder on `platform` (sys.platform's names) with `environ`, the account's home folder as
    `account_home()` gives it; each the running system's unless given (tests give every system's)."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    account_home = account_home or _account_home
    override = environ.get(ENV_DATA_DIR)
    if override:
        if not override.startswith("~"):
            return Path(override)
        if override == "~" or override[1] in "/\\":
            home = _home(platform, environ, account_home)
            return home / override[2:] if home is not None else None
        named = os.path.expanduser(override)  # "~name/...": that account's folder, if it has one
        return Path(named) if not named.startswith("~") else None
    if platform == "win32":
        base = environ.get("APPDATA")
        if base:
            return Path(base) / APP_NAME
        home = _home(platform, environ, account_home)
        return home / "AppData" / "Roaming" / APP_NAME if home is not None else None
    xdg = environ.get("XDG_DATA_HOME", "")
    # The XDG spec says a relative value is invalid and must be ignored; macOS has no such variable.
    if platform != "darwin" and xdg and os.path.isabs(xdg):
        return Path(xdg) / APP_NAME.lower()
    home = _home(platform, environ, account_home)
    if home is None:
        return None
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP_NAME
    return home / ".local" / "share" / APP_NAME.lower()


def data_dir() -> Path:
    folder = find_data_dir()
    if folder is None:
        raise NoDataFolder("no home folder, and no variable names a data folder")
    return folder


def _home(platform: str, environ: Mapping[str, str], account_home: Callable[[], str | None]) -> Path | None:
    """The home folder as Path.home() finds it, but None where it has none (Path.home() raises then, and
    takes an empty HOME for the root folder)."""
    if platform == "win32":
        profile, path = environ.get("USERPROFILE"), environ.get("HOMEPATH")
        return Path(profile) if profile else Path(environ.get("HOMEDRIVE", "") + path) if path else None
    for home in (environ.get("HOME"), account_home()):
        if home and os.path.isabs(home):
            return Path(home)
    return None


def _account_home() -> str | None:
    """The home folder in the account's entry, None for a user id with no entry (a container, a sandbox)."""
    try:
        import pwd
    except ImportError:  # Windows has no account entries of this kind
        return None
    try:
        return pwd.getpwuid(os.getuid()).pw_dir
    except (KeyError, OSError):
        return None


def write_json_atomic(path: Path, data: JsonObject) -> None:
    path = Path(path)
    payload = (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    temp_name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        _replace(temp_name, path)
        temp_name = None
        _fsync_folder(path.parent)
    except OSError as err:
        raise StoreError(Notice("store.write_failed." + _why(err), {"folder": str(path.parent)}),
                         f"cannot write {path}: {err}") from None
    finally:
        if temp_name is not None:
            try:
                os.unlink(temp_name)
            except OSError:
                pass


def _replace(source: str, target: Path) -> None:
    """os.replace, retried briefly on Windows, where a virus scanner or indexer may hold the old file open."""
    attempts = 5 if sys.platform == "win32" else 1
    for attempt in range(attempts):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.02)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable. POSIX only; Windows has no folder handles to fsync."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems refuse fsync on folders; the data itself is already synced
    finally:
        os.close(handle)


def _why(err: OSError) -> str:
    """The kind of write failure, as the suffix of a store.write_failed.* text."""
    kinds = {errno.EACCES: "denied", errno.EPERM: "denied", errno.EROFS: "readonly", errno.ENOSPC: "full",
             getattr(errno, "EDQUOT", errno.ENOSPC): "full"}  # no EDQUOT on Windows
    return kinds.get(err.errno, "other")


def read_json(path: Path, expected_format: str, max_version: int) -> tuple[JsonObject | None, list[Notice]]:
    path = Path(path)
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        return None, []
    except PermissionError:
        if os.path.isdir(path):  # how Windows refuses to open a folder: a folder in its place, set aside
            return None, [set_aside(path, "bad")]
        # The player's own file, which this account may not read: nothing is wrong with it that we know of.
        # Left where it is, and never written over this session (a save would lose what it holds).
        return None, [Notice("store.file_unreadable", {"file": path.name}, keeps_file=True)]
    except OSError:  # unreadable, or not a regular file (a FIFO, a device, a folder): never read, set aside
        return None, [set_aside(path, "bad")]
    problem = _check_document(raw, expected_format, max_version)
    if problem is None:
        return json.loads(raw), []
    return None, [set_aside(path, problem)]


class NotARegularFile(OSError):
    """A FIFO, a device, a socket or a folder where a saved file should be."""


def read_regular_file(path: Path, limit: int) -> bytes:
    """At most `limit` bytes of the file, which must be a regular one. A FIFO named game.json would block
    the start before the window opens (and a device could be read forever), so the file is opened without
    waiting (O_NONBLOCK: a FIFO's open returns at once), checked on the open handle (no race with a rename),
    and refused with NotARegularFile unless it is a plain file."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    handle = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise NotARegularFile(errno.EINVAL, "not a regular file", str(path))
        if hasattr(os, "set_blocking"):
            os.set_blocking(handle, True)
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)


def _check_document(raw: bytes, expected_format: str, max_version: int) -> str | None:
    """None if usable, else the tag for the renamed file: 'bad' or 'newer'."""
    if len(raw) > MAX_FILE_BYTES:
        return "bad"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "bad"
    if not isinstance(data, dict) or data.get("format") != expected_format:
        return "bad"
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return "bad"
    return "newer" if version > max_version else None


def set_aside(path: Path, tag: str = "bad", now: time.struct_time | None = None) -> Notice:
    """Rename a file we cannot use to a free timestamped name beside it; the notice says what happened."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", now or time.localtime())
    reason_key = "store.newer_file" if tag == "newer" else "store.bad_file"
    for attempt in range(1, 1000):
        extra = "" if attempt == 1 else f"-{attempt}"
        aside = path.with_name(f"{path.stem}.{tag}-{stamp}{extra}{path.suffix}")
        if os.path.lexists(aside):
            continue  # never overwrite an earlier bad file: it may be the one worth rescuing
        try:
            os.rename(path, aside)
        except FileExistsError:
            continue
        except OSError:
            break
        return Notice(reason_key, {"file": path.name, "aside": aside.name})
    return Notice("store.bad_file_kept", {"file": path.name}, keeps_file=True)


def remove_stale_temp_files(folder: Path, now: float | None = None) -> None:
    """Temporary files left by a killed process are useless; old ones are removed (never a real file)."""
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        # Our temporary names look like ".game.json.k3j4h5.tmp" (see write_json_atomic).
        if entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX) and ".json." in entry.name:
            try:
                if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime > STALE_TEMP_SECONDS:
                    os.unlink(entry.path)
            except OSError:
                pass
