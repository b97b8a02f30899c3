"""The program start on a data folder of the test's own: `idioten --deal N` (or `--cards`) keeps the saved game
behind Ctrl+Z as N does in the window, and the message line shows every damaged file's message. The window is
opened as `idioten` opens it (the command line's parser, then launch.open_app) and played with posted events."""

import json

import pygame
import pytest
from ui_store_support import open_program, play_one, press, state
from ui_support import aces_table, shown_texts

from idioten import i18n
from idioten.cards import deal_cards, format_cards
from idioten.storage.files import ENV_DATA_DIR
from idioten.storage.store import Store
from idioten.ui.kit.palette import MESSAGE
from idioten.ui.persist import NOTICE_SECONDS

CTRL = pygame.KMOD_LCTRL
OPEN = []


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    while OPEN:
        close(OPEN[-1])
    i18n.set_language("en")


def start(*argv: str):
    """`idioten ARGV` as the command line starts it, on the test's data folder and clock."""
    app = open_program(*argv)
    OPEN.append(app)
    return app


def close(app) -> None:
    OPEN.remove(app)
    app.persist.close()
    app.close()


def message_line(app) -> list[str]:
    """What the message line shows on a fresh frame."""
    return shown_texts(app, MESSAGE)


def next_message(app, seconds: float = NOTICE_SECONDS) -> None:
    """Let the message showing now run out its time."""
    app.clock_for_tests.now += seconds + 0.1
    app.step(dt=1 / 60)


def played_game(data_folder, deal: int = 7, moves: int = 6) -> dict:
    """A game in progress saved in the folder (with a redo list), as the window left it."""
    app = start("--deal", str(deal))
    for _ in range(moves):
        play_one(app)
    press(app, pygame.K_z, CTRL)
    left = dict(state(app), game_id=aces_table(app).session.saved.game_id)
    close(app)
    assert json.loads((data_folder / "game.json").read_text())["deal_number"] == deal
    return left


def played(data_folder) -> int:
    return Store.open(data_folder).stats.variants["standard"].played


# -- a deal on the command line ------------------------------------------------------------------------------

def test_a_deal_on_the_command_line_keeps_the_saved_game_behind_ctrl_z(data_folder):
    left = played_game(data_folder)
    app = start("--deal", "12")
    assert state(app)["deal"] == 12 and not state(app)["history"]
    assert message_line(app) == ["New deal: 12. Ctrl+Z brings the last game back."]
    assert played(data_folder) == 0  # not abandoned yet: it is only replaced

    press(app, pygame.K_z, CTRL)
    assert state(app) == {k: v for k, v in left.items() if k != "game_id"}
    assert aces_table(app).session.saved.game_id == left["game_id"]
    assert message_line(app) == ["Back in the last game (Deal 7), just as it was."]
    press(app, pygame.K_y, CTRL)  # and forward to the deal the command line named
    assert state(app)["deal"] == 12 and not state(app)["history"]
    assert played(data_folder) == 0


def test_the_kept_game_survives_a_restart_and_is_counted_at_the_first_move_in_the_new_deal(data_folder):
    left = played_game(data_folder)
    close(start("--deal", "12"))
    app = start()  # the program again, with no deal: the new deal, still keeping the old game
    assert state(app)["deal"] == 12 and aces_table(app).session.can_undo()
    play_one(app)
    app.persist.wait()
    stats = Store.open(data_folder).stats
    assert stats.is_counted(left["game_id"]) and stats.variants["standard"].played == 1
    assert "previous" not in json.loads((data_folder / "game.json").read_text())
    press(app, pygame.K_z, CTRL)
    press(app, pygame.K_z, CTRL)  # the move is taken back; the old game is gone for good
    assert state(app)["deal"] == 12 and not aces_table(app).session.can_undo()


def test_cards_on_the_command_line_keep_the_saved_game_too(data_folder):
    left = played_game(data_folder)
    app = start("--cards", format_cards(deal_cards(40)))
    assert state(app)["deal"] is None and aces_table(app).game.piles[0][0] == deal_cards(40)[0]
    assert message_line(app) == ["New deal: Own deal. Ctrl+Z brings the last game back."]
    press(app, pygame.K_z, CTRL)
    assert aces_table(app).session.saved.game_id == left["game_id"] and state(app)["history"] == left["history"]


def test_an_untouched_saved_game_is_replaced_without_a_word(data_folder):
    close(start("--deal", "7"))
    app = start("--deal", "12")
    assert state(app)["deal"] == 12 and not aces_table(app).session.can_undo() and message_line(app) == []


def test_after_n_and_quit_a_deal_on_the_command_line_keeps_the_game_n_kept(data_folder):
    left = played_game(data_folder)
    app = start()
    press(app, pygame.K_n)  # a new deal, left untouched: it keeps the played game
    close(app)
    app = start("--deal", "12")
    press(app, pygame.K_z, CTRL)
    assert aces_table(app).session.saved.game_id == left["game_id"] and state(app)["history"] == left["history"]


# -- damaged files -------------------------------------------------------------------------------------------

def test_two_damaged_files_each_get_their_message_one_after_the_other(data_folder):
    (data_folder / "game.json").write_text('{"format": "idioten-game", "version": 1, "history": [')
    (data_folder / "stats.json").write_text("nope")
    app = start()
    first = message_line(app)
    assert len(first) == 1 and first[0].startswith("stats.json was damaged")
    assert first[0].endswith("defaults are used.") and "game.json" not in first[0]  # alone, and whole
    next_message(app)
    second = message_line(app)
    assert len(second) == 1 and second[0].startswith("game.json was damaged")
    next_message(app)
    assert message_line(app) == []
    assert list(data_folder.glob("game.bad-*.json")) and list(data_folder.glob("stats.bad-*.json"))


def test_a_crash_report_of_the_last_run_is_named_first_and_once(data_folder):
    from idioten.desktop import crash

    crash.write_report(data_folder, "what", "details")
    (data_folder / "stats.json").write_text("{")
    app = start()
    assert " ".join(message_line(app)).startswith("The game stopped on an error last time; a report is in ")
    next_message(app)
    assert message_line(app)[0].startswith("stats.json was damaged")
    close(app)
    assert not any("stopped on an error" in text for text in message_line(start()))


def test_the_next_message_comes_when_a_move_clears_the_line(data_folder):
    (data_folder / "settings.json").write_text("[]")
    (data_folder / "stats.json").write_text("{")
    app = start("--deal", "7")
    assert message_line(app)[0].startswith("settings.json was damaged")
    play_one(app)  # the player's move clears the line: the next file's message takes it
    assert message_line(app)[0].startswith("stats.json was damaged")


def test_a_deal_on_the_command_line_says_what_it_kept_before_the_damaged_file(data_folder):
    left = played_game(data_folder)
    (data_folder / "stats.json").write_text("{")
    app = start("--deal", "12")
    assert message_line(app) == ["New deal: 12. Ctrl+Z brings the last game back."]
    next_message(app)
    assert message_line(app)[0].startswith("stats.json was damaged")
    press(app, pygame.K_z, CTRL)
    assert aces_table(app).session.saved.game_id == left["game_id"]


def test_missing_card_pictures_are_named_on_screen(data_folder, monkeypatch, tmp_path_factory):
    from idioten import paths

    empty = tmp_path_factory.mktemp("no-assets")  # an install whose wheel lost its assets
    monkeypatch.setattr(paths, "asset_roots", lambda: [empty])
    app = start()
    said = " ".join(message_line(app))  # one message, wrapped as the line needs
    assert said.startswith("Card pictures are missing (cards/2C.svg and 108 more in ")
    assert said.endswith("Reinstalling the game brings them back.") and str(empty) in said


def test_a_whole_install_says_nothing_of_pictures(data_folder):
    app = start()
    assert not any("Card pictures" in text for text in message_line(app))


# -- the first picture ---------------------------------------------------------------------------------------

class FlipsSeen:
    """The window, with each flip noted before it is done (a pygame.Window takes no attributes of its own)."""

    def __init__(self, window, seen: list):
        self._window, self._seen = window, seen

    def flip(self):
        surface = self._window.get_surface()
        self._seen.append(("flip", surface.get_at((surface.get_width() // 2, surface.get_height() // 2))[:3]))
        return self._window.flip()

    def __getattr__(self, name):
        return getattr(self._window, name)

    def __setattr__(self, name, value):
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._window, name, value)


@pytest.mark.parametrize("last_game", ["idioten", "poker"])
def test_the_bare_felt_is_on_screen_before_the_table_is_made(data_folder, monkeypatch, last_game):
    """Making the table takes its modules, the saved game and the first card pictures: meanwhile the window
    shows the felt, not the black (or white) of a window nothing has drawn on yet."""
    from idioten.ui import playing as playing_module
    from idioten.ui import window
    from idioten.ui.kit.felt import felt

    (data_folder / "settings.json").write_text(json.dumps({"format": "idioten-settings", "version": 1,
                                                          "last_game": last_game}), encoding="utf-8")
    seen: list = []
    open_window, open_scene = window.open_window, playing_module.Playing.open_scene
    monkeypatch.setattr(window, "open_window", lambda *args: FlipsSeen(open_window(*args), seen))
    monkeypatch.setattr(playing_module.Playing, "open_scene",
                        lambda self, kind, **how: seen.append(("table", kind.name)) or open_scene(self, kind, **how))
    start()
    assert seen[1] == ("table", last_game)
    kind, middle = seen[0]
    cloth = felt((1280, 800))
    assert kind == "flip" and middle == cloth.get_at((640, 400))[:3] and middle != (0, 0, 0)
    assert seen[2][0] == "flip"  # then the table's first frame
