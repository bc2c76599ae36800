"""Rule sets: loading Doppelkopf, house rules that extend it, options, and broken files."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PLAYERS

from scorekeeper import ruleset
from scorekeeper.actions import parse_actions
from scorekeeper.cards import Card
from scorekeeper.errors import IllegalActionError, OptionError, RulesetError
from scorekeeper.games.doppelkopf import FAMILY

# ---------------------------------------------------------------------- the shipped set


def test_load_doppelkopf_by_id() -> None:
    rules = ruleset.load("doppelkopf")
    assert rules.id == "doppelkopf"
    assert rules.family == "doppelkopf"
    assert rules.player_counts == [4]
    assert rules.hand_size == 12
    assert len(rules.deck) == 48
    assert rules.require("card_points.total") == 240
    assert "doppelkopf" in ruleset.available()


def test_doppelkopf_numbers_match_the_seed_and_rulings() -> None:
    rules = ruleset.load("doppelkopf")
    # section II: 10H, queens, jacks (clubs, spades, hearts, diamonds), A 10 K 9 of diamonds
    assert rules.get("contracts.normal.trumps") == [
        "10H",
        "QC",
        "QS",
        "QH",
        "QD",
        "JC",
        "JS",
        "JH",
        "JD",
        "AD",
        "10D",
        "KD",
        "9D",
    ]
    # section IX: windows counted in cards on the table
    assert rules.get("announcements.window") == {
        "re": 5,
        "contra": 5,
        "no90": 9,
        "no60": 13,
        "no30": 17,
        "black": 21,
    }
    assert rules.get("scoring.re_needs") == 121
    assert rules.get("scoring.contra_needs") == 120


def test_option_defaults_follow_rulings() -> None:
    rules = ruleset.load("doppelkopf")
    # the options RULINGS names, with its defaults (the rule set may have more)
    expected = {
        "second_ten_of_hearts_beats_first": False,
        "black_means": "no_card_points",
        "fox": True,
        "charlie": True,
        "charlie_captured": False,
        "second_charlie_beats_first": False,
        "piglets": False,
        "piglets_announce": "before_play",
        "poverty": False,
        "poverty_max_trumps": 3,
        "five_nines": False,
        "five_nines_count": 5,
        "revoke_penalty": "hand_lost",
    }
    assert {name: rules.options.get(name) for name in expected} == expected
    for spec in rules.option_specs.values():
        assert spec.explain, spec.name


def test_unknown_rule_set_names_the_known_ones() -> None:
    with pytest.raises(RulesetError) as err:
        ruleset.load("no-such-game")
    assert "no-such-game" in str(err.value)
    assert "doppelkopf" in str(err.value)


def test_missing_rule_set_file(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(tmp_path / "absent.toml"))
    assert "absent.toml" in str(err.value)


# ---------------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (False, False),
        (True, True),
        ("false", False),
        ("no", False),
        ("off", False),
        ("0", False),
        ("FALSE", False),
        ("true", True),
        ("yes", True),
        ("on", True),
        ("1", True),
    ],
)
def test_bool_option_from_value_or_text(given: object, expected: bool) -> None:
    rules = ruleset.load("doppelkopf", {"fox": given})
    assert rules.option("fox") is expected


def test_options_do_not_change_the_base() -> None:
    base = ruleset.load("doppelkopf")
    changed = base.with_options({"fox": False, "black_means": "no_tricks"})
    assert changed.option("fox") is False
    assert changed.option("black_means") == "no_tricks"
    assert base.option("fox") is True
    assert base.option("black_means") == "no_card_points"


def test_word_and_number_options() -> None:
    rules = ruleset.load(
        "doppelkopf", {"black_means": "no_tricks", "poverty_max_trumps": "4", "five_nines_count": 6}
    )
    assert rules.option("black_means") == "no_tricks"
    assert rules.option("poverty_max_trumps") == 4
    assert rules.option("five_nines_count") == 6


def test_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(OptionError) as err:
        ruleset.load("doppelkopf", {"foxes": False})
    assert "foxes" in str(err.value)
    # and the message lists what exists
    assert "fox" in err.value.message.split("options:")[1]
    with pytest.raises(OptionError) as err:
        ruleset.load("doppelkopf").option("foxes")
    assert "foxes" in str(err.value)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("black_means", "sometimes"),  # a word not among the choices
        ("black_means", 1),
        ("piglets_announce", "never"),
        ("fox", "maybe"),  # not a yes/no word
        ("fox", 3),  # not a bool
        ("fox", "2"),
        ("charlie", None),
        ("poverty_max_trumps", "four"),
        ("poverty_max_trumps", True),  # a bool is not a number
        ("poverty_max_trumps", 3.5),
    ],
)
def test_bad_option_value_names_the_option(name: str, value: object) -> None:
    with pytest.raises(OptionError) as err:
        ruleset.load("doppelkopf", {name: value})
    assert name in str(err.value)
    assert err.value.rule == f"options.{name}"
    assert isinstance(err.value, RulesetError)


# ---------------------------------------------------------------------- house rules


HOUSE = """\
extends = "doppelkopf"
name = "Doppelkopf at the Kneipe"

[options.fox]
default = false
explain = "No fox here."

[scoring]
won = 2
"""


def test_house_rule_changes_an_option_default_and_a_number(tmp_path: Path) -> None:
    path = tmp_path / "kneipe.toml"
    path.write_text(HOUSE, encoding="utf-8")
    rules = ruleset.load(str(path))
    assert rules.name == "Doppelkopf at the Kneipe"
    assert rules.option("fox") is False
    assert rules.get("scoring.won") == 2
    # everything else is inherited, table by table
    assert rules.option("charlie") is True
    assert rules.get("scoring.re_needs") == 121
    assert rules.get("scoring.against_the_queens") == 1
    assert len(rules.deck) == 48
    assert rules.data["extends"] == "doppelkopf"

    # the number is used: Re with 130 and nothing announced wins "won" = 2
    result = FAMILY.score_quick(
        rules, PLAYERS, "Anna", {"re": ["Ben", "Dirk"], "re_points": 130}, [], {}
    )
    assert result.winner == "re"
    assert result.value == 2
    assert result.scores == {"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2}
    # 120:120 goes to Contra: won 2 + against the queens 1
    result = FAMILY.score_quick(
        rules, PLAYERS, "Anna", {"re": ["Ben", "Dirk"], "re_points": 120}, [], {}
    )
    assert result.winner == "contra"
    assert result.value == 3

    # the new default is used: a fox is not scored, and can be switched back on per match
    with pytest.raises(IllegalActionError) as err:
        FAMILY.score_quick(
            rules,
            PLAYERS,
            "Anna",
            {"re": ["Ben", "Dirk"], "re_points": 130, "extras": ["Ben fox"]},
            [],
            {},
        )
    assert err.value.rule == "options.fox"
    assert ruleset.load(str(path), {"fox": "yes"}).option("fox") is True


def test_house_rule_found_by_id_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "kneipe.toml").write_text(HOUSE, encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path))
    assert "kneipe" in ruleset.available()
    rules = ruleset.load("kneipe", {"charlie": "off"})
    assert rules.get("scoring.won") == 2
    assert rules.option("fox") is False
    assert rules.option("charlie") is False


def test_house_rule_extending_a_house_rule_by_path(tmp_path: Path) -> None:
    (tmp_path / "kneipe.toml").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "strict.toml").write_text(
        'extends = "kneipe.toml"\n[options.second_ten_of_hearts_beats_first]\ndefault = true\n',
        encoding="utf-8",
    )
    rules = ruleset.load(str(tmp_path / "strict.toml"))
    assert rules.option("second_ten_of_hearts_beats_first") is True
    assert rules.option("fox") is False
    assert rules.get("scoring.won") == 2


def test_house_rule_option_default_must_be_a_choice(tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text(
        'extends = "doppelkopf"\n[options.black_means]\ndefault = "sometimes"\n', encoding="utf-8"
    )
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    assert str(err.value).startswith(f"{path}: options.black_means.default: ")


# ---------------------------------------------------------------------- broken files


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_malformed_toml_names_the_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.toml", 'extends = "doppelkopf"\n[scoring\nwon = 2\n')
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    message = str(err.value)
    assert message.startswith(f"{path}: ")
    assert "line 2" in message


def test_trump_card_not_in_the_deck(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "seven.toml",
        'extends = "doppelkopf"\n[contracts.normal]\ntrumps = ["10H", "7H", "QC"]\n',
    )
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    key, message = split_problem(str(err.value), path)
    assert key == "contracts.normal.trumps"
    assert "7H" in message


def test_trump_card_that_is_no_card(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "nocard.toml",
        'extends = "doppelkopf"\n[contracts.normal]\ntrumps = ["10H", "ZZ"]\n',
    )
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    key, message = split_problem(str(err.value), path)
    assert key == "contracts.normal.trumps"
    assert "ZZ" in message


def test_card_points_total_wrong(tmp_path: Path) -> None:
    path = write(tmp_path, "total.toml", 'extends = "doppelkopf"\n[card_points]\ntotal = 250\n')
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    key, message = split_problem(str(err.value), path)
    assert key == "card_points.total"
    assert "240" in message
    assert "250" in message


def test_card_points_changed_without_total(tmp_path: Path) -> None:
    # aces worth 12: the deck holds 8 aces, so the total must become 248
    path = write(tmp_path, "aces.toml", 'extends = "doppelkopf"\n[card_points]\nA = 12\n')
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    key, message = split_problem(str(err.value), path)
    assert key == "card_points.total"
    assert "248" in message
    fixed = write(
        tmp_path, "aces2.toml", 'extends = "doppelkopf"\n[card_points]\nA = 12\ntotal = 248\n'
    )
    assert ruleset.load(str(fixed)).require("card_points.total") == 248


def test_missing_family(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "nofamily.toml",
        'id = "nofamily"\nname = "No family"\nplayers = [4]\n'
        '[deck]\nranks = ["A", "K"]\nsuits = ["C", "S"]\n',
    )
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    lines = str(err.value).splitlines()
    keys = [split_problem(line, path)[0] for line in lines]
    assert "family" in keys


def test_unknown_family(tmp_path: Path) -> None:
    path = write(tmp_path, "skat.toml", 'extends = "doppelkopf"\nfamily = "skat"\n')
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    key, message = split_problem(str(err.value), path)
    assert key == "family"
    assert "skat" in message


def test_missing_scoring_number(tmp_path: Path) -> None:
    # tables merge key by key, so a house rule cannot delete a key; a full file can lack one
    base = (Path(ruleset.find("doppelkopf"))).read_text(encoding="utf-8")
    path = write(tmp_path, "nowon.toml", base.replace("\nwon = 1\n", "\n"))
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    key, _ = split_problem(str(err.value), path)
    assert key == "scoring.won"


def test_circular_extends(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(a))
    key, message = split_problem(str(err.value), a)
    assert key == "extends"
    assert "circular" in message
    assert "a -> b -> a" in message


def test_extending_itself(tmp_path: Path) -> None:
    path = write(tmp_path, "loop.toml", 'extends = "loop.toml"\n')
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    key, message = split_problem(str(err.value), path)
    assert key == "extends"
    assert "circular" in message


def test_extends_must_be_a_name(tmp_path: Path) -> None:
    path = write(tmp_path, "num.toml", "extends = 3\n")
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    assert split_problem(str(err.value), path)[0] == "extends"


def test_a_valid_house_rule_keeps_the_trump_order(tmp_path: Path) -> None:
    path = write(tmp_path, "plain.toml", 'extends = "doppelkopf"\nname = "Plain"\n')
    rules = ruleset.load(str(path))
    assert rules.get("contracts.normal.trumps")[0] == "10H"
    assert Card.parse("QC") in rules.deck


def split_problem(line: str, path: Path) -> tuple[str, str]:
    """``file: key: message`` -> (key, message), checking the file part."""
    prefix = f"{path.resolve()}: "
    alt = f"{path}: "
    assert line.startswith(prefix) or line.startswith(alt), line
    rest = line[len(prefix) :] if line.startswith(prefix) else line[len(alt) :]
    key, _, message = rest.partition(": ")
    assert message, line
    return key, message


def test_parse_actions_helper_is_shared() -> None:
    # quick entry reads the same action strings as full hands
    actions = parse_actions(["Ben re", "Ben no90"], PLAYERS)
    assert [(a.actor, a.verb) for a in actions] == [("Ben", "re"), ("Ben", "no90")]
