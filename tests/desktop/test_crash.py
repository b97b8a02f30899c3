"""Crash reports in the data folder (desktop/crash.py) and the program's start around the window
(cli/desktop.py), in one process; tests/desktop/test_desktop_start.py runs the same through real processes."""

from __future__ import annotations

import functools
import os
import threading

import pytest

from idioten import i18n
from idioten.cli import desktop
from idioten.desktop import channel, crash, lock
from idioten.desktop.crash import KEEP, NATIVE_FILE, REPORTS_FOLDER, NativeCrashWatch


def reports(folder):
    return sorted(p.name for p in (folder / REPORTS_FOLDER).iterdir())


def test_only_the_newest_reports_are_kept(tmp_path):
    paths = [crash.write_report(tmp_path, "what", f"details {n}", now=1_700_000_000 + n * 3600) for n in range(8)]
    assert len(reports(tmp_path)) == KEEP
    assert [p.exists() for p in paths] == [False] * (8 - KEEP) + [True] * KEEP
    assert "details 7" in paths[-1].read_text()


def test_two_reports_in_one_second_are_both_kept(tmp_path):
    first = crash.write_report(tmp_path, "what", "one", now=1_700_000_000)
    second = crash.write_report(tmp_path, "what", "two", now=1_700_000_000)
    assert first != second and "one" in first.read_text() and "two" in second.read_text()


def test_a_report_says_what_runs_where():
    text = crash.describe_system()
    for part in ("idioten ", "cores: solver ", "hint ", "poker ", "Python ", "system: "):
        assert part in text


def test_each_report_is_told_once(tmp_path):
    report = crash.write_report(tmp_path, "what", "details")
    [notice] = crash.reports_to_tell(tmp_path)
    assert notice.key == "store.crash_report"
    told = (tmp_path / REPORTS_FOLDER / reports(tmp_path)[0])
    assert not report.exists() and told.read_text().endswith("details\n")
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        assert str(told) in notice.text()
    i18n.set_language("en")
    assert crash.reports_to_tell(tmp_path) == []


def test_a_hard_crash_dump_becomes_a_report_at_the_next_start(tmp_path):
    (tmp_path / NATIVE_FILE).write_text("Fatal Python error: Segmentation fault\n\nCurrent thread ...\n")
    report = crash.collect_native_crash(tmp_path)
    assert "Segmentation fault" in report.read_text() and not (tmp_path / NATIVE_FILE).exists()
    (tmp_path / NATIVE_FILE).write_text("")
    assert crash.collect_native_crash(tmp_path) is None and not (tmp_path / NATIVE_FILE).exists()
    assert crash.collect_native_crash(tmp_path) is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_the_dump_is_not_read(tmp_path):
    os.mkfifo(tmp_path / NATIVE_FILE)
    assert crash.collect_native_crash(tmp_path) is None


def test_a_run_without_a_hard_crash_leaves_no_dump(tmp_path):
    watch = NativeCrashWatch(tmp_path)
    watch.start()
    assert (tmp_path / NATIVE_FILE).exists()
    watch.stop()
    assert not (tmp_path / NATIVE_FILE).exists()


# -- the start around the window ------------------------------------------------------------------------

def test_an_error_in_the_window_is_a_report_and_one_line(tmp_path, capsys):
    def window(folder, opened, unsaved):
        raise KeyError("bug")
    assert desktop.play(window, tmp_path) == desktop.EXIT_CRASHED
    err = capsys.readouterr().err
    [name] = reports(tmp_path)
    assert err.count("\n") == 1 and "KeyError" in err and name in err and "Traceback" not in err
    assert "KeyError: 'bug'" in (tmp_path / REPORTS_FOLDER / name).read_text()
    assert lock.lock_folder(tmp_path).held  # and the lock was given back


def test_an_error_in_a_thread_is_a_report_and_one_line_and_the_window_goes_on(tmp_path, capsys):
    def window(folder, opened, unsaved):
        thread = threading.Thread(target=lambda: 1 / 0, name="worker")
        thread.start()
        thread.join()
        return 0
    before = threading.excepthook
    assert desktop.play(window, tmp_path) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'worker'" in err and "ZeroDivisionError" in err
    assert len(reports(tmp_path)) == 1 and threading.excepthook is before  # the hook given back after the run


def test_a_report_that_cannot_be_written_still_gives_one_line(tmp_path, capsys):
    (tmp_path / REPORTS_FOLDER).write_text("a file where the folder goes")

    def window(folder, opened, unsaved):
        raise RuntimeError("bug")
    assert desktop.play(window, tmp_path) == desktop.EXIT_CRASHED
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no report could be written" in err


def test_a_second_start_in_the_same_folder_never_opens_the_window(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    # The holder here never announces itself: asked once, not for the two seconds a real first copy gets.
    monkeypatch.setattr(channel, "ask_first_copy", functools.partial(channel.ask_first_copy, tries=1, pause=0))
    held = lock.lock_folder(tmp_path)
    opened = []
    try:
        assert desktop.play(lambda folder, shown, unsaved: opened.append(1) or 0, tmp_path) == desktop.EXIT_ALREADY_OPEN
    finally:
        held.release()
    assert opened == [] and "already open" in capsys.readouterr().err


def test_a_lock_that_cannot_be_taken_plays_without_saving_and_says_so_in_one_line(tmp_path, capsys):
    precious = tmp_path / "letter.txt"
    precious.write_text("Dear Anna")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / lock.LOCK_FILE).symlink_to(precious)
    given = []
    assert desktop.play(lambda folder, shown, unsaved: given.append((folder, unsaved)) or 0, folder) == 0
    [(window_folder, unsaved)] = given
    assert window_folder is None and unsaved.key == "store.lock_refused"  # the window's store saves nothing
    assert unsaved.params["path"] == str(folder / lock.LOCK_FILE) and unsaved.params["reason"]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "without saving" in err and str(folder / lock.LOCK_FILE) in err
    assert precious.read_text() == "Dear Anna" and sorted(p.name for p in folder.iterdir()) == [lock.LOCK_FILE]


def test_a_report_names_the_log_and_writes_the_home_folder_as_a_tilde(tmp_path, monkeypatch):
    home = tmp_path / "anna"
    folder = home / ".local" / "share" / "idioten"
    folder.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    try:
        raise ValueError(f"cannot read {folder / 'game.json'}")
    except ValueError as error:
        report = crash.exception_report(folder, error)
    text = report.read_text()
    assert "log: ~/.local/share/idioten/idioten.log" in text and "cannot read ~/.local/share/idioten/game.json" in text
    assert str(home) not in text


def test_an_interrupt_is_not_a_crash(tmp_path):
    def window(folder, opened, unsaved):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        desktop.play(window, tmp_path)
    assert not (tmp_path / REPORTS_FOLDER).exists()


@pytest.mark.parametrize("text, expected", [('{"language": "sv"}', "sv"), ('{"language": "xx"}', None),
                                            ("not json", None), ("[]", None), ('{"language": null}', None)])
def test_the_second_start_speaks_the_language_chosen_in_the_settings_without_touching_them(tmp_path, text,
                                                                                          expected):
    (tmp_path / "settings.json").write_text(text)
    assert desktop.chosen_language(tmp_path) == expected
    assert (tmp_path / "settings.json").read_text() == text and len(list(tmp_path.iterdir())) == 1


@pytest.mark.parametrize("language", ["sv", "en", "de"])
def test_the_already_open_box_is_titled_idioten_in_every_language(tmp_path, monkeypatch, language):
    from idioten.desktop import handover

    (tmp_path / "settings.json").write_text(f'{{"language": "{language}"}}')
    monkeypatch.setattr(channel, "ask_first_copy", lambda folder: None)
    told = []
    monkeypatch.setattr(handover, "tell_already_open", lambda title, text, line: told.append((title, text)))
    assert desktop.hand_over(tmp_path) == desktop.EXIT_ALREADY_OPEN
    [(title, text)] = told
    assert title == "Idioten" and text == i18n.t("start.already_open") and i18n.language() == language
    i18n.set_language("en")
