import json
import subprocess
import sys

import pytest

from idioten.cards import deal_cards, format_cards
from idioten.cli import main


def test_deal_prints_the_52_cards_in_deal_order(capsys):
    assert main(["deal", "7"]) == 0
    assert capsys.readouterr().out.strip() == format_cards(deal_cards(7))


def test_deal_json(capsys):
    assert main(["deal", "42", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"deal": 42, "cards": [str(c) for c in deal_cards(42)]}


@pytest.mark.parametrize("argv", [["deal"], ["deal", "0"], ["deal", "abc"], ["deal", "2147483648"],
                                  ["--deal", "-3"], ["--variant", "easy"], ["--lang", "pl"], ["frobnicate"],
                                  ["--deal", "3", "--cards", "AS"], ["--cards", "AS KS"]])
def test_bad_command_lines_get_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and err.startswith("idioten")


def test_the_installed_entry_point_reports_bad_input_without_a_traceback():
    run = subprocess.run([sys.executable, "-m", "idioten", "deal", "x"], capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stderr.strip()


def test_the_command_line_offers_exactly_the_rules_players_and_policies_there_are():
    from idioten.acesup import hint, options, players, solver

    assert options.READINGS == solver.READINGS and options.STANDARD_RULES in solver.READINGS
    assert options.HINT_PLAYERS == hint.PLAYERS and options.DEFAULT_HINT_PLAYER == hint.DEFAULT_PLAYER
    assert options.POLICIES == tuple(sorted(players.POLICIES))


def test_no_arguments_open_the_window_as_the_parser_reads_them(monkeypatch):
    """`idioten` alone opens the window without the parser (cli/__init__.py): it asks for what the parser would
    make of no arguments, the settings' and the saved game's choice."""
    from idioten.cli import start
    from idioten.cli.parser import build_parser, launch_options
    from idioten.ui.opening import Launch

    asked = []
    monkeypatch.setattr(start, "play", lambda launch, smoke=False: asked.append((launch or Launch(), smoke)) or 0)
    assert main([]) == 0
    parsed = build_parser().parse_args([])
    assert parsed.command is None and asked == [(launch_options(parsed), parsed.smoke)]
    assert asked[0][0] == Launch()
