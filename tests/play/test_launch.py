"""What each game offers the window's command line (play/launch.py): an option's values are the values of the
setting it fixes, written as a command line writes them, and read back as that setting's values."""

import pytest

from idioten.play.acesup import settings as aces_up
from idioten.play.acesup.launch import LAUNCH as ACES_UP
from idioten.play.launch import LaunchOption
from idioten.play.poker.launch import LAUNCH as POKER
from idioten.storage.settings import GameSetting


def test_aces_ups_variant_option_fixes_its_variant_setting_with_the_settings_own_values():
    (option,) = ACES_UP.options
    assert (ACES_UP.game, option.setting, option.values) == (aces_up.GAME, aces_up.VARIANT.name,
                                                             aces_up.VARIANT.values)
    assert option.flag == "--variant" and option.dest == "variant" and option.words == ("standard", "aces-only")
    assert ACES_UP.takes_deal and not POKER.takes_deal and POKER.options == ()


@pytest.mark.parametrize("setting, words", [
    (GameSetting("speed", ("calm", "brisk")), ("calm", "brisk")),
    (GameSetting("sound", (False, True)), ("off", "on")),
    (GameSetting("size", (3, 4, 5)), ("3", "4", "5")),
])
def test_a_settings_values_are_written_as_words_and_read_back_as_its_values(setting, words):
    option = LaunchOption("--toy-" + setting.name, setting.name, setting.values, "cli.help.toy")
    assert option.words == words and option.dest == f"toy_{setting.name}"
    assert [option.value(word) for word in words] == list(setting.values)
    assert all(setting.accepts(option.value(word)) for word in words)  # by type too: True, never 1
