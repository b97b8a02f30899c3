"""What the text catalogues cost at start-up: a fresh Python process imports `idioten.i18n`, sets a language
and words its first text, which reads the language's .po file (and the English one it falls back to).
The modules every start imports anyway (cards, the poker hands and scoring) are imported before the clock
starts, so only the texts are timed.

    python -m bench.texts_load [--runs 15]      prints JSON: median CPU and wall milliseconds per language

CPU time is the figure to read on a busy machine; wall time is given beside it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess

from bench.common import load_average
from bench.ui_common import PYTHON, child_env

CHILD = """
import sys, time
import re, locale, pathlib
import idioten.cards, idioten.poker.hands, idioten.poker.scoring
cpu, wall = time.process_time(), time.perf_counter()
from idioten import i18n
i18n.set_language(sys.argv[1])
i18n.t("ui.button.new")
print(f"{(time.process_time() - cpu) * 1e3} {(time.perf_counter() - wall) * 1e3}")
"""


def one_start(language: str) -> tuple[float, float]:
    out = subprocess.run([PYTHON, "-c", CHILD, language], env=child_env(), capture_output=True, text=True,
                         check=True).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    from idioten.i18n import LANGUAGES

    times = {language: [] for language in LANGUAGES}
    for _ in range(options.runs):  # interleaved, so a busy moment hits every language alike
        for language in LANGUAGES:
            times[language].append(one_start(language))
    result = {"benchmark": "texts_load", "runs": options.runs, "load_average_1min": load_average()[0]}
    for language, samples in times.items():
        result[language] = {"cpu_ms": round(statistics.median(c for c, _ in samples), 2),
                            "wall_ms": round(statistics.median(w for _, w in samples), 2)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
