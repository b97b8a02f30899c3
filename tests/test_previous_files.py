"""Every file the previous version wrote still loads, with nothing lost: the files in tests/previous_files/
were written by the program as it stood at commit 7839307 (before the two games' sessions shared one
contract), with a game in play in each game and one kept behind Ctrl+Z, chosen settings, counted statistics,
and Poker patience chosen last."""

import random
import shutil
from pathlib import Path

import pygame
from ui_store_support import open_window, press
from ui_support import OPEN_APPS

from idioten.play.acesup.session import AcesUpSession
from idioten.play.acesup.settings import aces_up_settings
from idioten.play.poker.session import PokerSession
from idioten.play.session import Opening
from idioten.storage.store import Store

PREVIOUS = Path(__file__).parent / "previous_files"


def copy_previous(folder: Path) -> None:
    for file in PREVIOUS.glob("*.json"):
        shutil.copy(file, folder / file.name)


def test_the_store_reads_every_file_of_the_previous_version_without_a_word(tmp_path):
    copy_previous(tmp_path)
    store = Store.open(tmp_path)
    assert store.notices == []
    settings = store.settings
    assert (aces_up_settings(settings).variant, settings.animation, settings.four_colour, settings.card_back,
            settings.language, settings.sound, settings.window_size, settings.window_position) == (
        "aces-only", "fast", True, "red", "de", "quiet", (1100, 700), (30, 40))
    assert store.stats.variants["standard"].played == 2 and store.stats.daily
    assert store.stats.keyed["poker"]["classic"].best == 42
    assert store.settings.last_game == "poker"  # from poker.json, where the previous version kept it
    aces_up, notices = AcesUpSession.open(Opening(store, random.Random(1)))
    assert notices == [] and not store.stats_unsaved  # its game was not over: nothing more to count
    assert aces_up.game.deal_number == 12 and aces_up.previous.game.deal_number == 7
    assert len(aces_up.previous.game.history) == 2
    poker, notices = PokerSession.open(Opening(store, random.Random(1)))
    assert notices == [] and poker.game.deal_number == 45 and poker.previous.game.deal_number == 44


def test_the_window_opens_the_previous_versions_files_as_they_were_left(data_folder):
    copy_previous(data_folder)
    app = open_window()
    OPEN_APPS.append(app)
    app.settle()
    assert app.playing.current_game.name == "poker"  # chosen last, in poker.json
    poker = app.scenes[0]
    assert poker.game.deal_number == 45 and poker.session.computer is not None
    assert poker.message == ""  # no file was set aside
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert poker.game.deal_number == 44 and poker.game.placed_count == 2

    press(app, pygame.K_g)
    table = app.scenes[0]
    assert app.playing.current_game.name == "idioten" and table.game.deal_number == 12
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.game.deal_number == 7 and len(table.game.history) == 2
    assert app.settings.card_back == "red" and aces_up_settings(app.settings).variant == "aces-only"
