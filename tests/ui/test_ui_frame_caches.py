"""The window keeps what it would otherwise work out again every frame (the game's settings as read, which
sessions keep time, card pictures ready to blit): each kept answer must give way to the new one as soon as
what it was made from changes."""

from __future__ import annotations

from idioten.play.acesup.settings import AcesUpSettings, aces_up_settings
from idioten.storage.settings import Settings
from idioten.ui.game_clock import status_parts, timed


def test_the_aces_up_settings_read_follow_each_new_settings_object():
    plain = Settings()
    assert aces_up_settings(plain) == AcesUpSettings()
    marked = plain.game_changed("idioten", "highlight_discardable", True)
    assert aces_up_settings(marked).highlight_discardable
    assert not aces_up_settings(plain).highlight_discardable  # and back to the one asked before
    assert aces_up_settings(marked.game_changed("idioten", "variant", "aces-only")).variant == "aces-only"


class _Clocked:
    def clock_running(self) -> bool:
        return True

    def add_time(self, seconds: float) -> None:
        pass

    def time_and_moves(self) -> tuple[float | None, int | None]:
        return 75.0, 3


class _Untimed:
    pass


def test_which_sessions_keep_time_is_answered_by_their_kind():
    clocked, untimed = _Clocked(), _Untimed()
    for _ in range(2):  # the second answer comes from what was kept
        assert timed(clocked) is clocked and timed(untimed) is None and timed(None) is None
        assert status_parts(untimed) == [] and len(status_parts(clocked)) == 2


def _button_pixels(button, texts, size: int, screen_like) -> bytes:
    """The button drawn as the window draws it, on a patterned ground (its corners must show that ground)."""
    import pygame

    ground = pygame.Surface((240, 90), 0, screen_like)
    for x in range(0, 240, 6):
        ground.fill((x, 255 - x, (3 * x) % 256), (x, 0, 3, 90))
    button.draw(ground, texts, size)
    return pygame.image.tobytes(ground, "RGB")


def _painted_in_place(button, texts, size: int, screen_like, face, edge, label_colour) -> bytes:
    import pygame

    from idioten.ui.kit.widgets import paint_face

    ground = pygame.Surface((240, 90), 0, screen_like)
    for x in range(0, 240, 6):
        ground.fill((x, 255 - x, (3 * x) % 256), (x, 0, 3, 90))
    paint_face(ground, button.rect, face, edge)
    label = texts.render(button.label, size, label_colour)
    ground.blit(label, label.get_rect(center=button.rect.center))
    return pygame.image.tobytes(ground, "RGB")


def test_a_buttons_face_kept_as_a_picture_draws_the_pixels_it_drew_in_place_and_follows_each_change():
    import pygame

    from idioten import i18n
    from idioten.ui.kit import palette, widgets
    from idioten.ui.kit.fonts import Texts

    pygame.display.init()
    pygame.font.init()
    screen_like = pygame.Surface((1, 1))  # the window's own format: 32 bits, no alpha
    texts = Texts()
    enabled = [True]
    button = widgets.Button("ui.button.undo", lambda: None, enabled=lambda: enabled[0])
    button.rect = pygame.Rect(30, 20, 150, 44)
    previous_language, previous_table = i18n.language(), palette._table
    try:
        i18n.set_language("en")
        looks = []
        for change in ("first", "again", "hover", "disabled", "language", "size", "table"):
            if change == "hover":
                button.hover = True
            elif change == "disabled":
                enabled[0] = False
            elif change == "language":
                i18n.set_language("de")
            elif change == "size":
                button.rect = pygame.Rect(30, 20, 170, 50)
            elif change == "table":
                palette.follow_table("blue")
            drawn = _button_pixels(button, texts, 20, screen_like)
            face = widgets.FACE_HOVER if button.hover and enabled[0] else widgets.FACE
            edge = widgets.EDGE if enabled[0] else widgets.FACE_HOVER
            label = widgets.LABEL if enabled[0] else palette.tint(widgets.LABEL_DISABLED)
            assert drawn == _painted_in_place(button, texts, 20, screen_like, palette.tint(face),
                                              palette.tint(edge), label), change
            looks.append(drawn)
        assert looks[0] == looks[1]
        assert len(set(looks[1:])) == len(looks) - 1  # every change shows
    finally:
        i18n.set_language(previous_language)
        palette.follow_table(previous_table)


def _poker_layout_facts(layout) -> tuple:
    import dataclasses

    return tuple((f.name, repr(getattr(layout, f.name))) for f in dataclasses.fields(layout) if f.name != "base")


def test_a_poker_layout_laid_out_again_is_the_one_its_own_search_finds():
    from idioten.ui.kit.layout import Layout
    from idioten.ui.poker import layout as poker

    def laid_out(size, label_w=180, competitive=True, open_deck=False):
        return poker.PokerLayout(Layout(*size), label_w, 140, True, open_deck, competitive, 160, 120, 90)

    cases = [((1280, 800), {}), ((900, 560), {}), ((1280, 800), {"label_w": 260}),
             ((1280, 800), {"competitive": False}), ((700, 420), {"open_deck": True}), ((1280, 800), {})]
    fresh = []
    for size, options in cases:
        poker._SEARCHED.clear()
        fresh.append(_poker_layout_facts(laid_out(size, **options)))
    poker._SEARCHED.clear()
    for (size, options), expected in zip(cases, fresh):  # one after another: each after another's search
        assert _poker_layout_facts(laid_out(size, **options)) == expected, (size, options)
    assert len({facts for facts in fresh}) == len(cases) - 1  # every change of room or words changes the layout


def test_a_panels_shade_is_made_for_each_size_and_shade():
    from idioten.ui.kit.panels import dimming

    shade = dimming((300, 200), 120)
    assert dimming((300, 200), 120) is shade  # kept
    for size, alpha in (((310, 200), 120), ((300, 200), 60), ((300, 200), 120)):
        made = dimming(size, alpha)
        assert made.get_size() == size and made.get_at((size[0] - 1, size[1] - 1)) == (0, 0, 0, alpha)


def test_the_poker_line_labels_follow_each_card_placed_the_table_and_the_language():
    from types import SimpleNamespace

    from idioten import i18n
    from idioten.poker.game import PokerGame
    from idioten.storage.settings import Settings
    from idioten.ui.poker.painter import PokerPainter

    def painter():
        return PokerPainter(SimpleNamespace(app=SimpleNamespace(settings=Settings())))  # type: ignore[arg-type]

    kept = painter()
    game = PokerGame.new(7)
    previous = i18n.language()
    try:
        i18n.set_language("en")
        seen = []
        for cell in (0, 1, 5, 6, 2, 3, 4):  # a row fills up: its label speaks as soon as it scores
            game.place(cell)
            shown = kept.shown_lines(game)
            assert shown == painter().shown_lines(game), cell
            seen.append(shown)
        assert seen[-1] != seen[-2]
        other_table = PokerGame.new(7, diagonals=True)
        assert kept.shown_lines(other_table) == painter().shown_lines(other_table) != seen[0]
        i18n.set_language("de")
        assert kept.shown_lines(game) == painter().shown_lines(game) != seen[-1]
    finally:
        i18n.set_language(previous)
