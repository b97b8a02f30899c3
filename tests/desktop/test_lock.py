"""The data folder's lock in one process: flock on Linux, Windows' msvcrt.locking and its reparse points simulated
by the system's answers, and every lock file that is not the folder's own plain file refused (a link, a folder,
a FIFO, a second name). The handover channel is tests/desktop/test_channel.py; real processes are in
tests/desktop/test_desktop_start.py."""

from __future__ import annotations

import errno
import io
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from idioten.desktop.lock import LOCK_FILE, REPARSE_POINT, WINDOWS_LOCK_OFFSET, Locker, lock_folder, read_lock_file


class FakeMsvcrt:
    """msvcrt.locking as Windows answers it: a byte range locked by one handle; another handle's LK_NBLCK on it
    fails at once with EACCES; LK_UNLCK frees it. The range starts at the handle's current position."""

    LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = 0, 1, 2, 3, 4

    def __init__(self):
        self.locked: dict[tuple[int, int], int] = {}
        self.calls = []

    def locking(self, handle, mode, nbytes):
        where = os.lseek(handle, 0, os.SEEK_CUR)
        key = (os.fstat(handle).st_ino, where)
        self.calls.append((mode, where, nbytes))
        if mode == self.LK_NBLCK:
            if key in self.locked and self.locked[key] != handle:
                raise PermissionError(errno.EACCES, "Permission denied")
            self.locked[key] = handle
        elif mode == self.LK_UNLCK:
            if self.locked.get(key) != handle:
                raise PermissionError(errno.EACCES, "Permission denied")
            del self.locked[key]


def test_a_second_lock_on_the_folder_finds_the_first(tmp_path):
    first = lock_folder(tmp_path)
    try:
        assert first.held and not first.other_copy
        second = lock_folder(tmp_path)  # flock: another open file description, refused as another process is
        assert second.other_copy and not second.held
    finally:
        first.release()
    third = lock_folder(tmp_path)
    assert third.held
    third.release()


def test_windows_locks_a_byte_past_the_text_so_the_second_start_can_read_it(tmp_path):
    fake = FakeMsvcrt()
    windows = Locker("win32", msvcrt=fake)
    first = lock_folder(tmp_path, windows)
    assert first.held and fake.calls == [(fake.LK_NBLCK, WINDOWS_LOCK_OFFSET, 1)]
    first.announce({"channel": "pipe", "token": "t" * 32})
    assert len((tmp_path / LOCK_FILE).read_bytes()) < WINDOWS_LOCK_OFFSET
    second = lock_folder(tmp_path, windows)
    assert second.other_copy and read_lock_file(tmp_path)["channel"] == "pipe"
    first.release()
    assert fake.locked == {} and fake.calls[-1] == (fake.LK_UNLCK, WINDOWS_LOCK_OFFSET, 1)
    again = lock_folder(tmp_path, windows)
    assert again.held
    again.release()


@pytest.mark.parametrize("error", [errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)])
def test_windows_answers_meaning_locked_by_another(tmp_path, error):
    def locking(handle, mode, nbytes):
        raise OSError(error, "locked")
    windows = Locker("win32", msvcrt=SimpleNamespace(locking=locking, LK_NBLCK=2, LK_UNLCK=0))
    assert lock_folder(tmp_path, windows).other_copy


def test_a_file_system_without_locks_refuses_the_lock(tmp_path):
    def flock(handle, how):
        raise OSError(errno.ENOLCK, "No locks available")
    unix = Locker("linux", fcntl=SimpleNamespace(flock=flock, LOCK_EX=2, LOCK_NB=4, LOCK_UN=8))
    found = lock_folder(tmp_path, unix)
    assert found.refused and not found.held and not found.other_copy and found.reason == "No locks available"


def test_a_folder_where_no_lock_file_can_be_made_refuses_the_lock(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    found = lock_folder(blocked / "data")
    assert found.refused and found.reason
    found.release()


def test_a_link_in_the_locks_place_is_not_followed(tmp_path):
    precious = tmp_path / "letter.txt"
    precious.write_text("Dear Anna")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / LOCK_FILE).symlink_to(precious)
    found = lock_folder(folder)
    assert found.refused and not found.held
    found.announce({"token": "x"})  # nothing to announce through: the copy plays without saving
    assert precious.read_text() == "Dear Anna"
    (folder / LOCK_FILE).unlink()
    (folder / LOCK_FILE).symlink_to(tmp_path / "nothing-yet")  # a dangling link: no file made at its end
    assert lock_folder(folder).refused and not (tmp_path / "nothing-yet").exists()


@pytest.mark.parametrize("make", [lambda path: path.mkdir(), lambda path: os.mkfifo(path),
                                  lambda path: os.link(path.parent.parent / "other.txt", path)],
                         ids=["folder", "fifo", "second name"])
def test_a_lock_file_that_is_not_the_folders_own_plain_file_is_refused(tmp_path, make):
    (tmp_path / "other.txt").write_text("the player's")
    folder = tmp_path / "data"
    folder.mkdir()
    make(folder / LOCK_FILE)
    found = lock_folder(folder)  # a FIFO must not hold the start either: this returns
    assert found.refused and found.reason
    assert (tmp_path / "other.txt").read_text() == "the player's"


def windows_stat(attributes: int, inode: int = 0, device: int = 0) -> SimpleNamespace:
    return SimpleNamespace(st_file_attributes=attributes, st_ino=inode, st_dev=device)


def test_windows_refuses_a_reparse_point_before_opening_it(tmp_path):
    """os.open follows links on Windows: what lies at the path is asked first (os.lstat's st_file_attributes),
    and a reparse point (a symbolic link, a junction) is refused unopened."""
    fake = FakeMsvcrt()
    asked = []

    def lstat(path):
        asked.append(path)
        return windows_stat(REPARSE_POINT)
    found = lock_folder(tmp_path, Locker("win32", msvcrt=fake, lstat=lstat))
    assert found.refused and asked == [tmp_path / LOCK_FILE] and fake.calls == []
    assert not (tmp_path / LOCK_FILE).exists()  # not even made

    plain = lock_folder(tmp_path, Locker("win32", msvcrt=fake, lstat=lambda path: windows_stat(0x80)))
    assert plain.held  # FILE_ATTRIBUTE_NORMAL: the lock is taken
    plain.release()


def test_windows_refuses_a_lock_file_swapped_while_it_was_opened(tmp_path):
    (tmp_path / LOCK_FILE).write_text("")
    real = os.stat(tmp_path / LOCK_FILE)
    swapped = Locker("win32", msvcrt=FakeMsvcrt(), lstat=lambda path: windows_stat(0x20, real.st_ino + 1, real.st_dev))
    assert lock_folder(tmp_path, swapped).refused
    same = Locker("win32", msvcrt=FakeMsvcrt(), lstat=lambda path: windows_stat(0x20, real.st_ino, real.st_dev))
    found = lock_folder(tmp_path, same)
    assert found.held
    found.release()


def test_the_second_start_tells_in_one_line_and_a_box_where_a_screen_is(monkeypatch):
    pygame = pytest.importorskip("pygame")
    from idioten.desktop import handover

    shown, err = [], io.StringIO()
    assert handover.tell_already_open("Idioten", "already open", "idioten: already open", err, {},
                                      lambda title, text, message_type: shown.append((title, text)))
    assert err.getvalue() == "idioten: already open\n" and shown == [("Idioten", "already open")]
    err = io.StringIO()
    assert not handover.tell_already_open("Idioten", "x", "idioten: already open", err,
                                          {"SDL_VIDEODRIVER": "dummy"}, lambda *a, **k: shown.append(a))
    assert err.getvalue().count("\n") == 1 and len(shown) == 1

    def fails(*args, **kwargs):
        raise pygame.error("no message box here")
    err = io.StringIO()
    assert not handover.tell_already_open("Idioten", "x", "line", err, {}, fails)
    assert err.getvalue() == "line\nidioten: no message box: no message box here\n"  # the reason, for a report


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the box's own process group is the forking systems'")
def test_a_box_the_forked_child_could_not_show_is_an_error_with_sdls_words(monkeypatch):
    # The child's failure used to end in a silent exit status: the second start went on as if the box had been
    # shown and closed, and nobody learnt why (tests/desktop/test_box.py once saw no box on a busy core).
    pygame = pytest.importorskip("pygame")
    from idioten.desktop import handover

    def no_display(title, text, message_type="info"):  # the forked child runs this copy of the function
        raise pygame.error("Couldn't open X11 display")

    monkeypatch.setattr(pygame.display, "message_box", no_display)
    with pytest.raises(pygame.error, match="Couldn't open X11 display"):
        handover.show_box_in_own_group("Idioten", "already open")
    err = io.StringIO()
    assert not handover.tell_already_open("Idioten", "already open", "line", err, {},
                                          handover.show_box_in_own_group)
    assert err.getvalue() == "line\nidioten: no message box: Couldn't open X11 display\n"

    monkeypatch.setattr(pygame.display, "message_box", lambda title, text, message_type="info": None)
    handover.show_box_in_own_group("Idioten", "already open")  # a box shown and closed: no error


def test_the_window_comes_forward_only_once_ready_and_where_the_system_allows(monkeypatch):
    import pygame

    from idioten.desktop import handover

    pygame.display.init()
    pygame.event.clear()
    handover.not_ready()
    assert not handover.asked_to_come_forward() and not pygame.event.peek(handover.COME_FORWARD)
    handover.ready()
    try:
        assert not handover.asked_to_come_forward()  # the dummy driver: nothing to raise, so the second says it
        assert pygame.event.peek(handover.COME_FORWARD)
        monkeypatch.setattr(handover, "driver", lambda: "windows")
        assert handover.asked_to_come_forward()
        raised = []
        window = SimpleNamespace(restore=lambda: raised.append("restore"), focus=lambda: raised.append("focus"))
        assert handover.handle(window, pygame.event.Event(handover.COME_FORWARD)) and raised == ["restore", "focus"]
        assert not handover.handle(window, pygame.event.Event(pygame.KEYDOWN, key=0))
    finally:
        handover.not_ready()
        pygame.event.clear()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("setpriv") is None,
                    reason="needs root, to start a child as another user with setpriv")
def test_a_lock_file_this_account_may_not_open_is_refused_not_taken_for_another_copy():
    """EACCES: a lock file of another account's (mode 0644) in a folder this one may enter. A real process of
    another user id finds the lock refused, with the system's reason, and writes nothing."""
    folder = Path(tempfile.mkdtemp(prefix="idioten-eacces-"))
    try:
        folder.chmod(0o755)
        (folder / LOCK_FILE).write_text("")
        (folder / LOCK_FILE).chmod(0o644)
        code = ("import sys\nfrom pathlib import Path\nfrom idioten.desktop.lock import lock_folder\n"
                "found = lock_folder(Path(sys.argv[1]))\nprint(found.refused, found.other_copy, found.reason)\n")
        done = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable,
                               "-c", code, str(folder)], capture_output=True, text=True, timeout=120,
                              env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2])))
        assert done.stdout.strip() == "True False Permission denied", done.stderr
        assert (folder / LOCK_FILE).read_text() == ""
    finally:
        shutil.rmtree(folder)
