"""stats.json: the statistics (storage/stats.py) written, read back, and repaired part by part. No pygame.

`stats.json` (format "idioten-stats", version 1) stores all of `Statistics` plus the ids of the last games
counted; a file written before the deal of the day existed simply has no "daily" entry, one written before the
history of games has no "history". A damaged file is repaired part by part, as settings are field by field
(`repaired_stats`): whatever checks out is kept (each variant, each of its streaks, each table of Poker
patience, each day of the deal of the day, each counted id, each row of the history), the file itself is
moved aside whole, and the message line names what was reset. Every value is checked as every saved file
checks it (storage/checks.py).
"""

from __future__ import annotations

from pathlib import Path

from idioten.acesup.rules import VARIANTS, WIN_SCORE
from idioten.poker.options import TABLES
from idioten.storage.checks import is_count, is_day
from idioten.storage.files import JsonObject, Notice, StoreError, data_dir, read_json, set_aside, write_json_atomic
from idioten.storage.history import history_from_json, played_to_json
from idioten.storage.stats import IDIOTEN, REMEMBERED_IDS, KeyedStats, Statistics, VariantStats

STATS_FILE = "stats.json"
STATS_FORMAT = "idioten-stats"
STATS_VERSION = 1
# No player plays a billion games: a count beyond it is a damaged or forged file, which is set aside as a whole
# like any impossible number (a count of 10**400 would stop the statistics panel dividing it into a rate).
MAX_COUNT = 10**9
MAX_KEYED_SCORE = 10**6  # a keyed game's score (Poker patience's grid scores a few hundred at most)
# Poker patience's section, and the options its keys name after the table (play/poker.py's stats_key), in the
# words its panel shows them: a damaged table is named so in the message line.
POKER = "poker"
POKER_OPTION_WORDS = {"diagonals": "ui.poker.diagonals", "joker": "ui.poker.joker", "open": "ui.poker.open_deck"}
SHOWN_NAME = 24  # characters of a name from the file that the message line shows
SHOWN_PARTS = 2  # the message line names at most this many parts reset (the last may be "3 more")


class BadStats(ValueError):
    """A statistics file whose numbers do not add up."""


def stats_to_json(stats: Statistics) -> JsonObject:
    return {
        "format": STATS_FORMAT,
        "version": STATS_VERSION,
        IDIOTEN: {variant: {"histogram": list(s.histogram), "current_streak": s.current_streak,
                            "best_streak": s.best_streak, "won_without_undo": s.won_without_undo,
                            **_known(best_time=s.best_time, fewest_moves=s.fewest_moves)}
                  for variant, s in stats.variants.items()},
        "keyed": {section: {key: {"games": k.games, "total": k.total, "best": k.best,
                                  "histogram": {str(score): n for score, n in sorted(k.histogram.items())},
                                  **_known(best_time=k.best_time)}
                            for key, k in keys.items()}
                  for section, keys in stats.keyed.items()},
        "counted": list(stats.counted),
        "daily": dict(sorted(stats.daily.days.items())),
        # Only where there is one: a file of the version before it stays the same when read and written back.
        **({"history": {game: [played_to_json(p) for p in rows] for game, rows in stats.history.items()}}
           if stats.history else {}),
    }


def _known(**values: int | None) -> JsonObject:
    """The optional numbers that are known (a file written before they existed simply has none)."""
    return {name: value for name, value in values.items() if value is not None}


def stats_from_json(data: JsonObject) -> Statistics:
    """Rebuild statistics, checking that every number is possible; raises BadStats if any part is not."""
    stats, reset = repaired_stats(data)
    if reset:
        raise BadStats("these do not add up: " + ", ".join(part.key for part in reset))
    return stats


def repaired_stats(data: JsonObject) -> tuple[Statistics, list[Notice]]:
    """Every part of the file that checks out, and what was reset (as notices to word in a message): a
    variant whose histogram is damaged, a streak or count of wins without undo that its histogram cannot
    hold, a table of Poker patience, the days of the deal of the day that are not a day and a result, the
    ids of games already counted. Nothing here raises, whatever the JSON holds."""
    stats, reset = Statistics(), []
    variants = data.get(IDIOTEN)
    if not isinstance(variants, dict):
        reset.append(Notice("store.stats_part.whole_game", {"game_key": "game_name"}))
        variants = {}
    for variant, entry in variants.items():
        if variant not in VARIANTS:
            reset.append(Notice("store.stats_part.other", {"name": _shown(variant)}))
            continue
        stats.variants[variant], lost = _variant_stats(entry)
        setting: dict[str, object] = {"game_key": "game_name", "setting_key": f"ui.variant.{variant}"}
        reset += [Notice("store.stats_part.game", setting)] if "histogram" in lost else [
            Notice("store.stats_part.field", {**setting, "field_key": f"ui.stats.{name}"}) for name in lost]
    keyed = data.get("keyed", {})
    if not isinstance(keyed, dict):
        reset.append(Notice("store.stats_part.other_games"))
        keyed = {}
    for section, keys in keyed.items():
        if section == IDIOTEN or not section:  # Idioten's own numbers are never a keyed section
            reset.append(Notice("store.stats_part.other", {"name": _shown(section)}))
        elif not isinstance(keys, dict):
            reset.append(_section_part(section))
        else:
            for key, entry in keys.items():
                try:
                    stats.keyed.setdefault(section, {})[key] = _keyed_stats(entry)
                except BadStats:
                    reset.append(_keyed_part(section, key))
    counted = data.get("counted", [])
    kept = [i for i in counted if isinstance(i, str) and i] if isinstance(counted, list) else []
    if not isinstance(counted, list) or len(kept) != len(counted):
        reset.append(Notice("store.stats_part.counted"))
    stats.counted = kept[-REMEMBERED_IDS:]
    days = data.get("daily", {})
    if not isinstance(days, dict):
        reset.append(Notice("store.stats_part.all_days"))
        days = {}
    stats.daily.days = {day: won for day, won in days.items() if is_day(day) and isinstance(won, bool)}
    if len(stats.daily.days) != len(days):
        reset.append(Notice("store.stats_part.days", {"count": len(days) - len(stats.daily.days)}))
    stats.history, dropped = history_from_json(data.get("history", {}))
    if dropped:
        reset.append(Notice("store.stats_part.history", {"count": dropped}))
    return stats, reset


def _shown(name: str) -> str:
    """A name from the file as the message line may show it: one short line, whatever the file held."""
    printable = "".join(c if c.isprintable() else "?" for c in name)
    return printable if len(printable) <= SHOWN_NAME else printable[:SHOWN_NAME - 1] + "…"


def _variant_stats(entry: object) -> tuple[VariantStats, list[str]]:
    """One variant's numbers, and the names of those reset. The histogram is the record of the games played:
    without it the variant starts afresh; a streak or count it cannot hold goes back to the most it can
    keep (the current streak 0, the best streak the current one, wins without undo 0)."""
    if not isinstance(entry, dict):
        return VariantStats(), ["histogram"]
    histogram = entry.get("histogram")
    if not isinstance(histogram, list) or len(histogram) != WIN_SCORE + 1 or not all(
            is_count(n, MAX_COUNT) for n in histogram):
        return VariantStats(), ["histogram"]
    s, lost = VariantStats(list(histogram)), []
    current, best, without_undo = (entry.get(name) for name in ("current_streak", "best_streak", "won_without_undo"))
    if is_count(current, MAX_COUNT) and current <= s.won:
        s.current_streak = current
    else:
        lost.append("current_streak")
    if is_count(best, MAX_COUNT) and s.current_streak <= best <= s.won:
        s.best_streak = best
    else:
        s.best_streak = s.current_streak
        lost.append("best_streak")
    if is_count(without_undo, MAX_COUNT) and without_undo <= s.won:
        s.won_without_undo = without_undo
    else:
        lost.append("won_without_undo")
    for name in ("best_time", "fewest_moves"):  # a won game's; absent where none is known
        value = entry.get(name)
        if value is None:
            continue
        if is_count(value, MAX_COUNT) and s.won:
            setattr(s, name, value)
        else:
            lost.append(name)
    return s, lost


def _section_part(section: str) -> Notice:
    if section == POKER:
        return Notice("store.stats_part.whole_game", {"game_key": "ui.poker.name"})
    return Notice("store.stats_part.other", {"name": _shown(section)})


def _keyed_part(section: str, key: str) -> Notice:
    """A table of Poker patience in the words its statistics panel uses ("Classic, Diagonals")."""
    if section != POKER:
        return Notice("store.stats_part.other", {"name": _shown(f"{section}: {key}")})
    table, *options = key.split("+")
    words: list[Notice | str] = [Notice(f"ui.poker.table.{table}") if table in TABLES else _shown(table)]
    words += [Notice(POKER_OPTION_WORDS[o]) if o in POKER_OPTION_WORDS else _shown(o) for o in options]
    return Notice("store.stats_part.game", {"game_key": "ui.poker.name", "setting_parts": tuple(words)})


def _keyed_stats(entry: object) -> KeyedStats:
    entry = _dict(entry)
    histogram = {}
    for score, n in _dict(entry.get("histogram")).items():
        if not (score.isascii() and score.isdigit() and len(score) <= 7) or not is_count(n, MAX_COUNT) \
                or int(score) > MAX_KEYED_SCORE:
            raise BadStats("a histogram maps scores to counts")
        histogram[int(score)] = n
    k = KeyedStats(_number(entry, "games"), _number(entry, "total", MAX_COUNT * MAX_KEYED_SCORE), entry.get("best"),
                   histogram)
    best = max((s for s, n in histogram.items() if n), default=None)
    if (k.games != sum(histogram.values()) or k.total != sum(s * n for s, n in histogram.items())
            or k.best != best):
        raise BadStats("games, total and best do not match the histogram")
    best_time = entry.get("best_time")
    if best_time is not None and not (is_count(best_time, MAX_COUNT) and k.games):
        raise BadStats("a best time is a whole number of seconds, of a game played")
    k.best_time = best_time
    return k


def _number(entry: JsonObject, name: str, most: int = MAX_COUNT) -> int:
    value = entry.get(name)
    if not is_count(value, most):
        raise BadStats(f"{name} should be a whole number from 0 to {most}")
    return value


def _dict(value: object) -> JsonObject:
    if not isinstance(value, dict):
        raise BadStats("expected an object")
    return value


def stats_path(folder: Path | None = None) -> Path:
    return Path(folder if folder is not None else data_dir()) / STATS_FILE


def save_stats(stats: Statistics, folder: Path | None = None) -> None:
    """Write atomically; raises storage.files.StoreError (with a `.notice`) if it cannot."""
    write_json_atomic(stats_path(folder), stats_to_json(stats))


def load_stats(folder: Path | None = None) -> tuple[Statistics, list[Notice]]:
    """The saved statistics, or empty ones (first run, a file that is not statistics at all moved aside, one
    that cannot be read left alone: the notices say so). A file with damaged parts is moved aside whole
    and what checks out in it written back at once (in between, a kill leaves it all in the file aside); the
    notice names what was reset. If it cannot be moved aside, what checks out is shown but never saved over
    it (the notice has `keeps_file`)."""
    path = stats_path(folder)
    data, notices = read_json(path, STATS_FORMAT, STATS_VERSION)
    if data is None:
        return Statistics(), notices
    stats, reset = repaired_stats(data)
    if not reset:
        return stats, notices
    aside = set_aside(path, "bad")
    if aside.keeps_file:
        return stats, notices + [aside]
    named = tuple(reset) if len(reset) <= SHOWN_PARTS else (
        *reset[:SHOWN_PARTS - 1], Notice("store.stats_part.more", {"count": len(reset) - SHOWN_PARTS + 1}))
    notices.append(Notice("store.stats_repaired", {"file": path.name, "aside": aside.params["aside"],
                                                   "reset_parts": named}))
    try:
        save_stats(stats, folder)
    except StoreError as err:
        notices.append(err.notice)  # the file aside holds it all; the next save writes what is kept
    return stats, notices
