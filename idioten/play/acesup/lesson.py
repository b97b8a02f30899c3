"""Where did I go wrong: the analysis of a lost game (`idioten.acesup.analysis`) as the window and
`bench/analyse.py` run it (no pygame here; the window runs it off the loop, play/acesup/teacher.py).

It uses what is known already (`knowledge.Known`: the verdict's winning line saves most searches; positions
proved lost answer "could it still be won here?" at once), then asks the no-peek hint what it would have
played at the move found, and in a deal never winnable a line that keeps the best score from there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from idioten import i18n
from idioten.acesup import analysis
from idioten.acesup.rules import DISCARD, MOVE, WIN_SCORE, Action, Game
from idioten.acesup.verdict import UNWINNABLE, WINNABLE
from idioten.cards import Card
from idioten.play.acesup.knowledge import Knowledge, Known

LineKey = tuple[str, tuple[Action, ...]]  # (start position, the moves played)

LESSON_SECONDS = 30.0  # wall seconds for the whole analysis; then the panel says it is not known


@dataclass
class Lesson:
    """The analysis of one played line, or why there is none."""
    key: LineKey  # `key_of`
    found: analysis.Analysis | None = None
    failed: str = ""  # "" while it runs or when found; otherwise why it is not known

    def position_before(self) -> Game:
        """The position just before the move found."""
        start_text, moves = self.key
        if self.found is None or self.found.best_until is None:
            raise ValueError("no move found")
        return analysis.positions_along(Game.from_text(start_text), list(moves))[self.found.best_until]

    def on_the_line(self, game: Game) -> bool:
        """`game` is the line analysed, at its end or taken back (by undo) no further than just before the
        move found."""
        start_text, moves = self.key
        played = tuple(action for action, _ in game.history)
        return (self.found is not None and self.found.best_until is not None and game.start_text == start_text
                and self.found.best_until <= len(played) and played == moves[:len(played)])


def key_of(game: Game) -> LineKey:
    return game.start_text, tuple(action for action, _ in game.history)


def line_of(found: analysis.Analysis | None) -> tuple[Action, ...] | None:
    """What is played from before the move found: the winning line, or the line to the best score."""
    return None if found is None or found.best_until is None else (found.line or found.best_line)


def fact_of(knowledge: Knowledge | None) -> analysis.Fact | None:
    """A `knowledge.Knowledge` as the analysis takes it."""
    if knowledge is None:
        return None
    if knowledge.result == WINNABLE and knowledge.line is not None:
        return analysis.Fact(WINNABLE, tuple(knowledge.line), WIN_SCORE)
    if knowledge.result == UNWINNABLE:  # best None: proved lost, its best score not known
        return analysis.Fact(UNWINNABLE, None, knowledge.best if knowledge.best_exact else None)
    return None


def facts_along(start: Game, moves: list[Action], known: Known) -> dict[str, analysis.Fact]:
    """What `known` (a `knowledge.Known`) says of the positions along the line, as the analysis takes it."""
    facts = {}
    for position in analysis.positions_along(start, moves):
        fact = fact_of(known.get(position.to_text()))
        if fact is not None:
            facts[position.to_text()] = fact
    return facts


def run_lesson(start: Game, moves: list[Action], known: Mapping[str, analysis.Fact], cancel: Any,
               progress: Callable[..., Any] | None, memory_bytes: int | None = None) -> analysis.Analysis:
    """The worker's job: the analysis, then the no-peek hint's choice at the move found; each search's
    table holds at most `memory_bytes` (the solver's default if None)."""
    stop = analysis.StopFlag(cancel, seconds=LESSON_SECONDS)
    found = analysis.analyse(start, moves, known=known, cancel=stop, progress=progress,
                             solve=lambda game, flag: analysis.default_solve(game, flag, memory_bytes),
                             reach=lambda game, score, flag: analysis.default_reach(game, score, flag, memory_bytes))
    if found.best_until is not None:
        before = analysis.positions_along(start, moves)[found.best_until]
        if found.move is not None:
            found.hint = analysis.hint_instead(before, found.move, cancel)
        if found.line is None:  # never winnable: B's arrow and F follow a line that keeps the best score
            try:
                found.best_line = analysis.best_line(before, found.best_score, stop, memory_bytes)
            except analysis.Undecided:
                pass  # out of time: B goes back without an arrow, and F has nothing to play
    return found


def deed(game: Game, action: Action) -> str:
    """What the player did with `action` from `game`'s position, in the past tense (the hint's words, in
    `coach.advice`, say what to do). The window's end panel and `idioten analyse` say it alike."""
    return worded(game, action, done=True)


def worded(game: Game, action: Action, done: bool) -> str:
    """`action` from `game`'s position in the player's words: what was done (`done`, the lesson's) or what
    to do (the hint's)."""
    def say(end: str, **fields: object) -> str:
        return i18n.t(f"ui.lesson.did.{end}" if done else f"ui.hint.{end}", **fields)

    if action.kind == DISCARD:
        return say("discard", card=i18n.card_name(top_card(game, action.pile)))
    if action.kind == MOVE and action.target is not None:
        return say("move", card=i18n.card_name(top_card(game, action.pile)), pile=action.target + 1)
    kept = [i18n.card_name(top_card(game, a.pile)) for a in game.legal_actions() if a.kind == DISCARD]
    return say("deal_keep", cards=", ".join(kept)) if kept else say("deal")


def top_card(game: Game, pile: int | None) -> Card:
    """The top card of the pile a legal action names (the hint's and the lesson's words name it)."""
    card = game.top(pile) if pile is not None else None
    if card is None:  # the rules let an action name only a pile with a top card
        raise ValueError(f"no top card on pile {pile}")
    return card
