"""The window keeps what it would otherwise work out again every frame (the game's settings as read, which
sessions keep time, card pictures ready to blit): each kept answer must give way to the new one as soon as
what it was made from changes."""

from __future__ import annotations

from idioten.play.acesup.settings import AcesUpSettings, aces_up_settings
from idioten.storage.settings import Settings
from idioten.ui.game_clock import status_parts, timed


def test_the_aces_up_settings_read_follow_each_new_settings_object():
    plain = Settings()
    assert aces_up_settings(plain) == AcesUpSettings()
    marked = plain.game_changed("idioten", "highlight_discardable", True)
    assert aces_up_settings(marked).highlight_discardable
    assert not aces_up_settings(plain).highlight_discardable  # and back to the one asked before
    assert aces_up_settings(marked.game_changed("idioten", "variant", "aces-only")).variant == "aces-only"


class _Clocked:
    def clock_running(self) -> bool:
        return True

    def add_time(self, seconds: float) -> None:
        pass

    def time_and_moves(self) -> tuple[float | None, int | None]:
        return 75.0, 3


class _Untimed:
    pass


def test_which_sessions_keep_time_is_answered_by_their_kind():
    clocked, untimed = _Clocked(), _Untimed()
    for _ in range(2):  # the second answer comes from what was kept
        assert timed(clocked) is clocked and timed(untimed) is None and timed(None) is None
        assert status_parts(untimed) == [] and len(status_parts(clocked)) == 2
