"""The round's time: when it started, how long it has run, what is left, and what the
competition does once it is over (``[time] late``: ``warn`` or ``refuse``).

A round's clock starts when it is drawn and again with ``event start`` (the round begins
now, or at the time given); the event file keeps the start, nothing else: elapsed and
left are worked out from the clock of the computer asked. A competition without
``minutes`` has no clock, nor has a round drawn before rounds kept their start.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from scorekeeper.club.competition import Competition
from scorekeeper.club.event import Round, now, refuse
from scorekeeper.record import record


def parse_start(text: str, today: datetime | None = None) -> datetime:
    """A round's start as typed: ``19:05`` (today, local time) or an ISO date and time;
    refused (a usage mistake) otherwise."""
    day = today or now()
    try:
        if len(text) <= 5 and ":" in text:
            clock = time.fromisoformat(text.zfill(5))
            return datetime.combine(day.date(), clock, day.tzinfo)
        found = datetime.fromisoformat(text)
    except ValueError:
        raise refuse("club.bad_start", "time", kind="usage", given=text) from None
    return found if found.tzinfo else found.astimezone()


@record(frozen=True)
class Clock:
    """A round's time as it stands at ``at``."""

    round: int
    started: datetime
    minutes: int
    at: datetime
    late: str = "warn"

    @property
    def ends(self) -> datetime:
        return self.started + timedelta(minutes=self.minutes)

    @property
    def elapsed(self) -> int:
        """Whole minutes since the start (0 before it)."""
        return max(0, int((self.at - self.started).total_seconds() // 60))

    @property
    def left(self) -> int:
        """Whole minutes to the end, rounded up (0 once it is over)."""
        seconds = (self.ends - self.at).total_seconds()
        return max(0, -int(-seconds // 60))

    @property
    def over(self) -> bool:
        return self.at >= self.ends

    def behind(self, games: int, of: int) -> bool:
        """Whether a table that has played ``games`` of ``of`` is behind the round's pace
        (the games left need more than their share of the minutes left)."""
        if not of or games >= of or self.over:
            return False
        return (of - games) * self.minutes > of * (self.ends - self.at).total_seconds() / 60

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "started": self.started.isoformat(),
            "minutes": self.minutes,
            "ends": self.ends.isoformat(),
            "elapsed": self.elapsed,
            "left": self.left,
            "over": self.over,
            "late": self.late,
            "start_time": f"{self.started:%H:%M}",
            "end_time": f"{self.ends:%H:%M}",
        }


def clock_of(rules: Competition, played: Round, at: datetime | None = None) -> Clock | None:
    """The round's clock, or None (no minutes in the competition, no start kept)."""
    if not rules.minutes or not played.started:
        return None
    started = datetime.fromisoformat(played.started)
    return Clock(played.number, started, rules.minutes, at or now(), rules.late)


def verify_in_time(rules: Competition, played: Round, at: datetime | None = None) -> None:
    """Refuse a game entered after the round's time where the competition says so
    (``[time] late = "refuse"``); where it says ``warn`` the entry is taken and the
    commands say that the time is over."""
    clock = clock_of(rules, played, at)
    if clock is not None and clock.over and clock.late == "refuse":
        raise refuse(
            "club.time_over",
            "time",
            round=played.number,
            minutes=clock.minutes,
            ends=f"{clock.ends:%H:%M}",
        )
