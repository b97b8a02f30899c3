"""Helpers for the window-with-store tests: open the real program start (`launch.open_app`) on a data folder,
and play through posted events only. Also the child program of the kill -9 test (`python ui_store_support.py
--deal N`), which plays a scripted sequence in the real window and is killed mid-game."""

from __future__ import annotations

import json
import random
import sys

import pygame
from ui_support import GLIDES_AT_MOST

from idioten.acesup.rules import PILES, Game
from idioten.cards import deal_cards

FRAME = 1 / 60


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def launch(deal: int | None = None, variant: str | None = None, lang: str | None = "en"):
    """What `idioten [--deal N] [--variant V] [--lang L]` hands the window."""
    from idioten.ui.opening import Launch

    cards = tuple(deal_cards(deal)) if deal is not None else None
    return Launch(cards=cards, deal_number=deal, game="idioten" if cards else None,
                  fixed=(("idioten", "variant", variant),) if variant else (), language=lang)


def open_program(*argv: str):
    """`idioten ARGV` as the command line starts it (the parser, then launch.open_app), in English, on the data
    folder IDIOTEN_DATA_DIR names and a clock of the test's (`app.clock_for_tests`), the first start's offer
    skipped."""
    from idioten.cli.parser import build_parser, launch_options
    from idioten.ui.launch import open_app

    clock = Clock()
    app = open_app(launch_options(build_parser().parse_args(["--lang", "en", *argv])), clock=clock,
                   rng=random.Random(3), size=(1280, 800))
    app.clock_for_tests = clock
    app.step(dt=0)
    skip_the_offer(app)
    return app


def open_window(size=(1280, 800), **given):
    """The program start as `idioten` does it (the data folder comes from IDIOTEN_DATA_DIR)."""
    from idioten.ui.launch import open_app

    clock = Clock()
    app = open_app(launch(**given), clock=clock, rng=random.Random(3), size=size)
    app.clock_for_tests = clock
    app.step(dt=0)
    skip_the_offer(app)
    return app


def skip_the_offer(app) -> None:
    """A first start on a new data folder offers Learn to play: Esc skips it, as a player would (tests of the
    offer itself are in test_ui_guide.py)."""
    from idioten.ui.kit.panels import OfferPanel

    if isinstance(app.scenes[-1], OfferPanel):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
        app.step(dt=0)


def settle(app) -> None:
    """Until nothing moves: these tests look at what is saved and restored, never at the frames of a glide, so
    each step is as long as the longest glide of a move (a card comes to rest in a step or two)."""
    app.clock_for_tests.now += 1.0  # every input is a separate gesture, never half of a double-click
    app.settle(dt=GLIDES_AT_MOST)


def press(app, key: int, mod: int = 0, settle_after: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    settle(app) if settle_after else app.step(dt=FRAME)


def click(app, pos, settle_after: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    settle(app) if settle_after else app.step(dt=FRAME)


def play_one(app) -> str:
    """One sensible action by mouse or keyboard: discard, else deal, else a useful move. Its name."""
    game: Game = app.playing.game_scene("idioten").game
    for pile in range(PILES):
        if game.can_discard(pile):
            click(app, app.playing.game_scene("idioten").top_rect(pile).center)
            return f"discard {pile + 1}"
    if game.can_deal():
        press(app, pygame.K_SPACE)
        return "deal"
    action = next(game.useful_actions())
    press(app, pygame.K_1 + action.pile)
    press(app, pygame.K_1 + action.target)
    return str(action)


def state(app) -> dict:
    game = app.playing.game_scene("idioten").game
    return {"position": game.to_text(), "history": [str(a) for a, _ in game.history],
            "future": [str(a) for a in game.future], "deal": game.deal_number, "variant": game.variant}


def child_main(argv: list[str]) -> int:
    """Play a few actions, undo one, print the table; then one more undo through the real loop, print the
    table again as soon as that action is saved, and keep running until killed."""
    from idioten.cli.parser import build_parser, launch_options
    from idioten.ui.launch import open_app

    app = open_app(launch_options(build_parser().parse_args(argv)), size=(1280, 800))
    app.step()
    skip_the_offer(app)  # a first start, with a deal named or not
    for _ in range(12):
        play_one_live(app)
    press_live(app, pygame.K_z, pygame.KMOD_LCTRL)
    app.persist.wait()
    print(json.dumps(state(app)), flush=True)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode=""))
    app.step()  # handles the undo, draws its first frame, hands the game to the writer
    app.persist.wait()
    print(json.dumps(dict(state(app), moving=app.busy())), flush=True)
    app.loop()  # the card glides back while the test kills the process
    return 0


def press_live(app, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    app.settle()


def play_one_live(app) -> None:
    """As play_one, with the real clock (clicks on different cards are far enough apart in the real loop
    only with time passing, so the child uses keys: 1-4 then D discards)."""
    game = app.playing.game_scene("idioten").game
    for pile in range(PILES):
        if game.can_discard(pile):
            press_live(app, pygame.K_1 + pile)
            press_live(app, pygame.K_d)
            return
    if game.can_deal():
        press_live(app, pygame.K_SPACE)
        return
    action = next(game.useful_actions())
    press_live(app, pygame.K_1 + action.pile)
    press_live(app, pygame.K_1 + action.target)


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))
