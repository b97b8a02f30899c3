"""The window's side of "one running game per data folder" (desktop/lock.py has the lock and the channel).

A second start asks the running copy, through the listener's thread, to come forward. That thread must not
touch the window (SDL wants its window calls on the main thread, macOS strictly), so `asked_to_come_forward`
only posts a `COME_FORWARD` event, and the loop raises the window when it meets it (`handle`). Until the
window is ready to handle it (`ready`), the answer is "no": the second start then says that the game is
already open. Where the system does not let a program raise its own window (Wayland; the dummy and offscreen
drivers have nothing to raise) the answer is "no" too, so the player is always told something.

The second start itself has no window: `tell_already_open` says so on stderr and, because a double-clicked
program has no console, in a system message box. On Linux and the BSDs SDL shows that box from a process it
forks (X11), or through zenity (Wayland), which a `kill` of the second start would leave on screen, orphaned:
there the box is shown by a child of our own in a process group of its own (`show_box_in_own_group`), where
a watcher reads a pipe from the second start and ends the whole group, SDL's process with it, the moment the
pipe closes, that is when the second start ends however it ends (SIGKILL included). On Windows and macOS the box
is the process's own and ends with it.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Literal, TextIO

import pygame

COME_FORWARD = pygame.event.custom_type()
CAN_RAISE = ("windows", "cocoa", "x11")  # SDL video drivers where SDL_RaiseWindow brings a window forward
NO_DESKTOP = ("dummy", "offscreen")  # drivers with no screen: a message box would have none either
FORKED_BOX_SYSTEMS = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")  # SDL's box forks there
_ready = threading.Event()


def ready() -> None:
    """The loop now handles COME_FORWARD (the window calls this once it is open)."""
    _ready.set()


def not_ready() -> None:
    _ready.clear()


def driver() -> str:
    try:
        return pygame.display.get_driver()
    except pygame.error:
        return ""


def asked_to_come_forward() -> bool:
    """Called in the listener's thread: True if the window will come forward."""
    if not _ready.is_set():
        return False
    try:
        pygame.event.post(pygame.event.Event(COME_FORWARD))
    except pygame.error:
        return False
    return driver() in CAN_RAISE


def come_forward(window: pygame.Window) -> None:
    """Show the window if minimised and raise it above the others, as far as the system allows."""
    try:
        window.restore()
        window.focus()
    except pygame.error:
        pass


def handle(window: pygame.Window, event: pygame.event.Event) -> bool:
    """The loop's part: True if `event` was a handover (and the window was brought forward)."""
    if event.type != COME_FORWARD:
        return False
    come_forward(window)
    return True


def box_shower(platform: str = sys.platform) -> Callable[..., object]:
    """How the box is shown on `platform`: where SDL forks to show it, from a process group of our own."""
    if platform.startswith(FORKED_BOX_SYSTEMS):
        return show_box_in_own_group
    return pygame.display.message_box


def show_box_in_own_group(title: str, text: str, message_type: Literal["info", "warn", "error"] = "info") -> None:
    """The box shown by a forked child in a new process group that ends with this process. A second child in
    that group reads a pipe whose writing end only this process holds; at its end (this process gone, however
    it went, or done waiting) it kills the group, SDL's box process included. (A thread cannot be the watcher:
    pygame's message_box holds the interpreter lock while the box is up.) Returns once the box is closed;
    raises pygame.error with SDL's own words if the child could not show it, as message_box itself would."""
    reading, writing = os.pipe()
    told, telling = os.pipe()  # the child's error, if any: the box is in another process, so is its exception
    box = os.fork()
    if box == 0:  # pragma: no cover - the children are seen by tests/desktop/test_box.py's real processes
        os.close(writing)
        os.close(told)
        status = 1
        try:
            os.setpgid(0, 0)
            if os.fork() == 0:
                os.close(telling)
                _end_group_when_closed(reading)
            os.close(reading)
            pygame.display.message_box(title, text, message_type=message_type)
            status = 0
        except BaseException as error:
            os.write(telling, (str(error) or type(error).__name__).encode("utf-8", "replace")[:4000])
        finally:
            os._exit(status)
    os.close(reading)
    os.close(telling)
    try:
        os.waitpid(box, 0)
        said = _read_all(told)
    finally:
        os.close(writing)
        os.close(told)
    if said:
        raise pygame.error(said.decode("utf-8", "replace"))


def _read_all(handle: int) -> bytes:
    data = b""
    while chunk := os.read(handle, 4096):
        data += chunk
    return data


def _end_group_when_closed(reading: int) -> None:  # pragma: no cover - runs in the box's watcher
    try:
        while os.read(reading, 1):
            pass
    finally:
        os.killpg(0, signal.SIGKILL)
        os._exit(0)


def tell_already_open(title: str, text: str, line: str, stderr: TextIO | None = None,
                      environ: Mapping[str, str] | None = None,
                      show_box: Callable[..., object] | None = None) -> bool:
    """One line on stderr, and a system message box where a player may have no console: always, unless the
    video driver has no screen (tests, SDL's dummy). True if the box was shown."""
    stderr = sys.stderr if stderr is None else stderr
    environ = os.environ if environ is None else environ
    _say(line, stderr)
    if environ.get("SDL_VIDEODRIVER", "").lower() in NO_DESKTOP:
        return False
    show_box = show_box or box_shower()
    try:
        show_box(title, text, message_type="info")
    except (pygame.error, TypeError, OSError) as error:
        _say(f"idioten: no message box: {error}", stderr)
        return False
    return True


def _say(line: str, stderr: TextIO | None) -> None:
    if stderr is not None:
        try:
            print(line, file=stderr, flush=True)
        except (OSError, ValueError):
            pass  # pythonw on Windows: no stderr at all
