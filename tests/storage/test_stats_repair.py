"""stats.json repaired part by part, and a file this account may not read left alone (issue 36, item 4).

One damaged part no longer empties the statistics: the file goes aside whole as before, every part that checks
out is kept and written back at once, and the message line names what was reset. A file that cannot be read
for its permissions is not damaged: it stays where it is, and no save of this session writes over it.
"""

from __future__ import annotations

import errno
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from session_support import write_stats
from tiers import examples

from idioten import i18n
from idioten.acesup.rules import ACES_ONLY, STANDARD, Game
from idioten.cards import deal_cards
from idioten.play.acesup.session import AcesUpSession
from idioten.play.session import write_now
from idioten.storage import files
from idioten.storage.game import SavedGame
from idioten.storage.stats import Statistics
from idioten.storage.stats_file import STATS_FILE, load_stats, repaired_stats, stats_from_json, stats_to_json
from idioten.storage.store import Store

PREVIOUS = Path(__file__).resolve().parents[1] / "previous_files"


def played() -> Statistics:
    """Statistics with something in every part: both variants, two tables of Poker patience, three days."""
    stats = Statistics()
    for number, (variant, score) in enumerate([(STANDARD, 48), (STANDARD, 48), (STANDARD, 30), (ACES_ONLY, 48),
                                               (ACES_ONLY, 12)]):
        stats.record_result(f"g{number}", variant, score, score == 48, number == 1)
    stats.record_keyed("poker", "classic", "p1", 40)
    stats.record_keyed("poker", "classic+diagonals", "p2", 61)
    stats.record_keyed("poker", "american+joker+open", "p3", 120)
    for day, won in (("2026-03-01", True), ("2026-03-02", True), ("2026-03-04", False)):
        stats.record_daily(day, won)
    return stats


def damaged(change) -> dict:
    data = json.loads(json.dumps(stats_to_json(played())))
    change(data)
    return data


def load(folder: Path, data: dict):
    (folder / STATS_FILE).write_text(json.dumps(data))
    return load_stats(folder)


def words(notice, language: str = "en") -> str:
    try:
        i18n.set_language(language)
        return notice.text()
    finally:
        i18n.set_language("en")


def test_a_streak_of_the_wrong_type_resets_that_streak_and_keeps_everything_else(tmp_path):
    data = damaged(lambda d: d["idioten"][STANDARD].update(best_streak="2"))
    stats, [notice] = load(tmp_path, data)
    good = played()
    assert stats.variants[ACES_ONLY] == good.variants[ACES_ONLY]
    assert stats.variants[STANDARD].histogram == good.variants[STANDARD].histogram
    assert stats.variants[STANDARD].won_without_undo == good.variants[STANDARD].won_without_undo
    assert stats.variants[STANDARD].best_streak == stats.variants[STANDARD].current_streak == 0
    assert (stats.keyed, stats.daily, stats.counted) == (good.keyed, good.daily, good.counted)
    assert notice.key == "store.stats_repaired"
    assert json.loads((tmp_path / notice.params["aside"]).read_text()) == data, "the damaged file is kept whole"
    assert words(notice) == (f"stats.json was partly damaged (kept as {notice.params['aside']}); reset: "
                             "Aces Up (Standard): Best streak.")
    assert load_stats(tmp_path) == (stats, []), "what checks out was written back at once"


def test_a_damaged_histogram_resets_its_variant_alone(tmp_path):
    stats, [notice] = load(tmp_path, damaged(lambda d: d["idioten"][ACES_ONLY]["histogram"].__setitem__(5, 1.5)))
    assert stats.variants[ACES_ONLY].played == 0 and stats.variants[STANDARD] == played().variants[STANDARD]
    assert words(notice, "sv").endswith("nollställt: Idioten (Bara ess).")


def test_a_damaged_table_of_poker_patience_goes_and_the_others_stay(tmp_path):
    stats, [notice] = load(tmp_path, damaged(lambda d: d["keyed"]["poker"]["classic+diagonals"].update(total=-1)))
    assert stats.keyed == {"poker": {k: v for k, v in played().keyed["poker"].items() if k != "classic+diagonals"}}
    assert words(notice).endswith("reset: Poker patience (Classic, Diagonals).")
    assert words(notice, "de").endswith("zurückgesetzt: Poker-Patience (Klassisch, Diagonalen).")


def test_a_day_that_is_not_a_day_goes_and_the_others_stay(tmp_path):
    def change(d):
        d["daily"]["2026-02-30"] = True
        d["daily"]["2026-03-02"] = "yes"
    stats, [notice] = load(tmp_path, damaged(change))
    assert stats.daily.days == {"2026-03-01": True, "2026-03-04": False}
    assert words(notice).endswith("reset: days of the deal of the day: 2.")


def test_many_parts_reset_are_counted_after_the_first(tmp_path):
    def change(d):
        d["idioten"][STANDARD]["current_streak"] = None
        d["keyed"] = []
        d["counted"] = "g1"
    stats, [notice] = load(tmp_path, damaged(change))
    assert words(notice).endswith("reset: Aces Up (Standard): Current streak, 2 more.")
    assert stats.variants[ACES_ONLY] == played().variants[ACES_ONLY] and stats.daily == played().daily
    assert stats.keyed == {} and stats.counted == []


def test_the_strict_reading_still_refuses_what_the_repair_resets():
    data = damaged(lambda d: d["daily"].update({"2026-13-01": True}))
    stats, reset = repaired_stats(data)
    assert [part.key for part in reset] == ["store.stats_part.days"]
    with pytest.raises(ValueError):
        stats_from_json(data)


def test_the_previous_versions_statistics_load_unchanged():
    data = json.loads((PREVIOUS / STATS_FILE).read_text())
    stats, reset = repaired_stats(data)
    assert reset == []
    assert stats_to_json(stats) == data


# -- any damage: it loads, and whatever it did not touch stays ----------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=10**300) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def places(value, path=()):
    """Every place in a JSON document under its top level: (path, value)."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, inner in items:
        yield path + (key,), inner
        yield from places(inner, path + (key,))


def parts(stats: Statistics) -> dict[tuple, object]:
    """Each part the repair keeps or resets on its own, by where it lies in the file."""
    found: dict[tuple, object] = {("idioten", v): s for v, s in stats.variants.items()}
    found.update({("keyed", section, key): k for section, keys in stats.keyed.items() for key, k in keys.items()})
    found.update({("daily", day): won for day, won in stats.daily.days.items()})
    found[("counted",)] = stats.counted
    return found


@st.composite
def damage(draw):
    """A valid statistics file and one change to it below the top level (format and version aside: a file
    that is not statistics at all goes aside whole, by design): a value replaced, a key or item removed, or a
    key added."""
    data = json.loads(json.dumps(stats_to_json(played())))
    spots = [(path, value) for path, value in places(data) if path[0] not in ("format", "version")]
    path, value = draw(st.sampled_from(spots))
    *head, last = path
    parent = data
    for key in head:
        parent = parent[key]
    kind = draw(st.sampled_from(["replace", "remove", "add"]))
    if kind == "replace":
        parent[last] = draw(JSON_VALUES)
    elif kind == "remove":
        del parent[last]
    elif isinstance(value, dict):
        name = draw(st.text(max_size=10))
        value[name] = draw(JSON_VALUES)
        path = path + (name,)
    else:
        parent[last] = draw(JSON_VALUES)
    return data, tuple(path)


def touches(changed: tuple, part: tuple) -> bool:
    shorter = min(len(changed), len(part))
    return changed[:shorter] == part[:shorter]


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damage())
def test_any_damage_loads_and_keeps_every_part_it_did_not_touch(change):
    data, changed = change
    text = json.dumps(data)  # what a player's editor or a bad disk could leave, as JSON
    good = parts(played())
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / STATS_FILE).write_text(text)
        stats, notices = load_stats(Path(folder))
        for notice in notices:  # one line, whatever names the file held
            assert "\n" not in words(notice) and len(words(notice)) < 200, words(notice)
        kept = parts(stats)
        for where, part in good.items():
            if not touches(changed, where):
                assert kept.get(where) == part, where
        assert load_stats(Path(folder)) == (stats, []), "what was kept is on disk"
        stats.record_result("after", STANDARD, 48, True, False)  # and the statistics work
        assert stats.variants[STANDARD].win_rate > 0


# -- a file this account may not read ------------------------------------------------------------------------

def finished_game(number=1) -> SavedGame:
    game = Game.new(deal_cards(number), STANDARD, number)
    while not game.is_over():
        game.apply(next(game.useful_actions()))
    return SavedGame(game, f"finished-{number}", False)


def finish_and_write(store: Store) -> list:
    """A finished game counted by its session on `store`, and its save points written: what could not be."""
    session = AcesUpSession(store, finished_game())
    session.count_if_over()
    return write_now(session)


def refuse_to_open(monkeypatch, path: Path) -> None:
    """As the system answers an account that may not read the file (root reads anything, so it is simulated)."""
    real_open = os.open

    def opened(file, flags, *args, **kwargs):
        if os.fspath(file) == os.fspath(path) and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(file))
        return real_open(file, flags, *args, **kwargs)
    monkeypatch.setattr(files.os, "open", opened)


def test_a_file_that_cannot_be_read_is_not_damaged_not_moved_and_not_written_over(tmp_path, monkeypatch):
    path = tmp_path / STATS_FILE
    path.write_text(json.dumps(stats_to_json(played())))
    before = path.read_bytes()
    refuse_to_open(monkeypatch, path)
    store = Store.open(tmp_path)
    [notice] = store.notices
    assert notice.key == "store.file_unreadable" and notice.keeps_file
    assert words(notice) == ("stats.json cannot be read (permission denied) and is left as it is; changes to it "
                             "are not saved.")
    assert sorted(p.name for p in tmp_path.iterdir()) == [STATS_FILE], "nothing moved aside"
    # The next save would write the one game of this session over every game before it: it does not.
    assert finish_and_write(store) == [notice]
    store.reset_stats()
    assert write_stats(store) == notice
    assert path.read_bytes() == before
    monkeypatch.undo()  # the player mends the permissions: every game is still there
    assert Store.open(tmp_path).stats == played()


def test_a_repaired_file_that_cannot_be_moved_aside_is_shown_but_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / STATS_FILE
    path.write_text(json.dumps(damaged(lambda d: d["idioten"][STANDARD].update(best_streak=-1))))
    before = path.read_bytes()

    def no_rename(source, target):
        raise PermissionError(errno.EACCES, "denied")
    monkeypatch.setattr(files.os, "rename", no_rename)
    store = Store.open(tmp_path)
    assert [n.key for n in store.notices] == ["store.bad_file_kept"]
    assert store.stats.variants[ACES_ONLY] == played().variants[ACES_ONLY]
    assert [n.key for n in finish_and_write(store)] == ["store.bad_file_kept"]
    assert path.read_bytes() == before


def free_user_id() -> int:
    for uid in range(54321, 54421):
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid
    pytest.skip("every user id tried has an account entry")


READ_AND_PLAY = """
import sys
from pathlib import Path
from idioten.acesup.rules import STANDARD, Game
from idioten.cards import deal_cards
from idioten.play.acesup.session import AcesUpSession
from idioten.play.session import write_now
from idioten.storage.store import Store
game = Game.new(deal_cards(1), STANDARD, 1)
while not game.is_over():
    game.apply(next(game.useful_actions()))
store = Store.open(Path(sys.argv[1]))
session = AcesUpSession.start(store, game)
session.count_if_over()
finished = write_now(session)
print(" ".join(n.key for n in store.notices), " ".join(n.key for n in finished) or None)
"""


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("setpriv") is None,
                    reason="only root can start a process as another user id")
def test_a_file_another_account_owns_is_left_whole_by_a_real_start():
    """Another account's stats.json (mode 600) in this player's folder: the player's program says it cannot
    be read, and neither moves it nor writes over it when a game ends."""
    folder = Path(tempfile.mkdtemp(prefix="idioten-unreadable-"))
    try:
        folder.chmod(0o777)
        path = folder / STATS_FILE
        path.write_text(json.dumps(stats_to_json(played())))
        path.chmod(0o600)
        before = path.read_bytes()
        uid = free_user_id()
        done = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable,
                               "-c", READ_AND_PLAY, str(folder)], env={"PATH": "/usr/bin:/bin"}, cwd=folder,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["store.file_unreadable", "store.file_unreadable"]
        # The game's own file is written beside it; nothing is moved aside.
        assert sorted(p.name for p in folder.iterdir()) == ["game.json", STATS_FILE] and path.read_bytes() == before
    finally:
        shutil.rmtree(folder, ignore_errors=True)
