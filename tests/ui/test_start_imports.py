"""The first frame waits only for what it shows (issue 26, item 8): started as a player starts it, in a real
process (tests/ui/start_imports_child.py), the game has not loaded the solver, the hint players, the analysis of
a lost game, a process pool or, unless Poker patience is the game on screen, the poker rules when its first
frame is drawn. They load afterwards, as they are needed. Nothing here is timed: bench/ui_startup.py measures
the start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tiers import fast_first

CHILD = Path(__file__).resolve().parent / "start_imports_child.py"
FELT_CHILD = Path(__file__).resolve().parent / "felt_first_child.py"
HANG = 120  # seconds: reached only if the child hangs

# Loaded by searches, hints, "where did I go wrong" and the command line's commands, never by the first frame.
SEARCH_MODULES = ("idioten.acesup.solver", "idioten.acesup.hint", "idioten.acesup.analysis",
                  "idioten.play.acesup.lesson", "idioten.play.acesup.teacher", "idioten.cli.acesup_run",
                  "concurrent.futures.process", "multiprocessing", "statistics")
# Poker patience's rules (hand tables built on import) and its computer player.
# The ways to speak: prismatoid, speech-dispatcher's protocol and the choice between them (idioten/speech/).
SPEECH_MODULES = ("idioten.speech.backends", "idioten.speech.ssip", "prism", "_cffi_backend")
POKER_MODULES = ("idioten.poker.hands", "idioten.poker.scoring", "idioten.poker.game", "idioten.poker.player",
                 "idioten.poker.values", "idioten.play.poker.session", "idioten.play.poker.opponent")


def modules_at_first_frame(folder: Path, *args: str, child: Path = CHILD) -> dict[str, list[str]]:
    env = dict(os.environ, IDIOTEN_DATA_DIR=str(folder), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, str(child), *args], env=env, capture_output=True, text=True,
                         timeout=HANG)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert "error" not in report, report
    return report


def loaded(modules: list[str], families: tuple[str, ...]) -> list[str]:
    return [name for name in modules if any(name == f or name.startswith(f + ".") for f in families)]


# A start as it comes, and one with every option; a deal alone (within the second) in the slow tier.
@pytest.mark.parametrize("args", fast_first([[], ["--deal", "7", "--variant", "aces-only", "--lang", "de"],
                                             ["--deal", "7"]], 2))
def test_the_first_frame_of_idioten_loads_no_search_and_no_poker_rules(tmp_path, args):
    report = modules_at_first_frame(tmp_path, *args)
    first = report["first_frame"]
    assert "idioten.ui.acesup.table" in first and "pygame" in first  # the report comes from the drawn table
    assert loaded(first, SEARCH_MODULES) == []
    assert loaded(first, POKER_MODULES) == []
    assert loaded(first, AFTER_THE_FIRST_FRAME) == []  # the log and the handover start once it is drawn
    assert loaded(first, SPEECH_MODULES) == []
    # "Speak" is "with a screen reader" by default: whether one runs is asked once the first frame is shown.
    assert "idioten.speech.backends" in report["after"]
    # Poker's saved game is read once the first frame is on screen: the report sees the difference.
    assert "idioten.play.poker.session" in report["after"]


def test_a_start_in_poker_patience_loads_no_aces_up_search(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"format": "idioten-settings", "version": 1,
                                                        "last_game": "poker"}), encoding="utf-8")
    first = modules_at_first_frame(tmp_path)["first_frame"]
    assert "idioten.ui.poker.scene" in first  # opened straight in the game chosen last
    assert "idioten.ui.acesup.table" not in first  # without making Idioten's table first
    assert loaded(first, SEARCH_MODULES) == []


def test_with_speech_turned_off_no_way_to_speak_is_ever_loaded(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"format": "idioten-settings", "version": 1,
                                                        "speak": "off"}), encoding="utf-8")
    report = modules_at_first_frame(tmp_path)
    assert loaded(report["first_frame"], SPEECH_MODULES) == []
    assert loaded(report["after"], SPEECH_MODULES) == []


# Made once the felt is on screen (ui/opening.py): the table's modules, the games' kinds (ui/<game>/), the store
# and its games, the words spoken and who speaks them; and once the first frame is, the channel a second start
# asks through and the log (cli/desktop.py). The registry (ui/games.py) is not among them: the command line's
# parser reads the games' launch options from it, as plain data.
AFTER_THE_FELT = ("idioten.ui.app", "idioten.ui.launch", "idioten.ui.acesup", "idioten.ui.poker",
                  "idioten.ui.kit.game", "idioten.ui.kit.scene",
                  "idioten.storage.store", "idioten.play.session", "idioten.play.acesup.session",
                  "idioten.acesup.rules", "socket", "logging", "idioten.desktop.channel", "idioten.speech.speaker",
                  "idioten.speech.words")
AFTER_THE_FIRST_FRAME = ("socket", "logging", "idioten.desktop.channel")


# As above: a start as it comes and one with every option; a deal alone in the slow tier.
@pytest.mark.parametrize("args", fast_first([[], ["--deal", "7", "--variant", "aces-only", "--lang", "de"],
                                             ["--deal", "7"]], 2))
def test_the_window_shows_its_felt_before_the_table_and_the_store_load(tmp_path, args):
    report = modules_at_first_frame(tmp_path, *args, child=FELT_CHILD)
    at_felt = report["at_felt"]
    assert "idioten.ui.opening" in at_felt and "idioten.desktop.lock" in at_felt  # after the folder's lock
    assert loaded(at_felt, AFTER_THE_FELT) == []
    assert report["texts_read"] == []  # the title's language file is read after the felt


def test_a_start_with_no_arguments_shows_the_felt_without_loading_the_parser(tmp_path):
    at_felt = modules_at_first_frame(tmp_path, child=FELT_CHILD)["at_felt"]
    assert loaded(at_felt, ("argparse", "idioten.cli.parser", "idioten.cli.args")) == []


# What the command line's parser may load for any command: the games' launches are plain data, so no game's window,
# session or rules, nor pygame (a command runs without it), nor the saved files' modules, loads with them.
PARSER_CHILD = """
import json, sys
from idioten.cli.parser import build_parser, launch_options
build_parser().parse_args(sys.argv[1:])
print(json.dumps(sorted(sys.modules)))
"""


@pytest.mark.parametrize("args", [["deal", "7"], ["--variant", "aces-only", "--deal", "7"]])
def test_the_parser_reads_every_games_launch_options_without_loading_a_game(args):
    run = subprocess.run([sys.executable, "-c", PARSER_CHILD, *args], capture_output=True, text=True, timeout=HANG)
    assert run.returncode == 0, run.stderr
    modules = json.loads(run.stdout)
    assert {"idioten.ui.games", "idioten.play.acesup.launch", "idioten.play.poker.launch"} <= set(modules)
    assert loaded(modules, ("pygame", "idioten.ui.kit", "idioten.ui.acesup", "idioten.ui.poker", "idioten.play.session",
                            "idioten.play.acesup.session", "idioten.play.poker.session", "idioten.storage.store",
                            "idioten.acesup.rules", "idioten.storage", *POKER_MODULES, *SEARCH_MODULES)) == []
