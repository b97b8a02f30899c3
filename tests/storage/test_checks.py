"""The checks every saved file's reader shares (storage/checks.py): a count, a day and a minute as the program
writes them; anything else JSON can hold is refused, never an exception."""

import pytest

from idioten.storage.checks import is_count, is_day, is_minute

ANYTHING_ELSE = [None, True, False, 1.0, "7", [], {}, ["2026-12-02"], {"day": "2026-12-02"}]


@pytest.mark.parametrize("value", [0, 1, 200])
def test_a_count_is_a_whole_number_up_to_the_most(value):
    assert is_count(value, 200)


@pytest.mark.parametrize("value", [-1, 201, 10**400, *ANYTHING_ELSE])
def test_no_other_value_is_a_count(value):
    assert not is_count(value, 200)  # true is no count, although Python's bool is an int


def test_a_day_is_written_as_the_program_writes_it():
    assert is_day("2026-12-02") and is_day("2028-02-29")


@pytest.mark.parametrize("value", ["2026W011", "20261202", "2026-12-2", " 2026-12-02", "2026-12-02\n", "2026-02-30",
                                   "2027-02-29", "2026-13-01", "2026-12-02T10:00", "２０２６-１２-０２",
                                   *ANYTHING_ELSE])
def test_no_other_value_is_a_day(value):
    assert not is_day(value)


def test_a_minute_is_written_as_the_program_writes_it():
    assert is_minute("2026-12-02T10:00") and is_minute("2026-12-02T23:59")


@pytest.mark.parametrize("value", ["2026-12-02", "2026-12-02T10:00:00", "2026-12-02 10:00", "2026-12-02T24:00",
                                   "2026-12-02T10:60", "2026-02-30T10:00", *ANYTHING_ELSE])
def test_no_other_value_is_a_minute(value):
    assert not is_minute(value)
