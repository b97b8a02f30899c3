"""idioten.cores: the one loader of the compiled cores, and the three cores that use it.

The environment is passed in (a dict), so these tests do not depend on how the suite itself was started;
the last ones check the real environment the way CI sets it (IDIOTEN_REQUIRE_COMPILED=1 in both passes,
IDIOTEN_PURE_PYTHON=1 in the second)."""

import importlib
import sys
import types

import pytest

from idioten import cores
from idioten.acesup import hint, solver
from idioten.poker import playout

USERS = {"idioten.acesup.solver._csearch": solver, "idioten.acesup.hint._crollout": hint,
         "idioten.poker._cplayout": playout}


@pytest.mark.parametrize("value, expected", [(None, False), ("", False), ("0", False), ("1", True), ("yes", True)])
def test_a_flag_is_set_by_anything_but_empty_or_zero(value, expected):
    environ = {} if value is None else {cores.PURE_PYTHON_ENV: value}
    assert cores.env_flag(cores.PURE_PYTHON_ENV, environ) is expected


@pytest.fixture
def fake_extension(monkeypatch):
    """A module standing in for a built extension, importable by its dotted name."""
    module = types.ModuleType("idioten_fake_core")
    monkeypatch.setitem(sys.modules, "idioten_fake_core", module)
    return module


def test_a_built_extension_runs_unless_pure_python_is_asked_for(fake_extension):
    loaded = cores.load("idioten_fake_core", {})
    assert (loaded.module, loaded.built, loaded.name) == (fake_extension, True, cores.COMPILED)
    pure = cores.load("idioten_fake_core", {cores.PURE_PYTHON_ENV: "1"})
    # still loaded, so that tests can compare the cores in the pure-Python pass
    assert (pure.module, pure.built, pure.name) == (fake_extension, True, cores.PYTHON)
    assert cores.load("idioten_fake_core", {cores.PURE_PYTHON_ENV: "0"}).name == cores.COMPILED


def test_a_missing_extension_falls_back_and_fails_only_where_it_is_required():
    missing = cores.load("idioten.no_such_core", {})
    assert (missing.module, missing.built, missing.name) == (None, False, cores.PYTHON)
    assert not missing.missing_but_required({})
    assert not missing.missing_but_required({cores.REQUIRE_COMPILED_ENV: "0"})
    assert missing.missing_but_required({cores.REQUIRE_COMPILED_ENV: "1"})


def test_a_pure_python_choice_is_not_a_missing_extension(fake_extension):
    environ = {cores.PURE_PYTHON_ENV: "1", cores.REQUIRE_COMPILED_ENV: "1"}
    assert not cores.load("idioten_fake_core", environ).missing_but_required(environ)


def test_an_extension_that_fails_to_import_is_treated_as_missing(monkeypatch):
    def broken(name, *args, **kwargs):
        raise ImportError(f"undefined symbol in {name}")

    monkeypatch.setattr(importlib, "import_module", broken)
    assert cores.load("idioten.acesup.solver._csearch", {}).name == cores.PYTHON


@pytest.mark.parametrize("name", sorted(USERS))
def test_each_core_is_loaded_through_the_one_loader(name):
    user = USERS[name]
    core = user.COMPILED_CORE
    assert isinstance(core, cores.Core)
    assert (user.COMPILED_BUILT, user.CORE) == (core.built, core.name)
    if core.built:
        assert core.module.__name__ == name
    # the choice follows the environment the suite runs in (CI's two passes)
    assert core.name == (cores.PYTHON if cores.env_flag(cores.PURE_PYTHON_ENV) or not core.built else cores.COMPILED)


@pytest.mark.parametrize("name", sorted(USERS))
def test_each_compiled_core_is_built_where_ci_requires_it(name):
    missing = USERS[name].COMPILED_CORE.missing_but_required()
    assert not missing, f"IDIOTEN_REQUIRE_COMPILED is set but {name} is not built"
