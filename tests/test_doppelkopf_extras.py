"""The extra points of a finished Doppelkopf hand (``sheet.extras``) pass over a trick that
earns nothing before its winner's side is looked up: checked here against the long way,
every trick's sides read from its ``Play`` records, on random matches of every Doppelkopf
rule set with the extras switched on and off."""

from __future__ import annotations

import random

import pytest
from test_properties import table_for

from scorekeeper import ruleset
from scorekeeper.games import load
from scorekeeper.games.doppelkopf import sheet
from scorekeeper.games.doppelkopf.hand import DoppelkopfHand
from scorekeeper.games.doppelkopf.records import CONTRA, RE, Extra
from scorekeeper.match import Match
from scorekeeper.matchlog import MatchLog
from scorekeeper.session.demo import play_random_hand


def long_way(game: DoppelkopfHand, re: set[str]) -> list[Extra]:
    """Every trick's Doppelkopf points and foxes, read from its plays."""
    found: list[Extra] = []
    opts, worth = game.opts, game.spec.extras
    tricks = game.hand.completed_tricks()
    for t in tricks:
        side = RE if t.winner in re else CONTRA
        if opts.doppelkopf_trick and t.points >= worth.doppelkopf_min:
            found.append((side, "doppelkopf", worth.doppelkopf))
        for play in t.plays:
            caught = (RE if play.player in re else CONTRA) != side
            if opts.fox and play.card is game.fox and caught:
                found.append((side, "fox", worth.fox))
    if tricks:
        found += sheet._last_trick_extras(game, tricks[-1], re)
    return found


def doppelkopf_sets() -> list[str]:
    return [r for r in sorted(ruleset.available()) if load(r, None).family == "doppelkopf"]


@pytest.mark.parametrize("extras_on", [True, False])
@pytest.mark.parametrize("rule_set", doppelkopf_sets())
def test_extras_agree_with_the_long_way(rule_set: str, extras_on: bool) -> None:
    options = {"fox": extras_on, "doppelkopf_trick": extras_on}
    rules = load(rule_set, options)
    names = table_for(rules)
    seen: list[Extra] = []
    for seed in range(6):
        rng = random.Random(seed)
        log = MatchLog.new(rule_set, names, names[0], options=options)
        m = Match(rules, names, names[0])
        for _ in range(4):
            if m.over():
                break
            log.hands.append(play_random_hand(m, rng, announce=0.1))
        replayed = Match.from_log(log, None, "m.toml", loader=load)
        for mh in [*m.hands, *replayed.hands]:  # tricks made by apply, then by the card run
            game = mh.hand.game if mh.hand is not None else None
            if not isinstance(game, DoppelkopfHand) or game.redeal or game.lone_player():
                continue
            re = game.sides()[0]
            found = sheet.extras(game, re)
            assert found == long_way(game, re)
            seen += found
    kinds = {kind for _, kind, _ in seen}
    if extras_on:
        assert {"doppelkopf", "fox"} <= kinds  # the check is not idle
    else:
        assert not kinds & {"doppelkopf", "fox"}
