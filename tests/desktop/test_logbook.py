"""The log (idioten/log.py, desktop/logbook.py): small and rotating, written by a thread that is not the one that
noted, paths in the home folder as `~`, and what it is for noted where it happens: a save that failed, a core that
fell back to Python, a search that failed. (A handover refused: tests/desktop/test_desktop_start.py, through real
processes.) Outside the window a note goes nowhere, not onto a command's stderr."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from idioten import cores, log
from idioten.desktop.logbook import BACKUPS, LOG_FILE, MAX_BYTES, Logbook, home_relative
from idioten.storage.files import Notice, StoreError
from idioten.storage.store import Store


@pytest.fixture
def logbook(tmp_path):
    book = Logbook(tmp_path)
    assert book.start()
    yield book
    book.stop()


def written(book: Logbook) -> str:
    book.stop()
    return book.path.read_text(encoding="utf-8")


def test_a_note_is_written_by_the_logs_own_thread_with_the_home_folder_as_a_tilde(tmp_path, monkeypatch, logbook):
    monkeypatch.setenv("HOME", "/home/anna")
    writers = []
    real_emit = logbook._file_handler.emit
    monkeypatch.setattr(logbook._file_handler, "emit",
                        lambda record: writers.append(threading.current_thread()) or real_emit(record))
    log.note("storage", "saving %s failed", "/home/anna/.local/share/idioten/game.json")
    log.note("storage", "not mine: %s", "/home/annabel/x")
    text = written(logbook)
    assert "WARNING idioten.storage: saving ~/.local/share/idioten/game.json failed" in text
    assert "/home/annabel/x" in text  # another account's folder is not the home folder
    assert writers and threading.main_thread() not in writers


def test_the_log_rotates_and_stays_small(tmp_path, logbook):
    for number in range(4000):
        log.note("search", "the solve job failed, number %d, %s", number, "x" * 100)
    written(logbook)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [LOG_FILE] + [f"{LOG_FILE}.{n}" for n in range(1, BACKUPS + 1)]
    assert sum((tmp_path / name).stat().st_size for name in files) <= (BACKUPS + 1) * MAX_BYTES
    assert "number 3999" in (tmp_path / LOG_FILE).read_text()


def test_a_failed_save_a_core_fallback_and_a_failed_search_are_noted(tmp_path, logbook, monkeypatch):
    store = Store.open(tmp_path / "data")

    def fails():
        raise StoreError(Notice("store.write_failed.denied", {"file": "game.json"}), "disk full")
    assert store._write("game.json", fails) is not None
    monkeypatch.setattr(cores, "_FELL_BACK", set())
    assert cores.load("idioten.no_such_compiled_core").name == cores.PYTHON
    pytest.importorskip("pygame")
    from idioten.ui.worker import Worker

    worker = Worker(post_events=False)
    worker.submit("solve", lambda flag: 1 / 0)
    assert worker.wait(60)
    text = written(logbook)
    assert "idioten.storage: saving game.json failed: disk full" in text
    assert "idioten.cores: idioten.no_such_compiled_core fell back to the Python core" in text
    assert "idioten.search: the solve job failed" in text and "ZeroDivisionError" in text


def test_outside_the_window_a_note_goes_nowhere():
    code = "from idioten import log; log.note('storage', 'saving failed'); print('done')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == "done\n" and done.stderr == ""


def test_a_log_that_cannot_be_opened_is_no_error(tmp_path):
    (tmp_path / LOG_FILE).mkdir()
    assert not Logbook(tmp_path).start()


@pytest.mark.parametrize("text, expected", [("/home/anna", "~"), ("/home/anna/x y", "~/x y"),
                                            ("at /home/anna/a, /home/anna2/b", "at ~/a, /home/anna2/b"),
                                            ("File \"/home/anna/p.py\"", "File \"~/p.py\"")])
def test_home_relative(text, expected):
    assert home_relative(text, "/home/anna") == expected
