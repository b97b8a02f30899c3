"""Start to the first drawn frame, side by side: the game from this tree, the same from other checkouts (main),
Aisleriot where it is installed, and a bare pygame-ce window that draws one frame. Prints one JSON object.

    python -m bench.ui_startup [--runs 9] [--checkout NAME=PATH ...] [--no-aisleriot]

Every program runs on one private Xvfb screen (black root, no window manager), in turns (A B C D A B C D ...)
after one start each not counted, so a change in the machine's load touches each alike; ratios are taken run
by run. The clock starts just before the program is started. Three moments are taken from the X server:

- mapped: its top-level window is mapped (MapNotify on the root window, as bench/window_visible.py);
- first frame: that window shows a drawn picture, i.e. five rows across it (at 1/6 ... 5/6 of its height)
  hold more than one colour. An unpainted window is one colour (the black root, or its background), so
  the first frame is the first picture the program puts on the screen (the game's is its bare felt);
- cards shown: a pixel of those rows is near white (every channel at least BRIGHT): the game's and
  Aisleriot's face-up cards, the bare window's light bar. The felt, the baize and the root are far darker.

The rows are read every 2 ms (XGetImage of five 1-pixel rows), a few percent of a core.

The game is `python -m idioten --deal 7` with PYTHONPATH at this tree, or at a temporary copy of another
checkout's `idioten` package (its built cores included; nothing is written into the checkout); every start
gets a new, empty IDIOTEN_DATA_DIR and HOME. `this_tree_plain` is how a player starts it, with no arguments (a
double-click): on a data folder copied afresh for each start from one that holds deal 7's game saved and the
first start's guide offered, as a returning player's does, so the same table is drawn.

The bare window is `import pygame`, a 1280x800 pygame.Window with the game's framebuffer setting, one fill and
a bar, one flip, and a flip again when the window is shown or exposed (the floor of any pygame-ce program).
Aisleriot is `sol` (apt-get install aisleriot), in its default game, Klondike.

Each Python program runs from compiled bytecode, as a player's copy does (pip compiles at install, PyInstaller
bundles it): the uncounted first start writes it into the bench's own folder (PYTHONPYCACHEPREFIX), even where
PYTHONDONTWRITEBYTECODE is set. Without it every start compiles the game's modules afresh (about 65 ms here), a
cost no player pays.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import load_average
from bench.window_visible import MAP_NOTIFY, SUBSTRUCTURE_NOTIFY_MASK, XEvent, private_screen, stop, xlib

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
TIMEOUT_S = 60
POLL_S = 0.002
Z_PIXMAP, ALL_PLANES = 2, 0xFFFFFFFF
SEED_DATA = "BENCH_SEED_DATA"  # not passed on: the folder each start's data folder is copied from
BRIGHT = 0xE0  # a card's white; the game's felt and bars, Aisleriot's baize and the black root are far darker

BARE = """
import os
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as the game on Linux (idioten/ui/__init__.py)
import pygame
pygame.display.init()
window = pygame.Window("bare", (1280, 800), resizable=True)
surface = window.get_surface()
surface.fill((20, 90, 50))
pygame.draw.rect(surface, (240, 240, 230), (600, 0, 80, 800))
window.flip()
while True:  # as any program must, it draws again when shown or exposed (X keeps no copy of the window)
    event = pygame.event.wait()
    if event.type == pygame.QUIT:
        raise SystemExit
    if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN):
        window.flip()
"""


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
                ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]


ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
ignore_x_errors = ERROR_HANDLER(lambda display, error: 0)  # a window gone between two looks is not fatal


def prepare(lib: ctypes.CDLL) -> None:
    lib.XGetImage.restype = ctypes.POINTER(XImage)
    lib.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                              ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    lib.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong)] + \
        [ctypes.POINTER(ctypes.c_int)] * 2 + [ctypes.POINTER(ctypes.c_uint)] * 4
    lib.XFree.argtypes = [ctypes.c_void_p]
    lib.XSetErrorHandler(ignore_x_errors)


def size_of(lib, display, window: int) -> tuple[int, int] | None:
    root, x, y = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_int()
    width, height, border, depth = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    if not lib.XGetGeometry(display, window, ctypes.byref(root), ctypes.byref(x), ctypes.byref(y),
                            ctypes.byref(width), ctypes.byref(height), ctypes.byref(border), ctypes.byref(depth)):
        return None
    return width.value, height.value


def row_colours(lib, display, window: int, y: int, width: int) -> set[int] | None:
    """The colours of one row of the window, or None if it cannot be read."""
    image = lib.XGetImage(display, window, 0, y, width, 1, ALL_PLANES, Z_PIXMAP)
    if not image:
        return None
    try:
        header = image.contents
        data = ctypes.string_at(header.data, header.bytes_per_line)
        if header.bits_per_pixel != 32:  # not met on Xvfb's default depth: many colours, none taken as bright
            return {0, 1} if len(set(data)) > 1 else {0}
        pixels = memoryview(data)[:4 * width].cast("I")
        first = pixels[0] & 0xFFFFFF
        if data[:4 * width] == data[:4] * width:  # the common case, at C speed
            return {first}
        return {p & 0xFFFFFF for p in pixels}
    finally:
        lib.XFree(image.contents.data)
        lib.XFree(image)


def bright(colour: int) -> bool:
    """A card's white (or a bare window's light bar): every channel at least BRIGHT."""
    return all((colour >> shift) & 0xFF >= BRIGHT for shift in (16, 8, 0))


def look(lib, display, window: int) -> tuple[bool, bool]:
    """(a drawn picture: more than one colour across the five rows; cards shown: a bright pixel among them)."""
    size = size_of(lib, display, window)
    if size is None or size[0] < 2 or size[1] < 6:
        return False, False
    colours: set[int] = set()
    for k in range(1, 6):
        row = row_colours(lib, display, window, size[1] * k // 6, size[0])
        if row is None:
            return False, False
        colours |= row
    return len(colours) > 1, any(bright(colour) for colour in colours)


def one_run(lib, display, display_name: str, command: list[str],
            extra_env: dict[str, str]) -> tuple[float, float, float]:
    """(seconds to the window mapped, to its first drawn frame, to cards shown) of one start of `command`."""
    event = XEvent()
    extra_env = dict(extra_env)
    with tempfile.TemporaryDirectory(prefix="idioten-bench-") as home:
        data = os.path.join(home, "data")
        if SEED_DATA in extra_env:
            shutil.copytree(extra_env.pop(SEED_DATA), data)
        env = dict(os.environ, DISPLAY=display_name, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   IDIOTEN_DATA_DIR=data, HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1", **extra_env)
        # A player's copy runs compiled bytecode (pip compiles at install, PyInstaller bundles it): each
        # program writes its own in the uncounted first start, even where the shell says not to.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        while lib.XPending(display):  # nothing left over from the run before
            lib.XNextEvent(display, ctypes.byref(event))
        started = time.time()
        # `python -m` looks first in its working folder: each game runs in the folder of its own source.
        program = subprocess.Popen(command, env=env, cwd=extra_env.get("PYTHONPATH", home), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        mapped = frame = cards = None
        window = 0
        try:
            deadline = started + TIMEOUT_S
            while mapped is None and time.time() < deadline:
                while lib.XPending(display):
                    lib.XNextEvent(display, ctypes.byref(event))
                    if event.type == MAP_NOTIFY and not event.map.override_redirect:
                        mapped, window = time.time(), event.map.window
                        break
                if mapped is None:
                    time.sleep(POLL_S / 2)
            while mapped is not None and cards is None and time.time() < deadline:
                while lib.XPending(display):  # a window made again (SDL does, for another framebuffer)
                    lib.XNextEvent(display, ctypes.byref(event))
                    if event.type == MAP_NOTIFY and not event.map.override_redirect:
                        window = event.map.window
                picture, shown = look(lib, display, window)
                now = time.time()
                if picture and frame is None:
                    frame = now
                if shown:
                    cards = now
                else:
                    time.sleep(POLL_S)
        finally:
            stop(program)
    if mapped is None or frame is None or cards is None:
        raise RuntimeError(f"{command} drew no window with cards within {TIMEOUT_S} s")
    return mapped - started, frame - started, cards - started


def returning_players_folder(folder: Path) -> Path:
    """A data folder as a returning player's: deal 7's game saved, the first start's guide already offered."""
    from idioten.acesup.rules import Game
    from idioten.cards import deal_cards
    from idioten.storage.game import GAME_FILE, SavedGame, game_to_json
    from idioten.storage.store import Store

    store = Store.open(folder)
    saved = game_to_json(SavedGame.start(Game.new(deal_cards(7))))
    notices = [store.change_setting("guide_offered", True), store.save_file(GAME_FILE, saved)]
    if any(notices):
        raise RuntimeError(f"cannot prepare {folder}: {notices}")
    return folder


def programs(checkouts: dict[str, str], aisleriot: bool, cache: str) -> dict[str, tuple[list[str], dict[str, str]]]:
    game = [PYTHON, "-m", "idioten", "--deal", "7"]
    # Bytecode goes to the bench's own folder (PYTHONPYCACHEPREFIX), one for each program: nothing is written
    # into a checkout, and no program starts with another's.
    bytecode = Path(cache) / "bytecode"
    found = {"this_tree": (game, {"PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(bytecode / "this_tree")})}
    seed = returning_players_folder(Path(cache) / "returning")
    found["this_tree_plain"] = ([PYTHON, "-m", "idioten"], {"PYTHONPATH": str(ROOT), SEED_DATA: str(seed),
                                                           "PYTHONPYCACHEPREFIX": str(bytecode / "this_tree")})
    for name, path in checkouts.items():  # a copy of its package, so that a checkout's built cores are its own
        copy = Path(cache) / name
        shutil.copytree(Path(path) / "idioten", copy / "idioten", ignore=shutil.ignore_patterns("__pycache__"))
        found[name] = (game, {"PYTHONPATH": str(copy), "PYTHONPYCACHEPREFIX": str(bytecode / name)})
    sol = shutil.which("sol") or ("/usr/games/sol" if os.path.exists("/usr/games/sol") else None)
    if aisleriot and sol:
        found["aisleriot"] = ([sol], {})
    found["bare_pygame"] = ([PYTHON, "-c", BARE], {"PYTHONPYCACHEPREFIX": str(bytecode / "bare")})
    return found


def summary(samples: list[float]) -> dict:
    return {"median_s": round(statistics.median(samples), 3), "min_s": round(min(samples), 3),
            "max_s": round(max(samples), 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--checkout", action="append", default=[], metavar="NAME=PATH",
                        help="also time the game from another source tree, e.g. before=../idioten-before")
    parser.add_argument("--no-aisleriot", action="store_true", help="leave Aisleriot out even if installed")
    args = parser.parse_args(argv)
    if shutil.which("Xvfb") is None:
        parser.error("needs Xvfb (apt-get install xvfb)")
    checkouts = dict(item.split("=", 1) for item in args.checkout)
    lib = xlib()
    prepare(lib)
    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="idioten-checkouts-") as cache:
        commands = programs(checkouts, not args.no_aisleriot, cache)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        with private_screen(150 + os.getpid() % 50) as name:
            display = lib.XOpenDisplay(name.encode())
            lib.XSelectInput(display, lib.XDefaultRootWindow(display), SUBSTRUCTURE_NOTIFY_MASK)
            lib.XFlush(display)
            try:
                for command, env in commands.values():  # one start each not counted: files into the cache
                    one_run(lib, display, name, command, env)
                for _ in range(args.runs):
                    for label, (command, env) in commands.items():
                        times[label].append(one_run(lib, display, name, command, env))
            finally:
                lib.XCloseDisplay(display)
    frames = {label: [f for _, f, _ in runs] for label, runs in times.items()}
    shown = {label: [c for _, _, c in runs] for label, runs in times.items()}
    result = {"benchmark": "ui_startup", "runs": args.runs, "load_before": load_before, "load_after": load_average(),
              "commands": {label: (" ".join(command) if command[-1] != BARE else "python -c BARE")
                           + (f"  (PYTHONPATH={env['PYTHONPATH']})" if "PYTHONPATH" in env else "")
                           for label, (command, env) in commands.items()},
              "first_frame": {label: summary(f) for label, f in frames.items()},
              "cards_shown": {label: summary(c) for label, c in shown.items()},
              "mapped": {label: summary([m for m, _, _ in runs]) for label, runs in times.items()},
              "first_frame_ratio_to_this_tree": {
                  label: round(statistics.median(a / b for a, b in zip(f, frames["this_tree"])), 2)
                  for label, f in frames.items() if label != "this_tree"},
              "cards_shown_ratio_to_this_tree": {
                  label: round(statistics.median(a / b for a, b in zip(c, shown["this_tree"])), 2)
                  for label, c in shown.items() if label != "this_tree"}}
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
