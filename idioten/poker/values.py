"""What an unfinished line is worth: the computer player's judgement. No pygame here.

A line that is not full yet is described by a small *abstraction*: the pattern of its rank counts (e.g. a
pair and two singles), whether it can still become a straight, whether it can still become a flush (one
suit so far and enough of that suit unseen), whether it is a row, column or diagonal, and how far the game
has gone. The value of an abstraction is the mean final points of lines that passed through it in games
played by the player itself (learned by `idioten.poker.learn`, stored in `line_values.json`). Lines that are
full are worth their exact points. This follows the idea of learning hand-abstraction values by self-play
(Neller et al. describe it for Poker Squares); the features and the code here are our own.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from idioten.poker.hands import LINE, RANK_BITS, RANK_MASK, SUIT_SHIFT, classify_sum, count_patterns, rank_multisets

STAGES = 8
KINDS = 3
VALUES_FILE = Path(__file__).with_name("line_values.json")
VALUES_FORMAT = "idioten-poker-line-values"


PATTERNS = sorted((p for size in range(LINE + 1) for p in count_patterns(size)), key=lambda p: (sum(p), p))
_PATTERN_INDEX = {p: i for i, p in enumerate(PATTERNS)}


def _can_straight(ranks: Sequence[int]) -> bool:
    """Whether these different ranks, low to high, can still be part of one straight."""
    if not ranks or ranks[-1] - ranks[0] <= 4:
        return True
    return ranks[-1] == 14 and ranks[-2] - 1 <= 4  # the ace low, below the others (A-2-3-4-5)


def _rank_info() -> dict[int, int]:
    return {key: _PATTERN_INDEX[counts] * 2 + (max(counts, default=1) == 1 and _can_straight(ranks))
            for counts, ranks, key in rank_multisets()}


RANK_INFO = _rank_info()
SUIT_OF = {count << RANK_BITS * s: s for s in range(4) for count in range(1, LINE + 1)}
SIZE = len(PATTERNS) * 2 * 2 * KINDS * STAGES


def stage_of(placed: int) -> int:
    """Which part of the game a decision is in: from the number of cards already placed (0-24)."""
    return placed * STAGES // 25


def feature(key: int, count: int, kind: int, stage: int, unseen_suits: Sequence[int]) -> int:
    """Index of an unfinished line's abstraction in a value table."""
    if count:
        suit = SUIT_OF.get(key >> SUIT_SHIFT)
        flush = suit is not None and unseen_suits[suit] >= LINE - count
    else:
        flush = True
    return (((RANK_INFO[key & RANK_MASK] * 2 + flush) * KINDS + kind) * STAGES) + stage


def prior_values(points: Sequence[int]) -> list[float]:
    """Before any learning: an unfinished line is worth the hand it already makes."""
    values = [0.0] * SIZE
    for rank_part, info in RANK_INFO.items():
        category = classify_sum(rank_part)
        for flush in (0, 1):
            for kind in range(KINDS):
                for stage in range(STAGES):
                    values[(((info * 2 + flush) * KINDS + kind) * STAGES) + stage] = float(points[category])
    return values


@lru_cache(maxsize=None)
def stored_values(path: Path = VALUES_FILE) -> dict[tuple[str, bool], tuple[float, ...]]:
    """The learned values in `path`, by (table, diagonals), read once; {} if the file is missing or damaged
    (the player then judges by the prior: weaker, never broken)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("format") != VALUES_FORMAT:
            return {}
        return {(entry["table"], bool(entry["diagonals"])): tuple(entry["values"]) for entry in data["values"]}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def learned_values(table: str, diagonals: bool, points: Sequence[int]) -> list[float]:
    """The stored values for this table, else the nearest stored ones, else the prior."""
    stored = stored_values()
    for wanted in ((table, diagonals), (table, False)):
        found = stored.get(wanted)
        if found is not None and len(found) == SIZE:
            return list(found)
    return prior_values(points)
