"""Options and their values are read and shown in the table's words (issue 27, item 1).

``--set`` takes an option's name as ``explain`` prints it (``Trumpfwahl``, ``troefkeuze``)
besides its key; a refusal of an unknown option or a value lists the options and the values
by the table's names, quoted (a name may hold spaces and commas), never by their keys
(``dealer_first``, ``black_means``); ``event new --set`` reads a competition's settings
(``Runden=4``) the same way. English keys stay accepted everywhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, SHIPPED_RULE_SETS, ok, run_cli

from scorekeeper import ruleset as rs
from scorekeeper.lang.terms import option_name, setting_value


def _new(tmp_path: Path, ruleset: str, lang: str, *sets: str) -> tuple[int, str]:
    args: list[str] = ["new", ruleset, *PLAYERS, "--lang", lang, "-m", str(tmp_path / "m.toml")]
    for pair in sets:
        args += ["--set", pair]
    res = run_cli(tmp_path / "home", *args, env={"SCOREKEEPER_LANG": lang})
    return res.returncode, res.stdout + res.stderr


def _without_rule(text: str) -> str:
    """The words a person reads, without the ``[rule: options.x]`` reference (a key)."""
    return re.sub(r"\[[^\]]*\]", "", text)


@pytest.mark.parametrize(
    ("lang", "pair", "said", "codes"),
    [
        (
            "de",
            "Trumpfwahl=foo",
            "Option 'Trumpfwahl' nimmt einen dieser Werte: 'frei', 'Geber zuerst'",
            ("trump_choice", "dealer_first", "upturn_forced"),
        ),
        (
            "nl",
            "troefkeuze=foo",
            "optie 'troefkeuze' verwacht een van deze waarden: 'vrij', 'deler eerst'",
            ("trump_choice", "dealer_first", "upturn_forced"),
        ),
        (
            "de",
            "Trumpfwahll=frei",
            "meintest du 'Trumpfwahl'? Optionen: 'Ränge für vier Gleiche'",
            ("trump_choice", "four_of_a_kind_ranks", "roem_notation"),
        ),
        (
            "de",
            "pit_for_defenders=vielleicht",
            "Option 'Durchmarsch für die Gegner' nimmt ja oder nein, nicht 'vielleicht'",
            ("pit_for_defenders", "true", "false"),
        ),
    ],
)
def test_a_refused_option_names_options_and_values_in_the_table_s_words(
    tmp_path: Path, lang: str, pair: str, said: str, codes: tuple[str, ...]
) -> None:
    code, out = _new(tmp_path, "klaverjassen", lang, pair)
    assert code == 2, out
    assert said in out, out
    words = _without_rule(out)
    assert not [c for c in codes if re.search(rf"\b{c}\b", words)], out
    assert not (tmp_path / "m.toml").exists()


@pytest.mark.parametrize(
    ("ruleset", "lang", "pair", "option", "value"),
    [
        ("klaverjassen", "de", "Trumpfwahl=Geber zuerst", "trump_choice", "dealer_first"),
        ("klaverjassen", "nl", "troefkeuze=deler eerst", "trump_choice", "dealer_first"),
        ("klaverjassen", "de", "trump_choice=dealer_first", "trump_choice", "dealer_first"),
        ("bierkopf", "de", "Gleichstand=keine", "tie", "none"),
        ("bierkopf", "nl", "gelijkspel=geen", "tie", "none"),
        ("doppelkopf", "de", "Fuchs=nein", "fox", False),
        ("doppelkopf", "nl", "vos=nee", "fox", False),
    ],
)
def test_set_reads_an_option_by_the_table_s_name_and_by_its_key(
    tmp_path: Path, ruleset: str, lang: str, pair: str, option: str, value: object
) -> None:
    import tomllib

    code, out = _new(tmp_path, ruleset, lang, pair)
    assert code == 0, out
    header = tomllib.loads((tmp_path / "m.toml").read_text("utf-8").split("[[")[0])
    assert header["options"] == {option: value}, header


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("ruleset", SHIPPED_RULE_SETS)
def test_every_option_and_value_of_every_rule_set_has_the_table_s_name(
    ruleset: str, lang: str
) -> None:
    """What a refusal and ``explain`` show: no option or value by its key."""
    rules = rs.load(ruleset)
    unnamed = []
    for name, spec in rules.option_specs.items():
        if option_name(name, lang) == name:
            unnamed.append(name)
        for value in (*spec.choices, spec.default):
            if isinstance(value, str) and setting_value(value, lang) == value:
                unnamed.append(f"{name}={value}")
    assert not unnamed, unnamed


@pytest.mark.parametrize(
    ("lang", "pair", "refused", "said"),
    [
        ("de", "Runden=4", "Runde=4", "'Runden', 'Spiele', 'Tische', 'beste Abende'"),
        ("nl", "rondes=4", "ronde=4", "'rondes', 'spellen', 'tafels', 'beste avonden'"),
        ("en", "rounds=4", "round=4", "rounds, games, tables, best"),
    ],
)
def test_event_new_reads_a_competition_s_settings_in_the_table_s_words(
    tmp_path: Path, lang: str, pair: str, refused: str, said: str
) -> None:
    home = tmp_path / "home"
    env = {"SCOREKEEPER_LANG": lang}
    made = ok(
        run_cli(home, "event", "new", "friday", "doppelkopf-club", "--set", pair, "--json", env=env)
    )
    assert json.loads(made)["competition"]["rounds"] == 4, made
    res = run_cli(home, "event", "new", "saturday", "doppelkopf-club", "--set", refused, env=env)
    assert res.returncode == 2, res.stdout + res.stderr
    assert said in res.stderr, res.stderr
