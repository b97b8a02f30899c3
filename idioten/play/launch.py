"""What a game offers the command line that opens the window (`idioten [options]`): its options, each fixing one
of its settings for this run only, and whether a deal named there (--deal, --cards) is its deal, which opens the
window in that game.

Plain data, no game's rules and no window: the command line's parser reads every game's launch (the registry,
ui/games.py) before the window's first picture, for every command. Each game declares its own in
play/<game>/launch.py; the parser adds their options in the registry's order, after its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypeAlias

if TYPE_CHECKING:  # the saved settings' module is not loaded for the parser: every command builds it
    from idioten.storage.settings import GameValue

# The settings the command line fixed for this run, by game and setting: {"idioten": {"variant": "aces-only"}}.
Fixed: TypeAlias = "dict[str, dict[str, GameValue]]"
ON_OFF_WORDS = {True: "on", False: "off"}  # how a setting that is on or off is written on the command line


# NamedTuples, not dataclasses: made in a tenth of the time, before the window's first picture (ui/opening.py).
class LaunchOption(NamedTuple):
    """One option of the window's command line: `flag`, a long option ("--variant"), fixes the game's setting
    named `setting` for this run to the value given, one of `values` (the setting's own, as its `GameSetting`
    declares them: tests/play/test_launch.py) as the command line writes them (`words`); its line in `idioten
    --help` is the catalogue's text `help_key`. Not given, the setting is as saved."""

    flag: str
    setting: str
    values: tuple[GameValue, ...]
    help_key: str

    @property
    def dest(self) -> str:
        """Where argparse keeps its value: "--toy-speed" -> "toy_speed"."""
        return self.flag[2:].replace("-", "_")

    @property
    def words(self) -> tuple[str, ...]:
        """The setting's values as written on the command line: a text as it is, a number in digits, a flag on
        or off."""
        return tuple(word(value) for value in self.values)

    def value(self, given: str) -> GameValue:
        """The setting's value for a word of `words` (argparse has refused any other)."""
        return self.values[self.words.index(given)]


def word(value: GameValue) -> str:
    return ON_OFF_WORDS[value] if isinstance(value, bool) else str(value)


class GameLaunch(NamedTuple):
    """A game's part of the window's command line. `game` is its name in files (its `GameKind.name`)."""

    game: str
    options: tuple[LaunchOption, ...] = ()
    takes_deal: bool = False  # --deal and --cards name a deal of this game (one game at most may say so)
