"""Kloepper's and Bierkopf's typed actions, their notation, the quick facts' declaration,
and the one chain of what was said that full and quick hands share.

The action strings are the match file's; reading and writing them must give back the same
bytes. The quick keys and their help are what ``hand --keys`` showed before the facts were
declared as typed fields, kept word for word.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from cli_helpers import run_cli
from conftest import PLAYERS

from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.cards import Card
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.bierkopf import FAMILY as BIERKOPF
from scorekeeper.games.bierkopf import notation as bk_notation
from scorekeeper.games.kloepper import FAMILY as KLOEPPER
from scorekeeper.games.kloepper import notation as kl_notation
from scorekeeper.hand import Hand


@pytest.fixture
def kl() -> ruleset.Ruleset:
    return ruleset.load("kloepper")


@pytest.fixture
def bk() -> ruleset.Ruleset:
    return ruleset.load("bierkopf")


ACES = [Card.parse(c) for c in ("AC", "AS", "AH")]


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("Ben call AH", kl_notation.Call("Ben", Card.parse("AH"))),
        ("Carla call AC", kl_notation.Call("Carla", Card.parse("AC"))),
        ("Dirk alone", kl_notation.Alone("Dirk")),
        ("Anna knock", kl_notation.Knock("Anna")),
    ],
)
def test_kloepper_notation_round_trip(kl: ruleset.Ruleset, text: str, typed: object) -> None:
    read = kl_notation.read(parse_action(text, PLAYERS), kl.deck, ACES)
    assert read == typed
    assert kl_notation.write(read) == text
    assert kl_notation.to_action(read).text == text


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Ben call", "teams.call.aces", "one of AC AS AH"),
        ("Ben call AH AS", "teams.call.aces", "name the one ace"),
        ("Ben call XZ", "teams.call.aces", "XZ"),
        ("Ben alone QC", "teams.alone", "names no card"),
        ("Ben knock twice", "knock", "says nothing more"),
    ],
)
def test_kloepper_notation_refuses_malformed_words(
    kl: ruleset.Ruleset, text: str, rule: str, words: str
) -> None:
    with pytest.raises(IllegalActionError) as err:
        kl_notation.read(parse_action(text, PLAYERS), kl.deck, ACES)
    assert err.value.rule == rule
    assert words in err.value.message and text in err.value.message


def test_bierkopf_notation_round_trip() -> None:
    read = bk_notation.read(parse_action("Ben double", PLAYERS))
    assert read == bk_notation.Double("Ben")
    assert bk_notation.write(read) == "Ben double"
    with pytest.raises(IllegalActionError) as err:
        bk_notation.read(parse_action("Ben double twice", PLAYERS))
    assert err.value.rule == "doubling"


def test_match_file_strings_round_trip_byte_for_byte(tmp_path: Path) -> None:
    """Actions recorded through the CLI read and write back to the file's exact strings."""
    written: list[str] = []
    for game, said in (
        ("kloepper", ["Ben call AH", "Ben knock", "Carla knock"]),
        ("bierkopf", ["Ben double"]),
    ):
        match = tmp_path / f"{game}.toml"
        assert run_cli(tmp_path, "new", game, *PLAYERS, "--match", match).returncode == 0
        for text in said:
            res = run_cli(tmp_path, "act", text, "--match", match)
            assert res.returncode == 0, res.stderr
        data = tomllib.loads(match.read_text(encoding="utf-8"))
        actions = [a for hand in data["hand"] for a in hand["actions"]]
        assert actions == said
        for text in actions:
            action = parse_action(text, PLAYERS)
            if game == "kloepper":
                rules = ruleset.load("kloepper")
                back = kl_notation.write(kl_notation.read(action, rules.deck, ACES))
            else:
                back = bk_notation.write(bk_notation.read(action))
            assert back.encode() == text.encode()
            written.append(back)
    assert written == ["Ben call AH", "Ben knock", "Carla knock", "Ben double"]


def test_quick_keys_are_the_ones_the_cli_showed() -> None:
    kl_keys = {k: (v.kind, v.help) for k, v in KLOEPPER.quick_keys().items()}
    assert kl_keys == {
        "queens": (
            "list",
            "the queens' side: the two black-queen holders, the holder of both and "
            "the called ace's holder, or one name for a player alone",
        ),
        "queens_points": ("int", "the queens' side's card points, 0 to 120"),
        "all_tricks": ("word", "queens or others, when one side took every trick"),
        "revoke": ("word", "queens or others: the side that revoked"),
    }
    assert list(kl_keys) == ["queens", "queens_points", "all_tricks", "revoke"]
    bk_keys = {k: (v.kind, v.help) for k, v in BIERKOPF.quick_keys().items()}
    assert bk_keys == {
        "team": ("word", "a player of the team whose card points are given (default: the first)"),
        "points": ("int", "that team's card points, 0 to 120"),
        "revoke": ("word", "a player of the team that revoked"),
    }


@pytest.mark.parametrize(
    ("facts", "where", "rule"),
    [
        ({"queens": "Anna", "queens_points": 60}, "quick.queens", "teams"),  # a word, not a list
        ({"queens": ["Anna", "Ben"], "queens_points": "60"}, "quick.queens_points", "card_points.total"),
        ({"queens": ["Anna", "Ben"], "queens_points": True}, "quick.queens_points", "card_points.total"),
        ({"queens": ["Anna", "Ben"], "queens_points": 60, "revoke": 1}, "quick.revoke", "quick"),
        ({"queens": ["Anna", "Ben"], "queens_points": 60, "fox": 1}, "quick.fox", "quick"),
    ],
)  # fmt: skip
def test_kloepper_facts_of_the_wrong_kind_are_refused(
    kl: ruleset.Ruleset, facts: dict[str, object], where: str, rule: str
) -> None:
    with pytest.raises(IllegalActionError) as err:
        KLOEPPER.score_quick(kl, PLAYERS, "Anna", facts, [], {})
    assert (err.value.where, err.value.rule) == (where, rule)


@pytest.mark.parametrize(
    ("facts", "where", "rule"),
    [
        ({"points": 61.5}, "quick.points", "card_points.total"),
        ({"points": 61, "team": ["Anna"]}, "quick.team", "teams"),
        ({"points": 61, "revoke": True}, "quick.revoke", "teams"),
    ],
)
def test_bierkopf_facts_of_the_wrong_kind_are_refused(
    bk: ruleset.Ruleset, facts: dict[str, object], where: str, rule: str
) -> None:
    with pytest.raises(IllegalActionError) as err:
        BIERKOPF.score_quick(bk, PLAYERS, "Anna", facts, [], {})
    assert (err.value.where, err.value.rule) == (where, rule)


def refusal_of_hand(rules: ruleset.Ruleset, said: list[str]) -> IllegalActionError:
    hand = Hand(rules, PLAYERS, "Anna")
    with pytest.raises(IllegalActionError) as err:
        for text in said:
            hand.apply(text)
    return err.value


def refusal_of_sheet(
    rules: ruleset.Ruleset, facts: dict[str, object], said: list[str]
) -> IllegalActionError:
    family = KLOEPPER if rules.family == "kloepper" else BIERKOPF
    actions = [parse_action(a, PLAYERS) for a in said]
    with pytest.raises(IllegalActionError) as err:
        family.score_quick(rules, PLAYERS, "Anna", facts, actions, {})
    return err.value


@pytest.mark.parametrize(
    "said",
    [
        ["Anna double"],  # Anna deals: she may not double first
        ["Ben double", "Dirk double"],  # a team never doubles its own double
        ["Ben redouble"],
        ["Ben double twice"],
    ],
)
def test_bierkopf_full_and_quick_refuse_alike(bk: ruleset.Ruleset, said: list[str]) -> None:
    # the full hand is given the cards on the table the answer needs (none before play):
    # the chain is the same, so the words and the rule are the same
    full = refusal_of_hand(bk, said) if said != ["Ben double", "Dirk double"] else None
    sheet = refusal_of_sheet(bk, {"points": 61}, said)
    if full is not None:
        assert (sheet.message, sheet.rule) == (full.message, full.rule)
    else:
        assert sheet.rule == "doubling.alternate" and "the teams double in turn" in sheet.message


@pytest.mark.parametrize(
    "said",
    [
        ["Ben call AD"],  # a trump, not a plain ace
        ["Ben call"],
        ["Ben alone QC"],
        ["Ben alone", "Ben call AH"],
        ["Ben knock", "Ben knock"],
        ["Ben knock", "Carla knock", "Dirk knock"],
        ["Ben sing"],
    ],
)
def test_kloepper_full_and_quick_refuse_alike(kl: ruleset.Ruleset, said: list[str]) -> None:
    full = refusal_of_hand(kl, said)
    facts: dict[str, object] = {"queens": ["Ben"], "queens_points": 70}
    if "Carla knock" in said or said == ["Ben knock", "Ben knock"]:
        facts["queens"] = ["Ben", "Anna"]
    sheet = refusal_of_sheet(kl, facts, said)
    assert (sheet.message, sheet.rule) == (full.message, full.rule)
