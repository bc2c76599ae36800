"""Fuzzing Doppelkopf's inputs: quick facts of any type and shape, and action strings of
any words, must end in a refusal that names its rule (a ``ScorekeeperError``) or be
accepted; never an internal error. CI replays a fixed budget (the ``ci`` profile is
derandomised); a local run explores new inputs each time (``fuzzing`` says how to raise
the budget).
"""

from __future__ import annotations

import random
from typing import Any

from fuzzing import apply_or_refuse, fuzz, proper_refusal
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import ruleset, simulate
from scorekeeper.actions import parse_actions
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games.doppelkopf import FAMILY
from scorekeeper.hand import Hand

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
KEYS = ["re", "re_points", "all_tricks", "extras", "revoke", "redeal", "solo", "bogus"]
WORDS = [
    *PLAYERS,
    "re",
    "contra",
    "kontra",
    "no90",
    "no60",
    "no30",
    "black",
    "schwarz",
    "wedding",
    "piglets",
    "poverty",
    "accept",
    "decline",
    "fivenines",
    "solo",
    "queens",
    "Hearts",
    "fox",
    "charlie",
    "charlie2",
    "charlie_captured",
    "doppelkopf",
    "QC",
    "AD",
    "10H",
    "9D",
    "3",
    "0",
    "-1",
    "99999999999999999999",
    "",
    "Zed",
    "[/]",
    "é",
]
FUZZ = fuzz(300)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)


@FUZZ
@given(
    name=st.sampled_from(["doppelkopf", "doppelkopf-ddv"]),
    facts=st.dictionaries(st.sampled_from(KEYS), values, max_size=6),
    plausible=st.booleans(),
    entry=st.booleans(),
    said=st.lists(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join), max_size=4
    ),
)
def test_quick_facts_of_any_shape_are_scored_or_refused(
    name: str, facts: dict[str, Any], plausible: bool, entry: bool, said: list[str]
) -> None:
    rules = ruleset.load(name)
    if plausible:
        facts = {"re": ["Anna", "Ben"], "re_points": 121, **facts}
    try:
        actions = parse_actions([f"Anna {s}" for s in said], PLAYERS)
        result = FAMILY.score_quick(rules, PLAYERS, "Dirk", facts, actions, {"entry": entry})
    except ScorekeeperError as exc:
        proper_refusal(exc)
    else:
        assert sum(result.scores.values()) == 0 or result.details.get("lone")


@FUZZ
@given(
    name=st.sampled_from(["doppelkopf", "doppelkopf-ddv"]),
    seed=st.integers(0, 2**16),
    texts=st.lists(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join), max_size=25
    ),
    with_deal=st.booleans(),
)
def test_action_strings_of_any_words_are_applied_or_refused(
    name: str, seed: int, texts: list[str], with_deal: bool
) -> None:
    rules = ruleset.load(name, {"poverty": True, "piglets": True, "five_nines": True})
    rng = random.Random(seed)
    deal = simulate.deal(rules, PLAYERS, rng) if with_deal else None
    hand = Hand(rules, PLAYERS, "Dirk", deal=deal)
    for text in texts:
        for actor in ("", rng.choice(PLAYERS) + " "):
            apply_or_refuse(hand, actor + text)
        if hand.finished:
            break
    hand.legal_actions()
