"""The learned evaluation of a turn's end (issue 38): integer weights of `core.end_features`, one row per stage
of the game (`core.stage`), shipped in `learned.json` beside this module and trained by
`python -m bench.learn_evaluation` (which says how). The learned hint player's rollouts rank the ends of their
turns by it (`core.learned_key`) instead of `core.turn_key`.

The weights are read once, when first asked for. A missing or damaged file makes `weights()` raise
`LearnedWeightsError` with a message saying what is wrong: only the learned player needs them, and a player
asking for it is told, never handed a half-read table.
"""

from __future__ import annotations

import json
from pathlib import Path

from idioten.acesup.hint.core import FEATURES, STAGES, Learned

PATH = Path(__file__).with_name("learned.json")
LIMIT = 32767  # the compiled core keeps each weight within 16 bits, so a key cannot overflow


class LearnedWeightsError(ValueError):
    """The learned evaluation's weights are missing or damaged."""


_cache: dict[Path, Learned] = {}


def parse(text: str) -> Learned:
    """The flat weights of a `learned.json` text; LearnedWeightsError if it is not one."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise LearnedWeightsError(f"not JSON ({error})") from None
    rows = data.get("weights") if isinstance(data, dict) else None
    if (not isinstance(rows, list) or len(rows) != STAGES
            or any(not isinstance(row, list) or len(row) != FEATURES for row in rows)):
        raise LearnedWeightsError(f"'weights' must be {STAGES} rows of {FEATURES} integers")
    flat = [value for row in rows for value in row]
    if any(type(value) is not int or abs(value) > LIMIT for value in flat):
        raise LearnedWeightsError(f"every weight must be an integer between -{LIMIT} and {LIMIT}")
    return tuple(flat)


def weights(path: Path | None = None) -> Learned:
    """The shipped weights (or those at `path`), read once."""
    path = PATH if path is None else path
    if path not in _cache:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise LearnedWeightsError(f"the learned evaluation's weights could not be read: {path}: {error}") from None
        try:
            _cache[path] = parse(text)
        except LearnedWeightsError as error:
            raise LearnedWeightsError(f"the learned evaluation's weights are damaged: {path}: {error}") from None
    return _cache[path]
