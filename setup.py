"""Builds the optional compiled cores (the solver's search, the hint's rollouts, the poker player's
play-outs); everything else about the package is in pyproject.toml.

`optional=True`: without a C compiler the install still succeeds and the pure-Python search
(idioten/acesup/solver/search.py), rollouts (idioten/acesup/hint/core.py) and play-outs
(idioten/poker/playout.py) run instead; they give the same answers, only slower.
"""

from setuptools import Extension, setup

CSRC = "idioten/acesup/solver/csrc/"

setup(ext_modules=[
    Extension(
        "idioten.acesup.solver._csearch",
        sources=[CSRC + name for name in ("module.c", "solve.c", "runtime.c", "team.c", "search.c", "prune.c",
                                          "quick.c", "strict.c", "table.c")],
        depends=[CSRC + "core.h", CSRC + "runtime.h"],
        optional=True,
    ),
    # The hint player's rollouts (hint/core.py is their specification and fallback), optional the same way.
    Extension("idioten.acesup.hint._crollout", sources=["idioten/acesup/hint/csrc/rollout.c"], optional=True),
    # The poker hint player's play-outs (poker/playout.py is their specification and fallback), the same way.
    Extension("idioten.poker._cplayout", sources=["idioten/poker/csrc/playout.c"], optional=True),
])
