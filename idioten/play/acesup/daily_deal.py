"""The deal of the day at the table (`idioten.acesup.daily` finds it): T or the menu deals it, found off the
loop the first time in a day; its status-bar label, and its end panel's lines: its own statistics (days
played and won, streaks: `storage.stats.DailyStats`) and the time to the next day's deal.

Which game is which day's deal, and counting a finished one for its day, is the session's bookkeeping
(`play.acesup.daily.DailyDeals`, the session's `days`): a game of the 3rd played on past midnight is the 3rd's deal,
counts for the 3rd, and its end panel then says that the next day's deal is already there instead of
counting down to it."""

from __future__ import annotations

import datetime as dt
from typing import Any, Protocol, cast

from idioten import i18n
from idioten.acesup import daily
from idioten.acesup.rules import Game
from idioten.play.acesup.coach import Coach
from idioten.play.acesup.daily import DailyDeals
from idioten.play.acesup.desk import Advised, Ask
from idioten.play.jobs import Answer

FIND_SECONDS = 30.0  # the "finding it" message stays at most this long (it takes a few seconds at most)


class Assisting(Advised, Protocol):
    """What the deal of the day reads of the assistant that holds it, beyond any part's."""

    purposes: set[str]
    coach: Coach


class DailyDeal:
    def __init__(self, assistant: Assisting) -> None:
        self.assistant = assistant

    @property
    def book(self) -> DailyDeals:
        return self.assistant.desk.session.days

    def start(self) -> None:
        """Deal today's deal (the first look proves it winnable; see `acesup.daily`)."""
        assistant, today = self.assistant, daily.today()
        if self.book.known_today():
            self.deal()
            return
        assistant.stop_deal_search()
        assistant.purposes = set()
        assistant.worker.submit(Ask.DAILY, lambda cancel: (today, daily.daily_deal(today, cancel)))
        assistant.coach.say_until_answered("ui.daily.looking", FIND_SECONDS)

    def found(self, answer: Answer[Any]) -> None:
        if answer.error is not None:
            self.assistant.desk.say(i18n.t("ui.truth.failed", reason=str(answer.error)))
            return
        day, number = cast("tuple[dt.date, int]", answer.result)
        self.book.found(day, number)
        self.deal()

    def deal(self) -> None:
        table = self.assistant.desk
        table.start_deal(self.book.deal())
        table.say_replaced(i18n.t("ui.daily.dealt", day=self.book.day_text(table.game)))

    def status_parts(self, game: Game) -> list[str]:
        day = self.book.day_of(game)
        return [] if day is None else [i18n.t("ui.daily.status", day=day.isoformat())]

    def lines(self, game: Game) -> list[str]:
        """The end panel's lines for the deal of the day: its statistics and the time to the next one."""
        day = self.book.day_of(game)
        if day is None:
            return []
        days, today = self.assistant.desk.session.store.stats.daily, daily.today()
        lines = [i18n.t("ui.daily.stats", played=days.played, won=days.won, current=days.current_streak(today),
                        best=days.best_streak)]
        if day < today:  # played past midnight: the next day's deal is already there
            return lines + [i18n.t("ui.daily.ready", day=today.isoformat())]
        left = daily.seconds_to_next_day()
        return lines + [i18n.t("ui.daily.next", hours=left // 3600, minutes=left % 3600 // 60)]
