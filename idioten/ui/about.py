"""About Idioten (the menu): what a player or a helper asks first when something seems wrong. The version;
whether the searches run compiled or in Python, and why (idioten/cores.py: a player who installed without a C
compiler is told here why the solver is slow); where the games are saved, with a button that opens the folder
in the system's file manager (desktop/folders.py); where crash reports and the log go; the licences.

Paths inside the home folder are shown as `~/…`, as the log and the reports write them, except on Windows,
whose players know no `~`."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from idioten import __version__, cores, i18n
from idioten.desktop.crash import reports_folder
from idioten.desktop.logbook import home_relative, log_path
from idioten.storage.store import MemoryStore
from idioten.ui.kit.panels import Panel
from idioten.ui.kit.scene import Host
from idioten.ui.kit.widgets import Button

CORE_KEYS = {"solver": "ui.about.core_solver", "hint": "ui.about.core_hint", "poker": "ui.about.core_poker"}


@dataclass(frozen=True)
class Facts:
    """What the panel tells, gathered once when it opens."""
    version: str
    python_cores: tuple[str, ...]  # the cores that run in Python (names of cores.EXTENSIONS)
    asked_for_python: bool  # IDIOTEN_PURE_PYTHON chose them; otherwise the extensions were not built
    folder: Path | None  # the data folder, None when nothing is saved
    platform: str


def gather(app: Host, platform: str = sys.platform) -> Facts:
    running = cores.running()
    store = app.store
    return Facts(__version__, tuple(name for name, core in running.items() if core == cores.PYTHON),
                 cores.env_flag(cores.PURE_PYTHON_ENV), None if isinstance(store, MemoryStore) else store.folder,
                 platform)


def shown_path(path: Path, platform: str) -> str:
    return str(path) if platform == "win32" else home_relative(str(path))


def describe_cores(facts: Facts) -> str:
    if not facts.python_cores:
        return i18n.t("ui.about.cores_compiled")
    names = ", ".join(i18n.t(CORE_KEYS[name]) for name in facts.python_cores)
    why = i18n.t("ui.about.why_asked" if facts.asked_for_python else "ui.about.why_no_compiler")
    return i18n.t("ui.about.cores_python", cores=names, why=why)


class AboutPanel(Panel):
    width_share = 0.7

    def __init__(self, app: Host, facts: Facts | None = None,
                 show_folder: Callable[[Path], bool] | None = None):
        self.facts = facts or gather(app)
        self.show_folder = show_folder  # desktop/folders.py's, unless a test gives its own
        self.could_not_open = False
        super().__init__(app)

    def build(self) -> None:
        self.open_button = Button("ui.about.open_folder", self.open_folder,
                                  enabled=lambda: self.facts.folder is not None)
        self.close_button = Button("ui.button.close", self.close)
        self.fill_rows()

    def fill_rows(self) -> None:
        facts = self.facts
        self.rows = [("title", "ui.about.title"), ("text", i18n.t("ui.about.version", version=facts.version)),
                     ("text", describe_cores(facts))]
        if facts.folder is None:
            self.rows.append(("text", "ui.about.not_saved"))
        else:
            self.rows += [("text", i18n.t("ui.about.folder", folder=shown_path(facts.folder, facts.platform))),
                          ("text", i18n.t("ui.about.reports",
                                          folder=shown_path(reports_folder(facts.folder), facts.platform),
                                          log=shown_path(log_path(facts.folder), facts.platform)))]
        if self.could_not_open:
            self.rows.append(("text", "ui.about.cannot_open"))
        self.rows.append(("text", "ui.about.licence"))
        self.buttons = []
        self.add_buttons(self.open_button, self.close_button)

    def default_button(self) -> Button | None:
        return self.close_button  # Enter closes, as in every other information panel

    def language_changed(self) -> None:
        self.fill_rows()
        super().language_changed()

    def open_folder(self) -> None:
        if self.facts.folder is None:
            return
        show = self.show_folder
        if show is None:
            from idioten.desktop.folders import show_folder
            show = show_folder
        if not show(self.facts.folder):
            self.could_not_open = True
            self.fill_rows()
            self.resize(self.app.layout)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_o:
            self.open_folder()
        else:
            super().key(event)
