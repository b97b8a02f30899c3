"""The learned line values are data (idioten/poker/line_values.json): read lazily, rewritten by the learning
command, and a missing or damaged file costs strength, never the game."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from idioten.poker import learn
from idioten.poker.scoring import TABLES, points_table
from idioten.poker.values import SIZE, VALUES_FILE, learned_values, prior_values, stored_values


def test_the_shipped_file_holds_learned_values_for_every_table():
    stored = stored_values()
    assert {table for table, _ in stored} == set(TABLES)
    for (table, diagonals), values in stored.items():
        assert len(values) == SIZE
        assert list(values) != prior_values(points_table(table)), (table, diagonals)  # learned, not the prior
        assert learned_values(table, diagonals, points_table(table)) == list(values)


@settings(max_examples=examples(20), deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=200, allow_nan=False).map(lambda v: round(v, 2)),
                min_size=1, max_size=50))
def test_written_values_read_back_the_same(tmp_path_factory, pattern):
    values = (pattern * (SIZE // len(pattern) + 1))[:SIZE]
    path = tmp_path_factory.mktemp("values") / "line_values.json"
    learn.write_values({("classic", True): values, ("simple", False): values[::-1]}, path)
    assert stored_values(path) == {("classic", True): tuple(values), ("simple", False): tuple(values[::-1])}


def test_a_missing_or_damaged_file_gives_no_values(tmp_path):
    damaged = [b"", b"{not json", json.dumps({"format": "something else", "values": []}).encode(),
               json.dumps({"format": "idioten-poker-line-values", "values": [{"table": "classic"}]}).encode(),
               json.dumps([1, 2, 3]).encode()]
    assert stored_values(tmp_path / "missing.json") == {}
    for number, content in enumerate(damaged):
        path = tmp_path / f"bad{number}.json"
        path.write_bytes(content)
        assert stored_values(path) == {}, content


def test_the_learning_command_updates_the_file_it_is_given(tmp_path):
    path = tmp_path / "line_values.json"
    learn.write_values({("british", False): [1.5] * SIZE}, path)
    assert learn.main(["--table", "simple", "--games", "3", "--rounds", "1", "--output", str(path)]) == 0
    stored = stored_values(path)
    assert set(stored) == {("british", False), ("simple", False)}  # the other table is kept
    assert stored[("british", False)] == (1.5,) * SIZE
    assert len(stored[("simple", False)]) == SIZE
    assert VALUES_FILE.name == "line_values.json" and VALUES_FILE.is_file()
