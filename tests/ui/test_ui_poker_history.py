"""Poker patience's history of games (issue 39 item 2, as Aces Up's): from a row, Enter or "Play again" deals the
same deal with the same table and options (against the computer if that game was), C or "Copy the game" puts
its deal and placements on the clipboard as text, and Ctrl+V at the table plays that text back card by card,
not counted. Through the real loop with posted keys and clicks (positions read from the events)."""

from __future__ import annotations

import pygame
import pytest
from test_ui_poker import DEAL, finish_by_hand, poker_app, scene
from ui_support import click, key

from idioten.play.poker.replay import parse_line
from idioten.poker.hands import parse_poker_card
from idioten.storage.history import Played
from idioten.ui.kit.history_panel import HistoryPanel
from idioten.ui.poker.panels import PokerEndPanel, PokerStatsPanel
from idioten.ui.poker.replay import Playback

pytestmark = pytest.mark.usefixtures("english_window")
CTRL = pygame.KMOD_LCTRL


def played_to_the_end(app) -> list[tuple[int, str]]:
    """The grid filled by clicks; its placements, cell and card, in the order they were made."""
    finish_by_hand(app)
    for _ in range(600):
        if isinstance(app.scenes[-1], PokerEndPanel):
            break
        app.step(dt=1 / 60)
    assert isinstance(app.scenes[-1], PokerEndPanel)
    return [(record.cell, str(record.card)) for record in scene(app).game.history]


def open_history(app) -> HistoryPanel:
    key(app, pygame.K_s)
    assert isinstance(app.scenes[-1], PokerStatsPanel)
    key(app, pygame.K_h)
    panel = app.scenes[-1]
    assert isinstance(panel, HistoryPanel)
    return panel


def test_a_row_is_copied_with_its_placements_played_again_and_played_back_by_ctrl_v():
    app, _ = poker_app(diagonals=True)
    placements = played_to_the_end(app)
    first_grid = list(scene(app).game.grid)
    stats = scene(app).session.stats
    assert stats.last_games("poker")[0].actions == tuple(f"{card} {cell + 1}" for cell, card in placements)
    panel = open_history(app)
    key(app, pygame.K_c)
    copied = pygame.scrap.get_text()
    assert copied.startswith(f"poker --deal {DEAL} --table classic --diagonals --placed ")
    line = parse_line(copied)
    assert (line.deal, line.table, line.diagonals, line.joker, line.open_deck) == (DEAL, "classic", True, False,
                                                                                    False)
    assert list(line.placements) == placements
    assert "Game copied" in scene(app).message
    assert panel.default_button() is panel.again_button

    key(app, pygame.K_RETURN)  # play it again
    game = scene(app).game
    assert len(app.scenes) == 1 and game.deal_number == DEAL and game.placed_count == 0
    assert (game.table, game.diagonals, scene(app).session.computer) == ("classic", True, None)

    key(app, pygame.K_v, CTRL, settle=False)
    assert any(isinstance(each, Playback) for each in app.scenes)
    app.settle(dt=1 / 15)
    assert scene(app).game.grid == first_grid and not any(isinstance(each, Playback) for each in app.scenes)
    assert isinstance(app.scenes[-1], PokerEndPanel)  # the grid played back to its end: its score, as it was
    assert scene(app).session.stats_for("classic+diagonals").games == 1  # the playback is not counted


def test_any_key_stops_the_playback_and_a_card_the_player_then_places_makes_the_grid_count():
    app, _ = poker_app()
    placements = played_to_the_end(app)
    key(app, pygame.K_ESCAPE)
    open_history(app)
    key(app, pygame.K_c)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # the history, then the statistics closed
    key(app, pygame.K_v, CTRL, settle=False)
    for _ in range(200):  # a few cards placed, then a key stops it
        app.step(dt=1 / 30)
        if scene(app).game.placed_count == 3:
            break
    key(app, pygame.K_x)
    assert not any(isinstance(each, Playback) for each in app.scenes) and "stopped" in scene(app).message
    game = scene(app).game
    assert [(record.cell, str(record.card)) for record in game.history] == placements[:3]
    for cell, _ in placements[3:]:  # the player goes on with the same cells: the grid is theirs now
        click(app, scene(app).layout.cells[cell].center)
    assert scene(app).session.stats_for("classic").games == 2


def test_a_row_clicked_and_its_button_clicked_deals_its_table_and_options_against_the_computer():
    app, _ = poker_app()
    stats = scene(app).session.stats
    stats.record_keyed("poker", "american+joker+open", "p1", 120, played=Played(
        "2026-12-06T20:00", "american+joker+open", "won", 120, 42, None, None, 300))
    stats.record_keyed("poker", "british", "p2", 30, played=Played("2026-12-06T21:00", "british", "finished", 30,
                                                                   None, None, None, 300))
    panel = open_history(app)
    assert not panel.can_play_again() and not panel.can_copy()  # the newest row has no deal number
    row_h = panel.list.row_h
    click(app, (panel.list.rect.centerx, panel.list.rect.y + row_h * 2 + row_h // 2))  # the second row
    assert panel.list.chosen == 1 and panel.can_play_again() and not panel.can_copy()  # no placements kept
    click(app, panel.again_button.rect.center)
    game = scene(app).game
    assert len(app.scenes) == 1 and game.deal_number == 42 and game.placed_count == 0
    assert (game.table, game.joker, game.open_deck, game.diagonals) == ("american", True, True, False)
    assert scene(app).session.computer is not None  # that game was won against the computer


def test_ctrl_v_with_no_poker_game_on_the_clipboard_says_so_and_changes_nothing():
    app, _ = poker_app()
    before = scene(app).game
    for text in ("hello", 'idioten analyse --deal 7 --moves "deal"',
                 f'poker --deal {DEAL} --table classic --placed "AS 1"'):  # not the card drawn first
        pygame.scrap.put_text(text)
        key(app, pygame.K_v, CTRL)
        assert "no Poker patience game" in scene(app).message
        assert scene(app).game is before and len(app.scenes) == 1
    drawn = str(before.drawn)
    pygame.scrap.put_text(f'poker --deal {DEAL} --table classic --placed "{drawn} 13"')
    key(app, pygame.K_v, CTRL)
    assert scene(app).game.grid[12] == parse_poker_card(drawn)
