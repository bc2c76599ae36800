"""Bad rule-set input of every class is refused at the door, naming file and key.

House rules, ``--options`` files and ``--set`` values may hold anything: bytes that are not
UTF-8, a value of the wrong type or shape, absurd nesting or numbers, a typo, an endless
``extends`` chain. Each ends in a ``RulesetError`` (or ``OptionError``) whose message names
the file and the key, and through the command line in exit 1 with that one message, no
traceback and no match file written. A hypothesis campaign then writes random house rules
over every shipped rule set and plays a hand with each one that loads: nothing may end in
anything but the engine's own refusals.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from cli_helpers import PLAYERS, run_cli
from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import ruleset, simulate
from scorekeeper.errors import OptionError, RulesetError, ScorekeeperError
from scorekeeper.hand import Hand

HEAD = 'extends = "doppelkopf"\n'

# class of bad input -> (file body, the key the refusal must name, words it must hold)
HOUSE_RULES: dict[str, tuple[bytes, str, str]] = {
    "not UTF-8": (HEAD.encode() + b'name = "Kneipe \xff"\n', "", "UTF-8"),
    "number for a table": (HEAD.encode() + b"scoring = 5\n", "scoring", "must be a table"),
    "word for a number": (
        HEAD.encode() + b'[scoring]\nwon = "two"\n',
        "scoring.won",
        "whole number",
    ),
    "word for a list": (HEAD.encode() + b'[deck]\nranks = "A"\n', "deck.ranks", "must be a list"),
    "table for a word": (
        HEAD.encode() + b"[options.fox]\nexplain = {a = 1}\n",
        "options.fox.explain",
        "not a table",
    ),
    "bool for a number": (
        HEAD.encode() + b"[scoring]\nwon = true\n",
        "scoring.won",
        "whole number",
    ),
    "huge number": (HEAD.encode() + b"[scoring]\nwon = 99999999999\n", "scoring.won", "digits"),
    "5,000 digits": (HEAD.encode() + b"[scoring]\nwon = " + b"9" * 5000 + b"\n", "", "digits"),
    "1,000 levels deep": (HEAD.encode() + b"x = " + b"[" * 1000 + b"]" * 1000 + b"\n", "", "deep"),
    "30 levels deep": (HEAD.encode() + b"x = " + b"[" * 30 + b"]" * 30 + b"\n", "", "deep"),
    "typo in a table": (
        HEAD.encode() + b"[scoring]\nwonn = 2\n",
        "scoring.wonn",
        "did you mean won",
    ),
    "typo in an option": (
        HEAD.encode() + b"[options.fox]\nvalue = false\n",
        "options.fox.value",
        "did you mean default",
    ),
    "unknown table": (HEAD.encode() + b"[scorring]\nwon = 2\n", "scorring", "did you mean scoring"),
    "option of another type": (
        HEAD.encode() + b"[options.fox]\ndefault = 3\n",
        "options.fox.default",
        "true or false",
    ),
    "malformed TOML": (HEAD.encode() + b"[scoring\nwon = 2\n", "", "line 2"),
}


def house(tmp_path: Path, body: bytes, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(body)
    return path


@pytest.mark.parametrize("case", sorted(HOUSE_RULES))
def test_a_bad_house_rule_is_refused_naming_file_and_key(tmp_path: Path, case: str) -> None:
    body, key, words = HOUSE_RULES[case]
    path = house(tmp_path, body)
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    message = str(err.value)
    assert message.startswith(f"{path}: "), message
    if key:
        assert message.startswith(f"{path}: {key}: "), message
        assert key.startswith(err.value.rule or "-")
    assert words in message, message


@pytest.mark.parametrize(
    "case", ["not UTF-8", "word for a number", "1,000 levels deep", "typo in an option"]
)
def test_a_bad_house_rule_through_the_command_line(tmp_path: Path, case: str) -> None:
    body, key, words = HOUSE_RULES[case]
    path = house(tmp_path, body)
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", path, *PLAYERS, "--match", match)
    assert res.returncode == 1, res.stderr
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr
    assert str(path.name) in res.stderr and words in res.stderr
    assert key in res.stderr
    assert not match.exists()


def test_an_endless_extends_chain_is_refused(tmp_path: Path) -> None:
    for i in range(100):
        house(tmp_path, f'extends = "c{i + 1}.toml"\n'.encode(), f"c{i}.toml")
    house(tmp_path, HEAD.encode(), "c100.toml")
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(tmp_path / "c0.toml"))
    assert "extends" in str(err.value) and "chain" in str(err.value)


def test_a_circular_extends_chain_is_refused(tmp_path: Path) -> None:
    house(tmp_path, b'extends = "b.toml"\n', "a.toml")
    house(tmp_path, b'extends = "a.toml"\n', "b.toml")
    with pytest.raises(RulesetError, match="circular"):
        ruleset.load(str(tmp_path / "a.toml"))


# ---------------------------------------------------------------- --set and --options

SETS = {
    "fox=maybe": "options.fox",
    "poverty_max_trumps=four": "options.poverty_max_trumps",
    "poverty_max_trumps=99999999999999": "options.poverty_max_trumps",
    "black_means=sometimes": "options.black_means",
    "foxes=true": "options",
}


@pytest.mark.parametrize("pair", sorted(SETS))
def test_a_bad_set_value_is_refused(tmp_path: Path, pair: str) -> None:
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", "doppelkopf", *PLAYERS, "--set", pair, "--match", match)
    assert res.returncode == 2, res.stderr  # a bad option: usage
    assert f"[rule: {SETS[pair]}]" in res.stderr
    assert pair.split("=")[0] in res.stderr
    assert not match.exists()


OPTION_FILES: dict[str, tuple[bytes, str]] = {
    "not UTF-8": (b"\xff\xfe fox = false\n", "UTF-8"),
    "malformed": (b"fox = \n", "opts.toml"),
    "list for a bool": (b"fox = [1, 2]\n", "fox"),
    "table for a bool": (b"fox = {a = 1}\n", "fox"),
    "number for the table": (b"options = 3\n", "options"),
    "deep": (b"fox = " + b"[" * 1000 + b"]" * 1000 + b"\n", "deep"),
    "huge": (b"poverty_max_trumps = " + b"9" * 5000 + b"\n", "digits"),
}


@pytest.mark.parametrize("case", sorted(OPTION_FILES))
def test_a_bad_options_file_is_refused(tmp_path: Path, case: str) -> None:
    body, words = OPTION_FILES[case]
    opts = house(tmp_path, body, "opts.toml")
    match = tmp_path / "m.toml"
    res = run_cli(
        tmp_path / "home", "new", "doppelkopf", *PLAYERS, "--options", opts, "--match", match
    )
    usage = case in ("list for a bool", "table for a bool")  # a value the option does not take
    assert res.returncode == (2 if usage else 1), res.stderr
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr
    assert words in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1
    assert not match.exists()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", "nicht lesbar: Datei oder Ordner gibt es nicht"),
        ("nl", "niet te lezen: bestand of map bestaat niet"),
        ("en", "cannot read: no such file or folder"),
    ],
)
def test_a_missing_options_file_is_refused_in_the_tables_words(
    tmp_path: Path, lang: str, words: str
) -> None:
    """The system's reason is worded in the table's language (was 'No such file or
    directory' at a German or Dutch table); a folder named as the file too."""
    match = tmp_path / "m.toml"
    for named, reason in ((tmp_path / "nope.toml", words), (tmp_path, None)):
        res = run_cli(
            tmp_path / "home",
            "new",
            "doppelkopf",
            *PLAYERS,
            "--options",
            named,
            "--match",
            match,
            env={"SCOREKEEPER_LANG": lang},
        )
        assert res.returncode == 1, res.stderr
        assert "Traceback" not in res.stderr and "directory" not in res.stderr, res.stderr
        assert str(named) in res.stderr and "options" in res.stderr
        if reason is not None:
            assert reason in res.stderr, res.stderr
        assert len(res.stderr.strip().splitlines()) == 1
    assert not match.exists()


def test_an_option_is_checked_when_it_is_set() -> None:
    with pytest.raises(OptionError) as err:
        ruleset.load("klaverjassen", {"four_of_a_kind_ranks": ["QS"]})
    assert err.value.rule == "options.four_of_a_kind_ranks"


# ---------------------------------------------------------------- the fuzzing campaign

SHIPPED = sorted(ruleset.available())
FUZZ = fuzz(60, "RULESET_FUZZ")

values = st.recursive(
    st.one_of(
        st.integers(-(10**12), 10**12),
        st.booleans(),
        st.text(max_size=6),
        st.sampled_from(["A", "10", "QC", "{T}", "clockwise", "first_wins", "trump", "never"]),
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def leaves(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for key, value in data.items():
        if isinstance(value, dict):
            out.extend(leaves(value, (*prefix, key)))
        out.append((*prefix, key))
    return out


def nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    for key in reversed(path):
        value = {key: value}
    return value


@FUZZ
@given(
    base=st.sampled_from(SHIPPED),
    picks=st.lists(st.tuples(st.integers(0, 10**6), values), min_size=1, max_size=3),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_house_rules_end_in_a_refusal_or_a_playable_game(
    tmp_path: Path, base: str, picks: list[tuple[int, Any]], seed: int
) -> None:
    data = ruleset.load(base).base
    paths = [p for p in leaves(data) if p[0] not in ("id", "extends", "family")]
    changes: dict[str, Any] = {"extends": base}
    for index, value in picks:
        changes = ruleset.merge(changes, nest(paths[index % len(paths)], value))
    path = tmp_path / f"fuzz-{seed}.toml"
    path.write_text(tomli_w.dumps(changes), encoding="utf-8")
    try:
        rules = ruleset.load(str(path))
    except ScorekeeperError as exc:
        assert str(path) in str(exc) or "option" in str(exc)
        return
    rng = random.Random(seed)
    table = [*PLAYERS, "Erik", "Frida"][: rules.player_counts[0]]
    try:
        hand = Hand(rules, table, table[0])
        hand.record_deal(simulate.deal(rules, hand.players, rng))
        simulate.play_random(hand, rng)
    except ScorekeeperError:
        pass


OPTION_NAMES = sorted(
    {name for rid in SHIPPED for name in ruleset.load(rid).option_specs} | {"foxes", "", "x.y"}
)


@FUZZ
@given(
    base=st.sampled_from(SHIPPED),
    pairs=st.lists(
        st.tuples(
            st.sampled_from(OPTION_NAMES) | st.text(max_size=8),
            st.text(max_size=12) | st.sampled_from(["true", "no", "3", "-1", "A,K", "9" * 40]),
        ),
        max_size=4,
    ),
    body=st.binary(max_size=60) | values.map(lambda v: tomli_w.dumps({"fox": v}).encode()),
)
def test_random_set_values_and_options_files_end_in_a_refusal_or_a_rule_set(
    tmp_path: Path, base: str, pairs: list[tuple[str, str]], body: bytes
) -> None:
    """What ``--set NAME=VALUE`` and ``--options FILE`` hand to the loader, at random."""
    from scorekeeper.cli.common import options

    opts = tmp_path / "opts.toml"
    opts.write_bytes(body)
    try:
        chosen = options([f"{k}={v}" for k, v in pairs], opts)
        rules = ruleset.load(base, chosen)
    except ScorekeeperError:
        return
    assert rules.spec is not None
    hand = Hand(rules, [*PLAYERS, "Erik", "Frida"][: rules.player_counts[0]], PLAYERS[0])
    hand.record_deal(simulate.deal(rules, hand.players, random.Random(0)))
