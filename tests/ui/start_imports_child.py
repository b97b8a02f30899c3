"""The game started as a player starts it, reporting which modules were loaded when its first frame was drawn:
run as `python tests/ui/start_imports_child.py [ARGS...]` (the arguments of `idioten`) with IDIOTEN_DATA_DIR and
SDL's dummy drivers set. Test-only: it wraps the window's App before calling idioten.cli.main(ARGS).

It prints one JSON object, {"first_frame": [...], "after": [...]}: the names in sys.modules just after the
first frame was flipped, and again once the work that waited for the first frame has run (the next moment the
loop would wait for an event); then it ends the process at once.
"""

from __future__ import annotations

import json
import os
import sys

from idioten.cli import main
from idioten.ui.app import App

real_draw, real_done = App.draw, App.first_frame_done
report: dict[str, list[str]] = {}


def draw(self) -> None:
    real_draw(self)
    report.setdefault("first_frame", sorted(sys.modules))


def first_frame_done(self) -> None:
    real_done(self)
    report["after"] = sorted(sys.modules)
    print(json.dumps(report), flush=True)
    os._exit(0)  # the test has what it asked for; the loop would otherwise wait for the player


if __name__ == "__main__":  # not when pytest's --doctest-modules imports it
    App.draw, App.first_frame_done = draw, first_frame_done
    main(sys.argv[1:])
    print(json.dumps({"error": "the loop ended without a first frame"}), flush=True)
