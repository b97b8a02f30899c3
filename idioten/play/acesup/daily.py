"""The deal of the day's bookkeeping (`idioten.acesup.daily` finds the deal; no pygame here): which games
are which day's deal, and counting a day.

Which day a game belongs to is a fact about the game, kept by its start position (a restart keeps it, Ctrl+Z
after a new deal brings it back) and saved with it (`SavedGame.daily`, stamped by the session when the game is
put in play), so a deal of the day resumed after the program was closed is still that day's deal. The clock
does not change it: a game of the 3rd played on past midnight is the 3rd's deal and counts for the 3rd.

The first finished game of a day's deal counts in that day's statistics (`storage.stats.DailyStats`); a
game the computer played to the end (the demo, the shown solution) does not count.
"""

from __future__ import annotations

import datetime as dt

from idioten.acesup import daily
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.storage.store import Store


class DailyDeals:
    def __init__(self) -> None:
        self.days: dict[str, dt.date] = {}  # start position -> the day, of every deal of the day dealt or resumed
        self.found_for: tuple[dt.date, int] | None = None  # today's (day, deal number), once known

    def known_today(self) -> bool:
        """Today's deal is known (found, or resumed from the file): it is dealt without looking for it."""
        return self.found_for is not None and self.found_for[0] == daily.today()

    def found(self, day: dt.date, number: int) -> None:
        self.found_for = (day, number)

    def deal(self) -> Game:
        """The game of the deal found last (`found`), marked as its day's deal before it is put in play, so
        that its save is stamped with the day."""
        if self.found_for is None:
            raise ValueError("no deal of the day found yet")
        day, number = self.found_for
        game = Game.new(deal_cards(number), daily.DAILY_VARIANT, number)
        self.days[game.start_text] = day
        return game

    def resumed(self, game: Game, day_text: str | None) -> None:
        """A game that came back from the saved file as the deal of day `day_text` (None: not one)."""
        if day_text is None:
            return
        day = dt.date.fromisoformat(day_text)
        self.days[game.start_text] = day
        if day == daily.today() and game.deal_number is not None:
            self.found_for = (day, game.deal_number)  # T deals it again without looking for it

    def day_of(self, game: Game) -> dt.date | None:
        return self.days.get(game.start_text)

    def day_text(self, game: Game) -> str | None:
        """The day `game` is the deal of, as saved (`SavedGame.daily`)."""
        day = self.day_of(game)
        return None if day is None else day.isoformat()

    def count(self, store: Store, game: Game, by_computer: bool) -> bool:
        """A game that just ended: the first finished game of a day's deal counts for that day (the day it was
        dealt for), unless the computer played it to its end. Only marked in the store's statistics: the next
        save point writes them. True if the day was counted now."""
        day = self.day_text(game)
        if day is None or by_computer or not game.is_over():
            return False
        return store.record_daily(day, game.is_won())
