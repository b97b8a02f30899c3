"""What the command line says to bad input: one line (JSON with --json), exit status 2, only the bad part quoted,
every option at most once."""

import argparse
import json
import random

import pytest

from idioten.acesup import analysis
from idioten.acesup.players import greedy
from idioten.acesup.rules import Game
from idioten.cards import deal_cards, format_cards
from idioten.cli import main
from idioten.cli.parser import build_parser


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def a_played_line(number: int = 5) -> list[str]:
    """The greedy player's line on a deal, in the notation (about 50 moves)."""
    game, rng = Game.new(deal_cards(number), "standard", number), random.Random(number)
    while (action := greedy(game, rng)) is not None:
        game.apply(action)
    return [str(action) for action, _ in game.history]


# -- --moves -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("moves", ["", "   ", " , "])
def test_analyse_without_moves_is_refused(capsys, moves):
    status, out, err = run(capsys, "analyse", "--deal", "12", "--moves", moves)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert ("no moves given" if moves.strip() != "," else "move 1 of 2 is empty") in err


def test_a_bad_move_is_named_by_its_place_and_only_it_is_quoted(capsys):
    line = a_played_line()
    assert len(line) >= 30
    moves = line[:30]
    moves[6] = "move 5 1"
    text = ", ".join(moves)
    assert len(text) > 250
    status, out, err = run(capsys, "analyse", "--deal", "5", "--moves", text)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "--moves: move 7 of 30: 'move 5 1': there is no pile 5" in err
    assert len(err) < 100 and moves[5] not in err.replace("move 5 1", "")


def test_an_illegal_move_is_named_by_its_place_and_only_it_is_quoted(capsys):
    moves = a_played_line()[:20] + ["deal"] * 13
    status, _, err = run(capsys, "analyse", "--deal", "5", "--moves", ", ".join(moves))
    assert status == 2 and err.count("\n") == 1 and len(err) < 120
    assert f"of {len(moves)}: 'deal' is not allowed there: the stock is empty" in err


@pytest.mark.parametrize("text, words", [
    ("deal; deal; discard 3; discard 4; deal; deal; deal; deal; deal; deal; deal; deal", "separated by commas"),
    ("deal deal deal deal deal deal deal deal deal deal deal deal deal deal deal deal", "separated by commas"),
    ("deal, move a b", "move 2 of 2: 'move a b': a pile is a number from 1 to 4"),
    ("deal,, deal", "move 2 of 3 is empty"),
    ("shuffle", "move 1 of 1: 'shuffle': not a move"),
])
def test_a_line_that_is_not_moves_is_quoted_short(capsys, text, words):
    status, out, err = run(capsys, "analyse", "--deal", "5", "--moves", text)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert words in err and len(err) < 160 and (len(text) < 30 or text[30:] not in err)


# -- repeated options ----------------------------------------------------------------------------------------

def _parsers(parser: argparse.ArgumentParser, name: str = "idioten"):
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                yield from _parsers(sub, f"{name} {sub_name}")


def test_every_option_of_every_command_is_taken_once_at_most():
    parser = build_parser()
    checked = 0
    for name, command in _parsers(parser):
        for action in command._actions:
            if action.option_strings and not isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
                assert type(action).__name__.endswith("Once"), f"{name} {action.option_strings[0]}"
                checked += 1
    assert checked > 30


DEAL = format_cards(deal_cards(3))


@pytest.mark.parametrize("argv, option", [
    (["--deal", "12", "--deal", "13"], "--deal"),
    (["--deal", "12", "--deal", "12"], "--deal"),
    (["--cards", DEAL, "--cards", DEAL], "--cards"),
    (["--variant", "standard", "--variant", "aces-only"], "--variant"),
    (["--lang", "sv", "--lang", "de"], "--lang"),
    (["--fullscreen", "--fullscreen"], "--fullscreen"),
    (["--smoke", "--smoke"], "--smoke"),
    (["deal", "12", "--json", "--json"], "--json"),
    (["deal", "--daily", "2026-01-01", "--daily", "2026-01-02"], "--daily"),
    (["solve", "--deal", "12", "--deal", "13"], "--deal"),
    (["solve", "--dea", "12", "--deal", "13"], "--deal"),  # argparse's abbreviations are the same option
    (["solve", "--deal", "12", "--time-limit", "1", "--time-limit", "2"], "--time-limit"),
    (["analyse", "--deal", "12", "--deal", "13", "--moves", "deal"], "--deal"),
    (["analyse", "--deal", "12", "--moves", "deal", "--moves", "deal, deal"], "--moves"),
    (["analyse", "--deal", "12", "--variant", "standard", "--variant", "standard", "--moves", "deal"], "--variant"),
    (["simulate", "--policy", "greedy", "--policy", "random", "--games", "3"], "--policy"),
    (["simulate", "--policy", "greedy", "--games", "3", "--games", "4"], "--games"),
    (["simulate", "--policy", "greedy", "--games", "3", "--seed", "1", "--seed", "2"], "--seed"),
    (["simulate", "--policy", "greedy", "--games", "3", "--jobs", "1", "--jobs", "1"], "--jobs"),
    (["poker", "score", "--grid", "AS", "--grid", "KS"], "--grid"),
    (["poker", "score", "--grid", "AS", "--table", "classic", "--table", "simple"], "--table"),
    (["poker", "score", "--grid", "AS", "--diagonals", "--diagonals"], "--diagonals"),
    (["poker", "simulate", "--policy", "random", "--games", "1", "--joker", "--joker"], "--joker"),
    (["poker", "simulate", "--policy", "random", "--games", "1", "--move-seconds", "1", "--move-seconds", "2"],
     "--move-seconds"),
])
def test_a_repeated_option_is_refused(capsys, argv, option):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"{option} is given twice" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["--deal", "3", "solve", "--deal", "4"],
                                  ["--variant", "aces-only", "solve", "--deal", "4"],
                                  ["--lang", "sv", "deal", "4"]])
def test_a_window_option_before_a_command_is_refused(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"{argv[0]} before '{argv[2]}' is an option of the window" in err


# -- --json --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["analyse", "--deal", "12", "--moves", "", "--json"], "no moves given"),
    (["analyse", "--deal", "12", "--moves", "deal, move 5 1", "--json"], "move 2 of 2: 'move 5 1': there is no pile 5"),
    (["analyse", "--json", "--deal", "12", "--deal", "13", "--moves", "deal"], "--deal is given twice"),
    (["analyse", "--json", "--deal", "12"], "required: --moves"),  # argparse's own error
    (["deal", "0", "--json"], "deal number"),
    (["deal", "--json"], "give a deal number"),
    (["solve", "--cards", "AS KS", "--json"], "52 cards"),
    (["solve", "--deal", "3", "--time-limit", "x", "--json"], "positive number"),
    (["simulate", "--policy", "clever", "--games", "3", "--json"], "invalid choice"),
    (["poker", "score", "--grid", "AS KS", "--json"], "25 cards"),
    (["poker", "simulate", "--policy", "random", "--games", "0", "--json"], "at least 1"),
    (["frobnicate", "--json"], "invalid choice"),
    (["deal", "4", "--js"], None),  # not an error: argparse's abbreviation of --json
])
def test_with_json_an_error_is_a_json_object_on_stderr(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    if words is None:
        assert status == 0 and json.loads(out)["deal"] == 4 and err == ""
        return
    assert status == 2 and out == "" and err.count("\n") == 1
    report = json.loads(err)
    assert list(report) == ["error"] and words in report["error"]


def test_without_json_the_same_error_is_plain_text(capsys):
    status, _, err = run(capsys, "analyse", "--deal", "12", "--moves", "deal, move 5 1")
    assert status == 2 and err.startswith("idioten: --moves: move 2 of 2") and not err.startswith("{")
    status, _, err = run(capsys, "analyse", "--deal", "12", "--moves", "deal, move 5 1", "--json")
    assert json.loads(err)["error"] == "idioten: --moves: move 2 of 2: 'move 5 1': there is no pile 5 (piles 1-4)"


def test_an_analysis_out_of_time_exits_1_with_json_when_asked(capsys, monkeypatch):
    def undecided(*args, **kwargs):  # the time limit, reached whatever the machine's speed
        raise analysis.Undecided("stopped")

    monkeypatch.setattr(analysis, "analyse", undecided)
    status, out, err = run(capsys, "analyse", "--deal", "12", "--moves", "deal", "--time-limit", "7", "--json")
    assert status == 1 and out == "" and json.loads(err) == {"error": "idioten: no answer within 7 s"}
    status, out, err = run(capsys, "analyse", "--deal", "12", "--moves", "deal", "--time-limit", "7")
    assert status == 1 and out == "" and err == "idioten: no answer within 7 s\n"
