"""The cards on the Aces Up table as they are shown: where each one rests (as the layout fans its pile, or
tighter while a panel covers the foot of the table) and how it gets there, a glide from where it is with a
duration and a delay of its own. The table (table.py) holds one `TableCards`: after each change its session
made it settles the cards by the timing the change's record asks for, and it advances the glides each frame;
the painter draws the cards where their sprites are, the input drags one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from idioten.acesup.rules import Dealt, Discarded, Game, Moved
from idioten.cards import Card
from idioten.ui.kit.scene import Host
from idioten.ui.kit.sprites import CardSprite
from idioten.ui.kit.tween import Glide

ACTION_SECONDS = 0.3  # a discarded or moved card's glide at normal speed (a deal takes longer)
DEAL_SECONDS = 0.28  # a dealt card's glide
DEAL_STAGGER = 0.09  # between two dealt cards leaving the stock
REFAN_SECONDS = 0.18  # a card that only moves because its pile is fanned anew
Timing = Callable[[Card], tuple[float, float]]  # a card's glide: (duration, delay) in seconds
Place = tuple[float, float]


class MovingTable(Protocol):
    """What the cards ask of the table they lie on (table.py's `TableScene`): its game, the window, and a frame
    drawn again when they move."""

    app: Host
    dirty: bool

    @property
    def game(self) -> Game: ...


class TableCards:
    """Every card of the table's game as a sprite: its resting place, its zone ("pile", "stock" or "discard")
    and the glide under way to it."""

    def __init__(self, table: MovingTable) -> None:
        self.table = table
        self.sprites: dict[Card, CardSprite] = {}
        self.zones: dict[Card, str] = {}  # where each card rests (or rested before its glide)
        self.dealt_in: frozenset[Card] = frozenset()  # a new deal's first cards, flying out as it appears
        self.fan_limit: int | None = None  # the cards of a pile end above this y (an end panel over the foot)

    def speed(self, seconds: float) -> float:
        """A glide of `seconds` at normal speed, at the speed the settings ask for (0 with animations off)."""
        return self.table.app.settings.duration(seconds)

    # -- where the cards rest ----------------------------------------------------------------------------

    def rest_places(self) -> dict[Card, tuple[str, Place]]:
        """Every card's zone and the place it rests in there."""
        layout, game = self.table.app.layout, self.table.game
        places = {}
        for pile, cards in enumerate(game.piles):
            for index, card in enumerate(cards):
                places[card] = ("pile", self.card_position(pile, index, len(cards)))
        stock = (float(layout.stock.x), float(layout.stock.y))
        discard = (float(layout.discard.x), float(layout.discard.y))
        for card in game.stock:
            places[card] = ("stock", stock)
        for card in game.discards:
            places[card] = ("discard", discard)
        return places

    def card_position(self, pile: int, index: int, cards_in_pile: int) -> Place:
        """Where a card of a pile rests: as the layout fans it, or tighter so that the pile ends above
        `fan_limit` while a panel covers the foot of the table (its top card in sight, only less of the
        cards beneath it)."""
        layout = self.table.app.layout
        x, y = layout.card_position(pile, index, cards_in_pile)
        if self.fan_limit is None or cards_in_pile <= 1:
            return x, y
        top = layout.piles[pile].y
        room = self.fan_limit - top - layout.card_h
        step = min(layout.fan_step(cards_in_pile), max(0.0, room / (cards_in_pile - 1)))
        return x, top + index * step

    def foot_taken(self) -> int | None:
        """The top of the foot a panel over the table covers (`Scene.foot_from`), while the table is on screen."""
        scenes = self.table.app.scenes
        on_screen: object = scenes[0]  # a Scene; the table is one, seen through its Protocol
        if on_screen is not self.table:
            return None
        return next((y for y in (scene.foot_from() for scene in reversed(scenes[1:])) if y is not None), None)

    def follow_the_foot(self) -> None:
        """The piles fanned tighter while a panel covers the foot, and back once it is gone (a short glide)."""
        limit = self.foot_taken()
        if limit != self.fan_limit:
            self.fan_limit = limit
            self.settle(lambda card: (self.speed(REFAN_SECONDS), 0.0))

    # -- how they get there ------------------------------------------------------------------------------

    def settle(self, timing: Timing | None = None) -> None:
        """Send every card whose resting place changed to its new place: at once, or gliding by `timing`,
        which gives (duration, delay) for a card."""
        for card, (zone, place) in self.rest_places().items():
            sprite = self.sprites.get(card)
            if sprite is None:
                self.sprites[card] = CardSprite(card, place)
            elif timing is None:
                sprite.finish()
                sprite.pos = place
            else:
                heading = sprite.glide.end if sprite.glide else sprite.pos
                if heading != place or sprite.pos != place:
                    duration, delay = timing(card)
                    sprite.glide = Glide(sprite.pos, place, duration, delay, origin=self.zones.get(card, zone))
                    if duration <= 0 and delay <= 0:
                        sprite.finish()
            self.zones[card] = zone
        self.table.dirty = True

    def timing_for(self, record: object, backwards: bool) -> Timing:
        """How the cards glide to show `record` (a `Change`'s, one of the rules' records) done or, `backwards`,
        undone: a deal's cards one after the other, the card that moved at an action's pace, every other card
        (a pile fanned anew) quickly."""
        speed = self.speed
        if isinstance(record, Dealt):
            order = {card: (len(record.cards) - 1 - i if backwards else i) for i, card in enumerate(record.cards)}
            return lambda card: ((speed(DEAL_SECONDS), speed(DEAL_STAGGER) * order[card]) if card in order
                                 else (speed(REFAN_SECONDS), 0.0))
        moved = record.card if isinstance(record, (Discarded, Moved)) else None
        return lambda card: (speed(ACTION_SECONDS), 0.0) if card == moved else (speed(REFAN_SECONDS), 0.0)

    def lay_out(self, deal_in: bool = False) -> None:
        """The game's cards afresh: at once, or (`deal_in`) with its first cards flying from the stock to the
        piles."""
        game = self.table.game
        self.sprites.clear()
        self.zones.clear()
        self.dealt_in = frozenset()
        if not deal_in:
            self.settle()
            return
        # They fly from the stock but were never in it (the rules lay the first four out): the stock's count
        # must not hold them while they wait to fly, or a fresh deal's 48 would count down from 52.
        self.dealt_in = frozenset(c for pile in game.piles for c in pile)
        layout = self.table.app.layout
        stock = (float(layout.stock.x), float(layout.stock.y))
        for card in self.rest_places():
            self.sprites[card] = CardSprite(card, stock)
            self.zones[card] = "stock"
        order = {card: index for index, card in enumerate(c for pile in game.piles for c in pile)}
        speed = self.speed
        self.settle(lambda card: (speed(DEAL_SECONDS), speed(DEAL_STAGGER) * order[card]) if card in order
                    else (0.0, 0.0))

    def finish(self) -> None:
        """Every glide and shake at its end."""
        for sprite in self.sprites.values():
            sprite.finish()
        self.table.dirty = True

    def moving(self) -> bool:
        """A card glides or shakes."""
        return any(s.glide is not None or s.shake is not None for s in self.sprites.values())

    def advance(self, dt: float) -> bool:
        """The glides and shakes `dt` seconds on; True if anything moved."""
        moving = False
        for sprite in self.sprites.values():
            if sprite.glide is not None or sprite.shake is not None:
                sprite.advance(dt)
                moving = True
        if moving:
            self.table.dirty = True
        return moving
