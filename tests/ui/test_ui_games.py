"""The games in one window: G and the menu switch between them, each game's scene waits as it was left, the
game chosen last opens next time (the program started as `idioten` starts it, on a data folder of the test's
own), and a game the window never heard of plays through its `GameKind` alone."""

import json
import random

import pygame
import pytest
from ui_store_support import open_program, open_window
from ui_support import OPEN_APPS, aces_table, click, headings, key, make_app, setting_button, shown_texts

from idioten import i18n
from idioten.cli import main
from idioten.cli.parser import build_parser, launch_options
from idioten.play.acesup.settings import AcesUpSettings, aces_up_settings
from idioten.play.change import Change, How
from idioten.play.launch import GameLaunch, LaunchOption
from idioten.play.poker.session import PokerSession
from idioten.play.session import SavePoint
from idioten.poker.game import PokerGame
from idioten.storage.files import Notice
from idioten.storage.poker import FILE
from idioten.storage.settings import GameSetting
from idioten.storage.store import MemoryStore
from idioten.ui import games as registry
from idioten.ui.games import GameEntry, games
from idioten.ui.kit.game import GameKind, SettingRow
from idioten.ui.kit.panels import Panel
from idioten.ui.kit.scene import CardGameScene
from idioten.ui.kit.widgets import Button


@pytest.fixture
def program(data_folder):
    """`start()` opens the program as `idioten` does (launch.open_app on the data folder, in the game chosen
    last); `stop(app)` closes it as run does when its loop ends."""
    def start():
        app = open_window()
        OPEN_APPS.append(app)
        app.settle()
        return app

    def stop(app):
        OPEN_APPS.remove(app)
        app.persist.close()
        app.close()

    return start, stop


def saved_settings(folder) -> dict:
    return json.loads((folder / "settings.json").read_text(encoding="utf-8"))


def saved_poker(folder) -> dict:
    return json.loads((folder / FILE).read_text(encoding="utf-8"))


def test_the_game_chosen_last_opens_next_time(program, data_folder):
    start, stop = program
    app = start()
    assert app.playing.current_game.name == "idioten"  # a first start
    key(app, pygame.K_g)
    assert app.playing.current_game.name == "poker" and saved_settings(data_folder)["last_game"] == "poker"
    grid = app.scenes[0].game.to_text()
    stop(app)

    again = start()
    assert again.playing.current_game.name == "poker" and again.scenes[0].game.to_text() == grid
    key(again, pygame.K_g)
    stop(again)
    assert start().playing.current_game.name == "idioten"


def test_a_game_chosen_last_that_the_window_does_not_play_opens_the_first(program, data_folder):
    (data_folder / FILE).write_text(json.dumps({"format": "idioten-poker", "version": 1, "last_game": "chess"}),
                                    encoding="utf-8")
    start, _ = program
    assert start().playing.current_game.name == "idioten"


def test_the_window_writes_each_placement_after_drawing_it_and_the_last_one_as_it_closes(program, data_folder):
    start, stop = program
    app = start()
    key(app, pygame.K_g)
    scene = app.scenes[0]
    click(app, scene.layout.cells[8].center)
    app.persist.wait()  # handed to the writer thread after the frame that drew it, as every game's save is
    saved = PokerGame.from_text(saved_poker(data_folder)["current"]["game"])
    assert saved.to_text() == scene.game.to_text() and saved.grid[8] is not None
    scene.place(9)  # the very last change before the window closes: never drawn, written as it closes
    assert PokerGame.from_text(saved_poker(data_folder)["current"]["game"]).grid[9] is None
    stop(app)
    assert PokerGame.from_text(saved_poker(data_folder)["current"]["game"]).grid[9] is not None


def test_a_placement_is_written_before_its_scene_leaves_the_screen(program, data_folder):
    start, _ = program
    app = start()
    key(app, pygame.K_g)
    scene = app.scenes[0]
    scene.place(3)  # not drawn yet: G takes the scene off the screen in the same turn
    key(app, pygame.K_g)
    assert app.playing.current_game.name == "idioten"
    assert PokerGame.from_text(saved_poker(data_folder)["current"]["game"]).grid[3] is not None


def test_a_start_up_message_follows_the_player_into_poker(program, data_folder):
    start, stop = program
    stop(start())  # the files exist
    (data_folder / FILE).write_text(json.dumps({"format": "idioten-poker", "version": 1, "last_game": "poker"}),
                                    encoding="utf-8")
    (data_folder / "stats.json").write_text("{ not json", encoding="utf-8")
    app = start()
    assert app.playing.current_game.name == "poker" and "stats.json" in app.scenes[0].message  # where the player looks


def test_what_poker_json_said_is_said_at_start_like_the_other_files(program, data_folder):
    start, stop = program
    stop(start())
    (data_folder / FILE).write_text("{ not json", encoding="utf-8")
    (data_folder / "stats.json").write_text("{ not json", encoding="utf-8")
    app = start()  # every game's file is read at start; a damaged one is moved aside and said at once
    table = aces_table(app)
    assert app.playing.current_game.name == "idioten" and "stats.json" in table.message
    assert list(data_folder.glob("poker.bad-*"))
    for _ in range(40):  # one message after the other
        if "poker.json" in table.message:
            break
        app.clock_for_tests.now += 1.0
        app.step(dt=1 / 60)
    assert "poker.json" in table.message


# -- a third game, registered in this test only -----------------------------------------------------------

class ToySession:
    """A game of counting taps (T): its count is saved (`save_point`) as a saved file would be. Its speed is the
    one the command line fixed for this run (`fixed`), else the one saved in its section of settings.json."""

    def __init__(self, store, fixed=None):
        self.store = store
        self.fixed = dict(fixed or {})
        self.game = None
        self.taps = 0
        self.written = 0
        self.new_deals = 0

    @property
    def speed(self) -> str:
        return self.fixed.get("speed") or self.store.settings.game("toy", [TOY_SPEED])["speed"]

    def tap(self) -> None:
        self.taps += 1

    def new_deal(self) -> Change:
        self.new_deals += 1
        return Change(How.NEW_DEAL)

    def restart(self) -> Change:
        return Change(How.RESTART)

    def undo(self) -> None:
        return None

    redo = undo

    def can_undo(self) -> bool:
        return False

    can_redo = finished = can_undo

    def count_if_over(self) -> None:
        pass

    def save_point(self) -> SavePoint | None:
        if self.written == self.taps:
            return None
        self.written = self.taps
        return SavePoint("toy.json", {"taps": self.taps})

    def take_notices(self) -> list:
        return []


class ToyScene(CardGameScene):
    def __init__(self, app, session: ToySession):
        super().__init__(app)
        self.session = session
        self.buttons: list[Button] = []

    def game_key(self, event) -> None:
        if event.key == pygame.K_t:
            self.session.tap()
            self.dirty = True

    def new_deal(self) -> None:
        self.session.new_deal()

    def draw(self, surface) -> None:
        surface.fill((40, 30, 60))


class ToyPanel(Panel):
    def __init__(self, app, title: str):
        self.title = title
        super().__init__(app)

    def build(self) -> None:
        self.rows = [("title", self.title)]
        self.add_buttons(Button("ui.button.close", self.close))


TOY_SPEED = GameSetting("speed", ("calm", "brisk"))


def toy_settings_rows(app, scene) -> list[SettingRow]:
    """The toy's one setting, kept in its own section of settings.json as any game may keep its settings."""
    from idioten.ui.persist import persistence

    return [SettingRow("speed", "ui.toy.speed", [("calm", "ui.toy.calm"), ("brisk", "ui.toy.brisk")],
                       lambda: app.settings.game("toy", [TOY_SPEED])["speed"],
                       lambda value: persistence(app).change_game_setting("toy", "speed", value))]


def toy_kind(notices=()) -> GameKind:
    return GameKind(name="toy", play_key="ui.menu.to_toy",
                    open_session=lambda opening: (ToySession(opening.store, opening.fixed), list(notices)),
                    make_scene=ToyScene,
                    rules_panel=lambda app, scene: ToyPanel(app, "Toy rules"),
                    stats_panel=lambda app, scene: ToyPanel(app, f"Taps: {scene.session.taps}"),
                    menu_entries=lambda app, scene, then: [("ui.menu.to_toy_tap", lambda: then(scene.session.tap))],
                    settings_rows=toy_settings_rows, settings_notes=lambda app: ["ui.toy.note"])


@pytest.fixture
def toy_texts(english_window, monkeypatch):
    """The toy's texts, as its folder would add them to the catalogues."""
    messages = i18n.catalogue("en").messages
    monkeypatch.setitem(messages, "ui.menu.to_toy", "Play the toy (G)")
    monkeypatch.setitem(messages, "ui.menu.to_toy_tap", "Tap (T)")
    for text_key, text in (("ui.toy.speed", "Toy speed"), ("ui.toy.calm", "Calm"), ("ui.toy.brisk", "Brisk"),
                           ("ui.toy.note", "The toy's own note.")):
        monkeypatch.setitem(messages, text_key, text)


def menu_entry(app, text_key: str) -> Button:
    key(app, pygame.K_ESCAPE)
    return next(b for b in app.scenes[-1].buttons if b.text_key == text_key)


def test_a_third_game_is_switched_to_and_back_with_g_and_the_menu(toy_texts):
    keeper = PokerSession(None, random.Random(1), move_seconds=0.005)
    keeper.new_deal(7)
    said = Notice("store.bad_file", {"file": "toy.json", "aside": "toy.bad-1.json"})
    app, _ = make_app(games=(*games(), toy_kind([said])), sessions={"poker": keeper})
    idioten = aces_table(app).game.to_text()

    key(app, pygame.K_g)
    key(app, pygame.K_g)  # G goes through the games in their order
    assert app.playing.current_game.name == "toy" and isinstance(app.scenes[0], ToyScene)
    assert "toy.json" in app.scenes[0].message  # what its file said, on its own table
    toy = app.scenes[0]
    key(app, pygame.K_t)
    key(app, pygame.K_t)
    assert app.store.settings.last_game == "toy"

    key(app, pygame.K_g)
    assert app.playing.current_game.name == "idioten" and aces_table(app).game.to_text() == idioten
    assert toy.session.written == 2  # written as it left the screen
    assert app.store.settings.last_game == "idioten"

    click(app, menu_entry(app, "ui.menu.to_toy").rect.center)
    assert app.scenes[0] is toy and len(app.scenes) == 1 and toy.session.taps == 2  # as it was left
    key(app, pygame.K_ESCAPE)
    entries = [b.text_key for b in app.scenes[-1].buttons]
    assert "ui.menu.to_idioten" in entries and "ui.menu.to_poker" in entries and "ui.menu.to_toy" not in entries
    assert "ui.menu.demo" not in entries  # Aces Up's own entries belong to Aces Up
    key(app, pygame.K_ESCAPE)
    click(app, menu_entry(app, "ui.menu.to_toy_tap").rect.center)
    assert toy.session.taps == 3  # the toy's own entry
    click(app, menu_entry(app, "ui.menu.new").rect.center)
    assert toy.session.new_deals == 1

    key(app, pygame.K_F1)
    assert headings(app)[-1] == "Toy rules"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s)
    assert headings(app)[-1] == "Taps: 3"
    key(app, pygame.K_ESCAPE)

    click(app, menu_entry(app, "ui.menu.to_poker").rect.center)
    assert app.playing.current_game.name == "poker" and app.scenes[0].session is keeper
    click(app, menu_entry(app, "ui.menu.to_idioten").rect.center)
    assert app.scenes[0] is aces_table(app) and aces_table(app).game.to_text() == idioten


def settings_screen_rows(app) -> list[str]:
    key(app, pygame.K_e)
    panel = app.scenes[-1]
    assert headings(app)[0] == i18n.t("ui.settings.title")
    rows = [name for name, _ in panel.rows_of_buttons]
    key(app, pygame.K_ESCAPE)
    return rows


def test_a_third_games_settings_are_its_own_on_the_same_screen_and_in_its_own_section(toy_texts, data_folder):
    """The window's settings screen shows the game on screen's own rows after the window's: Aces Up's, Poker's
    options, or a third game's registered in this test only; none of them changes the others."""
    from idioten.storage.store import Store

    store = Store.open(data_folder)
    app, _ = make_app(games=(*games(), toy_kind()), store=store)
    window_rows = ["animation", "four_colour", "card_back", "table_colour", "text_size", "language", "clock", "speak",
                   "sound"]
    assert settings_screen_rows(app) == window_rows + ["variant", "auto_discard", "highlight_discardable",
                                                       "live_verdict", "winnable_only"]
    key(app, pygame.K_g)
    assert settings_screen_rows(app) == window_rows + ["table", "diagonals", "joker", "open_deck", "competitive"]
    poker = app.scenes[0]
    key(app, pygame.K_e)
    panel = app.scenes[-1]
    click(app, setting_button(app, panel, "diagonals", True).rect.center)
    assert poker.session.options.diagonals is True  # Poker's option, for its next deal, as O sets it
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_g)
    assert settings_screen_rows(app) == window_rows + ["speed"]
    key(app, pygame.K_e)
    panel = app.scenes[-1]
    click(app, setting_button(app, panel, "speed", "brisk").rect.center)
    assert "The toy's own note." in shown_texts(app)  # under its rows, on its page
    key(app, pygame.K_ESCAPE)
    saved = saved_settings(data_folder)
    assert saved["games"]["toy"] == {"speed": "brisk"} and "idioten" not in saved["games"]
    assert Store.open(data_folder).settings.game("toy", [TOY_SPEED]) == {"speed": "brisk"}
    assert aces_up_settings(app.settings) == AcesUpSettings()  # the other games' settings as they were
    key(app, pygame.K_ESCAPE)
    assert "ui.menu.to_idioten" in [b.text_key for b in app.scenes[-1].buttons]  # the menu, as for any game


def test_a_third_game_chosen_last_opens_next_time(toy_texts):
    store = MemoryStore()  # settings.json, kept in memory: both windows read the same one
    app, _ = make_app(games=(*games(), toy_kind()), store=store)
    app.playing.switch_game("toy")
    # As the program start opens it (launch.open_app): in the game chosen last.
    again, _ = make_app(games=(*games(), toy_kind()), store=store, start_in=store.settings.last_game)
    assert again.playing.current_game.name == "toy" and isinstance(again.scenes[0], ToyScene)
    without, _ = make_app(store=store, start_in=store.settings.last_game)  # a window that does not play it
    assert without.playing.current_game.name == "idioten"


# -- a third game's option on the command line ---------------------------------------------------------------

TOY_LAUNCH = GameLaunch("toy", (LaunchOption("--toy-speed", TOY_SPEED.name, TOY_SPEED.values, "cli.help.toy_speed"),))
TOY_HELP = "how fast the toy taps, for this run only"


def register_the_toy(monkeypatch) -> None:
    """The toy in the registry, as its folder would list it in ui/games.py, with its help text in the catalogue."""
    monkeypatch.setattr(registry, "ENTRIES", (*registry.ENTRIES, GameEntry(TOY_LAUNCH, toy_kind)))
    monkeypatch.setitem(i18n.catalogue("en").messages, "cli.help.toy_speed", TOY_HELP)


def help_text(capsys) -> str:
    with pytest.raises(SystemExit):
        main(["--help"])
    return capsys.readouterr().out


def options_part(help: str) -> list[str]:
    return help.split("\noptions:\n", 1)[1].splitlines()


def test_a_third_games_option_is_in_the_help_and_leaves_the_other_games_options_as_they_were(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "100")  # argparse wraps the help to the terminal's width
    before = help_text(capsys)
    register_the_toy(monkeypatch)
    after = help_text(capsys)
    assert "[--toy-speed {calm,brisk}]" in after.split("\n\n")[0]  # in the usage line
    assert "  --toy-speed {calm,brisk}" in after and TOY_HELP in after
    assert [line for line in options_part(after) if "toy" not in line] == options_part(before)
    assert "  --variant {standard,aces-only}" in before  # Aces Up's own, unchanged beside the toy's
    assert "standard (any card into an empty pile) or aces-only" in before  # its help, through the catalogue


def start_program(*argv: str):
    app = open_program(*argv)
    OPEN_APPS.append(app)
    return app


def close_program(app) -> None:
    OPEN_APPS.remove(app)
    app.persist.close()
    app.close()


def toy_session(app) -> ToySession:
    app.playing.switch_game("toy")
    assert isinstance(app.scenes[0], ToyScene)
    return app.scenes[0].session


def test_a_third_games_option_sets_its_setting_for_that_run_only(toy_texts, data_folder, monkeypatch):
    register_the_toy(monkeypatch)
    assert launch_options(build_parser().parse_args(["--toy-speed", "brisk"])).fixed == (("toy", "speed", "brisk"),)
    app = start_program("--toy-speed", "brisk", "--variant", "aces-only", "--deal", "7")
    assert app.playing.current_game.name == "idioten"  # the named deal is Aces Up's: the toy's option picks no game
    assert aces_table(app).session.fixed_variant == "aces-only" and aces_table(app).game.variant == "aces-only"
    toy = toy_session(app)
    assert toy.speed == "brisk" and toy.fixed == {"speed": "brisk"}  # its own setting, and no other game's
    close_program(app)
    assert "toy" not in saved_settings(data_folder).get("games", {})  # nothing saved of it

    again = start_program()
    assert toy_session(again).speed == "calm" and toy_session(again).fixed == {}  # as saved, once the run is over
    close_program(again)


@pytest.mark.parametrize("argv", [["--toy-speed", "fast"], ["--toy-speed"], ["--toy-speed", "calm", "--toy-speed",
                                                                              "brisk"]])
def test_a_bad_value_of_a_third_games_option_gets_one_line_and_changes_nothing(argv, toy_texts, data_folder,
                                                                               monkeypatch, capsys):
    from idioten.cli import start

    register_the_toy(monkeypatch)
    (data_folder / "settings.json").write_text(json.dumps({"format": "idioten-settings", "version": 1,
                                                           "games": {"toy": {"speed": "brisk"}}}), encoding="utf-8")
    saved = (data_folder / "settings.json").read_bytes()
    monkeypatch.setattr(start, "play", lambda *args, **kwargs: pytest.fail("a window opened on bad input"))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("idioten: ") and "--toy-speed" in err and "Traceback" not in err
    assert (data_folder / "settings.json").read_bytes() == saved and sorted(data_folder.iterdir()) == [
        data_folder / "settings.json"]


def test_a_bad_value_of_aces_ups_option_gets_the_same_line_with_a_third_game_registered(monkeypatch, capsys):
    assert main(["--variant", "easy"]) == 2
    without = capsys.readouterr().err
    register_the_toy(monkeypatch)
    assert main(["--variant", "easy"]) == 2
    assert capsys.readouterr().err == without == (
        "idioten: argument --variant: invalid choice: 'easy' (choose from 'standard', 'aces-only') (see --help)\n")


def test_only_one_game_may_take_the_deal_the_command_line_names(monkeypatch):
    monkeypatch.setattr(registry, "ENTRIES", (*registry.ENTRIES, GameEntry(GameLaunch("toy", takes_deal=True),
                                                                          toy_kind)))
    with pytest.raises(ValueError, match="idioten and toy"):
        build_parser()
