"""Builds the optional compiled cores (the solver's search, the hint's rollouts); everything else about the
package is in pyproject.toml.

`optional=True`: without a C compiler the install still succeeds and the pure-Python search
(idioten/acesup/solver/search.py) and rollouts (idioten/acesup/hint/core.py) run instead; they give the same
answers, only slower.
"""

from setuptools import Extension, setup

CSRC = "idioten/acesup/solver/csrc/"

setup(ext_modules=[
    Extension(
        "idioten.acesup.solver._csearch",
        sources=[CSRC + name for name in ("module.c", "search.c", "prune.c", "quick.c", "table.c")],
        depends=[CSRC + "core.h"],
        optional=True,
    ),
    # The hint player's rollouts (hint/core.py is their specification and fallback), optional the same way.
    Extension("idioten.acesup.hint._crollout", sources=["idioten/acesup/hint/csrc/rollout.c"], optional=True),
])
