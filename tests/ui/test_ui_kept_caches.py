"""What the window keeps for the whole run rather than for one frame or one window (which file an asset is, ...):
each kept answer must give way to the new one as soon as what it was made from changes."""

from __future__ import annotations

import sys

from idioten import paths
from idioten.ui.kit.sprites import RenderedPictures

_SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="70" height="98">'
           '<rect width="70" height="98" fill="{colour}"/></svg>')


def _assets(folder, colour: str):
    """An asset folder whose ace of spades is a plain rectangle of `colour`."""
    (folder / "cards").mkdir(parents=True)
    (folder / "cards" / "AS.svg").write_text(_SQUARE.format(colour=colour))
    return folder


def test_the_file_kept_for_an_asset_follows_the_asset_folders(tmp_path, monkeypatch):
    red, blue = _assets(tmp_path / "red", "#ff0000"), _assets(tmp_path / "blue", "#0000ff")
    for roots, found in (([red], red), ([blue], blue), ([red, blue], red), ([blue, red], blue), ([red], red)):
        monkeypatch.setattr(paths, "asset_roots", lambda roots=roots: roots)
        for _ in range(2):  # the second answer comes from what was kept
            assert paths.kept_asset("cards", "AS.svg") == found / "cards" / "AS.svg"
    monkeypatch.setattr(paths, "asset_roots", lambda: [blue])
    # A four-colour picture the decks share is the standard deck's file, kept as such.
    assert paths.kept_asset("cards", paths.FOUR_COLOUR, "AS.svg") == blue / "cards" / "AS.svg"


def test_the_file_kept_for_an_asset_follows_a_bundle_s_folder(tmp_path, monkeypatch):
    in_checkout = paths.kept_asset("cards", "AS.svg")
    assert in_checkout == paths.asset("cards", "AS.svg")
    _assets(tmp_path / "assets", "#ff0000")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.kept_asset("cards", "AS.svg") == tmp_path / "assets" / "cards" / "AS.svg"
    monkeypatch.delattr(sys, "_MEIPASS")
    assert paths.kept_asset("cards", "AS.svg") == in_checkout


def test_a_rendered_picture_follows_the_asset_folders(tmp_path, monkeypatch):
    red, blue = _assets(tmp_path / "red", "#ff0000"), _assets(tmp_path / "blue", "#0000ff")
    pictures = RenderedPictures(budget_bytes=10**8)
    for roots, colour in (([red], (255, 0, 0)), ([blue], (0, 0, 255)), ([red], (255, 0, 0))):
        monkeypatch.setattr(paths, "asset_roots", lambda roots=roots: roots)
        picture = pictures.get("cards/AS.svg", (70, 98))
        assert picture is not None and tuple(picture.get_at((35, 49)))[:3] == colour
        assert pictures.get("cards/AS.svg", (70, 98)) is picture
    smaller = pictures.get("cards/AS.svg", (35, 49))  # another size, another picture
    assert smaller is not None and smaller.get_size() == (35, 49)


def test_the_poker_totals_follow_each_card_placed_and_the_table():
    from types import SimpleNamespace

    from idioten.poker.game import PokerGame
    from idioten.storage.settings import Settings
    from idioten.ui.poker.painter import PokerPainter

    kept = PokerPainter(SimpleNamespace(app=SimpleNamespace(settings=Settings())))  # type: ignore[arg-type]
    player, computer = PokerGame.new(7), PokerGame.new(7, table="american")
    totals = []
    for cell in (0, 1, 2, 3, 4, 5, 10, 15, 20):  # a row and a column fill up
        for game in (player, computer):  # the two grids shown at once, each placed in turn
            game.place(cell)
            assert kept.scored(game) == game.score(), cell
        totals.append(kept.scored(player).total)
    assert len(set(totals)) > 1  # the placements changed the total
    for table, diagonals in (("american", False), (player.table, True)):
        other = PokerGame.new(7, table=table, diagonals=diagonals)
        for cell in (0, 1, 2, 3, 4, 5, 10, 15, 20):
            other.place(cell)
        assert kept.scored(other) == other.score() != kept.scored(player)


def test_the_felt_painted_over_the_last_background_is_the_new_felt_and_size():
    import pygame

    from idioten.ui.kit.felt import felt_canvas

    def pixels(surface):
        return surface.get_size(), pygame.image.tobytes(surface, "RGB")

    reused = felt_canvas((300, 200), "green")
    reused.fill((255, 0, 0), (0, 0, 50, 50))  # the last background had labels and slots on it
    for size, colour in (((300, 200), "blue"), ((300, 200), "green"), ((320, 200), "green"), ((320, 200), "red")):
        canvas = felt_canvas(size, colour, reuse=reused)
        assert pixels(canvas) == pixels(felt_canvas(size, colour)), (size, colour)
        assert (canvas is reused) == (size == reused.get_size())  # another size: a surface of its own
        reused = canvas
    with_alpha = pygame.Surface((320, 200), pygame.SRCALPHA)
    assert felt_canvas((320, 200), "red", reuse=with_alpha) is not with_alpha  # not the felt's format


def test_a_table_worded_anew_paints_the_background_a_new_table_would(data_folder):
    import pygame
    from ui_support import make_app

    app, _ = make_app(size=(900, 640))
    table = app.scenes[0]
    first = table.painter.background
    seen = [pygame.image.tobytes(first, "RGB")]
    for language in ("de", "fi", "en"):
        app.set_language(language)
        assert table.painter.background is first  # painted over, not made afresh
        worded = pygame.image.tobytes(table.painter.background, "RGB")
        del table.painter.background
        table.language_changed()
        assert table.painter.background is not first
        assert pygame.image.tobytes(table.painter.background, "RGB") == worded, language
        first = table.painter.background
        seen.append(worded)
    assert seen[0] != seen[1] != seen[2] and seen[3] == seen[0]  # the labels' words changed, and came back


def test_the_widths_kept_for_the_run_follow_the_font_size_and_text(tmp_path, monkeypatch):
    import pygame

    from idioten.ui.kit.fonts import Texts

    pygame.font.init()
    texts = ("Deal", "Deal 7", "7♥ on 8♠", "Neue Runde")

    def measured(kept: Texts) -> list[tuple[int, int]]:
        return [(kept.width(text, size), kept.plain_width(text, size)) for size in (14, 22) for text in texts]

    def by_the_font(size: int, text: str) -> int:
        return Texts().font(size).size(text)[0]

    first = measured(Texts())
    assert measured(Texts()) == first  # another window: the same answers, kept
    assert [plain for _, plain in first] == [by_the_font(size, text) for size in (14, 22) for text in texts]
    assert len(set(first)) == len(first)  # each text and size its own width
    assert first[2][0] > first[2][1]  # the cards named are measured on their paper
    monkeypatch.setattr(paths, "asset_roots", lambda: [tmp_path])  # no font file: pygame's own font
    fallback = measured(Texts())
    assert fallback != first
    assert [plain for _, plain in fallback] == [by_the_font(size, text) for size in (14, 22) for text in texts]


def test_the_lines_kept_for_the_run_follow_the_font_text_colour_and_deck(tmp_path, monkeypatch):
    import pygame

    from idioten.ui.kit import fonts
    from idioten.ui.kit.fonts import Texts

    pygame.font.init()

    def pixels(surface) -> tuple[tuple[int, int], bytes]:
        return surface.get_size(), pygame.image.tobytes(surface, "RGBA")

    four = [False]
    asked = [("Deal 7", 18, (240, 240, 235)), ("Deal 7", 22, (240, 240, 235)), ("Deal 7", 18, (255, 0, 0)),
             ("7♦ on 8♣", 18, (240, 240, 235))]
    first = {(*line, False): Texts(four_colour=lambda: four[0]).render(*line) for line in asked}
    four[0] = True
    first.update({(*line, True): Texts(four_colour=lambda: four[0]).render(*line) for line in asked})
    # Each text, size and colour its own line; the deck's colours change only the cards' inks.
    assert len({pixels(first[(*line, False)]) for line in asked}) == len(asked)
    assert pixels(first[(*asked[-1], False)]) != pixels(first[(*asked[-1], True)])
    for (text, size, colour, in_four), line in first.items():
        four[0] = in_four
        again = Texts(four_colour=lambda: four[0])
        assert again.render(text, size, colour) is line  # another window: the line kept
        monkeypatch.setattr(fonts, "_rendered", fonts.OrderedDict())  # and as rendered afresh
        assert pixels(Texts(four_colour=lambda: four[0]).render(text, size, colour)) == pixels(line)
        monkeypatch.undo()
    monkeypatch.setattr(paths, "asset_roots", lambda: [tmp_path])  # no font file: pygame's own font
    four[0] = False
    assert pixels(Texts().render("Deal 7", 18, (240, 240, 235))) != pixels(first[("Deal 7", 18, (240, 240, 235),
                                                                                   False)])


def test_button_faces_kept_for_the_run_follow_size_look_and_the_target_s_format():
    import pygame

    from idioten.ui.kit import palette, widgets
    from idioten.ui.kit.fonts import Texts

    pygame.font.init()
    texts, opaque, with_alpha = Texts(), pygame.Surface((300, 100)), pygame.Surface((300, 100), pygame.SRCALPHA)

    def face_of(rect: pygame.Rect, hover: bool = False, target: pygame.Surface = opaque):
        button = widgets.Button("ui.button.undo", lambda: None)  # a button of another window
        button.rect, button.hover = rect, hover
        button.draw(target, texts, 18)
        assert button._face is not None
        return button._face[1]

    first = face_of(pygame.Rect(10, 10, 120, 40))
    assert first is not None and face_of(pygame.Rect(150, 50, 120, 40)) is first  # the same size and look
    hovered = face_of(pygame.Rect(10, 10, 120, 40), hover=True)
    wider = face_of(pygame.Rect(10, 10, 130, 40))
    assert len({id(first), id(hovered), id(wider)}) == 3
    assert face_of(pygame.Rect(10, 10, 120, 40), target=with_alpha) is None  # drawn in place there
    previous = palette._table
    try:
        palette.follow_table("red")
        assert face_of(pygame.Rect(10, 10, 120, 40)) is not first
    finally:
        palette.follow_table(previous)
    assert face_of(pygame.Rect(10, 10, 120, 40)) is first  # and back: kept


def test_rings_shadows_and_lit_cells_kept_for_the_run_follow_every_measure():
    import pygame

    from idioten.ui.kit.drawing import outline
    from idioten.ui.kit.sprites import shadow
    from idioten.ui.poker.painter import lit_cell

    def pixels(surface) -> tuple[tuple[int, int], bytes]:
        return surface.get_size(), pygame.image.tobytes(surface, "RGBA")

    for made, asked in ((outline, [((70, 98), (250, 210, 60), 5, 2), ((70, 98), (250, 210, 60), 5, 2, 40),
                                   ((80, 98), (250, 210, 60), 5, 2), ((70, 98), (60, 140, 250), 5, 2),
                                   ((70, 98), (250, 210, 60), 7, 2), ((70, 98), (250, 210, 60), 5, 3)]),
                        (shadow, [((70, 98), 5), ((70, 99), 5), ((70, 98), 6), ((70, 98), 5, 90)]),
                        (lit_cell, [((70, 98), 5, 2), ((70, 60), 5, 2), ((70, 98), 6, 2), ((70, 98), 5, 3)])):
        kept = [made(*args) for args in asked]
        assert [pixels(surface) for surface in kept] == [pixels(made.__wrapped__(*args)) for args in asked]
        assert len({pixels(surface) for surface in kept}) == len(asked), made  # every measure shows
        assert all(made(*args) is surface for args, surface in zip(asked, kept))  # asked again: kept
