"""What every fuzzing test shares: the budget, the settings, hands some way into play, the
building blocks of random input, and the check that a refusal is a proper one.

The budget: CI replays a fixed, derandomised set (``conftest``'s ``ci`` profile) of each
test's default size. One knob raises every fuzzing test at once for a longer local run:
``SCOREKEEPER_FUZZ_EXAMPLES=1200 pytest -k fuzz -p no:cacheprovider``. The older per-file
knobs (``KLABERJASS_FUZZ``, ``KLOEPPER_FUZZ``, ``RULESET_FUZZ``) still work for their files.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand
from scorekeeper.ruleset import Ruleset


def budget(default: int, knob: str | None = None) -> int:
    """How many examples a fuzzing test runs: the one knob, else the file's own, else the
    default CI replays."""
    for name in ("SCOREKEEPER_FUZZ_EXAMPLES", knob):
        if name and os.environ.get(name):
            return int(os.environ[name])
    return default


def fuzz(default: int, knob: str | None = None) -> Callable[[Any], Any]:
    """The settings of a fuzzing test: its budget, no deadline (the machine is shared), no
    complaint about slow data or per-test fixtures."""
    return settings(
        max_examples=budget(default, knob),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


# Where in its life a fuzzed hand is: the seed of its deal and choices, whether the deal
# is recorded, and how many legal actions it has seen (``hand_at``).
HAND_LIFE: dict[str, st.SearchStrategy[Any]] = {
    "seed": st.integers(0, 2**16),
    "dealt": st.booleans(),
    "steps": st.integers(0, 30),
}


def action_texts(
    players: Sequence[str], words: Sequence[str], most: int = 4
) -> st.SearchStrategy[str]:
    """``Name word word...``: a player (or a name nobody has) and words from ``words`` or
    random text."""
    word = st.one_of(st.sampled_from(list(words)), st.text(max_size=6))
    return st.builds(
        lambda who, said: " ".join([who, *said]),
        st.sampled_from([*players, players[0].lower(), "Zed"]),
        st.lists(word, max_size=most),
    )


def toml_values(words: Sequence[str], leaves: int = 8) -> st.SearchStrategy[Any]:
    """Any value a TOML file can hold, nested, with the game's own words among the strings."""
    return st.recursive(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-(10**30), 10**30),
            st.text(max_size=12),
            st.sampled_from(list(words)),
        ),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=3)
        ),
        max_leaves=leaves,
    )


def hand_at(
    rules: Ruleset,
    players: Sequence[str],
    seed: int,
    deal: Mapping[str, Sequence[str]] | None,
    steps: int,
    dealer: str | None = None,
) -> Hand:
    """A hand ``steps`` legal actions into its life (fewer if it ends first), each chosen
    at random among the legal ones."""
    rng = random.Random(seed)
    hand = Hand(rules, list(players), dealer or rng.choice(list(players)), deal=deal)
    for _ in range(steps):
        listed = hand.legal_actions()
        if hand.finished or not listed:
            break
        hand.apply(rng.choice(listed))
    return hand


def proper_refusal(exc: ScorekeeperError) -> None:
    """A refusal names its rule (or kind) and its words can be made."""
    assert exc.rule, str(exc)
    assert str(exc)


def apply_or_refuse(hand: Hand, text: str) -> None:
    """Apply ``text``; a refusal must be proper and leave the hand exactly as it was."""
    before = _state(hand)
    try:
        hand.apply(text)
    except ScorekeeperError as exc:
        proper_refusal(exc)
        assert _state(hand) == before, text


def _state(hand: Hand) -> tuple[list[str], list[str]]:
    """What a refused action must not change: the history and what may come next."""
    listed = [getattr(a, "text", str(a)) for a in hand.legal_actions()]
    return [a.text for a in hand.history], listed
