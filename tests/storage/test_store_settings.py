"""Settings and the Store as a whole: field-by-field fallback, write failures, files that must be kept."""

import dataclasses
import errno
import json
import os

import pytest
from session_support import open_aces_up, save, saved_game, write_stats

from idioten.acesup.rules import ACES_ONLY, Game
from idioten.cards import deal_cards
from idioten.play.acesup.settings import AcesUpSettings, aces_up_settings, problems
from idioten.storage import files as store_files
from idioten.storage.game import GAME_FILE, SavedGame
from idioten.storage.settings import (
    _VALID,
    ANIMATION_FACTORS,
    ANIMATION_SPEEDS,
    SETTINGS_FILE,
    SETTINGS_FORMAT,
    load_settings,
    settings_from_json,
    settings_to_json,
)
from idioten.storage.store import Settings, Store


def test_every_setting_has_a_check_that_accepts_its_default():
    defaults = Settings()
    assert set(_VALID) == {f.name for f in dataclasses.fields(Settings)}
    assert all(_VALID[name](getattr(defaults, name)) for name in _VALID)


def test_defaults_match_the_issue():
    s = Settings()
    aces_up = aces_up_settings(s)
    assert (aces_up.variant, s.animation, aces_up.auto_discard, aces_up.highlight_discardable, s.four_colour) == \
        ("standard", "normal", False, False, False)
    assert set(ANIMATION_FACTORS) == set(ANIMATION_SPEEDS) and ANIMATION_FACTORS["off"] == 0


def test_invalid_values_fall_back_field_by_field():
    data = settings_to_json(Settings(animation="slow", four_colour=True, language="sv"))
    data["games"] = {"idioten": {"auto_discard": "yes", "variant": "easy"}}
    data.update(card_back="../../etc/passwd", future_setting=1)
    settings, notices = settings_from_json(data)
    assert settings == Settings(animation="slow", four_colour=True, language="sv", games=data["games"])
    assert [n.params["name_key"] for n in notices] == ["store.setting.card_back"]
    # A game's own settings are the game's to check: each falls back alone, and the game says so.
    assert aces_up_settings(settings) == AcesUpSettings()
    assert sorted(n.params["name_key"] for n in notices + problems(settings)) == \
        ["store.setting.auto_discard", "store.setting.card_back", "store.setting.variant"]
    assert all(n.key == "store.bad_setting" for n in notices + problems(settings))


def test_the_previous_versions_flat_settings_become_the_first_games_section():
    old = {"format": SETTINGS_FORMAT, "version": 1, "variant": "aces-only", "auto_discard": True, "sound": "loud"}
    settings, notices = settings_from_json(old)
    assert notices == [] and settings.sound == "loud"
    assert aces_up_settings(settings) == AcesUpSettings(variant="aces-only", auto_discard=True)
    document = settings_to_json(settings)
    assert document["games"] == {"idioten": {"variant": "aces-only", "auto_discard": True}}
    assert "variant" not in document and settings_from_json(document)[0] == settings


def test_a_games_section_that_is_not_one_is_reset_with_a_notice():
    data = settings_to_json(Settings(sound="quiet"))
    data["games"] = {"idioten": ["not", "a", "section"]}
    settings, [notice] = settings_from_json(data)
    assert settings == Settings(sound="quiet") and notice.params["name_key"] == "store.setting.games"


def test_change_is_applied_and_remembered(tmp_path):
    store = Store.open(tmp_path)
    assert store.change_setting("animation", "off") is None
    assert store.change_setting("language", "de") is None
    assert store.settings.animation == "off"
    assert Store.open(tmp_path).settings == Settings(animation="off", language="de")


@pytest.mark.parametrize("name, value", [("animation", "very fast"), ("variant", "standard"), ("colour", True),
                                         ("language", "pl"), ("card_back", "")])
def test_an_invalid_change_is_refused_and_nothing_is_written(tmp_path, name, value):
    store = Store.open(tmp_path)
    with pytest.raises(ValueError):
        store.change_setting(name, value)
    assert store.settings == Settings() and not (tmp_path / SETTINGS_FILE).exists()


def test_a_newer_settings_file_goes_aside_and_defaults_are_used(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"format": SETTINGS_FORMAT, "version": 9, "animation": "off"}))
    settings, [notice] = load_settings(tmp_path)
    assert settings == Settings() and notice.key == "store.newer_file"


# -- bad folders -------------------------------------------------------------------------------------------

def a_saved_game() -> SavedGame:
    game = Game.new(deal_cards(11), ACES_ONLY, 11)
    game.deal()
    return SavedGame.start(game)


def test_a_folder_that_cannot_be_written_lets_play_go_on_with_one_warning(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    store = Store.open(blocker / "idioten")
    assert store.notices == [] and saved_game(store) is None
    store.reset_stats()
    for notice in (save(store, a_saved_game()), store.change_setting("four_colour", True), write_stats(store)):
        assert notice.key.startswith("store.write_failed.") and "\n" not in notice.text()
    assert store.settings.four_colour is True, "the setting applies in memory all the same"


def test_a_read_only_folder_seen_as_a_refused_rename(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    saved = a_saved_game()
    assert save(store, saved) is None
    before = (tmp_path / GAME_FILE).read_bytes()

    def refuse(src, dst):
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(store_files.os, "replace", refuse)
    saved.game.deal()
    notice = save(store, saved)
    assert notice.key == "store.write_failed.readonly"
    assert (tmp_path / GAME_FILE).read_bytes() == before
    monkeypatch.undo()
    assert save(store, saved) is None, "saving works again once the folder does"
    assert saved_game(Store.open(tmp_path)).game.to_text() == saved.game.to_text()


def test_a_file_that_could_not_be_moved_aside_is_never_written_over(tmp_path, monkeypatch):
    (tmp_path / GAME_FILE).write_text("{ precious but unreadable")
    real_rename = os.rename
    monkeypatch.setattr(store_files.os, "rename", lambda a, b: (_ for _ in ()).throw(PermissionError(13, "no")))
    session, [notice] = open_aces_up(tmp_path)
    monkeypatch.setattr(store_files.os, "rename", real_rename)
    store = session.store
    assert notice.key == "store.bad_file_kept"
    assert save(store, a_saved_game()) == notice
    assert (tmp_path / GAME_FILE).read_text() == "{ precious but unreadable"
    assert store.change_setting("animation", "fast") is None, "other files are still saved"


def test_every_bad_file_at_once_still_starts(tmp_path):
    (tmp_path / GAME_FILE).write_text("")
    (tmp_path / "stats.json").mkdir()
    (tmp_path / SETTINGS_FILE).write_text('{"format": "idioten-settings", "version": 1, "language": "xx"')
    session, notices = open_aces_up(tmp_path)
    store = session.store
    assert not session.game.history and store.settings == Settings()
    assert sorted(n.params["file"] for n in notices) == sorted([GAME_FILE, "stats.json", SETTINGS_FILE])
    assert len(os.listdir(tmp_path)) == 3, "all three moved aside, none deleted"
    assert save(store, a_saved_game()) is None


# -- other documents through the Store (Poker patience's game, later) -------------------------------------

def test_other_documents_round_trip_and_bad_ones_go_aside(tmp_path):
    store = Store.open(tmp_path)
    document = {"format": "idioten-poker", "version": 1, "grid": ["AS"]}
    assert store.save_file("poker.json", document) is None
    assert store.load_file("poker.json", "idioten-poker", 1) == (document, [])
    notice = store.reject_file("poker.json")
    assert notice.key == "store.bad_file" and not (tmp_path / "poker.json").exists()
    assert json.loads((tmp_path / notice.params["aside"]).read_text()) == document


def test_an_unmovable_other_document_is_never_written_over(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    (tmp_path / "poker.json").write_text("[")
    monkeypatch.setattr(store_files.os, "rename", lambda a, b: (_ for _ in ()).throw(PermissionError(13, "no")))
    data, [notice] = store.load_file("poker.json", "idioten-poker", 1)
    assert data is None and notice.keeps_file
    assert store.save_file("poker.json", {"format": "idioten-poker", "version": 1}) == notice
    assert (tmp_path / "poker.json").read_text() == "["


def test_windows_retries_a_replace_refused_for_a_moment(tmp_path, monkeypatch):
    refusals = []
    real_replace = os.replace

    def busy_twice(source, target):
        if len(refusals) < 2:
            refusals.append(target)
            raise PermissionError(errno.EACCES, "in use by another process")
        real_replace(source, target)
    monkeypatch.setattr(store_files.sys, "platform", "win32")
    monkeypatch.setattr(store_files.os, "replace", busy_twice)
    store = Store.open(tmp_path)
    assert store.change_setting("animation", "slow") is None
    monkeypatch.undo()
    assert len(refusals) == 2 and Store.open(tmp_path).settings.animation == "slow"


def test_the_game_chosen_last_is_remembered_by_name_in_settings(tmp_path):
    store = Store.open(tmp_path)
    assert store.settings.last_game is None  # a first start opens the first game
    assert store.change_setting("last_game", "solitaire_3") is None  # a name the window decides it plays
    assert Store.open(tmp_path).settings.last_game == "solitaire_3"
    with pytest.raises(ValueError):
        store.change_setting("last_game", "../settings")
    assert Store.open(tmp_path).settings.last_game == "solitaire_3"


def test_the_choice_a_previous_poker_json_kept_is_taken_once(tmp_path):
    (tmp_path / "poker.json").write_text(json.dumps({"format": "idioten-poker", "version": 1, "last_game": "poker"}))
    assert Store.open(tmp_path).settings.last_game == "poker"
    assert json.loads((tmp_path / "settings.json").read_text())["last_game"] == "poker"  # written at once
    (tmp_path / "poker.json").write_text(json.dumps({"format": "idioten-poker", "version": 1, "last_game": "x"}))
    assert Store.open(tmp_path).settings.last_game == "poker"  # settings.json's choice stands from now on


@pytest.mark.parametrize("text", ["{broken", '{"format": "idioten-poker", "version": 1, "last_game": "../x"}',
                                  '{"format": "other", "last_game": "poker"}', "[]"])
def test_an_old_poker_json_that_says_nothing_usable_leaves_the_first_game(tmp_path, text):
    (tmp_path / "poker.json").write_text(text)
    store = Store.open(tmp_path)
    assert store.settings.last_game is None and store.notices == []  # the poker session says what is wrong
    assert (tmp_path / "poker.json").read_text() == text


# -- the guide offered once, at the very first start ----------------------------------------------------------

def test_the_guide_is_offered_at_a_first_start_and_remembered_once_offered(tmp_path):
    store = Store.open(tmp_path)
    assert store.settings.guide_offered is False  # no settings file: the very first start
    assert store.change_setting("guide_offered", True) is None
    assert Store.open(tmp_path).settings.guide_offered is True
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["guide_offered"] is True


def test_a_settings_file_from_before_the_guide_loads_as_offered_and_keeps_its_other_settings(tmp_path):
    old = settings_to_json(Settings(animation="fast", language="sv"))
    del old["guide_offered"]  # as every settings.json written before the guide existed
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(old))
    settings, notices = load_settings(tmp_path)
    assert notices == [] and settings == Settings(animation="fast", language="sv", guide_offered=True)


def test_a_damaged_guide_flag_falls_back_with_a_notice(tmp_path):
    data = settings_to_json(Settings(four_colour=True))
    data["guide_offered"] = "yes"
    settings, [notice] = settings_from_json(data)
    assert settings == Settings(four_colour=True) and notice.params["name_key"] == "store.setting.guide_offered"


def test_a_table_colour_not_offered_falls_back_to_green_alone():
    data = settings_to_json(Settings(table_colour="blue", sound="quiet"))
    assert settings_from_json(data)[0].table_colour == "blue"
    data["table_colour"] = "purple"
    settings, [notice] = settings_from_json(data)
    assert settings == Settings(sound="quiet") and notice.params["name_key"] == "store.setting.table_colour"
    del data["table_colour"]  # a file from before the choice: green, without a word
    assert settings_from_json(data) == (Settings(sound="quiet"), [])


@pytest.mark.parametrize("damaged", [110, "125", 125.0, True, None, [150]])
def test_a_damaged_text_size_falls_back_to_100_alone(damaged):
    data = settings_to_json(Settings(text_size=150, table_colour="red"))
    assert settings_from_json(data)[0].text_size == 150
    data["text_size"] = damaged
    settings, [notice] = settings_from_json(data)
    assert settings == Settings(table_colour="red") and notice.params["name_key"] == "store.setting.text_size"
    del data["text_size"]  # a file from before the choice: 100 %, without a word
    assert settings_from_json(data) == (Settings(table_colour="red"), [])
