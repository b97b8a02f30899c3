"""Synthesise the game's sounds into assets/sounds/*.wav (16-bit mono, 22 050 Hz), like make_cards.py draws
the cards: every sample comes from the formulas here, nothing is recorded or taken from elsewhere.

    python tools/make_sounds.py          # writes the files
    python tools/make_sounds.py --check  # exit 1 if the committed files differ from what this writes

The noise comes from a small linear congruential generator of our own, so the bytes are the same on every
machine and Python version (tests/ui/test_sounds.py compares the committed files with these)."""

from __future__ import annotations

import io
import math
import sys
import wave
from pathlib import Path

RATE = 22_050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


class Noise:
    """White noise in [-1, 1) from a 32-bit LCG (Numerical Recipes' constants)."""

    def __init__(self, seed: int):
        self.state = seed

    def __call__(self) -> float:
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state / 2**31 - 1.0


def envelope(t: float, attack: float, decay: float) -> float:
    """A fast rise and an exponential fall: the shape of a tap."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def brushed(seconds: float, seed: int, attack: float, decay: float, smooth: float) -> list[float]:
    """Noise through a one-pole low-pass (`smooth` near 1 is darker): card on cloth."""
    noise, level, out = Noise(seed), 0.0, []
    for i in range(round(seconds * RATE)):
        level = smooth * level + (1 - smooth) * noise()
        out.append(level * envelope(i / RATE, attack, decay))
    return out


def tone(seconds: float, frequency: float, attack: float, decay: float) -> list[float]:
    return [math.sin(2 * math.pi * frequency * i / RATE) * envelope(i / RATE, attack, decay)
            for i in range(round(seconds * RATE))]


def mix(length: float, *parts: tuple[float, list[float], float]) -> list[float]:
    """(start in seconds, samples, gain) laid over each other."""
    out = [0.0] * round(length * RATE)
    for start, samples, gain in parts:
        first = round(start * RATE)
        for i, value in enumerate(samples[: len(out) - first]):
            out[first + i] += value * gain
    return out


def normalised(samples: list[float], peak: float) -> list[float]:
    top = max(abs(s) for s in samples) or 1.0
    return [s * peak / top for s in samples]


def slide() -> list[float]:
    return normalised(brushed(0.16, 11, 0.03, 0.045, 0.55), 0.55)


def deal() -> list[float]:
    """Four quick flicks, one per pile, at the pace the deal animation lands them."""
    flicks = [(0.09 * n, brushed(0.08, 20 + n, 0.004, 0.018, 0.35), 1.0) for n in range(4)]
    return normalised(mix(0.36, *flicks), 0.55)


def discard() -> list[float]:
    """A soft brush and a low knock as the card lands on the pile."""
    return normalised(mix(0.2, (0.0, brushed(0.12, 31, 0.01, 0.03, 0.6), 1.0),
                          (0.05, tone(0.15, 140.0, 0.003, 0.035), 0.8)), 0.6)


def illegal() -> list[float]:
    """Two short low notes, the second lower: "no"."""
    return normalised(mix(0.3, (0.0, tone(0.12, 220.0, 0.005, 0.05), 1.0),
                          (0.13, tone(0.15, 165.0, 0.005, 0.06), 1.0)), 0.45)


def win() -> list[float]:
    """A rising major arpeggio with a little shimmer an octave up."""
    notes = [523.25, 659.25, 783.99, 1046.5]
    parts = [(0.11 * n, tone(0.9 - 0.11 * n, f, 0.01, 0.28), 1.0) for n, f in enumerate(notes)]
    parts += [(0.11 * n + 0.01, tone(0.6, 2 * f, 0.01, 0.12), 0.25) for n, f in enumerate(notes)]
    return normalised(mix(1.0, *parts), 0.6)


SOUNDS = {"slide": slide, "deal": deal, "discard": discard, "illegal": illegal, "win": win}


def wav_bytes(samples: list[float]) -> bytes:
    frames = bytearray()
    for value in samples:
        frames += max(-32768, min(32767, round(value * 32767))).to_bytes(2, "little", signed=True)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return buffer.getvalue()


def sound_files() -> dict[str, bytes]:
    return {f"{name}.wav": wav_bytes(make()) for name, make in SOUNDS.items()}


def main(argv: list[str]) -> int:
    files = sound_files()
    if "--check" in argv:
        stale = [name for name, data in files.items()
                 if not (OUT / name).is_file() or (OUT / name).read_bytes() != data]
        print("out of date: " + ", ".join(stale) if stale else "assets/sounds is up to date")
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (OUT / name).write_bytes(data)
    print(f"wrote {len(files)} sounds to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
