"""The layers of idioten/ as imports: no circles, and each layer reaches only the ones below it.

    shared vocabulary (cards, errors, i18n and po, its .po reader, paths, cores, log)
    acesup/, poker/          the games' rules and players: no pygame, no saved files, no window, and
                             neither game reaches into the other
    storage/                 saved data: no window, no command line, no desktop
    play/                    each game's session (the verbs a window drives): no window, no pygame; what
                             both games share (session, chain, change) imports neither game's folder, and
                             play/acesup/ and play/poker/ never import each other
    desktop/                 the program on the desktop (the folder's lock, the second start's handover,
                             crash reports): may read saved files, knows no game and no session; its
                             handover speaks SDL's event queue, so it may import pygame
    speech/                  the words spoken and the ways to speak them (screen readers, the system's speech):
                             no pygame, no game's folder, no session, no window: the words take a game's state
                             as it is given
    ui/                      the window: ui/kit/ (what both games' screens share) never imports a game's
                             screens, and ui/acesup/ and ui/poker/ never import each other; the shell (app,
                             launch, persist, settings screen, menu, window) imports no game: the registry
                             (ui/games.py) gives it each one
    cli/                     the command line: the only package that opens the window (`python -m idioten`);
                             cli/pygame_check.py imports pygame too, to refuse the wrong one in one line
                             before the window's modules load

The games are read from the registry, ui/games.py: each game it imports (`ui.<game>`) has its folder in each
layer (`<game>/`, `play/<game>/`, `ui/<game>/`), and the rules above hold for every one of them.
Every import counts, function-level ones too, so a circle cannot hide inside a function.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from import_graph import cycles, external_imports, import_graph, private_imports

PACKAGE = Path(__file__).resolve().parent.parent / "idioten"


def layer(module: str) -> str:
    """`idioten.ui.kit.scene` -> "ui"; a top-level module (`idioten.cards`) is its own layer."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def games_of(graph: dict[str, set[str]], package: str) -> set[str]:
    """The games the registry (ui/games.py) lists: each `ui.<game>` folder it imports, ui/kit/ aside."""
    registry = f"{package}.ui.games"
    return {target.split(".")[2] for target in graph.get(registry, ())
            if target.startswith(f"{package}.ui.") and len(target.split(".")) > 2
            and target.split(".")[2] not in ("kit", "games")}


def part(module: str, games: set[str]) -> str:
    """The piece of a layer a module belongs to: `idioten.ui.kit.scene` -> "ui.kit", `idioten.play.acesup`
    -> "play.acesup" (a game's folder), `idioten.ui.app` -> "ui"."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in ("ui", "play") and parts[2] in games | {"kit"}:
        return ".".join(parts[1:3])
    return layer(module)


def separate(games: set[str]) -> dict[str, set[str]]:
    """Pieces that may not import each other, beyond the layers' order: the games are peers in every layer,
    and what a layer shares between them knows none of them."""
    apart: dict[str, set[str]] = {"ui.kit": {f"ui.{game}" for game in games},
                                  "play": {f"play.{game}" for game in games}}
    for game in games:
        others = games - {game}
        apart[game] = set(others)
        apart[f"ui.{game}"] = {f"ui.{other}" for other in others}
        apart[f"play.{game}"] = {f"play.{other}" for other in others}
    return apart


# The layers may import pygame: the window, and the desktop's handover (SDL's event queue, its message box).
PYGAME_LAYERS = ("ui", "desktop")


def layer_violations(root: Path, package: str) -> list[str]:
    """Every import that breaks a layer rule, as "importer -> imported (rule)"."""
    graph, external = import_graph(root, package), external_imports(root, package)
    games = games_of(graph, package)
    apart = separate(games)
    forbidden = {  # importer's layer -> layers it may not import
        **{game: {"ui", "cli", "storage", "play", "desktop"} for game in games},
        "storage": {"ui", "cli", "play", "desktop"},
        "play": {"ui", "cli", "desktop"},
        "desktop": {"ui", "cli", "play", *games},
        "speech": {"ui", "cli", "storage", "play", "desktop", *games},
    }
    found = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if layer(target) in forbidden.get(layer(module), ()):
                found.append(f"{module} -> {target} ({layer(module)}/ never imports {layer(target)}/)")
            elif part(target, games) in apart.get(part(module, games), ()):
                found.append(f"{module} -> {target} ({part(module, games).replace('.', '/')}/ never imports "
                             f"{part(target, games).replace('.', '/')}/)")
            elif layer(target) == "ui" and layer(module) not in ("ui", "cli"):
                found.append(f"{module} -> {target} (only cli/ opens the window)")
            elif layer(target) == "cli" and layer(module) not in ("cli", "__main__"):
                found.append(f"{module} -> {target} (nothing imports the command line)")
        if ("pygame" in external[module] and layer(module) not in PYGAME_LAYERS
                and not module.endswith(".cli.pygame_check")):
            found.append(f"{module} -> pygame (only ui/ and desktop/ import pygame)")
    return found


# The window's shell: the loop, the start, saving, the settings screen, the menu, the window itself. It knows
# the games only through the registry (ui/games.py and each game's GameKind), so it imports no game.
SHELL = ("ui.app", "ui.shell", "ui.launch", "ui.persist", "ui.settings_screen", "ui.menu", "ui.window",
         "ui.save_writer")
# The games' saved files, named by their file rather than their game.
SAVED_FILES = ("storage.game", "storage.poker")


def shell_violations(root: Path, package: str) -> list[str]:
    """Every import of a game by the window's shell, as "importer -> imported (rule)"."""
    graph = import_graph(root, package)
    games = games_of(graph, package)
    named = [*games, *(f"ui.{game}" for game in games), *(f"play.{game}" for game in games), *SAVED_FILES]
    found = []
    for name in SHELL:
        for target in sorted(graph.get(f"{package}.{name}", ())):
            inner = target.split(".", 1)[1] if "." in target else ""
            if any(inner == game or inner.startswith(game + ".") for game in named):
                found.append(f"{package}.{name} -> {target} (the shell imports no game)")
    return found


def test_there_are_no_import_cycles():
    graph = import_graph(PACKAGE, "idioten")
    assert len(graph) > 60  # every module was read, packages and subpackages included
    assert cycles(graph) == []


def test_each_layer_imports_only_what_it_may():
    assert layer_violations(PACKAGE, "idioten") == []


def test_the_shell_imports_no_game():
    assert shell_violations(PACKAGE, "idioten") == []
    graph = import_graph(PACKAGE, "idioten")
    assert {"idioten.ui.acesup", "idioten.ui.poker"} <= graph["idioten.ui.games"]  # the registry does


def test_the_games_are_read_from_the_registry():
    graph = import_graph(PACKAGE, "idioten")
    assert games_of(graph, "idioten") == {"acesup", "poker"}
    for game in games_of(graph, "idioten"):  # each game has its folder in each layer that plays it
        assert {f"idioten.{game}", f"idioten.play.{game}", f"idioten.ui.{game}"} <= set(graph)


def test_no_module_borrows_another_modules_private_helpers():
    assert private_imports(PACKAGE, "idioten") == []


def test_the_graph_sees_imports_inside_functions_and_relative_ones():
    graph = import_graph(PACKAGE, "idioten")
    assert "idioten.ui.opening" in graph["idioten.cli.start"]  # imported inside play: after the pygame check
    assert "idioten.acesup.options" in graph["idioten.cli.args"]
    assert "pygame" in external_imports(PACKAGE, "idioten")["idioten.ui.app"]


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture
def bad_package(tmp_path) -> Path:
    """A small package that breaks every rule once, each break as the checker must find it."""
    root = tmp_path / "pkg"
    _write(root, {
        "__init__.py": "",
        "cards.py": "",
        "acesup/__init__.py": "",
        "acesup/rules.py": "from ..cards import Card\n",
        # a circle hidden in a function, through a relative import
        "acesup/players.py": "def play():\n    from . import solver\n",
        "acesup/solver.py": "from pkg.acesup.players import play\n",
        "poker/__init__.py": "",
        "poker/game.py": "import pygame\nfrom pkg.storage import files\nfrom ..cards import _shuffle\n",
        "poker/player.py": "from pkg.acesup import rules\n",
        "storage/__init__.py": "",
        "storage/files.py": "def load():\n    from pkg.ui.app import App\n",
        "play/__init__.py": "",
        "play/session.py": "import pygame\nfrom pkg.ui import app\n",
        "ui/__init__.py": "",
        "ui/app.py": "import pygame\nfrom pkg.cli import main\n",
        "ui/kit/__init__.py": "",
        "ui/kit/panels.py": "from pkg.ui.poker import scene\n",
        "ui/acesup/__init__.py": "",
        "ui/acesup/table.py": "from ..poker.scene import PokerScene\n",
        "ui/poker/__init__.py": "",
        "ui/poker/scene.py": "import pygame\n",
        "ui/launch.py": "def start():\n    from pkg.acesup.rules import Game\n",  # the shell naming a game
        "ui/menu.py": "from .poker import scene\n",
        "ui/persist.py": "from pkg.play import acesup\nfrom pkg.storage import files\n",
        "play/acesup/__init__.py": "",
        "play/acesup/session.py": "",
        "play/poker/__init__.py": "",
        "play/poker/session.py": "from pkg.play.acesup import session\n",  # a game's session borrowing another's
        "play/chain.py": "from pkg.play.poker import session\n",  # what both share, knowing one game
        "storage/store.py": "from pkg.desktop import crash\n",
        "desktop/__init__.py": "",
        "desktop/crash.py": "import pygame\nfrom pkg.play import chain\nfrom pkg.acesup import rules\n",
        "ui/games.py": "from pkg.ui import acesup, poker\n",  # the registry: the games are acesup and poker
        "cli/__init__.py": "def main():\n    from pkg.ui import app\n",
    })
    return root


def test_the_checker_finds_a_circle_hidden_in_a_function(bad_package):
    assert cycles(import_graph(bad_package, "pkg")) == [
        ["pkg.acesup.players", "pkg.acesup.solver"],
        ["pkg.cli", "pkg.ui.app"],
    ]


def test_the_checker_finds_every_forbidden_import(bad_package):
    assert layer_violations(bad_package, "pkg") == [
        "pkg.desktop.crash -> pkg.acesup.rules (desktop/ never imports acesup/)",
        "pkg.desktop.crash -> pkg.play.chain (desktop/ never imports play/)",
        "pkg.play.chain -> pkg.play.poker.session (play/ never imports play/poker/)",
        "pkg.play.poker.session -> pkg.play.acesup.session (play/poker/ never imports play/acesup/)",
        "pkg.play.session -> pkg.ui.app (play/ never imports ui/)",
        "pkg.play.session -> pygame (only ui/ and desktop/ import pygame)",
        "pkg.poker.game -> pkg.storage.files (poker/ never imports storage/)",
        "pkg.poker.game -> pygame (only ui/ and desktop/ import pygame)",
        "pkg.poker.player -> pkg.acesup.rules (poker/ never imports acesup/)",
        "pkg.storage.files -> pkg.ui.app (storage/ never imports ui/)",
        "pkg.storage.store -> pkg.desktop.crash (storage/ never imports desktop/)",
        "pkg.ui.acesup.table -> pkg.ui.poker.scene (ui/acesup/ never imports ui/poker/)",
        "pkg.ui.app -> pkg.cli (nothing imports the command line)",
        "pkg.ui.kit.panels -> pkg.ui.poker.scene (ui/kit/ never imports ui/poker/)",
    ]


def test_the_checker_finds_every_game_the_shell_imports(bad_package):
    assert shell_violations(bad_package, "pkg") == [
        "pkg.ui.launch -> pkg.acesup.rules (the shell imports no game)",
        "pkg.ui.persist -> pkg.play.acesup (the shell imports no game)",
        "pkg.ui.menu -> pkg.ui.poker.scene (the shell imports no game)",
    ]


def test_the_checker_finds_a_borrowed_private_helper(bad_package):
    assert private_imports(bad_package, "pkg") == ["pkg.poker.game: pkg.cards._shuffle"]


def test_the_checker_passes_a_package_that_keeps_the_rules(tmp_path):
    root = tmp_path / "pkg"
    _write(root, {
        "__init__.py": "", "cards.py": "", "acesup/__init__.py": "", "acesup/rules.py": "from pkg import cards\n",
        "ui/__init__.py": "", "ui/app.py": "import pygame\nfrom .games import GAMES\n",
        "ui/games.py": "from ..acesup import rules\n",  # the registry names the games, the shell does not
        "cli/__init__.py": "def main():\n    from pkg.ui.app import App\n",
    })
    assert cycles(import_graph(root, "pkg")) == [] and layer_violations(root, "pkg") == []
    assert private_imports(root, "pkg") == [] and shell_violations(root, "pkg") == []


def test_the_shared_vocabulary_imports_no_other_part_of_the_package():
    """The log aside: any module may note a failure in it (a core that fell back to Python), and it imports
    nothing of the package itself."""
    graph = import_graph(PACKAGE, "idioten")
    vocabulary = ["idioten.cards", "idioten.errors", "idioten.i18n", "idioten.po", "idioten.paths", "idioten.cores",
                  "idioten.log"]
    reads_its_files_with = {"idioten.i18n": ["idioten.po"]}
    assert {name: sorted(graph[name] - {"idioten.log"}) for name in vocabulary} == {
        name: reads_its_files_with.get(name, []) for name in vocabulary}
    assert graph["idioten.log"] == set()
