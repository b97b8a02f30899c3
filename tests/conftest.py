import os
import sys
from pathlib import Path

import pytest

# The tests that import a benchmark (`from bench import per_deal`) need the repository's root on the path, which
# `python -m pytest` from the root gives but a bare `pytest` does not. Appended, so nothing there shadows another
# module.
sys.path.append(str(Path(__file__).resolve().parent.parent))

# GUI tests run the real event loop without a screen or sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def bytecode_kept_in_the_virtual_environment() -> None:
    """Where the environment asks Python to write no bytecode (PYTHONDONTWRITEBYTECODE, as on the team's
    machines), every run would compile the package and rewrite the asserts of every test module again, in each
    worker (some 6 CPU-seconds each) and in each of the some sixty programs the tests start. In a virtual
    environment of the user's own, the bytecode goes into a folder of it instead (`bytecode/`, gone with the
    environment), never beside the sources; set before the workers and the programs the tests start are
    started, so they keep it there too. Elsewhere (a system's Python) the environment's choice stands."""
    folder = Path(sys.prefix) / "bytecode"
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.prefix == sys.base_prefix \
            or not os.access(sys.prefix, os.W_OK):
        return
    os.environ.pop("PYTHONDONTWRITEBYTECODE")
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    sys.dont_write_bytecode = False
    sys.pycache_prefix = str(folder)


bytecode_kept_in_the_virtual_environment()

# Imported only now: pytest rewrites the asserts of every module of a package that brings a pytest plugin, all
# of Hypothesis among them, and caches the rewritten module only where bytecode may be written. Imported
# before the line above, Hypothesis was rewritten anew by every run's first process (some 80 modules, over a
# CPU-second).
import tiers  # noqa: E402
from hypothesis import settings  # noqa: E402

# The machines that run the suite are shared and often loaded: a per-example deadline would turn a slow
# moment into a failure that says nothing about the code. The fast tier's profile gives the property tests
# that name no count of their own a tenth of Hypothesis's 100; the slow tier's gives them all of it (the tests
# that name a count ask tiers.examples()).
settings.register_profile("fast", deadline=None, max_examples=100 // tiers.FAST_SHARE)
settings.register_profile("slow", deadline=None)
settings.load_profile("fast")


def selects_the_slow_tier(config) -> bool:
    """`-m slow` (or `--hypothesis-profile=slow`) is the slow tier's run."""
    marks = config.getoption("markexpr", "") or ""
    return ("slow" in marks and "not slow" not in marks) or config.getoption("hypothesis_profile", None) == "slow"


def pytest_configure(config):
    # Each xdist worker configures itself with the same options, before it imports a test module.
    tiers.full_strength = selects_the_slow_tier(config)
    settings.load_profile("slow" if tiers.full_strength else "fast")


# Before `-m` deselects: the property tests at full count are the slow tier's, and so are the tests marked
# every_language when they go through every language (tests/panel_fit.py, languages_to_check).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    if tiers.full_strength:
        for item in items:
            if (getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
                    or item.get_closest_marker("every_language")):
                item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True, scope="session")
def a_data_folder_for_each_worker(tmp_path_factory):
    """No test writes the user's own data folder, and parallel workers never share one: every worker's
    session gets a folder of its own (a test's data_folder fixture gives it one of its own again)."""
    from idioten.storage.files import ENV_DATA_DIR

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_DATA_DIR, str(tmp_path_factory.mktemp("data")))
        yield


@pytest.fixture(autouse=True)
def the_system_says_nothing_of_motion(monkeypatch):
    """A first start asks the system whether it wants less motion (desktop/motion.py): the machine running the
    tests gives no answer, so no test depends on its desktop (tests/desktop/test_motion.py gives each one)."""
    from idioten.desktop import motion

    monkeypatch.setattr(motion, "at_first_start", lambda: None)


@pytest.fixture(autouse=True)
def no_screen_reader_runs(monkeypatch):
    """A window asks the system whether a screen reader runs (speech/backends.py reads the name of every
    process): the machine running the tests answers that none does, so that no test depends on what else runs
    there, and the window tests do not read /proc some seven hundred times (tests/speech/test_backends.py
    gives each answer)."""
    app = sys.modules.get("idioten.ui.app")  # imported by the window tests as they are collected
    if app is None:
        return

    def open_speech(screen_reader_only: bool):
        from idioten import i18n
        from idioten.speech.backends import open_backend

        return open_backend(i18n.language, screen_reader_only=screen_reader_only, processes=lambda: [])

    monkeypatch.setattr(app, "open_speech", open_speech)


@pytest.fixture(autouse=True)
def workers_at_the_tests_priority(monkeypatch):
    """The window's worker threads lower their priority (nice 19) so that the window comes first on a busy
    machine. A test waits for their answers, and on a core that another program keeps busy a nice-19 thread
    gets about 1 % of it: a search of a second would take minutes. So in the tests they keep the priority of
    the test, and how long an answer takes does not depend on the machine's other load."""
    worker = sys.modules.get("idioten.ui.worker")  # imported by the window tests as they are collected
    if worker is not None:
        monkeypatch.setattr(worker, "lower_priority", lambda: None)


@pytest.fixture(autouse=True)
def every_window_closed_at_the_end(monkeypatch):
    """Every window a test opened is closed at its end (App.close: its searches cancelled, its window
    destroyed), and every window is destroyed before the display quits (each App.close quits it).
    pygame.display.quit() frees every SDL window, but a pygame.Window not destroyed keeps its pointer, and when
    the garbage collector frees the App that held it, at any moment of a later test, it asks SDL to destroy
    what lies there now: another test's window, if SDL put one there, whose next frame then blits to a freed
    surface. A worker died once with a segfault in SDL's blit (SDL_MapSurface reading a freed surface's
    format). Several tests leave their window open (ui_store_support's open_window registers none), and an
    App left open went on searching in its worker threads, in the time of the tests after it. The program has
    one window and destroys it before it quits the display."""
    app_module = sys.modules.get("idioten.ui.app")  # imported by the window tests as they are collected
    if app_module is None:
        yield
        return
    import pygame

    App, still_open = app_module.App, []
    init, close, quit_display = App.__init__, App.close, pygame.display.quit

    def opened(app, *args, **kwargs) -> None:
        init(app, *args, **kwargs)
        still_open.append(app)

    def closed(app) -> None:
        if app in still_open:
            still_open.remove(app)
        close(app)

    def quit_after_destroying_every_window() -> None:
        for app in still_open:
            app.window.destroy()  # nothing happens to a window already destroyed
        quit_display()

    monkeypatch.setattr(App, "__init__", opened)
    monkeypatch.setattr(App, "close", closed)
    monkeypatch.setattr(pygame.display, "quit", quit_after_destroying_every_window)
    yield
    while still_open:
        still_open[-1].close()


@pytest.fixture
def english_window():
    """A window test: English texts, and every window the test opened is closed after it."""
    from ui_support import close_apps

    from idioten import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")  # a test may have switched the language
    close_apps()


@pytest.fixture
def data_folder(tmp_path, monkeypatch, english_window):
    """A window test whose files go to a data folder of its own (the folder is the fixture's value)."""
    from idioten.storage.files import ENV_DATA_DIR

    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    return tmp_path

