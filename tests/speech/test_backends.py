"""Which way to speak each system has, from the system's answers given as input: prismatoid's own choice on
Windows and macOS (a screen reader where one runs, else the system's speech), the processes on Linux (Orca)
and on a Mac where prismatoid cannot load (VoiceOver); and the speaker that says one utterance a turn."""

from __future__ import annotations

import enum
import socket
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from idioten.speech import backends, ssip
from idioten.speech.speaker import Speaker

# prismatoid's names for its backends, as `Context.name_of` gives them (the Linux build answers "Speech
# Dispatcher" and "Orca"; the others are the names its backends give themselves).
NAMES = {"NVDA": "NVDA", "JAWS": "JAWS", "UIA": "Narrator", "SAPI": "SAPI", "ONE_CORE": "OneCore",
         "VOICE_OVER": "VoiceOver", "AV_SPEECH": "AVSpeech"}
ON = {"win32": ("NVDA", "JAWS", "UIA", "SAPI", "ONE_CORE"), "darwin": ("VOICE_OVER", "AV_SPEECH")}


def fake_prism(system: str, best: str | None):
    """A `prism` module as prismatoid on `system` answers, its best backend `best` (None: it fails)."""
    backend_id = enum.IntEnum("BackendId", [(name, i + 1) for i, name in enumerate(backends.SCREEN_READER_BACKENDS
                                                                                 + ("SAPI", "ONE_CORE", "AV_SPEECH"))])
    spoken: list[tuple[str, bool]] = []

    class Context:
        def acquire_best(self):
            if best is None:
                raise RuntimeError("no backend")
            return SimpleNamespace(name=NAMES[best], output=lambda text, interrupt: spoken.append((text, interrupt)),
                                   stop=lambda: None)

        def name_of(self, member):
            if member.name not in ON[system]:
                raise LookupError("Backend ID not found")  # as prismatoid answers for another system's backend
            return NAMES[member.name]

    return SimpleNamespace(Context=Context, BackendId=backend_id, spoken=spoken)


@pytest.mark.parametrize("system, best, reader", [
    ("win32", "NVDA", True), ("win32", "JAWS", True), ("win32", "UIA", True), ("win32", "SAPI", False),
    ("win32", "ONE_CORE", False), ("darwin", "VOICE_OVER", True), ("darwin", "AV_SPEECH", False),
])
def test_prismatoid_chooses_and_its_choice_says_whether_a_screen_reader_runs(system, best, reader):
    prism = fake_prism(system, best)
    backend = backends.open_backend(lambda: "sv", system=system, prism=prism, processes=lambda: [])
    assert isinstance(backend, backends.PrismBackend) and backend.screen_reader is reader
    backend.speak("ruter nio slängd")
    assert prism.spoken == [("ruter nio slängd", True)]  # each utterance cuts off the last


def test_prismatoid_failing_leaves_windows_silent_and_a_mac_with_its_say():
    assert backends.open_backend(lambda: "en", system="win32", prism=fake_prism("win32", None),
                                 processes=lambda: []) is None
    mac = backends.open_backend(lambda: "en", system="darwin", prism=fake_prism("darwin", None),
                                processes=lambda: ["Finder", "VoiceOver"])
    assert isinstance(mac, backends.SayBackend) and mac.screen_reader


@pytest.mark.parametrize("names, reader", [(["launchd", "VoiceOver", "Dock"], True), (["launchd", "Dock"], False)])
def test_a_mac_without_prismatoid_says_with_say_and_finds_voiceover_by_its_process(names, reader):
    without = fake_prism("darwin", None)  # prismatoid that cannot speak: before macOS 11 it has no wheel
    backend = backends.open_backend(lambda: "en", system="darwin", prism=without, processes=lambda: names)
    assert isinstance(backend, backends.SayBackend) and backend.screen_reader is reader
    quiet = backends.open_backend(lambda: "en", system="darwin", prism=without, processes=lambda: names,
                                  screen_reader_only=True)
    assert (quiet is not None) is reader


def test_say_ends_the_last_utterance_before_the_next():
    started: list = []

    class Saying:
        def __init__(self, args, **kwargs):
            self.args, self.ended = args, False
            started.append(self)

        def poll(self):
            return 0 if self.ended else None

        def terminate(self):
            self.ended = True

    backend = backends.SayBackend(screen_reader=False, run=Saying)
    backend.speak("nine of diamonds discarded")
    backend.speak("Dealt.")
    assert [s.args for s in started] == [["say", "nine of diamonds discarded"], ["say", "Dealt."]]
    assert started[0].ended and not started[1].ended


@pytest.mark.parametrize("names, reader", [(["systemd", "orca", "bash"], True), (["systemd", "bash"], False)])
def test_linux_speaks_through_speech_dispatcher_and_finds_orca_by_its_process(names, reader):
    asked: list[str] = []
    client = SimpleNamespace(set_language=asked.append, speak=lambda text, interrupt: asked.append(text))
    backend = backends.open_backend(lambda: "de", system="linux", processes=lambda: names,
                                    ssip_connect=lambda code: client)
    assert isinstance(backend, backends.SsipBackend) and backend.screen_reader is reader
    backend.speak("Karo Neun abgelegt")
    assert asked == ["de", "Karo Neun abgelegt"]


def test_without_a_screen_reader_auto_never_starts_speech_dispatcher():
    def connect(code):
        raise AssertionError("speech-dispatcher must not be started")

    assert backends.open_backend(lambda: "en", system="linux", processes=lambda: ["bash"], ssip_connect=connect,
                                 screen_reader_only=True) is None
    assert backends.open_backend(lambda: "en", system="linux", processes=lambda: ["orca"],
                                 ssip_connect=lambda code: None) is None  # none installed: silent


def test_process_names_are_read_from_proc(tmp_path):
    for pid, name in (("1", "systemd"), ("42", "orca"), ("self", "x")):
        (tmp_path / pid).mkdir()
        (tmp_path / pid / "comm").write_text(name + "\n")
    assert sorted(backends.process_names(tmp_path)) == ["orca", "systemd"]


@pytest.mark.parametrize("mode, reader, said", [
    ("auto", True, ["Pile 1 chosen. nine of diamonds"]), ("auto", False, []),
    ("on", False, ["Pile 1 chosen. nine of diamonds"]), ("off", True, []),
])
def test_the_setting_decides_who_speaks(mode, reader, said):
    backend = backends.Recording(screen_reader=reader)
    speaker = Speaker(lambda: mode, backend)
    speaker.say("nine of diamonds")
    speaker.say("Pile 1 chosen.", first=True)
    speaker.flush()
    speaker.flush()  # a turn that said nothing says nothing
    assert backend.spoken == said


def test_the_backend_opens_after_the_first_picture_and_only_if_speech_may_be_wanted():
    opened: list[bool] = []
    mode = ["off"]
    speaker = Speaker(lambda: mode[0], opener=lambda only: opened.append(only) or backends.Recording(only))
    speaker.say("lost")  # before start: nothing to say it with
    assert opened == []
    speaker.start()
    assert opened == []  # "off": nothing loads
    mode[0] = "auto"
    speaker.setting_changed()
    assert opened == [True]  # only a screen reader would do
    speaker.say("nine of diamonds")
    speaker.flush()
    assert speaker.backend.spoken == ["nine of diamonds"]


def test_a_speech_server_that_goes_away_leaves_the_game_silent():
    class Gone:
        screen_reader = True

        def speak(self, text):
            raise ConnectionResetError("gone")

        def close(self):
            raise OSError("gone")

    speaker = Speaker(lambda: "on", opener=lambda only: Gone())
    speaker.start()
    speaker.say("Dealt.")
    speaker.flush()
    assert speaker.backend is None and not speaker.speaking


class FakeDispatcher:
    """A speech-dispatcher that answers SSIP as the real one does and keeps what it was sent."""

    def __init__(self, path: Path):
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(1)
        self.received: list[str] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        connection, _ = self.server.accept()
        reader = connection.makefile("rb")
        receiving = False
        for raw in reader:
            line = raw.decode("utf-8").rstrip("\r\n")
            self.received.append(line)
            if receiving:
                if line == ".":
                    receiving = False
                    connection.sendall(b"225-21\r\n225 OK MESSAGE QUEUED\r\n")
                continue
            word = line.split(" ", 1)[0].upper()
            if word == "SPEAK":
                receiving = True
                connection.sendall(b"230 OK RECEIVING DATA\r\n")
            elif word == "QUIT":
                break  # the client leaves without waiting for the farewell
            elif word == "CANCEL":
                connection.sendall(b"210 OK CANCELED\r\n")
            else:
                connection.sendall(b"208 OK SET\r\n")
        connection.close()


def test_the_ssip_client_speaks_speech_dispatchers_protocol(tmp_path):
    path = tmp_path / "speechd.sock"
    server = FakeDispatcher(path)
    client = ssip.connect("sv", environ={"SPEECHD_ADDRESS": f"unix_socket:{path}"}, spawn=False)
    assert client is not None
    client.speak("ruter nio slängd")
    client.set_language("sv")  # the same language is not set again
    client.set_language("de")
    client.speak(".hidden dot")
    client.close()
    server.thread.join(5)
    assert server.received == ["SET self CLIENT_NAME user:idioten:main", "SET self LANGUAGE sv",
                               "CANCEL self", "SPEAK", "ruter nio slängd", ".",
                               "SET self LANGUAGE de", "CANCEL self", "SPEAK", "..hidden dot", ".", "QUIT"]


def test_where_the_socket_is(tmp_path):
    assert ssip.socket_path({"SPEECHD_ADDRESS": "unix_socket:/run/s.sock"}) == Path("/run/s.sock")
    assert ssip.socket_path({"SPEECHD_ADDRESS": "inet_socket:127.0.0.1:6560"}) is None
    assert ssip.socket_path({"XDG_RUNTIME_DIR": "/run/user/1000"}) == Path(
        "/run/user/1000/speech-dispatcher/speechd.sock")
    assert ssip.connect("en", environ={"SPEECHD_ADDRESS": f"unix_socket:{tmp_path / 'none'}"}, spawn=False) is None
