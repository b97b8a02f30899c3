"""The strict reading (solver/strict.py): its legality checker, its search on both cores against a brute force
that plays only the actions the checker allows, that strict lines are lines of the game, and the command line.

Nothing here depends on the machine's speed: the strict search of a whole deal takes a few hundred positions,
and the one test that stops it does so with a cancel flag set before it starts."""

import json
import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from solver_brute import best_score as brute_best_score
from test_solver import TRAP, small_positions
from test_solver_cores import CORES, mid_game
from test_solver_verdict import late_position
from tiers import examples, fast_first

from idioten.acesup import solver
from idioten.acesup.rules import ACES_ONLY, STANDARD, WIN_SCORE, Action, Game
from idioten.acesup.solver import STRICT_RULES, UNKNOWN, UNWINNABLE, WINNABLE, solve
from idioten.acesup.solver.strict import StrictViolation, strict_actions, strict_refusal, strict_replay
from idioten.cards import deal_cards, full_deck
from idioten.cli import main

# Standard wins these positions; the strict reading loses them, each because of one of its three constraints
# (checked with brute forces that leave out one constraint at a time while these were chosen):
# a lone ace must move into a gap before the deal so that the right dealt card lands on it;
LONE_MOVE = ("standard | - / AD / AC / AH | AS 6D KC KS | 8D 5S TC 3S QS 9S 5C 3C 6H 2D 6C 2S 7H 2C JS 4H 2H 7S "
             "5H 4S 3D 3H 9D 8S 4C TH 9C QC JH 8C QD JC TS KH 4D TD QH 7C JD 8H 5D 6S KD 7D 9H")
# a gap must be left open over a deal although a pile of two could fill it;
OPEN_GAP = ("standard | - / - / AD / 7S | 3H 6C AH AC JH QD 6H AS | 5S 7H 9H TD QH KH 8H 7D 8S QS QC 4C 2H 4D 3D "
            "JD 9D 3S 5D KC 4S TC KS TH 6S 7C 3C TS 2S 6D 8D 2C 9S KD 5C 5H 8C 4H JC JS 2D 9C")
# and TRAP (test_solver.py, aces-only) must keep a card that could go over a deal.


def strict_outcome(game, core):
    result = solve(game, core=core, rules=STRICT_RULES)
    assert (result.core, result.rules) == (core, STRICT_RULES)
    if result.result == WINNABLE:
        assert strict_replay(game, result.moves).is_won(), (core, game.to_text())
        game.copy().replay(result.moves)  # a strict line is a line of the game, under the rules layer
    else:
        assert result.moves is None
    assert result.best_score_exact == (result.result != UNKNOWN)
    return result.result, result.best_score


def position(text: str) -> Game:
    """A position from its piles and stock; every other card is discarded."""
    variant, piles_text, stock_text = [part.strip() for part in text.split("|")]
    named = set((piles_text + " " + stock_text).replace("/", " ").replace("-", " ").split())
    rest = " ".join(str(c) for c in full_deck() if str(c) not in named)
    return Game.from_text(f"{variant} | {piles_text} | {stock_text or '-'} | {rest}")


# -- the checker -------------------------------------------------------------------------------------------

def test_a_lone_card_may_not_move_but_a_card_from_a_pile_of_two_may():
    game = position("standard | 5H / - / 9C 3D / KS | 2C 3C 4C 6C")
    assert game.can(Action.move(0, 1)) and strict_refusal(game, Action.move(0, 1)) is not None
    assert strict_refusal(game, Action.move(2, 1)) is None
    assert Action.move(0, 1) not in set(strict_actions(game))


def test_no_deal_while_a_discard_or_a_fill_from_two_cards_is_possible():
    discard = position("standard | 5H / 9H / 2C / KS | 2D 3D 4D 6D")
    assert "discard" in strict_refusal(discard, Action.deal())
    fill = position("standard | 5H / - / 9C 3D / KS | 2C 3C 4C 6C")
    assert "gap" in strict_refusal(fill, Action.deal())
    lone_cards_only = position("standard | 5H / - / 3D / KS | 2C 3C 4C 6C")
    assert strict_refusal(lone_cards_only, Action.deal()) is None
    # aces-only: a gap that no ace can fill does not hold up the deal; an ace on a pile of two does
    assert strict_refusal(position("aces-only | 5H / - / 9C 3D / KS | 2C 3C 4C 6C"), Action.deal()) is None
    held = position("aces-only | 5H / - / 9C AD / KS | 2C 3C 4C 6C")
    assert "gap" in strict_refusal(held, Action.deal())


def test_the_checker_allows_only_legal_actions_and_names_the_first_it_refuses():
    game = position("standard | 5H / - / 9C 3D / KS | 2C 3C 4C 6C")
    assert set(strict_actions(game)) < set(game.legal_actions())
    assert not game.can(Action.discard(0)) and strict_refusal(game, Action.discard(0)) is not None
    with pytest.raises(StrictViolation) as refused:
        strict_replay(game, [Action.move(2, 1), Action.move(0, 1)])
    assert refused.value.step == 1
    before = game.to_text()
    assert strict_replay(game, [Action.move(2, 1)]).piles[1] == game.piles[2][-1:]
    assert game.to_text() == before


# -- the search against the brute force --------------------------------------------------------------------

@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_both_cores_agree_with_the_strict_brute_force_and_never_beat_the_free_reading(game):
    strict_best = brute_best_score(game, strict=True)
    verdict = WINNABLE if strict_best == WIN_SCORE else UNWINNABLE
    for core in CORES:
        assert strict_outcome(game, core) == (verdict, strict_best), (core, game.to_text())
    # every strict line is a line of the game, so the strict reading never reaches more
    assert strict_best <= brute_best_score(game)


@pytest.mark.parametrize("first", range(0, 120, 40))
def test_both_cores_agree_with_the_strict_brute_force_on_late_positions(first):
    verdicts = set()
    for seed in range(first, first + 40):
        game = late_position(seed)
        strict_best = brute_best_score(game, strict=True)
        expected = (WINNABLE if strict_best == WIN_SCORE else UNWINNABLE, strict_best)
        for core in CORES:
            assert strict_outcome(game, core) == expected, (core, game.to_text())
        verdicts.add(expected[0])
    assert verdicts == {WINNABLE, UNWINNABLE}


# Deals 18-23 take the brute force half the time 7-12 take, and 7-12 a fifth of the time 1-6 take; each has a
# win (23, 9, and 1).
@pytest.mark.parametrize("numbers", fast_first([range(18, 24), range(7, 13), range(1, 7)]))
def test_both_cores_agree_with_the_strict_brute_force_on_whole_deals(numbers):
    """Strict play is narrow enough for the brute force to play out whole deals (1-12 and 18-23, both
    variants)."""
    verdicts = set()
    for number in numbers:
        for variant in (STANDARD, ACES_ONLY):
            game = Game.new(deal_cards(number), variant, number)
            strict_best = brute_best_score(game, strict=True)
            expected = (WINNABLE if strict_best == WIN_SCORE else UNWINNABLE, strict_best)
            for core in CORES:
                assert strict_outcome(game, core) == expected, (core, number, variant)
            verdicts.add(expected[0])
    assert verdicts == {WINNABLE, UNWINNABLE}


@pytest.mark.parametrize("text", [LONE_MOVE, OPEN_GAP, TRAP])
def test_each_strict_constraint_can_lose_a_deal_the_game_wins(text):
    game = Game.from_text(text)
    assert brute_best_score(game) == WIN_SCORE
    strict_best = brute_best_score(game, strict=True)
    assert strict_best < WIN_SCORE
    for core in CORES:
        assert strict_outcome(game, core) == (UNWINNABLE, strict_best)


# Deals 1-30 (4 strict wins among them) and 12 mid-game positions in the fast tier; deals 31-150 (14 wins) and
# the other 48 positions in the slow tier.
@pytest.mark.parametrize("deals, seeds, fewest_won", fast_first([(range(1, 31), range(12), 3),
                                                                 (range(31, 151), range(12, 60), 10)]))
def test_both_cores_find_the_same_lines_on_numbered_deals_and_mid_game_positions(deals, seeds, fewest_won):
    games = [Game.new(deal_cards(n), variant, n) for n in deals for variant in (STANDARD, ACES_ONLY)]
    games += [mid_game(seed) for seed in seeds]
    won = 0
    for game in games:
        answers = [solve(game, core=core, rules=STRICT_RULES) for core in CORES]
        for answer in answers:
            assert answer.result in (WINNABLE, UNWINNABLE)
            if answer.result == WINNABLE:
                assert strict_replay(game, answer.moves).is_won(), game.to_text()
        # the compiled core is a transcription: the same children in the same order
        assert len({(a.result, a.best_score, a.states, tuple(a.moves or ())) for a in answers}) == 1, game.to_text()
        won += answers[0].result == WINNABLE
    assert won >= fewest_won


def test_what_the_strict_reading_wins_the_game_wins_too():
    """Deals 1-150 (standard): the free reading's solver finds a win in every deal the strict one wins. Its
    first look searches the lines that discard every card at once, strict lines among them, so these are
    easy for it; the limit is only a hang guard."""
    for number in range(1, 151):
        game = Game.new(deal_cards(number), STANDARD, number)
        strict = solve(game, rules=STRICT_RULES)
        if strict.result == WINNABLE:
            assert solve(game, time_limit=120).result == WINNABLE, number


def test_a_cancelled_strict_search_is_unknown_on_both_cores():
    stop = threading.Event()
    stop.set()
    game = Game.new(deal_cards(1), STANDARD, 1)
    assert solve(game, rules=STRICT_RULES).states > 256  # past both cores' first look at the flag
    for core in CORES:
        result = solve(game, None, stop, core=core, rules=STRICT_RULES)
        assert (result.result, result.moves, result.best_score_exact) == (UNKNOWN, None, False)
        assert result.decided_cpu_seconds is None


def test_solve_refuses_an_unknown_reading_and_prunings_with_the_strict_one():
    game = Game.new(deal_cards(1))
    with pytest.raises(ValueError):
        solve(game, rules="lax")
    with pytest.raises(ValueError):
        solve(game, rules=STRICT_RULES, prunings=solver.PRUNE_LOCK)


# -- the command line --------------------------------------------------------------------------------------

def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_rules_strict_json_names_the_reading_and_its_line_replays_strictly(capsys):
    status, out, err = run(capsys, "solve", "--deal", "17", "--rules", "strict", "--json")
    report = json.loads(out)
    assert status == 0 and err == ""
    assert set(report) == {"result", "moves", "best_score", "best_score_exact", "states", "seconds", "rules"}
    assert report["rules"] == "strict" and report["result"] == "unwinnable"  # standard wins deal 17
    assert report["best_score_exact"] is True and report["best_score"] < WIN_SCORE
    won = next(n for n in range(1, 100) if solve(Game.new(deal_cards(n)), rules=STRICT_RULES).result == WINNABLE)
    report = json.loads(run(capsys, "solve", "--deal", str(won), "--rules", "strict", "--json")[1])
    moves = [Action.parse(text) for text in report["moves"]]
    assert strict_replay(Game.new(deal_cards(won)), moves).is_won()
    standard = json.loads(run(capsys, "solve", "--deal", str(won), "--json")[1])
    assert "rules" not in standard


def test_solve_rules_strict_text_and_aces_only(capsys):
    status, out, _ = run(capsys, "solve", "--deal", "17", "--rules", "strict", "--variant", "aces-only")
    assert status == 0 and "(aces-only, strict rules) cannot be won" in out


@pytest.mark.parametrize("value", ["lax", "", "Strict"])
def test_a_bad_reading_is_one_line_on_stderr_and_exit_2(capsys, value):
    status, out, err = run(capsys, "solve", "--deal", "3", "--rules", value)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "--rules" in err and "Traceback" not in err


def test_random_strict_play_never_reaches_a_position_the_search_misjudges():
    """Random strict lines into deals 200-239: from wherever they stop, both cores agree with each other, and
    a position the search calls winnable is won by its line under the checker."""
    for number in range(200, 240):
        rng = random.Random(number)
        game = Game.new(deal_cards(number), (STANDARD, ACES_ONLY)[number % 2], number)
        for _ in range(rng.randrange(5, 40)):
            actions = list(strict_actions(game))
            if not actions:
                break
            game.apply(rng.choice(actions))
        answers = {core: strict_outcome(game, core) for core in CORES}
        assert len(set(answers.values())) == 1, (number, game.to_text(), answers)
