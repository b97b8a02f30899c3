"""What the table knows about a deal, from the solver (off the window's loop): the verdict on a finished deal, the live
"still winnable" indicator, hints, the plan of the demo and the shown solution, and the search for a winnable
deal when the player wants only those.

Everything the solver says is kept per position in `known` (`play.acesup.knowledge.Known`, which also carries an
answer along the moves played without searching again). The window's scenes pull what they need from
`known` when they update; `poll` (once per frame, from the table's update) takes the jobs' answers.

No pygame here: the table passes in the jobs it runs (`play.jobs.Jobs`, one for the searches it asks for and
one for the verdict) and a `Desk` (desk.py), what the assistant and its parts may ask of the window
(ui/acesup/table_desk.py is the window's); each job's answer comes back as the `Ask` it was submitted with.

The verdict of a deal: with the compiled solver core (`solver.CORE`), each deal is solved from its start as
soon as it is on the table, in a second low-priority worker of its own (a hint or the live indicator never
cancels it), until it is decided or has examined `VERDICT_POSITIONS` positions (a count, so the end panel can
say how far it has come out of how far it will go, the same on every machine); then the thread ends and the
window is idle again. With the pure-Python core the search would rarely finish and would only slow the game,
so then it starts when the game is lost, with a smaller cap (`VERDICT_POSITIONS_PYTHON`). A search once
started is never given up while the window is open: a new deal waits for it, so a game that comes back
(Ctrl+Z, Ctrl+Y, R) finds its search still going or its answer kept (`EarlyVerdict.decided`), and no deal is
searched twice in one run. The end panel, the live indicator (carried along the player's moves while they
follow the winning line), "Show solution" and "where did I go wrong" (`lesson`) all read that answer.

Hints, the demo and the shown solution are its child `coach`, and the computer at the table while they
play its `computer` (both in `coach.py`); the deal of the day its `days` (daily_deal.py); "where did I go
wrong" its `teacher` (teacher.py).
"""

from __future__ import annotations

import functools
import os
import random
import threading
import time
from typing import TYPE_CHECKING, Any, cast

from idioten import i18n
from idioten.acesup.rules import Game
from idioten.cards import MAX_DEAL, MIN_DEAL, deal_cards
from idioten.play.acesup.coach import Coach, ComputerPlay, advice
from idioten.play.acesup.daily_deal import DailyDeal
from idioten.play.acesup.desk import Ask, Desk
from idioten.play.acesup.knowledge import ERROR, UNKNOWN, WINNABLE, Knowledge, Known, knowledge_of
from idioten.play.change import Change
from idioten.play.jobs import Answer, Jobs

if TYPE_CHECKING:  # the solver and the analysis load with the first search, after the first frame
    from idioten.acesup import analysis
    from idioten.acesup.solver import SolveResult
    from idioten.play.acesup.teacher import Teacher

# The verdict's search of one deal, at most: the compiled core examines 1.8-3 M positions a CPU-second
# (docs/figures.md: deal 1,000,028 reached this cap in 49 s of wall time), about as far as the 60 CPU-seconds
# it had before; the Python core about 81,000, so 2 M is about 25 s.
VERDICT_POSITIONS = 150_000_000
VERDICT_POSITIONS_PYTHON = 2_000_000
# The team of search threads (solve(threads=N)) only where there are cores nobody uses: on fewer cores a
# second thread only splits the first one's share and adds its duplicated work (docs/figures.md).
TEAM_MIN_CORES = 4
TEAM_MAX_THREADS = 8
LIVE_SECONDS = 20.0  # the status bar's question about the position on the table
DEAL_SECONDS = 4.0  # per deal tried for "winnable deals only"
DEAL_SEARCH_SECONDS = 40.0  # in all, before the last deal tried is dealt unproven
# The solver's position tables: the verdict from the deal on and the other worker's search (the live
# indicator, the end panel, the lesson, the shown solution, "winnable deals only") may run at once; with
# the window's own 45-85 MB the process stays under 150 MB (bench/ui_memory.py: peak 129 MB; with 64 MB
# for the verdict, 152 MB). A smaller table costs little: a hard loss (deals 2 and 12) took the same CPU
# time, within 10 %, with 16, 32 or 64 MB, since what a table forgets is mostly never met again.
EARLY_MEMORY = 32 * 2**20
WORKER_MEMORY = 16 * 2**20


def solve(game: Game, seconds: float | None, cancel: threading.Event, memory_bytes: int = WORKER_MEMORY, *,
          max_positions: int | None = None, threads: int = 1) -> SolveResult:
    from idioten.acesup.solver import solve as solver_solve
    return solver_solve(game, seconds, cancel, memory_bytes=memory_bytes, max_positions=max_positions,
                        threads=threads)


def compiled_core() -> bool:
    from idioten.acesup import solver
    return getattr(solver, "CORE", "python") == "compiled"


def verdict_cap() -> int:
    """The most positions the verdict's search of one deal examines, for the core that runs."""
    return VERDICT_POSITIONS if compiled_core() else VERDICT_POSITIONS_PYTHON


def team_size(cores: int | None, load: float) -> int:
    """Threads for the verdict's search: one, unless the machine has at least TEAM_MIN_CORES cores and some
    of them idle (`load`: the load average); one core is left to the window and everything else."""
    if not cores or cores < TEAM_MIN_CORES:
        return 1
    idle = int(cores - load)
    return max(1, min(idle - 1, TEAM_MAX_THREADS))


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # not on Windows: count every core as busy, so one thread
        return float(os.cpu_count() or 1)


def solve_from_deal(start: str, cancel: threading.Event, progress: analysis.StopFlag | None = None,
                    cap: int | None = None, threads: int = 1) -> SolveResult:
    """The verdict of a deal: its start, stopped by the cancel flag or after `cap` positions (`verdict_cap()`);
    `progress` keeps what the search tells of how far it has come."""
    from idioten.acesup import analysis

    flag = (progress or analysis.StopFlag()).watching(cancel)
    return solve(Game.from_text(start), None, flag, EARLY_MEMORY, max_positions=cap or verdict_cap(),
                 threads=threads)


class EarlyVerdict:
    """The verdict of each deal, one deal at a time on jobs of its own (a hint or the live indicator never
    cancels it). A search once started runs to its answer, also when another deal comes to the table (that
    one waits), so that no deal is searched twice in one run; `decided` keeps every deal's answer for the run
    (a few hundred bytes each), whatever the position table forgets."""

    def __init__(self, jobs: Jobs[Any]) -> None:
        self.jobs = jobs
        self.decided: dict[str, Knowledge] = {}
        self.progress: analysis.StopFlag | None = None  # what its running search has told of its progress
        self.cap = 0  # the most positions the running search will examine

    @property
    def running(self) -> bool:
        return self.jobs.running

    @property
    def tag(self) -> object:
        return self.jobs.tag

    def poll(self) -> list[Answer[Any]]:
        return self.jobs.poll()

    def close(self) -> None:
        self.jobs.close()

    def searching(self, start: str) -> bool:
        return self.running and self.tag == start

    def start(self, start: str, known: Known, wanted: bool = True) -> None:
        """Search deal `start` if it is wanted, not known, and no other search runs."""
        answer = self.decided.get(start)
        if answer is not None and start not in known:
            known.learn(start, answer)
        if not wanted or self.running or start in known:
            return
        from idioten.acesup import analysis

        progress, cap = self.progress, self.cap = analysis.StopFlag(), verdict_cap()
        threads = team_size(os.cpu_count(), load_average())
        self.jobs.submit(Ask.EARLY_VERDICT, lambda cancel: solve_from_deal(start, cancel, progress, cap, threads),
                         tag=start)


class Assistant:
    advice = staticmethod(advice)
    worker_memory = WORKER_MEMORY

    def __init__(self, desk: Desk, jobs: Jobs[Any], verdict_jobs: Jobs[Any]) -> None:
        self.desk = desk  # the table it advises (which holds this assistant), and the window around it
        self.worker = jobs  # each job answers under its own `Ask`
        self.early = EarlyVerdict(verdict_jobs)
        self.days = DailyDeal(self)
        self.known = Known()
        self.purposes: set[str] = set()  # who waits for the running solve ("verdict", "live", "solution", ...)
        self.coach = Coach(self)  # hints, the demo and the shown solution
        self.computer = ComputerPlay(self)  # the demo or the shown solution while it plays
        self.searching_deal = False
        self._position: tuple[int, str] | None = None  # (id of the game, its text), until the next change

    @functools.cached_property
    def teacher(self) -> Teacher:
        """Where did I go wrong (lesson.py), made when first needed: it brings the analysis with it."""
        from idioten.play.acesup.teacher import Teacher

        return Teacher(self)

    # -- the position on the table -----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.desk.game

    def position(self) -> str:
        game = self.game
        if self._position is None or self._position[0] != id(game):
            self._position = (id(game), game.to_text())
        return self._position[1]

    def knowledge(self, text: str | None = None) -> Knowledge | None:
        return self.known.get(self.position() if text is None else text)

    # -- asking the solver -------------------------------------------------------------------------------

    def ask(self, text: str, purpose: str, seconds: float) -> Knowledge | None:
        """What is known about position `text`; if nothing yet, a search is started (or joined) and the
        answer comes later through `poll`."""
        known = self.known.get(text)
        if known is not None:
            return known
        if self.early.running and self.early.tag == text:
            return None  # the verdict from the deal on is still searching it
        if self.worker.kind == Ask.SOLVE and self.worker.tag == text:
            self.purposes.add(purpose)
            return None
        self.stop_deal_search()
        self.purposes = {purpose}
        from idioten.acesup import analysis

        flag = analysis.StopFlag(seconds=seconds)
        self.worker.submit(Ask.SOLVE, lambda cancel: solve(Game.from_text(text), seconds, flag.watching(cancel)),
                           tag=text)
        return None

    def progress(self, start: str) -> tuple[int, int] | None:
        """How far the verdict's search of deal `start` has come: (positions examined, the most it will
        examine), or None when it does not run."""
        if not self.early.searching(start):
            return None
        if self.early.progress is None:
            return None
        return self.early.progress.positions, self.early.cap

    def poll(self) -> None:
        """Once per frame: take the worker's answers; keep the live indicator's search going."""
        for answer in self.worker.poll() + self.early.poll():
            self.receive(answer)
        self.computer.think_ahead()
        game = self.game
        self.early.start(game.start_text, self.known, compiled_core() or (game.is_over() and not game.is_won()))
        if (self.desk.settings.live_verdict and not self.worker.running and self.desk.on_top()
                and not self.game.is_over() and self.position() not in self.known):
            self.ask(self.position(), "live", LIVE_SECONDS)

    def poll_hints(self) -> None:
        """Once per frame at a table whose games no verdict judges (the guide's): the hints' answers only."""
        for answer in self.worker.poll():
            if answer.kind == Ask.NO_PEEK_HINT:
                self.receive(answer)

    def follow(self, change: Change) -> None:
        """A change at a table whose games no verdict judges (the guide's): the hint follows the position,
        nothing is searched or counted."""
        self._position = None
        self.coach.forget(self.position(), change.replaced)
        if change.replaced:
            self.worker.cancel()

    def receive(self, answer: Answer[Any]) -> None:
        self.desk.mark_dirty()
        kind, tag = answer.kind, str(answer.tag)
        if kind in (Ask.SOLVE, Ask.EARLY_VERDICT):
            if answer.error is not None:
                self.known.learn(tag, Knowledge(ERROR, error=str(answer.error)))
            else:
                self.known.learn(tag, knowledge_of(cast("SolveResult", answer.result)))
            if kind == Ask.SOLVE:
                self.purposes = set()
            else:
                self.early.decided[tag] = self.known[tag]
                self.known.carry_along_history(self.game)
        elif kind == Ask.NO_PEEK_HINT:
            if self.coach.hint_for == answer.tag == self.position():
                self.coach.show_no_peek_hint(answer)
        elif kind == Ask.NO_PEEK_MOVE:
            if answer.error is None:
                self.computer.planned(tag, answer.result)
        elif kind == Ask.DEAL_SEARCH:
            self.deal_found(answer)
        elif kind == Ask.LESSON:
            self.teacher.receive(answer)
        elif kind == Ask.DAILY:
            self.days.found(answer)

    def close(self) -> None:
        self.worker.close()
        self.early.close()

    # -- the game changed (every action, undo, redo, restart, new deal) ----------------------------------

    def game_changed(self, change: Change) -> None:
        game = self.game
        before = self._position[1] if self._position is not None and self._position[0] == id(game) else None
        self._position = None
        text = self.position()
        self.coach.forget(text, change.replaced)
        if change.replaced:  # another game in play: whatever was being searched is no longer wanted
            self.worker.cancel()
            self.searching_deal = False
            self.purposes = set()
            self.teacher.forget()
        elif before is not None and game.history:
            self.known.carry_forward(before, game.history[-1][0], text)
        if self.searching_deal:  # the player played on instead of waiting for the new deal
            self.stop_deal_search()
        if (self.worker.kind == Ask.SOLVE and self.worker.tag != text
                and not self.purposes & {"verdict", "solution"}):
            self.worker.cancel()
        if game.is_over() and not game.is_won():
            self.verdict(game)  # the end panel will ask this

    # -- the end panel -----------------------------------------------------------------------------------

    def verdict(self, game: Game) -> Knowledge | None:
        """Whether deal `game` could have been won; None while its search runs (or waits for another deal's
        search to end)."""
        start = game.start_text
        self.early.start(start, self.known)
        return self.known.get(start)

    def verdict_parts(self) -> list[str]:
        """A lost game's line in the status bar once its end panel is closed: the verdict still coming, or
        there; V opens the panel again."""
        game = self.game
        if not game.is_over() or game.is_won():
            return []
        known = self.known.get(game.start_text)
        return [i18n.t("ui.status.verdict_pending" if known is None else "ui.status.verdict_ready")]

    # -- the live indicator ------------------------------------------------------------------------------

    def status_parts(self) -> list[str]:
        return self.days.status_parts(self.game) + self.verdict_parts() + self.live_parts()

    def live_parts(self) -> list[str]:
        if not self.desk.settings.live_verdict or self.game.is_over():
            return []
        known = self.knowledge()
        if known is None or known.result in (UNKNOWN, ERROR):
            return [i18n.t("ui.live.unknown")]
        return [i18n.t("ui.live.winnable" if known.result == WINNABLE else "ui.live.unwinnable")]

    # -- new deal: winnable deals only -------------------------------------------------------------------

    def new_winnable_deal(self) -> bool:
        """With the setting on, look for a winnable deal off the loop and deal it when found (True)."""
        if not self.desk.settings.winnable_only:
            return False
        seed, variant = self.desk.rng.randrange(2 ** 32), self.desk.session.variant

        def search(cancel: threading.Event) -> tuple[int, str, SolveResult] | None:
            rng, started, last = random.Random(seed), time.monotonic(), None
            while last is None or time.monotonic() - started < DEAL_SEARCH_SECONDS:
                number = rng.randint(MIN_DEAL, MAX_DEAL)
                result = solve(Game.new(deal_cards(number), variant, number), DEAL_SECONDS, cancel)
                if cancel.is_set():
                    return None
                last = (number, variant, result)
                if result.result == WINNABLE:
                    break
            return last

        self.purposes = set()
        self.coach.hint_for = None
        self.worker.submit(Ask.DEAL_SEARCH, search)
        self.searching_deal = True
        self.coach.say_until_answered("ui.deal_search.looking", DEAL_SEARCH_SECONDS + DEAL_SECONDS)
        return True

    def stop_deal_search(self) -> None:
        if self.searching_deal:
            self.searching_deal = False
            self.worker.cancel()
            self.desk.say("")

    def deal_found(self, answer: Answer[Any]) -> None:
        self.searching_deal = False
        table = self.desk
        if answer.error is not None or answer.result is None:
            table.say(i18n.t("ui.truth.failed", reason=str(answer.error)))
            return
        number, variant, result = answer.result
        game = Game.new(deal_cards(number), variant, number)
        self.known.learn(game.to_text(), knowledge_of(result))
        table.start_deal(game)
        key = "ui.deal_search.found" if result.result == WINNABLE else "ui.deal_search.gave_up"
        table.say_replaced(i18n.t(key, deal=table.deal_label(game)))
