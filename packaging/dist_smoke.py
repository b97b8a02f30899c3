"""Install a wheel or an sdist the way a player's `pip install` does, away from the source, and run its smoke test.

    python packaging/dist_smoke.py FILE [FILE ...] [--core compiled]

For each FILE: a new virtual environment in a new temporary folder, `pip install FILE` there (an sdist
compiles the cores on the way), then, from that folder, `idioten --version` and `idioten --smoke` under SDL's
dummy drivers with a private IDIOTEN_DATA_DIR. The smoke run must find the card pictures inside the
environment, not in a checkout; with `--core compiled`, `--version` must name the compiled cores and the smoke
run requires the compiled solver core. `.ci/run` does this for the wheel and the sdist of `python -m build`,
the release workflow for its sdist. One line on stderr and exit status 1 on the first failure.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT_S = 900  # pip may compile the cores and fetch pygame-ce; the smoke run itself takes seconds


class SmokeError(Exception):
    pass


def venv_program(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / (name + (".exe" if os.name == "nt" else ""))


def clean_environment(folder: Path, core: str | None) -> dict[str, str]:
    """The caller's environment without anything that could lead Python back to a checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", IDIOTEN_DATA_DIR=str(folder / "data"))
    env.pop("IDIOTEN_PURE_PYTHON", None)
    if core == "compiled":
        env["IDIOTEN_REQUIRE_COMPILED"] = "1"
    else:
        env.pop("IDIOTEN_REQUIRE_COMPILED", None)
    return env


def run(argv: list, folder: Path, env: dict[str, str]) -> str:
    done = subprocess.run([str(a) for a in argv], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT_S)
    if done.returncode != 0:
        tail = (done.stderr.strip() or done.stdout.strip()).splitlines()[-3:]
        raise SmokeError(f"{Path(argv[0]).name} {' '.join(map(str, argv[1:]))} failed "
                         f"(exit {done.returncode}): {' | '.join(tail)}")
    return done.stdout


def smoke(file: Path, core: str | None) -> dict:
    file = file.resolve()
    with tempfile.TemporaryDirectory(prefix="idioten-dist-smoke-") as name:
        folder = Path(name)
        venv = folder / "venv"
        env = clean_environment(folder, core)
        run([sys.executable, "-m", "venv", venv], folder, env)
        run([venv_program(venv, "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", file],
            folder, env)
        version = run([venv_program(venv, "idioten"), "--version"], folder, env)
        if core == "compiled" and "cores: compiled" not in version:
            raise SmokeError(f"{file.name}: --version says {version.strip()!r}, not the compiled cores")
        report = json.loads(run([venv_program(venv, "idioten"), "--smoke"], folder, env).strip().splitlines()[-1])
        assets = Path(report["assets"]).resolve()
        if not assets.is_relative_to(venv.resolve()):
            raise SmokeError(f"{file.name}: the card pictures came from {assets}, not from the installed package")
        return {"file": file.name, "version": version.strip().splitlines(), "solver_core": report["solver_core"],
                "assets": assets.relative_to(venv.resolve()).as_posix()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+", metavar="FILE", help="a wheel (.whl) or an sdist (.tar.gz)")
    parser.add_argument("--core", choices=("compiled",), help="require the compiled cores")
    args = parser.parse_args(argv)
    try:
        for file in args.files:
            print(json.dumps(smoke(file, args.core)), flush=True)
    except (SmokeError, subprocess.TimeoutExpired, json.JSONDecodeError, KeyError) as err:
        print(f"dist_smoke: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
