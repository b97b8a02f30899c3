"""Command line: play (default), deal, solve, simulate, poker. The contract is in docs/design.md; the parser and
the commands are in cli/parser.py.

`idioten` with no arguments (a double-click, the Start menu, a dock) has nothing to parse: it opens the window
without loading the parser's modules, so that its first picture comes sooner. tests/cli/test_cli.py holds that
start to what the parser makes of no arguments.
"""

from __future__ import annotations

import sys

from idioten.cli.errors import CommandError, report_error


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if not argv:
            from idioten.cli.start import play
            return play(None)
        from idioten.cli.parser import run_command_line
        return run_command_line(argv)
    except CommandError as err:  # a start with no arguments on the wrong pygame
        report_error(err, as_json=False)
        return err.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
