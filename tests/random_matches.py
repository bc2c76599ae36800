"""Random matches for the cache and export properties: random legal hands card by card
(with a quick hand now and then), cut at a random point, and the strategy that draws them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scorekeeper import matchlog
from scorekeeper.matchlog import MatchLog
from scorekeeper.ruleset import load
from scorekeeper.session.demo import play_random_hand

NAMES = ["Anna", "Ben", "Carla", "Dirk", "Emil"]
RULESETS = ["doppelkopf", "doppelkopf-ddv", "klaverjassen", "kloepper", "bierkopf", "klaberjass"]


QUICK: dict[str, Any] = {
    "doppelkopf": lambda names, rng: {
        "re": [names[0], names[2]],
        "re_points": rng.choice([100, 121, 165, 240]),
    },
    # short facts: a match of such hands alone is written inline (hand = [...])
    "bierkopf": lambda names, rng: {"team": rng.choice(names[:2]), "points": rng.choice([61, 90])},
}
"""Score-sheet facts of a random quick hand, per rule set."""


def random_log(ruleset: str, hands: int, seed: int, quick: float = 0.3) -> MatchLog:
    """A match of random legal hands, card by card with their deals (a quick hand or two)."""
    from scorekeeper.match import Match

    rules = load(ruleset)
    names = NAMES[: rules.player_counts[0]]
    log = MatchLog.new(ruleset, names, names[0])
    rng = random.Random(seed)
    m = Match(rules, names, names[0])
    for _ in range(hands):
        if m.over():
            break
        if ruleset in QUICK and rng.random() < quick:
            m.record_quick(log, QUICK[ruleset](names, rng), [])
            continue
        log.hands.append(play_random_hand(m, rng, announce=0.1))
    return log


def cut(log: MatchLog, hand: int, action: int) -> MatchLog:
    """The match as it stood after ``action`` actions of hand ``hand`` (0-based)."""
    copy = matchlog.loads(log.dumps())[0]
    copy.hands = copy.hands[: hand + 1]
    if copy.hands and copy.hands[-1].quick is None:
        copy.hands[-1].actions = copy.hands[-1].actions[:action]
    return copy


def random_cut(ruleset: str, hands: int, seed: int, quick: float, where: float) -> MatchLog:
    """A random match cut at a point ``where`` (0 to 1) picks: a hand, then an action."""
    full = random_log(ruleset, hands, seed, quick)
    if not full.hands:
        return full
    hand = min(int(where * len(full.hands)), len(full.hands) - 1)
    return cut(full, hand, int(where * 7919) % (len(full.hands[hand].actions) + 1))


def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own, with the cache on (whatever the caller's)."""
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("SCOREKEEPER_CACHE", raising=False)
    return tmp_path / "home"


PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
"""The settings of a property over files in the test's temporary folder."""


@dataclass(frozen=True)
class Cut:
    """A random match cut at the point ``where`` (0 to 1) picks, as :func:`random_cut`."""

    ruleset: str
    hands: int
    seed: int
    where: float
    quick: float

    def fresh(self, folder: Path) -> tuple[MatchLog, Path]:
        """The cut match and the file to write it to, where no file is yet."""
        path = folder / f"{self.ruleset}-{self.seed}.toml"
        path.unlink(missing_ok=True)
        return random_cut(self.ruleset, self.hands, self.seed, self.quick, self.where), path


def cuts(least_hands: int = 0) -> st.SearchStrategy[Cut]:
    """Random cuts of random matches of every rule set, of ``least_hands`` to 4 hands."""
    return st.builds(
        Cut,
        ruleset=st.sampled_from(RULESETS),
        hands=st.integers(least_hands, 4),
        seed=st.integers(0, 10_000),
        where=st.floats(0, 1),
        quick=st.sampled_from([0.0, 0.5, 1.0]),
    )
