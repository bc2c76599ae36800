"""A demonstration match: random legal hands of a rule set, played into a new match file."""

from __future__ import annotations

import random
from pathlib import Path

from scorekeeper import store
from scorekeeper.match import Match
from scorekeeper.matchlog import HandRecord, MatchLog
from scorekeeper.ruleset import Ruleset
from scorekeeper.simulate import deal, play_random

NAMES = ["Anna", "Ben", "Carla", "Dirk", "Emil", "Frida"]
"""The demo's table, as many as the rule set's smallest table seats."""


def play_demo(
    rules: Ruleset, hands: int, seed: int, path: Path | None = None, *, current: bool = False
) -> Path:
    """Play up to ``hands`` random hands (fewer when the match ends) into a new match file.

    The file goes to ``path`` or the data folder; it becomes the current match only when
    ``current`` asks (a demo must not take the place of the match at the table). The same
    seed gives the same match.
    """
    names = NAMES[: rules.player_counts[0]]
    log = MatchLog.new(rules.id, names, names[0])
    target = path or store.new_path(names, f"demo-{rules.id}", log.started)
    rng = random.Random(seed)
    m = Match(rules, names, names[0])
    for _ in range(hands):
        if m.over():
            break
        log.hands.append(play_random_hand(m, rng, announce=0.05))
    store.create(log, target, current=current)
    return target


def play_random_hand(m: Match, rng: random.Random, announce: float) -> HandRecord:
    """Deal the next hand of ``m`` at random and play it out with random legal actions
    (announcing with the chance ``announce``); the hand is scored in ``m`` and returned
    as the record a match file keeps."""
    players = m.family.active_players(m.rules, m.players, m.next_dealer(), m.context())
    codes = {p: [c.code for c in cs] for p, cs in deal(m.rules, players, rng).items()}
    mh = m.start_hand(codes)
    assert mh.hand is not None
    actions = play_random(mh.hand, rng, announce=announce)
    mh.actions = list(mh.hand.history)
    mh.result = mh.hand.result()
    return HandRecord(actions=actions, deal=codes)
