"""The compiled cores, loaded one way: which C extension each Python core has, and which one runs.

Three searches have a compiled twin built by setup.py where a compiler exists: the Aces Up solver
(`idioten.acesup.solver._csearch`), the hint's rollouts (`idioten.acesup.hint._crollout`) and Poker
patience's play-outs (`idioten.poker._cplayout`). Each Python module stays the executable specification and
the fallback, and gives the same answers. Two variables of the environment steer them all alike:

- IDIOTEN_PURE_PYTHON=1 runs the Python cores (CI's second pass). The extension is still loaded, so that tests
  can compare the two cores in that pass too.
- IDIOTEN_REQUIRE_COMPILED=1 says a missing extension is a failure (CI and the release build, where every
  runner has a compiler): `missing_but_required` is what the smoke test and the core tests ask.

Part of the shared vocabulary: imports no other part of the package (the extensions are loaded by name).
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from types import ModuleType
from typing import Mapping

PURE_PYTHON_ENV = "IDIOTEN_PURE_PYTHON"
REQUIRE_COMPILED_ENV = "IDIOTEN_REQUIRE_COMPILED"
COMPILED, PYTHON = "compiled", "python"

# Each compiled core by the name a player reads (`idioten --version`), and the module each Python core loads.
EXTENSIONS = {
    "solver": "idioten.acesup.solver._csearch",
    "hint": "idioten.acesup.hint._crollout",
    "poker": "idioten.poker._cplayout",
}


_FELL_BACK: set[str] = set()  # each fallback is noted in the log once a run


def env_flag(name: str, environ: Mapping[str, str] | None = None) -> bool:
    """Whether the variable is set to anything but empty or "0"."""
    return (os.environ if environ is None else environ).get(name, "") not in ("", "0")


@dataclass(frozen=True)
class Core:
    """A compiled extension as loaded: `module` (None when it was not built), and `name`, the core that runs:
    COMPILED, or PYTHON when the extension is missing or the environment asks for pure Python."""
    module: ModuleType | None
    name: str

    @property
    def built(self) -> bool:
        return self.module is not None

    def missing_but_required(self, environ: Mapping[str, str] | None = None) -> bool:
        """The extension was not built although IDIOTEN_REQUIRE_COMPILED asks for it. The Python core chosen
        on purpose (IDIOTEN_PURE_PYTHON) is not a failure; a build or bundle that lost the module is."""
        return not self.built and env_flag(REQUIRE_COMPILED_ENV, environ)


def load(module_name: str, environ: Mapping[str, str] | None = None) -> Core:
    """Load the extension `module_name` (a full dotted name) if it was built, and choose the core."""
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:  # built without a compiler: the Python core gives the same answers, only slower
        module = None
        if module_name not in _FELL_BACK:
            _FELL_BACK.add(module_name)
            from idioten import log  # the log's module names no other part of the package either
            log.note("cores", "%s fell back to the Python core: %s", module_name, err)
    pure = env_flag(PURE_PYTHON_ENV, environ)
    return Core(module, COMPILED if module is not None and not pure else PYTHON)


def running(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Which core runs for each of EXTENSIONS: COMPILED or PYTHON."""
    return {name: load(module, environ).name for name, module in EXTENSIONS.items()}


def describe(environ: Mapping[str, str] | None = None) -> str:
    """One line for `idioten --version`: which cores run, and what the Python ones cost."""
    which = running(environ)
    if all(name == COMPILED for name in which.values()):
        return "cores: compiled (solver, hint, poker)"
    slow = ", ".join(name for name, core in which.items() if core == PYTHON)
    if env_flag(PURE_PYTHON_ENV, environ):
        why = f"{PURE_PYTHON_ENV} is set"
    else:
        why = "installed without a C compiler"
    return f"cores: Python for {slow} ({why}; the same answers, much slower)"
