import datetime as dt
import itertools
import json

import pytest
from tiers import fast_first

from idioten.acesup import daily
from idioten.acesup.rules import Game
from idioten.acesup.solver import WINNABLE, solve
from idioten.cards import deal_cards
from idioten.cli import main

# Pinned forever: a player who played a date's deal must find the same deal in every later version.
PINNED = {"2026-12-02": 1256044034, "2026-12-03": 74442778, "2027-01-01": 1086754148,
          "2024-02-29": 1416494925, "2000-01-01": 575506421, "2099-12-31": 974246730,
          "2026-12-15": 815763386,  # the window's tests play it: its deal and the next day's are found at once
          "2027-03-08": 803834675}  # its first two candidates are refused at once (the first-candidate test)


# The dates whose deal takes the longest to find are the slow tier's; the others keep the fast tier's check.
SLOW_TO_FIND = {"2026-12-03", "2027-01-01", "2024-02-29"}


@pytest.mark.parametrize("day, number", [pytest.param(day, number, marks=[pytest.mark.slow] * (day in SLOW_TO_FIND))
                                         for day, number in sorted(PINNED.items())])
def test_the_deal_of_a_date_never_changes(day, number):
    assert daily.daily_deal(daily.parse_day(day)) == number


# Two dates whose deal is their third candidate: the first two candidates of 2027-03-08 are refused in a few
# thousandths of a second, those of 2024-02-29 only after the quick look's whole budget (a CPU-second).
@pytest.mark.parametrize("date", fast_first(["2027-03-08", "2024-02-29"]))
def test_the_deal_is_the_first_candidate_proved_winnable_and_the_solver_agrees(date):
    day = daily.parse_day(date)
    first = list(itertools.islice(daily.candidates(day), 3))
    assert first[2] == PINNED[date]
    assert not daily.proved_winnable(first[0]) and not daily.proved_winnable(first[1])
    result = solve(Game.new(deal_cards(first[2]), daily.DAILY_VARIANT), time_limit=30)
    assert result.result == WINNABLE


def test_days_have_different_sequences_of_valid_deal_numbers():
    days = [dt.date(2026, 1, 1) + dt.timedelta(days=n) for n in range(40)]
    firsts = [next(daily.candidates(day)) for day in days]
    assert len(set(firsts)) == len(firsts)
    assert all(1 <= n <= 2**31 - 1 for day in days[:5] for n in itertools.islice(daily.candidates(day), 50))


@pytest.mark.parametrize("text", ["2026-13-01", "2026-2-1", "20261202", "yesterday", "2026-02-30"])
def test_a_bad_day_is_refused(text):
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        daily.parse_day(text)


def test_countdown_to_the_next_day():
    assert daily.seconds_to_next_day(dt.datetime(2026, 12, 2, 23, 59, 30)) == 30
    assert daily.seconds_to_next_day(dt.datetime(2026, 12, 2, 0, 0, 0)) == 86400


def test_deal_daily_prints_the_same_json_as_deal_n(capsys):
    day = "2026-12-02"  # a date whose deal is found quickly (not one of SLOW_TO_FIND)
    assert main(["deal", "--daily", day, "--json"]) == 0
    daily_out = capsys.readouterr().out
    assert main(["deal", str(PINNED[day]), "--json"]) == 0
    assert capsys.readouterr().out == daily_out
    assert json.loads(daily_out)["deal"] == PINNED[day]


@pytest.mark.parametrize("argv", [["deal"], ["deal", "5", "--daily", "2026-12-03"], ["deal", "--daily", "2026-12-32"]])
def test_deal_bad_input_is_one_line_and_exit_2(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
