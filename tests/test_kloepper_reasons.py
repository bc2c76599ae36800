"""Kloepper's and Bierkopf's refusals as structured reasons: a message key, its parameters
and the rule enforced; the words come from the view's catalogues (scorekeeper.text)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run_cli
from conftest import PLAYERS

import scorekeeper.games.bierkopf
import scorekeeper.games.kloepper
from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.bierkopf import FAMILY as BIERKOPF
from scorekeeper.games.kloepper import FAMILY as KLOEPPER
from scorekeeper.hand import Hand
from scorekeeper.text import bierkopf as bierkopf_text
from scorekeeper.text import kloepper as kloepper_text


def refused(hand: Hand, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        hand.apply(text)
    return err.value


def test_a_knock_too_many_carries_both_knockers() -> None:
    hand = Hand(ruleset.load("kloepper"), PLAYERS, "Anna")
    hand.apply("Ben knock")
    hand.apply("Anna knock")
    err = refused(hand, "Carla knock")
    assert err.reason is not None and err.rule == "knock.reply"
    assert err.reason.key == "kloepper.knock.both_sides"
    assert dict(err.reason.params) == {
        "action": "Carla knock",
        "knocker": "Ben",
        "replier": "Anna",
    }
    assert err.message == "Carla knock: both sides have knocked already (Ben, then Anna)"


def test_a_card_that_contradicts_a_knock_names_the_contradiction() -> None:
    hand = Hand(ruleset.load("kloepper"), PLAYERS, "Anna")
    hand.apply("Carla knock")
    for text in ("Ben QC", "Carla JC", "Dirk 9D"):
        hand.apply(text)
    err = refused(hand, "Anna QS")
    assert err.reason is not None and err.rule == "knock"
    assert err.reason.key == "kloepper.contradiction"
    data = json.loads(json.dumps(err.to_dict()))
    why = data["reason"]["params"]["why"]
    assert why == {"key": "kloepper.knock.no_queen", "params": {"knocker": "Carla", "shown": ["QC Ben", "QS Anna"]}}  # fmt: skip
    assert err.message == "Anna QS: Carla knocked without a black queen (QC Ben, QS Anna)"


def test_quick_refusals_carry_their_reason() -> None:
    rules = ruleset.load("kloepper")
    with pytest.raises(IllegalActionError) as err:
        KLOEPPER.score_quick(rules, PLAYERS, "Anna", {"queens": ["Zoe"]}, [], {})
    assert err.value.reason is not None
    assert (err.value.reason.key, err.value.where) == ("kloepper.quick.queens", "quick.queens")
    assert err.value.reason.params["players"] == PLAYERS
    rules = ruleset.load("bierkopf")
    said = [parse_action("Ben double", PLAYERS), parse_action("Dirk double", PLAYERS)]
    with pytest.raises(IllegalActionError) as err:
        BIERKOPF.score_quick(rules, PLAYERS, "Anna", {"points": 61}, said, {})
    assert err.value.reason is not None and err.value.rule == "doubling.alternate"
    assert dict(err.value.reason.params) == {
        "action": "Dirk double",
        "player": "Dirk",
        "last": "Ben",
    }


def test_the_cli_refusal_in_json_carries_key_and_parameters(tmp_path: Path) -> None:
    match = tmp_path / "m.toml"
    assert run_cli(tmp_path, "new", "bierkopf", *PLAYERS, "--match", match).returncode == 0
    res = run_cli(tmp_path, "act", "Anna double", "--match", match, "--json")
    assert res.returncode == 1
    error = json.loads(res.stdout or res.stderr)
    assert error["rule"] == "doubling.before_play_seats"
    assert error["reason"] == {
        "key": "bierkopf.double.seats",
        "params": {"action": "Anna double", "seats": ["Ben", "Carla", "Dirk"], "player": "Anna"},
    }


@pytest.mark.parametrize(
    ("package", "texts"),
    [(scorekeeper.games.kloepper, kloepper_text.TEXTS), (scorekeeper.games.bierkopf, bierkopf_text.TEXTS)],
)  # fmt: skip
def test_every_key_has_words_and_every_template_is_used(package: object, texts: dict) -> None:
    folder = Path(package.__file__).parent  # type: ignore[attr-defined]
    source = "".join(f.read_text(encoding="utf-8") for f in sorted(folder.glob("*.py")))
    family = folder.name
    used = set(re.findall(rf'f?"({family}\.[a-z_.{{}}]+)"', source))
    assert used, "no reasons found: the test reads the wrong files"
    # a key written as an f-string ("kloepper.side.{side}") stands for the keys it can make
    patterns = [re.compile(re.sub(r"\\{[a-z_]+\\}", "[a-z_]+", re.escape(k)) + "$") for k in used]
    for key in texts:
        assert any(p.match(key) for p in patterns), f"template never used: {key}"
    for pattern in patterns:
        assert any(pattern.match(key) for key in texts), f"no words for {pattern.pattern}"
