"""The deal of the day's statistics: days played and won, current and best streak of won days."""

import datetime as dt
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from session_support import write_stats

from idioten.storage.stats import Statistics
from idioten.storage.stats_file import BadStats, load_stats, stats_from_json, stats_to_json
from idioten.storage.store import Store

DAY = dt.date(2026, 12, 2)


def day(offset: int) -> str:
    return (DAY + dt.timedelta(days=offset)).isoformat()


def test_the_first_finished_game_of_a_day_stands():
    stats = Statistics()
    assert stats.record_daily(day(0), False)
    assert not stats.record_daily(day(0), True)
    assert (stats.daily.played, stats.daily.won) == (1, 0)
    with pytest.raises(ValueError):
        stats.record_daily("tomorrow", True)


def test_streaks_run_over_consecutive_won_days():
    stats = Statistics()
    for offset, won in [(-9, True), (-8, True), (-7, True), (-6, False), (-3, True), (-2, True), (-1, True),
                        (0, True)]:
        stats.record_daily(day(offset), won)
    assert (stats.daily.played, stats.daily.won, stats.daily.best_streak) == (8, 7, 4)
    assert stats.daily.current_streak(DAY) == 4
    assert stats.daily.current_streak(DAY + dt.timedelta(days=1)) == 4  # today's deal not played yet
    assert stats.daily.current_streak(DAY + dt.timedelta(days=2)) == 0  # a day missed breaks it


@given(st.dictionaries(st.integers(-400, 400), st.booleans(), max_size=30))
def test_daily_statistics_survive_their_json_form(days):
    stats = Statistics()
    for offset, won in days.items():
        stats.record_daily(day(offset), won)
    again = stats_from_json(json.loads(json.dumps(stats_to_json(stats))))
    assert again == stats
    longest = max((n for n in range(1, 802) if any(all(days.get(s + i) for i in range(n)) for s in days)),
                  default=0)
    assert again.daily.best_streak == longest


@pytest.mark.parametrize("daily", [{"2026-13-01": True}, {"2026-12-02": 1}, {"2026-1-2": True}, ["2026-12-02"]])
def test_a_damaged_daily_entry_is_refused(daily):
    data = stats_to_json(Statistics())
    data["daily"] = daily
    with pytest.raises(BadStats):
        stats_from_json(data)


def test_a_file_from_before_the_deal_of_the_day_loads_and_the_store_keeps_days(tmp_path):
    data = stats_to_json(Statistics())
    del data["daily"]
    assert stats_from_json(data).daily.played == 0
    store = Store.open(tmp_path)
    assert store.record_daily(day(0), True) and not store.record_daily(day(0), False)
    assert write_stats(store) is None
    stats, notices = load_stats(tmp_path)
    assert stats.daily.days == {day(0): True} and notices == []
