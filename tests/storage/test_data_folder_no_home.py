"""The data folder on every system, and a start with no home folder at all (issue 36, item 1).

Each system's answer is taken as input (its name as sys.platform gives it, its environment, the account's
home folder), so Windows' and macOS' forms are tested here on Linux. A sandbox with no HOME and a user id that
has no account entry has no home folder: the variables that name a folder are read first, and with none the
game plays without saving and says so once. The real start is tried in a child process under such a user id
(`setpriv`, as root only) with an empty environment, as `env -i` gives it.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from idioten.cli import desktop
from idioten.storage import files
from idioten.storage.files import NoDataFolder, data_dir, find_data_dir
from idioten.storage.store import MemoryStore, Store


def no_account() -> str | None:
    return None


def account(home: str):
    return lambda: home


# (system, environment, the account's home folder, the folder expected: None for none)
FOLDERS = [
    # Linux and the other Unix systems: XDG_DATA_HOME, else HOME, else the account entry.
    ("linux", {"XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"}, account("/home/ann"), "/xdg/idioten"),
    ("linux", {"XDG_DATA_HOME": "/xdg"}, no_account, "/xdg/idioten"),
    ("linux", {"XDG_DATA_HOME": "relative/ignored", "HOME": "/home/ann"}, no_account,
     "/home/ann/.local/share/idioten"),
    ("linux", {"HOME": "/home/ann"}, account("/elsewhere"), "/home/ann/.local/share/idioten"),
    ("linux", {}, account("/home/ann"), "/home/ann/.local/share/idioten"),
    ("linux", {"HOME": ""}, account("/home/ann"), "/home/ann/.local/share/idioten"),  # not the root folder
    ("linux", {"HOME": "relative"}, no_account, None),
    ("linux", {}, no_account, None),
    ("linux", {"XDG_DATA_HOME": "relative/ignored"}, no_account, None),
    ("freebsd14", {"XDG_DATA_HOME": "/xdg"}, no_account, "/xdg/idioten"),
    # macOS: no variable of its own; HOME, else the account entry.
    ("darwin", {"HOME": "/Users/ann"}, no_account, "/Users/ann/Library/Application Support/Idioten"),
    ("darwin", {}, account("/Users/ann"), "/Users/ann/Library/Application Support/Idioten"),
    ("darwin", {"XDG_DATA_HOME": "/xdg", "HOME": "/Users/ann"}, no_account,
     "/Users/ann/Library/Application Support/Idioten"),
    ("darwin", {"XDG_DATA_HOME": "/xdg"}, no_account, None),
    # Windows: APPDATA, else the profile (USERPROFILE, else HOMEDRIVE and HOMEPATH) with AppData\Roaming.
    ("win32", {"APPDATA": "/appdata"}, no_account, "/appdata/Idioten"),
    ("win32", {"APPDATA": "/appdata", "USERPROFILE": "/profile"}, no_account, "/appdata/Idioten"),
    ("win32", {"USERPROFILE": "/profile"}, no_account, "/profile/AppData/Roaming/Idioten"),
    ("win32", {"HOMEDRIVE": "/drive", "HOMEPATH": "/ann"}, no_account, "/drive/ann/AppData/Roaming/Idioten"),
    ("win32", {"HOME": "/home/ann"}, account("/home/ann"), None),  # Windows reads neither HOME nor pwd
    ("win32", {}, no_account, None),
    # IDIOTEN_DATA_DIR wins everywhere; "~" in it is the home folder, and with none there is no folder.
    ("linux", {"IDIOTEN_DATA_DIR": "/mine", "XDG_DATA_HOME": "/xdg"}, no_account, "/mine"),
    ("win32", {"IDIOTEN_DATA_DIR": "/mine"}, no_account, "/mine"),
    ("darwin", {"IDIOTEN_DATA_DIR": "/mine"}, no_account, "/mine"),
    ("linux", {"IDIOTEN_DATA_DIR": "~/games"}, account("/home/ann"), "/home/ann/games"),
    ("win32", {"IDIOTEN_DATA_DIR": "~/games", "USERPROFILE": "/profile"}, no_account, "/profile/games"),
    ("linux", {"IDIOTEN_DATA_DIR": "~/games"}, no_account, None),
]


@pytest.mark.parametrize("platform, environ, account_home, expected", FOLDERS)
def test_every_systems_folder_with_and_without_a_home_folder(platform, environ, account_home, expected):
    found = find_data_dir(platform, environ, account_home)
    assert found == (Path(expected) if expected is not None else None)


@pytest.fixture
def no_home(monkeypatch):
    """This process as a sandbox runs it: no HOME, no variable naming a folder, and a user id with no account
    entry (pwd.getpwuid raises KeyError, as it does for such an id)."""
    for name in ("HOME", "XDG_DATA_HOME", "IDIOTEN_DATA_DIR", "APPDATA", "USERPROFILE", "HOMEPATH"):
        monkeypatch.delenv(name, raising=False)

    def no_entry(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")
    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    monkeypatch.setattr(files.sys, "platform", "linux")


def test_without_a_home_folder_the_variable_naming_a_folder_is_used(no_home, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    store = Store.open()
    assert store.folder == tmp_path / "idioten" and store.notices == []
    assert store.change_setting("sound", "quiet") is None
    assert json.loads((tmp_path / "idioten" / "settings.json").read_text())["sound"] == "quiet"


def test_with_no_folder_at_all_play_goes_on_in_memory_and_says_so_once(no_home, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # a store that wrote anyway would most likely write here
    with pytest.raises(NoDataFolder):
        data_dir()
    store = Store.open()
    assert type(store) is MemoryStore
    assert [notice.key for notice in store.notices] == ["store.no_folder"]
    assert "not saved" in store.notices[0].text()
    assert store.change_setting("sound", "quiet") is None and store.settings.sound == "quiet"
    store.reset_stats()
    point = store.stats_point()
    assert point is not None and store.save_file(point.file, point.document) is None
    assert list(tmp_path.iterdir()) == []


def test_the_desktop_start_with_no_folder_runs_the_window_without_a_lock(no_home, monkeypatch):
    given = []
    monkeypatch.setattr(desktop.lock, "lock_folder", lambda folder: pytest.fail("no folder to lock"))
    assert desktop.play(lambda folder, shown, unsaved: given.append(folder) or 0) == 0
    assert given == [None]


def test_the_desktop_start_with_no_folder_says_a_crash_in_one_line(no_home, capsys):
    def crash(folder, shown, unsaved):
        raise ValueError("a bug")
    assert desktop.play(crash) == desktop.EXIT_CRASHED
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ValueError" in err and "Traceback" not in err


# -- the real start, as a user id with no account entry -------------------------------------------------------

CHILD = Path(__file__).resolve().parents[1] / "desktop" / "desktop_child.py"
HANG = 120  # seconds: far beyond a start on a busy machine; reached only if something hangs


def free_user_id() -> int:
    for uid in range(54321, 54421):
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid
    pytest.skip("every user id tried has an account entry")


def start_as_nobody_known(folder: Path, extra_env: dict[str, str]) -> tuple[subprocess.CompletedProcess, dict]:
    """The game started by a user id with no account entry, in an environment holding only what it is given
    (as `env -i` leaves it), playing one move (tests/desktop_child.py) and quitting."""
    uid = free_user_id()
    signals = folder / "signals"
    signals.mkdir(mode=0o777)
    signals.chmod(0o777)
    env = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **extra_env}
    process = subprocess.Popen(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable,
                                str(CHILD), "wait", str(signals)], env=env, cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + HANG
        while not (signals / "ready").exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        ready = json.loads((signals / "ready").read_text()) if (signals / "ready").exists() else {}
        (signals / "quit").write_text("")
        out, err = process.communicate(timeout=HANG)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err), ready


needs_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("setpriv") is None,
                                reason="only root can start a process as a user id with no account entry")


@pytest.fixture
def open_folder():
    """A folder the other user id may write in (pytest's own tmp_path is closed to it)."""
    folder = Path(tempfile.mkdtemp(prefix="idioten-no-home-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@needs_root
def test_a_start_with_no_home_saves_in_the_folder_xdg_data_home_names(open_folder):
    data = open_folder / "xdg"
    data.mkdir(mode=0o777)
    data.chmod(0o777)
    done, ready = start_as_nobody_known(open_folder, {"XDG_DATA_HOME": str(data)})
    assert (done.returncode, ready) == (0, {"moves": 1, "notices": []}), done.stderr
    assert "Traceback" not in done.stderr
    assert len(json.loads((data / "idioten" / "game.json").read_text())["history"]) == 1


@needs_root
def test_a_start_with_no_folder_at_all_plays_without_saving_and_says_so(open_folder):
    done, ready = start_as_nobody_known(open_folder, {})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert ready["moves"] == 1
    assert ready["notices"] == ["This system names no folder to save in (no home folder): play goes on, but is "
                                "not saved."]
    assert sorted(p.name for p in open_folder.rglob("*")) == ["quit", "ready", "signals"]
