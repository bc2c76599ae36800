"""The process-wide caches: each registered in ``scorekeeper.caches`` with a name, its key
in words and a ``reset()``; none changes an answer (a replay after ``reset_all`` says
the same); none is written into another object (a contract or a rule set keeps after a
replay exactly the fields it was made with)."""

from __future__ import annotations

import random

from test_properties import table_for

from scorekeeper import caches
from scorekeeper.games import load
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.session.demo import play_random_hand

ENGINE_CACHES = {
    "following.duties",
    "hand.actions_read",
    "games.points_by_index",
    "seating.seated",
    "deals.whole_deck",
    "cards.parsed",
    "reasons.worded",
    "reasons.said",
}


def replayed(rule_set: str, seed: int) -> list[object]:
    rules = load(rule_set)
    names = table_for(rules)
    match = Match(rules, names, names[0])
    record = play_random_hand(match, random.Random(seed), announce=0.3)
    hand = Hand(rules, names, names[0], deal=record.deal)
    for text in record.actions:
        hand.apply(text)
    return [t.to_dict() for t in hand.tricks] + [hand.result().to_dict()]


def test_every_cache_is_named_keyed_and_can_be_reset() -> None:
    replayed("doppelkopf", 1)
    found = caches.registered()
    assert set(found) >= ENGINE_CACHES
    for name, cache in found.items():
        assert cache.name == name and cache.key
    assert any(len(c) for c in found.values())
    caches.reset_all()
    assert all(len(c) == 0 for c in found.values())


def test_no_cache_changes_an_answer() -> None:
    for rule_set in ("doppelkopf", "klaverjassen", "klaberjass", "kloepper", "bierkopf"):
        for seed in range(3):
            warm = replayed(rule_set, seed)
            caches.reset_all()
            assert replayed(rule_set, seed) == warm


def test_nothing_is_written_into_a_contract_or_a_rule_set() -> None:
    rules = load("doppelkopf")
    names = table_for(rules)
    record = play_random_hand(Match(rules, names, names[0]), random.Random(4), announce=0.2)
    hand = Hand(rules, names, names[0], deal=record.deal)
    contract = hand.contract
    before = (set(vars(contract)), set(vars(rules)))
    for text in record.actions:
        hand.apply(text)
    hand.result()
    if hand.contract is contract:
        assert set(vars(contract)) == before[0]
    assert not {k for k in set(vars(rules)) - before[1] if not k.startswith("_typed")}, vars(rules)
