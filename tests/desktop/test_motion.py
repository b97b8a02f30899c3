"""The system's reduced-motion preference as the first answer for the animations (issue 39, item 4): every
form each system gives, passed in as input, and the very first start through the real program start (later
starts never ask)."""

from __future__ import annotations

import random

import pytest

from idioten.desktop import motion
from idioten.desktop.motion import GNOME_QUESTION, MAC_QUESTION, reduced_motion
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.store import Store


def never(*_args):
    raise AssertionError("asked a system this platform is not")


@pytest.mark.parametrize("animations, reduced", [(True, False), (False, True), (None, None)])
def test_windows_answers_with_the_client_area_animation_flag(animations, reduced):
    assert reduced_motion("win32", ask_windows=lambda: animations, ask=never) is reduced


@pytest.mark.parametrize("printed, reduced", [
    ("1\n", True), ("0\n", False), ("1", True), (" 0 ", False), ("true\n", True), ("false\n", False),
    (None, None),  # the key never set: `defaults` fails ("does not exist") and the system's default stands
    ("", None), ("maybe\n", None),
])
def test_macos_answers_with_defaults_reduce_motion(printed, reduced):
    asked = []
    assert reduced_motion("darwin", ask_windows=never, ask=lambda q: asked.append(q) or printed) is reduced
    assert asked == [MAC_QUESTION]


@pytest.mark.parametrize("printed, reduced", [
    ("true\n", False), ("false\n", True), ("'false'\n", True), ("TRUE", False),
    (None, None),  # no gsettings (not a GNOME desktop), or no such key
    ("", None), ("No such key “enable-animations”\n", None),
])
@pytest.mark.parametrize("platform", ["linux", "freebsd14"])
def test_linux_answers_with_gnomes_enable_animations(printed, reduced, platform):
    asked = []
    assert reduced_motion(platform, ask_windows=never, ask=lambda q: asked.append(q) or printed) is reduced
    assert asked == [GNOME_QUESTION]


def test_a_command_that_is_not_there_is_no_answer():
    assert motion.run(["idioten-no-such-command-anywhere"]) is None


def start(monkeypatch, answer):
    """The real program start on the test's data folder, the system answering `answer` (counted)."""
    from ui_store_support import Clock, launch

    from idioten.ui.launch import open_app

    asked = []
    monkeypatch.setattr(motion, "at_first_start", lambda: asked.append(answer) or answer)
    app = open_app(launch(), clock=Clock(), rng=random.Random(3), size=(1280, 800))
    app.step(dt=0)
    return app, asked


def closed(app) -> None:
    app.persist.close()
    app.close()


@pytest.mark.parametrize("answer, animation", [(True, "off"), (False, "normal"), (None, "normal")])
def test_the_very_first_start_follows_the_system_and_later_starts_never_ask(tmp_path, monkeypatch, answer,
                                                                            animation):
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    app, asked = start(monkeypatch, answer)
    assert asked == [answer] and app.settings.animation == animation
    closed(app)
    assert Store.open(tmp_path).settings.animation == animation
    assert Store.open(tmp_path).change_setting("animation", "slow") is None  # the player's own choice
    again, asked = start(monkeypatch, True)
    assert asked == [] and again.settings.animation == "slow"
    closed(again)
