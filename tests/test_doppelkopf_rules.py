"""Doppelkopf's typed rule set: every table checked at the door.

A house rule extending a shipped Doppelkopf rule set is read into the family's schema:
a typo in any table is refused with the nearest known key, a value of the wrong type in
any kind of field with the file and key named, and a wrong ``--set`` value through the
command line with exit 1. Never an internal error.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli

from scorekeeper import ruleset
from scorekeeper.errors import RulesetError
from scorekeeper.games.doppelkopf.rules import DoppelkopfOptions, DoppelkopfRules, options, spec


def house_rule(tmp_path: Path, body: str, base: str = "doppelkopf") -> Path:
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "{base}"\nid = "house"\n{body}', encoding="utf-8")
    return path


def refusal(path: Path) -> tuple[str, str]:
    """Load ``path``, expect a refusal, and return its first (key, message)."""
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    line = err.value.message.splitlines()[0]
    assert line.startswith(f"{path}: ") or line.startswith(f"{path.resolve()}: "), line
    rest = line.split(": ", 1)[1]
    key, _, message = rest.partition(": ")
    return key, message


@pytest.mark.parametrize(
    ("body", "key", "nearest"),
    [
        ("[teams]\nqueeen = 'QC'\n", "teams.queeen", "queen"),
        ("[declarations]\nweding = 'before_play'\n", "declarations.weding", "wedding"),
        ("[announcements]\nskip_level = true\n", "announcements.skip_level", "skip_levels"),
        (
            "[announcements.promise]\nno90 = { below = 90, target = 151, againts = 120 }\n",
            "announcements.promise.no90.againts",
            "against",
        ),
        ("[scoring]\nre_neds = 121\n", "scoring.re_neds", "re_needs"),
        ("[extras]\nfox_crd = 'AD'\n", "extras.fox_crd", "fox_card"),
        ("[match]\ngame = { '4' = 24 }\n", "match.game", "games"),
        (
            "[solos_rules]\nobligatory_lead = true\n",
            "solos_rules.obligatory_lead",
            "obligatory_leads",
        ),
        ("[options.piglets]\ncards = 'AD'\n", "options.piglets.cards", "card"),
        ("scoring_style = 'additive'\n", "scoring_style", "scoring"),
    ],
)
def test_a_typo_in_every_table_names_the_nearest_key(
    tmp_path: Path, body: str, key: str, nearest: str
) -> None:
    found, message = refusal(house_rule(tmp_path, body))
    assert found == key
    assert message == f"unknown key; did you mean {nearest}?"


@pytest.mark.parametrize(
    ("body", "key", "words"),
    [
        ("[scoring]\nwon = 'one'\n", "scoring.won", "a whole number"),  # int
        ("[announcements]\nskip_levels = 1\n", "announcements.skip_levels", "true or false"),
        ("[teams]\nqueen = 3\n", "teams.queen", "a word or text"),  # str
        ("[scoring]\nstyle = 'sum'\n", "scoring.style", "multiplied, additive"),  # Literal
        ("[scoring]\nloser_thresholds = 90\n", "scoring.loser_thresholds", "a list"),
        ("[announcements]\nwindow = 5\n", "announcements.window", "a table"),  # Mapping
        ("teams = 1\n", "teams", "a table"),  # a Section
        ("[teams]\nunclarified_wedding_solo = 3\n", "teams.unclarified_wedding_solo", "word"),
        ("[scoring]\nwon = 1" + "0" * 30 + "\n", "scoring.won", "digits"),
        ("[solos]\nqueens = 'QC'\n", "solos.queens", "a table"),
        ("[extras]\nfox_card = 'XY'\n", "extras.fox_card", "unknown card"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_with_file_and_key(
    tmp_path: Path, body: str, key: str, words: str
) -> None:
    found, message = refusal(house_rule(tmp_path, body))
    assert found == key
    assert words in message


def test_each_style_needs_its_numbers(tmp_path: Path) -> None:
    found, message = refusal(house_rule(tmp_path, "[scoring]\nstyle = 'additive'\n"))
    assert (found, message) == ("scoring.announced", "missing or not a whole number")


def test_every_promise_needs_a_window(tmp_path: Path) -> None:
    body = "[announcements.promise]\nno120 = { below = 120, target = 121 }\n"
    found, message = refusal(house_rule(tmp_path, body))
    assert (found, message) == ("announcements.window.no120", "missing or not a whole number")


def test_a_solo_names_a_contract(tmp_path: Path) -> None:
    body = "[solos]\nfaux = { contract = 'solo_faux', name = 'faux solo' }\n"
    found, message = refusal(house_rule(tmp_path, body, "doppelkopf-ddv"))
    assert (found, message) == ("solos.faux", "must name a contract of [contracts]")


@pytest.mark.parametrize("name", ["doppelkopf", "doppelkopf-ddv"])
def test_shipped_rule_sets_read_into_the_schema(name: str) -> None:
    rules = ruleset.load(name)
    assert isinstance(spec(rules), DoppelkopfRules)
    assert isinstance(options(rules), DoppelkopfOptions)
    assert spec(rules).extras.worth("charlie2") == rules.get("extras.second_charlie")
    assert spec(rules).announcements.levels() == ["no90", "no60", "no30", "black"]


@pytest.mark.parametrize(
    ("setting", "names"),
    [("poverty_max_trumps=many", ("poverty_max_trumps", "many")), ("piglets=7", ("piglets",))],
)
def test_set_of_a_wrong_type_through_the_command_line(
    tmp_path: Path, setting: str, names: tuple[str, ...]
) -> None:
    path = tmp_path / "m.toml"
    res = run_cli(tmp_path, "new", "doppelkopf", *PLAYERS, "--set", setting, "--match", path)
    assert res.returncode == 2, res  # a bad option: usage
    assert "Traceback" not in res.stderr
    assert "[rule: options" in res.stderr
    for name in names:
        assert name in res.stderr
    assert not path.exists()
