"""The file layer: data folder, atomic writes, and every kind of bad file or bad folder."""

import errno
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from idioten import i18n
from idioten.storage import files as store_files
from idioten.storage.files import (
    MAX_FILE_BYTES,
    Notice,
    StoreError,
    data_dir,
    read_json,
    remove_stale_temp_files,
    set_aside,
    write_json_atomic,
)

FORMAT = "idioten-test"
GOOD = {"format": FORMAT, "version": 1, "value": [1, 2, 3]}


def files_in(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


# -- where the files live ----------------------------------------------------------------------------------

def test_environment_variable_overrides_the_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("IDIOTEN_DATA_DIR", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"


# Every system's folder, with and without a home folder: tests/storage/test_data_folder_no_home.py.


def test_the_folder_is_created_only_when_writing(tmp_path):
    folder = tmp_path / "a" / "b"
    assert read_json(folder / "x.json", FORMAT, 1) == (None, [])
    assert not (tmp_path / "a").exists()
    write_json_atomic(folder / "x.json", GOOD)
    assert json.loads((folder / "x.json").read_text("utf-8")) == GOOD


# -- atomic writes -----------------------------------------------------------------------------------------

def test_round_trip_keeps_non_ascii_text(tmp_path):
    data = {"format": FORMAT, "version": 1, "name": "Ölmåste ♥"}
    write_json_atomic(tmp_path / "x.json", data)
    assert read_json(tmp_path / "x.json", FORMAT, 1) == (data, [])


def test_a_crash_before_the_rename_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    write_json_atomic(path, GOOD)
    before = path.read_bytes()

    def crash(src, dst):
        raise PermissionError(errno.EACCES, "denied")
    monkeypatch.setattr(store_files.os, "replace", crash)
    with pytest.raises(StoreError) as caught:
        write_json_atomic(path, {"format": FORMAT, "version": 1, "value": "new"})
    assert path.read_bytes() == before
    assert files_in(tmp_path) == {"x.json"}, "the temporary file is cleaned up"
    assert caught.value.notice.key == "store.write_failed.denied"


def test_a_disk_full_while_writing_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    write_json_atomic(path, GOOD)

    def full(handle):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(store_files.os, "fsync", full)
    with pytest.raises(StoreError) as caught:
        write_json_atomic(path, {"format": FORMAT, "version": 1, "value": "new"})
    assert read_json(path, FORMAT, 1) == (GOOD, [])
    assert files_in(tmp_path) == {"x.json"}
    assert caught.value.notice.key == "store.write_failed.full"


def test_a_folder_that_cannot_exist_gives_a_notice_not_a_traceback(tmp_path):
    # Root ignores chmod, so a "read-only folder" is simulated by a folder path under a regular file.
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError) as caught:
        write_json_atomic(blocker / "data" / "x.json", GOOD)
    assert caught.value.notice.key.startswith("store.write_failed.")
    assert str(blocker / "data") in caught.value.notice.text()
    assert blocker.read_text() == "x"


def test_writes_are_synced_before_the_rename(tmp_path, monkeypatch):
    order = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(store_files.os, "fsync", lambda fd: (order.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(store_files.os, "replace", lambda a, b: (order.append("replace"), real_replace(a, b)))
    write_json_atomic(tmp_path / "x.json", GOOD)
    assert order[:2] == ["fsync", "replace"]


# -- bad files ---------------------------------------------------------------------------------------------

BAD_CONTENTS = {
    "empty": b"",
    "truncated": json.dumps(GOOD).encode()[:-7],
    "malformed": b"{format: idioten-test}",
    "not an object": b"[1, 2, 3]",
    "wrong format": json.dumps({"format": "something-else", "version": 1}).encode(),
    "no version": json.dumps({"format": FORMAT}).encode(),
    "version is text": json.dumps({"format": FORMAT, "version": "1"}).encode(),
    "version is a flag": json.dumps({"format": FORMAT, "version": True}).encode(),
    "not utf-8": b'{"format": "idioten-test", "version": 1, "x": "\xff\xfe"}',
    "binary junk": bytes(range(256)),
}


@pytest.mark.parametrize("case", sorted(BAD_CONTENTS))
def test_a_bad_file_is_moved_aside_and_reported(tmp_path, case):
    path = tmp_path / "x.json"
    path.write_bytes(BAD_CONTENTS[case])
    data, notices = read_json(path, FORMAT, 1)
    assert data is None
    [notice] = notices
    assert notice.key == "store.bad_file" and not notice.keeps_file
    aside = tmp_path / notice.params["aside"]
    assert aside.name.startswith("x.bad-") and aside.suffix == ".json"
    assert aside.read_bytes() == BAD_CONTENTS[case], "the bad file is kept, not destroyed"
    assert not path.exists()


def test_a_newer_version_is_moved_aside_untouched(tmp_path):
    path = tmp_path / "x.json"
    newer = json.dumps({"format": FORMAT, "version": 2, "new": "stuff"}).encode()
    path.write_bytes(newer)
    data, [notice] = read_json(path, FORMAT, 1)
    assert data is None and notice.key == "store.newer_file"
    assert notice.params["aside"].startswith("x.newer-")
    assert (tmp_path / notice.params["aside"]).read_bytes() == newer


def test_an_oversized_file_is_moved_aside(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    data, [notice] = read_json(path, FORMAT, 1)
    assert data is None and notice.key == "store.bad_file"


def test_a_folder_in_place_of_the_file_is_unreadable_and_moved_aside(tmp_path):
    path = tmp_path / "x.json"
    path.mkdir()
    (path / "inside").write_text("keep me")
    data, [notice] = read_json(path, FORMAT, 1)
    assert data is None and notice.key == "store.bad_file"
    assert (tmp_path / notice.params["aside"] / "inside").read_text() == "keep me"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX file type")
def test_a_fifo_in_place_of_the_game_is_set_aside_without_being_read():
    """A FIFO named game.json: opening it to read waits for a writer that never comes, and the start hung
    before the window. Run in a process of its own so that a hang is seen as one (the limit only catches a
    hang; a working start takes a fraction of it)."""
    script = textwrap.dedent("""
        import os, sys, tempfile
        from pathlib import Path
        from idioten.play.acesup.session import load
        from idioten.storage.store import Store
        folder = Path(tempfile.mkdtemp())
        os.mkfifo(folder / "game.json")
        store = Store.open(folder)
        saved, [notice] = load(store)
        aside = folder / notice.params["aside"]
        print(notice.key, saved, aside.is_fifo(), (folder / "game.json").exists())
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["store.bad_file", "None", "True", "False"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="a device file to point at")
def test_a_device_in_place_of_a_file_is_never_read(tmp_path):
    path = tmp_path / "x.json"
    path.symlink_to("/dev/zero")  # read to the end, it would never end
    data, [notice] = read_json(path, FORMAT, 1)
    assert data is None and notice.key == "store.bad_file"
    assert (tmp_path / notice.params["aside"]).is_symlink() and not path.exists()


def test_a_regular_file_is_read_through_a_symlink_and_up_to_the_limit(tmp_path):
    target = tmp_path / "real.json"
    target.write_bytes(json.dumps(GOOD).encode())
    (tmp_path / "x.json").symlink_to(target)
    assert read_json(tmp_path / "x.json", FORMAT, 1) == (GOOD, [])
    assert store_files.read_regular_file(target, 5) == json.dumps(GOOD).encode()[:5]


def test_an_unreadable_file_that_cannot_be_moved_is_kept_and_flagged(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    path.write_bytes(json.dumps(GOOD).encode())
    real_read = store_files.read_regular_file

    def refuse(file, *args, **kwargs):
        if Path(file) == path:
            raise OSError(errno.EIO, "input/output error")
        return real_read(file, *args, **kwargs)

    def no_rename(src, dst):
        raise PermissionError(errno.EACCES, "denied")
    monkeypatch.setattr(store_files, "read_regular_file", refuse)
    monkeypatch.setattr(store_files.os, "rename", no_rename)
    data, [notice] = read_json(path, FORMAT, 1)
    assert data is None and notice.key == "store.bad_file_kept" and notice.keeps_file
    monkeypatch.undo()
    assert json.loads(path.read_text()) == GOOD


def test_set_aside_never_overwrites_an_earlier_bad_file(tmp_path):
    frozen = time.localtime(1_700_000_000)
    names = []
    for content in ("first", "second", "third"):
        (tmp_path / "x.json").write_text(content)
        names.append(set_aside(tmp_path / "x.json", "bad", now=frozen).params["aside"])
    stamp = time.strftime("%Y%m%d-%H%M%S", frozen)
    assert names == [f"x.bad-{stamp}.json", f"x.bad-{stamp}-2.json", f"x.bad-{stamp}-3.json"]
    assert [(tmp_path / n).read_text() for n in names] == ["first", "second", "third"]


def test_a_missing_file_is_no_news(tmp_path):
    assert read_json(tmp_path / "x.json", FORMAT, 1) == (None, [])
    assert files_in(tmp_path) == set()


def test_stale_temporary_files_are_removed_and_nothing_else(tmp_path):
    stale, fresh, other = tmp_path / ".game.json.abc.tmp", tmp_path / ".stats.json.def.tmp", tmp_path / "notes.tmp"
    for path in (stale, fresh, other):
        path.write_text("x")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    remove_stale_temp_files(tmp_path)
    assert files_in(tmp_path) == {fresh.name, other.name}


# -- texts -------------------------------------------------------------------------------------------------

SAMPLE_PARAMS = {"file": "game.json", "aside": "stats.bad-20260101-000000-2.json", "folder": "/data/idioten",
                 "name_key": "store.setting.animation",
                 "path": "/data/idioten/crashes/crash-20260101-000000.txt", "count": 12, "name": "easy",
                 "reason": "Too many levels of symbolic links",
                 "game_key": "ui.poker.name", "setting_key": "ui.variant.aces-only",
                 "field_key": "ui.stats.won_without_undo",
                 "reset_parts": (Notice("store.stats_part.field", {"game_key": "game_name",
                                                                  "setting_key": "ui.variant.aces-only",
                                                                  "field_key": "ui.stats.won_without_undo"}),
                                 Notice("store.stats_part.more", {"count": 3}))}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_store_text_is_one_line_in_every_language(language):
    keys = [k for k in i18n.keys() if k.startswith("store.") and not k.startswith("store.setting.")]
    assert keys
    try:
        i18n.set_language(language)
        for key in keys:
            text = Notice(key, SAMPLE_PARAMS).text()
            assert "\n" not in text and "{" not in text and len(text) < 160, (key, text)
    finally:
        i18n.set_language("en")


def test_a_notice_translates_a_named_setting_when_shown():
    notice = Notice("store.bad_setting", {"name_key": "store.setting.language"})
    try:
        i18n.set_language("de")
        assert "Sprache" in notice.text()
        i18n.set_language("sv")
        assert "språk" in notice.text()
    finally:
        i18n.set_language("en")
