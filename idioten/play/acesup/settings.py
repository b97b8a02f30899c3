"""Aces Up's own settings, in its section of settings.json ("idioten"): which variant a new deal is dealt in,
discarding on its own, marking the cards that may go, the verdict as you play, dealing winnable deals only.
No pygame here. The window shows them on its settings screen through the game's `GameKind` (ui/acesup/), and
the window's shell knows none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from idioten.acesup.options import STANDARD, VARIANTS
from idioten.storage.files import Notice
from idioten.storage.settings import OFF_ON, GameSetting, GameValue, Settings

GAME = "idioten"  # its section, as the game's name in files
VARIANT = GameSetting("variant", VARIANTS)  # also the values of the command line's --variant (play/acesup/launch.py)
SETTINGS = (VARIANT, GameSetting("auto_discard", OFF_ON),
            GameSetting("highlight_discardable", OFF_ON), GameSetting("live_verdict", OFF_ON),
            GameSetting("winnable_only", OFF_ON))


@dataclass(frozen=True)
class AcesUpSettings:
    variant: str = STANDARD
    auto_discard: bool = False
    highlight_discardable: bool = False
    live_verdict: bool = False
    winnable_only: bool = False


def aces_up_settings(settings: Settings) -> AcesUpSettings:
    """Aces Up's settings as stored (a value it does not accept: the default)."""
    # The window asks several times a frame; a change of settings is a new `Settings` (frozen), so the last
    # answer holds for as long as the very same object is asked about (held here, its id is never reused).
    last = _LAST_READ[0]
    if last is not None and last[0] is settings:
        return last[1]
    values = settings.game(GAME, SETTINGS)
    read = AcesUpSettings(str(values["variant"]), *(bool(values[s.name]) for s in SETTINGS[1:]))
    _LAST_READ[0] = (settings, read)
    return read


_LAST_READ: list[tuple[Settings, AcesUpSettings] | None] = [None]


def fixed_variant(fixed: Mapping[str, GameValue]) -> str | None:
    """The variant the command line fixed for this run (`Opening.fixed`), None if it fixed none."""
    value = fixed.get(VARIANT.name)
    return value if isinstance(value, str) and VARIANT.accepts(value) else None


def problems(settings: Settings) -> list[Notice]:
    """One notice for each of its settings stored with a value it does not accept (hand-edited, damaged)."""
    return [Notice("store.bad_setting", {"name_key": f"store.setting.{name}"})
            for name in settings.game_problems(GAME, SETTINGS)]
