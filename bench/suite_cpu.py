"""Where the fast tier's CPU goes: each test's CPU-seconds (its process's threads and the programs it started
and waited for, from `getrusage`), each worker's collection, summed by folder and file. Wall time on a shared
machine says little; these sums compare two trees run side by side in the same minutes.

    python -m pytest -q -p bench.suite_cpu                    writes suite-cpu.<worker>.json (SUITE_CPU_OUT
                                                              names another prefix)
    python -m bench.suite_cpu PREFIX [--top 20]               prints JSON: the sums, the costliest tests

The plugin lives here, not in tests/conftest.py: a run that does not ask for it pays nothing.
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import os
import resource
import time
from typing import Any

import pytest

_rows: list[tuple[str, float, float, float]] = []
_collected: list[float] = []


def _cpu() -> tuple[float, float]:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def pytest_collection_finish(session: Any) -> None:
    _collected.append(_cpu()[0])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any):
    own, children = _cpu()
    wall = time.monotonic()
    yield
    own_after, children_after = _cpu()
    _rows.append((item.nodeid, own_after - own, children_after - children, time.monotonic() - wall))


def pytest_sessionfinish(session: Any) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    own, children = _cpu()
    record = {"worker": worker, "collection_cpu": _collected[0] if _collected else None,
              "own_cpu": own, "children_cpu": children, "tests": _rows}
    with open(f"{os.environ.get('SUITE_CPU_OUT', 'suite-cpu')}.{worker}.json", "w", encoding="utf-8") as out:
        json.dump(record, out)


def summary(prefix: str, top: int) -> dict:
    """The records of one run (`prefix`.*.json) summed: per worker, per folder, per file, the costliest tests."""
    workers, tests = {}, []
    for path in sorted(glob.glob(f"{prefix}.*.json")):
        with open(path, encoding="utf-8") as record_file:
            record = json.load(record_file)
        workers[record["worker"]] = {key: record[key] for key in ("collection_cpu", "own_cpu", "children_cpu")}
        tests += record["tests"]
    by_folder: collections.Counter[str] = collections.Counter()
    by_file: collections.Counter[str] = collections.Counter()
    for nodeid, own, children, _ in tests:
        file = nodeid.split("::")[0]
        by_folder[file.rsplit("/", 1)[0]] += own + children
        by_file[file] += own + children
    costliest = sorted(tests, key=lambda test: -(test[1] + test[2]))[:top]
    return {"workers": workers, "tests": len(tests), "test_cpu": round(sum(t[1] + t[2] for t in tests), 1),
            "by_folder": {name: round(cpu, 1) for name, cpu in by_folder.most_common()},
            "by_file": {name: round(cpu, 1) for name, cpu in by_file.most_common(top)},
            "costliest": [{"test": t[0], "cpu": round(t[1] + t[2], 2), "of_which_children": round(t[2], 2)}
                          for t in costliest]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefix", help="the SUITE_CPU_OUT of the run")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    print(json.dumps(summary(args.prefix, args.top), indent=1))


if __name__ == "__main__":
    main()
