"""The deal of the day in the window (`idioten.acesup.daily` finds it): T or the menu deals it, found off the
loop the first time in a day; the first finished game of it counts in its own statistics (days played and
won, streaks: `storage.stats.DailyStats`), which its end panel shows with the time to the next day's deal.
A game the computer played to the end (the demo, the solution) does not count."""

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
        self.found_for: tuple[dt.date, int] | None = None  # (day, deal number), once found
        self.start_text = ""

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
        self.start_text = Game.new(deal_cards(self.found_for[1]), daily.DAILY_VARIANT).start_text
        self.deal()

    def deal(self) -> None:
        day, number = self.found_for
        table = self.assistant.app.table
        table.replace_game(Game.new(deal_cards(number), daily.DAILY_VARIANT, number), NEW_DEAL)
        table.say_replaced(i18n.t("ui.daily.dealt", day=day.isoformat()))

    def is_daily(self, game: Game) -> bool:
        return self.found_for is not None and game.start_text == self.start_text

    def status_parts(self, game: Game) -> list[str]:
        return [i18n.t("ui.daily.status", day=self.found_for[0].isoformat())] if self.is_daily(game) else []

    def count(self, game: Game) -> None:
        """The first finished game of the day's deal counts for that day."""
        assistant = self.assistant
        if not self.is_daily(game) or assistant.autoplay is not None or assistant.finished_by is not None:
            return
        from idioten.ui.persist import persistence

        persist = persistence(assistant.app)
        persist.show(persist.store.record_daily(self.found_for[0].isoformat(), game.is_won()))

    def lines(self, game: Game) -> list[str]:
        """The end panel's lines for the deal of the day: its statistics and the time to the next one."""
        if not self.is_daily(game):
            return []
        from idioten.ui.persist import persistence

        days = persistence(self.assistant.app).stats.daily
        left = daily.seconds_to_next_day()
        return [i18n.t("ui.daily.stats", played=days.played, won=days.won,
                       current=days.current_streak(daily.today()), best=days.best_streak),
                i18n.t("ui.daily.next", hours=left // 3600, minutes=left % 3600 // 60)]
