"""Open the real game window on a scene that takes long to reach by playing, for a screenshot of it
(docs/screenshots/README.md says which picture came from which command):

    python tools/screenshot_scene.py win          Idioten one discard from a win: press 4 then D
    python tools/screenshot_scene.py poker-best   Poker patience with 24 cards placed and a lower grid counted
                                                   before: Space places the last card (the cursor
                                                   stands on its cell) for a new best

It runs the window's own loop, with nothing saved (no data folder is touched), until the window is closed.
Run it on an X server with something that presses keys (Xvfb and xdotool, as tools/readme_screenshot.sh)."""

from __future__ import annotations

import random
import sys

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.cards import full_deck, parse_cards

SCENES = ("win", "poker-best")


def near_win() -> Game:
    """The four aces on the table and 5♣ on the ace of diamonds; the other 47 cards discarded."""
    piles = [parse_cards(p) for p in ("AS", "AH", "AC", "AD 5C")]
    used = {c for pile in piles for c in pile}
    return Game(piles, [], [c for c in full_deck() if c not in used], "standard")


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in SCENES:
        print(f"usage: screenshot_scene.py {{{','.join(SCENES)}}}", file=sys.stderr)
        return 2
    from idioten.ui.app import App

    i18n.set_language("en")
    if argv[0] == "win":
        app = App(near_win(), rng=random.Random(3))
    else:
        from idioten.play.poker import PokerSession

        session = PokerSession(None, random.Random(1))
        session.memory_stats.record_keyed("poker", "classic", "an earlier grid", 0)
        session.new_deal(7)
        for _ in range(24):
            session.place(session.game.empty_cells()[0])
        app = App(rng=random.Random(3), sessions={"poker": session})
        app.switch_game("poker")
    try:
        app.loop()
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
