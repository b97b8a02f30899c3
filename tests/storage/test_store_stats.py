"""Statistics: each game counted once, derived figures, streaks, keyed sections, bad files."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from idioten.acesup.rules import ACES_ONLY, STANDARD, VARIANTS, Game
from idioten.cards import deal_cards
from idioten.play.acesup.session import AcesUpSession
from idioten.play.session import Opening, write_now
from idioten.storage.game import GAME_FILE, SavedGame, game_to_json
from idioten.storage.stats import REMEMBERED_IDS, Statistics, VariantStats
from idioten.storage.stats_file import MAX_COUNT, STATS_FILE, BadStats, load_stats, stats_from_json, stats_to_json
from idioten.storage.store import Store


def test_a_game_is_counted_once_and_the_first_count_stands():
    stats = Statistics()
    assert stats.record_result("g1", STANDARD, 30, False, False) is True
    assert stats.record_result("g1", STANDARD, 48, True, True) is False  # undo after the end, then won
    s = stats.variants[STANDARD]
    assert (s.played, s.won, s.best_score, s.total_points) == (1, 0, 30, 30)


def test_figures_follow_from_the_games():
    stats = Statistics()
    results = [(48, False), (10, False), (48, True), (48, False), (48, False), (0, False), (48, False)]
    for number, (score, undo_used) in enumerate(results):
        stats.record_result(f"g{number}", STANDARD, score, score == 48, undo_used)
    s = stats.variants[STANDARD]
    assert (s.played, s.won, s.won_without_undo) == (7, 5, 4)
    assert s.win_rate == pytest.approx(5 / 7)
    assert (s.best_score, s.total_points, s.average_score) == (48, 250, pytest.approx(250 / 7))
    assert (s.current_streak, s.best_streak) == (1, 3)
    assert s.histogram[48] == 5 and s.histogram[10] == 1 and s.histogram[0] == 1 and sum(s.histogram) == 7
    assert stats.variants[ACES_ONLY].played == 0, "variants are counted apart"


def test_empty_statistics_have_no_best_or_average():
    s = Statistics().variants[STANDARD]
    assert (s.played, s.win_rate, s.best_score, s.average_score) == (0, 0.0, None, None)


@pytest.mark.parametrize("args", [("g", "easy", 3, False, False), ("g", STANDARD, 49, True, False),
                                  ("g", STANDARD, 48, False, False), ("g", STANDARD, 20, True, False),
                                  ("", STANDARD, 3, False, False)])
def test_impossible_results_are_refused(args):
    stats = Statistics()
    with pytest.raises(ValueError):
        stats.record_result(*args)
    assert stats_to_json(stats) == stats_to_json(Statistics())


def test_keyed_sections_hold_other_games():
    stats = Statistics()
    for number, score in enumerate([12, 30, 12, 7]):
        stats.record_keyed("poker", "classic", f"p{number}", score)
    assert not stats.record_keyed("poker", "classic", "p0", 99)
    k = stats.keyed["poker"]["classic"]
    assert (k.games, k.total, k.best, k.mean, k.histogram) == (4, 61, 30, 61 / 4, {12: 2, 30: 1, 7: 1})


def test_reset_clears_numbers_but_still_refuses_a_counted_game():
    stats = Statistics()
    stats.record_result("g1", STANDARD, 48, True, False)
    stats.record_keyed("poker", "classic", "p1", 10)
    stats.reset("idioten")
    assert stats.variants[STANDARD].played == 0 and stats.keyed["poker"]["classic"].games == 1
    assert not stats.record_result("g1", STANDARD, 48, True, False)
    stats.reset()
    assert stats.keyed == {}


def test_the_memory_of_counted_games_is_bounded():
    stats = Statistics()
    for number in range(REMEMBERED_IDS + 5):
        stats.record_result(f"g{number}", STANDARD, 1, False, False)
    assert len(stats.counted) == REMEMBERED_IDS and stats.is_counted(f"g{REMEMBERED_IDS + 4}")


@given(st.lists(st.tuples(st.sampled_from(VARIANTS), st.integers(0, 48), st.booleans()), max_size=40),
       st.lists(st.tuples(st.sampled_from(["classic", "american+diagonals"]), st.integers(0, 500)), max_size=10))
def test_statistics_survive_their_json_form(results, poker):
    stats = Statistics()
    for number, (variant, score, undo_used) in enumerate(results):
        stats.record_result(f"g{number}", variant, score, score == 48, undo_used)
    for number, (key, score) in enumerate(poker):
        stats.record_keyed("poker", key, f"p{number}", score)
    data = json.loads(json.dumps(stats_to_json(stats)))
    assert stats_from_json(data) == stats


def broken(change):
    stats = Statistics()
    stats.record_result("g1", STANDARD, 48, True, False)
    stats.record_keyed("poker", "classic", "p1", 10)
    data = stats_to_json(stats)
    change(data)
    return data


BAD_STATS = {
    "short histogram": lambda d: d["idioten"][STANDARD]["histogram"].pop(),
    "negative count": lambda d: d["idioten"][STANDARD]["histogram"].__setitem__(3, -1),
    "streak above wins": lambda d: d["idioten"][STANDARD].update(current_streak=2, best_streak=2),
    "current above best": lambda d: d["idioten"][STANDARD].update(current_streak=1, best_streak=0),
    "wins without undo above wins": lambda d: d["idioten"][STANDARD].update(won_without_undo=2),
    "unknown variant": lambda d: d["idioten"].update(easy=d["idioten"][STANDARD]),
    "no idioten section": lambda d: d.pop("idioten"),
    "keyed total off": lambda d: d["keyed"]["poker"]["classic"].update(total=11),
    "keyed best off": lambda d: d["keyed"]["poker"]["classic"].update(best=9),
    "keyed histogram key": lambda d: d["keyed"]["poker"]["classic"].update(histogram={"ten": 1}),
    "counted not a list": lambda d: d.update(counted="g1"),
    "count past any player's": lambda d: d["idioten"][STANDARD]["histogram"].__setitem__(3, 10**400),
    "streak past any player's": lambda d: d["idioten"][STANDARD].update(best_streak=10**10),
    "keyed games past any player's": lambda d: d["keyed"]["poker"]["classic"].update(
        games=10**400, histogram={"10": 10**400}, total=10**401),
    "keyed score past any grid's": lambda d: d["keyed"]["poker"]["classic"].update(
        total=10**12, best=10**12, histogram={str(10**12): 1}),
    "keyed score in other digits": lambda d: d["keyed"]["poker"]["classic"].update(histogram={"１０": 1}),
}


@pytest.mark.parametrize("case", sorted(BAD_STATS))
def test_numbers_that_do_not_add_up_are_refused(case):
    with pytest.raises(BadStats):
        stats_from_json(broken(BAD_STATS[case]))
    stats_from_json(broken(lambda d: None))  # the same file unbroken loads


def test_bad_statistics_go_aside_and_what_checks_out_stays(tmp_path):
    data = broken(BAD_STATS["streak above wins"])
    (tmp_path / STATS_FILE).write_text(json.dumps(data))
    stats, [notice] = load_stats(tmp_path)
    assert notice.key == "store.stats_repaired"
    assert json.loads((tmp_path / notice.params["aside"]).read_text()) == data
    assert stats.variants[STANDARD].won == 1 and stats.variants[STANDARD].best_streak == 0
    assert stats.keyed == stats_from_json(broken(lambda d: None)).keyed


def test_a_count_of_ten_to_the_400_is_set_aside_and_the_statistics_open(tmp_path):
    """JSON reads 10**400 as a whole number, but no rate can be worked out from it (a float overflows):
    the file goes aside, named in the start-up notice, the variant starts afresh and the statistics work."""
    data = broken(lambda d: d["idioten"][STANDARD]["histogram"].__setitem__(48, 10**400))
    (tmp_path / STATS_FILE).write_text(json.dumps(data))
    store = Store.open(tmp_path)
    [notice] = store.notices
    assert notice.key == "store.stats_repaired"
    assert str(10**400) in (tmp_path / notice.params["aside"]).read_text()
    assert store.stats.variants == Statistics().variants and store.stats.keyed["poker"]["classic"].games == 1
    assert store.record_result("g", STANDARD, 48, True, False) and store.stats.variants[STANDARD].win_rate == 1


def test_the_largest_counts_a_player_could_reach_still_load():
    data = broken(lambda d: d["idioten"][STANDARD]["histogram"].__setitem__(3, MAX_COUNT))
    assert stats_from_json(data).variants[STANDARD].played == MAX_COUNT + 1


# -- through a session and the store, as the window uses them -----------------------------------------------

def finished_game(number=1) -> SavedGame:
    game = Game.new(deal_cards(number), STANDARD, number)
    while not game.is_over():
        game.apply(next(game.useful_actions()))
    return SavedGame(game, f"finished-{number}", False)


def opened(folder) -> AcesUpSession:
    session, notices = AcesUpSession.open(Opening(Store.open(folder), random.Random(1)))
    assert notices == []
    return session


def played_in(folder) -> VariantStats:
    return Store.open(folder).stats.variants[STANDARD]


def test_undo_after_the_end_never_counts_twice(tmp_path):
    session = AcesUpSession.start(Store.open(tmp_path), finished_game().game)
    score = session.game.score
    session.count_if_over()
    assert write_now(session) == []
    session.undo()
    session.redo()
    session.count_if_over()
    write_now(session)
    reloaded = played_in(tmp_path)
    assert (reloaded.played, reloaded.total_points, reloaded.won_without_undo) == (1, score, 0)


def test_a_new_deal_counts_the_abandoned_game_with_its_score_so_far(tmp_path):
    session = AcesUpSession.start(Store.open(tmp_path), Game.new(deal_cards(2), STANDARD, 2))
    session.act(next(session.game.useful_actions()))
    session.act(next(session.game.useful_actions()))
    old_score = session.game.score
    session.new_deal(Game.new(deal_cards(3), STANDARD, 3))
    session.act(next(session.game.useful_actions()))  # the old game is left for good
    assert write_now(session) == []
    s = played_in(tmp_path)
    assert (s.played, s.won, s.total_points, s.current_streak) == (1, 0, old_score, 0)
    assert opened(tmp_path).saved.game_id == session.saved.game_id
    session.new_deal(Game.new(deal_cards(4), STANDARD, 4))
    session.new_deal(Game.new(deal_cards(5), STANDARD, 5))  # deal 4, never touched, is dropped
    session.act(next(session.game.useful_actions()))
    write_now(session)
    assert played_in(tmp_path).played == 2, "deal 3 counted when left, a deal never touched is not a game"


def test_a_finished_game_saved_but_not_counted_is_counted_when_its_session_opens(tmp_path):
    # A kill between saving the last move and saving the statistics must not lose the game.
    Store.open(tmp_path).save_file(GAME_FILE, game_to_json(finished_game(5)))
    write_now(opened(tmp_path))
    assert played_in(tmp_path).played == 1
    write_now(opened(tmp_path))
    assert played_in(tmp_path).played == 1


def test_a_count_is_only_marked_until_the_save_points_are_written(tmp_path):
    session = AcesUpSession.start(Store.open(tmp_path), finished_game().game)
    session.count_if_over()
    assert session.store.stats.variants[STANDARD].played == 1 and played_in(tmp_path).played == 0
    write_now(session)
    assert played_in(tmp_path).played == 1


def test_reset_is_remembered(tmp_path):
    store = Store.open(tmp_path)
    store.record_result("g", STANDARD, 48, True, False)
    store.reset_stats()
    point = store.stats_point()
    assert point is not None and store.save_file(point.file, point.document) is None
    assert played_in(tmp_path).played == 0 and store.stats_point() is None
