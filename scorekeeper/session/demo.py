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


def play_demo(rules: Ruleset, hands: int, seed: int, path: Path | None = None) -> Path:
    """Play up to ``hands`` random hands (fewer when the match ends) into a new match file.

    The file goes to ``path`` or the data folder and becomes the current match; the same
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
        players = m.family.active_players(rules, names, m.next_dealer(), m.context())
        dealt = deal(rules, players, rng)
        codes = {p: [c.code for c in cs] for p, cs in dealt.items()}
        mh = m.start_hand(codes)
        assert mh.hand is not None
        actions = play_random(mh.hand, rng, announce=0.05)
        mh.actions = list(mh.hand.history)
        mh.result = mh.hand.result()
        log.hands.append(HandRecord(actions=actions, deal=codes))
    store.create(log, target)
    return target
