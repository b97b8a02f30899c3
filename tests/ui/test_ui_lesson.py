"""Where did I go wrong, the verdict from the deal on and the deal of the day, through the real loop under
SDL's dummy driver."""

from __future__ import annotations

import datetime as dt
import threading
import time

import pygame
import pytest
from deals import ACES_ONLY_SHORT, SHORT_OF_BEST
from ui_solver_support import (
    HANG_GUARD,
    LINE_FRAME,
    TRAP,
    computer_playing,
    panel_text,
    play_greedy_to_the_end,
    run_until,
)
from ui_support import OPEN_APPS, aces_table, click, end_panel, key, make_app, position

from idioten import i18n
from idioten.acesup import analysis, daily, solver
from idioten.acesup.rules import ACES_ONLY, Action, Game
from idioten.cards import deal_cards
from idioten.play.acesup import assist, lesson
from idioten.ui.persist import persistence

LONG_SEARCH_DEAL = 2  # millions of positions: no answer within a few of the solver's looks at its flag
# Aces-only (cards move only into gaps as aces), each lost by the greedy player of these tests:
ACES_ONLY_LOST_WIN = 16  # winnable; the win is lost at move 38 and the hint would have made the same move


pytestmark = pytest.mark.usefixtures("english_window")


def lesson_ready(app) -> bool:
    panel = end_panel(app)
    return panel is not None and panel.lesson is not None and panel.lesson.found is not None


def button_centre(panel, text_key: str):
    return next(b for b in panel.buttons if b.text_key == text_key).rect.center


def test_a_lost_winnable_game_names_the_move_and_b_goes_back_to_just_before_it():
    app, _ = make_app(Game.from_text(TRAP))
    app.settings = app.settings.changed("animation", "fast")
    moves = play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=HANG_GUARD)
    panel = end_panel(app)
    found = analysis.analyse(Game.from_text(TRAP), moves)
    k = found.winnable_until
    text = panel_text(panel)
    before = analysis.positions_along(Game.from_text(TRAP), moves)[k]
    assert i18n.t("ui.lesson.until", number=k + 1, move=lesson.deed(before, moves[k])) in text
    assert f"Move {k + 1}, you " in text and "after that no line wins" in text and "knowing the stock" in text
    key(app, pygame.K_b)
    game = aces_table(app).game
    assert end_panel(app) is None and len(game.history) == k
    assert [a for a, _ in game.history] == moves[:k]
    # Knowing the stock, the arrow shows a winning move from here, and the live indicator knows it too.
    assert aces_table(app).assistant.coach.hint_arrow() == found.line[0]
    app.settings = app.settings.game_changed("idioten", "live_verdict", True)
    assert aces_table(app).assistant.status_parts() == [i18n.t("ui.live.winnable")]
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)  # redo: the undone moves come back one by one
    assert [a for a, _ in aces_table(app).game.history] == moves[:k + 1]


def test_the_button_goes_back_and_solution_from_there_wins():
    app, _ = make_app(Game.from_text(TRAP))
    app.settings = app.settings.changed("animation", "fast")
    play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=HANG_GUARD)
    k = end_panel(app).lesson.found.winnable_until
    click(app, button_centre(end_panel(app), "ui.button.back_to_move"))
    assert end_panel(app) is None and len(aces_table(app).game.history) == k
    play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=HANG_GUARD)
    key(app, pygame.K_f, settle=False)
    assert computer_playing(app) and len(aces_table(app).game.history) == k
    assert run_until(app, lambda: aces_table(app).game.is_won(), timeout=HANG_GUARD, dt=LINE_FRAME)


def test_a_deal_never_winnable_says_where_its_best_score_was_lost():
    app, _ = make_app(Game.from_text(SHORT_OF_BEST))
    app.settings = app.settings.changed("animation", "fast")
    key(app, pygame.K_3)
    key(app, pygame.K_1)
    play_greedy_to_the_end(app)
    assert aces_table(app).game.score < 47
    assert run_until(app, lambda: lesson_ready(app), timeout=HANG_GUARD)
    text = panel_text(end_panel(app))
    assert "Move 1, you moved A♠ into pile 1: after that no line reaches the best possible score, 47." in text
    assert all(b.text_key != "ui.button.solution_from_there" for b in end_panel(app).buttons)
    key(app, pygame.K_b)
    assert aces_table(app).game.history == [] and aces_table(app).game.can_redo()


@pytest.mark.parametrize("language, words", [
    ("en", ["you dealt and kept 5♥", "you dealt four more cards", "you discarded 5♥",
            "you moved K♥ into pile 3"]),
    ("sv", ["du gav och behöll 5♥", "du gav fyra nya kort", "du kastade 5♥", "du flyttade K♥ till hög 3"]),
    ("de", ["du hast gegeben und 5♥ behalten", "du hast vier neue Karten gegeben", "du hast 5♥ abgelegt",
            "du hast K♥ auf Stapel 3 verschoben"])])
def test_the_lesson_says_what_the_player_did_not_what_to_do(language, words):
    i18n.set_language(language)
    could_discard = position(["5H", "KH", "", "2C"], stock=8)
    could_not = position(["5H", "KS", "", "2C"], stock=8)
    assert [lesson.deed(could_discard, Action.deal()), lesson.deed(could_not, Action.deal()),
            lesson.deed(could_discard, Action.discard(0)), lesson.deed(could_discard, Action.move(1, 2))] == words


def aces_only(number: int) -> Game:
    return Game.new(deal_cards(number), ACES_ONLY, number)


def test_aces_only_a_lost_win_is_named_b_goes_back_redo_works_and_f_wins_from_there():
    app, _ = make_app(aces_only(ACES_ONLY_LOST_WIN))
    app.settings = app.settings.changed("animation", "fast")
    moves = play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=HANG_GUARD)
    found = analysis.analyse(aces_only(ACES_ONLY_LOST_WIN), moves)
    k = found.winnable_until
    assert k is not None and found.line
    panel = end_panel(app)
    text = panel_text(panel)
    before = analysis.positions_along(aces_only(ACES_ONLY_LOST_WIN), moves)[k]
    assert i18n.t("ui.truth.yes") in text
    assert i18n.t("ui.lesson.until", number=k + 1, move=lesson.deed(before, moves[k])) in text
    assert i18n.t("ui.lesson.hint_agrees") in text and i18n.t("ui.lesson.caveat") in text
    assert {"ui.button.back_to_move", "ui.button.solution_from_there"} <= {b.text_key for b in panel.buttons}
    key(app, pygame.K_b)
    assert end_panel(app) is None and [a for a, _ in aces_table(app).game.history] == moves[:k]
    assert aces_table(app).assistant.coach.hint_arrow() == found.line[0]
    assert aces_table(app).game.can(found.line[0])  # a move of this variant's rules (a move into a gap: an ace)
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)  # redo brings the losing move back ...
    assert [a for a, _ in aces_table(app).game.history] == moves[:k + 1]
    play_greedy_to_the_end(app)  # ... and the game is lost the same way again: F shows the solution from there
    assert run_until(app, lambda: lesson_ready(app), timeout=HANG_GUARD)
    key(app, pygame.K_f, settle=False)
    assert computer_playing(app) and len(aces_table(app).game.history) == k
    assert run_until(app, lambda: aces_table(app).game.is_won(), timeout=HANG_GUARD, dt=LINE_FRAME)
    assert aces_table(app).game.variant == ACES_ONLY


def test_aces_only_never_winnable_names_where_the_best_score_went_and_what_the_hint_would_have_done():
    app, _ = make_app(aces_only(ACES_ONLY_SHORT))
    app.settings = app.settings.changed("animation", "fast")
    moves = play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=HANG_GUARD)
    found = end_panel(app).lesson.found
    j, best = found.best_until, found.best_score
    assert found.winnable_until is None and j is not None and aces_table(app).game.score < best < 48
    before = analysis.positions_along(aces_only(ACES_ONLY_SHORT), moves)[j]
    assert found.hint is not None and found.hint != moves[j]
    text = panel_text(end_panel(app))
    assert i18n.t("ui.truth.no", best=best) in text
    assert i18n.t("ui.lesson.best_until", best=best, number=j + 1, move=lesson.deed(before, moves[j])) in text
    assert i18n.t("ui.lesson.hint_differs", advice=assist.advice(before, found.hint)) in text
    assert i18n.t("ui.lesson.caveat") in text and i18n.t("ui.lesson.keys_best") in text
    assert all(b.text_key != "ui.button.solution_from_there" for b in end_panel(app).buttons)
    click(app, button_centre(end_panel(app), "ui.button.back_to_move"))
    assert end_panel(app) is None and [a for a, _ in aces_table(app).game.history] == moves[:j]
    # An arrow on a move that keeps the best score within reach, which the losing move did not.
    arrow = aces_table(app).assistant.coach.hint_arrow()
    assert arrow is not None and arrow != moves[j] and arrow == found.best_line[0]
    assert aces_table(app).message == i18n.t("ui.lesson.back_best", number=j + 1, best=best,
                                        advice=assist.advice(aces_table(app).game, arrow))
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert [a for a, _ in aces_table(app).game.history] == moves[:j + 1] and aces_table(app).game.can_redo()


def test_never_winnable_b_shows_the_best_move_and_f_at_the_table_plays_the_best_line():
    app, _ = make_app(Game.from_text(SHORT_OF_BEST))
    app.settings = app.settings.changed("animation", "fast")
    key(app, pygame.K_3)
    key(app, pygame.K_1)
    moves = play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=60)
    found = end_panel(app).lesson.found
    assert found.line is None and found.best_until == 0 and found.best_score == 47
    assert "ui.button.best_from_there" in {b.text_key for b in end_panel(app).buttons}
    key(app, pygame.K_b)
    assert end_panel(app) is None and aces_table(app).game.history == []
    arrow = aces_table(app).assistant.coach.hint_arrow()
    assert arrow is not None and arrow != moves[0]
    key(app, pygame.K_f, settle=False)  # the panel is closed: F at the table plays the best line from here
    assert computer_playing(app)
    assert i18n.t("ui.solution.best_playing", step=1, steps=len(found.best_line)) in panel_text(app.scenes[-1])
    assert run_until(app, lambda: aces_table(app).game.is_over(), timeout=60, dt=LINE_FRAME)
    assert aces_table(app).game.score == 47 and [a for a, _ in aces_table(app).game.history] == list(found.best_line)


def test_after_b_closed_the_panel_f_at_the_table_plays_the_solution_from_there():
    app, _ = make_app(Game.from_text(TRAP))
    app.settings = app.settings.changed("animation", "fast")
    moves = play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=60)
    k = end_panel(app).lesson.found.winnable_until
    key(app, pygame.K_b)
    assert end_panel(app) is None and len(aces_table(app).game.history) == k
    key(app, pygame.K_f, settle=False)
    assert computer_playing(app) and len(aces_table(app).game.history) == k
    assert run_until(app, lambda: aces_table(app).game.is_won(), timeout=60, dt=LINE_FRAME)
    assert [a for a, _ in aces_table(app).game.history][:k] == moves[:k]


def test_b_and_f_at_the_table_say_what_they_do_when_there_is_nothing_to_go_back_to():
    app, _ = make_app(Game.from_text(TRAP))
    key(app, pygame.K_f)
    assert aces_table(app).message == i18n.t("ui.lesson.key_f") and not computer_playing(app)
    key(app, pygame.K_b)
    assert aces_table(app).message == i18n.t("ui.lesson.key_b") and aces_table(app).game.history == []
    app.settings = app.settings.changed("animation", "fast")
    moves = play_greedy_to_the_end(app)
    assert run_until(app, lambda: lesson_ready(app), timeout=60)
    key(app, pygame.K_ESCAPE)  # the panel closed to look at the table: B still goes back from there
    k = aces_table(app).assistant.teacher.lesson.found.winnable_until
    key(app, pygame.K_b)
    assert [a for a, _ in aces_table(app).game.history] == moves[:k]
    aces_table(app).act(next(action for action in aces_table(app).game.useful_actions() if action != moves[k]))
    app.settle()
    key(app, pygame.K_f)  # played off the line analysed: F says what it does instead of guessing
    assert aces_table(app).message == i18n.t("ui.lesson.key_f") and not computer_playing(app)


def quit_window(app) -> None:
    """Ctrl+Q, then what the program does when its loop has returned (`launch.run`)."""
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL, settle=False)
    assert not app.running
    OPEN_APPS.remove(app)
    app.close()


STOPPERS = {"new deal": lambda app: key(app, pygame.K_n), "restart": lambda app: key(app, pygame.K_r),
            "quit": quit_window}


# Every stopper in both variants; Aces only's longer lesson is stopped by a new deal in the fast tier and by
# the other two in the slow tier.
@pytest.mark.parametrize("stopper, variant", [
    pytest.param(stopper, variant, marks=[pytest.mark.slow] * (variant == ACES_ONLY and stopper != "new deal"))
    for stopper in sorted(STOPPERS) for variant in ("standard", ACES_ONLY)])
def test_the_lesson_shows_progress_and_a_new_deal_a_restart_or_quitting_cancels_it(monkeypatch, variant, stopper):
    gate, entered, cancelled = threading.Event(), threading.Event(), threading.Event()
    real, calls = analysis.default_solve, []

    def slow(game, cancel, *budget):  # the first two searches are real, the third waits until it is cancelled
        calls.append(game)
        if len(calls) <= 2:
            return real(game, cancel, *budget)
        entered.set()
        while not gate.wait(0.01):
            if cancel.is_set():
                cancelled.set()
                raise analysis.Undecided("cancelled")
        return real(game, cancel, *budget)
    monkeypatch.setattr(analysis, "default_solve", slow)
    app, _ = make_app(Game.from_text(TRAP) if variant == "standard" else aces_only(ACES_ONLY_LOST_WIN))
    app.settings = app.settings.changed("animation", "fast")
    play_greedy_to_the_end(app)
    assert run_until(app, lambda: end_panel(app) is not None and end_panel(app).lesson is not None, timeout=HANG_GUARD)
    assert aces_table(app).assistant.worker.kind == "lesson"
    assert entered.wait(HANG_GUARD)  # the panel counts the searches while it waits for the third
    assert run_until(app, lambda: i18n.tn("ui.lesson.progress", 3, count=3) in panel_text(end_panel(app)),
                     timeout=HANG_GUARD)
    STOPPERS[stopper](app)
    assert cancelled.wait(HANG_GUARD)
    if stopper != "quit":
        assert aces_table(app).assistant.teacher.lesson is None and aces_table(app).assistant.worker.kind != "lesson"


def test_the_verdict_is_searched_from_the_deal_on_with_the_compiled_core(monkeypatch):
    monkeypatch.setattr(assist, "compiled_core", lambda: True)
    app, _ = make_app(Game.from_text(TRAP))
    assert aces_table(app).assistant.early.running and aces_table(app).assistant.early.tag == TRAP
    key(app, pygame.K_h, settle=False)  # a hint uses the other worker: the verdict keeps searching
    assert aces_table(app).assistant.early.running or TRAP in aces_table(app).assistant.known
    assert run_until(app, lambda: TRAP in aces_table(app).assistant.known)
    assistant = aces_table(app).assistant
    assert assistant.known[TRAP].result == assist.WINNABLE and not assistant.early.running
    app.settings = app.settings.changed("animation", "fast")
    play_greedy_to_the_end(app)
    app.step(dt=1 / 60)
    assert end_panel(app) is not None and i18n.t("ui.truth.yes") in panel_text(end_panel(app))


def test_the_verdict_from_the_deal_on_stops_at_its_cap_of_positions(monkeypatch):
    monkeypatch.setattr(assist, "compiled_core", lambda: True)
    monkeypatch.setattr(assist, "VERDICT_POSITIONS", 20_000)  # a count: the same stop on every machine
    app, _ = make_app(Game.new(deal_cards(LONG_SEARCH_DEAL), "standard", LONG_SEARCH_DEAL))
    start = aces_table(app).game.start_text
    assert run_until(app, lambda: start in aces_table(app).assistant.known, timeout=HANG_GUARD)
    assert aces_table(app).assistant.known[start].result == assist.UNKNOWN
    assert aces_table(app).assistant.early.jobs.wait(HANG_GUARD)  # its thread has ended: the window is idle again


def test_a_new_deal_waits_for_the_verdict_search_running_and_a_restart_keeps_it(monkeypatch):
    monkeypatch.setattr(assist, "compiled_core", lambda: True)
    started, stopped, flags = threading.Event(), threading.Event(), []
    finish = threading.Event()

    def endless(game, seconds, cancel, *memory, **limits):  # a search that ends when the test says so
        flags.append((game.to_text(), cancel))
        started.set()
        given_up = time.monotonic() + HANG_GUARD
        while not cancel.is_set() and not finish.is_set() and time.monotonic() < given_up:
            time.sleep(0.001)
        stopped.set()
        return solver.SolveResult(solver.UNKNOWN, None, 0, 0, 0.0, best_score_exact=False)
    monkeypatch.setattr(assist, "solve", endless)
    app, _ = make_app(Game.from_text(TRAP))
    assert started.wait(HANG_GUARD)
    aces_table(app).deal()
    app.settle()
    aces_table(app).restart()
    app.step(dt=1 / 60)
    cancelled = flags[0][1].outer  # the window's own flag, which the search's StopFlag follows
    early = aces_table(app).assistant.early
    assert early.running and early.tag == TRAP and not cancelled.is_set()
    key(app, pygame.K_n)
    assert not cancelled.is_set(), "the new deal gave up the verdict of the old one, to be searched again"
    new_deal = aces_table(app).game.start_text
    assert early.tag == TRAP and len(flags) == 1
    finish.set()
    assert run_until(app, lambda: len(flags) == 2, timeout=HANG_GUARD)
    assert flags[1][0] == new_deal


def test_the_python_core_keeps_the_verdict_for_the_end(monkeypatch):
    monkeypatch.setattr(assist, "compiled_core", lambda: False)
    app, _ = make_app(Game.from_text(TRAP))
    app.step(dt=1 / 60)
    assert not aces_table(app).assistant.early.running and TRAP not in aces_table(app).assistant.known


def test_the_deal_of_the_day_from_its_key_with_its_own_statistics(monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: dt.date(2026, 12, 15))
    app, _ = make_app()
    key(app, pygame.K_t, settle=False)
    assert run_until(app, lambda: aces_table(app).game.deal_number == 815763386, timeout=HANG_GUARD)
    assert aces_table(app).assistant.status_parts()[0] == i18n.t("ui.daily.status", day="2026-12-15")
    app.settings = app.settings.changed("animation", "fast")
    play_greedy_to_the_end(app)
    days = persistence(app).stats.daily
    assert days.days == {"2026-12-15": False}
    assert run_until(app, lambda: end_panel(app) is not None, timeout=HANG_GUARD)
    text = panel_text(end_panel(app))
    assert "days played: 1, won: 0, streak: 0 (best 0)" in text and "Next deal of the day in" in text
    key(app, pygame.K_n)
    assert aces_table(app).assistant.status_parts()[:1] != [i18n.t("ui.daily.status", day="2026-12-15")]


def test_the_menu_offers_the_deal_of_the_day():
    app, _ = make_app()
    from idioten.ui.acesup import menu_entries

    keys = [entry[0] for entry in menu_entries(app, aces_table(app), lambda action: action())]
    assert "ui.menu.daily" in keys


def test_the_end_panel_and_the_lesson_say_the_best_score_is_only_the_best_found():
    from types import SimpleNamespace

    from idioten.acesup.analysis import Fact
    from idioten.acesup.solver import UNWINNABLE, SolveResult
    from idioten.play.acesup import knowledge
    from idioten.ui.acesup.truth_panel import TruthEndPanel

    known = knowledge.knowledge_of(SolveResult(UNWINNABLE, None, 36, 1000, 0.5, 0.1, "compiled", 0.5,
                                               best_score_exact=False))
    assert (known.result, known.best, known.best_exact) == (UNWINNABLE, 36, False)
    assert lesson.fact_of(known) == Fact(UNWINNABLE, None, None)
    exact = knowledge.knowledge_of(SolveResult(UNWINNABLE, None, 36, 1000, 0.5))
    assert lesson.fact_of(exact) == Fact(UNWINNABLE, None, 36)
    previous = i18n.language()
    i18n.set_language("en")
    try:
        text = TruthEndPanel.verdict_text(SimpleNamespace(known=known))
        assert text == i18n.t("ui.truth.no_best_found", best=36) and "36" in text and "best score found" in text
        assert TruthEndPanel.verdict_text(SimpleNamespace(known=exact)) == i18n.t("ui.truth.no", best=36)
    finally:
        i18n.set_language(previous)
