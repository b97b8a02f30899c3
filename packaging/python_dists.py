"""The release's Python packages: wheels for this system (cibuildwheel) and the sdist, each smoke-tested.

    python packaging/python_dists.py wheels [--out wheelhouse]   cibuildwheel with pyproject.toml's settings
    python packaging/python_dists.py sdist [--out sdist]         python -m build --sdist, then dist_smoke.py

cibuildwheel installs each wheel it builds into a fresh environment away from the source and runs its
`idioten --version` and `idioten --smoke` ([tool.cibuildwheel] in pyproject.toml). The sdist is installed
the same way by dist_smoke.py, which compiles the cores from it, as a player's `pip install` without a wheel
would. The release workflow calls this script, so that it installs no tool by itself.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import dist_smoke  # noqa: E402  (this folder is not a package)

# The tools, bounded to the major versions these settings were checked with.
CIBUILDWHEEL = "cibuildwheel>=3.3,<5"
BUILD = "build>=1.2,<2"


def python(*args: str) -> None:
    print("python_dists:", "python", " ".join(args), flush=True)
    subprocess.run([sys.executable, *args], cwd=REPO, check=True)


def wheels(out: Path) -> None:
    python("-m", "pip", "install", "--disable-pip-version-check", CIBUILDWHEEL)
    python("-m", "cibuildwheel", "--output-dir", str(out.resolve()))


def sdist(out: Path) -> None:
    python("-m", "pip", "install", "--disable-pip-version-check", BUILD)
    python("-m", "build", "--sdist", "--outdir", str(out.resolve()))
    for archive in sorted(out.glob("idioten-*.tar.gz")):
        print(dist_smoke.smoke(archive, "compiled"), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("wheels").add_argument("--out", type=Path, default=REPO / "wheelhouse")
    commands.add_parser("sdist").add_argument("--out", type=Path, default=REPO / "sdist")
    args = parser.parse_args(argv)
    try:
        (wheels if args.command == "wheels" else sdist)(args.out)
    except (subprocess.CalledProcessError, dist_smoke.SmokeError) as err:
        print(f"python_dists: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
