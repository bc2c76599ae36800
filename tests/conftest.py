"""Shared helpers for the rules tests: a table of four, full hands written trick by trick.

A full hand is written as its twelve tricks, one per line, each play ``Name CARD`` in the
order played and the expected winner after ``>``::

    Ben QC  Carla 9D  Dirk JH  Anna AD  > Ben

The deal is what each player plays, so the record is always consistent; the expected winner
is read from the seed's card hierarchy by the test author, never from the engine.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, settings

from scorekeeper import ruleset
from scorekeeper.hand import Hand, Outcome
from scorekeeper.ruleset import Ruleset

# Every profile: no deadline and no "too slow" health check, since the suite shares the
# machine's cores with other work (a test's verdict must not depend on the load). CI
# replays the same examples on every run, because a red CI blocks a landing; a local run
# explores new random hands each time.
settings.register_profile(
    "shared", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci", settings.get_profile("shared"), derandomize=True, database=None)
settings.load_profile("ci" if os.environ.get("CI") else "shared")


@pytest.fixture(autouse=True)
def _hermetic_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Each test starts from the same environment on every machine and in every worker:
    English, no inherited match or data folder (a folder of its own), no terminal width
    or colour setting from the developer's shell."""
    from cli_helpers import HOST_SETTINGS

    for name in list(os.environ):
        if name in HOST_SETTINGS or name.startswith(("SCOREKEEPER_", "LC_")):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path_factory.mktemp("home")))

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]

# The seed's card points (section III), kept here so the tests never ask the engine.
CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def points_of(code: str) -> int:
    return CARD_POINTS[code[:-1]]


@dataclass
class WrittenTrick:
    plays: list[tuple[str, str]]
    winner: str

    @property
    def points(self) -> int:
        return sum(points_of(c) for _, c in self.plays)


@dataclass
class PlayedHand:
    hand: Hand
    outcomes: list[Outcome] = field(default_factory=list)
    tricks: list[WrittenTrick] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)

    @property
    def last(self) -> Outcome:
        return self.outcomes[-1]


def parse_tricks(text: str) -> list[WrittenTrick]:
    out = []
    for line in text.strip().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        body, winner = line.split(">")
        words = body.split()
        plays = [(words[i], words[i + 1]) for i in range(0, len(words), 2)]
        out.append(WrittenTrick(plays, winner.strip()))
    return out


def deal_of(tricks: Sequence[WrittenTrick]) -> dict[str, list[str]]:
    deal: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for trick in tricks:
        for player, card in trick.plays:
            deal[player].append(card)
    return deal


def points_won(tricks: Sequence[WrittenTrick], players: Sequence[str]) -> int:
    return sum(t.points for t in tricks if t.winner in players)


def play_written(
    rules: Ruleset,
    text: str,
    *,
    before: Mapping[int, Sequence[str]] | None = None,
    with_deal: bool = True,
    dealer: str = "Anna",
    deal: Mapping[str, Sequence[str]] | None = None,
    check_winners: bool = True,
) -> PlayedHand:
    """Play a written hand; ``before[n]`` are actions made when n cards are on the table."""
    tricks = parse_tricks(text)
    if deal is None and with_deal:
        deal = deal_of(tricks)
    hand = Hand(rules, PLAYERS, dealer, deal=deal if with_deal else None)
    played = PlayedHand(hand, tricks=tricks)
    before = before or {}

    def act(action: str) -> Outcome:
        outcome = hand.apply(action)
        played.outcomes.append(outcome)
        played.actions.append(action)
        return outcome

    n = 0
    for trick in tricks:
        for player, card in trick.plays:
            for action in before.get(n, ()):
                act(action)
            outcome = act(f"{player} {card}")
            n += 1
        if check_winners:
            assert outcome.trick is not None
            assert outcome.trick.winner == trick.winner, (
                f"trick {outcome.trick.number}: {outcome.trick.reason}"
            )
    for action in before.get(n, ()):
        act(action)
    return played


@pytest.fixture
def dk() -> Ruleset:
    """Doppelkopf with its defaults."""
    return ruleset.load("doppelkopf")


def load_dk(**options: object) -> Ruleset:
    return ruleset.load("doppelkopf", options)


DECK = [r + s for s in "CSHD" for r in ("A", "10", "K", "Q", "J", "9")] * 2


def full_deal(**partial: str) -> dict[str, list[str]]:
    """A complete deal: the named cards for each player, the rest of the pack in deck order."""
    rest = list(DECK)
    hands: dict[str, list[str]] = {}
    for player in PLAYERS:
        cards = partial.get(player, "").split()
        for card in cards:
            rest.remove(card)
        hands[player] = cards
    for player in PLAYERS:
        while len(hands[player]) < 12:
            hands[player].append(rest.pop(0))
    assert not rest
    return hands


# The last trick holds both jacks of clubs (Dirk's first, Anna's second) and nothing higher.
# Re: Anna and Ben (the queens of clubs are played in tricks 3 and 8).
JC_JC_LAST = """
    Ben QH  Carla JH  Dirk JH  Anna QH  > Ben
    Ben KS  Carla AD  Dirk AS  Anna AS  > Carla
    Carla KD  Dirk KD  Anna QS  Ben QC  > Ben
    Ben AH  Carla 9H  Dirk 9H  Anna 10D  > Anna
    Anna 9S  Ben 10S  Carla AH  Dirk 9S  > Ben
    Ben AC  Carla 9C  Dirk AD  Anna KC  > Dirk
    Dirk 10H  Anna QD  Ben 9D  Carla JD  > Dirk
    Dirk 10D  Anna QC  Ben QD  Carla JS  > Anna
    Anna 10S  Ben QS  Carla 10C  Dirk JD  > Ben
    Ben KC  Carla 10C  Dirk KH  Anna AC  > Anna
    Anna KS  Ben KH  Carla JS  Dirk 10H  > Dirk
    Dirk JC  Anna JC  Ben 9D  Carla 9C  > {last}
"""


@pytest.fixture(autouse=True)
def _language_of_each_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test speaks English unless it says otherwise, whatever the machine's locale;
    ``--lang``, a match's language or ``--json`` of an in-process command must not leak
    into the next test."""
    from scorekeeper.text import language

    for name in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    language.reset()
    yield
    language.reset()
