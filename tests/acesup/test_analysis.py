import json
import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_brute import best_score as brute_best_score
from test_solver import small_positions
from tiers import examples

from idioten.acesup import analysis
from idioten.acesup.analysis import Fact, Undecided, analyse, parse_moves, positions_along
from idioten.acesup.players import greedy
from idioten.acesup.rules import DEAL, WIN_SCORE, Action, Game
from idioten.cards import deal_cards
from idioten.cli import main
from idioten.play.acesup.lesson import deed


def random_line(game: Game, rng: random.Random, length: int) -> list[Action]:
    moves = []
    while len(moves) < length:
        actions = list(game.legal_actions())
        if not actions:
            break
        action = rng.choice(actions)
        game.apply(action)
        moves.append(action)
    return moves


def greedy_line(number: int, variant: str = "standard") -> tuple[Game, list[Action]]:
    game, moves, rng = Game.new(deal_cards(number), variant, number), [], random.Random(number)
    while (action := greedy(game, rng)) is not None:
        game.apply(action)
        moves.append(action)
    return game, moves


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(), st.integers(0, 2**32), st.integers(0, 14))
def test_the_move_found_is_where_the_best_score_first_fell_out_of_reach(start, seed, length):
    game = start.copy()
    moves = random_line(game, random.Random(seed), length)
    found = analyse(game, moves)
    bests = [brute_best_score(p) for p in positions_along(game, moves)]
    # The module's lemma: the best possible score never rises along a line.
    assert all(later <= earlier for earlier, later in zip(bests, bests[1:]))
    assert found.best_score == bests[0]
    if found.best_until is None:
        assert bests[-1] == bests[0] and found.move is None
    else:
        k = found.best_until
        assert bests[k] == bests[0] > bests[k + 1] and found.move == moves[k]
    if bests[0] == WIN_SCORE:
        assert found.winnable_until == found.best_until
        if found.line is not None:
            before = positions_along(game, moves)[found.best_until]
            before.replay(found.line)
            assert before.is_won()
    else:
        assert found.winnable_until is None and found.line is None


def test_a_greedy_loss_of_a_winnable_deal_names_the_move_and_a_line_that_still_wins():
    game, moves = greedy_line(5)
    found = analyse(game, moves)
    assert found.winnable_until == 41 and found.move == moves[41] and found.best_score == WIN_SCORE
    before = positions_along(game, moves)[41]
    before.replay(found.line)
    assert before.is_won()
    after = positions_along(game, moves)[42]
    assert analysis.default_solve(after, None).result == analysis.UNWINNABLE


def test_a_deal_never_winnable_gives_the_best_score_and_where_it_was_lost():
    game, moves = greedy_line(19)
    found = analyse(game, moves)
    assert found.winnable_until is None and found.line is None
    assert found.best_score == 47 > game.score and found.best_until == 7


def test_known_facts_along_the_line_save_searches():
    game, moves = greedy_line(5)
    start = positions_along(game, moves)[0]
    line = tuple(moves[:41]) + tuple(analyse(game, moves).line)
    plain = analyse(game, moves)
    helped = analyse(game, moves, known={start.to_text(): Fact(analysis.WINNABLE, line, WIN_SCORE)})
    assert (helped.winnable_until, helped.move) == (plain.winnable_until, plain.move)
    assert helped.searches < plain.searches


def test_positions_known_lost_answer_whether_a_win_remains_without_a_search():
    game, moves = greedy_line(5)
    positions = positions_along(game, moves)
    plain = analyse(game, moves)
    lost = {p.to_text(): Fact(analysis.UNWINNABLE) for p in positions[plain.winnable_until + 1:]}
    helped = analyse(game, moves, known=lost)
    assert (helped.winnable_until, helped.line) == (plain.winnable_until, plain.line)
    assert helped.searches < plain.searches


def test_a_deal_never_winnable_is_probed_by_reaching_its_best_score_not_by_proving_each_best():
    game, moves = greedy_line(19)
    solved, asked = [], []

    def solve(position, cancel):
        solved.append(position.to_text())
        return analysis.default_solve(position, cancel)

    def reach(position, score, cancel):
        asked.append(score)
        return analysis.default_reach(position, score, cancel)
    found = analyse(game, moves, solve=solve, reach=reach)
    assert (found.best_score, found.best_until) == (47, 7)
    assert solved == [positions_along(game, moves)[0].to_text()]  # the start's exact best, the target
    assert asked and set(asked) == {47}
    assert found == analyse(game, moves, solve=solve)  # another solve alone: its best scores give the same


def test_an_illegal_move_is_named():
    game = Game.new(deal_cards(5))
    with pytest.raises(ValueError, match="move 13 of 13: 'deal' is not allowed there: the stock is empty"):
        positions_along(game, [Action(DEAL)] * 13)
    with pytest.raises(ValueError, match="move 2 of 2: 'discard 7': there is no pile 7"):
        parse_moves("deal, discard 7")
    assert parse_moves(" ") == [] and parse_moves("deal, move 1 2") == [Action(DEAL), Action("move", 0, 1)]


def test_a_cancelled_analysis_says_so():
    game, moves = greedy_line(5)
    stop = threading.Event()
    stop.set()
    with pytest.raises(Undecided):
        analyse(game, moves, cancel=stop)


def test_stop_flag_counts_its_own_seconds_and_follows_the_outer_flag():
    outer = threading.Event()
    flag = analysis.StopFlag(outer, seconds=0.0)
    assert not flag.is_set()  # the first look starts the clock
    while not flag.is_set():
        pass
    other = analysis.StopFlag(outer)
    assert not other.is_set()
    outer.set()
    assert other.is_set()


def test_the_hint_comparison_is_reproducible_and_silent_when_it_agrees():
    game, moves = greedy_line(5)
    before = positions_along(game, moves)[41]
    choice = analysis.hint_instead(before, moves[41])
    assert choice is not None and choice != moves[41] and before.can(choice)
    assert analysis.hint_instead(before, moves[41]) == choice
    assert analysis.hint_instead(before, choice) is None


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_analyse_json_is_the_contract(capsys):
    game, moves = greedy_line(5)
    status, out, err = run(capsys, "analyse", "--deal", "5", "--moves", ", ".join(map(str, moves)), "--json")
    assert status == 0 and err == ""
    report = json.loads(out)
    assert set(report) == {"winnable_until", "move", "line", "best_score", "best_until"}
    assert report["winnable_until"] == report["best_until"] == 41 and report["move"] == str(moves[41])
    assert report["best_score"] == WIN_SCORE and all(isinstance(step, str) for step in report["line"])


def test_analyse_text_for_a_deal_never_winnable(capsys):
    _, moves = greedy_line(19)
    status, out, _ = run(capsys, "analyse", "--deal", "19", "--moves", ", ".join(map(str, moves)))
    assert status == 0 and "47" in out and "stock" in out
    found = analysis.analyse(Game.new(deal_cards(19)), moves)
    before = analysis.positions_along(Game.new(deal_cards(19)), moves)[found.best_until]
    # The window's words for the move (play.lesson.deed), then the move as --moves writes it.
    assert f"Move {found.best_until + 1}, {deed(before, found.move)} ({found.move}):" in out


@pytest.mark.parametrize("argv", [
    ["analyse", "--deal", "5", "--moves", "discard 0"],
    ["analyse", "--deal", "5", "--moves", ", ".join(["deal"] * 13)],
    ["analyse", "--deal", "5"],
    ["analyse", "--cards", "AS KS", "--moves", "deal"],
])
def test_analyse_bad_input_is_one_line_and_exit_2(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1


def test_the_command_line_names_what_the_player_did_not_what_to_do():
    from idioten.cli.acesup_run import analysis_text

    lost = analysis.Analysis(41, Action.parse("move 1 3"), (Action.parse("deal"),), WIN_SCORE, 41)
    text = analysis_text(lost, "you moved A\u2666 into pile 3 (move 1 3)")
    assert text.startswith("Move 42, you moved A\u2666 into pile 3 (move 1 3): after that no line wins.")
    assert "A winning line from just before it: deal" in text and "could still" not in text
    never = analysis.Analysis(None, Action.parse("deal"), None, 45, 6)
    assert analysis_text(never, "you dealt four more cards (deal)").startswith(
        "The deal could not be won. Move 7, you dealt four more cards (deal): after that no line reaches the best "
        "possible score, 45.")
