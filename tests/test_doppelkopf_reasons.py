"""Doppelkopf's refusals are structured reasons: a key, its parameters and the rule.

The words come from ``scorekeeper.text.doppelkopf``; the engine's modules build none.
Every key the package uses has a template and every template is used; a refusal carries
its key and parameters in ``to_dict`` (JSON-ready) and its words stay those of before.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import PLAYERS

from scorekeeper import ruleset
from scorekeeper.errors import IllegalActionError
from scorekeeper.hand import Hand
from scorekeeper.text.doppelkopf import TEXTS

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper" / "games" / "doppelkopf"


def used_keys() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'because\(\s*"(doppelkopf\.[\w.]+)"', text))
        found |= {f"doppelkopf.{k}" for k in re.findall(r'\bno\(\s*\w+,\s*"([\w.]+)"', text)}
        # a refusal's key and rule returned for ``no(action, *barred)``
        found |= {f"doppelkopf.{k}" for k in re.findall(r'return "([\w.]+)", "[\w.]+"\n', text)}
        found |= {f"doppelkopf.possible.{k}" for k in re.findall(r'\b_no\(\s*"(\w+)"', text)}
        found |= {f"doppelkopf.said.{k}" for k in re.findall(r'\btell\(\s*"([\w.]+)"', text)}
        found |= {f"doppelkopf.said.{k}" for k in re.findall(r'\btold\(\s*"([\w.]+)"', text)}
        for stem, tail in re.findall(r'f"(doppelkopf\.[\w.]+)\{why\}([\w.]+)"', text):
            found |= {f"{stem}with{tail}", f"{stem}against{tail}"}
        for a, b in re.findall(
            r'"(poverty\.pass_all)" if held else "(poverty\.pass_all_none)"', text
        ):
            found |= {f"doppelkopf.{a}", f"doppelkopf.{b}"}
        for a, b in re.findall(
            r'"(doppelkopf\.quick\.\w+)" if solos else "(doppelkopf\.quick\.\w+)"', text
        ):
            found |= {a, b}
    return found


def test_every_reason_has_its_words_and_every_template_is_used() -> None:
    used = used_keys()
    assert len(used) > 50
    assert used - set(TEXTS) == set(), "reasons without words"
    assert set(TEXTS) - used == set(), "words no reason uses"


def test_no_sentence_is_built_in_a_refusal() -> None:
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "IllegalActionError(" not in text, path.name


@pytest.mark.parametrize(
    ("name", "options", "actions", "text", "key", "params"),
    [
        (
            "doppelkopf",
            {},
            [],
            "Anna no90 re",
            "doppelkopf.announce.promise_needs_side",
            {"kind": "no90", "side": "Re", "action": "Anna no90 re"},
        ),
        (
            "doppelkopf-ddv",
            {},
            ["Anna kontra"],
            "Ben kontra",
            "doppelkopf.announce.again",
            {"kind": "contra", "side": "Kontra", "player": "Anna", "action": "Ben kontra"},
        ),
        (
            "doppelkopf",
            {"poverty": True},
            ["Anna poverty 2"],
            "Carla accept",
            "doppelkopf.poverty.not_left",
            {"left": "Ben", "poor": "Anna", "action": "Carla accept"},
        ),
    ],
)
def test_a_refusal_carries_its_key_and_parameters(
    name: str,
    options: dict[str, object],
    actions: list[str],
    text: str,
    key: str,
    params: dict[str, object],
) -> None:
    hand = Hand(ruleset.load(name, options), PLAYERS, "Dirk")
    for action in actions:
        hand.apply(action)
    with pytest.raises(IllegalActionError) as err:
        hand.verify(text)
    data = json.loads(json.dumps(err.value.to_dict()))
    assert data["reason"]["key"] == key
    assert data["reason"]["params"] == params
    assert data["message"].startswith(f"{text}: ")


def test_a_window_is_a_reason_inside_the_reason() -> None:
    hand = Hand(ruleset.load("doppelkopf"), PLAYERS, "Dirk")
    for card in ("Anna 9C", "Ben 10C", "Carla KC", "Dirk AC", "Dirk 9S"):
        hand.apply(card)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Anna re")
    assert err.value.message == (
        "Anna re: too late for re: it must come before card 5 is on the table (5 are)"
    )
    assert err.value.rule == "announcements.window.re"
    window = err.value.to_dict()["reason"]["params"]["window"]  # type: ignore[index]
    assert window == {
        "key": "doppelkopf.window.cards_on_table",
        "params": {"limit": 5, "played": 5},
    }
