"""CPU used by the window while Poker patience is on screen and nothing moves: a real window on Xvfb.

    python -m bench.ui_poker_idle [--seconds 20] [--settle 6]     prints JSON

Like bench/ui_idle.py, but the program opens in Poker patience: a private data folder remembers it as the
game played last (and holds a game with a few cards placed, in the Competitive mode, so the computer's grid
is drawn too). The settle time covers start-up and the idle rendering of the card pictures. Target: at most
1 % of one core.
"""

from __future__ import annotations

import argparse
import json
import tempfile

from bench.ui_common import idle_report
from idioten.play.poker.session import Place, PokerSession
from idioten.play.session import write_now
from idioten.storage.store import Store


def prepare(folder: str) -> None:
    session = PokerSession(Store.open(folder), move_seconds=0.01)
    session.load()
    session.options = session.options.changed("competitive", True)
    session.new_deal(7)
    for _ in range(6):
        session.act(Place(session.game.empty_cells()[0]))
        cell, card = session.computer_task()()
        session.computer_place(cell, card)
    write_now(session)
    session.store.change_setting("last_game", "poker")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--settle", type=float, default=6.0)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        prepare(folder)
        report = idle_report("ui_poker_idle", ["--lang", "en"], folder, options.settle, options.seconds)
    print(json.dumps(report))

if __name__ == "__main__":
    main()
