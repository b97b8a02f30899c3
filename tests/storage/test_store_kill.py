"""kill -9 mid-game: a real child process plays Aces Up through its session as the window does (actions, undos,
redos, new deals that leave games for good, restarts, games played to the end and counted) and writes every
save point after each step, stats.json first (play/session.py's `write_now`, in the order the window's writer
keeps). It is killed at a random moment, often in the middle of writing, and what it left must be exactly the
files of the last completed step, or of the one after it, or that next step's statistics with the last step's
game (stats.json is written first). Never the next game with the last statistics: the game a new deal left
for good would be gone and its count lost. No window here; the window's own SIGKILL test lives with the UI.

The child prints the number of each step after its files were written. A step can complete and the kill land
before its number is printed, hence "or the one after it"; any other pair, a mix of two, or a damaged file
fails the test. Then the session opened on what was left counts every game that must be counted exactly once.
"""

import itertools
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from session_support import open_aces_up

from idioten.acesup.rules import VARIANTS, Game
from idioten.cards import MAX_DEAL, deal_cards
from idioten.play.acesup.session import AcesUpSession
from idioten.play.session import write_now
from idioten.storage import game as storage_game
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.stats_file import stats_to_json
from idioten.storage.store import MemoryStore, Store

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parents[1]
CHILD = ("import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import test_store_kill as t; "
         "sys.exit(t.child_main(int(sys.argv[3])))")
MAX_STEPS = 100_000  # a child that somehow outlives the test stops by itself


def a_deal(rng: random.Random) -> Game:
    number = rng.randint(1, MAX_DEAL)
    return Game.new(deal_cards(number), rng.choice(VARIANTS), number)


def steps_played(seed: int, store: Store):
    """The session after each step of a deterministic player on `store`: it plays, takes back, deals anew
    (often, so that games are left for good), restarts, and has a game that ended counted a step later, as
    the window counts it once the animations stopped. Its games' ids are numbered, not random, so that the
    test's replay names them as the child did."""
    rng = random.Random(seed)
    numbers = itertools.count(1)
    storage_game.new_game_id = lambda: f"{seed}-{next(numbers)}"
    session = AcesUpSession.start(store, a_deal(rng))
    for _ in range(MAX_STEPS):
        game, roll = session.game, rng.random()
        if game.is_over() and roll < 0.5:
            session.count_if_over()
            session.new_deal(a_deal(rng))
        elif roll < 0.08 and session.can_undo():
            session.undo()
        elif roll < 0.14 and session.can_redo():
            session.redo()
        elif roll < 0.19:
            session.new_deal(a_deal(rng))
        elif roll < 0.21:
            session.restart()
        elif game.is_over():
            session.count_if_over()
        else:
            session.act(rng.choice(list(game.legal_actions())))
        yield session


def child_main(seed: int) -> int:
    store = Store.open()  # the folder comes from IDIOTEN_DATA_DIR, as in the smoke mode
    for index, session in enumerate(steps_played(seed, store)):
        notices = write_now(session)
        if notices:
            print("error", notices[0].text(), flush=True)
            return 3
        print(index, flush=True)
    return 0


def files_after_each_step(seed: int, count: int) -> list[tuple[dict, dict, set[str]]]:
    """(stats.json's document, game.json's document, the ids of every game played so far) as they stand after
    each of the first `count` steps."""
    store, result, played = MemoryStore(), [], set()
    random_ids = storage_game.new_game_id
    try:
        for session in steps_played(seed, store):
            played |= {k.game_id for k in (session.saved, *session.chain.kept()) if k.played}
            session.save_point()  # counts the games left for good, as the child's write does
            store.stats_point()
            result.append((stats_to_json(store.stats), session.document(), set(played)))
            if len(result) == count:
                return result
    finally:
        storage_game.new_game_id = random_ids
    raise AssertionError("the player stopped early")


# A kill lands between the two writes of a step that counted a game left for good about once in forty runs:
# the fast tier tries five, the slow tier fifty more.
@pytest.mark.parametrize("seed", [*range(5), *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(5, 55))])
def test_kill_9_leaves_the_last_completed_step_and_no_count_lost(tmp_path, seed):
    rng = random.Random(seed * 7919)
    steps_before_kill = rng.randint(1, 150)  # each write fsyncs (about 10 ms here), so keep the runs short
    env = dict(os.environ, **{ENV_DATA_DIR: str(tmp_path)},
               PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(TESTS), str(TESTS.parent), str(seed)], cwd=REPO,
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        while len(lines) < steps_before_kill:
            line = child.stdout.readline()
            if not line:
                break
            lines.append(line.strip())
        time.sleep(rng.random() * 0.005)  # land anywhere in the next write, not just after a print
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

    expected = files_after_each_step(seed, last + 2)
    store = Store.open(tmp_path)
    assert store.notices == [], [n.text() for n in store.notices]
    session, notices = open_aces_up(tmp_path)
    assert notices == [], [n.text() for n in notices]
    on_disk = (stats_to_json(store.stats), session.document())
    (stats_now, game_now, played_now), (stats_next, game_next, played_next) = expected[last], expected[last + 1]
    assert on_disk in ((stats_now, game_now), (stats_next, game_now), (stats_next, game_next))

    # Every game played by then and out of reach of Ctrl+Z and Ctrl+Y is counted (one within reach may be too:
    # it ended, or its count reached the disk before the file that left it), and each game once.
    within_reach = {k.game_id for k in (session.saved, *session.chain.kept())}
    counted = set(session.store.stats.counted)
    played_by_then = played_now if on_disk[1] == game_now else played_next
    assert played_by_then - within_reach <= counted, "a game left for good was lost"
    assert counted <= played_next, "only games played are counted"
    played = sum(s.played for s in session.store.stats.variants.values())
    assert played == len(counted), "no game counted twice"
    # The restored game is a working game, not just equal text: its redo list replays legally.
    while session.game.can_redo():
        session.game.redo()
