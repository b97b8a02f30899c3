"""The Windows installer (packaging/windows/idioten.nsi): made with NSIS's makensis, which runs on Linux too;
looked into with 7-Zip, which reads both the installer's Windows program and the files it carries; and, on
Windows only, installed and uninstalled for real by the release smoke run (packaging/release_files.py).

On Linux the installer is made of the Linux folder, as a stand-in for the Windows one: everything but the
program's own files is the same (the script, its languages, pages, shortcuts, registry entries and
uninstaller, the compression of a folder of this size), and makensis refuses a script with any warning
(-WX). What 7-Zip then checks, without Windows: a windowed Windows program that asks for no administrator
rights (its manifest says asInvoker), carries the version and our icon, and holds every file of the folder
byte for byte, the licence and the uninstaller. That it installs, makes its shortcuts and uninstall entry
and removes them again is seen only on Windows (the release workflow's smoke run).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SCRIPT = HERE / "windows" / "idioten.nsi"
ICON = REPO / "assets" / "icon.ico"
LICENSE = REPO / "LICENSE"
UNINSTALLER = "Uninstall.exe"
UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Idioten"
START_MENU_SHORTCUT = Path("Microsoft", "Windows", "Start Menu", "Programs", "Idioten.lnk")  # under %APPDATA%
TIMEOUT_S = 600


class ReleaseError(Exception):
    pass


def four_numbers(version: str) -> str:
    numbers = [int(re.match(r"\d*", part).group() or 0) for part in version.split(".")[:4]]  # type: ignore[union-attr]
    return ".".join(str(n) for n in numbers + [0] * (4 - len(numbers)))


def tool(names: tuple[str, ...], windows_folders: tuple[str, ...], package: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    for variable in ("ProgramFiles", "ProgramFiles(x86)"):
        for folder in windows_folders:
            candidate = Path(os.environ.get(variable, "-"), folder, names[0] + ".exe")
            if candidate.is_file():
                return str(candidate)
    raise ReleaseError(f"{names[0]} is not installed (Debian: apt-get install {package})")


def makensis() -> str:
    return tool(("makensis",), ("NSIS",), "nsis")


def seven_zip() -> str:
    return tool(("7z", "7zz", "7za"), ("7-Zip",), "7zip")


def build(folder: Path, target: Path, version: str) -> Path:
    """makensis on the script, with every warning an error; returns the installer."""
    target.parent.mkdir(parents=True, exist_ok=True)
    defines = {"VERSION": version, "VERSION4": four_numbers(version), "SOURCE": folder.resolve(), "ICON": ICON,
               "LICENSE_FILE": LICENSE, "OUTFILE": target.resolve()}
    argv = [makensis(), "-WX", "-V2", "-NOCD"] + [f"-D{key}={value}" for key, value in defines.items()] + [str(SCRIPT)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_S)
    if done.returncode != 0 or not target.is_file():
        raise ReleaseError(f"makensis exited {done.returncode}: {(done.stdout + done.stderr).strip()[-600:]}")
    return target


def listing(installer: Path, kind: str) -> tuple[dict[str, str], list[dict[str, str]]]:
    """7-Zip's technical listing of the installer read as a `kind` archive ('pe' or 'nsis'): the archive's
    own properties, then one dictionary per entry."""
    done = subprocess.run([seven_zip(), "l", "-slt", f"-t{kind}", str(installer)], capture_output=True,
                          text=True, timeout=TIMEOUT_S)
    if done.returncode != 0:
        raise ReleaseError(f"7-Zip cannot read {installer.name} as {kind}: {done.stderr.strip()[-300:]}")
    head, _, body = done.stdout.partition("\n----------\n")
    blocks = [dict(re.findall(r"^(\w[\w ]*?) = (.*)$", block, re.M)) for block in body.split("\n\n")]
    for block in blocks:  # 7-Zip on Windows writes the paths with backslashes
        if "Path" in block:
            block["Name"] = block["Path"].replace("\\", "/")
    properties = dict(re.findall(r"^(\w[\w ]*?) = (.*)$", head.split("\n--\n")[-1], re.M))
    properties["Comment"] = head  # the version resource, printed as a block
    return properties, [block for block in blocks if "Path" in block]


def extract(installer: Path, kind: str, into: Path, *names: str) -> None:
    done = subprocess.run([seven_zip(), "x", "-y", f"-t{kind}", f"-o{into}", str(installer), *names],
                          capture_output=True, text=True, timeout=TIMEOUT_S)
    if done.returncode != 0:
        raise ReleaseError(f"7-Zip cannot unpack {installer.name}: {done.stderr.strip()[-300:]}")


def folder_files(folder: Path) -> dict[str, Path]:
    """The folder's files as the installer carries them (a symbolic link as the file it names)."""
    return {path.relative_to(folder).as_posix(): path for path in sorted(folder.rglob("*")) if path.is_file()}


def icon_images(ico: Path) -> set[bytes]:
    data = ico.read_bytes()
    count = int.from_bytes(data[4:6], "little")
    images = set()
    for index in range(count):
        entry = data[6 + 16 * index: 22 + 16 * index]
        size, offset = int.from_bytes(entry[8:12], "little"), int.from_bytes(entry[12:16], "little")
        images.add(data[offset:offset + size])
    return images


def check(installer: Path, folder: Path, version: str) -> dict:
    """What can be known of the installer without Windows; raises ReleaseError naming the first fault."""
    program, entries = listing(installer, "pe")
    faults = []
    if program.get("Subsystem") != "Windows GUI":
        faults.append(f"it is not a windowed Windows program ({program.get('Subsystem')})")
    for key in ("ProductVersion", "FileVersion"):
        if f"{key}: {version}\n" not in program["Comment"] + "\n":
            faults.append(f"its {key} is not {version}")
    names = {entry["Name"]: entry["Path"] for entry in entries}
    with tempfile.TemporaryDirectory(prefix="idioten-installer-") as scratch_name:
        scratch = Path(scratch_name)
        manifest = next((path for name, path in names.items() if "/MANIFEST/" in name), None)
        icons = sorted(path for name, path in names.items() if "/ICON/" in name)
        extract(installer, "pe", scratch / "pe", *filter(None, [manifest, *icons]))
        text = (scratch / "pe" / manifest).read_text(encoding="utf-8", errors="replace") if manifest else ""
        level = re.search(r'requestedExecutionLevel\s+level="(\w+)"', text)
        if not level or level.group(1) != "asInvoker":
            faults.append("it asks for administrator rights (its manifest does not say asInvoker)")
        ours = icon_images(ICON)
        if not icons or not all((scratch / "pe" / name).read_bytes() in ours for name in icons):
            faults.append("its icon is not assets/icon.ico")

        archive, carried = listing(installer, "nsis")
        carried_names = {entry["Name"] for entry in carried if not entry["Name"].startswith("$PLUGINSDIR/")}
        expected = folder_files(folder)
        missing = sorted(set(expected) - carried_names)
        extra = sorted(carried_names - set(expected) - {"LICENSE.txt", UNINSTALLER})
        if missing or extra or {"LICENSE.txt", UNINSTALLER} - carried_names:
            faults.append(f"it does not carry the folder as it is: missing {missing[:5]}, more {extra[:5]}, "
                          f"licence and uninstaller {sorted({'LICENSE.txt', UNINSTALLER} & carried_names)}")
        else:
            extract(installer, "nsis", scratch / "files")
            differ = [name for name, path in expected.items()
                      if (scratch / "files" / name).read_bytes() != path.read_bytes()]
            if differ or (scratch / "files" / "LICENSE.txt").read_bytes() != LICENSE.read_bytes():
                faults.append(f"files differ from the folder's: {(differ or ['LICENSE.txt'])[:5]}")
    if faults:
        raise ReleaseError(f"{installer.name}: " + "; ".join(faults))
    return {"installer": installer.name, "bytes": installer.stat().st_size, "files": len(expected),
            "version": version, "execution_level": "asInvoker", "archive": archive.get("SubType", "")}


# On Windows only: the installer run as a player's double-click would, silently (/S), and undone.

def reg_query(key: str) -> bool:
    return subprocess.run(["reg", "query", key], capture_output=True).returncode == 0


def start_menu_shortcut() -> Path:
    return Path(os.environ["APPDATA"]) / START_MENU_SHORTCUT


def install(installer: Path, into: Path) -> Path:
    """Install silently into `into`; returns the installed program, after checking the shortcut and the
    uninstall entry are there."""
    if sys.platform != "win32":
        raise ReleaseError(f"{installer.name} installs only on Windows; check-installer looks into it here")
    if reg_query(UNINSTALL_KEY):
        raise ReleaseError("Idioten is installed for this user already: the smoke run would take over its "
                           "uninstall entry and shortcut; uninstall it first, or run the smoke run elsewhere")
    # /D must come last and unquoted (NSIS's rule); /S: no pages, the default choices.
    done = subprocess.run([str(installer), "/S", f"/D={into}"], capture_output=True, timeout=TIMEOUT_S)
    program = into / "idioten.exe"
    made = (("the program", program.is_file()), ("the licence", (into / "LICENSE.txt").is_file()),
            ("the uninstaller", (into / UNINSTALLER).is_file()),
            ("the Start-menu shortcut", start_menu_shortcut().is_file()),
            ("the uninstall entry", reg_query(UNINSTALL_KEY)))
    faults = [what for what, there in made if not there]
    if done.returncode != 0 or faults:
        raise ReleaseError(f"{installer.name} /S exited {done.returncode}; missing after it: {', '.join(faults)}")
    return program


def uninstall(into: Path) -> None:
    """The uninstaller run silently in place (_?= makes it wait, and then it cannot remove itself); everything
    the installer made must be gone but the uninstaller itself, which is removed here."""
    if sys.platform != "win32":
        return
    done = subprocess.run([str(into / UNINSTALLER), "/S", f"_?={into}"], capture_output=True, timeout=TIMEOUT_S)
    left = sorted(path.name for path in into.iterdir() if path.name != UNINSTALLER) if into.is_dir() else []
    faults = left + [what for what, there in (("the Start-menu shortcut", start_menu_shortcut().exists()),
                                              ("the uninstall entry", reg_query(UNINSTALL_KEY))) if there]
    shutil.rmtree(into, ignore_errors=True)
    if done.returncode != 0 or faults:
        raise ReleaseError(f"the uninstaller exited {done.returncode}; left behind: {', '.join(faults)}")
