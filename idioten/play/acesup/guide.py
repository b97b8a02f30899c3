"""Learn to play: a guided first game on the real table, as data and logic (no pygame, no saved files).

The guide is a row of steps. Each lesson step is a real position of the rules layer (`rules.Game`), with the
move or moves it waits for and one or two lines of text; the picture step shows the end of a won game; the
last step is a whole numbered deal, proved winnable by the solver (tests/play/test_guide.py), with the ring on
the stored winning line's next action for the first few actions.

What is legal is decided only by `rules.Game.verify`: an action the rules refuse is refused with the rules'
own reason (`Refusal.rules`); an action the rules allow but the lesson is not about is refused with the
guide's reason (`Refusal.guide`, "not this one: try …"). A refusal changes nothing.

Every game the guide plays is its own, built here and held in memory: it is given no store, no session and
no settings, so nothing it does can reach the player's saved game or statistics, and leaving it at any step
leaves the player's game exactly as it was (the window keeps that session and shows it again).

Texts are keys of the catalogues (`Text`); `words` gives them in the current language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from idioten import i18n
from idioten.acesup.rules import DEAL, DISCARD, Action, Game, Record
from idioten.cards import ACE, Card, deal_cards, full_deck, parse_card, parse_cards
from idioten.errors import IllegalAction

# The window's words for the guide itself (the menu entry, the offer at the first start, the step counter).
TITLE = "guide.title"
OFFER = "guide.offer"
STEP_OF = "guide.step_of"
GO_ON = "guide.go_on"
NEXT = "guide.next"  # the button that goes on once a step is done
# The line of keys under a step's text: lessons and pictures go on with Next; the deal step is played with
# hints once the ring has gone, and its Next (once the deal is over) leaves the guide.
KEYS, KEYS_DEAL, KEYS_LAST = "guide.keys", "guide.keys_deal", "guide.keys_last"


@dataclass(frozen=True)
class Text:
    """A message of the catalogues and its fields; a Card field is shown as its corner shows it."""
    key: str
    params: tuple[tuple[str, object], ...] = ()

    @staticmethod
    def of(key: str, **params: object) -> "Text":
        return Text(key, tuple(sorted(params.items())))


def words(text: Text) -> str:
    """`text` in the current language."""
    return i18n.t(text.key, **{name: i18n.card_name(value) if isinstance(value, Card) else str(value)
                               for name, value in text.params})


@dataclass(frozen=True)
class Refusal:
    """Why an action offered to the guide was not done: the rules' reason, or else the guide's."""
    rules: IllegalAction | None = None
    guide: Text | None = None

    def words(self) -> str:
        if self.rules is not None:
            return i18n.reason(self.rules)
        assert self.guide is not None, "a refusal has a reason"
        return words(self.guide)

    @property
    def code(self) -> str:
        """What the log keeps: "rule.<code>" for the rules' reason, else the guide's message key."""
        if self.rules is not None:
            return "rule." + self.rules.code
        assert self.guide is not None, "a refusal has a reason"
        return self.guide.key


@dataclass(frozen=True)
class Answer:
    """What `Guide.offer` did: the rules' record when the action was done, else the refusal."""
    record: Record | None = None
    refusal: Refusal | None = None

    @property
    def accepted(self) -> bool:
        return self.refusal is None


LESSON, PICTURE, DEAL_STEP = "lesson", "picture", "deal"


@dataclass(frozen=True)
class Step:
    """One step of the guide.

    A LESSON waits for `waits_for`, in order; `lines[i]` are shown while it waits for `waits_for[i]` and
    `done_lines` once all are made. A PICTURE waits for nothing (`done_lines` only). A DEAL_STEP is a whole
    deal played freely; `ring_line` is a winning line whose next action is ringed for the first
    `ring_actions` actions while the player follows it."""
    name: str
    kind: str
    position: str  # `Game.to_text`, all 52 cards
    lines: tuple[tuple[Text, ...], ...] = ()
    done_lines: tuple[Text, ...] = ()
    waits_for: tuple[Action, ...] = ()
    deal_number: int | None = None
    ring_line: tuple[Action, ...] = ()
    ring_actions: int = 0
    lone_move_refusal: Text | None = None  # the guide's reason for moving a lone card between gaps, if its own

    def new_game(self) -> Game:
        return Game.from_text(self.position, self.deal_number)


def table(piles: tuple[str, ...], stock: str = "", stock_size: int = 0) -> str:
    """A position as `Game.to_text` writes it: `piles` (cards bottom to top, "" for a gap), the stock
    starting with `stock` and filled to `stock_size` cards, and every other card discarded. The filling
    keeps it a position a game can reach: the lowest remaining cards are the ones discarded (a low card
    always had a higher one to go against) and no ace is ever among them (an ace never goes)."""
    placed = [parse_cards(p) if p else [] for p in piles]
    head = parse_cards(stock) if stock else []
    used = {c for p in placed for c in p} | set(head)
    rest = sorted((c for c in full_deck() if c not in used), key=lambda c: (c.rank == ACE, c.rank, c.suit))
    gone_count = len(rest) - (stock_size - len(head))
    gone, filler = rest[:gone_count], rest[gone_count:]
    if any(c.rank == ACE for c in gone):
        raise ValueError("a position of the guide discards no ace")
    game = Game(placed, head + filler, gone)
    return game.to_text()


# The beginner's deal (chosen by `idioten.play.acesup.beginner.scan`, bench/beginner_deal.py): won by a line with
# only 4 gap moves that never passes up a discard, and won by the simple greedy player too, so a beginner
# who discards whenever a card may go is on the right track. tests/play/test_guide.py proves it with the solver.
BEGINNER_DEAL = 252
BEGINNER_LINE = (
    "deal, discard 1, discard 2, discard 4, discard 4, move 3 4, deal, discard 1, discard 2, discard 3, "
    "discard 4, deal, discard 4, deal, discard 4, discard 2, deal, discard 2, discard 3, deal, discard 3, "
    "discard 3, discard 2, discard 2, discard 3, discard 1, discard 2, move 1 2, discard 1, discard 1, "
    "discard 4, deal, discard 1, deal, deal, discard 1, discard 2, deal, discard 1, discard 2, discard 3, "
    "deal, discard 1, discard 2, discard 1, discard 3, deal, discard 2, discard 3, discard 4, discard 3, "
    "discard 4, discard 4, discard 4, discard 4, discard 3, discard 2, discard 2, discard 3, discard 3, "
    "move 4 3, discard 4, discard 4, move 1 4")
# The ring shows itself for the first deal, the discards it allows and the first move into a gap.
RING_ACTIONS = 6


def parse_line(text: str) -> tuple[Action, ...]:
    return tuple(Action.parse(part) for part in text.split(","))


STEPS: tuple[Step, ...] = (
    Step("suits", LESSON, table(("KH", "AH", "8C", "3S"), stock_size=48),
         lines=((Text.of("guide.suits.discard", card=parse_card("KH"), higher=parse_card("AH"), pile=1),
                 Text.of("guide.suits.only_suits")),),
         done_lines=(Text.of("guide.suits.done"),),
         waits_for=(Action.discard(0),)),
    Step("gap", LESSON, table(("", "9S AH", "TC QS", "JH 6D"), stock_size=28),
         lines=((Text.of("guide.gap.move", card=parse_card("AH"), source=2, pile=1),
                 Text.of("guide.gap.only_top", card=parse_card("9S"), higher=parse_card("QS"))),
                (Text.of("guide.gap.discard", card=parse_card("9S"), higher=parse_card("QS")),)),
         done_lines=(Text.of("guide.gap.done"),),
         waits_for=(Action.move(1, 0), Action.discard(1))),
    Step("deal", LESSON, table(("KD", "", "5C", "2S"), stock="9H 3D 8S JC", stock_size=24),
         lines=((Text.of("guide.deal.nothing"), Text.of("guide.deal.how")),),
         done_lines=(Text.of("guide.deal.done", high=parse_card("KD"), low=parse_card("3D"), cover=parse_card("9H")),),
         waits_for=(Action.deal(),),
         lone_move_refusal=Text.of("guide.deal.lone_move")),
    Step("end", PICTURE, table(("AC", "AD", "AH", "AS")),
         done_lines=(Text.of("guide.end.won"), Text.of("guide.end.nothing_helps"))),
    Step("first_deal", DEAL_STEP, Game.new(deal_cards(BEGINNER_DEAL)).to_text(),
         lines=((Text.of("guide.first.follow"),), (Text.of("guide.first.play_on"),)),
         done_lines=(Text.of("guide.first.won"), Text.of("guide.first.alone")),
         deal_number=BEGINNER_DEAL, ring_line=parse_line(BEGINNER_LINE), ring_actions=RING_ACTIONS),
)


@dataclass(frozen=True)
class Attempt:
    """One action the player offered: at which step, what, and the refusal's code ("" when done)."""
    step: str
    action: Action
    refused: str = ""


@dataclass
class Guide:
    """The guide in play: which step, its game (in memory only), what the player did, finished or left."""
    steps: tuple[Step, ...] = STEPS
    index: int = 0
    game: Game = field(init=False)
    log: list[Attempt] = field(default_factory=list)
    finished: bool = False
    left: bool = False

    def __post_init__(self) -> None:
        self.game = self.steps[self.index].new_game()

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def active(self) -> bool:
        return not (self.finished or self.left)

    @property
    def done(self) -> bool:
        """The step has nothing left to wait for: its moves are made, it is a picture, or its deal is over."""
        step = self.step
        if step.kind == LESSON:
            return self._made() == len(step.waits_for)
        if step.kind == DEAL_STEP:
            return self.game.is_won() or self.game.is_over()
        return True

    def _made(self) -> int:
        """How many of a lesson's moves the game's own line holds (undo takes them back)."""
        played = [action for action, _ in self.game.history]
        made = 0
        while made < len(played) and made < len(self.step.waits_for) and played[made] == self.step.waits_for[made]:
            made += 1
        return made

    # -- the player's actions ----------------------------------------------------------------------------

    def offer(self, action: Action) -> Answer:
        """Do `action` if the rules allow it and it is the lesson's move (any legal action in the deal step);
        otherwise refuse it with the reason, and change nothing."""
        answer = self._answer(action)
        self.log.append(Attempt(self.step.name, action, "" if answer.refusal is None else answer.refusal.code))
        return answer

    def _answer(self, action: Action) -> Answer:
        if not self.active:
            return Answer(refusal=Refusal(guide=Text.of("guide.closed")))
        try:
            self.game.verify(action)
        except IllegalAction as refused:
            return Answer(refusal=Refusal(rules=refused))
        step = self.step
        if step.kind == DEAL_STEP:
            return Answer(record=self.game.apply(action))
        if self.done:
            return Answer(refusal=Refusal(guide=Text.of(GO_ON)))
        expected = step.waits_for[self._made()]
        if action == expected:
            return Answer(record=self.game.apply(action))
        if step.lone_move_refusal is not None and not self.game.is_useful(action):
            return Answer(refusal=Refusal(guide=step.lone_move_refusal))
        return Answer(refusal=Refusal(guide=self.advice(expected)))

    def advice(self, action: Action) -> Text:
        """The guide's reason ("not this one: try …") naming `action`, a legal action of the step's game."""
        if action.kind == DEAL:
            return Text.of("guide.try.deal")
        card = self.game.top(action.source)
        if action.kind == DISCARD:
            return Text.of("guide.try.discard", card=card)
        return Text.of("guide.try.move", card=card, pile=action.destination + 1)

    def undo(self) -> Record | None:
        """Take back the step's last action (None when there is none, or the guide is closed)."""
        return self.game.undo() if self.active else None

    def restart(self) -> None:
        """The step from its start."""
        if self.active:
            self.game = self.step.new_game()

    def go_on(self) -> bool:
        """To the next step once this one is done; after the last, the guide is finished. False (nothing
        changes) while the step still waits for its move."""
        if not self.active or not self.done:
            return False
        if self.index + 1 == len(self.steps):
            self.finished = True
        else:
            self.index += 1
            self.game = self.step.new_game()
        return True

    def leave(self) -> None:
        """Leave the guide at this step. Its games were never anything but its own, so there is nothing
        to put back: the window shows the player's own game again."""
        self.left = True

    # -- what the window shows ---------------------------------------------------------------------------

    def ring(self) -> Action | None:
        """The action to ring (and point at with the arrow): the lesson's next move, or in the deal step
        the winning line's next action during its first actions, while the player follows that line."""
        if not self.active or self.done:
            return None
        step = self.step
        if step.kind == LESSON:
            return step.waits_for[self._made()]
        if step.kind == DEAL_STEP:
            played = tuple(action for action, _ in self.game.history)
            if len(played) < step.ring_actions and played == step.ring_line[:len(played)]:
                return step.ring_line[len(played)]
        return None

    def on_own(self) -> bool:
        """The deal step's guidance is over while its deal goes on: the ring's first actions are made, or
        the player left the ring's line. The player plays the deal on alone, with hints, or leaves."""
        return self.active and self.step.kind == DEAL_STEP and not self.done and self.ring() is None

    def left_the_line(self) -> bool:
        """The deal step's game has an action off the ring's line among the ringed ones."""
        step = self.step
        played = tuple(action for action, _ in self.game.history)[:step.ring_actions]
        return step.kind == DEAL_STEP and played != step.ring_line[:len(played)]

    def lines(self) -> tuple[Text, ...]:
        """The one or two lines of text for the step as it is now."""
        step = self.step
        if step.kind == LESSON:
            return step.done_lines if self.done else step.lines[self._made()]
        if step.kind == DEAL_STEP:
            if self.done:
                return step.done_lines if self.game.is_won() else (
                    Text.of("guide.first.lost", score=self.game.score), step.done_lines[-1])
            if self.ring() is not None:
                return step.lines[0]
            # Said when the ring goes, whichever way: the guidance ends, and what comes next.
            ended = Text.of("guide.first.off_line" if self.left_the_line() else "guide.first.ring_done")
            return (ended, *step.lines[1])
        return step.done_lines

    def keys(self) -> Text:
        """The line of keys for the step as it is now."""
        if self.step.kind != DEAL_STEP:
            return Text.of(KEYS)
        return Text.of(KEYS_LAST if self.done else KEYS_DEAL)

    def step_of(self) -> Text:
        return Text.of(STEP_OF, step=self.index + 1, steps=len(self.steps))


def cards_of(game: Game) -> list[Card]:
    """Every card of a position, wherever it lies (tests: none is ever created or lost)."""
    return [c for p in game.piles for c in p] + game.stock + game.discards


__all__ = ["Answer", "Attempt", "BEGINNER_DEAL", "BEGINNER_LINE", "DEAL_STEP", "GO_ON", "Guide", "KEYS", "KEYS_DEAL",
           "KEYS_LAST", "LESSON", "NEXT",
           "OFFER", "PICTURE", "RING_ACTIONS", "Refusal", "STEPS", "STEP_OF", "Step", "TITLE", "Text", "cards_of",
           "parse_line", "table", "words"]
