"""bench/suite_cpu.py sums a run's records by worker, folder and file, and names the costliest tests."""

import json

from bench.suite_cpu import summary


def test_the_records_of_every_worker_are_summed_by_folder_and_file(tmp_path):
    records = {
        "gw0": [("tests/ui/test_a.py::test_one", 1.0, 0.5, 3.0), ("tests/ui/test_b.py::test_two", 0.25, 0.0, 1.0)],
        "gw1": [("tests/acesup/test_c.py::test_three[1]", 2.0, 0.0, 2.0), ("tests/test_d.py::test_four", 0.5, 0, 1)],
    }
    for worker, tests in records.items():
        (tmp_path / f"run.{worker}.json").write_text(json.dumps(
            {"worker": worker, "collection_cpu": 2.0, "own_cpu": 9.0, "children_cpu": 1.0, "tests": tests}))
    found = summary(str(tmp_path / "run"), top=2)
    assert found["tests"] == 4 and found["test_cpu"] == 4.2
    assert set(found["workers"]) == {"gw0", "gw1"} and found["workers"]["gw1"]["collection_cpu"] == 2.0
    assert found["by_folder"] == {"tests/acesup": 2.0, "tests/ui": 1.8, "tests": 0.5}
    assert found["by_file"] == {"tests/acesup/test_c.py": 2.0, "tests/ui/test_a.py": 1.5}
    assert [test["test"] for test in found["costliest"]] == ["tests/acesup/test_c.py::test_three[1]",
                                                            "tests/ui/test_a.py::test_one"]
    assert found["costliest"][1]["of_which_children"] == 0.5
