import os
import sys
from pathlib import Path

# The tests that import a benchmark (`from bench import per_deal`) need the repository's root on the path, which
# `python -m pytest` from the root gives but a bare `pytest` does not. Appended, so nothing there shadows another
# module.
sys.path.append(str(Path(__file__).resolve().parent.parent))

# GUI tests run the real event loop without a screen or sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest
from hypothesis import settings

# The machines that run the suite are shared and often loaded: a per-example deadline would turn a slow
# moment into a failure that says nothing about the code.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


@pytest.fixture(autouse=True)
def workers_at_the_tests_priority(monkeypatch):
    """The window's worker threads lower their priority (nice 19) so that the window comes first on a busy
    machine. A test waits for their answers, and on a core that another program keeps busy a nice-19 thread
    gets about 1 % of it: a search of a second would take minutes. So in the tests they keep the priority of
    the test, and how long an answer takes does not depend on the machine's other load."""
    worker = sys.modules.get("idioten.ui.worker")  # imported by the window tests as they are collected
    if worker is not None:
        monkeypatch.setattr(worker, "lower_priority", lambda: None)


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
