"""What a value read back from a saved file must be, checked alike in every file that holds one: a count, a
calendar day, a minute. A damaged or hand-edited file may hold anything JSON can hold, so each check takes any
value and answers yes or no; it never raises. No pygame here."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import TypeGuard

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_MINUTE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}")


def is_count(value: object, most: int) -> TypeGuard[int]:
    """A whole number from 0 to `most`. JSON's true and false are no counts, although Python's bool is an int."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def is_day(value: object) -> TypeGuard[str]:
    """A calendar day as the program writes one, "YYYY-MM-DD" (fromisoformat alone also takes "2026W011")."""
    return _written_as(value, _DAY, dt.date.fromisoformat)


def is_minute(value: object) -> TypeGuard[str]:
    """A local time to the minute as the program writes one, "YYYY-MM-DDTHH:MM"."""
    return _written_as(value, _MINUTE, dt.datetime.fromisoformat)


def _written_as(value: object, form: re.Pattern[str], read: Callable[[str], object]) -> TypeGuard[str]:
    """Text in exactly the program's form, naming a date that exists (not 2026-02-30, not 25:00)."""
    if not isinstance(value, str) or not form.fullmatch(value):
        return False
    try:
        read(value)
    except ValueError:
        return False
    return True
