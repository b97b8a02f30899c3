"""CPU used by the game window while nothing moves: a real window on a private Xvfb screen.

    python -m bench.ui_idle [--seconds 20] [--settle 4]     prints JSON

Starts `python -m idioten --deal 7`, lets it settle (the first frame and the idle rendering of the card
pictures), then reads the process's CPU time from /proc over the measuring window. Target: at most 1 % of
one core.
"""

from __future__ import annotations

import argparse
import json
import tempfile

from bench.ui_common import idle_report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--settle", type=float, default=4.0)
    options = parser.parse_args()
    # A folder of its own: never a player's saves.
    data_dir = tempfile.mkdtemp(prefix="idioten-bench-")
    print(json.dumps(idle_report("ui_idle", ["--deal", "7", "--lang", "en"], data_dir, options.settle,
                                 options.seconds)))

if __name__ == "__main__":
    main()
