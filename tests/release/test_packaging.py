"""Packaging: what build.spec hands PyInstaller, the icon files, the smoke mode, the Linux desktop entry.

Building the program itself takes a minute, so `.ci/run` does it once and runs the download's `--smoke`;
these tests check the recipe and run the same smoke mode from source.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import source_trees
from packaging_support import REPO, Analysis, posix_only, run_spec

import idioten
from idioten import cli, paths
from idioten.ui import smoke

sys.path.insert(0, str(REPO / "packaging"))
import spec_parts

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
HANG_GUARD = 60  # seconds; what it guards takes milliseconds


def test_the_spec_builds_one_windowed_folder_with_the_program_named_idioten_at_its_top(monkeypatch):
    namespace, calls = run_spec("linux", monkeypatch)
    args, exe = calls["EXE"]
    assert exe["name"] == "idioten"
    assert exe["console"] is False
    assert exe["exclude_binaries"] is True and Analysis.binaries not in args  # the libraries go beside it
    collect_args, collect = calls["COLLECT"]
    assert collect["name"] == "idioten"  # dist/idioten/, the program dist/idioten/idioten
    assert collect_args[0] is namespace["exe"] and Analysis.datas in collect_args
    assert Analysis.binaries in collect_args  # needed_binaries keeps every library on Linux
    assert "runtime_tmpdir" not in exe and "cdict" not in exe  # nothing is unpacked at start
    assert namespace["VERSION"] == idioten.__version__
    scripts = calls["Analysis"][0][0]
    assert len(scripts) == 1 and "from idioten.cli import main" in Path(scripts[0]).read_text()


def test_the_spec_bundles_every_asset_where_paths_looks_for_it(monkeypatch):
    _, calls = run_spec("linux", monkeypatch)
    datas = calls["Analysis"][1]["datas"]
    datas = [(src, dest) for src, dest in datas if dest != "."]  # the licence, at the top (its own test)
    bundled = {Path(dest, Path(src).name).as_posix() for src, dest in datas if not dest.startswith("idioten")}
    on_disk = {p.relative_to(REPO).as_posix() for p in (REPO / "assets").rglob("*") if p.is_file()}
    shared = {p.relative_to(REPO).as_posix() for p in spec_parts.shared_card_pictures(REPO)}
    assert {"assets/cards/AS.svg", "assets/cards/four-colour/2C.svg", "assets/cards/back-blue.svg",
            "assets/icon.png"} <= bundled
    # Everything but the executable's own icon containers and the four-colour pictures that are the standard
    # ones goes in, at the same relative place.
    assert bundled == {p for p in on_disk if not p.endswith((".ico", ".icns"))} - shared
    # idioten/paths.py looks for sys._MEIPASS/assets: the destination folder names must start there.
    assert all(dest == "assets" or dest.startswith("assets" + os.sep) or dest.startswith("assets/")
               for _, dest in datas if not dest.startswith("idioten"))


def test_the_four_colour_pictures_shared_with_the_standard_deck_are_shipped_once():
    shared = {p.name for p in spec_parts.shared_card_pictures(REPO)}
    # Spades and hearts keep their ink in the four-colour deck, and the joker has no suit: the pictures the
    # build leaves out are exactly those the game falls back for.
    assert shared == {f"{rank}{suit}.svg" for rank in "23456789TJQKA" for suit in "SH"} | {"JK.svg"}
    assert shared == paths.SAME_IN_BOTH_DECKS
    for name in shared:
        assert paths.asset("cards", "four-colour", name).read_bytes() == paths.asset("cards", name).read_bytes()


def test_a_redrawn_four_colour_picture_is_shipped_as_soon_as_it_differs(tmp_path):
    cards = tmp_path / "assets" / "cards"
    (cards / "four-colour").mkdir(parents=True)
    for name, standard, four in (("AS.svg", "<svg/>", "<svg/>"), ("2C.svg", "black", "green"),
                                 ("KH.svg", "red", "red ")):
        (cards / name).write_text(standard)
        (cards / "four-colour" / name).write_text(four)
    assert [p.name for p in spec_parts.shared_card_pictures(tmp_path)] == ["AS.svg"]
    bundled = {Path(dest, Path(src).name).as_posix() for src, dest in spec_parts.asset_datas(tmp_path)}
    assert bundled == {"assets/cards/AS.svg", "assets/cards/2C.svg", "assets/cards/KH.svg",
                       "assets/cards/four-colour/2C.svg", "assets/cards/four-colour/KH.svg"}


def test_the_game_falls_back_to_the_standard_picture_where_a_four_colour_one_is_not_shipped(tmp_path,
                                                                                             monkeypatch):
    shipped = tmp_path / "assets"
    (shipped / "cards" / "four-colour").mkdir(parents=True)
    (shipped / "cards" / "AS.svg").write_text("standard")
    (shipped / "cards" / "2C.svg").write_text("black clubs")
    (shipped / "cards" / "four-colour" / "2C.svg").write_text("green clubs")
    monkeypatch.setattr(paths, "asset_roots", lambda: [shipped])
    assert paths.asset("cards", "four-colour", "AS.svg") == shipped / "cards" / "AS.svg"
    assert paths.asset("cards", "four-colour", "2C.svg") == shipped / "cards" / "four-colour" / "2C.svg"
    # Only the four-colour pictures the decks share fall back, and only to their own card.
    (shipped / "cards" / "2D.svg").write_text("red diamonds")
    assert not paths.asset("cards", "four-colour", "2D.svg").exists()  # blue in this deck: missing, not red
    assert not paths.asset("cards", "KS.svg").exists() and not paths.asset("cards", "four-colour", "KS.svg").exists()
    assert not paths.asset("four-colour", "AS.svg").exists()


def test_the_spec_and_the_wheel_carry_the_data_the_package_reads(monkeypatch):
    _, calls = run_spec("linux", monkeypatch)
    bundled = {Path(dest, Path(src).name).as_posix() for src, dest in calls["Analysis"][1]["datas"]
               if dest.startswith("idioten")}
    read_by_package = {p.relative_to(REPO).as_posix() for p in (REPO / "idioten").rglob("*")
                       if p.suffix in (".po", ".json") and p.is_file()}
    assert "idioten/locale/sv/LC_MESSAGES/idioten.po" in read_by_package
    assert bundled == read_by_package  # at the place the package looks: beside its modules
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    patterns = re.search(r'^idioten = \[(.*)\]$', pyproject, re.M).group(1)
    wheel = {p.relative_to(REPO).as_posix() for pattern in re.findall(r'"([^"]+)"', patterns)
             for p in (REPO / "idioten").glob(pattern)}
    assert wheel == read_by_package


def test_the_spec_leaves_out_what_the_game_does_not_use(monkeypatch):
    _, calls = run_spec("linux", monkeypatch)
    excludes = set(calls["Analysis"][1]["excludes"])
    assert {"numpy", "tkinter", "unittest", "pygame.tests", "pygame.examples"} <= excludes
    needed = {"json", "argparse", "pathlib", "pygame", "pygame.font", "pygame.image", "idioten"}
    assert not needed & excludes


def test_an_excluded_pygame_module_is_not_used_by_the_game(monkeypatch):
    # What build.spec leaves out to keep the file small must never be what the game needs (the mixer came
    # back with the sounds): this fails instead of the player.
    _, calls = run_spec("linux", monkeypatch)
    excluded = {name.split(".", 1)[1] for name in calls["Analysis"][1]["excludes"] if name.startswith("pygame.")}
    for path in (REPO / "idioten").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "pygame" not in text:  # names nothing under pygame: no need to parse it
            continue
        used = pygame_modules_used(source_trees.tree(text))
        for module in excluded:
            assert not {name for name in used if name == module or name.startswith(module + ".")}, \
                f"{path.relative_to(REPO)} uses pygame.{module}, which build.spec excludes"


def pygame_modules_used(tree: ast.AST) -> set[str]:
    """What code (not its comments) names under pygame: `import pygame.x`, `from pygame import x`,
    `from pygame.x import y`, `pygame.x`."""
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            used |= {alias.name.split(".", 1)[1] for alias in node.names if alias.name.startswith("pygame.")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "pygame":
            inner = node.module.split(".", 1)[1] if "." in node.module else ""
            used |= {f"{inner}.{alias.name}" if inner else alias.name for alias in node.names} | ({inner} - {""})
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "pygame":
            used.add(node.attr)
    return used


def test_the_game_code_is_read_for_the_pygame_modules_it_uses():
    code = "import pygame.mixer\nfrom pygame import font\nfrom pygame._sdl2.audio import X\npygame.image.load('x')\n"
    code += '"""pygame.camera in a docstring"""\n# pygame.midi in a comment\n'
    assert pygame_modules_used(ast.parse(code)) == {"mixer", "font", "_sdl2.audio", "_sdl2.audio.X", "image"}


def test_an_excluded_standard_module_is_not_imported_by_the_game(monkeypatch):
    # Every module left out is a smaller download; what the build leaves out of the standard library must not be
    # what the game imports (directly; the smoke run covers the rest).
    _, calls = run_spec("linux", monkeypatch)
    excluded = {name for name in calls["Analysis"][1]["excludes"] if not name.startswith("pygame")}
    assert {"unicodedata", "bz2", "lzma", "_decimal"} <= excluded
    for path in (REPO / "idioten").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for module in excluded:
            assert not re.search(rf"^\s*(import|from) {re.escape(module)}\b", text, re.M), \
                f"{path.relative_to(REPO)} imports {module}, which build.spec excludes"


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_no_system_gets_a_one_file_program(monkeypatch, platform):
    _, calls = run_spec(platform, monkeypatch)
    args, exe = calls["EXE"]
    assert exe["exclude_binaries"] is True and Analysis.binaries not in args and Analysis.datas not in args
    assert "COLLECT" in calls


WINDOWS_LIBRARIES = ["SDL2.dll", "SDL2_image.dll", "SDL2_mixer.dll", "SDL2_ttf.dll", "freetype.dll", "libjpeg-62.dll",
                     "libpng16-16.dll", "libtiff-5.dll", "libwebp-7.dll", "libwebpdemux-2.dll", "libogg-0.dll",
                     "libopus-0.dll", "libopusfile-0.dll", "libwavpack-1.dll", "libxmp.dll", "portmidi.dll",
                     "python312.dll", "VCRUNTIME140.dll", "pygame\\imageext.cp312-win_amd64.pyd"]  # pygame-ce 2.5.8


def test_the_windows_program_leaves_out_the_libraries_for_formats_the_game_never_opens(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    kept = [name for name, _, _ in spec_parts.needed_binaries([(name, "src", "BINARY") for name in WINDOWS_LIBRARIES])]
    assert kept == ["SDL2.dll", "SDL2_image.dll", "SDL2_mixer.dll", "SDL2_ttf.dll", "freetype.dll", "python312.dll",
                    "VCRUNTIME140.dll", "pygame\\imageext.cp312-win_amd64.pyd"]
    # The game opens SVG pictures, WAV sounds and a TrueType font, none of which needs a library left out.
    formats = {p.suffix for p in (REPO / "assets").rglob("*") if p.is_file()} - {".ico", ".icns", ".txt"}
    assert formats == {".svg", ".wav", ".ttf", ".png"}  # icon.png: for the Linux menu, never opened by the game
    png_lines = [line for path in (REPO / "idioten").rglob("*.py") for line in path.read_text(encoding="utf-8")
                 .splitlines() if ".png" in line.lower()]
    assert png_lines and all("is_file()" in line for line in png_lines)  # looked for (the smoke run), never opened
    for linux_or_macos in ("linux", "darwin"):  # linked against their codecs there: every library stays
        monkeypatch.setattr(sys, "platform", linux_or_macos)
        assert spec_parts.needed_binaries([("libjpeg-a5e764f6.so.62", "src", "BINARY")]) != []


@pytest.mark.parametrize("platform, icon", [("win32", "assets/icon.ico"), ("darwin", "assets/icon.icns"),
                                            ("linux", None)])
def test_the_icon_is_our_own_on_each_platform(monkeypatch, platform, icon):
    _, calls = run_spec(platform, monkeypatch)
    exe = calls["EXE"][1]
    if icon is None:
        assert exe["icon"] is None
    else:
        assert Path(exe["icon"]) == REPO / icon and (REPO / icon).is_file()
    if platform == "win32":
        kind, _, version = exe["version"]
        assert kind == "VSVersionInfo"
        assert f"'{idioten.__version__}'" in repr(version["kids"])
        numbers = tuple(int(part) for part in idioten.__version__.split("."))
        assert version["ffi"][2]["filevers"] == (numbers + (0, 0, 0, 0))[:4]


def test_the_windows_icon_holds_png_images_up_to_256_pixels():
    data = (REPO / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count >= 4
    sides = []
    for i in range(count):
        width, height, _, _, planes, bits, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        image = data[offset:offset + size]
        assert image.startswith(PNG_SIGNATURE) and len(image) == size
        png_width, png_height = struct.unpack(">II", image[16:24])
        assert (png_width, png_height) == (width or 256, height or 256)
        sides.append(png_width)
    assert {16, 32, 48, 256} <= set(sides)


def test_the_macos_icon_holds_png_images_and_adds_up():
    data = (REPO / "assets" / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    offset, kinds = 8, []
    while offset < len(data):
        kind, length = data[offset:offset + 4], struct.unpack(">I", data[offset + 4:offset + 8])[0]
        assert data[offset + 8:offset + 16] == PNG_SIGNATURE
        kinds.append(kind)
        offset += length
    assert offset == len(data) and {b"ic07", b"ic08", b"ic09"} <= set(kinds)


def smoke_from_source(data_dir, *args) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", IDIOTEN_DATA_DIR=str(data_dir))
    return subprocess.run([sys.executable, "-m", "idioten", "--smoke", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def test_smoke_mode_plays_the_real_window_and_exits_0(tmp_path):
    done = smoke_from_source(tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["smoke"] == "ok" and report["frozen"] is False
    assert report["steps"][:2] == ["first frame", "card pictures render from SVG"]
    assert report["steps"][-2:] == ["quit (Ctrl+Q)", "saved in the data folder"]
    assert any(step.startswith("discard") for step in report["steps"])
    assert {"undo (Ctrl+Z)", "redo (Ctrl+Y)", "back to Idioten (G)"} <= set(report["steps"])
    assert any(step.startswith("poker: place") for step in report["steps"])
    assert report["first_frame_epoch"] > 0 and 0 < report["import_to_first_frame_s"] < 60
    assert (tmp_path / "game.json").is_file()  # the save went to the data folder it was given


def test_smoke_mode_fails_in_one_line_when_saving_fails(tmp_path):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("in the way")
    done = smoke_from_source(not_a_folder)
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("idioten --smoke: failed:") and "Traceback" not in done.stderr


def test_smoke_mode_fails_when_the_card_pictures_are_missing(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(paths, "asset_roots", lambda: [tmp_path / "nowhere"])
    monkeypatch.setenv("IDIOTEN_DATA_DIR", str(tmp_path / "data"))
    assert cli.main(["--smoke"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "card pictures missing" in err


def test_smoke_mode_fails_when_the_card_pictures_do_not_render(tmp_path, monkeypatch, capsys):
    # The window would quietly draw plain stand-ins; the smoke run must not pass over that.
    assets = tmp_path / "assets"
    shutil.copytree(REPO / "assets", assets)
    (assets / "cards" / "AS.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="250" height="350"/>')
    monkeypatch.setattr(paths, "asset_roots", lambda: [assets])
    monkeypatch.setenv("IDIOTEN_DATA_DIR", str(tmp_path / "data"))
    assert cli.main(["--smoke"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the ace of spades does not look like one" in err


def test_smoke_mode_also_writes_its_outcome_to_the_report_file(tmp_path, monkeypatch, capsys):
    # The windowed Windows program has no standard output (sys.stdout is None): CI reads this file.
    report_file = tmp_path / "report.json"
    monkeypatch.setenv("IDIOTEN_SMOKE_REPORT", str(report_file))
    monkeypatch.setenv("IDIOTEN_DATA_DIR", str(tmp_path / "data"))
    assert cli.main(["--smoke"]) == 0, capsys.readouterr().err
    assert json.loads(report_file.read_text()) == json.loads(capsys.readouterr().out)
    monkeypatch.setattr(paths, "asset_roots", lambda: [tmp_path / "nowhere"])
    monkeypatch.setattr(sys, "stderr", None)  # as in the windowed program
    assert cli.main(["--smoke"]) == 1
    assert report_file.read_text().startswith("idioten --smoke: failed: card pictures missing")


def test_smoke_mode_requires_the_compiled_core_only_to_be_there(monkeypatch):
    from idioten.acesup import solver

    monkeypatch.setenv("IDIOTEN_REQUIRE_COMPILED", "1")
    monkeypatch.setattr(solver, "CORE", "python")  # chosen with IDIOTEN_PURE_PYTHON: fine
    assert smoke.check_solver_core() == "python"
    monkeypatch.setattr(solver, "COMPILED_BUILT", False)  # a bundle that lost the module: not fine
    with pytest.raises(smoke.SmokeFailure, match="compiled solver core is missing"):
        smoke.check_solver_core()
    monkeypatch.setenv("IDIOTEN_REQUIRE_COMPILED", "0")
    assert smoke.check_solver_core() == "python"


@posix_only  # symbolic links, as in the bundle
def test_smoke_mode_finds_the_pictures_inside_a_macos_app_bundle(tmp_path, monkeypatch):
    # In an .app, sys._MEIPASS is Contents/Frameworks and the data lie in Contents/Resources, linked from
    # there: the pictures are inside the bundle although their real path is not under sys._MEIPASS.
    contents = tmp_path / "Idioten.app" / "Contents"
    shutil.copytree(REPO / "assets", contents / "Resources" / "assets")
    (contents / "Frameworks").mkdir()
    (contents / "Frameworks" / "assets").symlink_to(Path("..", "Resources", "assets"))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(contents / "Frameworks"), raising=False)
    assert smoke.bundle_root() == contents.resolve()
    assert Path(smoke.check_assets()) == contents / "Frameworks" / "assets"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "idioten" / "_internal"))
    assert smoke.bundle_root() == (tmp_path / "idioten" / "_internal").resolve()  # the folder beside the program
    monkeypatch.setattr(paths, "asset_roots", lambda: [contents / "Resources" / "assets"])
    with pytest.raises(smoke.SmokeFailure, match="not inside the bundle"):
        smoke.check_assets()


def test_smoke_mode_uses_a_throwaway_data_folder_when_none_is_given(monkeypatch, capsys):
    monkeypatch.delenv("IDIOTEN_DATA_DIR", raising=False)
    assert cli.main(["--smoke", "--deal", "3"]) == 0, capsys.readouterr().err
    report = json.loads(capsys.readouterr().out)
    assert report["deal"] == 3
    assert "IDIOTEN_DATA_DIR" not in os.environ


def test_smoke_mode_reads_the_saved_game_only_once_the_writer_has_written_it(monkeypatch, capsys):
    # The writer thread is held back: it writes a document only once some thread has started waiting for the
    # writer (SaveWriter.wait) after the document was handed over. A smoke run that read the data folder
    # without waiting would find an older save, here every time rather than only when the writer is slow.
    from idioten.storage.store import Store
    from idioten.ui.save_writer import SaveWriter

    turn, waits, handed_over = threading.Condition(), [0], {}
    real_submit, real_wait, real_save = SaveWriter.submit, SaveWriter.wait, Store.save_file

    def submit(writer, points):
        points = list(points)
        with turn:
            for point in points:
                handed_over[id(point.document)] = waits[0]
        real_submit(writer, points)

    def wait(writer, timeout=None):
        with turn:
            waits[0] += 1
            turn.notify_all()
        return real_wait(writer, timeout)

    def save_file(store, name, document):
        if id(document) in handed_over:
            with turn:
                turn.wait_for(lambda: waits[0] > handed_over[id(document)], HANG_GUARD)
        return real_save(store, name, document)
    monkeypatch.setattr(SaveWriter, "submit", submit)
    monkeypatch.setattr(SaveWriter, "wait", wait)
    monkeypatch.setattr(Store, "save_file", save_file)
    monkeypatch.delenv("IDIOTEN_DATA_DIR", raising=False)
    assert cli.main(["--smoke", "--deal", "3"]) == 0, capsys.readouterr().err
    assert "saved in the data folder" in json.loads(capsys.readouterr().out)["steps"]


def test_the_icon_files_are_up_to_date_with_the_svg():
    # After a change to assets/icon.svg: python tools/make_icon_files.py, and commit the two files.
    import io

    import pygame

    data = (REPO / "assets" / "icon.ico").read_bytes()
    count = struct.unpack_from("<H", data, 4)[0]
    entries = [struct.unpack_from("<BBBBHHII", data, 6 + 16 * i) for i in range(count)]
    size, offset = next((e[6], e[7]) for e in entries if e[0] == 0)
    stored = pygame.image.load(io.BytesIO(data[offset:offset + size]), "icon.png")
    fresh = pygame.image.load_sized_svg(str(REPO / "assets" / "icon.svg"), (256, 256))
    assert pygame.image.tobytes(stored, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
