"""The data folder opened in the system's file manager (desktop/folders.py), each system's form by the command it
would run, without running it: xdg-open on Linux and the BSDs, open on macOS, os.startfile on Windows; a frozen
program on Linux gives the file manager the system's libraries, not its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from idioten.desktop.folders import command_environment, open_command, show_folder

FOLDER = Path("/home/anna/.local/share/idioten")


@pytest.mark.parametrize("platform, command", [("linux", ["xdg-open", str(FOLDER)]),
                                               ("freebsd14", ["xdg-open", str(FOLDER)]),
                                               ("darwin", ["open", str(FOLDER)]), ("win32", None)])
def test_each_system_opens_the_folder_its_own_way(platform, command):
    assert open_command(FOLDER, platform) == command
    ran, started = [], []
    assert show_folder(FOLDER, platform, run=lambda cmd, **options: ran.append((cmd, options)),
                       startfile=started.append)
    if command is None:
        assert started == [str(FOLDER)] and ran == []
    else:
        [(cmd, options)] = ran
        assert cmd == command and started == [] and options["start_new_session"]  # not killed with the game


def test_a_system_without_a_file_manager_is_told_not_raised():
    def missing(cmd, **options):
        raise FileNotFoundError(2, "No such file or directory", cmd[0])
    assert not show_folder(FOLDER, "linux", run=missing)

    def refused(path):
        raise OSError(1155, "No application is associated")
    assert not show_folder(FOLDER, "win32", startfile=refused)


def test_a_frozen_program_gives_the_file_manager_the_systems_libraries():
    env = {"LD_LIBRARY_PATH": "/tmp/_MEI/bundle", "LD_LIBRARY_PATH_ORIG": "/usr/local/lib", "HOME": "/home/anna"}
    assert command_environment(env, frozen=True) == {"LD_LIBRARY_PATH": "/usr/local/lib", "HOME": "/home/anna"}
    assert command_environment({"LD_LIBRARY_PATH": "/tmp/_MEI"}, frozen=True) == {}
    assert command_environment(env, frozen=False) == env
