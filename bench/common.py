"""What every benchmark shares: the repository on the import path, so a benchmark runs from a checkout
whether or not the package is installed, and the machine's load, printed with every figure (these machines
are shared: a time means little without the load it was measured under).

A benchmark runs as `python -m bench.NAME`, so `bench/` is first on its import path and `import common` finds
this file; importing it puts the repository there too. Tests that import a benchmark as `bench.NAME` put
`bench/` on the path first (tests/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def load_average() -> list[float] | None:
    """The 1, 5 and 15-minute load averages, rounded; None where the system keeps none (Windows)."""
    if not hasattr(os, "getloadavg"):
        return None
    return [round(x, 2) for x in os.getloadavg()]
