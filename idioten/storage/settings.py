"""Settings: what the player chose, remembered across runs. No pygame here.

`Settings` is a frozen dataclass; `settings.changed(name, value)` returns a new one or raises ValueError for an
invalid value (the window only offers valid ones, so that is a programming error). `settings.json` (format
"idioten-settings", version 1) is read field by field: an unknown or invalid value falls back to its default
with a one-line notice, the other fields are kept, and the next save writes the corrected file. Unknown
fields are ignored. A file that is not a settings document at all is moved aside like any bad file.

`language` None means "the system's language" (`i18n.detect_language()`); `card_back` is a name the window
knows (it falls back to its own default for a name it has no picture for). The window reads this same
object (`app.settings`): a change replaces it there too.

Each game keeps its own settings in a section of its own, `"games": {"idioten": {"variant": ...}, ...}`,
declared by the game (`GameSetting`, e.g. play/acesup/settings.py) and read through `Settings.game`: a value
the game does not accept takes its default. The storage layer knows no game's settings. The previous version
kept Aces Up's (variant, auto_discard, highlight_discardable, live_verdict, winnable_only) at the top level:
such a file is read into the "idioten" section, unchanged, and the next save writes it there.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeGuard

from idioten.i18n import LANGUAGES
from idioten.storage.files import JsonObject, Notice, data_dir, read_json, write_json_atomic

SETTINGS_FILE = "settings.json"
SETTINGS_FORMAT = "idioten-settings"
SETTINGS_VERSION = 1
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
# How much faster than normal each speed plays; 0 means no animation.
ANIMATION_FACTORS = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.5}
TABLE_COLOURS = ("green", "blue", "red", "grey", "dark")  # the felt's (ui/kit/felt.py), green by default
# The size of every text in the window, in per cent of the size the layout gives it (ui/kit/layout.py).
TEXT_SIZES = (100, 125, 150)
SOUND_LEVELS = ("off", "quiet", "normal", "loud")  # off by default; the others are volumes (ui/kit/sound.py)
# Speech (idioten/speech/): "auto", the default, speaks only where a screen reader runs.
SPEAK_MODES = ("auto", "on", "off")
_CARD_BACK_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
# What "last_game" may hold: the name of any game the window plays (ui/games.py lists them, and storage/ cannot
# know them); the window opens the first game in place of a name it does not play.
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


# The previous version's settings of its first game, kept at the top level of settings.json.
FIRST_GAME = "idioten"
FIRST_GAMES_OLD_SETTINGS = ("variant", "auto_discard", "highlight_discardable", "live_verdict", "winnable_only")
GameValue = str | bool | int | None  # what a game's setting may hold in settings.json
OFF_ON: tuple[GameValue, ...] = (False, True)  # the values of a setting that is off (its default) or on


def is_game_name(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and _GAME_NAME.fullmatch(value) is not None


@dataclass(frozen=True)
class GameSetting:
    """One setting a game declares: its name and the values it may take, the first its default."""

    name: str
    values: tuple[GameValue, ...]

    @property
    def default(self) -> GameValue:
        return self.values[0]

    def accepts(self, value: object) -> bool:
        # By type too: 0 is no flag and True no count, although they compare equal.
        return any(type(value) is type(allowed) and value == allowed for allowed in self.values)


def checked_values(declared: Sequence[GameSetting], section: object) -> dict[str, GameValue]:
    """Each declared setting's value as `section` (read from a file: it may hold anything) stores it if the
    setting accepts it, else its default: a hand-edited or damaged value never stops play."""
    stored = section if isinstance(section, Mapping) else {}
    return {s.name: stored[s.name] if s.accepts(stored.get(s.name, _MISSING)) else s.default for s in declared}


@dataclass(frozen=True)
class Settings:
    animation: str = "normal"
    four_colour: bool = False
    card_back: str = "blue"
    table_colour: str = "green"
    text_size: int = 100
    language: str | None = None
    sound: str = "off"
    clock: bool = False  # the game's time and moves on the status bar (they are kept either way)
    speak: str = "auto"
    # Not chosen in the settings screen: the window as it was left, so the next start opens it the same way.
    window_size: tuple[int, int] | None = None  # windowed size, also while in fullscreen
    window_position: tuple[int, int] | None = None  # None where the platform does not tell it (Wayland)
    fullscreen: bool = False
    # The game the window opens in, by name (None: none chosen yet, the first game). The previous version kept
    # it in poker.json: `Store.open` takes it from there once.
    last_game: str | None = None
    # The guided first game (play/acesup/guide.py) is offered once, at the very first start: True once it was.
    guide_offered: bool = False
    # Each game's own settings, by game name, as read (a game reads them through `game`, which checks them).
    games: Mapping[str, Mapping[str, GameValue]] = field(default_factory=dict)

    def game(self, name: str, declared: Sequence[GameSetting]) -> dict[str, GameValue]:
        """The game's settings, each the stored value if the game accepts it, else its default."""
        return checked_values(declared, self.games.get(name, {}))

    def game_problems(self, name: str, declared: Sequence[GameSetting]) -> list[str]:
        """The names of the game's settings stored with a value the game does not accept (they take their
        default): what to tell the player once."""
        section = self.games.get(name, {})
        return [s.name for s in declared if s.name in section and not s.accepts(section[s.name])]

    def game_changed(self, game: str, name: str, value: GameValue) -> Settings:
        """One of a game's settings changed (the game checks the value: `GameSetting.accepts`)."""
        if not is_game_name(game) or not _is_setting_name(name) or not _is_game_value(value):
            raise ValueError(f"{game!r}: {name!r} = {value!r} is no game setting")
        games = {g: dict(values) for g, values in self.games.items()}
        games.setdefault(game, {})[name] = value
        return dataclasses.replace(self, games=games)

    def changed(self, name: str, value: object) -> Settings:
        if name not in _VALID:
            raise ValueError(f"no setting {name!r}")
        if not _VALID[name](value):
            raise ValueError(f"{value!r} is not a valid {name}")
        fields: JsonObject = {name: tuple(value) if isinstance(value, list) else value}  # checked by _VALID
        return dataclasses.replace(self, **fields)

    def duration(self, seconds: float) -> float:
        """An animation's length at the chosen speed; 0 when animations are off.

        >>> Settings(animation="fast").duration(0.5), Settings(animation="off").duration(0.5)
        (0.25, 0.0)
        """
        factor = ANIMATION_FACTORS[self.animation]
        return seconds / factor if factor > 0 else 0.0


def _flag(value: object) -> bool:
    return isinstance(value, bool)


def _pair(value: object, low: int) -> bool:
    """None, or two whole numbers from `low` on (a JSON list reads back as a list)."""
    return value is None or (isinstance(value, (list, tuple)) and len(value) == 2 and all(
        isinstance(n, int) and not isinstance(n, bool) and low <= n <= 100_000 for n in value))


_MISSING = object()
_SETTING_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


def _is_setting_name(value: object) -> bool:
    return isinstance(value, str) and _SETTING_NAME.fullmatch(value) is not None


def _is_game_value(value: object) -> bool:
    return value is None or isinstance(value, (str, bool)) and len(str(value)) <= 64 or (
        isinstance(value, int) and abs(value) <= 10**9)


def _game_sections(value: object) -> bool:
    """{game name: {setting name: a short text, a flag, a whole number or null}}."""
    return isinstance(value, dict) and all(
        is_game_name(game) and isinstance(section, dict)
        and all(_is_setting_name(name) and _is_game_value(v) for name, v in section.items())
        for game, section in value.items())


_VALID = {
    "animation": lambda v: v in ANIMATION_SPEEDS,
    "four_colour": _flag,
    "card_back": lambda v: isinstance(v, str) and bool(_CARD_BACK_NAME.fullmatch(v)),
    "table_colour": lambda v: v in TABLE_COLOURS,
    "text_size": lambda v: type(v) is int and v in TEXT_SIZES,  # by type: true is no size, nor 125.0
    "language": lambda v: v is None or v in LANGUAGES,
    "sound": lambda v: v in SOUND_LEVELS,
    "clock": _flag,
    "speak": lambda v: v in SPEAK_MODES,
    "window_size": lambda v: _pair(v, 1),
    "window_position": lambda v: _pair(v, -100_000),
    "fullscreen": _flag,
    "last_game": lambda v: v is None or is_game_name(v),
    "guide_offered": _flag,
    "games": _game_sections,
}

# A file written before a field existed takes these values instead of the defaults: its player has started the
# game before, so the guide offered at the very first start is not offered to them (the menu still has it).
_BEFORE_THE_FIELD = {"guide_offered": True}


def settings_to_json(settings: Settings) -> JsonObject:
    document = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, **dataclasses.asdict(settings)}
    document["games"] = {game: dict(values) for game, values in settings.games.items()}
    return document


def settings_from_json(data: JsonObject) -> tuple[Settings, list[Notice]]:
    values: JsonObject = {}  # each value checked by _VALID before it is kept
    notices = []
    if "games" not in data:  # the previous version's file: its first game's settings at the top level
        old = {name: data[name] for name in FIRST_GAMES_OLD_SETTINGS if name in data and _is_game_value(data[name])}
        data = {**data, "games": {FIRST_GAME: old}}
    for item in dataclasses.fields(Settings):
        if item.name not in data:
            if item.name in _BEFORE_THE_FIELD:
                values[item.name] = _BEFORE_THE_FIELD[item.name]
            continue  # any other setting added after this file was written simply takes its default
        value = data[item.name]
        if _VALID[item.name](value):
            values[item.name] = tuple(value) if isinstance(value, list) else value
        else:
            notices.append(Notice("store.bad_setting", {"name_key": "store.setting." + item.name}))
    return Settings(**values), notices


def settings_path(folder: Path | None = None) -> Path:
    return Path(folder if folder is not None else data_dir()) / SETTINGS_FILE


def save_settings(settings: Settings, folder: Path | None = None) -> None:
    """Write atomically; raises storage.files.StoreError (with a `.notice`) if it cannot."""
    write_json_atomic(settings_path(folder), settings_to_json(settings))


def load_settings(folder: Path | None = None) -> tuple[Settings, list[Notice]]:
    data, notices = read_json(settings_path(folder), SETTINGS_FORMAT, SETTINGS_VERSION)
    if data is None:
        return Settings(), notices
    settings, field_notices = settings_from_json(data)
    return settings, notices + field_notices
