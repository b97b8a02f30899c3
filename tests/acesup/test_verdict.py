"""One verdict for the solver, the analysis and the window, written as the strings it always was."""

import json

from idioten.acesup import analysis, solver
from idioten.acesup.verdict import Verdict
from idioten.play.acesup import knowledge


def test_the_three_users_name_the_same_verdicts():
    assert solver.WINNABLE is analysis.WINNABLE is knowledge.WINNABLE is Verdict.WINNABLE
    assert solver.UNWINNABLE is analysis.UNWINNABLE is knowledge.UNWINNABLE is Verdict.UNWINNABLE
    assert solver.UNKNOWN is knowledge.UNKNOWN is Verdict.UNKNOWN


def test_a_verdict_is_written_as_before():
    assert json.dumps({"result": Verdict.UNWINNABLE}) == '{"result": "unwinnable"}'
    assert f"{Verdict.WINNABLE}" == str(Verdict.WINNABLE) == "winnable" == Verdict.WINNABLE
    assert Verdict("unknown") is Verdict.UNKNOWN
