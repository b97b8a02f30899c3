"""Run the README's own install-and-test or build command, so CI and the release workflow do what a person
following the README does, and a README command that stopped working fails there.

    python packaging/readme_command.py show test      print this system's test command
    python packaging/readme_command.py run test       run it (bash on Linux and macOS, PowerShell on Windows)
    python packaging/readme_command.py run slow-test  the same for the slow tier of the tests
    python packaging/readme_command.py run build      the same for the build command

The commands are read from the README, each from the first code block after a marker line such as
`<!-- test-command -->` (Linux and macOS) or `<!-- test-command-windows -->` (Windows). Run it with the Python
the commands should use: on Windows the README starts with the `py` launcher, which picks the newest Python
it knows of unless PY_PYTHON names one, so PY_PYTHON is set to this interpreter's version, and afterwards the
virtual environment is checked to hold that version.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
COMMANDS = ("test", "slow-test", "build")


class ReadmeError(Exception):
    pass


def marker(name: str, windows: bool) -> str:
    return f"<!-- {name}-command{'-windows' if windows else ''} -->"


def command(name: str, windows: bool, readme_text: str | None = None) -> str:
    """The first line of the first fenced code block after the marker."""
    text = README.read_text(encoding="utf-8") if readme_text is None else readme_text
    tag = marker(name, windows)
    lines = text.splitlines()
    if tag not in (line.strip() for line in lines):
        raise ReadmeError(f"README.md has no {tag} line")
    after = [line.strip() for line in lines[[line.strip() for line in lines].index(tag) + 1:]]
    fences = [i for i, line in enumerate(after) if line.startswith("```")]
    if len(fences) < 2 or fences[1] == fences[0] + 1:
        raise ReadmeError(f"README.md has no code block after {tag}")
    return after[fences[0] + 1]


def shell_argv(line: str, windows: bool) -> list[str]:
    if windows:
        # Stop at the first failing command, as `set -e` does in bash (PowerShell 7.3 or newer).
        strict = "$ErrorActionPreference = 'Stop'; $PSNativeCommandUseErrorActionPreference = $true; "
        return ["pwsh", "-NoProfile", "-NonInteractive", "-Command", strict + line]
    return ["bash", "-c", "set -euo pipefail; " + line]


def venv_python(windows: bool) -> Path:
    return REPO / ".venv" / ("Scripts/python.exe" if windows else "bin/python")


def check_venv_version(windows: bool) -> None:
    wanted = f"{sys.version_info.major}.{sys.version_info.minor}"
    found = subprocess.run([str(venv_python(windows)), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                           capture_output=True, text=True).stdout.strip()
    if found != wanted:
        raise ReadmeError(f"the README's command made a virtual environment with Python {found or '?'}, "
                          f"not {wanted}")


def run(name: str, windows: bool) -> int:
    line = command(name, windows)
    print(f"README {name} command: {line}", flush=True)
    env = dict(os.environ)
    env.setdefault("PY_PYTHON", f"{sys.version_info.major}.{sys.version_info.minor}")
    status = subprocess.run(shell_argv(line, windows), cwd=REPO, env=env).returncode
    if status == 0:
        check_venv_version(windows)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("show", "run"))
    parser.add_argument("name", choices=COMMANDS)
    parser.add_argument("--windows", action="store_true", default=sys.platform == "win32",
                        help="the Windows command (the default on Windows)")
    args = parser.parse_args(argv)
    try:
        if args.action == "show":
            print(command(args.name, args.windows))
            return 0
        return run(args.name, args.windows)
    except ReadmeError as err:
        print(f"readme_command: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
