"""Kloepper's and Bierkopf's typed rule sets: every key is declared, every value checked once
when the rule set is loaded, each problem named by file and key.

A typo in any of the families' tables is refused with the nearest key; a value of the
wrong kind in each kind of field (number, true/false, word of a list, list, table) is
refused with what the key needs; a wrong ``--set`` never makes a match file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli
from conftest import PLAYERS

from scorekeeper import ruleset
from scorekeeper.games.bierkopf.rules import spec as bierkopf_spec
from scorekeeper.games.kloepper.rules import spec as kloepper_spec


def refusal(tmp_path: Path, game: str, body: str) -> str:
    house = tmp_path / "house.toml"
    house.write_text(f'extends = "{game}"\n{body}\n', encoding="utf-8")
    with pytest.raises(ruleset.RulesetError) as err:
        ruleset.load(str(house))
    return str(err.value)


@pytest.mark.parametrize(
    ("game", "body", "key", "nearest"),
    [
        ("kloepper", "[teams]\nqueen = []", "teams.queen", "queens"),
        ("kloepper", "[teams.call]\nace = []", "teams.call.ace", "aces"),
        ("kloepper", "[knock]\nmade_alon = 3", "knock.made_alon", "made_alone"),
        ("kloepper", "[knock.reply]\nfaild = 3", "knock.reply.faild", "failed"),
        ("kloepper", "[scoring.queens.win]\npoint = 3", "scoring.queens.win.point", "points"),
        ("kloepper", "[match]\ntarge = 3", "match.targe", "target"),
        ("bierkopf", "[doubling]\nfactr = 2", "doubling.factr", "factor"),
        ("bierkopf", "[teams]\npartner = 'opposite'", "teams.partner", "partners"),
        ("bierkopf", "[scoring.win]\npoint = 1", "scoring.win.point", "points"),
        ("bierkopf", "[match]\ntarge = 3", "match.targe", "target"),
    ],
)
def test_a_typo_is_refused_with_the_nearest_key(
    tmp_path: Path, game: str, body: str, key: str, nearest: str
) -> None:
    message = refusal(tmp_path, game, body)
    assert f"house.toml: {key}: unknown key; did you mean {nearest}?" in message


@pytest.mark.parametrize(
    ("game", "body", "words"),
    [
        # a number
        ("kloepper", '[knock]\nmade = "x"', "knock.made: must be a whole number, not 'x'"),
        ("kloepper", "[knock]\nbefore_trick = 0", "knock.before_trick: must be at least 1"),
        ("kloepper", "[match]\ntarget = 10000000000", "match.target: a number of 11 digits"),
        ("bierkopf", "[scoring]\ntie_carry = {a = 1}", "scoring.tie_carry: must be a whole number, not a table"),
        ("bierkopf", "[scoring.high]\npoints = -1", "scoring.high.points: must be at least 0"),
        # true or false
        ("kloepper", '[scoring.queens.win]\nall_tricks = "no"', "scoring.queens.win.all_tricks: must be true or false"),
        ("bierkopf", '[doubling]\nalternate = "yes"', "doubling.alternate: must be true or false"),
        # a word of a list
        ("bierkopf", '[teams]\npartners = "adjacent"', "teams.partners: 'adjacent' is not one of opposite"),
        # a list
        ("kloepper", '[teams]\nqueens = "QC"', "teams.queens: must be a list"),
        ("kloepper", "[teams.call]\naces = []", "teams.call.aces: must not be empty"),
        # a table
        ("kloepper", "[scoring]\nqueens = 3", "scoring.queens: must be a table"),
        ("kloepper", "knock = 3", "knock: must be a table"),
        ("bierkopf", "[scoring]\nhigh = 5", "scoring.high: must be a table, not 5"),
        ("bierkopf", "doubling = 3", "doubling: must be a table, not 3"),
        # checks across keys
        ("kloepper", '[teams.call]\naces = ["AD"]', "teams.call.aces: AD must be a plain card of the deck"),
        ("kloepper", '[teams]\nqueens = ["QC", "7S"]', "teams.queens: 7S is not in the deck"),
        ("bierkopf", "[scoring.win]\nat = 60", "scoring: with 60 card points both teams could win"),
    ],
)  # fmt: skip
def test_a_value_of_the_wrong_kind_is_refused(
    tmp_path: Path, game: str, body: str, words: str
) -> None:
    message = refusal(tmp_path, game, body)
    assert f"house.toml: {words}" in message
    assert "Traceback" not in message


@pytest.mark.parametrize(
    ("game", "setting", "rule"),
    [
        ("bierkopf", "long=maybe", "options.long"),
        ("bierkopf", "tie=7", "options.tie"),
        ("kloepper", "revoke_penalty=none", "options.revoke_penalty"),
        ("kloepper", "knock=3", "options"),
    ],
)
def test_a_wrong_set_is_refused_and_makes_no_match(
    tmp_path: Path, game: str, setting: str, rule: str
) -> None:
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path, "new", game, *PLAYERS, "--match", match, "--set", setting)
    assert res.returncode == 2, res.stdout  # a bad option: usage
    assert f"[rule: {rule}" in res.stderr and "Traceback" not in res.stderr
    assert setting.split("=")[0] in res.stderr
    assert not match.exists()


def test_the_typed_records_hold_the_rule_sets_numbers() -> None:
    kl = kloepper_spec(ruleset.load("kloepper"))
    assert (kl.knock.before_trick, kl.knock.made, kl.knock.reply.made) == (2, 12, 24)
    assert kl.scoring.queens["all_tricks"].all_tricks and kl.scoring.others["win"].at == 60
    assert kl.match.target == 30
    bk = bierkopf_spec(ruleset.load("bierkopf", {"long": True}))
    assert (bk.doubling.factor, bk.doubling.again_from_card, bk.scoring.tie_carry) == (2, 2, 1)
    assert {n: r.at for n, r in bk.scoring.rows.items()} == {"win": 61, "high": 91}
    assert bk.play.tricks == 6
