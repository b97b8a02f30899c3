"""Poker patience in the real window loop under SDL's dummy driver, driven by posted mouse and key events."""

import random

import pygame
import pytest
from tiers import each_once
from ui_support import (
    click,
    drag,
    headings,
    key,
    leaping,
    make_app,
    position,
    post,
    screen_text,
    shown_texts,
    top_centre,
)

from idioten import i18n
from idioten.play.poker import opponent as poker_opponent
from idioten.play.poker.session import PokerSession
from idioten.poker.scoring import score_grid
from idioten.ui.app import SETTLE_SECONDS
from idioten.ui.poker import texts as poker_texts
from idioten.ui.poker.scene import PLACE_SECONDS, PokerScene

DEAL = 7


pytestmark = pytest.mark.usefixtures("english_window")


def poker_app(size=(1280, 800), **options):
    """A window showing Poker patience on deal 7, with a quick computer player and no files."""
    session = PokerSession(None, random.Random(1), move_seconds=0.005)
    for name, value in options.items():
        session.options = session.options.changed(name, value)
    session.new_deal(DEAL)
    app, clock = make_app(size=size, sessions={"poker": session})
    app.playing.switch_game("poker")
    app.settle()
    return app, clock


def scene(app) -> PokerScene:
    return app.scenes[0]


def think(app, dt: float = SETTLE_SECONDS) -> None:
    """Let the computer's worker threads finish and their answers arrive, then settle at steps of `dt` (waiting
    on the workers rather than stepping while they think)."""
    for _ in range(200):
        workers = [w for w in (scene(app).hint_worker, scene(app).computer_worker) if w.running]
        if not workers:
            break
        for worker in workers:
            assert worker.wait(10), "the computer player took too long"
        app.settle(dt=dt)
    app.settle(dt=dt)


def end_panel_shown(app) -> bool:
    return i18n.t("ui.poker.end.title") in headings(app)


def cell_centre(app, cell):
    return scene(app).layout.cells[cell].center


def deck_point(app, card):
    """A point on the part of an open-deck card that shows (the next card of its suit may cover the rest)."""
    rect = scene(app).layout.deck_rect(card)
    return rect.x + scene(app).layout.deck_step // 2, rect.centery


def fill(app, cells=range(25)) -> None:
    """Click each of `cells` in turn, placing the drawn card there. Where the cards come to rest is what counts
    here, so each one's glide is stepped over in one step as long as the glide (the frames in between are
    test_click_an_empty_cell_places_the_drawn_card's); a click that fills the grid settles as any click, its
    celebration and end panel stepped as always."""
    for cell in cells:
        click(app, cell_centre(app, cell), settle=False)
        think(app, SETTLE_SECONDS if scene(app).game.is_over() else PLACE_SECONDS)


def test_click_an_empty_cell_places_the_drawn_card():
    app, _ = poker_app()
    game = scene(app).game
    drawn = game.drawn
    click(app, cell_centre(app, 12), settle=False)
    assert game.grid[12] == drawn
    assert app.busy()  # it glides from the drawn card's place into the cell
    app.settle()
    assert game.drawn == game.deck[1]
    assert not app.busy()


def test_drag_the_drawn_card_onto_a_cell():
    app, _ = poker_app()
    game = scene(app).game
    drawn = game.drawn
    drag(app, scene(app).layout.drawn.center, cell_centre(app, 3), release=False)
    assert scene(app).drag is not None and scene(app).drag.card == drawn
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cell_centre(app, 3), button=1))
    app.settle()
    assert game.grid[3] == drawn and game.placed_count == 1


def test_a_drop_on_the_felt_places_nothing_and_the_card_goes_back():
    app, _ = poker_app()
    game = scene(app).game
    before, drawn = game.to_text(), game.drawn
    felt = (scene(app).layout.drawn.centerx, app.layout.status_bar.top - 4)
    drag(app, scene(app).layout.drawn.center, felt, release=False)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=felt, button=1))
    app.step(dt=1 / 60)
    assert app.busy()  # on its way home
    app.settle()
    assert game.to_text() == before and game.drawn == drawn


def test_a_click_on_a_filled_cell_changes_nothing():
    app, _ = poker_app()
    click(app, cell_centre(app, 0))
    game = scene(app).game
    before = game.to_text()
    click(app, cell_centre(app, 0))
    assert game.to_text() == before
    assert scene(app).message == i18n.t("rule.cell_taken")
    drag(app, scene(app).layout.drawn.center, cell_centre(app, 0))  # a drop there is refused as well
    assert game.to_text() == before


def test_the_labels_show_the_scoring_layers_hands_and_points():
    app, _ = poker_app(diagonals=True)
    fill(app, range(13))
    game = scene(app).game
    shown = {name: (hand, points) for name, hand, points, _ in scene(app).painter.shown_lines()}
    expected = score_grid(game.grid, game.table, diagonals=True)
    assert len(shown) == 12
    for line in expected.lines:
        if line.complete or line.points:
            assert shown[line.line.name] == (poker_texts.hand_name(line.hand), str(line.points))
        else:
            assert shown[line.line.name] == ("", "")
    assert any(points for _, points in shown.values())  # deal 7 makes some pair by then: the check has teeth
    assert game.score().total == expected.total


def test_the_end_panel_comes_after_the_25th_card_and_lists_every_hand():
    app, _ = poker_app()
    fill(app, range(24))
    assert not end_panel_shown(app)
    fill(app, [24])
    assert end_panel_shown(app)
    game = scene(app).game
    score = score_grid(game.grid, "classic")
    assert i18n.tn("ui.poker.end.total", score.total, total=score.total) in shown_texts(app)
    stats = scene(app).session.stats_for("classic")
    assert stats.games == 1 and stats.best == score.total


def finish_by_hand(app) -> None:
    """Place the 25th card and let a few frames pass (a celebration, if any, is mid-flight then)."""
    fill(app, range(24))
    click(app, cell_centre(app, 24), settle=False)
    for _ in range(50):
        app.step(dt=1 / 60)


def earlier_grid(app, score: int) -> None:
    """A grid with these options counted before, scoring `score`."""
    assert scene(app).session.stats.record_keyed("poker", "classic", "earlier", score)


def test_a_new_personal_best_celebrates_with_leaping_cards_that_any_key_skips_to_the_end_panel():
    app, _ = poker_app()
    earlier_grid(app, 0)
    finish_by_hand(app)
    assert not end_panel_shown(app) and leaping(app)
    key(app, pygame.K_n, settle=False)  # skips: it does not deal anew
    assert end_panel_shown(app) and scene(app).game.is_over()
    assert i18n.t("ui.poker.end.new_best", setting=poker_texts.setting_name("classic")) in screen_text(app)


def test_a_celebration_left_alone_ends_in_the_end_panel():
    app, _ = poker_app()
    earlier_grid(app, 0)
    finish_by_hand(app)
    assert not end_panel_shown(app) and leaping(app)
    for _ in range(600):
        app.step(dt=1 / 60)
    assert end_panel_shown(app)


@pytest.mark.parametrize("case", ["first grid", "tie", "below the best", "animations off"])
def test_no_celebration_for_a_grid_that_is_no_new_best_or_with_animations_off(case):
    app, _ = poker_app()
    if case == "animations off":
        app.settings = app.settings.changed("animation", "off")
        earlier_grid(app, 0)
    elif case != "first grid":
        fill(app)  # deal 7 in reading order; then again, the same cards the same way
        total = scene(app).game.score().total
        key(app, pygame.K_a)
        assert scene(app).game.placed_count == 0
        if case == "below the best":
            earlier_grid(app, total + 1)
    finish_by_hand(app)
    assert end_panel_shown(app)


@pytest.mark.parametrize("computer_wins", [False, True])
def test_beating_the_computer_celebrates_and_losing_to_it_does_not(computer_wins):
    app, _ = poker_app(competitive=True)
    session = scene(app).session
    session.computer_task = lambda: None  # the test places the computer's cards, where it wants them
    player = score_grid(list(session.game.deck[:25]), "classic").total  # reading order, as fill() places
    orders = [[(i * step) % 25 for i in range(25)] for step in (2, 3, 4, 6, 7, 8, 9, 11, 12, 13)]
    totals = {tuple(o): score_grid([session.game.deck[o.index(c)] for c in range(25)], "classic").total
              for o in orders}
    order = next(o for o, total in totals.items() if (total > player if computer_wins else total < player))
    earlier_grid(app, 10_000)  # no new best: only the result against the computer counts
    fill(app, range(24))
    for turn in range(24):
        session.computer_place(order[turn], session.computer_card())
    click(app, cell_centre(app, 24), settle=False)
    session.computer_place(order[24], session.computer_card())
    theirs, ours = session.computer.score().total, session.game.score().total
    assert theirs > ours if computer_wins else theirs < ours
    for _ in range(20):
        app.step(dt=1 / 60)
    assert end_panel_shown(app) == computer_wins and leaping(app, frames=20) != computer_wins


def test_play_this_deal_again_gives_the_same_cards_to_an_empty_grid():
    app, _ = poker_app()
    fill(app)
    session = scene(app).session
    first_id, deck = session.game_id, session.game.deck
    panel = app.scenes[-1]
    again = next(b for b in panel.buttons if b.text_key == "ui.poker.button.again")
    click(app, again.rect.center)
    assert len(app.scenes) == 1
    game = scene(app).game
    assert game.deck == deck and game.placed_count == 0 and session.game_id != first_id
    fill(app)
    assert session.stats_for("classic").games == 2  # a new game, counted on its own


def test_undo_after_the_end_and_ending_again_counts_once():
    app, _ = poker_app()
    fill(app)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # the end panel's Ctrl+Z closes it and takes the card back
    assert scene(app).game.placed_count == 24 and len(app.scenes) == 1
    empty = scene(app).game.empty_cells()[0]
    fill(app, [empty])
    assert end_panel_shown(app)
    assert scene(app).session.stats_for("classic").games == 1


def quick_poker() -> dict:
    """The window's Poker patience session, opened before the window: deal 7, a quick computer, no files."""
    session = PokerSession(None, random.Random(1), move_seconds=0.005)
    session.new_deal(DEAL)
    return {"poker": session}


def test_switching_games_and_back_keeps_the_idioten_game():
    app, _ = make_app(position(["2H 5H", "KH", "9C", "AS"], stock=8), sessions=quick_poker())
    click(app, top_centre(app, 0))  # discard the 5H in Idioten
    idioten_text = app.playing.game_scene("idioten").game.to_text()
    key(app, pygame.K_g)
    assert app.playing.current_game.name == "poker"
    click(app, cell_centre(app, 6))
    poker_text = scene(app).game.to_text()
    key(app, pygame.K_g)
    assert app.playing.current_game.name == "idioten"
    assert app.scenes[0].game.to_text() == idioten_text
    key(app, pygame.K_g)
    assert scene(app).game.to_text() == poker_text


def test_the_menu_switches_games():
    app, _ = make_app(sessions=quick_poker())
    key(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    entry = next(b for b in menu.buttons if b.text_key == "ui.menu.to_poker")
    click(app, entry.rect.center)
    assert app.playing.current_game.name == "poker" and len(app.scenes) == 1
    key(app, pygame.K_ESCAPE)
    entry = next(b for b in app.scenes[-1].buttons if b.text_key == "ui.menu.to_idioten")
    click(app, entry.rect.center)
    assert app.playing.current_game.name == "idioten"


def test_hint_suggests_an_empty_cell_without_blocking_the_loop():
    app, _ = poker_app()
    fill(app, range(5))
    key(app, pygame.K_h, settle=False)
    assert scene(app).hint is None and scene(app).message == i18n.t("ui.poker.msg.thinking")
    think(app)
    cell, card = scene(app).hint
    assert scene(app).game.grid[cell] is None and card == scene(app).game.drawn
    assert scene(app).message == i18n.t("ui.poker.msg.hint", row=cell // 5 + 1, column=cell % 5 + 1)


def test_keyboard_arrows_and_enter_place_at_the_cursor():
    app, _ = poker_app()
    assert scene(app).cursor == 0  # there from the start: the first arrow already moves it
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert scene(app).cursor == 7
    drawn = scene(app).game.drawn
    key(app, pygame.K_RETURN)
    assert scene(app).game.grid[7] == drawn


def test_competitive_the_computer_fills_its_own_grid_with_the_same_cards():
    app, _ = poker_app(competitive=True)
    fill(app)
    session = scene(app).session
    assert session.computer.is_over()
    assert [r.card for r in session.computer.history] == [r.card for r in session.game.history]
    assert end_panel_shown(app)
    assert i18n.t("ui.poker.end.computer", total=session.computer.score().total) in screen_text(app)


def test_competitive_undo_takes_back_the_computers_card_too():
    app, _ = poker_app(competitive=True)
    fill(app, range(3))
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    think(app)
    session = scene(app).session
    assert session.game.placed_count == 2
    assert session.computer.placed_count == 2


def test_open_deck_choose_a_card_then_a_cell():
    app, _ = poker_app(open_deck=True)
    game = scene(app).game
    wanted = next(card for card in game.choices() if card != scene(app).current_card())
    click(app, deck_point(app, wanted))
    assert scene(app).current_card() == wanted
    click(app, cell_centre(app, 20))
    assert game.grid[20] == wanted


def test_open_deck_drag_a_card_from_the_deck():
    app, _ = poker_app(open_deck=True)
    game = scene(app).game
    wanted = game.choices()[-1]
    start = deck_point(app, wanted)
    drag(app, start, cell_centre(app, 4))
    assert game.grid[4] == wanted


def test_new_deal_and_restart_act_at_once_and_ctrl_z_brings_the_grid_back():
    app, _ = poker_app()
    fill(app, (0, 6))
    grid, game_id = list(scene(app).game.grid), scene(app).session.game_id
    key(app, pygame.K_n)
    assert len(app.scenes) == 1 and scene(app).game.placed_count == 0 and scene(app).game.deal_number != DEAL
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert scene(app).game.grid == grid and scene(app).game.deal_number == DEAL
    assert scene(app).session.game_id == game_id
    key(app, pygame.K_r)
    assert scene(app).game.placed_count == 0 and scene(app).session.game_id == game_id  # the same game
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert scene(app).game.grid == grid
    key(app, pygame.K_r)
    click(app, cell_centre(app, 3))  # a placement after the restart: the old grid is left for good
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert scene(app).game.placed_count == 0


@pytest.mark.parametrize("replace_key", [pygame.K_r, pygame.K_n])
def test_ctrl_y_after_ctrl_z_brings_the_restarted_or_new_grid_back(replace_key):
    app, _ = poker_app(competitive=True)
    fill(app, (0, 6, 12))
    think(app)
    session = scene(app).session
    grid, computer, game_id = list(session.game.grid), list(session.computer.grid), session.game_id
    key(app, replace_key)
    new_game, new_id = session.game, session.game_id
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert session.game.grid == grid and session.computer.grid == computer
    redo = next(b for b in scene(app).buttons if b.text_key == "ui.button.redo")
    assert redo.enabled()
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)  # undoes the Ctrl+Z: the restarted or new grid again
    assert session.game is new_game and session.game_id == new_id and session.game.placed_count == 0
    assert not redo.enabled()
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # an undo in the grid brought back, a redo, then forward
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert session.game.grid == grid and session.game_id == game_id
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert session.game is new_game
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    fill(app, (18,))  # a placement in the grid brought back: the other one is left for good
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert session.game_id == game_id and session.game.placed_count == 4 and not redo.enabled()


def test_options_apply_to_the_next_deal():
    app, _ = poker_app()
    key(app, pygame.K_o)
    panel = app.scenes[-1]
    assert headings(app) == [i18n.t("ui.poker.options.title")]
    click(app, panel.option_buttons["diagonals"].rect.center)
    click(app, panel.option_buttons["table"].rect.center)
    assert scene(app).game.diagonals is False  # the game on the table keeps its own options
    deal = next(b for b in panel.buttons if b.text_key == "ui.poker.button.deal_with_options")
    click(app, deal.rect.center)
    game = scene(app).game
    assert game.diagonals is True and game.table == "simple"
    assert len(scene(app).layout.diagonal_labels) == 2


def test_statistics_and_rules_panels_open_and_close():
    app, _ = poker_app()
    fill(app)
    total = scene(app).game.score().total
    key(app, pygame.K_s)  # from the end panel
    panel = app.scenes[-1]
    assert i18n.t("ui.poker.stats.summary", games=1, mean=f"{total:.1f}", best=total) in shown_texts(app)
    assert [b for b in panel.buttons if b.text_key == "ui.poker.button.next"][0].enabled() is False  # one setting
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert headings(app) == [i18n.t("ui.poker.rules.title")]
    key(app, pygame.K_ESCAPE)
    assert len(app.scenes) == 1


# Each size and each set of options in the fast tier, every pair of them in the slow tier.
@pytest.mark.parametrize("options, size", each_once([{}, {"diagonals": True, "competitive": True}, {"open_deck": True}],
                                                    [(1280, 800), (1024, 640), (720, 520)]))
def test_everything_fits_in_the_window(size, options):
    app, _ = poker_app(size=size, **options)
    layout = scene(app).layout
    area = pygame.Rect(0, app.layout.top_bar.bottom, size[0], app.layout.status_bar.top - app.layout.top_bar.bottom)
    rects = layout.cells + layout.row_labels + layout.column_labels + [layout.drawn] + layout.computer_cells
    if layout.open_deck:
        rects += [layout.deck_rect(card) for card in scene(app).game.choices()]
    for rect in rects:
        assert area.contains(rect), (rect, area)
    for a in layout.cells:  # the grid's cells and the side column never overlap
        assert not a.colliderect(layout.drawn)
        assert not any(a.colliderect(m) for m in layout.computer_cells)


def test_the_joker_has_a_face():
    from idioten.poker.hands import JOKER

    app, _ = poker_app(joker=True)
    assert JOKER in scene(app).game.deck
    picture = scene(app).painter.images.face(JOKER)
    middle = picture.get_at((picture.get_width() // 2, picture.get_height() // 2))
    assert middle.a == 255 and max(middle.r, middle.g, middle.b) < 60  # the jester's dark middle point, not
    # the plain white stand-in a missing picture would get


def test_card_pictures_are_rendered_while_idle_not_mid_glide():
    app, _ = poker_app(competitive=True)
    painter = scene(app).painter
    assert scene(app).warming and scene(app).wake_at() == app.now()  # the idle loop comes back at once
    for _ in range(300):
        app.step(dt=0)
        if not scene(app).warming:
            break
    assert not scene(app).warming
    deck = set(scene(app).game.deck)
    assert painter.warmed[id(painter.images)] == deck and painter.warmed[id(painter.computer_images)] == deck
    assert scene(app).wake_at() is None or scene(app).message


class GatedPolicy:
    """The real computer player, made to wait for the test's go: a choice made on the loop would hang the
    loop, so a loop that keeps stepping meanwhile proves the thinking runs elsewhere."""

    def __init__(self, inner, gate):
        self.inner, self.gate = inner, gate

    def choose(self, *args):
        assert self.gate.wait(10)
        return self.inner.choose(*args)


def gate_computer(monkeypatch):
    """Every computer player the window makes from now on waits for the gate returned (open until cleared)."""
    import threading

    gate = threading.Event()
    gate.set()
    make_policy = poker_opponent.make_policy
    monkeypatch.setattr(poker_opponent, "make_policy", lambda *args, **kwargs: GatedPolicy(make_policy(*args, **kwargs),
                                                                                          gate))
    return gate


def test_the_hint_thinks_off_the_loop(monkeypatch):
    gate = gate_computer(monkeypatch)
    app, _ = poker_app()
    gate.clear()
    key(app, pygame.K_h, settle=False)
    click(app, cell_centre(app, 0), settle=False)  # play goes on while the computer thinks
    app.run_frames(10)
    assert scene(app).game.grid[0] is not None
    assert scene(app).hint_worker.running  # still thinking about the card already placed
    gate.set()
    think(app)
    assert scene(app).hint is None  # that hint was for the card already placed: it is dropped, not shown


def test_the_competitive_computer_thinks_off_the_loop_and_the_end_waits_for_it(monkeypatch):
    gate = gate_computer(monkeypatch)
    app, _ = poker_app(competitive=True)
    fill(app, range(24))
    gate.clear()
    click(app, cell_centre(app, 24), settle=False)
    app.run_frames(30)
    assert scene(app).game.is_over() and not scene(app).session.computer.is_over()
    assert not end_panel_shown(app)  # the end waits for the computer's last card
    gate.set()
    think(app)
    assert end_panel_shown(app)


def test_the_empty_cell_under_the_pointer_or_the_dragged_card_lights_up():
    app, _ = poker_app()
    click(app, cell_centre(app, 0))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(app, 0), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(dt=1 / 60)
    assert scene(app).target is None  # a filled cell takes nothing
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(app, 7), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(dt=1 / 60)
    assert scene(app).target == 7
    drag(app, scene(app).layout.drawn.center, cell_centre(app, 13), release=False)
    assert scene(app).target == 13


def test_undo_sends_the_card_back_and_the_cell_is_free_again():
    app, _ = poker_app()
    drawn = scene(app).game.drawn
    click(app, cell_centre(app, 17))
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL, settle=False)
    assert app.busy()  # gliding home
    app.settle()
    assert scene(app).game.grid[17] is None and scene(app).game.drawn == drawn
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert scene(app).game.grid[17] == drawn


def test_space_places_and_the_cursor_moves_on_to_the_next_empty_cell_in_reading_order():
    app, _ = poker_app()
    click(app, cell_centre(app, 4))  # a click places anywhere, the cursor stays on its empty cell
    click(app, cell_centre(app, 5))
    assert scene(app).cursor == 0
    for expected_next in (1, 2, 3, 6, 7):  # 4 and 5 are taken: skipped
        drawn = scene(app).game.drawn
        placed_at = scene(app).cursor
        key(app, pygame.K_SPACE)
        assert scene(app).game.grid[placed_at] == drawn
        assert scene(app).cursor == expected_next
    for _ in range(25 - 2 - 5 - 1):
        key(app, pygame.K_RETURN)
    assert scene(app).game.empty_cells() == [24] and scene(app).cursor == 24
    key(app, pygame.K_SPACE)
    assert scene(app).game.is_over() and scene(app).cursor is None


def test_after_the_last_row_the_cursor_wraps_to_the_first_empty_cell():
    app, _ = poker_app()
    click(app, cell_centre(app, 0))  # the cursor's cell: it moves on to cell 1
    assert scene(app).cursor == 1
    for _ in range(4):
        key(app, pygame.K_DOWN)
    assert scene(app).cursor == 21
    for _ in range(4):
        key(app, pygame.K_SPACE)
    assert scene(app).game.grid[21:25].count(None) == 0
    assert scene(app).cursor == 1


def ring_pixels(app, cell) -> int:
    """How many pixels of the cursor's blue ring a fresh frame shows along the cell's top edge."""
    app.draw()
    surface, rect = app.window.get_surface(), scene(app).layout.cells[cell]
    from idioten.ui.kit.palette import SELECT
    band = [surface.get_at((x, y))[:3] for x in range(rect.x, rect.right) for y in range(rect.y - 6, rect.y + 3)]
    return sum(1 for colour in band if colour == SELECT)


def test_after_a_new_deal_the_first_space_places_at_the_cursor_shown_from_the_start():
    app, _ = poker_app()
    fill(app, (0, 1, 7))
    key(app, pygame.K_n)
    game = scene(app).game
    assert game.placed_count == 0 and scene(app).cursor == 0
    assert ring_pixels(app, 0) > scene(app).layout.card_w // 2 and ring_pixels(app, 1) == 0  # seen, and only there
    cards = list(game.deck[:5])
    for _ in range(5):
        key(app, pygame.K_SPACE)
    assert game.placed_count == 5 and game.grid[:5] == cards and scene(app).cursor == 5
    key(app, pygame.K_r)  # a restart too: the cursor is back on the first cell, and one Space places one card
    assert scene(app).cursor == 0
    key(app, pygame.K_RETURN)
    assert scene(app).game.placed_count == 1 and scene(app).game.grid[0] == cards[0]


def test_the_cursor_follows_undo_a_hint_and_escape_leaves_it():
    app, _ = poker_app()
    for _ in range(25):
        key(app, pygame.K_SPACE)
    assert scene(app).game.is_over() and scene(app).cursor is None
    app.close_panels()
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert scene(app).cursor == 24  # the emptied cell: the next Space puts the card back there
    key(app, pygame.K_UP)
    key(app, pygame.K_h)
    think(app)
    cell, _ = scene(app).hint
    assert scene(app).cursor == cell  # Space follows the hint
    key(app, pygame.K_ESCAPE)  # forgets the hint, keeps the cursor
    assert scene(app).hint is None and scene(app).cursor == cell and len(app.scenes) == 1
    key(app, pygame.K_ESCAPE)  # nothing chosen: the menu, at once
    assert len(app.scenes) == 2
