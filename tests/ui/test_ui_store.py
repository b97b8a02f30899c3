"""The window with its store: resume, counting, statistics and settings screens, warnings. The real loop under
SDL's dummy driver, driven by posted events; every App is started as `idioten` starts it (launch.open_app)
on a data folder of the test's own."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from session_support import write_stats
from ui_store_support import click, open_window, play_one, press, settle, state
from ui_support import aces_table, end_panel, headings, setting_button, shown_texts

from idioten import i18n, paths
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.play.acesup.settings import aces_up_settings
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.store import Store
from idioten.ui.kit.palette import CHART_BAR, GOLD

CTRL = pygame.KMOD_LCTRL
OPEN = []


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    while OPEN:
        app = OPEN.pop()
        if app.persist is not None:
            app.persist.close()
        app.close()
    i18n.set_language("en")


def window(**given):
    app = open_window(**given)
    OPEN.append(app)
    return app


def restart_program(app, **given):
    """Close this window and start the program again on the same folder."""
    OPEN.remove(app)
    app.persist.close()
    app.close()
    return window(**given)


def no_animation(folder):
    assert Store.open(folder).change_setting("animation", "off") is None


def play_to_the_end(app, limit=400):
    for _ in range(limit):
        if aces_table(app).game.is_over():
            return
        play_one(app)
    raise AssertionError("the game did not end")


# -- resume --------------------------------------------------------------------------------------------

def test_the_game_is_resumed_exactly_after_a_restart_of_the_program(data_folder):
    app = window(deal=7, variant="aces-only")
    for _ in range(10):
        play_one(app)
    press(app, pygame.K_z, CTRL)
    press(app, pygame.K_z, CTRL)
    left = state(app)
    assert len(left["future"]) == 2 and left["deal"] == 7 and left["variant"] == "aces-only"

    again = restart_program(app)
    assert state(again) == left
    assert again.playing.game_scene("idioten").game.to_text() == left["position"]
    press(again, pygame.K_y, CTRL)  # the redo list came back too
    history = again.playing.game_scene("idioten").game.history
    assert [str(a) for a, _ in history] == left["history"] + [left["future"][-1]]


def test_undo_is_remembered_for_the_statistics(data_folder):
    app = window(deal=7)
    play_one(app)
    app.persist.wait()
    assert json.loads((data_folder / "game.json").read_text())["undo_used"] is False
    press(app, pygame.K_z, CTRL)
    app.persist.wait()
    assert json.loads((data_folder / "game.json").read_text())["undo_used"] is True


def test_a_restart_or_new_deal_can_be_taken_back_after_a_restart_of_the_program(data_folder):
    app = window(deal=7)
    for _ in range(6):
        play_one(app)
    press(app, pygame.K_z, CTRL)
    left, game_id = state(app), aces_table(app).session.saved.game_id
    press(app, pygame.K_r)
    restarted = state(app)
    app = restart_program(app)
    assert state(app) == restarted
    press(app, pygame.K_z, CTRL)  # the game before the restart, with its redo list
    assert state(app) == left and aces_table(app).session.saved.game_id == game_id
    press(app, pygame.K_n)
    dealt = state(app)
    app = restart_program(app)
    assert state(app) == dealt
    press(app, pygame.K_z, CTRL)
    assert state(app) == left
    app = restart_program(app)  # and after coming back, the game is still the one saved
    assert state(app) == left and aces_table(app).session.saved.game_id == game_id
    assert Store.open(data_folder).stats.variants["standard"].played == 0


@pytest.mark.parametrize("replace_key", [pygame.K_r, pygame.K_n])
def test_ctrl_y_after_taking_back_a_restart_or_new_deal_survives_a_restart_of_the_program(data_folder, replace_key):
    app = window(deal=7)
    for _ in range(5):
        play_one(app)
    press(app, pygame.K_z, CTRL)
    left, game_id = state(app), aces_table(app).session.saved.game_id
    press(app, replace_key)
    replaced, replaced_id = state(app), aces_table(app).session.saved.game_id
    press(app, pygame.K_z, CTRL)
    app = restart_program(app)
    assert state(app) == left and aces_table(app).session.saved.game_id == game_id
    press(app, pygame.K_y, CTRL)  # the restart or new deal the Ctrl+Z took back
    assert state(app) == replaced and aces_table(app).session.saved.game_id == replaced_id
    app = restart_program(app)
    assert state(app) == replaced
    press(app, pygame.K_z, CTRL)  # and Ctrl+Z still goes back from it
    assert state(app) == left and aces_table(app).session.saved.game_id == game_id
    play_one(app)  # a move in the game brought back: the one it left is gone, also from the file
    app.persist.wait()
    assert "following" not in json.loads((data_folder / "game.json").read_text())
    app = restart_program(app)
    press(app, pygame.K_y, CTRL)
    assert state(app)["history"] == left["history"] + [state(app)["history"][-1]]
    assert not aces_table(app).session.can_redo()
    assert Store.open(data_folder).stats.variants["standard"].played == 0  # nothing was left that was played


def test_a_game_left_by_a_new_deal_is_counted_at_the_first_move_of_the_next_not_at_the_key(data_folder):
    app = window(deal=7)
    play_one(app)
    game_id = aces_table(app).session.saved.game_id
    press(app, pygame.K_r)
    press(app, pygame.K_n)  # the untouched restart is dropped; the played game stays behind Ctrl+Z
    press(app, pygame.K_n)
    app = restart_program(app)
    stats = Store.open(data_folder).stats
    assert not stats.is_counted(game_id) and stats.variants["standard"].played == 0
    play_one(app)  # a move in the new deal: the game left behind is abandoned now
    app.persist.wait()
    stats = Store.open(data_folder).stats
    assert stats.is_counted(game_id) and stats.variants["standard"].played == 1
    assert aces_table(app).session.previous is None
    assert "previous" not in json.loads((data_folder / "game.json").read_text())


# -- counting ------------------------------------------------------------------------------------------

def test_a_finished_game_is_counted_once(data_folder):
    no_animation(data_folder)
    app = window(deal=11)
    play_to_the_end(app)
    game = aces_table(app).game
    assert end_panel(app) is not None
    app.persist.wait()  # counted once nothing moves, written by the writer thread after the frame
    counted = Store.open(data_folder).stats.variants["standard"]
    assert counted.played == 1 and counted.histogram[game.score] == 1

    press(app, pygame.K_z, CTRL)  # from the end panel: take the last action back ...
    assert not aces_table(app).game.is_over()
    press(app, pygame.K_y, CTRL)  # ... and end the game again
    assert aces_table(app).game.is_over()
    again = restart_program(app)  # the finished table comes back, with its end panel, not counted again
    assert again.playing.game_scene("idioten").game.to_text() == game.to_text() and end_panel(again) is not None
    press(again, pygame.K_n)  # a new deal after the end
    assert again.playing.game_scene("idioten").game.to_text() != game.to_text()
    assert Store.open(data_folder).stats.variants["standard"].played == 1


# -- statistics screen ---------------------------------------------------------------------------------

def test_a_game_the_demo_finished_is_not_the_players_but_one_the_player_finishes_is(data_folder, monkeypatch):
    from types import SimpleNamespace

    from idioten.acesup.players import greedy
    from idioten.play.acesup import coach
    # The demo's player made quick (the simple rule): this test is about who played the last action.
    monkeypatch.setattr(coach, "no_peek", SimpleNamespace(hint=lambda game, time_budget, rng, cancel=None:
                                                           greedy(game, rng)))
    no_animation(data_folder)
    app = window(deal=7)
    play_one(app)  # the player starts, the computer finishes
    press(app, pygame.K_a, settle_after=False)
    deadline = time.monotonic() + 60
    while end_panel(app) is None:
        assert time.monotonic() < deadline, "the demo did not reach the end"
        aces_table(app).assistant.worker.wait(0.05)
        settle(app)
    app.persist.wait()
    assert aces_table(app).session.saved.by_computer and Store.open(data_folder).stats.variants["standard"].played == 0
    app = restart_program(app)  # the finished table comes back, still not counted
    assert aces_table(app).game.is_over() and Store.open(data_folder).stats.variants["standard"].played == 0
    press(app, pygame.K_z, CTRL)  # take the computer's last action back and end the game by hand
    assert not aces_table(app).game.is_over()
    play_to_the_end(app)
    app.persist.wait()
    counted = Store.open(data_folder).stats.variants["standard"]
    assert not aces_table(app).session.saved.by_computer and counted.played == 1
    assert counted.histogram[aces_table(app).game.score] == 1
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s)  # the statistics screen says what is counted
    panel = app.scenes[-1]
    assert i18n.t("ui.stats.title") in headings(app) and panel.box.top < panel.counted_y < panel.box.bottom


def test_the_statistics_screen_shows_the_store_numbers_and_resets_after_confirmation(data_folder):
    store = Store.open(data_folder)
    for number, (score, undo) in enumerate([(10, False), (48, False), (48, True)]):
        store.record_result(f"game-{number}", "standard", score, score == 48, undo)
    assert write_stats(store) is None
    app = window(deal=7)
    press(app, pygame.K_s)
    panel = app.scenes[-1]
    assert i18n.t("ui.stats.title") in headings(app) and panel.variant == "standard"
    shown = shown_texts(app)
    pairs = set(zip(shown, shown[1:]))  # each label is drawn just before its number
    expected = [("Played", "3"), ("Won", "2"), ("Win rate", "66.7 %"), ("Won without undo", "1"),
                ("Current streak", "2"), ("Best streak", "2"), ("Best score", "48"), ("Average score", "35.3"),
                ("Total points", "106")]
    for pair in expected:
        assert pair in pairs, pair
    # The chart's corner names its scale (the tallest bar, 2 games at 48), not a total (3 games played).
    assert "tallest bar: 2" in shown and not any(text.endswith("games") for text in shown)
    chart = panel.chart
    slot = chart.w / 49
    surface = app.window.get_surface()
    assert surface.get_at((round(chart.x + 48.5 * slot), chart.bottom - 2))[:3] == GOLD
    assert surface.get_at((round(chart.x + 10.5 * slot), chart.bottom - 2))[:3] == CHART_BAR
    assert surface.get_at((round(chart.x + 30.5 * slot), chart.bottom - 2))[:3] not in (CHART_BAR, GOLD)
    # the won bar (2 games) is twice as tall as the bar of score 10 (1 game)
    assert surface.get_at((round(chart.x + 48.5 * slot), chart.top + 3))[:3] == GOLD
    assert surface.get_at((round(chart.x + 10.5 * slot), chart.top + chart.h // 2 - 3))[:3] != CHART_BAR

    press(app, pygame.K_RIGHT)
    assert panel.variant == "aces-only" and "No games in this variant yet." in shown_texts(app)

    press(app, pygame.K_DELETE)
    press(app, pygame.K_ESCAPE)  # "no": nothing is reset
    assert Store.open(data_folder).stats.variants["standard"].played == 3
    click(app, panel.reset_button.rect.center)
    press(app, pygame.K_RETURN)  # "yes": forgotten at once, written by the writer thread after the frame
    app.persist.wait()
    assert Store.open(data_folder).stats.variants["standard"].played == 0
    assert app.persist.stats.variants["standard"].played == 0 and app.scenes[-1] is panel


def test_the_statistics_screen_opens_from_the_menu(data_folder):
    app = window(deal=7)
    press(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    assert headings(app) == [i18n.t("ui.menu.title")]
    entry = next(b for b in menu.buttons if b.text_key == "ui.menu.stats")
    click(app, entry.rect.center)
    assert headings(app)[0] == i18n.t("ui.stats.title")  # in the menu's place, not over it


# -- settings screen -----------------------------------------------------------------------------------

def open_settings(app):
    press(app, pygame.K_ESCAPE)
    entry = next(b for b in app.scenes[-1].buttons if b.text_key == "ui.menu.settings")
    click(app, entry.rect.center)
    assert headings(app) == [i18n.t("ui.settings.title")]
    return app.scenes[-1]


def choose(app, panel, name, value):
    click(app, setting_button(app, panel, name, value).rect.center)


def same_picture(surface, svg) -> bool:
    drawn = pygame.image.load_sized_svg(str(svg), surface.get_size()).convert_alpha()
    return pygame.image.tobytes(surface, "RGBA") == pygame.image.tobytes(drawn, "RGBA")


def test_settings_apply_at_once_and_are_remembered(data_folder):
    app = window(deal=7)
    panel = open_settings(app)
    choose(app, panel, "four_colour", True)
    choose(app, panel, "card_back", "red")
    choose(app, panel, "animation", "off")
    choose(app, panel, "highlight_discardable", True)
    choose(app, panel, "language", "de")
    assert app.settings.four_colour and app.settings.card_back == "red"
    assert app.settings.animation == "off" and aces_up_settings(app.settings).highlight_discardable
    assert i18n.language() == "de" and app.window.title == "Idioten"  # the program's name in every language
    card = aces_table(app).game.top(0)  # the table draws its cards in the new deck colours and back
    assert same_picture(app.images.face(card), paths.asset("cards", "four-colour", f"{card}.svg"))
    assert same_picture(app.images.back(), paths.asset("cards", "back-red.svg"))

    again = restart_program(app, lang=None)
    remembered = again.settings
    assert remembered.four_colour and remembered.card_back == "red" and remembered.animation == "off"
    assert aces_up_settings(remembered).highlight_discardable and i18n.language() == "de"
    assert json.loads((data_folder / "settings.json").read_text())["games"]["idioten"]["highlight_discardable"]


def test_the_screens_fit_the_smallest_window(data_folder):
    from idioten.ui.kit.layout import MIN_WINDOW

    app = window(deal=7, size=MIN_WINDOW, lang="de")
    screen = pygame.Rect((0, 0), MIN_WINDOW)
    panel = open_settings(app)
    assert screen.contains(panel.box)
    for _ in panel.pages:  # each page's buttons (the other page's are left out: no width)
        assert all(panel.box.contains(b.rect) for b in panel.buttons if b.rect.w)
        press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s)
    stats = app.scenes[-1]
    assert screen.contains(stats.box) and stats.box.contains(stats.chart)
    assert all(stats.box.contains(b.rect) for b in stats.buttons)


def test_the_variant_setting_switches_an_untouched_deal_and_is_used_for_new_deals(data_folder):
    app = window()
    number = aces_table(app).game.deal_number
    choose(app, open_settings(app), "variant", "aces-only")
    assert aces_table(app).game.variant == "aces-only" and aces_table(app).game.deal_number == number
    assert aces_table(app).game.to_text() == Game.new(deal_cards(number), "aces-only").to_text()
    press(app, pygame.K_ESCAPE)
    play_one(app)
    press(app, pygame.K_n)
    press(app, pygame.K_n)  # confirm
    assert aces_table(app).game.variant == "aces-only" and aces_table(app).game.deal_number != number
    again = restart_program(app)
    assert again.playing.game_scene("idioten").game.variant == "aces-only"


def test_the_variant_on_the_command_line_wins_for_that_run_only(data_folder):
    Store.open(data_folder).change_game_setting("idioten", "variant", "aces-only")
    app = window(variant="standard")
    assert aces_table(app).game.variant == "standard" and aces_table(app).session.variant == "standard"
    assert aces_up_settings(Store.open(data_folder).settings).variant == "aces-only"


def test_automatic_discard_asks_the_rules_and_says_what_it_did(data_folder):
    no_animation(data_folder)
    Store.open(data_folder).change_game_setting("idioten", "auto_discard", True)
    app = window(deal=7)
    for _ in range(12):
        if aces_table(app).game.history and aces_table(app).game.history[-1][0].kind == "discard":
            break
        press(app, pygame.K_SPACE)
    game = aces_table(app).game
    assert game.history[-1][0].kind == "discard"
    assert not any(game.can_discard(p) for p in range(4))  # it discards whenever the rules allow
    kept = game.history[-1][1].card
    assert f"{kept.pretty()} was discarded automatically" in aces_table(app).message
    press(app, pygame.K_z, CTRL)  # the player keeps the card: no discard comes back by itself
    assert kept not in game.discards and any(game.can_discard(p) for p in range(4))


# -- bad files and folders -----------------------------------------------------------------------------

def test_a_damaged_save_shows_a_notice_and_the_game_starts(data_folder):
    (data_folder / "game.json").write_text('{"format": "idioten-game", "version": 1, "history": [')
    app = window()
    assert aces_table(app).game.card_count() == 52 and not aces_table(app).game.history
    assert "game.json was damaged" in aces_table(app).message
    assert list(data_folder.glob("game.bad-*.json"))
    play_one(app)
    app.persist.wait()
    assert json.loads((data_folder / "game.json").read_text())["history"]


def test_a_folder_that_cannot_be_written_shows_a_notice_and_play_goes_on(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(ENV_DATA_DIR, str(blocked / "data"))
    app = window(deal=7)
    assert "Cannot save" in aces_table(app).message
    aces_table(app).say("")
    before = len(aces_table(app).game.history)
    play_one(app)
    app.persist.wait()  # the writer failed on its thread; the next turn of the loop shows its notice
    app.step(dt=0)
    assert len(aces_table(app).game.history) == before + 1 and "Cannot save" in aces_table(app).message


def test_a_save_starts_after_the_frame_that_shows_the_action(data_folder):
    app = window(deal=7)
    app.persist.wait()  # the opening deal's save is on the writer thread; under load it may not be written yet
    saved = (data_folder / "game.json").read_text()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    order = []
    draw, submit = app.draw, app.persist.writer.submit
    app.draw = lambda: (order.append("draw"), draw())
    app.persist.writer.submit = lambda points: (order.append("save"), submit(points))
    app.step(dt=1 / 60)
    assert order == ["draw", "save"]
    app.persist.wait()
    assert (data_folder / "game.json").read_text() != saved


def test_a_slow_disk_never_holds_up_the_loop_and_only_the_newest_game_is_written(data_folder, monkeypatch):
    app = window(deal=7)
    store = app.persist.store
    gate, busy, written = threading.Event(), threading.Event(), []
    real = store.save_file

    def slow_save(name, document):
        busy.set()
        gate.wait(60)
        written.append(document["position"])
        return real(name, document)

    monkeypatch.setattr(store, "save_file", slow_save)
    press(app, pygame.K_SPACE)  # returns although the disk has not finished
    assert busy.wait(60) and not gate.is_set()
    for _ in range(3):
        play_one(app)  # handed over while the first save still hangs
    assert written == []
    gate.set()
    app.persist.wait()
    assert len(written) == 2 and written[-1] == aces_table(app).game.to_text()
    assert json.loads((data_folder / "game.json").read_text())["position"] == aces_table(app).game.to_text()


def test_the_statistics_are_written_before_any_games_file_that_waits_with_them(data_folder):
    """A new deal's first move leaves the old game for good: game.json's next document no longer holds it, and
    only stats.json's counts it. The writer writes stats.json first whichever was handed over first, so no
    kill between the two writes can lose the game and its count at once."""
    from idioten.storage.files import SavePoint
    from idioten.ui.save_writer import SaveWriter

    store = Store.open(data_folder)
    gate, busy, written = threading.Event(), threading.Event(), []

    def slow_save(name, document):
        written.append(name)
        busy.set()
        gate.wait(60)
        return None

    store.save_file = slow_save
    writer = SaveWriter(store)
    writer.submit([SavePoint("poker.json", {})])
    assert busy.wait(60)  # the writer is in the middle of poker.json
    writer.submit([SavePoint("game.json", {})])
    writer.submit([SavePoint("stats.json", {}), SavePoint("poker.json", {"newer": True})])
    gate.set()
    writer.close()
    assert written == ["poker.json", "stats.json", "game.json", "poker.json"]


# -- kill -9 -------------------------------------------------------------------------------------------

def test_kill_9_of_the_real_window_restores_the_table_before_the_kill(data_folder):
    """A real game process (the window under the dummy driver, started like `idioten --deal 7`) plays a
    scripted sequence by posted events, and is killed with SIGKILL in its loop while a card still glides."""
    tests = Path(__file__).resolve().parents[1]  # the shared helpers (ui_store_support.py) are in tests/
    env = dict(os.environ, **{ENV_DATA_DIR: str(data_folder)}, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=os.pathsep.join([str(tests.parent), str(tests), os.environ.get("PYTHONPATH", "")]))
    child = subprocess.Popen([sys.executable, str(tests / "ui_store_support.py"), "--deal", "7", "--lang", "en"],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        before_last_undo = json.loads(child.stdout.readline())
        before_kill = json.loads(child.stdout.readline())
        assert before_kill.pop("moving")  # the undone card had only begun to glide back
        assert child.poll() is None, child.stderr.read()  # still running: killed mid-game
        child.kill()  # SIGKILL on POSIX; on Windows (the pull-request workflow) TerminateProcess, exit status 1
        assert child.wait(timeout=30) == (-signal.SIGKILL if hasattr(signal, "SIGKILL") else 1)
    finally:
        if child.poll() is None:
            child.kill()
        child.stdout.close()
        child.stderr.close()
    assert before_kill["future"] == before_last_undo["future"] + [before_last_undo["history"][-1]]

    app = window()
    assert state(app) == before_kill
    assert not list(data_folder.glob("*.bad-*"))


def test_the_menu_language_button_is_remembered(data_folder):
    app = window(deal=7)
    press(app, pygame.K_ESCAPE)
    entry = next(b for b in app.scenes[-1].buttons if b.text_key == "ui.menu.language")
    click(app, entry.rect.center)
    assert i18n.language() == "es"  # after English in the order of the languages' codes
    assert Store.open(data_folder).settings.language == "es"


def test_a_window_without_a_store_keeps_its_settings_in_memory(data_folder, tmp_path, monkeypatch):
    from ui_store_support import Clock

    from idioten.ui.app import App

    monkeypatch.chdir(tmp_path)
    app = App(Game.new(deal_cards(7), deal_number=7), clock=Clock(), size=(1280, 800))
    app.clock_for_tests = app.clock
    OPEN.append(app)
    app.step(dt=0)
    choose(app, open_settings(app), "four_colour", True)
    assert app.settings.four_colour and app.persist.settings.four_colour
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_s)
    assert i18n.t("ui.stats.title") in headings(app)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written anywhere


def demo_then_stop(app, monkeypatch, moves: int = 2) -> None:
    """A, let the demo play `moves` actions, then any key stops it (all through the real loop)."""
    from types import SimpleNamespace

    from idioten.acesup.players import greedy
    from idioten.play.acesup import coach
    monkeypatch.setattr(coach, "no_peek", SimpleNamespace(hint=lambda game, time_budget, rng, cancel=None:
                                                           greedy(game, rng)))
    before = len(aces_table(app).game.history)
    press(app, pygame.K_a, settle_after=False)
    deadline = time.monotonic() + 60  # a hang guard only: the outcome is the same fast or slow
    while len(aces_table(app).game.history) < before + moves:
        assert time.monotonic() < deadline, "the demo did not play"
        aces_table(app).assistant.worker.wait(0.05)
        settle(app)
    press(app, pygame.K_x)  # any key stops the demo
    assert not aces_table(app).game.is_over()


def test_a_game_the_demo_played_last_and_the_player_left_is_not_counted(data_folder, monkeypatch):
    no_animation(data_folder)
    app = window(deal=7)
    play_one(app)
    game_id = aces_table(app).session.saved.game_id
    demo_then_stop(app, monkeypatch)
    press(app, pygame.K_n)
    play_one(app)  # the first move in the new deal leaves the demo's game for good
    app.persist.wait()
    stats = Store.open(data_folder).stats
    assert stats.variants["standard"].played == 0 and not stats.is_counted(game_id)


def test_a_game_the_player_moved_in_after_the_demo_is_counted_when_left(data_folder, monkeypatch):
    no_animation(data_folder)
    app = window(deal=7)
    play_one(app)
    game_id = aces_table(app).session.saved.game_id
    demo_then_stop(app, monkeypatch)
    play_one(app)  # the player takes over: the game is the player's again
    score = aces_table(app).game.score
    press(app, pygame.K_n)
    play_one(app)
    app.persist.wait()
    counted = Store.open(data_folder).stats.variants["standard"]
    assert Store.open(data_folder).stats.is_counted(game_id) and counted.played == 1
    assert counted.histogram[score] == 1
