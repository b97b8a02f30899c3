import json

import pytest

from idioten.acesup.rules import Action, Game
from idioten.cards import deal_cards, format_cards
from idioten.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_json_has_the_contract_shape_and_a_line_that_wins(capsys):
    status, out, err = run(capsys, "solve", "--deal", "17", "--json")
    assert status == 0 and err == ""
    report = json.loads(out)
    assert set(report) == {"result", "moves", "best_score", "best_score_exact", "states", "seconds"}
    assert report["best_score_exact"] is True
    assert report["result"] == "winnable" and report["best_score"] == 48
    assert isinstance(report["states"], int) and isinstance(report["seconds"], float)
    game = Game.new(deal_cards(17))
    game.replay([Action.parse(text) for text in report["moves"]])
    assert game.is_won()


def test_solve_accepts_cards_and_reports_unknown_when_time_runs_out(capsys):
    cards = format_cards(deal_cards(2))
    # A nanosecond has run out by the solver's first look at the clock, however fast the machine.
    status, out, _ = run(capsys, "solve", "--cards", cards, "--time-limit", "1e-9", "--json")
    report = json.loads(out)
    assert status == 0 and report["result"] == "unknown" and report["moves"] is None
    assert isinstance(report["best_score"], int) and report["best_score_exact"] is False


def test_solve_prints_readable_text_without_json(capsys):
    status, out, _ = run(capsys, "solve", "--deal", "19", "--variant", "standard")
    assert status == 0 and "cannot be won" in out and "47" in out


@pytest.mark.parametrize("argv, words", [
    (["solve", "--cards", "AS KD"], "52 cards"),
    (["solve", "--cards", "AS AS " + format_cards(deal_cards(1)[2:])], "twice"),
    (["solve", "--cards", "ZZ " + format_cards(deal_cards(1)[1:])], "not a card"),
    (["solve"], "required"),
    (["solve", "--deal", "0"], "deal number"),
    (["solve", "--deal", "3", "--time-limit", "-1"], "positive"),
    (["simulate", "--policy", "clever", "--games", "3"], "invalid choice"),
    (["simulate", "--policy", "greedy", "--games", "0"], "at least 1"),
    (["simulate", "--policy", "greedy", "--games", "3", "--jobs", "0"], "at least 1"),
    (["simulate", "--policy", "greedy", "--games", "5", "--seed", "2147483647"], "last deal number"),
])
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_simulate_json_shape_and_reproducibility(capsys):
    first = json.loads(run(capsys, "simulate", "--policy", "random", "--games", "30", "--seed", "7", "--json")[1])
    again = json.loads(run(capsys, "simulate", "--policy", "random", "--games", "30", "--seed", "7", "--json")[1])
    assert set(first) == {"games", "wins", "win_rate", "mean_score", "seconds"}
    assert first["games"] == 30 and first["win_rate"] == first["wins"] / 30
    assert 0 <= first["mean_score"] <= 48
    first.pop("seconds"), again.pop("seconds")
    assert first == again


def test_simulate_greedy_text(capsys):
    status, out, _ = run(capsys, "simulate", "--policy", "greedy", "--games", "20", "--variant", "aces-only")
    assert status == 0 and "greedy (aces-only), deals 1 to 20" in out


def test_simulate_in_two_processes_plays_the_same_deals(capsys):
    alone = json.loads(run(capsys, "simulate", "--policy", "random", "--games", "12", "--seed", "40", "--json")[1])
    shared = json.loads(run(capsys, "simulate", "--policy", "random", "--games", "12", "--seed", "40", "--jobs", "2",
                            "--json")[1])
    assert alone["mean_score"] > 0
    alone.pop("seconds"), shared.pop("seconds")
    assert alone == shared


def test_solve_takes_threads_and_gives_the_same_answer(capsys):
    one = json.loads(run(capsys, "solve", "--deal", "19", "--json")[1])
    for threads in ("2", "auto"):
        status, out, err = run(capsys, "solve", "--deal", "19", "--threads", threads, "--json")
        assert status == 0 and err == ""
        report = json.loads(out)
        assert (report["result"], report["best_score"], report["best_score_exact"]) == (
            one["result"], one["best_score"], one["best_score_exact"])


@pytest.mark.parametrize("bad", ["-1", "two", "1.5"])
def test_solve_refuses_a_bad_thread_count(capsys, bad):
    status, out, err = run(capsys, "solve", "--deal", "19", "--threads", bad)
    assert status == 2 and out == ""
    assert "--threads" in err and "Traceback" not in err
