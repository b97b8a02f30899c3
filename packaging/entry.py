"""The script PyInstaller freezes: the same entry point as the `idioten` command.

`idioten/__main__.py` cannot serve, because a frozen entry script runs outside its package and its relative
import would fail.
"""

import sys

from idioten.cli import main

if __name__ == "__main__":
    sys.exit(main())
