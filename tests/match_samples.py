"""Match files shared by the match-file tests: a sample log, its canonical text, headers."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from scorekeeper.errors import MatchFileError
from scorekeeper.matchlog import HandRecord, MatchLog, read

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
STARTED = datetime(2026, 11, 22, 19, 30, tzinfo=UTC)

HEADER = """\
format = "scorekeeper-match/1"
ruleset = "doppelkopf"
players = ["Anna", "Ben", "Carla", "Dirk"]
first_dealer = "Anna"
started = 2026-11-22T19:30:00+00:00
"""


def sample_log() -> MatchLog:
    log = MatchLog.new("doppelkopf", PLAYERS, options={"fox": False}, started=STARTED)
    log.extra["_venue"] = "Kneipe am Eck"
    log.hands.append(
        HandRecord(
            actions=["Anna wedding", "Ben QC", 'Carla "10H" # not a comment'],
            deal={"Anna": ["QC", "QC", "10H"]},
        )
    )
    log.hands.append(
        HandRecord(
            actions=["Anna re", "Carla no90"],
            quick={"re": ["Anna", "Carla"], "re_points": 165, "extras": ["Anna fox"]},
            extra={"_note": "quick"},
        )
    )
    return log


SAMPLE_TEXT = """\
format = "scorekeeper-match/1"
ruleset = "doppelkopf"
players = [
    "Anna",
    "Ben",
    "Carla",
    "Dirk",
]
first_dealer = "Anna"
started = 2026-11-22 19:30:00+00:00
_venue = "Kneipe am Eck"

[options]
fox = false

[[hand]]
actions = [
    "Anna wedding",
    "Ben QC",
    "Carla \\"10H\\" # not a comment",
]

[hand.deal]
Anna = [
    "QC",
    "QC",
    "10H",
]

[[hand]]
actions = [
    "Anna re",
    "Carla no90",
]
_note = "quick"

[hand.quick]
re = [
    "Anna",
    "Carla",
]
re_points = 165
extras = [
    "Anna fox",
]
"""


def problems_of(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MatchFileError) as caught:
        read(path)
    return caught.value.problems


HAND = """
[[hand]]
actions = [
    "Anna re",
    "Ben QC",
]
"""
