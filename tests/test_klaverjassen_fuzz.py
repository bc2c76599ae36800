"""Fuzzing Klaverjassen's inputs: action strings at every stage of a hand and quick facts
of any type end in a refusal (a ``ScorekeeperError``) or in a result, never in another
exception (issue 15, item 4). CI replays a fixed budget; local runs explore further.
"""

from __future__ import annotations

import random

from fuzzing import action_texts, apply_or_refuse, fuzz, hand_at
from hypothesis import example, given
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games import family_for
from scorekeeper.hand import Hand
from scorekeeper.simulate import deal

RULE_SETS = ["klaverjassen", "klaverjassen-rotterdam", "klaverjassen-3", "klaverjassen-wilde-boom"]
NAMES = ["Anna", "Ben", "Carla", "Dirk"]
WORDS = [
    "pass", "trump", "accept", "upturn", "discard", "decline_roem", "kraak", "rekraak",
    "superkraak", "contra", "roem", "stuk", "hearts", "harten", "H", "♥", "x", "",
    "7H", "8D", "JS", "QH", "KH", "10C", "AC", "2H", "1", "QQ", "7h", "ZZ", "-1",
]  # fmt: skip

action_text = action_texts([*NAMES, "Erik"], WORDS)


def a_hand(rid: str, seed: int, with_deal: bool) -> Hand:
    """A hand some way into play: a few legal actions applied at random."""
    rng = random.Random(seed)
    rules = ruleset.load(rid)
    players = NAMES[: rules.player_counts[0]]
    dealt = deal(rules, players, rng) if with_deal else None
    return hand_at(rules, players, rng.randrange(2**16), dealt, rng.randrange(0, 20))


@fuzz(150)
@given(
    rid=st.sampled_from(RULE_SETS),
    seed=st.integers(0, 2**16),
    with_deal=st.booleans(),
    texts=st.lists(action_text, min_size=1, max_size=5),
)
@example(rid="klaverjassen", seed=0, with_deal=False, texts=["Anna play"])  # once an internal error
def test_any_action_string_is_refused_or_applied(
    rid: str, seed: int, with_deal: bool, texts: list[str]
) -> None:
    hand = a_hand(rid, seed, with_deal)
    for text in texts:
        apply_or_refuse(hand, text)
    hand.legal_actions()  # still answers after whatever was refused


values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.text(max_size=8),
    st.sampled_from(["Anna", "team1", "team2", "H", "hearts", "kraak", "Anna:80", "Ben:20"]),
    st.lists(st.one_of(st.text(max_size=8), st.sampled_from(["Anna:80", "Ben:82", "Carla:0"])), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)  # fmt: skip
keys = st.sampled_from(
    [
        "playing", "trump", "points", "roem", "roem_other", "points_of", "roem_of",
        "all_tricks", "revoke", "kraak", "redeal", "extras",
    ]
)  # fmt: skip


@fuzz(300)
@given(
    rid=st.sampled_from(RULE_SETS),
    facts=st.dictionaries(keys, values, max_size=6),
    actions=st.lists(action_text, max_size=3),
)
def test_any_quick_facts_are_refused_or_scored(
    rid: str, facts: dict[str, object], actions: list[str]
) -> None:
    rules = ruleset.load(rid)
    table = NAMES[: rules.player_counts[0]]
    family = family_for(rules)
    try:
        parsed = [Hand(rules, table, table[0]).parse(a) for a in actions]
        result = family.score_quick(rules, table, table[0], facts, parsed, {"entry": True})
    except ScorekeeperError as exc:
        assert exc.message and exc.rule
    else:
        assert set(result.scores) == set(table)
