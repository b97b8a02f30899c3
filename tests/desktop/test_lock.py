"""The data folder's lock and the handover channel, in one process: flock on Linux, Windows' msvcrt.locking
simulated by its answers, the loopback listener and its token, and an announcement that cannot be read."""

from __future__ import annotations

import errno
import io
import json
import os
import socket
import subprocess
import sys
import textwrap
import threading
from types import SimpleNamespace

import pytest

from idioten.desktop import lock
from idioten.desktop.lock import (
    LOCK_FILE,
    LOOPBACK,
    OPEN,
    SHOWN,
    WINDOWS_LOCK_OFFSET,
    HandoverListener,
    Locker,
    ask_first_copy,
    lock_folder,
    read_announcement,
)


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
    first.announce(4242, "t" * 32)
    assert len((tmp_path / LOCK_FILE).read_bytes()) < WINDOWS_LOCK_OFFSET
    second = lock_folder(tmp_path, windows)
    assert second.other_copy and read_announcement(tmp_path)[0] == 4242
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


def test_a_file_system_without_locks_lets_the_game_open(tmp_path):
    def flock(handle, how):
        raise OSError(errno.ENOLCK, "no locks available")
    unix = Locker("linux", fcntl=SimpleNamespace(flock=flock, LOCK_EX=2, LOCK_NB=4, LOCK_UN=8))
    found = lock_folder(tmp_path, unix)
    assert not found.held and not found.other_copy


def test_a_folder_where_no_lock_file_can_be_made_lets_the_game_open(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    found = lock_folder(blocked / "data")
    assert not found.held and not found.other_copy
    found.release()


def test_the_handover_answers_the_token_only_and_stays_on_loopback(tmp_path):
    asked = []
    listener = HandoverListener(lambda: asked.append(1) or True)
    held = lock_folder(tmp_path)
    try:
        held.announce(listener.port, listener.token)
        assert listener._socket.getsockname()[0] == LOOPBACK
        assert ask_first_copy(tmp_path) == SHOWN and asked == [1]
        with socket.create_connection((LOOPBACK, listener.port), timeout=5) as wrong:
            wrong.sendall(b"not the token\n")
            assert wrong.recv(16) == b""  # closed without an answer or a call
        assert asked == [1]
        listener.on_request = lambda: False
        assert ask_first_copy(tmp_path) == OPEN
        listener.on_request = lambda: 1 / 0  # the window's side failing still answers
        assert ask_first_copy(tmp_path) == OPEN
    finally:
        listener.close()
        held.release()
    assert ask_first_copy(tmp_path, tries=1, pause=0) is None  # nobody listening


def test_the_handover_needs_no_codec_the_executable_leaves_out(tmp_path):
    """The executable leaves `unicodedata` out (build.spec), and with it the "idna" codec that looking a host up
    by name encodes with: both sides of the handover, run where that module cannot load, still answer."""
    code = textwrap.dedent(f"""
        import sys
        sys.modules["unicodedata"] = None  # as in the executable: importing it fails
        from pathlib import Path
        from idioten.desktop.lock import SHOWN, HandoverListener, ask_first_copy, lock_folder
        folder = Path({str(tmp_path)!r})
        listener = HandoverListener(lambda: True)
        held = lock_folder(folder)
        held.announce(listener.port, listener.token)
        print(ask_first_copy(folder) == SHOWN, "encodings.idna" in sys.modules)
        listener.close()
        held.release()
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.split() == ["True", "False"], done.stderr


@pytest.mark.parametrize("text", [b"", b"{", b"[]", b'{"port": "80", "token": "x"}', b'{"port": 0, "token": "x"}',
                                  b'{"port": 70000, "token": "x"}', b'{"port": 5, "token": 7}',
                                  b'{"port": true, "token": "x"}', "\u00e9".encode("latin-1")])
def test_an_announcement_that_cannot_be_read_is_no_answer(tmp_path, text):
    (tmp_path / LOCK_FILE).write_bytes(text)
    assert read_announcement(tmp_path) is None
    assert ask_first_copy(tmp_path, tries=2, pause=0) is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_as_lock_file_is_not_read(tmp_path):
    os.mkfifo(tmp_path / LOCK_FILE)
    assert read_announcement(tmp_path) is None


def test_the_second_start_waits_for_an_announcement_still_being_written(tmp_path):
    listener = HandoverListener(lambda: True)
    announced = threading.Event()
    reads = []
    real = lock.read_announcement

    def late(folder):
        reads.append(1)
        if len(reads) == 3:  # the first copy finishes writing between the second's reads
            (tmp_path / LOCK_FILE).write_text(json.dumps({"pid": 1, "port": listener.port, "token": listener.token}))
            announced.set()
        return real(folder)
    try:
        lock.read_announcement, saved = late, lock.read_announcement
        assert ask_first_copy(tmp_path, tries=5, pause=0) == SHOWN and len(reads) == 3
    finally:
        lock.read_announcement = saved
        listener.close()


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
    assert not handover.tell_already_open("Idioten", "x", "line", io.StringIO(), {}, fails)


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
