"""Motion over time: a card gliding from one point to another, and a short shake. Time is given in
seconds by the caller, so tests and benchmarks drive it exactly."""

from __future__ import annotations

import math
from collections.abc import Callable


def ease_out_cubic(t: float) -> float:
    """Fast first, slow at the end: a card slows down as it lands, as one thrown onto a table does."""
    return 1 - (1 - t) ** 3


class Glide:
    """From `start` to `end` in `duration` seconds after waiting `delay` seconds."""

    def __init__(self, start: tuple[float, float], end: tuple[float, float], duration: float, delay: float = 0.0,
                 ease: Callable[[float], float] = ease_out_cubic, origin: str = "") -> None:
        self.start = (float(start[0]), float(start[1]))
        self.end = (float(end[0]), float(end[1]))
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.origin = origin  # the zone the card left ("pile", "stock", "discard"): it is shown there until it starts
        self.elapsed = 0.0

    @property
    def started(self) -> bool:
        """Its delay is over: it is on its way (until then the card shows where it was)."""
        return self.elapsed > self.delay or self.done

    @property
    def done(self) -> bool:
        """It has arrived."""
        return self.elapsed >= self.delay + self.duration

    def advance(self, dt: float) -> None:
        """`dt` seconds on (never back)."""
        self.elapsed += max(0.0, dt)

    def finish(self) -> None:
        """Arrived at once (a new verb starts from the table as it will be)."""
        self.elapsed = self.delay + self.duration

    @property
    def progress(self) -> float:
        """0 at the start of the motion, 1 at its end (not eased)."""
        if self.duration <= 0 or self.done:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def position(self) -> tuple[float, float]:
        """Where it is now: eased from `start` to `end`."""
        if self.duration <= 0 or self.done:
            return self.end
        t = max(0.0, (self.elapsed - self.delay) / self.duration)
        k = self.ease(min(1.0, t))
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k)


class Shake:
    """A quick side-to-side wobble that dies away: the card says no."""

    def __init__(self, amplitude: float, duration: float = 0.35, wobbles: float = 3.0):
        self.amplitude = amplitude
        self.duration = duration
        self.wobbles = wobbles
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        """The wobble has died away."""
        return self.elapsed >= self.duration

    def advance(self, dt: float) -> None:
        """`dt` seconds on."""
        self.elapsed += max(0.0, dt)

    def finish(self) -> None:
        """Still at once."""
        self.elapsed = self.duration

    @property
    def offset(self) -> float:
        """How far sideways the card is now, in pixels."""
        if self.done or self.duration <= 0:
            return 0.0
        t = self.elapsed / self.duration
        return self.amplitude * (1 - t) * math.sin(t * self.wobbles * 2 * math.pi)
