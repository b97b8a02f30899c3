"""The real window loop under SDL's dummy driver, driven by posted mouse and key events."""

import random

import pygame
import pytest
from ui_support import accounted, aces_table, click, drag, headings, key, leaping, make_app, position, post, top_centre

from idioten import i18n, paths
from idioten.acesup.rules import Dealt, Game
from idioten.cards import MAX_DEAL, MIN_DEAL, deal_cards, parse_card
from idioten.play.change import Change, How
from idioten.ui.acesup.endgame import EndPanel
from idioten.ui.app import IDLE_WAIT_MS

CTRL = pygame.KMOD_LCTRL


pytestmark = pytest.mark.usefixtures("english_window")


def drawn_at_its_place(app, card) -> bool:
    zone, place = aces_table(app).cards.rest_places()[card]
    return aces_table(app).cards.sprites[card].screen_pos() == (round(place[0]), round(place[1]))


def resting(app, card):
    """The card is drawn at its place by the rules and the window has stopped drawing frames."""
    return not app.busy() and drawn_at_its_place(app, card)


def in_motion(app, card):
    """The card is drawn away from its place by the rules while the window keeps drawing frames."""
    return app.busy() and not drawn_at_its_place(app, card)



def won_panel_shown(app) -> bool:
    """The end panel of a won game is on screen (not the celebration before it). Its title is read from a fresh
    frame once an end panel is open: no other scene draws it, and the frames of a celebration are not drawn twice
    to find that out."""
    return any(isinstance(scene, EndPanel) for scene in app.scenes) and panel_title(app) == i18n.t("ui.end.won")


def panel_title(app) -> str | None:
    """The title of the panel on top as the window draws it, None with no panel open."""
    shown = headings(app)
    return shown[-1] if shown else None


def test_drag_a_top_card_into_a_gap():
    app, _ = make_app(position(["2H 5C", "KH", "", "AS"], stock=8))
    target = app.layout.piles[2].center
    drag(app, top_centre(app, 0), target, release=False)
    assert aces_table(app).input.drag is not None and aces_table(app).input.drag.card == parse_card("5C")
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    app.settle()
    assert aces_table(app).game.piles[2] == [parse_card("5C")]
    assert aces_table(app).game.piles[0] == [parse_card("2H")]
    assert resting(app, parse_card("5C"))
    assert aces_table(app).cards.sprites[parse_card("5C")].pos == (app.layout.piles[2].x, app.layout.piles[2].y)


def test_a_drop_on_a_pile_that_is_not_empty_glides_the_card_back():
    app, _ = make_app(position(["2H 5C", "KH", "", "AS"], stock=8))
    before = aces_table(app).game.to_text()
    card = parse_card("5C")
    home = aces_table(app).cards.sprites[card].pos
    drag(app, top_centre(app, 0), app.layout.piles[1].center, release=False)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.layout.piles[1].center, button=1))
    app.step(dt=1 / 60)
    assert in_motion(app, card)  # on its way back, not teleported
    app.settle()
    assert aces_table(app).game.to_text() == before
    assert aces_table(app).cards.sprites[card].pos == home
    assert aces_table(app).message == i18n.t("rule.target_not_empty")


def test_a_drop_on_empty_felt_changes_nothing():
    app, _ = make_app(position(["2H 5C", "KH", "", "AS"], stock=8))
    before = aces_table(app).game.to_text()
    drag(app, top_centre(app, 0), (app.layout.width // 2, app.layout.table_bottom - 5))
    assert aces_table(app).game.to_text() == before
    assert resting(app, parse_card("5C"))


def test_only_a_top_card_can_be_picked_up():
    app, _ = make_app(position(["2H 5C", "KH", "", "AS"], stock=8))
    before = aces_table(app).game.to_text()
    lower = app.layout.piles[0].x + 10, app.layout.piles[0].y + 5  # the visible strip of the 2H
    drag(app, lower, app.layout.piles[2].center)
    assert aces_table(app).game.to_text() == before
    assert aces_table(app).message == i18n.t("ui.msg.only_top")


def test_click_discards_a_legal_card_and_it_flies_to_the_discard_pile():
    app, _ = make_app(position(["2H 5H", "KH", "9C", "AS"], stock=8))
    card = parse_card("5H")
    click(app, top_centre(app, 0), settle=False)
    assert aces_table(app).game.discards[-1] == card
    assert in_motion(app, card)
    app.settle()
    assert aces_table(app).cards.sprites[card].pos == (app.layout.discard.x, app.layout.discard.y)


def test_an_illegal_click_changes_nothing_shakes_and_says_why():
    app, _ = make_app(position(["2H 5H", "KH", "9C", "AS"], stock=8))
    before = aces_table(app).game.to_text()
    click(app, top_centre(app, 1), settle=False)
    assert aces_table(app).game.to_text() == before
    assert in_motion(app, parse_card("KH"))  # it shakes where it lies
    assert aces_table(app).message == "No higher heart on top of another pile."
    app.settle()
    assert resting(app, parse_card("KH"))


def test_a_deal_flies_to_piles_one_to_four_left_to_right():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    dealt = aces_table(app).game.stock[:4]
    click(app, app.layout.stock.center, settle=False)
    started_at = {}
    for frame in range(200):
        for card in dealt:
            if card not in started_at and aces_table(app).cards.sprites[card].in_flight:
                started_at[card] = frame
        if not app.busy():
            break
        app.step(dt=1 / 120)
    assert [started_at[c] for c in dealt] == sorted(started_at[c] for c in dealt)
    assert len(set(started_at.values())) == 4  # one after another, not all at once
    for pile, card in enumerate(dealt):
        assert aces_table(app).game.piles[pile][-1] == card
        assert resting(app, card)


def test_the_stock_count_falls_card_by_card_during_a_deal():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    counts = []
    painter = aces_table(app).painter
    original = painter.badge
    painter.badge = lambda surface, rect, count: (counts.append(count) if rect == app.layout.stock else None,
                                                  original(surface, rect, count))
    click(app, app.layout.stock.center, settle=False)
    app.settle()  # the deal's frames at App.settle's own step (finer than a click's settle), the badge in each
    assert counts == sorted(counts, reverse=True) and counts[-1] == 44
    assert {47, 46, 45, 44} <= set(counts)  # one card leaves at a time


def test_undo_and_redo_animate_backwards_and_forwards():
    app, _ = make_app(position(["2H 5H", "KH", "9C", "AS"], stock=8))
    start = aces_table(app).game.to_text()
    click(app, top_centre(app, 0))
    after = aces_table(app).game.to_text()
    key(app, pygame.K_z, CTRL, settle=False)
    assert aces_table(app).game.to_text() == start
    card = parse_card("5H")
    assert in_motion(app, card)  # flying back from the discard pile
    app.settle()
    assert resting(app, card)
    key(app, pygame.K_y, CTRL)
    assert aces_table(app).game.to_text() == after
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_z, CTRL | pygame.KMOD_LSHIFT)  # Ctrl+Shift+Z redoes too
    assert aces_table(app).game.to_text() == after


def test_undo_of_a_deal_returns_the_cards_to_the_stock():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    start = aces_table(app).game.to_text()
    key(app, pygame.K_SPACE)
    key(app, pygame.K_z, CTRL)
    assert aces_table(app).game.to_text() == start
    assert all(resting(app, c) for c in aces_table(app).cards.sprites)


def test_restart_acts_at_once_with_the_deal_animation_and_ctrl_z_brings_the_game_back():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    start = aces_table(app).game.to_text()
    for _ in range(3):
        key(app, pygame.K_SPACE)
    key(app, pygame.K_z, CTRL)  # something to redo as well
    game = aces_table(app).game
    played, history, future = game.to_text(), list(game.history), list(game.future)
    key(app, pygame.K_r, settle=False)  # one key, no question
    assert len(app.scenes) == 1 and aces_table(app).game.to_text() == start and aces_table(app).game.deal_number == 7
    # The cards fly in from the stock.
    assert app.busy() and not all(resting(app, c) for c in aces_table(app).cards.sprites)
    app.settle()
    assert all(resting(app, c) for c in aces_table(app).cards.sprites) and accounted(app)
    key(app, pygame.K_z, CTRL)
    game = aces_table(app).game
    assert (game.to_text(), game.history, game.future, game.deal_number) == (played, history, future, 7)
    key(app, pygame.K_y, CTRL)  # Ctrl+Y undoes that Ctrl+Z (the restart came after the undone deal)
    assert aces_table(app).game.to_text() == start and not aces_table(app).game.history


def test_new_deal_acts_at_once_and_ctrl_z_brings_the_last_game_back_until_a_move_is_made():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7), seed=11)
    key(app, pygame.K_SPACE)
    before = aces_table(app).game
    key(app, pygame.K_n)
    assert len(app.scenes) == 1 and aces_table(app).game.deal_number == random.Random(11).randint(MIN_DEAL, MAX_DEAL)
    key(app, pygame.K_F2)  # an untouched deal is not worth keeping: Ctrl+Z still goes back to the played one
    key(app, pygame.K_z, CTRL)
    assert aces_table(app).game is before and aces_table(app).game.deal_number == 7 and len(before.history) == 1
    key(app, pygame.K_n)
    key(app, pygame.K_SPACE)  # a move in the new deal: the last game is left for good
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_z, CTRL)
    assert aces_table(app).game is not before and not aces_table(app).game.history and accounted(app)


@pytest.mark.parametrize("replace_key", [pygame.K_r, pygame.K_n])
def test_ctrl_y_after_ctrl_z_brings_the_restart_or_new_deal_back_until_a_move_in_the_old_game(replace_key):
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7), seed=11)
    for _ in range(3):
        key(app, pygame.K_SPACE)
    key(app, pygame.K_z, CTRL)
    old, played = aces_table(app).game, aces_table(app).game.to_text()
    key(app, replace_key)
    replaced = aces_table(app).game
    assert replaced is not old and not replaced.history
    key(app, pygame.K_z, CTRL)
    assert aces_table(app).game is old and aces_table(app).game.to_text() == played
    key(app, pygame.K_y, CTRL, settle=False)  # Ctrl+Y undoes the Ctrl+Z: the restart or new deal, dealt in again
    assert aces_table(app).game is replaced and app.busy()
    app.settle()
    assert accounted(app) and all(resting(app, c) for c in aces_table(app).cards.sprites)
    key(app, pygame.K_z, CTRL)  # and back again, as often as the player likes
    assert aces_table(app).game is old
    key(app, pygame.K_z, CTRL)  # an undo in the old game walks back along its line ...
    key(app, pygame.K_y, CTRL)  # ... and redo walks forward to where it was left ...
    assert aces_table(app).game is old and aces_table(app).game.to_text() == played
    key(app, pygame.K_y, CTRL)  # ... from where Ctrl+Y goes on to the game it left
    assert aces_table(app).game is replaced
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_SPACE)  # a move in the old game: the game it left is gone for good
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_y, CTRL)
    key(app, pygame.K_y, CTRL)
    assert aces_table(app).game is old and aces_table(app).message == i18n.t("ui.msg.nothing_to_redo")


def test_the_redo_button_offers_the_game_ctrl_z_left():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_SPACE)
    key(app, pygame.K_r)
    key(app, pygame.K_z, CTRL)
    redo = next(b for b in aces_table(app).buttons if b.text_key == "ui.button.redo")
    assert redo.enabled()
    click(app, redo.rect.center)
    assert not aces_table(app).game.history and not redo.enabled()


def test_new_deal_takes_the_next_number_from_the_random_source():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7), seed=11)
    expected = random.Random(11).randint(MIN_DEAL, MAX_DEAL)
    key(app, pygame.K_F2)
    assert aces_table(app).game.deal_number == expected
    assert aces_table(app).game.to_text() == Game.new(deal_cards(expected)).to_text()
    assert accounted(app)


def test_keyboard_play_discard_and_move_into_a_gap():
    app, _ = make_app(position(["2H 5H", "KH", "", "9C"], stock=8))
    key(app, pygame.K_1)
    assert aces_table(app).selected == 0
    key(app, pygame.K_d)
    assert aces_table(app).game.piles[0] == [parse_card("2H")]
    key(app, pygame.K_2)
    key(app, pygame.K_3)
    assert aces_table(app).game.piles[2] == [parse_card("KH")] and aces_table(app).game.piles[1] == []
    key(app, pygame.K_4)
    key(app, pygame.K_1)  # pile 1 is not empty: refused, nothing moves
    assert aces_table(app).game.piles[3] == [parse_card("9C")]
    assert aces_table(app).message == i18n.t("rule.target_not_empty")


def test_a_refused_d_drops_the_chosen_pile_so_the_next_digit_chooses_again():
    app, _ = make_app(position(["2H", "KH", "5C", "AC"], stock=8))
    key(app, pygame.K_2)
    key(app, pygame.K_d)  # the king of hearts has no higher heart on top: refused
    table = aces_table(app)
    assert table.selected is None and table.message.startswith("No higher") and table.message.endswith("pile.")
    key(app, pygame.K_3)  # chooses pile 3, not a move from pile 2 into it
    assert aces_table(app).selected == 2


def test_piles_and_d_typed_fast_stay_in_step():
    app, _ = make_app(position(["2H", "KH", "5C", "AC"], stock=8))
    for pile_key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        post(pygame.event.Event(pygame.KEYDOWN, key=pile_key, mod=0, unicode=""),
             pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode=""))
    app.settle()  # all eight keys in the queue at once, as fast typing leaves them
    piles = aces_table(app).game.piles
    assert piles == [[], [parse_card("KH")], [], [parse_card("AC")]]  # 2H and 5C gone; KH and AC refused
    assert aces_table(app).selected is None


@pytest.mark.parametrize("between, pile", [(0.2, 2), (1.0, 1)])
def test_a_double_click_moves_a_card_that_cannot_be_discarded_into_the_gap_and_two_slow_clicks_do_not(between, pile):
    app, clock = make_app(position(["2H 5C", "KH", "", "AS"], stock=8))
    click(app, top_centre(app, 1))
    clock.now += between
    click(app, top_centre(app, 1))
    assert aces_table(app).game.piles[pile] == [parse_card("KH")]


def test_a_new_action_during_an_animation_finishes_it_first():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_SPACE, settle=False)
    key(app, pygame.K_SPACE, settle=False)
    assert len(aces_table(app).game.stock) == 40
    key(app, pygame.K_z, CTRL, settle=False)
    app.settle()
    assert len(aces_table(app).game.stock) == 44
    assert all(resting(app, c) for c in aces_table(app).cards.sprites)


def test_window_resize_lays_out_again_with_crisp_cards():
    app, clock = make_app(Game.new(deal_cards(7), deal_number=7))
    old_w = app.layout.card_w
    app.window.size = (900, 620)
    app.step(dt=1 / 60)
    assert app.layout.size == (900, 620)
    assert app.layout.card_w < old_w
    card = parse_card("5D")
    assert app.images.face(card).get_size() == (app.layout.card_w, app.layout.card_h)
    assert all(resting(app, c) for c in aces_table(app).cards.sprites)
    clock.now += 1.0  # the size held still: every picture is rendered afresh from its SVG at this size
    app.step(dt=1 / 60)
    crisp = pygame.image.load_sized_svg(str(paths.asset("cards", "5D.svg")), (app.layout.card_w, app.layout.card_h))
    shown = app.images.face(card)
    assert shown.get_size() == crisp.get_size()
    assert pygame.image.tobytes(shown, "RGBA") == pygame.image.tobytes(crisp.convert_alpha(), "RGBA")
    app.window.size = (300, 200)  # below the minimum: the window refuses
    app.step(dt=1 / 60)
    assert app.layout.width >= 720 and app.layout.height >= 520


def test_win_celebrates_then_shows_the_end_panel_and_goes_quiet():
    app, _ = make_app(position(["AH", "AC 2S", "AD", "AS"], stock=0))
    click(app, top_centre(app, 1), settle=False)
    for _ in range(400):
        app.step(dt=1 / 60)
        if won_panel_shown(app):
            break
    assert panel_title(app) == i18n.t("ui.end.won")
    for _ in range(10):
        app.step(dt=1 / 30)
    assert not app.busy()
    key(app, pygame.K_n)
    assert len(app.scenes) == 1 and aces_table(app).game.score == 0


def test_a_lost_game_offers_restart():
    app, _ = make_app(position(["AH 3D", "AC 2S", "KH", "KS"], stock=0))
    start = aces_table(app).game.to_text()
    click(app, top_centre(app, 1))  # 2S goes (KS is higher); nothing else can happen
    assert panel_title(app) == i18n.t("ui.end.lost")
    key(app, pygame.K_r)
    assert aces_table(app).game.to_text() == start and len(app.scenes) == 1


def test_nothing_is_redrawn_while_nothing_moves():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    app.settle()
    draws = []
    original = app.draw
    app.draw = lambda: (draws.append(1), original())
    for _ in range(30):
        app.step(dt=1 / 60)
    assert draws == []
    key(app, pygame.K_SPACE)
    assert draws


def test_hint_button_and_h_key_ask_for_a_hint_and_change_nothing():
    # The hint itself is tested in test_ui_hint.py.
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    hint = next(b for b in aces_table(app).buttons if b.text_key == "ui.button.hint")
    before = aces_table(app).game.to_text()
    click(app, hint.rect.center)
    assert aces_table(app).game.to_text() == before
    key(app, pygame.K_h)
    assert aces_table(app).message == i18n.t("ui.hint.thinking")
    assert aces_table(app).game.to_text() == before


def test_buttons_act_undo_and_menu():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    key(app, pygame.K_SPACE)
    undo = next(b for b in aces_table(app).buttons if b.text_key == "ui.button.undo")
    click(app, undo.rect.center)
    assert len(aces_table(app).game.stock) == 48
    key(app, pygame.K_ESCAPE)
    assert panel_title(app) == i18n.t("ui.menu.title")
    key(app, pygame.K_ESCAPE)
    assert len(app.scenes) == 1


def test_rules_panel_opens_with_f1_and_question_mark():
    app, _ = make_app()
    key(app, pygame.K_F1)
    assert panel_title(app) == i18n.t("ui.rules.title")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, unicode="?")
    assert panel_title(app) == i18n.t("ui.rules.title")


def test_the_assistant_sees_every_change_the_keys_make():
    seen = []
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    assistant = aces_table(app).assistant
    follow = assistant.game_changed
    assistant.game_changed = lambda change: (seen.append(change), follow(change))
    key(app, pygame.K_SPACE)
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_n)
    key(app, pygame.K_r)
    key(app, pygame.K_z, CTRL)
    dealt = seen[0].record
    assert isinstance(dealt, Dealt) and len(dealt.cards) == 4
    assert seen == [Change(How.ACTION, dealt), Change(How.UNDO, dealt), Change(How.NEW_DEAL), Change(How.RESTART),
                    Change(How.BACK)]


def test_ctrl_q_and_closing_the_window_quit():
    app, _ = make_app()
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL, unicode=""))
    assert app.step(dt=0) is False
    app, _ = make_app()
    post(pygame.event.Event(pygame.QUIT))
    assert app.step(dt=0) is False


def test_language_switch_from_the_menu_changes_the_texts():
    app, _ = make_app()
    app.set_language("sv")
    assert app.window.title == "Idioten"
    assert next(b for b in aces_table(app).buttons if b.text_key == "ui.button.new").label == "Ny giv"
    app.set_language("de")
    assert app.window.title == "Idioten"  # the program's name in every language (issue 34)
    assert next(b for b in aces_table(app).buttons if b.text_key == "ui.button.new").label == "Neu"


def test_a_dealt_card_turns_face_up_on_its_way():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    card = aces_table(app).game.stock[0]
    key(app, pygame.K_SPACE, settle=False)
    sprite = aces_table(app).cards.sprites[card]
    glide, painter, images = sprite.glide, aces_table(app).painter, app.images
    glide.elapsed = glide.delay + 1e-6
    assert painter.turning(sprite, "pile") is images.back()  # leaves the stock face down
    glide.elapsed = glide.delay + glide.duration * 0.3
    assert painter.turning(sprite, "pile").get_width() < app.layout.card_w // 2  # edge-on, mid-turn
    glide.elapsed = glide.delay + glide.duration * 0.9
    assert painter.turning(sprite, "pile") is images.face(card)  # lands face up, the crisp picture


def test_f11_switches_fullscreen_and_back_and_the_table_follows_the_size():
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7), size=(900, 640))
    key(app, pygame.K_F11)
    assert app.shell.fullscreen
    assert app.layout.size == app.window.size != (900, 640)  # the dummy driver's desktop is 1024x768
    key(app, pygame.K_F11)
    assert not app.shell.fullscreen and app.layout.size == app.window.size == (900, 640)
    assert all(resting(app, c) for c in aces_table(app).cards.sprites)


def test_a_key_that_changes_the_table_mid_drag_voids_the_drag():
    app, _ = make_app(position(["2H 5H", "KH", "", "AS"], stock=8))
    click(app, top_centre(app, 0))  # the 5H goes; the 2H is on top
    gap = app.layout.piles[2].center
    drag(app, top_centre(app, 0), gap, release=False)
    assert aces_table(app).input.drag.card == parse_card("2H")
    key(app, pygame.K_z, CTRL)  # the 5H comes back on top of the 2H being dragged
    before = aces_table(app).game.to_text()
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=gap, button=1))
    app.settle()
    assert aces_table(app).game.to_text() == before  # not the 5H moved into the gap in the 2H's stead
    assert accounted(app) and all(resting(app, c) for c in aces_table(app).cards.sprites)


def test_a_panel_opened_mid_drag_sends_the_card_home():
    app, _ = make_app(position(["2H 5C", "KH", "", "AS"], stock=8))
    before = aces_table(app).game.to_text()
    drag(app, top_centre(app, 0), app.layout.piles[2].center, release=False)
    key(app, pygame.K_ESCAPE)  # the menu
    assert panel_title(app) == i18n.t("ui.menu.title") and aces_table(app).input.drag is None
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.layout.piles[2].center, button=1))
    key(app, pygame.K_ESCAPE)
    assert aces_table(app).game.to_text() == before
    assert all(resting(app, c) for c in aces_table(app).cards.sprites)


def test_while_dragging_only_the_gaps_that_take_the_card_light_up():
    app, _ = make_app(position(["2H 5C", "KH", "", "7S"], stock=8, variant="aces-only"))
    lit = []
    painter = aces_table(app).painter
    original = painter.ring
    painter.ring = lambda surface, ring, corner: (lit.append((ring is painter.glow, tuple(corner))),
                                                  original(surface, ring, corner))
    drag(app, top_centre(app, 0), (app.layout.width // 2, app.layout.table_bottom - 40), release=False)
    assert lit == []  # aces only: the 5C may not go into the gap
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(app.layout.width // 2, app.layout.table_bottom - 40),
                            button=1))
    app.settle()
    app, _ = make_app(position(["2H 5C", "KH", "", "7S"], stock=8))
    painter = aces_table(app).painter
    original = painter.ring
    painter.ring = lambda surface, ring, corner: (lit.append((ring is painter.glow, tuple(corner))),
                                                  original(surface, ring, corner))
    drag(app, top_centre(app, 0), (app.layout.width // 2, app.layout.table_bottom - 40), release=False)
    assert set(lit) == {(True, tuple(app.layout.piles[2].topleft))}


def test_settings_hooks_four_colours_speed_and_auto_discard():
    from idioten.storage.settings import Settings
    settings = Settings(four_colour=True, animation="off").game_changed("idioten", "auto_discard", True)
    app, _ = make_app(position(["2H 5H", "KH", "9C", "4C"], stock=8), settings=settings)
    face = app.images.face(parse_card("5H"))
    four = pygame.image.load_sized_svg(str(paths.asset("cards", "four-colour", "5H.svg")), face.get_size())
    assert pygame.image.tobytes(face, "RGBA") == pygame.image.tobytes(four.convert_alpha(), "RGBA")
    click(app, top_centre(app, 0), settle=False)  # the 5H goes, at once: with speed 0 nothing glides
    assert parse_card("5H") in aces_table(app).game.discards
    assert drawn_at_its_place(app, parse_card("5H"))
    app.settle()  # auto-discard: the 2H (the KH is higher) and the 4C (the 9C) follow by themselves
    assert aces_table(app).game.piles[0] == [] and aces_table(app).game.piles[3] == []
    assert aces_table(app).game.piles[1] == [parse_card("KH")] and aces_table(app).game.piles[2] == [parse_card("9C")]


def test_the_players_loop_runs_posted_events_and_returns_on_ctrl_q():
    import time as real_time
    # the real loop on the real clock: animations take their real time
    app, _ = make_app(Game.new(deal_cards(7), deal_number=7), clock=real_time.monotonic)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "),
         pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL, unicode=""))
    frames = []
    step = app.step
    app.step = lambda *args, **kwargs: (frames.append(1), step(*args, **kwargs))
    app.loop()
    # Both keys were handled in the loop's first frame, and Ctrl+Q ended it there: it did not wait for the
    # deal's cards to land (frames, not seconds: the same count on a fast or a slow machine).
    assert not app.running and len(frames) == 1
    assert len(aces_table(app).game.stock) == 44


def test_the_idle_loop_sleeps_until_an_event_arrives(monkeypatch):
    """The loop asks SDL to sleep its longest, the test's events arrive one a sleep, and SDL's wait returns
    for each: no wall time is measured, so a slow or busy machine gives the same answers."""
    from idioten.ui import app as app_module
    from idioten.ui.idle import Waiter

    app, _ = make_app(Game.new(deal_cards(7), deal_number=7))
    app.warm()
    app.settle()
    draws = []
    original = app.draw
    app.draw = lambda: (draws.append(1), original())
    # what the player sends while the loop sleeps: first something that changes nothing, then Ctrl+Q
    arriving = [pygame.event.Event(pygame.USEREVENT, meaning="none"),
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL, unicode="")]
    asked, woke_for_an_event, drawn_when_sleeping = [], [], []

    class SDLRecorder:
        """SDL's own wait, its answer kept: 1 means an event ended it, 0 that its time ran out."""

        def __init__(self, sdl):
            self.sdl = sdl

        def SDL_WaitEventTimeout(self, event, timeout_ms):
            woke = self.sdl.SDL_WaitEventTimeout(event, timeout_ms)
            woke_for_an_event.append(woke == 1)
            return woke

    class RecordingWaiter(Waiter):
        def __init__(self):
            super().__init__()
            assert self._sdl is not None  # the truly sleeping wait, the one players get on Linux
            self._sdl = SDLRecorder(self._sdl)

        def wait(self, timeout_ms):
            asked.append(timeout_ms)
            drawn_when_sleeping.append(len(draws))
            if not arriving:  # a loop that sleeps more often than events come: stop it, the asserts say why
                app.running = False
                return
            pygame.event.post(arriving.pop(0))
            super().wait(timeout_ms)

    monkeypatch.setattr(app_module, "Waiter", RecordingWaiter)
    app.loop()
    # Two sleeps, each as long as the loop's longest (nothing on the table wants a wake-up), each ended by
    # the event: a loop that polled would have asked less, or slept again before handling what came.
    assert asked == [IDLE_WAIT_MS, IDLE_WAIT_MS]
    assert woke_for_an_event == [True, True]
    # nothing moved, so nothing was drawn: not on waking for the event that changed nothing, not before
    # (at most the loop's first frame)
    assert drawn_when_sleeping[0] == drawn_when_sleeping[1] == len(draws) <= 1


def last_card_position() -> Game:
    """The four aces on the table and 5♣ on the ace of diamonds: discarding it wins."""
    return position(["AS", "AH", "AC", "AD 5C"])


def test_a_win_celebrates_with_leaping_cards_that_any_key_skips_to_the_end_panel():
    app, _ = make_app(last_card_position())
    key(app, pygame.K_4)
    key(app, pygame.K_d, settle=False)
    for _ in range(60):
        app.step(dt=1 / 60)
    assert aces_table(app).game.is_won() and not won_panel_shown(app) and leaping(app)
    key(app, pygame.K_n, settle=False)  # skips: it does not deal a new game
    assert won_panel_shown(app) and aces_table(app).game.is_won()
    assert not app.busy()  # no confetti on the panel: the cards were the celebration


def test_a_celebration_left_alone_ends_in_the_end_panel_and_none_with_animations_off():
    app, _ = make_app(last_card_position())
    key(app, pygame.K_4)
    key(app, pygame.K_d, settle=False)
    frames = 0
    while frames < 600 and not won_panel_shown(app):
        assert app.busy()  # the window keeps drawing frames until the panel is there
        app.step(dt=1 / 60)
        frames += 1
    assert won_panel_shown(app) and frames > 60  # more than the last card's glide: the cards leapt first
    quick, _ = make_app(last_card_position())
    quick.settings = quick.settings.changed("animation", "off")
    key(quick, pygame.K_4)
    key(quick, pygame.K_d, settle=False)
    quick.step(dt=1 / 60)
    assert won_panel_shown(quick)
