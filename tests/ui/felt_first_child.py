"""The game started as a player starts it, reporting which modules were loaded when its window first showed the
felt: run as `python tests/ui/felt_first_child.py [ARGS...]` (the arguments of `idioten`) with IDIOTEN_DATA_DIR
and SDL's dummy drivers set. Test-only: it wraps `idioten.ui.window.open_on_felt`, a module the start loads
anyway, before calling idioten.cli.main(ARGS).

It prints one JSON object, {"at_felt": [...], "texts_read": [...]}: the names in sys.modules just after the felt
was flipped, and the languages whose texts had been read by then; then it ends the process at once.
"""

from __future__ import annotations

import json
import os
import sys

from idioten import i18n
from idioten.cli import main
from idioten.ui import window

real_open, real_po_path = window.open_on_felt, i18n.po_path
texts_read: list[str] = []


def open_on_felt(*args, **kwargs):
    real_open(*args, **kwargs)
    print(json.dumps({"at_felt": sorted(sys.modules), "texts_read": texts_read}), flush=True)
    os._exit(0)  # the test has what it asked for


def po_path(language):
    texts_read.append(language)
    return real_po_path(language)


if __name__ == "__main__":  # not when pytest's --doctest-modules imports it
    window.open_on_felt, i18n.po_path = open_on_felt, po_path
    main(sys.argv[1:])
    print(json.dumps({"error": "the start ended without showing the felt"}), flush=True)
