"""The handover channel (desktop/channel.py): a Unix-domain socket only the player's account can open, its path
kept short enough, connections answered side by side, the token checked; Windows' named pipe by its form (the
address chosen for "win32", and the same messages carried over a Unix-domain socket here)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from idioten.desktop import channel
from idioten.desktop.channel import (
    OPEN,
    PIPE,
    PIPE_PREFIX,
    SHOWN,
    SOCKET_FILE,
    UNIX,
    Address,
    HandoverListener,
    ask_first_copy,
    choose_address,
    read_announcement,
)
from idioten.desktop.lock import LOCK_FILE, lock_folder

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="the Unix form needs AF_UNIX")


def listening(folder: Path, on_request=lambda: True, **options) -> tuple[HandoverListener, object]:
    held = lock_folder(folder)
    assert held.held
    listener = HandoverListener(folder, on_request, **options)
    held.announce(listener.announcement())
    return listener, held


def test_the_handover_answers_the_token_only_through_a_private_socket_in_the_data_folder(tmp_path):
    asked = []
    listener, held = listening(tmp_path, lambda: asked.append(1) or True)
    try:
        where = tmp_path / SOCKET_FILE
        assert listener.address == Address(UNIX, str(where))
        assert stat.S_ISSOCK(os.lstat(where).st_mode) and stat.S_IMODE(os.lstat(where).st_mode) == 0o600
        assert json.loads((tmp_path / LOCK_FILE).read_text())["address"] == str(where)
        assert ask_first_copy(tmp_path) == SHOWN and asked == [1]
        with socket.socket(socket.AF_UNIX) as wrong:
            wrong.connect(str(where))
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
    assert not where.exists()  # removed at the end
    assert ask_first_copy(tmp_path, tries=1, pause=0) is None  # nobody listening


def test_a_silent_connection_delays_no_other(tmp_path, monkeypatch):
    """One connection that says nothing, held open: a second start is answered while it is still open. The
    silent one's time limit is made endless here, so only answering side by side can pass."""
    monkeypatch.setattr(channel, "CONNECTION_SECONDS", 3600.0)
    listener, held = listening(tmp_path)
    try:
        with socket.socket(socket.AF_UNIX) as silent:
            silent.connect(listener.address.where)
            assert ask_first_copy(tmp_path) == SHOWN
            silent.setblocking(False)
            with pytest.raises(BlockingIOError):  # still open: no answer and no end yet
                silent.recv(16)
    finally:
        listener.close()
        held.release()


def test_a_socket_left_by_a_killed_copy_is_replaced_and_a_players_file_is_never_removed(tmp_path):
    with socket.socket(socket.AF_UNIX) as stale:
        stale.bind(str(tmp_path / SOCKET_FILE))
    listener, held = listening(tmp_path)
    try:
        assert listener.address.where == str(tmp_path / SOCKET_FILE) and ask_first_copy(tmp_path) == SHOWN
    finally:
        listener.close()
        held.release()

    (tmp_path / SOCKET_FILE).write_text("mine")
    listener, held = listening(tmp_path, made=None)
    try:
        assert listener.address.where != str(tmp_path / SOCKET_FILE) and ask_first_copy(tmp_path) == SHOWN
    finally:
        listener.close()
        held.release()
    assert (tmp_path / SOCKET_FILE).read_text() == "mine"


@pytest.fixture
def runtime():
    """A private runtime folder with a short path, as /run/user/ID is."""
    folder = Path(tempfile.mkdtemp(prefix="rt-"))
    yield folder
    shutil.rmtree(folder)


def test_a_deep_data_folder_gets_its_socket_in_a_private_runtime_folder(tmp_path, runtime):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    address, made = choose_address(deep, "linux", {"XDG_RUNTIME_DIR": str(runtime)})
    assert address.kind == UNIX and Path(address.where).parent == runtime and made is None
    assert len(os.fsencode(address.where)) <= channel.SOCKET_PATH_BYTES

    runtime.chmod(0o755)  # not private: a fresh folder of our own instead, removed at the end
    address, made = choose_address(deep, "linux", {"XDG_RUNTIME_DIR": str(runtime)})
    assert made is not None and Path(address.where).parent == made and stat.S_IMODE(made.stat().st_mode) == 0o700
    made.rmdir()

    deep.mkdir(parents=True)
    listener, held = listening(deep)
    made = listener._made
    try:
        assert ask_first_copy(deep) == SHOWN and read_announcement(deep)[0] == listener.address
    finally:
        listener.close()
        held.release()
    assert made is None or not made.exists()


def test_windows_listens_on_a_named_pipe_and_its_messages_carry_the_handover(tmp_path):
    address, made = choose_address(tmp_path, "win32", {})
    assert address.kind == PIPE and address.where.startswith(PIPE_PREFIX) and made is None
    assert channel.message_family(address.where) == "AF_PIPE"
    # The pipe's code path (multiprocessing's listener and client, messages, time limits), over AF_UNIX here.
    carried = Address(PIPE, str(tmp_path / "pipe-stand-in"))
    listener, held = listening(tmp_path, address=carried)
    try:
        assert read_announcement(tmp_path) == (carried, listener.token)
        assert ask_first_copy(tmp_path) == SHOWN
        listener.on_request = lambda: False
        assert ask_first_copy(tmp_path) == OPEN
    finally:
        listener.close()
        held.release()


@pytest.mark.parametrize("fields", [{}, {"channel": "tcp", "address": "127.0.0.1:80", "token": "ab"},
                                    {"channel": "unix", "address": "relative/sock", "token": "ab"},
                                    {"channel": "unix", "address": "/x", "token": "a b"},
                                    {"channel": "unix", "address": "/x", "token": ""},
                                    {"channel": "pipe", "address": "\\\\server\\pipe\\x", "token": "ab"},
                                    {"port": 4242, "token": "ab"}])
def test_an_announcement_that_cannot_be_read_is_no_answer(tmp_path, fields):
    (tmp_path / LOCK_FILE).write_text(json.dumps(fields))
    assert read_announcement(tmp_path) is None
    assert ask_first_copy(tmp_path, tries=2, pause=0) is None


def test_the_handover_needs_no_codec_the_executable_leaves_out(tmp_path):
    """The executable leaves `unicodedata` out (build.spec): both sides still answer where it cannot load."""
    code = textwrap.dedent(f"""
        import sys
        sys.modules["unicodedata"] = None  # as in the executable: importing it fails
        from pathlib import Path
        from idioten.desktop.channel import SHOWN, HandoverListener, ask_first_copy
        from idioten.desktop.lock import lock_folder
        folder = Path({str(tmp_path)!r})
        held = lock_folder(folder)
        listener = HandoverListener(folder, lambda: True)
        held.announce(listener.announcement())
        print(ask_first_copy(folder) == SHOWN, "encodings.idna" in sys.modules)
        listener.close()
        held.release()
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.split() == ["True", "False"], done.stderr


def test_the_second_start_waits_for_an_announcement_still_being_written(tmp_path, monkeypatch):
    listener = HandoverListener(tmp_path, lambda: True)
    reads = []
    real = channel.read_announcement

    def late(folder):
        reads.append(1)
        if len(reads) == 3:  # the first copy finishes writing between the second's reads
            (tmp_path / LOCK_FILE).write_text(json.dumps(listener.announcement()))
        return real(folder)
    monkeypatch.setattr(channel, "read_announcement", late)
    try:
        assert ask_first_copy(tmp_path, tries=5, pause=0) == SHOWN and len(reads) == 3
    finally:
        listener.close()


OTHER_USER = 65534  # nobody


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("setpriv") is None,
                    reason="needs root, to start a child as another user with setpriv")
def test_another_local_user_cannot_connect():
    """The socket's own mode keeps others out: its folder is open to everyone here, so only the 0600 stops
    them (and the same child connects once the mode is opened, which shows the test can fail)."""
    folder = Path(tempfile.mkdtemp(prefix="idioten-other-"))
    try:
        folder.chmod(0o755)
        listener, held = listening(folder)
        try:
            where = listener.address.where
            code = ("import socket, sys\ns = socket.socket(socket.AF_UNIX)\ntry:\n    s.connect(sys.argv[1])\n"
                    "    print('connected')\nexcept PermissionError:\n    print('refused')\n")
            other = ["setpriv", f"--reuid={OTHER_USER}", f"--regid={OTHER_USER}", "--clear-groups",
                     sys.executable, "-c", code, where]
            assert subprocess.run(other, capture_output=True, text=True, timeout=60).stdout.strip() == "refused"
            os.chmod(where, 0o666)
            assert subprocess.run(other, capture_output=True, text=True, timeout=60).stdout.strip() == "connected"
        finally:
            listener.close()
            held.release()
    finally:
        shutil.rmtree(folder)


def test_at_most_a_few_connections_are_answered_at_once(tmp_path, monkeypatch):
    monkeypatch.setattr(channel, "CONNECTION_SECONDS", 3600.0)
    listener, held = listening(tmp_path)
    silent = []
    try:
        for _ in range(channel.MAX_AT_ONCE):
            each = socket.socket(socket.AF_UNIX)
            each.connect(listener.address.where)
            silent.append(each)
        extra = socket.socket(socket.AF_UNIX)
        extra.connect(listener.address.where)
        extra.settimeout(60)
        assert extra.recv(16) == b""  # closed at once, unanswered: the slots are full
        extra.close()
        silent.pop().close()  # one slot freed once its thread sees the end: asked until then
        deadline = time.monotonic() + 60
        while ask_first_copy(tmp_path, tries=1) != SHOWN:
            assert time.monotonic() < deadline, "no slot came free"
    finally:
        for each in silent:
            each.close()
        listener.close()
        held.release()
