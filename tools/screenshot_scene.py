"""Open the real game window on a scene that takes long to reach by playing, for a screenshot of it
(docs/screenshots/README.md says which picture came from which command):

    python tools/screenshot_scene.py win          Idioten one discard from a win: press 4 then D
    python tools/screenshot_scene.py poker-best   Poker patience with 24 cards placed and a lower grid counted
                                                   before: Space places the last card (the cursor
                                                   stands on its cell) for a new best
    python tools/screenshot_scene.py poker-grid [WxH]           Poker patience, deal 7 with 7 cards placed,
    python tools/screenshot_scene.py poker-grid-computer [WxH]  alone or against the computer (its cards too), in
                                                                a window of WxH (default: as settings remember)
    ... poker-grid-computer WxH LANG [open]     the same in the language LANG (default English), with the
                                                open deck if `open` follows

It runs the window's own loop, with nothing saved (no data folder is touched), until the window is closed.
Run it on an X server with something that presses keys (Xvfb and xdotool, as tools/readme_screenshot.sh)."""

from __future__ import annotations

import random
import sys

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.cards import full_deck, parse_cards

SCENES = ("win", "poker-best", "poker-grid", "poker-grid-computer")


def near_win() -> Game:
    """The four aces on the table and 5♣ on the ace of diamonds; the other 47 cards discarded."""
    piles = [parse_cards(p) for p in ("AS", "AH", "AC", "AD 5C")]
    used = {c for pile in piles for c in pile}
    return Game(piles, [], [c for c in full_deck() if c not in used], "standard")


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 4 or argv[0] not in SCENES:
        print(f"usage: screenshot_scene.py {{{','.join(SCENES)}}} [WxH [LANG [open]]]", file=sys.stderr)
        return 2
    from idioten.play.poker.session import Place, PokerSession
    from idioten.ui.app import App

    size = tuple(int(n) for n in argv[1].split("x")) if len(argv) >= 2 else None

    i18n.set_language(argv[2] if len(argv) >= 3 else "en")
    if argv[0] == "win":
        app = App(near_win(), rng=random.Random(3))
    else:
        session = PokerSession(None, random.Random(1))
        if argv[0] == "poker-best":
            session.memory_stats.record_keyed("poker", "classic", "an earlier grid", 0)
        if argv[0] == "poker-grid-computer":
            session.options = session.options.changed("competitive", True)
        if argv[3:] == ["open"]:
            session.options = session.options.changed("open_deck", True)
        session.new_deal(7)
        for _ in range(24 if argv[0] == "poker-best" else 7):
            session.act(Place(session.game.empty_cells()[0], None))
            if session.computer is not None:  # the computer places its copy of each card as the player does
                cell, card = session.computer_task()()
                session.computer_place(cell, card)
        app = App(rng=random.Random(3), sessions={"poker": session}, size=size)
        app.playing.switch_game("poker")
    try:
        app.loop()
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
