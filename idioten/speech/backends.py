"""The ways to the player's ears, and which one this system has.

- Windows and macOS: prismatoid (`prism`), one interface to NVDA, JAWS, Narrator (UI Automation), VoiceOver
  and, where no screen reader runs, the system's own speech (SAPI/OneCore, AVSpeech). Its own choice
  (`Context.acquire_best`) says whether a screen reader runs: that is the detection.
- Linux: speech-dispatcher through its protocol (ssip.py): Orca speaks through it as well, so the game's words
  come in the player's voice and settings; Orca is detected by its process.
- A Mac where prismatoid cannot load (older than macOS 11, for which it has no wheel): the system's `say`,
  each utterance ending the last; VoiceOver is detected by its process.

Each system's answer is taken as input (the `prism` module, the process names) so every form is tested without
that system. Nothing here is imported before the window's first picture (tests/ui/test_start_imports.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

# prismatoid's backends that are screen readers (its others are speech engines: SAPI, OneCore, AVSpeech,
# speech-dispatcher): with one of these chosen, the player runs a screen reader.
SCREEN_READER_BACKENDS = ("NVDA", "JAWS", "VOICE_OVER", "UIA", "ORCA", "ZDSR", "ZOOM_TEXT", "PC_TALKER",
                          "SYSTEM_ACCESS", "WINDOW_EYES", "BOY_PC_READER", "SENSE_READER")
# Screen readers by the name of their process, where the game looks for them itself.
SCREEN_READER_PROCESSES = {"linux": ("orca",), "darwin": ("VoiceOver",)}


class Backend(Protocol):
    name: str
    screen_reader: bool  # speaks through the player's screen reader (else the system's speech)

    def speak(self, text: str) -> None:
        """Say `text`, cutting off what is being said."""

    def stop(self) -> None: ...

    def close(self) -> None: ...


class Recording:
    """Keeps what it is told to say: the tests', and the transcripts' backend (tools/spoken_game.py)."""

    def __init__(self, screen_reader: bool = True):
        self.name = "recording"
        self.screen_reader = screen_reader
        self.spoken: list[str] = []

    def speak(self, text: str) -> None:
        self.spoken.append(text)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class PrismBackend:
    def __init__(self, backend: Any, screen_reader: bool, context: Any = None):
        self.context = context  # kept while the backend lives: prismatoid's context owns what it made
        self.backend = backend
        self.name = str(backend.name)
        self.screen_reader = screen_reader

    def speak(self, text: str) -> None:
        self.backend.output(text, interrupt=True)  # speech, and braille where the screen reader has a display

    def stop(self) -> None:
        self.backend.stop()

    def close(self) -> None:
        pass


class SsipBackend:
    def __init__(self, client: Any, screen_reader: bool, language: Callable[[], str]):
        self.client = client
        self.name = "speech-dispatcher"
        self.screen_reader = screen_reader
        self.language = language

    def speak(self, text: str) -> None:
        self.client.set_language(self.language())
        self.client.speak(text, interrupt=True)

    def stop(self) -> None:
        self.client.stop()

    def close(self) -> None:
        self.client.close()


class SayBackend:
    """macOS's `say`: a new utterance ends the process saying the last."""

    def __init__(self, screen_reader: bool, run: Callable[..., Any] = subprocess.Popen):
        self.name = "say"
        self.screen_reader = screen_reader
        self.run = run
        self.saying: Any = None

    def speak(self, text: str) -> None:
        self.stop()
        self.saying = self.run(["say", text], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        if self.saying is not None and self.saying.poll() is None:
            self.saying.terminate()
        self.saying = None

    def close(self) -> None:
        self.stop()


def process_names(proc: Path = Path("/proc")) -> list[str]:
    """The running processes' names: Linux's /proc, else `ps` (macOS)."""
    if proc.is_dir():
        names = []
        for entry in proc.iterdir():
            if entry.name.isdigit():
                try:
                    names.append((entry / "comm").read_text(encoding="utf-8", errors="replace").strip())
                except OSError:
                    continue
        return names
    try:
        listing = subprocess.run(["ps", "-A", "-o", "comm="], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [os.path.basename(line.strip()) for line in listing.splitlines()]


def screen_reader_process(system: str, names: Iterable[str]) -> bool:
    wanted = {name.lower() for name in SCREEN_READER_PROCESSES.get(system, ())}
    return any(name.lower() in wanted for name in names)


def load_prism() -> ModuleType | None:
    try:
        import prism  # prismatoid: a dependency on Windows and macOS (pyproject.toml)
    except (ImportError, OSError):
        return None
    module: ModuleType = prism  # a module to mypy, whether prismatoid is installed here or not (pyproject.toml)
    return module


def prism_backend(prism: ModuleType) -> PrismBackend | None:
    """prismatoid's best backend: a screen reader where one runs, else the system's speech."""
    try:
        context = prism.Context()
        chosen = context.acquire_best()
    except Exception:
        return None
    readers = set()
    for name in SCREEN_READER_BACKENDS:
        try:  # a backend this system has no build of is "not found"
            readers.add(context.name_of(getattr(prism.BackendId, name)))
        except Exception:
            continue
    return PrismBackend(chosen, screen_reader=str(chosen.name) in readers, context=context)


def open_backend(language: Callable[[], str], system: str | None = None,
                 prism: ModuleType | None = None, processes: Callable[[], Iterable[str]] = process_names,
                 ssip_connect: Callable[[str], Any] | None = None,
                 screen_reader_only: bool = False) -> Backend | None:
    """This system's way to speak, or None where it has none (or, `screen_reader_only`, where no screen reader
    runs: then speech-dispatcher is not even started). `system` is sys.platform's family ("win32", "darwin",
    "linux"); the others are the system's answers, given by tests."""
    system = system or ("linux" if sys.platform.startswith("linux") else sys.platform)
    if system in ("win32", "darwin"):
        prism = prism or load_prism()
        found = prism_backend(prism) if prism is not None else None
        if found is not None or system == "win32":
            return found
    reader = screen_reader_process(system, processes())
    if screen_reader_only and not reader:
        return None
    if system == "darwin":
        return SayBackend(reader)
    if system == "linux":
        if ssip_connect is None:
            from idioten.speech import ssip

            def ssip_connect(code: str) -> Any:
                return ssip.connect(code)
        client = ssip_connect(language())
        if client is None:
            return None
        return SsipBackend(client, reader, language)
    return None
