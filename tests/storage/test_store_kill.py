"""kill -9 mid-game: a real child process plays and saves after every action through the Store; it is killed
at a random moment (often in the middle of writing a save) and the restored game must be exactly the one of
the last completed save. No window here; the window's own SIGKILL test lives with the UI.

The child prints the number of each save after it completed. A save can complete and the kill land before its
number is printed, so the restored game is that of the last printed save or of the one right after it; any
other game, a mix of two, or a damaged file fails the test.
"""

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from idioten.acesup.rules import VARIANTS, Game
from idioten.cards import MAX_DEAL, deal_cards
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.game import game_to_json
from idioten.storage.store import SavedGame, Store

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parents[1]
CHILD = ("import sys; sys.path.insert(0, sys.argv[1]); import test_store_kill as t; "
         "sys.exit(t.child_main(int(sys.argv[2])))")
MAX_STEPS = 100_000  # a child that somehow outlives the test stops by itself


def games_played(seed: int):
    """The SavedGame after each step of a deterministic player: new deals, actions, undos and redos."""
    rng = random.Random(seed)
    for number in range(1, MAX_STEPS):
        deal = rng.randint(1, MAX_DEAL)
        saved = SavedGame(Game.new(deal_cards(deal), rng.choice(VARIANTS), deal), f"{seed}-{number}")
        yield saved
        game = saved.game
        while not game.is_over():
            roll = rng.random()
            if roll < 0.1 and game.can_undo():
                game.undo()
                saved.undo_used = True
            elif roll < 0.2 and game.can_redo():
                game.redo()
            else:
                game.apply(rng.choice(list(game.legal_actions())))
            yield saved


def child_main(seed: int) -> int:
    store = Store.open()  # the folder comes from IDIOTEN_DATA_DIR, as in the smoke mode
    for index, saved in enumerate(games_played(seed)):
        if index >= MAX_STEPS:
            return 0
        notice = store.save_game(saved)
        if notice is not None:
            print("error", notice.text(), flush=True)
            return 3
        print(index, flush=True)
    return 0


def snapshots(seed: int, count: int) -> list[dict]:
    result = []
    for saved in games_played(seed):
        result.append(game_to_json(saved))
        if len(result) == count:
            return result
    raise AssertionError("the player stopped early")


@pytest.mark.parametrize("seed", range(5))
def test_kill_9_restores_the_last_completed_save(tmp_path, seed):
    rng = random.Random(seed * 7919)
    saves_before_kill = rng.randint(1, 100)  # each save fsyncs (about 10 ms here), so keep the runs short
    env = dict(os.environ, **{ENV_DATA_DIR: str(tmp_path)},
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(TESTS), str(seed)], cwd=REPO, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        while len(lines) < saves_before_kill:
            line = child.stdout.readline()
            if not line:
                break
            lines.append(line.strip())
        time.sleep(rng.random() * 0.005)  # land anywhere in the next save, not just after a print
        child.kill()  # SIGKILL on POSIX, TerminateProcess on Windows: no clean-up code runs
        rest, errors = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    lines += rest.split()
    assert child.returncode != 0, f"the child ended by itself before the kill: {errors}"
    assert lines and all(line.isdigit() for line in lines), (lines[-3:], errors)
    last = int(lines[-1])

    store = Store.open(tmp_path)
    assert store.notices == [], [n.text() for n in store.notices]
    restored = game_to_json(store.saved_game)
    expected = snapshots(seed, last + 2)
    assert restored in (expected[last], expected[last + 1])
    # The restored game is a working game, not just equal text: its redo list replays legally.
    while store.saved_game.game.can_redo():
        store.saved_game.game.redo()
