"""The Klaverjassen schema: house rules with a typo, a wrong type or an impossible value are
refused with the file and the key, never an internal error; the typed records hold the
numbers of the rule set text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import assert_refused, run_cli

from scorekeeper import ruleset
from scorekeeper.errors import OptionError, RulesetError
from scorekeeper.games.klaverjassen.rules import KlaverjassenOptions, options, spec

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


def house(tmp_path: Path, body: str, base: str = "klaverjassen") -> Path:
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "{base}"\nname = "house"\n{body}', encoding="utf-8")
    return path


def refusal(tmp_path: Path, body: str, base: str = "klaverjassen") -> str:
    path = house(tmp_path, body, base)
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(path))
    message = str(err.value)
    assert str(path) in message
    return message


def test_typed_records_hold_the_rule_sets_numbers() -> None:
    amsterdam = spec(ruleset.load("klaverjassen"))
    assert amsterdam.hand_total() == 162
    assert amsterdam.roem.runs == {"3": 20, "4": 50}
    assert (amsterdam.roem.stuk, amsterdam.roem.four_of_a_kind, amsterdam.roem.four_jacks) == (
        20,
        100,
        200,
    )
    assert amsterdam.scoring.pit == 100 and amsterdam.match.hands == 16
    assert amsterdam.talon is None and amsterdam.kraak is None and amsterdam.declarations is None
    three = spec(ruleset.load("klaverjassen-3"))
    assert three.talon is not None and (three.talon.size, three.talon.discard) == (2, 2)
    assert three.trump.all_pass == "redeal" and not three.partners
    wilde = spec(ruleset.load("klaverjassen-wilde-boom"))
    assert wilde.kraak is not None and wilde.kraak.levels == ("kraak", "rekraak", "superkraak")
    assert wilde.kraak.multiplier == 2 and wilde.kraak.aliases["contra"] == "kraak"
    assert wilde.declarations is not None and wilde.declarations.runs["5"] == 100
    assert wilde.scoring.trump_doubles == ("S",) and wilde.scoring.trump_double_factor == 2
    typed = options(ruleset.load("klaverjassen", {"trump_choice": "forced_left"}))
    assert typed == KlaverjassenOptions(
        trump_choice="forced_left",
        four_of_a_kind_ranks=("A", "K", "Q", "10"),
        pit_for_defenders=True,
        revoke_penalty="hand_lost",
        roem_notation="figures",
    )


@pytest.mark.parametrize(
    ("body", "where", "hint"),
    [
        ("[roem]\nstukk = 30\n", "roem.stukk", "did you mean stuk?"),
        ("[scoring]\npitt = 50\n", "scoring.pitt", "did you mean pit?"),
        ('[teams]\nmodus = "alone"\n', "teams.modus", "did you mean mode?"),
        ('[trump]\nall_passs = "redeal"\n', "trump.all_passs", "did you mean all_pass?"),
        ("[match]\nhand = 8\n", "match.hand", "did you mean hands?"),
        ("[play]\nlast_trick_bonuss = 5\n", "play.last_trick_bonuss", "last_trick_bonus"),
        (
            '[kraak]\nlevels = ["kraak"]\nmultiplier = 2\nmultiplyer = 3\n',
            "kraak.multiplyer",
            "multiplier",
        ),
        ("[roemm]\nstuk = 20\n", "roemm", "did you mean roem?"),
    ],
)
def test_a_typo_in_each_table_names_the_nearest_key(
    tmp_path: Path, body: str, where: str, hint: str
) -> None:
    message = refusal(tmp_path, body)
    assert f"{where}: unknown key" in message and hint in message


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ('[roem]\nstuk = "twenty"\n', "roem.stuk"),  # a word for a number
        ("[roem]\nstuk = true\n", "roem.stuk"),  # a truth value for a number
        ("[roem]\nruns = 20\n", "roem.runs"),  # a number for a table
        ('[roem]\nsequence_order = "A K Q"\n', "roem.sequence_order"),  # text for a list
        ('[teams]\nmode = "pairs"\n', "teams.mode"),  # a word not among the choices
        ("[scoring]\npit = " + "9" * 30 + "\n", "scoring.pit"),  # a huge number
        ("[scoring]\npit = -100\n", "scoring.pit"),  # below its bound
        ("roem = 5\n", "roem"),  # a number for a whole section
        ("[trump.suit_aliases]\nharten = 1\n", "trump.suit_aliases.harten"),
        ("[roem.runs]\nthree = 20\n", "roem.runs.three"),  # a run length that is no number
    ],
)
def test_a_wrong_value_names_file_and_key(tmp_path: Path, body: str, where: str) -> None:
    assert f"{where}:" in refusal(tmp_path, body)


def test_checks_across_tables_keep_their_keys(tmp_path: Path) -> None:
    assert "roem.sequence_order: must list every rank" in refusal(
        tmp_path, '[roem]\nsequence_order = ["A", "K"]\n'
    )
    assert "talon.discard: the trump maker lays away as many" in refusal(
        tmp_path, "[talon]\nsize = 2\ndiscard = 3\n", "klaverjassen-3"
    )
    assert "players: partnerships need exactly four players" in refusal(tmp_path, "players = [3]\n")
    assert "declarations.suit_order: must list every suit once" in refusal(
        tmp_path, '[declarations]\nsuit_order = ["S"]\n', "klaverjassen-wilde-boom"
    )
    assert "scoring.trump_doubles" in refusal(
        tmp_path, '[scoring]\ntrump_doubles = ["X"]\ntrump_double_factor = 2\n'
    )
    assert "kraak.aliases.hup" in refusal(
        tmp_path, '[kraak.aliases]\nhup = "superduper"\n', "klaverjassen-wilde-boom"
    )


def test_an_option_of_the_wrong_kind_is_refused_when_set() -> None:
    with pytest.raises(OptionError) as err:
        ruleset.load("klaverjassen", {"four_of_a_kind_ranks": ["QS"]})
    assert err.value.rule == "options.four_of_a_kind_ranks"
    with pytest.raises(OptionError) as err:
        ruleset.load("klaverjassen", {"pit_for_defenders": "maybe"})
    assert err.value.rule == "options.pit_for_defenders"


@pytest.mark.parametrize(
    ("setting", "rule"),
    [
        ("four_of_a_kind_ranks=QS", "options.four_of_a_kind_ranks"),
        ("pit_for_defenders=maybe", "options.pit_for_defenders"),
        ("trump_choice=auction", "options.trump_choice"),
    ],
)
def test_set_of_a_wrong_value_through_the_cli(tmp_path: Path, setting: str, rule: str) -> None:
    m = tmp_path / "m.toml"
    res = run_cli(tmp_path, "new", "klaverjassen", *PLAYERS, "--set", setting, "--match", m)
    assert_refused(res, rule=rule, names=(setting.split("=")[0],), code=2)  # a bad option
    assert not m.exists()
