"""The game spoken, through the real loop with real keys: what each kind of event says, word for word, as a
recording backend gets it (one utterance per turn of the loop, each cutting off the last)."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest
from ui_solver_support import lost_position, run_until
from ui_support import choose_in_menu, key, make_app, position

from idioten import i18n
from idioten.acesup import daily
from idioten.acesup.rules import Game
from idioten.poker.game import PokerGame
from idioten.speech import words
from idioten.speech.backends import Recording
from idioten.speech.speaker import Speaker

pytestmark = pytest.mark.usefixtures("english_window")

MUST_DEAL = ("standard | 2C / 3D / 4H / 5S | 6C 7D 8H 9S | 2D 3C 4C 5C 6D 7C 8C 9C TC JC QC KC AC 4D 5D 8D 9D TD "
             "JD QD KD AD 2H 3H 5H 6H 7H 9H TH JH QH KH AH 2S 3S 4S 6S 7S 8S TS JS QS KS AS")
TABLE = "pile 1: nine of diamonds; pile 2: king of diamonds; pile 3: two of clubs; pile 4: queen of spades."


def speaking_app(game=None, **kwargs):
    spoken = Recording()
    app, clock = make_app(game, speech=Speaker(backend=spoken), **kwargs)
    return app, spoken


def said_after(app, spoken, *keys, mod: int = 0) -> list[str]:
    """What the window said while these keys were pressed, one after another."""
    before = len(spoken.spoken)
    for each in keys:
        key(app, each, mod=mod)
    return spoken.spoken[before:]


def test_the_table_is_said_at_the_start_and_on_request():
    app, spoken = speaking_app(position(["9D", "KD", "7H 2C", "QS"], stock=8))
    assert spoken.spoken == [f"{TABLE} Stock 8, score 39."]
    assert said_after(app, spoken, pygame.K_i) == [f"{TABLE} Stock 8, score 39."]
    assert said_after(app, spoken, pygame.K_p) == ["Choose a pile with 1 to 4 first, then P reads it."]
    assert said_after(app, spoken, pygame.K_3, pygame.K_p) == [
        "Pile 3 chosen: two of clubs.",
        "Pile 3 from the top: two of clubs, seven of hearts."]


def test_each_action_says_its_result_and_a_refusal_its_reason():
    app, spoken = speaking_app(position(["9D", "KD", "7H 2C", "QS"], stock=8))
    assert said_after(app, spoken, pygame.K_1, pygame.K_d)[-1] == "nine of diamonds discarded, pile 1 empty."
    assert said_after(app, spoken, pygame.K_3, pygame.K_d)[-1] == "No higher club on top of another pile."
    assert said_after(app, spoken, pygame.K_3, pygame.K_1)[-1] == (
        "two of clubs moved to pile 1, seven of hearts on top.")
    game = app.playing.on_screen.game
    dealt = said_after(app, spoken, pygame.K_SPACE)
    assert dealt == [f"Dealt. {words.table(game)}"]
    assert said_after(app, spoken, pygame.K_z, mod=pygame.KMOD_CTRL) == [f"Deal taken back. {words.table(game)}"]


def test_the_hint_is_said():
    app, spoken = speaking_app(Game.from_text(MUST_DEAL))
    key(app, pygame.K_h)
    assert run_until(app, lambda: spoken.spoken[-1].startswith("Hint"))
    assert spoken.spoken[-1] == "Hint: deal four more cards."


def test_a_new_deal_says_its_number_then_its_table():
    app, spoken = speaking_app(position(["9D", "KD", "7H 2C", "QS"], stock=8))
    said = said_after(app, spoken, pygame.K_n)
    game = app.playing.on_screen.game
    assert said == [f"New deal: {game.deal_number}. {words.table(game)}"]


def test_the_deal_of_the_day_says_which_it_is_then_its_table(monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: dt.date(2026, 12, 15))  # its deal is pinned in test_ui_daily.py
    app, spoken = speaking_app(position(["9D", "KD", "7H 2C", "QS"], stock=8))
    assert said_after(app, spoken, pygame.K_t) == ["Finding the deal of the day …"]
    assert run_until(app, lambda: spoken.spoken[-1].startswith("Deal of the day"))
    game = app.playing.on_screen.game
    assert spoken.spoken[-1] == f"Deal of the day, 2026-12-15 (winnable). {words.table(game)}"


def test_the_end_of_a_game_says_its_verdict_and_then_its_lesson():
    app, spoken = speaking_app(lost_position())
    said_after(app, spoken, pygame.K_4, pygame.K_d, pygame.K_4, pygame.K_d)
    assert run_until(app, lambda: "Could have been won" in " ".join(spoken.spoken))
    ended = next(line for line in spoken.spoken if line.startswith("Game over."))
    assert ended.startswith("Game over. Score: 47 of 48.")
    assert "Could have been won with perfect knowledge of the stock: no (best possible score 47)." in " ".join(
        spoken.spoken)
    assert run_until(app, lambda: spoken.spoken[-1] == "You reached the best possible score for this deal.")


def test_panels_say_their_title_and_the_ring_says_where_it_is():
    app, spoken = speaking_app(position(["9D", "KD", "7H 2C", "QS"], stock=8))
    assert said_after(app, spoken, pygame.K_ESCAPE) == ["Menu. New deal (N)."]
    assert said_after(app, spoken, pygame.K_DOWN, pygame.K_TAB) == ["Restart (R)", "Play Poker patience (G)"]
    key(app, pygame.K_ESCAPE)
    said = said_after(app, spoken, pygame.K_s)
    assert said[0].startswith("Statistics. Standard. Played: 0. Won: 0.") and said[0].endswith("Close.")


def test_the_settings_say_each_row_and_value_and_speak_is_a_setting():
    app, spoken = speaking_app(position(["9D", "KD", "7H 2C", "QS"], stock=8))
    assert said_after(app, spoken, pygame.K_e) == ["Settings. Animation: Normal."]
    assert said_after(app, spoken, pygame.K_RIGHT) == ["Animation: Slow"]
    assert said_after(app, spoken, *[pygame.K_DOWN] * 7) == [
        "Four-colour deck: Off", "Card back: Blue", "Table: Green", "Text size: 100%", "Language: English",
        "Time and moves: Off", "Speak: With a screen reader"]
    assert said_after(app, spoken, pygame.K_RIGHT) == ["Speak: On"]
    assert app.settings.speak == "on"
    said_after(app, spoken, pygame.K_RIGHT)
    assert app.settings.speak == "off"
    assert said_after(app, spoken, pygame.K_ESCAPE, pygame.K_i) == []  # "off" says nothing more


def test_the_guide_says_each_step():
    app, spoken = speaking_app(position(["9D", "KD", "7H 2C", "QS"], stock=8))
    choose_in_menu(app, "guide.title")
    first = spoken.spoken[-1]
    assert first.startswith("Learn to play, Step 1 of 5. king of hearts may be discarded: ace of hearts, a higher "
                            "card of the same suit, lies on top of another pile.")
    assert first.endswith("pile 1: king of hearts; pile 2: ace of hearts; pile 3: eight of clubs; pile 4: three of "
                          "spades. Stock 48, score 0.")
    assert said_after(app, spoken, pygame.K_1, pygame.K_d)[-1].startswith("king of hearts discarded, pile 1 empty.")
    said = said_after(app, spoken, pygame.K_RIGHT)
    assert said[-1].startswith("Learn to play, Step 2 of 5.")


def test_poker_says_the_drawn_card_the_cursor_each_placement_and_the_hands():
    app, spoken = speaking_app(PokerGame.new(7))
    key(app, pygame.K_g)  # to Poker patience, from the game the window opened in
    scene = app.playing.on_screen
    game = scene.game
    drawn = words.card(game.drawn)
    assert spoken.spoken[-1] == f"Card: {drawn}. row 1, column 1: empty. Score 0."
    assert said_after(app, spoken, pygame.K_RIGHT) == ["row 1, column 2: empty"]
    assert said_after(app, spoken, pygame.K_SPACE) == [
        f"{drawn} in row 1, column 2. Card: {words.card(game.drawn)}. Cursor on row 1, column 3."]
    while len(game.empty_cells()) > 1:
        key(app, pygame.K_SPACE)
    last = said_after(app, spoken, pygame.K_SPACE)
    score = game.score()
    placed, ended = last  # the end panel opens once the card has landed
    final = game.history[-1]
    assert placed.startswith(f"{words.card(final.card)} in {words.cell(final.cell)}.") and "Card:" not in placed
    assert ended.startswith(f"{i18n.t('ui.poker.end.title')}. {words.final_scores(game)}")
    assert all(f"{words.line_name(line.line.name)}: " in ended for line in score.lines if line.points)
    assert f"Total {score.total}." in ended
