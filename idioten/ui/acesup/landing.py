"""What waits at the Aces Up table for a move's cards to land, so that the player sees each move whole before
anything follows it: an automatic discard (the setting "auto-discard"), and the end of a game, which brings
its end panel (table.py's `show_end`), the cards leaping off the table first when the player won it
(kit/celebration.py). The table (table.py) holds one `Landing`, arms it after each move and asks it once a
frame, while nothing moves and no card is dragged, to do what waits.
"""

from __future__ import annotations

from typing import Protocol

from idioten import i18n
from idioten.acesup.rules import DISCARD, Action, Game
from idioten.ui.acesup.table_cards import TableCards
from idioten.ui.kit import celebration
from idioten.ui.kit.scene import Host


class LandingTable(Protocol):
    """What the landing asks of its table (table.py's `TableScene`): its game and its cards, its verb `act`,
    its message line and its end panel."""

    app: Host
    cards: TableCards

    @property
    def game(self) -> Game: ...
    def act(self, action: Action) -> bool: ...
    def say(self, text: str) -> None: ...
    def show_end(self) -> None: ...
    def finish_animations(self) -> None: ...


class Landing:
    """The automatic discard and the end of the game, each waiting for the cards to land."""

    def __init__(self, table: LandingTable) -> None:
        self.table = table
        self.auto_discard = False  # a discard the setting asks for, once the cards are still
        self.end = False  # the game ended: its end panel, once the cards are still
        self.celebrate = False  # the end is the player's own win: the cards leap off before the panel

    def pending(self) -> bool:
        """Something waits: the loop keeps drawing until it is done."""
        return self.end or self.auto_discard

    def clear(self) -> None:
        """Nothing waits any more (another game on the table, the guide's step says how it ended)."""
        self.auto_discard = self.end = self.celebrate = False

    def after_move(self, by_computer: bool, auto_discard: bool) -> None:
        """A move was made (by the computer, or the player): what follows it once its cards have landed."""
        game = self.table.game
        self.end = game.is_over()
        # The player's own last card (not a redo, not the demo's), with animations on: a celebration first.
        self.celebrate = game.is_won() and not by_computer and celebration.wanted(self.table.app)
        self.auto_discard = auto_discard and not self.end

    def landed(self) -> None:
        """The cards are still: the automatic discard, or the end of the game, if one waits."""
        table = self.table
        if self.auto_discard:
            self.auto_discard = False
            discard = next((a for a in table.game.legal_actions() if a.kind == DISCARD), None)
            if discard is not None and table.act(discard):
                # Said aloud: discarding at once can lose a deal where keeping the card wins.
                table.say(i18n.t("ui.msg.auto_discarded", card=i18n.card_name(table.game.discards[-1])))
        elif self.end:
            self.end = False
            if self.celebrate:
                self.celebrate = False
                self.start_celebration()
            else:
                table.show_end()

    def start_celebration(self) -> None:
        """The four aces, then the top of the discard pile, leap off the table; then the end panel."""
        app, game, layout = self.table.app, self.table.game, self.table.app.layout
        cards = [cards[-1] for cards in game.piles if cards] + list(reversed(game.discards))
        leapers = [(app.images.face(card), self.table.cards.sprites[card].pos) for card in cards]
        app.push(celebration.Celebration(app, leapers, layout.table_bottom - layout.card_h, self.celebrated))

    def celebrated(self) -> None:
        """The end panel, without its own confetti: the cards were the celebration."""
        self.table.finish_animations()
        self.table.show_end()
        quiet = getattr(self.table.app.scenes[-1], "quiet", None)
        if quiet is not None:
            quiet()
