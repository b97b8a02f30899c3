"""The solver in the window, through the real loop under SDL's dummy driver: the worker, the end panel's
verdict, "Show solution", the live indicator and "winnable deals only"."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from ui_solver_support import (
    HANG_GUARD,
    LINE_FRAME,
    TRAP,
    computer_playing,
    lost_position,
    panel_text,
    play_greedy_to_the_end,
    run_until,
)
from ui_support import aces_table, click, end_panel, headings, key, make_app, setting_button, shown_texts

from idioten import i18n
from idioten.acesup import solver
from idioten.acesup.players import greedy
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.play.acesup import assist, knowledge
from idioten.play.acesup.settings import aces_up_settings, problems
from idioten.storage.settings import Settings as StoredSettings
from idioten.ui.worker import Worker

LONG_SEARCH_DEAL = 2  # a deal whose proof takes seconds of search (the searches here stand in for it)


pytestmark = pytest.mark.usefixtures("english_window")


def test_the_window_names_the_solvers_answers_as_the_solver_does():
    # The window takes the verdicts' names from play.knowledge.
    assert (knowledge.WINNABLE, knowledge.UNWINNABLE, knowledge.UNKNOWN) == (solver.WINNABLE, solver.UNWINNABLE,
                                                                             solver.UNKNOWN)


# -- the worker -------------------------------------------------------------------------------------------

def test_worker_hands_back_only_the_answer_still_wanted():
    worker = Worker(post_events=False)
    release = threading.Event()
    worker.submit("first", lambda cancel: release.wait(HANG_GUARD) and "old")
    worker.submit("second", lambda cancel: "new")
    release.set()
    assert worker.wait(HANG_GUARD)
    answers = []
    assert run_until_answers(worker, answers)
    assert [(a.kind, a.result) for a in answers] == [("second", "new")]
    assert not worker.running


def test_a_search_worker_starts_the_next_job_only_after_the_replaced_one_let_go():
    # Two solver tables held at once would double the window's memory (bench/ui_memory.py).
    worker = Worker(post_events=False, one_job_in_memory=True)
    replaced_finished = threading.Event()

    def replaced(cancel):
        cancel.wait(HANG_GUARD)
        threading.Event().wait(0.1)  # a search that takes a moment to see its flag and free its table
        replaced_finished.set()

    worker.submit("first", replaced)
    worker.submit("second", lambda cancel: replaced_finished.is_set())
    answers = []
    assert run_until_answers(worker, answers)
    assert [(a.kind, a.result) for a in answers] == [("second", True)]


def test_a_job_replaced_while_it_still_waits_for_its_turn_never_runs():
    worker = Worker(post_events=False, one_job_in_memory=True)
    release, second_ran = threading.Event(), threading.Event()
    worker.submit("first", lambda cancel: release.wait(HANG_GUARD))
    worker.submit("second", lambda cancel: second_ran.set())
    worker.submit("third", lambda cancel: "third")
    release.set()
    answers = []
    assert run_until_answers(worker, answers)
    assert [a.result for a in answers] == ["third"]
    assert not second_ran.is_set()  # its thread ended before the third job began (one job in memory)


def run_until_answers(worker, answers, timeout=HANG_GUARD) -> bool:
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not answers:
        answers += worker.poll()
        time.sleep(0.01)
    return bool(answers)


def test_worker_reports_an_error_as_an_answer_not_a_crash():
    worker = Worker(post_events=False)
    worker.submit("broken", lambda cancel: 1 / 0)
    answers = []
    assert run_until_answers(worker, answers)
    assert isinstance(answers[0].error, ZeroDivisionError)


def watch_searches(monkeypatch) -> list[tuple[str, threading.Event, threading.Event]]:
    """The window's searches as they start: the position searched, its cancel flag, and an Event set when the
    search returns. Each search stands in for one of a deal whose proof takes long: it returns only when
    cancelled, so "still running" does not depend on how fast the machine is."""
    searches = []

    def until_cancelled(game, seconds, cancel, *memory, **limits):
        returned = threading.Event()
        searches.append((game.to_text(), cancel, returned))
        given_up = time.monotonic() + HANG_GUARD
        while not cancel.is_set() and time.monotonic() < given_up:  # a StopFlag is asked, as the solver does
            time.sleep(0.001)
        returned.set()
        return None
    monkeypatch.setattr(assist, "compiled_core", lambda: False)  # the live indicator's own search (test_ui_lesson
    # has the verdict from the deal on)
    monkeypatch.setattr(assist, "solve", until_cancelled)
    return searches


def live_search(app, searches) -> tuple[threading.Event, threading.Event]:
    """With the live indicator on, the search of the position on the table, once it runs: its cancel flag, and
    an Event set when it returns."""
    app.settings = app.settings.game_changed("idioten", "live_verdict", True)
    position = app.playing.game_scene("idioten").game.to_text()
    assert run_until(app, lambda: searches and searches[-1][0] == position, timeout=HANG_GUARD)
    return searches[-1][1:]


def test_a_new_deal_cancels_the_running_search_at_once(monkeypatch):
    searches = watch_searches(monkeypatch)
    app, _ = make_app(Game.new(deal_cards(LONG_SEARCH_DEAL), deal_number=LONG_SEARCH_DEAL))
    cancel, returned = live_search(app, searches)
    assert not cancel.is_set()
    key(app, pygame.K_n, settle=False)  # nothing played yet: no question asked
    assert app.playing.game_scene("idioten").game.deal_number != LONG_SEARCH_DEAL
    assert cancel.is_set(), "the new deal left the old search running"  # at once: by the key itself
    assert returned.wait(HANG_GUARD)
    # The indicator's search starts again, for the new deal.
    cancel, returned = live_search(app, searches)
    assert not cancel.is_set() and not returned.is_set()


def test_restart_and_closing_the_window_cancel_the_search(monkeypatch):
    searches = watch_searches(monkeypatch)
    app, _ = make_app(Game.new(deal_cards(LONG_SEARCH_DEAL), deal_number=LONG_SEARCH_DEAL))
    app.settings = app.settings.game_changed("idioten", "live_verdict", True)
    app.playing.game_scene("idioten").deal()
    app.settle()
    cancel, returned = live_search(app, searches)
    app.playing.game_scene("idioten").restart()
    assert cancel.is_set()
    assert returned.wait(HANG_GUARD)
    cancel, returned = live_search(app, searches)
    app.playing.game_scene("idioten").assistant.close()
    assert cancel.is_set()
    assert returned.wait(HANG_GUARD)


# -- the end panel ----------------------------------------------------------------------------------------

def test_end_panel_says_a_lost_winnable_deal_could_have_been_won_and_shows_the_solution():
    app, _ = make_app(Game.from_text(TRAP))
    app.settings = app.settings.changed("animation", "fast")
    play_greedy_to_the_end(app)
    assert not app.playing.game_scene("idioten").game.is_won()
    assert run_until(app, lambda: end_panel(app) is not None and i18n.t("ui.truth.yes") in panel_text(end_panel(app)))
    panel = end_panel(app)
    show = next(b for b in panel.buttons if b.text_key == "ui.button.show_solution")
    steps = len(app.playing.game_scene("idioten").assistant.known[TRAP].line)
    key(app, pygame.K_l, settle=False)  # the same as the button
    assert end_panel(app) is None and computer_playing(app)
    assert app.playing.game_scene("idioten").game.to_text() == TRAP  # the deal starts again
    assert run_until(app, lambda: app.playing.game_scene("idioten").game.is_won(), timeout=HANG_GUARD,
                     dt=LINE_FRAME)
    assert len(app.playing.game_scene("idioten").game.history) == steps
    assert run_until(app, lambda: end_panel(app) is not None, timeout=HANG_GUARD)
    assert headings(app) == [i18n.t("ui.truth.shown_title")]
    assert not app.busy()  # the computer's win: no confetti
    assert show.label == "Show solution"


def test_end_panel_says_an_unwinnable_deal_could_not_have_been_won_with_its_best_score():
    app, _ = make_app(lost_position())
    key(app, pygame.K_4)
    key(app, pygame.K_d)
    key(app, pygame.K_4)
    key(app, pygame.K_d)
    assert app.playing.game_scene("idioten").game.is_over() and app.playing.game_scene("idioten").game.score == 47
    said = i18n.t("ui.truth.no", best=47)
    assert run_until(app, lambda: end_panel(app) is not None and said in panel_text(end_panel(app)))
    panel = end_panel(app)
    assert all(b.text_key != "ui.button.show_solution" for b in panel.buttons)
    key(app, pygame.K_l)  # no solution to show: nothing happens
    assert end_panel(app) is panel


def test_end_panel_says_working_it_out_until_the_answer_comes(monkeypatch):
    gate = threading.Event()
    real_solve = assist.solve

    def slow_solve(game, seconds, cancel, *memory, **limits):
        gate.wait(HANG_GUARD)
        return real_solve(game, seconds, cancel, *memory, **limits)
    monkeypatch.setattr(assist, "solve", slow_solve)
    app, _ = make_app(lost_position())
    for _ in range(2):
        key(app, pygame.K_4)
        key(app, pygame.K_d)
    assert run_until(app, lambda: end_panel(app) is not None, timeout=HANG_GUARD)
    assert i18n.t("ui.truth.looking") in panel_text(end_panel(app))
    gate.set()
    assert run_until(app, lambda: i18n.t("ui.truth.no", best=47) in panel_text(end_panel(app)))


# -- the live indicator and winnable deals ---------------------------------------------------------------

def test_live_indicator_follows_the_position():
    app, _ = make_app(Game.from_text(TRAP))
    app.settings = app.settings.game_changed("idioten", "live_verdict", True)
    assert run_until(app, lambda: aces_table(app).assistant.status_parts() == [i18n.t("ui.live.winnable")])
    # Always discarding loses this deal: after the first wrong discard it can no longer be won.
    wrong = greedy(app.playing.game_scene("idioten").game.copy(), None)
    assert wrong != app.playing.game_scene("idioten").assistant.known[TRAP].line[0]
    app.playing.game_scene("idioten").act(wrong)
    assert run_until(app, lambda: aces_table(app).assistant.status_parts() == [i18n.t("ui.live.unwinnable")])
    app.settings = app.settings.game_changed("idioten", "live_verdict", False)
    assert app.playing.game_scene("idioten").assistant.status_parts() == []


def test_settings_accept_the_two_options_and_start_off():
    stored = StoredSettings()
    assert aces_up_settings(stored).live_verdict is False and aces_up_settings(stored).winnable_only is False
    assert aces_up_settings(stored.game_changed("idioten", "live_verdict", True)).live_verdict is True
    assert aces_up_settings(stored.game_changed("idioten", "winnable_only", "yes")).winnable_only is False
    assert problems(stored.game_changed("idioten", "winnable_only", "yes"))[0].params == {
        "name_key": "store.setting.winnable_only"}


def test_winnable_deals_only_deals_a_deal_the_solver_proved(monkeypatch):
    # Deal 5 is winnable: the search is made to draw it (the solver really proves it).
    monkeypatch.setattr(assist, "MIN_DEAL", 5)
    monkeypatch.setattr(assist, "MAX_DEAL", 5)
    monkeypatch.setattr(assist, "DEAL_SECONDS", 120.0)
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    app.settings = app.settings.game_changed("idioten", "winnable_only", True)
    key(app, pygame.K_n, settle=False)
    assert app.playing.game_scene("idioten").message == i18n.t("ui.deal_search.looking")
    assert app.playing.game_scene("idioten").game.deal_number == 7  # the old deal stays until the new one is found
    assert run_until(app, lambda: app.playing.game_scene("idioten").game.deal_number == 5, timeout=120)
    assert app.playing.game_scene("idioten").assistant.knowledge().result == assist.WINNABLE
    assert "winnable" in app.playing.game_scene("idioten").message


def test_the_settings_screen_turns_the_indicator_on_and_the_store_remembers_it(monkeypatch):
    app, _ = make_app(Game.from_text(TRAP))
    app.open_settings()
    app.settle()
    panel = app.scenes[-1]
    click(app, setting_button(app, panel, "live_verdict", True).rect.center)
    assert aces_up_settings(app.settings).live_verdict is True
    assert aces_up_settings(app.persist.settings).live_verdict is True  # what the store will write
    key(app, pygame.K_ESCAPE)
    assert run_until(app, lambda: aces_table(app).assistant.status_parts() == [i18n.t("ui.live.winnable")])
    assert any(i18n.t("ui.live.winnable") in text for text in shown_texts(app))  # in the status bar
