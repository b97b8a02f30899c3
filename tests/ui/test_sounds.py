"""Sounds: the committed WAV files are exactly what tools/make_sounds.py synthesises; the game plays them only
when the player turned sound on (a setting, remembered), at the volume chosen, and stays silent and working
where no audio device can be opened."""

import json
import wave
from array import array
from pathlib import Path

import pygame
import pytest
from tools_support import load_tool
from ui_store_support import open_window, press
from ui_support import choose_in_menu, click, make_app, position, top_centre

from idioten.cards import parse_card
from idioten.storage.settings import SETTINGS_FILE, Settings
from idioten.ui.kit import sound
from idioten.ui.settings_screen import choices

REPO = Path(__file__).resolve().parents[2]
make_sounds = load_tool("make_sounds")
pytestmark = pytest.mark.usefixtures("data_folder")


def test_the_committed_sounds_are_what_the_script_makes():
    generated = make_sounds.sound_files()
    assert sorted(generated) == sorted(f"{name}.wav" for name in sound.SOUNDS)
    committed = {path.name: path.read_bytes() for path in (REPO / "assets" / "sounds").glob("*.wav")}
    assert committed == generated


@pytest.mark.parametrize("name", sound.SOUNDS)
def test_each_sound_is_short_mono_and_audible(name):
    with wave.open(str(REPO / "assets" / "sounds" / f"{name}.wav"), "rb") as source:
        assert (source.getnchannels(), source.getsampwidth(), source.getframerate()) == (1, 2, sound.RATE)
        seconds = source.getnframes() / source.getframerate()
        samples = array("h", source.readframes(source.getnframes()))
    assert 0.05 < seconds <= 1.0
    assert 0.3 * 32767 < max(abs(s) for s in samples) < 32767  # loud enough, never clipped


def discard_position():
    return position(["2H 5C", "KH", "3D", "9C"], stock=8)  # the 5C may go (the 9C is higher), the KH may not


def test_sound_is_off_by_default_and_nothing_audio_is_opened():
    assert Settings().sound == "off"
    app, _ = make_app(discard_position())
    click(app, top_centre(app, 0))
    assert parse_card("5C") in app.playing.game_scene("idioten").game.discards
    assert app.sound.played == [] and app.sound.mixer is None and not pygame.mixer.get_init()


def test_turned_on_in_the_settings_it_is_remembered_and_each_event_has_its_sound(data_folder):
    app = open_window(deal=7)
    panel = choose_in_menu(app, "ui.menu.settings", press)
    for _ in range(len(choices()) - 1):
        press(app, pygame.K_DOWN)  # the last of the window's own rows, before the game's: sound
    assert panel.rows_of_buttons[panel.focus][0] == "sound"
    press(app, pygame.K_RIGHT)
    assert app.settings.sound == "quiet"
    assert json.loads((data_folder / SETTINGS_FILE).read_text())["sound"] == "quiet"
    press(app, pygame.K_ESCAPE)
    app.playing.game_scene("idioten").start_deal(discard_position())
    app.settle()
    assert app.sound.played[-1] == "deal"
    click(app, top_centre(app, 1))  # the KH cannot go
    assert app.sound.played[-1] == "illegal"
    click(app, top_centre(app, 0))
    assert app.sound.played[-1] == "discard"
    press(app, pygame.K_SPACE)
    assert app.sound.played[-1] == "deal"


def test_the_volume_follows_the_setting():
    levels = iter(["quiet", "loud"])
    player = sound.Player(lambda: Settings(sound=current))
    for current in levels:
        player.play("slide")
        assert abs(player.sound("slide").get_volume() - sound.VOLUMES[current]) < 0.01
    assert player.played == ["slide", "slide"]
    player.close()


def test_without_an_audio_device_the_game_plays_on_in_silence(monkeypatch):
    import pygame.mixer

    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app, _ = make_app(discard_position(), settings=Settings(sound="loud"))
    click(app, top_centre(app, 0))
    assert parse_card("5C") in app.playing.game_scene("idioten").game.discards
    assert app.sound.unavailable and app.sound.played == []
    calls = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *args, **kwargs: calls.append(1))
    app.sound.play("illegal")  # once known to be missing, the mixer is not tried at every event
    assert calls == [] and app.sound.played == []
