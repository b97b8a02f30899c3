"""What saving after every action costs the window, at 1920x1080 under SDL's dummy driver.

    python -m bench.ui_save [--actions 300] [--load]      prints JSON

The real start path (`launch.open_app` on a temporary data folder) plays deals by posted key events: Space
deals, 1-4 then D discards, a useful move by two pile keys, N when a game is over. For every frame that
handles an action it measures the whole frame (`App.step`: event, rules, first animation frame drawn and
flipped, the game handed to the save writer), and on the writer's thread each save (`Store.save_file`:
game.json written with fsync and renamed). Actions take turns between three ways, so that all medians come
from the same minutes of a shared machine: the store detached (no saving), the writer thread (what the
window does), and the save written in the frame itself right after the flip (the design the writer
replaced: `Store.save_file` called where the document is handed over). `--load` runs a second process that
writes and fsyncs 1 MB files in a loop meanwhile. The frame budget at 60 Hz is 16.7 ms.

The action frame is timed to the end of `App.step`, so for the writer thread it includes waking that thread,
which comes after the flip (the frame is already on screen); on a loaded machine the woken thread can take
the core for a moment. What a player would notice is a late next frame: `animation_frame_ms` times every
frame of the glide that follows, while the writer saves.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from bench.ui_common import summary
from idioten.acesup.rules import PILES

FRAME = 1 / 60
SIZE = (1920, 1080)
BUDGET_MS = 1000 / 60
LOAD = ("import os, sys\nfolder = sys.argv[1]\nwhile True:\n"
        "    with open(os.path.join(folder, 'load.bin'), 'wb') as f:\n"
        "        f.write(os.urandom(1 << 20)); f.flush(); os.fsync(f.fileno())\n")


def key_for_next_action(game) -> list[int]:
    for pile in range(PILES):
        if game.can_discard(pile):
            return [pygame.K_1 + pile, pygame.K_d]
    if game.can_deal():
        return [pygame.K_SPACE]
    useful = next(game.useful_actions(), None)
    if useful is not None:
        return [pygame.K_1 + useful.pile, pygame.K_1 + useful.target]
    return [pygame.K_n]


def run(actions: int) -> dict:
    from idioten.cards import deal_cards
    from idioten.ui.launch import open_app
    from idioten.ui.opening import Launch

    folder = tempfile.TemporaryDirectory(prefix="idioten-bench-save-")
    os.environ["IDIOTEN_DATA_DIR"] = folder.name
    app = open_app(Launch(cards=tuple(deal_cards(7)), deal_number=7, language="en"), rng=random.Random(1), size=SIZE)
    persist = app.persist
    app.warm()
    app.settle(dt=FRAME)
    kinds = ("without_store", "with_store", "saved_in_frame")
    saves, frames, cpu = [], {kind: [] for kind in kinds}, {kind: [] for kind in kinds}
    save_file = persist.store.save_file

    def timed_save(name, document):
        started = time.perf_counter()
        notice = save_file(name, document)
        saves.append((time.perf_counter() - started) * 1000)
        return notice

    persist.store.save_file = timed_save
    writer = persist.writer
    submit = writer.submit

    def save_in_frame(file, document):
        persist.wait()
        timed_save(file, document)

    class Detached:
        """No store attached: the frame neither takes a save point nor hands one over."""

        def flush(self) -> None:
            pass

    animation = {kind: [] for kind in kinds}
    for done in range(actions):
        kind = kinds[done % 3]
        persist.wait()
        app.playing.game_scene("idioten").session.unsaved = False  # left by an action played detached: each way saves
        # only its own actions
        app.persist = Detached() if kind == "without_store" else persist
        writer.submit = save_in_frame if kind == "saved_in_frame" else submit
        keys = key_for_next_action(app.playing.game_scene("idioten").game)
        for key in keys[:-1]:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            app.step(dt=FRAME)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=keys[-1], mod=0, unicode=""))
        started, cpu_started = time.perf_counter(), time.thread_time()
        app.step(dt=FRAME)  # the frame that applies the action and draws it; with the store, hands it over
        frames[kind].append((time.perf_counter() - started) * 1000)
        cpu[kind].append((time.thread_time() - cpu_started) * 1000)
        while app.busy():  # the animation's frames, while the writer thread saves
            started = time.perf_counter()
            app.step(dt=FRAME)
            animation[kind].append((time.perf_counter() - started) * 1000)
        if app.scenes[-1] is not app.playing.game_scene("idioten"):
            app.close_panels()  # the end panel: the next N starts a new deal
    app.persist = persist
    persist.close()
    app.close()
    folder.cleanup()
    # Wall time shows what a player sees on this shared machine; the window thread's CPU time leaves out the
    # moments another process had the core.
    result = {kind: {"action_frame_ms": summary(times, 3), "action_frame_cpu_ms": summary(cpu[kind], 3),
                     "over_budget": sum(1 for f in times if f > BUDGET_MS),
                     "animation_frame_ms": summary(animation[kind], 3),
                     "animation_over_budget": sum(1 for f in animation[kind] if f > BUDGET_MS)}
              for kind, times in frames.items()}
    result["save_ms"] = summary(saves, 3)  # each game.json write, on either thread
    result["action_frame_median_ratio"] = {
        kind: round(result[kind]["action_frame_ms"]["median"] / result["without_store"]["action_frame_ms"]["median"], 2)
        for kind in kinds[1:]}
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=300)  # a third of them in each way
    parser.add_argument("--load", action="store_true", help="fsync 1 MB files in a second process meanwhile")
    options = parser.parse_args()
    load = None
    if options.load:
        load_folder = tempfile.mkdtemp(prefix="idioten-bench-load-")
        load = subprocess.Popen([sys.executable, "-c", LOAD, load_folder])
    try:
        result = run(options.actions)
    finally:
        if load is not None:
            load.kill()
            load.wait()
    print(json.dumps({
        "benchmark": "ui_save", "size": SIZE, "actions": options.actions, "load": options.load,
        "budget_ms": round(BUDGET_MS, 1), **result}))


if __name__ == "__main__":
    main()
