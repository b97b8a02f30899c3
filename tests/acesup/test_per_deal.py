import json

from bench import per_deal


def _write(path, scores):
    path.write_text("".join(json.dumps({"variant": "standard", "deal": deal, "seconds": 0.05, "clock": "cpu",
                                        "score": score, "hints": 40}) + "\n" for deal, score in scores.items()))
    return str(path)


def test_paired_compares_only_the_deals_both_runs_played(tmp_path, capsys):
    new = _write(tmp_path / "new.jsonl", {1: 48, 2: 40, 3: 30, 4: 36})
    old = _write(tmp_path / "old.jsonl", {1: 44, 2: 40, 3: 33})
    assert per_deal.main(["--paired", new, old]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and report["deals"] == "1..3"
    assert (report["new_wins"], report["old_wins"]) == (1, 0)
    assert report["mean_difference"] == round((4 + 0 - 3) / 3, 3)
    assert (report["new_better"], report["old_better"]) == (1, 1)
    assert report["difference_ci95_half"] > 0


def test_paired_needs_two_files(tmp_path, capsys):
    assert per_deal.main(["--paired", _write(tmp_path / "a.jsonl", {1: 30})]) == 2
    assert "two files" in capsys.readouterr().err


def test_paired_gives_the_win_rate_difference_with_its_interval(tmp_path, capsys):
    # Deals 1-4: the new run wins 1 and 2, the old one 2 and 3: one deal each way, two alike.
    new = _write(tmp_path / "new.jsonl", {1: 48, 2: 48, 3: 40, 4: 36, 5: 30})
    old = _write(tmp_path / "old.jsonl", {1: 44, 2: 48, 3: 48, 4: 36, 5: 31})
    assert per_deal.main(["--paired", new, old]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["win_rate_difference"] == 0.0
    # The differences 1, 0, -1, 0, 0: standard deviation sqrt(0.5), over five deals.
    assert report["win_rate_difference_ci95_half"] == round(1.959964 * 0.5 ** 0.5 / 5 ** 0.5, 5)
