"""The compiled cores against Python's stable ABI: setup.py builds each with the limited API of 3.10 and tags
the wheel `cp310-abi3`, so that one wheel a system serves every CPython from 3.10 on (3.14 included).

setup.py is run here with setuptools' `setup` standing in, and the arguments it was given are read; the wheel
itself is built in the slow tier (tests/release/test_distribution.py reads its name and its files).
"""

from __future__ import annotations

import importlib
import re
import runpy
import sys
import sysconfig
import types
from pathlib import Path

import pytest
from packaging_support import stable_abi_names

from idioten import cores

REPO = Path(__file__).resolve().parents[2]
PYPROJECT = (REPO / "pyproject.toml").read_text(encoding="utf-8")
C_SOURCES = sorted((REPO / "idioten").rglob("csrc/*.[ch]"))
FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


class Extension:
    """Stands in for setuptools.Extension and keeps what setup.py gave it."""

    def __init__(self, name: str, sources: list[str], **options: object) -> None:
        self.name, self.sources = name, sources
        self.py_limited_api = options.pop("py_limited_api", False)
        self.define_macros = list(options.pop("define_macros", []))
        self.optional = options.pop("optional", None)
        self.other = options


def setup_arguments(monkeypatch, gil_disabled: object = None) -> dict:
    """What setup.py passes to setuptools.setup, on a Python whose Py_GIL_DISABLED is `gil_disabled`.
    setuptools is a stand-in here: a test environment of Python 3.12 or newer need not have it."""
    return run_setup(monkeypatch, gil_disabled)[0]


def run_setup(monkeypatch, gil_disabled: object = None) -> tuple[dict, dict]:
    """setup.py run as setup_arguments runs it: (what it passed to setuptools.setup, its own names)."""
    given: dict = {}
    fake = types.ModuleType("setuptools")
    fake.Extension = Extension
    fake.setup = lambda **kwargs: given.update(kwargs)
    build_py = types.ModuleType("setuptools.command.build_py")
    build_py.build_py = type("build_py", (), {})
    build_ext = types.ModuleType("setuptools.command.build_ext")
    build_ext.build_ext = type("build_ext", (), {})
    monkeypatch.setitem(sys.modules, "setuptools", fake)
    monkeypatch.setitem(sys.modules, "setuptools.command", types.ModuleType("setuptools.command"))
    monkeypatch.setitem(sys.modules, "setuptools.command.build_py", build_py)
    monkeypatch.setitem(sys.modules, "setuptools.command.build_ext", build_ext)
    real = sysconfig.get_config_var
    monkeypatch.setattr(sysconfig, "get_config_var",
                        lambda name: gil_disabled if name == "Py_GIL_DISABLED" else real(name))
    monkeypatch.chdir(REPO)
    names = runpy.run_path(str(REPO / "setup.py"), run_name="__main__")
    return given, names


def oldest_python() -> tuple[int, int]:
    found = re.search(r'^requires-python = ">=(\d+)\.(\d+)"$', PYPROJECT, re.M)
    assert found, "pyproject.toml names no oldest Python"
    return int(found.group(1)), int(found.group(2))


def test_every_core_is_built_with_the_limited_api_of_the_oldest_python(monkeypatch):
    extensions = setup_arguments(monkeypatch)["ext_modules"]
    assert sorted(ext.name for ext in extensions) == sorted(cores.EXTENSIONS.values())
    major, minor = oldest_python()
    for ext in extensions:
        assert ext.py_limited_api is True, ext.name
        assert ("Py_LIMITED_API", "0x030A0000") in ext.define_macros, ext.name
        # The macro's value is PY_VERSION_HEX of the oldest Python pyproject.toml allows.
        assert dict(ext.define_macros)["Py_LIMITED_API"] == f"0x{major:02X}{minor:02X}0000", ext.name
        assert ext.optional is True, ext.name  # without a compiler the Python cores still install


def test_the_wheel_is_tagged_abi3_for_the_oldest_python(monkeypatch):
    major, minor = oldest_python()
    assert setup_arguments(monkeypatch)["options"]["bdist_wheel"] == {"py_limited_api": f"cp{major}{minor}"}


def test_a_free_threaded_python_builds_the_cores_for_itself_alone(monkeypatch):
    # 3.13t and 3.14t have no limited API (their headers stop the build), so the cores would silently be lost.
    given = setup_arguments(monkeypatch, gil_disabled=1)
    assert "bdist_wheel" not in given["options"]
    for ext in given["ext_modules"]:
        assert not ext.py_limited_api and "Py_LIMITED_API" not in dict(ext.define_macros), ext.name


# Macros and types outside the limited API of 3.10 (the buffer protocol joined it in 3.11): with
# Py_LIMITED_API set they are undeclared, and a compiler that only warns would build a core that fails to load.
NOT_IN_THE_LIMITED_API = re.compile(r"\b(Py\w+_(?:GET|SET)_\w+|PyBytes_AS_STRING|PySequence_Fast\w*|Py_buffer"
                                    r"|PyBuffer_\w+|PyObject_GetBuffer|_Py[A-Z]\w*)\b")


def without_comments(c_text: str) -> str:
    """The C text with its comments blanked: they may name what the code replaced."""
    return re.sub(r"/\*.*?\*/|//[^\n]*", " ", c_text, flags=re.S)


def test_the_c_sources_use_only_the_limited_api():
    assert len(C_SOURCES) >= 13  # the solver's eleven files, the rollouts and the play-outs
    found = {f"{path.relative_to(REPO)}: {name}" for path in C_SOURCES
             for name in NOT_IN_THE_LIMITED_API.findall(without_comments(path.read_text(encoding="utf-8")))}
    assert not found, sorted(found)


def test_the_check_for_the_limited_api_finds_what_it_looks_for():
    for name in ("PyList_SET_ITEM", "PyTuple_GET_ITEM", "PyBytes_GET_SIZE", "PyBytes_AS_STRING",
                 "PySequence_Fast_GET_ITEM", "PySequence_Fast", "Py_buffer", "PyBuffer_Release"):
        assert NOT_IN_THE_LIMITED_API.search(f"x = {name}(y);"), name
    for name in ("PyList_SetItem", "PyTuple_GetItem", "PyBytes_AsStringAndSize", "PySequence_GetItem"):
        assert not NOT_IN_THE_LIMITED_API.search(f"x = {name}(y);"), name
    assert without_comments("a(); /* PyList_SET_ITEM\n */ b(); // Py_buffer\nc();").split() == [
        "a();", "b();", "c();"]


@pytest.mark.skipif(FREE_THREADED, reason="a free-threaded Python builds the cores for itself alone")
def test_the_cores_built_here_are_the_stable_abi_ones():
    for name, module_name in cores.EXTENSIONS.items():
        if not cores.load(module_name).built:
            pytest.skip(f"the {name} core was not built here (no C compiler)")
        file_name = Path(importlib.import_module(module_name).__file__ or "").name
        assert file_name in stable_abi_names(module_name), file_name


def test_cibuildwheel_tests_the_one_wheel_on_every_python_the_package_names():
    # cibuildwheel builds the cp310-abi3 wheel once and installs and tests it on each later Python it selects.
    config = PYPROJECT.split("[tool.cibuildwheel]")[1]
    selected = re.findall(r'"cp3(\d+)-\*"', re.search(r"^build = \[(.*)\]$", config, re.M).group(1))
    named = re.findall(r'"Programming Language :: Python :: 3\.(\d+)"', PYPROJECT)
    assert sorted(map(int, selected)) == sorted(map(int, named)) and min(map(int, named)) == oldest_python()[1]
    assert "14" in named


@pytest.mark.parametrize("written, stale, kept", [
    ("_csearch.abi3.so", ["_csearch.cpython-311-x86_64-linux-gnu.so", "_csearch.cpython-313t-darwin.so"],
     ["_crollout.cpython-311-x86_64-linux-gnu.so", "_csearch.py", "_csearchx.cpython-311-x86_64-linux-gnu.so"]),
    ("_csearch.pyd", ["_csearch.cp311-win_amd64.pyd"], ["_cplayout.cp311-win_amd64.pyd"]),
    # A free-threaded Python's own build is per-version itself: nothing beside it is touched.
    ("_csearch.cpython-313t-x86_64-linux-gnu.so", [], ["_csearch.abi3.so", "_csearch.cpython-311-x86_64-linux-gnu.so"]),
])
def test_the_stable_abi_build_removes_the_per_version_copies_that_would_shadow_it(monkeypatch, tmp_path, written,
                                                                                   stale, kept):
    # An editable install in an older checkout kept `*.cpython-311-*.so` beside the new `*.abi3.so`, and
    # Python loaded the old one (its suffix comes first), new C functions missing.
    remove = run_setup(monkeypatch)[1]["remove_per_version_copies"]
    for name in [written, *stale, *kept]:
        (tmp_path / name).write_bytes(b"")
    assert sorted(p.name for p in remove(tmp_path / written)) == sorted(stale)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([written, *kept])


def test_the_build_step_of_setup_py_is_the_one_that_removes_them(monkeypatch):
    given, names = run_setup(monkeypatch)
    assert given["cmdclass"]["build_ext"] is names["build_ext_without_stale_copies"]
