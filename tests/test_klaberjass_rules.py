"""The Klaberjass rule-set schema: every table typed, a typo refused with the nearest key,
a value of the wrong type refused with file and key, and the checks across tables."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import assert_refused, run_cli

from scorekeeper import ruleset
from scorekeeper.errors import OptionError, RulesetError
from scorekeeper.games.klaberjass.rules import KlaberjassOptions, options, spec


def house(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "klaberjass"\nname = "House"\n{body}\n', encoding="utf-8")
    return path


def refusal(tmp_path: Path, body: str) -> str:
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(house(tmp_path, body)))
    return str(err.value)


def test_the_shipped_rule_set_reads_typed() -> None:
    rules = ruleset.load("klaberjass")
    typed = spec(rules)
    assert typed.sequences.order == ("7", "8", "9", "10", "J", "Q", "K", "A")
    assert typed.sequences.min_length == 3
    # three cards 20, four 50, and the four's value covers every longer sequence
    assert [typed.sequences.value(n) for n in (2, 3, 4, 5, 8)] == [0, 20, 50, 50, 50]
    assert typed.bella.ranks == ("K", "Q") and typed.bella.points == 20
    assert typed.exchange.rank == "7"
    assert typed.play.last_trick_bonus == 10 and typed.play.tricks == 9
    assert typed.match.target == 500 and typed.match.dealer == "winner"
    assert typed.aliases == {"take": "accept", "seq": "sequence"}
    assert options(rules) == KlaberjassOptions(
        score_all_sequences=False, revoke_penalty="hand_lost"
    )
    assert options(ruleset.load("klaberjass", {"score_all_sequences": True})).score_all_sequences


@pytest.mark.parametrize(
    ("body", "key", "hint"),
    [
        ("[sequences]\nmin_lenght = 4", "sequences.min_lenght", "min_length"),
        ("[bella]\npoint = 30", "bella.point", "points"),
        ("[exchange]\nrnak = \"8\"", "exchange.rnak", "rank"),
        ("[bidding]\nalias = { t = \"accept\" }", "bidding.alias", "aliases"),
        ("[match]\ntarget_ = 300", "match.target_", "target"),
        ("[play]\nlast_trick_bonu = 5", "play.last_trick_bonu", "last_trick_bonus"),
        ("[scoring]\nmaker_must_exced = \"x\"", "scoring.maker_must_exced", "maker_must_exceed"),
        ("[deal]\nturnups = \"x\"", "deal.turnups", "turnup"),
        ("[sequence]\nmin_length = 4", "sequence", "sequences"),
    ],
)  # fmt: skip
def test_a_typo_is_refused_with_the_nearest_key(
    tmp_path: Path, body: str, key: str, hint: str
) -> None:
    message = refusal(tmp_path, body)
    assert f"house.toml: {key}: unknown key; did you mean {hint}?" in message


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ("[sequences]\nmin_length = \"three\"", "sequences.min_length"),
        ("[sequences]\norder = \"7 8 9\"", "sequences.order"),
        ("[sequences]\npoints = 20", "sequences.points"),
        ("[sequences.points]\n\"3\" = \"twenty\"", "sequences.points.3"),
        ("[bella]\npoints = true", "bella.points"),
        ("[bella]\nranks = \"KQ\"", "bella.ranks"),
        ("[match]\ntarget = 1" + "0" * 40, "match.target"),
        ("[match]\ndealer = \"left\"", "match.dealer"),
        ("[bidding]\naliases = [\"take\"]", "bidding.aliases"),
        ("bella = 20", "bella"),
    ],
)  # fmt: skip
def test_a_value_of_the_wrong_type_is_refused_naming_file_and_key(
    tmp_path: Path, body: str, key: str
) -> None:
    assert f"house.toml: {key}: " in refusal(tmp_path, body)


@pytest.mark.parametrize(
    ("body", "key", "words"),
    [
        ("[sequences]\norder = [\"7\", \"8\"]", "sequences.order", "every rank of the deck"),
        ("[sequences.points]\nthree = 20", "sequences.points.three", "a length"),
        ("[bella]\nranks = [\"K\", \"Z\"]", "bella.ranks", "two ranks of the deck"),
        ("[exchange]\nrank = \"6\"", "exchange.rank", "a rank of the deck"),
        ("[contracts.suit]\ntrumps = [\"JH\", \"9H\"]", "contracts.suit.trumps", "{T}"),
    ],
)  # fmt: skip
def test_checks_across_tables(tmp_path: Path, body: str, key: str, words: str) -> None:
    message = refusal(tmp_path, body)
    assert f"house.toml: {key}: " in message and words in message


def test_an_option_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(OptionError) as err:
        ruleset.load("klaberjass", {"score_all_sequences": 3})
    assert err.value.rule == "options.score_all_sequences"


def test_set_of_a_wrong_type_through_the_cli(tmp_path: Path) -> None:
    res = run_cli(tmp_path, "new", "klaberjass", "Anna", "Ben", "--set", "score_all_sequences=7")
    assert_refused(res, rule="options.score_all_sequences", names=("score_all_sequences",), code=2)
    res = run_cli(tmp_path, "new", "klaberjass", "Anna", "Ben", "--set", "revoke_penalty=none")
    assert_refused(res, rule="options.revoke_penalty", names=("hand_lost",), code=2)
    assert not (tmp_path / "matches").exists() or not list((tmp_path / "matches").iterdir())
