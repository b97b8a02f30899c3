import json
import subprocess
import sys

import pytest

from idioten.cli import main

RULES_EXAMPLE = ("2H 5H 7H JH QH  2S 5S 7S TS AS  3D 6D 8D 4D QD  "
                 "9C 9D 9S 4C 6C  KC KD KS 3C 8C")


def run_json(argv, capsys):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_score_json_follows_the_contract(capsys):
    data = run_json(["poker", "score", "--grid", RULES_EXAMPLE, "--json"], capsys)
    assert data["total"] == 26
    assert [h["line"] for h in data["hands"]] == [f"row {i}" for i in range(1, 6)] + \
        [f"column {i}" for i in range(1, 6)]
    assert data["hands"][3] == {"line": "row 4", "hand": "three of a kind", "points": 3}
    assert sum(h["points"] for h in data["hands"]) == 26


@pytest.mark.parametrize("options, total", [(["--table", "american"], 90), (["--table", "british"], 32),
                                            (["--table", "simple"], 26), (["--diagonals"], 27)])
def test_score_options(options, total, capsys):
    assert run_json(["poker", "score", "--grid", RULES_EXAMPLE, "--json"] + options, capsys)["total"] == total


def test_score_accepts_commas_lower_case_and_10(capsys):
    grid = RULES_EXAMPLE.replace("TS", "10s").lower().replace("  ", ", ")
    assert run_json(["poker", "score", "--grid", grid, "--json"], capsys)["total"] == 26


def test_score_text_form(capsys):
    assert main(["poker", "score", "--grid", RULES_EXAMPLE]) == 0
    out = capsys.readouterr().out
    assert "row 1" in out and "flush (5)" in out and out.strip().endswith("total: 26")


def test_simulate_json_follows_the_contract(capsys):
    data = run_json(["poker", "simulate", "--policy", "greedy", "--games", "5", "--seed", "3", "--json"], capsys)
    assert set(data) == {"games", "mean_score", "stdev", "seconds"} and data["games"] == 5
    again = run_json(["poker", "simulate", "--policy", "greedy", "--games", "5", "--seed", "3", "--json"], capsys)
    assert again["mean_score"] == data["mean_score"]  # the same deals and choices


def test_simulate_hint_with_a_table_and_diagonals(capsys):
    data = run_json(["poker", "simulate", "--policy", "hint", "--games", "1", "--table", "american",
                     "--diagonals", "--move-seconds", "0.001", "--json"], capsys)
    assert data["games"] == 1 and data["mean_score"] > 0 and data["stdev"] == 0


@pytest.mark.parametrize("argv", [
    ["poker"], ["poker", "score"], ["poker", "score", "--grid", "AS KS"],
    ["poker", "score", "--grid", RULES_EXAMPLE.replace("QD", "QH")],
    ["poker", "score", "--grid", RULES_EXAMPLE.replace("QD", "1Z")],
    ["poker", "score", "--grid", RULES_EXAMPLE, "--table", "german"],
    ["poker", "simulate", "--policy", "clever", "--games", "3"],
    ["poker", "simulate", "--policy", "random", "--games", "0"],
    ["poker", "simulate", "--policy", "random", "--games", "3", "--seed", "x"],
    ["poker", "simulate", "--policy", "hint", "--games", "1", "--move-seconds", "-1"],
])
def test_bad_input_gets_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err and not captured.out


def test_poker_help_names_both_commands():
    run = subprocess.run([sys.executable, "-m", "idioten", "poker", "--help"], capture_output=True, text=True)
    assert run.returncode == 0 and "score" in run.stdout and "simulate" in run.stdout


def test_the_command_line_offers_exactly_the_tables_and_policies_there_are():
    from idioten.poker import options, player, scoring

    assert options.TABLES == tuple(scoring.TABLES) and options.DEFAULT_TABLE in scoring.TABLES
    assert options.POLICIES == player.POLICIES


def test_building_the_parser_does_not_import_the_poker_tables():
    import subprocess
    import sys

    code = ("import sys; import idioten.cli.parser as c; c.build_parser(); "
            "print(sorted(m for m in sys.modules if m.startswith('idioten.poker')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "hands" not in out and "values" not in out and "scoring" not in out, out
