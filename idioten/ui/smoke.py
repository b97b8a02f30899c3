"""`idioten --smoke`: open the real game window, play a few actions through its event loop, check each one,
close, and exit 0; on the first thing that goes wrong, one line on stderr and exit status 1.

It exists so that a packaged executable can prove it works without a player: CI runs `dist/idioten --smoke`
under SDL's dummy video driver, so a bundle that lost its card pictures, its SVG support, its font or a
module turns CI red. The steps use the same paths a player's input takes (events posted to SDL's queue,
handled by `App.step` and `App.loop`), and the expected position after each step is computed by the rules
on a copy of the game, never by the window.

On success it prints one JSON line, for `bench/exe.py` and for people:
    {"smoke": "ok", "first_frame_epoch": ..., "import_to_first_frame_s": ..., "frozen": ..., "solver_core": ...,
     "steps": [...]}
`first_frame_epoch` is `time.time()` just after the first frame was shown; a caller that noted the time it
started the program subtracts to get start-to-first-frame, unpacking of a one-file bundle included.

With `IDIOTEN_SMOKE_REPORT=FILE` the same line (or the failure line) is also written to FILE, for the
windowed Windows program, which has no standard output.

Saves go to `IDIOTEN_DATA_DIR` when it is set; otherwise to a temporary folder that is removed at the end,
so a smoke run never touches a player's saved game. This module drives the window, so like `idioten/ui/`
it imports pygame, and only when the smoke mode runs.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from idioten import cores, paths
from idioten.acesup.rules import PILES, Game
from idioten.cards import deal_cards, full_deck
from idioten.storage.files import ENV_DATA_DIR

if TYPE_CHECKING:
    import pygame

    from idioten.ui.acesup.table import TableScene
    from idioten.ui.app import App
    from idioten.ui.opening import Launch

IMPORTED_AT = time.perf_counter()
ENV_SMOKE_REPORT = "IDIOTEN_SMOKE_REPORT"
DEFAULT_DEAL = 1  # a fixed deal, so every smoke run plays the same cards
FRAME = 1 / 60


class SmokeFailure(Exception):
    """A step did not do what it should; the message is the one line the smoke run prints."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise SmokeFailure(message)


def is_frozen() -> bool:
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def bundle_root() -> Path:
    """The folder the frozen program's files are in. In a macOS .app, sys._MEIPASS is Contents/Frameworks
    and PyInstaller puts the data files in Contents/Resources, linked from there: the bundle is Contents."""
    meipass = Path(sys._MEIPASS).resolve()  # type: ignore[attr-defined]  # PyInstaller's, when frozen
    if meipass.name == "Frameworks" and meipass.parent.name == "Contents":
        return meipass.parent
    return meipass


def check_assets() -> str:
    """Every picture the table can show is a real file where the game looks, inside the bundle when frozen."""
    root = paths.asset_root()
    if is_frozen():
        bundle = bundle_root()
        check(root.resolve().is_relative_to(bundle), f"assets found at {root}, not inside the bundle {bundle}")
    names = [f"{card}.svg" for card in full_deck()] + ["back-blue.svg", "back-red.svg", "slot.svg"]
    names += [f"four-colour/{card}.svg" for card in full_deck()]
    missing = [name for name in names if not paths.asset("cards", *name.split("/")).is_file()]
    check(not missing, f"card pictures missing under {root}: {', '.join(missing[:5])}"
          + (f" and {len(missing) - 5} more" if len(missing) > 5 else ""))
    check(paths.asset("icon.png").is_file(), f"icon.png missing under {root}")
    return str(root)


def check_solver_core() -> str:
    """The solver core this program uses ("compiled" or "python"), after it has solved deal 1. A bundle that
    lost the compiled module falls back to Python silently; with IDIOTEN_REQUIRE_COMPILED=1 that is a failure."""
    from idioten.acesup import solver
    from idioten.cards import deal_cards

    result = solver.solve(Game.new(deal_cards(1)), time_limit=30)
    check(result.result == solver.WINNABLE and result.core == solver.CORE,
          f"the {solver.CORE} solver core did not solve deal 1 ({result.result})")
    # What must not happen is a program without the compiled module; the Python core chosen on purpose
    # (IDIOTEN_PURE_PYTHON, as in CI's second pass) is not a fallback.
    required = cores.env_flag(cores.REQUIRE_COMPILED_ENV)
    check(solver.COMPILED_BUILT or not required,
          "the compiled solver core is missing, and IDIOTEN_REQUIRE_COMPILED is set")
    return solver.CORE


def check_data_folder(folder: Path) -> None:
    """Saves belong in the player's data folder, never in the bundle (a temporary folder deleted at exit)."""
    from idioten.storage.files import find_data_dir

    saved_env = os.environ.pop(ENV_DATA_DIR, None)
    try:
        found = find_data_dir()
    finally:
        if saved_env is not None:
            os.environ[ENV_DATA_DIR] = saved_env
    # None where the system names no folder (no home folder): the game then plays without saving, and only
    # the smoke run's own folder is checked.
    default = found.resolve() if found is not None else None
    check(default is None or default.is_absolute() and default.name.lower() == "idioten",
          f"the default data folder {default} is not an Idioten folder")
    for place in ([default] if default is not None else []) + [folder.resolve()]:
        if is_frozen():
            check(not place.is_relative_to(bundle_root()), f"data folder {place} is inside the bundle")
        check(not place.is_relative_to(paths.asset_root().resolve()), f"data folder {place} is inside the assets")


def check_saved_by_the_game(folder: Path, game: Game) -> None:
    """The window saves after every action: what it left in the data folder must be the table as played."""
    from idioten.storage.game import load_game

    saved, _notices = load_game(folder)
    if saved is None:
        raise SmokeFailure(f"the game saved nothing in {folder}")
    check(saved.game.to_text() == game.to_text(), f"the game saved in {folder} is not the one on the table")
    check(saved.game.history == game.history, f"the game saved in {folder} lost its history (undo)")


class Script:
    """The scripted player: each step posts real input events, lets the loop run, and checks the table."""

    def __init__(self, app: App):
        import pygame

        self.pygame = pygame
        self.app = app
        self.steps: list[str] = []

    @property
    def table(self) -> TableScene:
        from idioten.ui.acesup.table import TableScene

        scene = self.app.playing.game_scene("idioten")
        if not isinstance(scene, TableScene):
            raise SmokeFailure(f"Idioten's scene is a {type(scene).__name__}")
        return scene

    @property
    def game(self) -> Game:
        return self.table.game

    def post(self, *events: pygame.event.Event) -> None:
        for event in events:
            self.pygame.event.post(event)
        self.app.settle(dt=FRAME)

    def key(self, key: int, mod: int = 0) -> None:
        self.post(self.pygame.event.Event(self.pygame.KEYDOWN, key=key, mod=mod, unicode=""))

    def click(self, pos: tuple[int, int]) -> None:
        pg = self.pygame
        self.post(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=1))

    def skip_the_first_start_offer(self) -> None:
        """A first start (a new data folder) offers Learn to play over the table: Esc skips it, as a player may."""
        from idioten.ui.kit.panels import OfferPanel

        if isinstance(self.app.scenes[-1], OfferPanel):
            self.key(self.pygame.K_ESCAPE)
            check(len(self.app.scenes) == 1, "Esc left the first start's offer on the table")
            self.steps.append("the first start's offer skipped (Esc)")

    def pictures_render(self) -> None:
        """The window falls back to plain stand-ins when a picture cannot be rendered, so check that the
        bundled SDL_image really renders the SVG art: an ace of spades is mostly white with black ink."""
        pg = self.pygame
        size = (100, 140)
        image = pg.image.load_sized_svg(str(paths.asset("cards", "AS.svg")), size)
        check(image.get_size() == size, f"the ace of spades rendered at {image.get_size()}, not {size}")
        samples = [image.get_at((x, y)) for x in range(0, size[0], 2) for y in range(0, size[1], 2)]
        ink = sum(1 for c in samples if max(c[:3]) < 80) / len(samples)
        paper = sum(1 for c in samples if min(c[:3]) > 200) / len(samples)
        check(0.05 < ink < 0.4 and paper > 0.5,
              f"the ace of spades does not look like one ({ink:.0%} black ink, {paper:.0%} white paper)")
        self.steps.append("card pictures render from SVG")

    def expect(self, name: str, expected: Game) -> None:
        actual = self.game.to_text()
        check(actual == expected.to_text(), f"{name}: the table shows {actual!r}, expected {expected.to_text()!r}")
        sprites = self.table.cards.sprites
        check(set(sprites) == set(full_deck()), f"{name}: {len(sprites)} card sprites instead of 52")
        self.steps.append(name)

    def deal_with_space(self) -> None:
        expected = self.game.copy()
        expected.deal()
        self.key(self.pygame.K_SPACE)
        self.expect("deal (Space)", expected)

    def deal_by_clicking_the_stock(self) -> None:
        expected = self.game.copy()
        expected.deal()
        self.click(self.app.layout.stock.center)
        self.expect("deal (click on the stock)", expected)

    def discard_by_clicking(self) -> bool:
        pile = next((p for p in range(PILES) if self.game.can_discard(p)), None)
        if pile is None:
            return False
        expected = self.game.copy()
        expected.discard(pile)
        top = self.table.top_rect(pile)
        if top is None:
            raise SmokeFailure(f"pile {pile + 1} can be discarded from but shows no card")
        self.click(top.center)
        self.expect(f"discard pile {pile + 1} (click)", expected)
        return True

    def undo_and_redo(self) -> None:
        pg = self.pygame
        done = self.game.copy()
        undone = self.game.copy()
        undone.undo()
        self.key(pg.K_z, pg.KMOD_LCTRL)
        self.expect("undo (Ctrl+Z)", undone)
        self.key(pg.K_y, pg.KMOD_LCTRL)
        self.expect("redo (Ctrl+Y)", done)

    def poker_and_back(self) -> None:
        """G opens Poker patience; a click on a cell places the drawn card there; G comes back to the same
        Idioten table."""
        pg = self.pygame
        idioten_before = self.game.to_text()
        self.key(pg.K_g)
        from idioten.ui.poker.scene import PokerScene

        poker = self.app.scenes[0]
        if self.app.playing.current_game.name != "poker" or not isinstance(poker, PokerScene):
            raise SmokeFailure("G did not open Poker patience")
        expected = poker.game.copy()
        cell = expected.empty_cells()[0]
        card = expected.drawn
        expected.place(cell, card)
        self.click(poker.layout.cells[cell].center)
        check(poker.game.grid == expected.grid, f"Poker patience: a click on cell {cell + 1} did not place {card}")
        self.steps.append(f"poker: place {card} (click)")
        self.key(pg.K_g)
        check(self.app.scenes[0] is self.app.playing.game_scene("idioten"), "G did not come back to Idioten")
        self.expect("back to Idioten (G)", Game.from_text(idioten_before))

    def quit_through_the_loop(self) -> None:
        pg = self.pygame
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_q, mod=pg.KMOD_LCTRL, unicode=""))
        self.app.loop()  # the player's loop: it must return once Ctrl+Q has been handled
        check(not self.app.running, "Ctrl+Q did not close the window")
        self.steps.append("quit (Ctrl+Q)")

    def play(self) -> None:
        self.deal_with_space()
        while not self.discard_by_clicking():
            check(self.game.can_deal(), "no discard came up in the whole deal")
            self.deal_by_clicking_the_stock()
        self.undo_and_redo()


def smoke(launch: Launch, folder: Path) -> dict[str, object]:
    """The real start (`launch.open_app`: the store in `folder`, the window, deal N), then the script."""
    assets = check_assets()
    check_data_folder(folder)
    if not launch.names_a_deal:  # never resume a saved game: the script needs a known position
        launch = launch._replace(cards=tuple(deal_cards(DEFAULT_DEAL)), deal_number=DEFAULT_DEAL)
    from idioten.ui.launch import open_app  # after IMPORTED_AT: the window's imports count as start-up

    app = open_app(launch)
    number = launch.deal_number
    # The variant: the command line's or the settings'.
    script = Script(app)
    first_position = Game.new(list(launch.cards or ()), script.game.variant, number)
    first_frame: dict[str, float] = {}
    draw = app.draw

    def draw_and_note_the_first_frame() -> None:
        draw()
        first_frame.setdefault("epoch", time.time())
        first_frame.setdefault("perf", time.perf_counter())

    app.draw = draw_and_note_the_first_frame  # type: ignore[method-assign]  # this one window's, to time it
    try:
        app.step(dt=0)
        check("epoch" in first_frame, "the first turn of the loop drew nothing")
        script.expect("first frame", first_position)
        script.pictures_render()
        script.skip_the_first_start_offer()
        script.play()
        script.poker_and_back()
        script.quit_through_the_loop()
        # As `idioten` does when its loop ends: the last save handed to the writer thread, and that thread
        # waited for until it has written it (a read before then would race it).
        app.persist.close()
        check_saved_by_the_game(folder, script.game)
        script.steps.append("saved in the data folder")
    finally:
        app.close()
    return {
        "smoke": "ok",
        "frozen": is_frozen(),
        "first_frame_epoch": first_frame["epoch"],
        "import_to_first_frame_s": round(first_frame["perf"] - IMPORTED_AT, 4),
        "deal": number,
        "assets": assets,
        "solver_core": check_solver_core(),
        "steps": script.steps,
    }


def tell(line: str, stream: TextIO | None) -> None:
    """Print the outcome, and also write it to the file `IDIOTEN_SMOKE_REPORT` names: a windowed program on
    Windows has no standard output or error (`sys.stdout` is None there), so CI reads the file instead."""
    if stream is not None:
        print(line, file=stream)
    report_file = os.environ.get(ENV_SMOKE_REPORT)
    if report_file:
        Path(report_file).write_text(line + "\n", encoding="utf-8")


def run(launch: Launch) -> int:
    own_folder = None
    if not os.environ.get(ENV_DATA_DIR):
        own_folder = tempfile.TemporaryDirectory(prefix="idioten-smoke-")
        os.environ[ENV_DATA_DIR] = own_folder.name
    try:
        report = smoke(launch, Path(os.environ[ENV_DATA_DIR]))
    except SmokeFailure as failure:
        tell(f"idioten --smoke: failed: {failure}", sys.stderr)
        return 1
    except Exception as err:  # a crash is a failed smoke run, reported in one line like any other
        where = traceback.extract_tb(err.__traceback__)[-1]
        tell(f"idioten --smoke: failed: {type(err).__name__}: {err} ({Path(where.filename).name}:{where.lineno})",
             sys.stderr)
        return 1
    finally:
        if own_folder is not None:
            os.environ.pop(ENV_DATA_DIR, None)
            own_folder.cleanup()
    tell(json.dumps(report), sys.stdout)
    return 0
