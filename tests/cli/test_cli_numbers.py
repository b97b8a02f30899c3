"""Numbers on the command line: ASCII digits only, each within what the program can take. Python's int() takes
"１２" (full-width) and "١٢" (Arabic-Indic) as twelve; a number a player did not mean to type is told, not
answered. And a number past what the program can take (--threads 2147483648 overflowed the compiled search's C
int) is one line and exit status 2, never a traceback."""

import subprocess
import sys

import pytest

from idioten.cli import main
from idioten.cli.args import MAX_THREADS

OTHER_DIGITS = ["１２", "١٢", "۱۲", "१२", "12\u0661"]  # full-width, Arabic-Indic, Persian, Devanagari, mixed


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("digits", OTHER_DIGITS)
@pytest.mark.parametrize("argv", [
    ("deal", "{}"),
    ("solve", "--deal", "{}", "--time-limit", "5"),
    ("solve", "--deal", "12", "--threads", "{}"),
    ("solve", "--deal", "12", "--time-limit", "{}"),
    ("simulate", "--policy", "greedy", "--games", "{}"),
    ("simulate", "--policy", "greedy", "--games", "1", "--seed", "{}"),
    ("poker", "simulate", "--policy", "greedy", "--games", "{}"),
    ("--deal", "{}"),
])
def test_digits_other_than_ascii_are_told_in_one_line(capsys, argv, digits):
    status, out, err = run(capsys, *[word.format(digits) for word in argv])
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "(digits 0-9 only)" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ("deal", "--daily", "２０２６-12-02"),
    ("analyse", "--deal", "12", "--moves", "discard １"),
])
def test_other_digits_in_a_day_or_a_move_are_refused(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1


@pytest.mark.parametrize("threads", ["2147483648", str(MAX_THREADS + 1), "9" * 400, "-1", "1_000", "+2", ""])
def test_threads_out_of_bounds_are_one_line(capsys, threads):
    status, out, err = run(capsys, "solve", "--deal", "12", "--threads", threads)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"from 1 to {MAX_THREADS}" in err


def test_threads_past_a_c_int_end_in_one_line_not_a_traceback():
    """The case the issue met, as a player's shell runs it."""
    done = subprocess.run([sys.executable, "-m", "idioten", "solve", "--deal", "12", "--threads", "2147483648"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "OverflowError" not in done.stderr


@pytest.mark.parametrize("argv, shown", [
    (("deal", "12", "--json"), '"deal": 12'),
    (("deal", " 12 ", "--json"), '"deal": 12'),
    (("deal", "0012", "--json"), '"deal": 12'),
])
def test_ascii_numbers_still_work(capsys, argv, shown):
    status, out, err = run(capsys, *argv)
    assert status == 0 and shown in out and err == ""


@pytest.mark.parametrize("threads, taken", [("auto", 0), ("0", 0), ("1", 1), (str(MAX_THREADS), MAX_THREADS)])
def test_threads_within_bounds_are_taken(threads, taken):
    from idioten.cli.parser import build_parser
    assert build_parser().parse_args(["solve", "--deal", "12", "--threads", threads]).threads == taken


@pytest.mark.parametrize("token", ["１０H", "١٠H", "５D", "1０H"])
def test_the_card_parser_takes_ranks_in_ascii_only(token):
    from idioten.cards import CardError, parse_card
    with pytest.raises(CardError):
        parse_card(token)
    assert str(parse_card("10H")) == "TH"
