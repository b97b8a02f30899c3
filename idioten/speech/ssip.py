"""Speech-dispatcher's own protocol (SSIP) over its socket: the Linux way to the system's speech, which Orca
speaks through too. A few lines of text on a Unix socket, so no library (Debian's python3-speechd is not on
PyPI) and nothing of size comes with the game.

The socket is the one libspeechd finds: $SPEECHD_ADDRESS ("unix_socket:PATH"), else
$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock; where none answers, `speech-dispatcher --spawn` starts the
server as libspeechd's clients do, and it ends itself once idle."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from collections.abc import Mapping
from pathlib import Path

TIMEOUT = 2.0  # seconds for one answer: a server that hangs must not freeze the window for long
SPAWN_WAIT = 5.0


class SsipError(OSError):
    """Speech-dispatcher did not answer as its protocol says."""


def socket_path(environ: Mapping[str, str] | None = None) -> Path | None:
    environ = os.environ if environ is None else environ
    address = environ.get("SPEECHD_ADDRESS", "")
    if address.startswith("unix_socket:"):
        return Path(address.split(":", 1)[1])
    if address:
        return None  # an inet address: not ours to guess
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "speech-dispatcher" / "speechd.sock"
    return Path.home() / ".cache" / "speech-dispatcher" / "speechd.sock"


def quoted_text(text: str) -> str:
    """The text as SSIP carries it: CRLF lines, a line that is a lone "." doubled, ending with "." alone."""
    lines = [("." + line if line.startswith(".") else line) for line in " ".join(text.split()).split("\n")]
    return "\r\n".join(lines) + "\r\n.\r\n"


class SsipClient:
    def __init__(self, path: Path, language: str = "en"):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.settimeout(TIMEOUT)
        self.socket.connect(str(path))
        self.buffer = b""
        self.command("SET self CLIENT_NAME user:idioten:main")
        self.language = ""
        self.set_language(language)

    def read_answer(self) -> tuple[int, list[str]]:
        lines: list[str] = []
        while True:
            while b"\r\n" not in self.buffer:
                chunk = self.socket.recv(4096)
                if not chunk:
                    raise SsipError("speech-dispatcher closed the connection")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\r\n", 1)
            line = raw.decode("utf-8", "replace")
            lines.append(line[4:])
            if len(line) < 4 or not line[:3].isdigit():
                raise SsipError(f"speech-dispatcher said {line!r}")
            if line[3] == " ":
                return int(line[:3]), lines

    def command(self, line: str, expect: str = "2") -> tuple[int, list[str]]:
        self.socket.sendall(line.encode("utf-8") + b"\r\n")
        code, lines = self.read_answer()
        if not str(code).startswith(expect):
            raise SsipError(f"{line.split()[0]}: {code} {lines[-1] if lines else ''}")
        return code, lines

    def set_language(self, language: str) -> None:
        if language != self.language:
            self.command(f"SET self LANGUAGE {language}")
            self.language = language

    def speak(self, text: str, interrupt: bool = True) -> None:
        if interrupt:
            self.command("CANCEL self")
        self.command("SPEAK", expect="230")  # 230: go on, send the text
        self.socket.sendall(quoted_text(text).encode("utf-8"))
        code, lines = self.read_answer()
        if code != 225:  # 225: queued
            raise SsipError(f"SPEAK: {code} {lines[-1] if lines else ''}")

    def stop(self) -> None:
        self.command("CANCEL self")

    def close(self) -> None:
        try:
            self.socket.sendall(b"QUIT\r\n")
        except OSError:
            pass
        self.socket.close()


def connect(language: str, environ: Mapping[str, str] | None = None, spawn: bool = True) -> SsipClient | None:
    """A connection to speech-dispatcher, started first if it is installed and not running; None without it."""
    path = socket_path(environ)
    if path is None:
        return None
    if not path.exists() and spawn and shutil.which("speech-dispatcher"):
        try:
            subprocess.run(["speech-dispatcher", "--spawn"], timeout=SPAWN_WAIT, capture_output=True,
                           env=dict(environ) if environ is not None else None)
        except (OSError, subprocess.SubprocessError):
            return None
    try:
        return SsipClient(path, language)
    except OSError:
        return None
