"""The real speech path on Linux (slow tier): speech-dispatcher with espeak-ng, as Debian packages them (.ci/run
installs them), started in a private home on ALSA's null device (a machine without a sound card: see
docs/speech.md). Our own SSIP client speaks to it, and espeak-ng says each text to its end; the window with
"Speak" on finds it by itself and speaks every turn's words through it."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pygame
import pytest
from ui_support import key, make_app, position

from idioten.speech import ssip
from idioten.speech.backends import SsipBackend
from idioten.storage.settings import Settings

pytestmark = pytest.mark.slow
STARTED = 20.0  # seconds at most for the server's socket to appear (reached only if it fails to start)


@pytest.fixture
def dispatcher(tmp_path, monkeypatch, request):
    """A speech-dispatcher of this test's own, on ALSA's null device; ended by its process id."""
    for program in ("speech-dispatcher", "espeak-ng"):
        assert shutil.which(program), f"{program} is not installed (.ci/run installs it with apt-get)"
    home = tmp_path / "home"
    (home / ".config" / "speech-dispatcher").mkdir(parents=True)
    # The server's socket lives in the runtime folder, and a Unix socket's path holds at most 107 bytes: pytest's
    # tmp_path under a worker (…/pytest-1018/popen-gw1/test_the_window_with_speak_on_0/run/speech-dispatcher/
    # speechd.sock) is longer, and the server then listens on a cut path the client never finds. A short folder of
    # its own, as a desktop's /run/user/UID is.
    runtime = Path(tempfile.mkdtemp(prefix="sd-"))  # made 0700
    request.addfinalizer(lambda: shutil.rmtree(runtime, ignore_errors=True))
    (home / ".asoundrc").write_text("pcm.!default { type null }\nctl.!default { type hw card 0 }\n")
    system_conf = Path("/etc/speech-dispatcher/speechd.conf").read_text(encoding="utf-8")
    conf = [line for line in system_conf.splitlines() if not line.lstrip("# ").startswith("AudioOutputMethod")]
    (home / ".config" / "speech-dispatcher" / "speechd.conf").write_text(
        "\n".join([*conf, 'AudioOutputMethod "alsa"']) + "\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    subprocess.run(["speech-dispatcher", "-d", "-t", "60"], check=True, timeout=STARTED, capture_output=True)
    sock = runtime / "speech-dispatcher" / "speechd.sock"
    pid_file = runtime / "speech-dispatcher" / "pid" / "speech-dispatcher.pid"
    # The server makes its socket before it writes its pid file: both are waited for (a hang guard, not a limit).
    deadline = time.monotonic() + STARTED
    while not (sock.exists() and pid_file.exists() and pid_file.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sock.exists() and pid_file.exists(), "speech-dispatcher did not start"
    yield sock
    if pid_file.exists():
        try:
            os.kill(int(pid_file.read_text().split()[0]), 15)
        except (ProcessLookupError, ValueError):
            pass


def spoken_to_the_end(client: ssip.SsipClient) -> list[str]:
    """The events speech-dispatcher sends for one message (with notifications on): BEGIN, then END."""
    events = []
    while not events or events[-1] not in ("END", "CANCELED"):
        code, lines = client.read_answer()
        assert code in (701, 702, 703), (code, lines)
        events.append(lines[-1])
    return events


@pytest.mark.parametrize("language, text", [("en", "nine of diamonds discarded, seven of hearts on top."),
                                            ("sv", "ruter nio slängd, hjärter sju överst."),
                                            ("de", "Karo Neun abgelegt, Herz Sieben oben.")])
def test_espeak_ng_says_our_words_to_the_end(dispatcher, language, text):
    client = ssip.connect(language, spawn=False)
    assert client is not None
    client.command("SET self NOTIFICATION ALL on")
    client.speak(text)
    assert spoken_to_the_end(client) == ["BEGIN", "END"]
    client.close()


def test_the_window_with_speak_on_speaks_through_speech_dispatcher(dispatcher):
    app, clock = make_app(position(["9D", "KD", "7H 2C", "QS"], stock=8), settings=Settings(speak="on"))
    backend = app.speech.backend
    assert isinstance(backend, SsipBackend) and not backend.screen_reader  # no Orca here: the system's speech
    for each in (pygame.K_i, pygame.K_1, pygame.K_d, pygame.K_3, pygame.K_d, pygame.K_SPACE):
        key(app, each)
    # Each turn's words were queued (speech-dispatcher's 225): an answer other than that closes the backend.
    assert app.speech.backend is backend
