"""The deal of the day across a restart of the program and past midnight: the real program start
(`launch.open_app`) on a data folder of the test's own, the real loop under SDL's dummy driver, quitting with
Ctrl+Q or the window's close button as a player does, and starting again on the same folder."""

import datetime as dt
import json

import pygame
import pytest
from ui_solver_support import HANG_GUARD, panel_text, run_until
from ui_store_support import open_window, play_one, press, settle
from ui_support import end_panel, screen_text

from idioten import i18n
from idioten.acesup import daily
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.store import Store

DAY = dt.date(2026, 12, 15)  # its deal and the next day's are found at once
DAY_DEAL = 815763386  # pinned in tests/acesup/test_daily.py
OPEN = []


class Calendar:
    """The player's calendar day, moved on by the test (midnight passes while the program runs or is closed)."""

    def __init__(self):
        self.day = DAY

    def __call__(self) -> dt.date:
        return self.day


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    i18n.set_language("en")
    assert Store.open(tmp_path).change_setting("animation", "off") is None
    yield tmp_path
    while OPEN:
        app = OPEN.pop()
        app.persist.close()
        app.close()


@pytest.fixture
def calendar(monkeypatch):
    today = Calendar()
    monkeypatch.setattr(daily, "today", today)
    return today


def start_program():
    app = open_window()
    OPEN.append(app)
    return app


def quit_program(app, event) -> None:
    """The player quits through the real loop; then what `launch.run` does once the loop has returned."""
    pygame.event.post(event)
    app.loop()
    assert not app.running
    OPEN.remove(app)
    app.persist.close()
    app.close()


CTRL_Q = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="")
CLOSE = pygame.event.Event(pygame.WINDOWCLOSE)


def deal_of_the_day(app, number=DAY_DEAL):
    press(app, pygame.K_t, settle_after=False)
    assert run_until(app, lambda: app.playing.game_scene("idioten").game.deal_number == number, timeout=HANG_GUARD)
    settle(app)


def labelled(app, day: dt.date) -> bool:
    """The status bar names the game as the deal of the day `day`."""
    return i18n.t("ui.daily.status", day=day.isoformat()) in screen_text(app)


def play_to_the_end(app) -> None:
    for _ in range(400):
        if app.playing.game_scene("idioten").game.is_over():
            settle(app)
            return
        play_one(app)
    raise AssertionError("the game did not end")


def test_a_deal_of_the_day_survives_a_restart_of_the_program_and_counts_once(data_folder, calendar):
    app = start_program()
    deal_of_the_day(app)
    play_one(app)
    moved = app.playing.game_scene("idioten").game.to_text()
    assert labelled(app, DAY)
    quit_program(app, CTRL_Q)
    assert json.loads((data_folder / "game.json").read_text())["daily"] == DAY.isoformat()

    app = start_program()  # the same day's deal, as it was left, with its label
    table = app.playing.game_scene("idioten")
    assert table.game.deal_number == DAY_DEAL and table.game.to_text() == moved
    assert labelled(app, DAY)
    play_to_the_end(app)
    won = app.playing.game_scene("idioten").game.is_won()
    assert run_until(app, lambda: end_panel(app) is not None, timeout=HANG_GUARD)
    text = panel_text(end_panel(app))
    assert f"days played: 1, won: {int(won)}" in text and "Next deal of the day in" in text
    app.persist.wait()  # counted at once, written by the writer thread after the frame
    assert Store.open(data_folder).stats.daily.days == {DAY.isoformat(): won}
    quit_program(app, CLOSE)

    app = start_program()  # the finished deal comes back with its end panel, not counted again
    assert app.playing.game_scene("idioten").game.is_over() and end_panel(app) is not None
    assert f"days played: 1, won: {int(won)}" in panel_text(end_panel(app))
    press(app, pygame.K_z, pygame.KMOD_LCTRL)  # taken back and ended again: the first ending stands
    play_to_the_end(app)
    quit_program(app, CTRL_Q)
    stats = Store.open(data_folder).stats
    assert stats.daily.days == {DAY.isoformat(): won} and stats.variants["standard"].played == 1


def test_t_after_a_restart_deals_the_day_again_without_looking_for_it(data_folder, calendar, monkeypatch):
    app = start_program()
    deal_of_the_day(app)
    play_one(app)
    quit_program(app, CTRL_Q)
    monkeypatch.setattr(daily, "daily_deal", lambda day, cancel=None: pytest.fail("searched again"))
    app = start_program()
    press(app, pygame.K_n)
    assert app.playing.game_scene("idioten").game.deal_number != DAY_DEAL and not labelled(app, DAY)
    press(app, pygame.K_t)
    table = app.playing.game_scene("idioten")
    assert table.game.deal_number == DAY_DEAL and table.game.history == []
    assert labelled(app, DAY)


def test_past_midnight_the_game_stays_that_days_deal_and_counts_for_that_day(data_folder, calendar):
    app = start_program()
    deal_of_the_day(app)
    play_one(app)
    calendar.day = DAY + dt.timedelta(days=1)  # midnight passes while the game is open ...
    settle(app)
    assert labelled(app, DAY)
    quit_program(app, CTRL_Q)
    app = start_program()  # ... and the program is started again the next day
    assert app.playing.game_scene("idioten").game.deal_number == DAY_DEAL
    assert labelled(app, DAY)
    play_to_the_end(app)
    won = app.playing.game_scene("idioten").game.is_won()
    app.persist.wait()  # counted at once, written by the writer thread after the frame
    assert Store.open(data_folder).stats.daily.days == {DAY.isoformat(): won}
    assert run_until(app, lambda: end_panel(app) is not None, timeout=HANG_GUARD)
    text = panel_text(end_panel(app))
    # The next day's deal is already there: no countdown to it; a won day still makes a streak today.
    assert i18n.t("ui.daily.ready", day=calendar.day.isoformat()) in text and "Next deal" not in text
    assert f"streak: {int(won)}" in text
    press(app, pygame.K_t, settle_after=False)  # from the end panel: the new day's deal
    assert run_until(app, lambda: app.playing.game_scene("idioten").game.deal_number not in (DAY_DEAL, None)
                     and labelled(app, calendar.day),
                     timeout=HANG_GUARD)
    assert app.playing.game_scene("idioten").game.history == []


def test_a_damaged_day_in_the_save_is_said_in_one_line_and_nothing_else_changes(data_folder, calendar):
    app = start_program()
    deal_of_the_day(app)
    play_one(app)
    quit_program(app, CTRL_Q)
    data = json.loads((data_folder / "game.json").read_text())
    (data_folder / "game.json").write_text(json.dumps(dict(data, daily="yesterday")))
    stats_before = (data_folder / "stats.json").read_bytes() if (data_folder / "stats.json").exists() else None
    app = start_program()
    assert app.playing.game_scene("idioten").game.deal_number != DAY_DEAL and not labelled(app, DAY)
    shown = screen_text(app)  # the one line in the message bar
    assert "game.bad-" in shown and "game.json" in shown
    aside = [p for p in data_folder.iterdir() if p.name.startswith("game.bad-")]
    assert len(aside) == 1 and json.loads(aside[0].read_text())["daily"] == "yesterday"
    after = (data_folder / "stats.json").read_bytes() if (data_folder / "stats.json").exists() else None
    assert after == stats_before
