"""Builds the optional compiled search core; everything else about the package is in pyproject.toml.

`optional=True`: without a C compiler the install still succeeds and the solver uses its pure-Python
search (idioten/acesup/solver/search.py), which gives the same answers, only slower.
"""

from setuptools import Extension, setup

CSRC = "idioten/acesup/solver/csrc/"

setup(ext_modules=[Extension(
    "idioten.acesup.solver._csearch",
    sources=[CSRC + name for name in ("module.c", "search.c", "prune.c", "quick.c", "table.c")],
    depends=[CSRC + "core.h"],
    optional=True,
)])
