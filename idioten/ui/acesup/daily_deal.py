"""The deal of the day in the window (`idioten.acesup.daily` finds it): T or the menu deals it, found off the
loop the first time in a day; the first finished game of it counts in its own statistics (days played and
won, streaks: `storage.stats.DailyStats`), which its end panel shows with the time to the next day's deal.
A game the computer played to the end (the demo, the solution) does not count.

Which day a game belongs to is a fact about the game, kept by its start position (a restart keeps it, Ctrl+Z
after a new deal brings it back) and saved with it (`SavedGame.daily`, stamped by `persist`), so a deal of the
day resumed after the program was closed is still that day's deal. The clock does not change it: a game of
the 3rd played on past midnight is the 3rd's deal, counts for the 3rd, and its end panel then says that the
next day's deal is already there instead of counting down to it."""

from __future__ import annotations

import datetime as dt

from idioten import i18n
from idioten.acesup import daily
from idioten.acesup.rules import Game
from idioten.cards import deal_cards
from idioten.ui.replacing import NEW_DEAL

FIND_SECONDS = 30.0  # the "finding it" message stays at most this long (it takes a few seconds at most)


class DailyDeal:
    def __init__(self, assistant):
        self.assistant = assistant
        self.found_for: tuple[dt.date, int] | None = None  # today's (day, deal number), once found: for T
        self.days: dict[str, dt.date] = {}  # start position -> the day, of every deal of the day dealt or resumed

    def start(self) -> None:
        """Deal today's deal (the first look proves it winnable; see `acesup.daily`)."""
        assistant, today = self.assistant, daily.today()
        if self.found_for is not None and self.found_for[0] == today:
            self.deal()
            return
        assistant.stop_deal_search()
        assistant.purposes = set()
        assistant.worker.submit("daily", lambda cancel: (today, daily.daily_deal(today, cancel)))
        assistant.say_until_answered("ui.daily.looking", FIND_SECONDS)

    def found(self, answer) -> None:
        if answer.error is not None:
            self.assistant.app.table.say(i18n.t("ui.truth.failed", reason=str(answer.error)))
            return
        self.found_for = answer.result
        self.deal()

    def deal(self) -> None:
        day, number = self.found_for
        table = self.assistant.app.table
        game = Game.new(deal_cards(number), daily.DAILY_VARIANT, number)
        self.days[game.start_text] = day  # before the table takes it: the save of the new game is stamped with it
        table.replace_game(game, NEW_DEAL)
        table.say_replaced(i18n.t("ui.daily.dealt", day=day.isoformat()))

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

    def status_parts(self, game: Game) -> list[str]:
        day = self.day_of(game)
        return [] if day is None else [i18n.t("ui.daily.status", day=day.isoformat())]

    def count(self, game: Game) -> None:
        """The first finished game of the day's deal counts for that day (the day it was dealt for)."""
        assistant, day = self.assistant, self.day_text(game)
        if day is None or assistant.autoplay is not None or assistant.finished_by is not None:
            return
        from idioten.ui.persist import persistence

        persist = persistence(assistant.app)
        persist.show(persist.store.record_daily(day, game.is_won()))

    def lines(self, game: Game) -> list[str]:
        """The end panel's lines for the deal of the day: its statistics and the time to the next one."""
        day = self.day_of(game)
        if day is None:
            return []
        from idioten.ui.persist import persistence

        days, today = persistence(self.assistant.app).stats.daily, daily.today()
        lines = [i18n.t("ui.daily.stats", played=days.played, won=days.won, current=days.current_streak(today),
                        best=days.best_streak)]
        if day < today:  # played past midnight: the next day's deal is already there
            return lines + [i18n.t("ui.daily.ready", day=today.isoformat())]
        left = daily.seconds_to_next_day()
        return lines + [i18n.t("ui.daily.next", hours=left // 3600, minutes=left % 3600 // 60)]
