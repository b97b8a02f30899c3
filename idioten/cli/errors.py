"""The command line's errors: one line on stderr (JSON with --json), never a traceback. Apart from the parser so
that a start with no arguments (cli/__init__.py) can say what stops it without loading the parser."""

from __future__ import annotations

import sys

EXIT_USAGE = 2


class CommandError(Exception):
    """A command that cannot answer: one line on stderr (JSON with --json), exit status `status`."""

    status = 2


class UsageError(CommandError):
    """Bad input from the command line: exit status 2."""


class NoAnswer(CommandError):
    """The time limit ran out before the answer was found: exit status 1."""

    status = 1


def report_error(err: Exception, as_json: bool) -> None:
    line = str(err) if str(err).startswith("idioten") else f"idioten: {err}"
    if as_json:
        import json
        line = json.dumps({"error": line}, ensure_ascii=False)
    print(line, file=sys.stderr)
