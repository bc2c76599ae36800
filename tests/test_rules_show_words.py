"""``rules show`` reads in words, as ``explain`` does: yes and no, a list as its items, the
players as "4 or 5 players"; and an option's name (what ``--set NAME=VALUE`` takes) is never
cut, whatever the terminal's width. ``--json`` keeps the raw values. Through the real command
line, one process per width (rich reads COLUMNS when it starts)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run_cli

from scorekeeper import ruleset as rs

SHIPPED = sorted(rs.available())


def _shown(home: Path, *args: str, columns: int = 80) -> str:
    res = run_cli(home, "rules", "show", *args, env={"COLUMNS": str(columns)})
    assert res.returncode == 0, res.stderr
    return res.stdout


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_rules_show_every_option_whole_and_in_words(tmp_path: Path, ruleset: str) -> None:
    raw = json.loads(_shown(tmp_path, ruleset, "--json"))
    assert raw["options"], ruleset
    for columns in (40, 80):
        out = _shown(tmp_path, ruleset, columns=columns)
        for python in ("True", "False", "['", "players ["):
            assert python not in out, (ruleset, columns, python, out)
        assert "…" not in out, (ruleset, columns, out)
        options = out[out.index("\nOptions\n") :]
        for name in raw["options"]:
            cell = re.compile(rf"^(?:[│|] )?{re.escape(name)}(?: |$)", re.MULTILINE)
            assert cell.search(options), (ruleset, columns, name, options)


def test_rules_show_values_as_explain_writes_them(tmp_path: Path) -> None:
    out = _shown(tmp_path, "klaverjassen", "--set", "pit_for_defenders=false", columns=40)
    block = out[out.index("\nfour_of_a_kind_ranks\n") :]
    assert "  value: A K Q 10\n" in block, block
    pit = out[out.index("\npit_for_defenders\n") :]
    assert pit.startswith("\npit_for_defenders\n  value: no\n  default: yes\n"), pit
    wide = _shown(tmp_path, "doppelkopf", columns=160)
    assert re.search(r"│ second_ten_of_hearts_beats_first │ no +│ no +│", wide), wide
    explained = run_cli(tmp_path, "explain", "doppelkopf", "options", "--set", "fox=false")
    assert explained.returncode == 0, explained.stderr
    assert "with options fox=false" in explained.stdout, explained.stdout


def test_explain_names_options_as_set_takes_them_in_every_language(tmp_path: Path) -> None:
    """The "with options" line can be typed again as --set, whatever the language."""
    for lang in ("en", "de", "nl"):
        explained = run_cli(
            tmp_path,
            "--lang",
            lang,
            "explain",
            "klaverjassen",
            "options",
            "--set",
            "pit_for_defenders=false",
            "--set",
            "four_of_a_kind_ranks=A,K",
        )
        assert explained.returncode == 0, explained.stderr
        no = {"en": "false", "de": "nein", "nl": "nee"}[lang]  # what --set reads back
        ranks = {"en": "A,K", "de": "A,K", "nl": "A,H"}[lang]  # heer is H at a Dutch table
        pit, four = {  # the options by the names explain heads them with (issue 27)
            "en": ("pit_for_defenders", "four_of_a_kind_ranks"),
            "de": ("Durchmarsch für die Gegner", "Ränge für vier Gleiche"),
            "nl": ("pit voor de tegenspelers", "rangen voor vier gelijke"),
        }[lang]
        shown = f"{pit}={no}, {four}={ranks}"
        assert shown in explained.stdout, (lang, explained.stdout)
        again = run_cli(
            tmp_path, "--lang", lang, "explain", "klaverjassen", "options",
            *(arg for pair in shown.split(", ") for arg in ("--set", pair)),
        )  # fmt: skip
        assert again.returncode == 0, again.stderr
        assert shown in again.stdout, (lang, again.stdout)


@pytest.mark.parametrize(
    ("lang", "worded", "code"),
    [
        ("de", "black_means=keine Stiche", "no_tricks"),
        ("nl", "black_means=geen slagen", "no_tricks"),
        ("de", "four_of_a_kind_ranks=Ass,König,D", "A K Q"),
        ("nl", "four_of_a_kind_ranks=aas,H,vrouw", "A K Q"),
        ("en", "black_means=no_tricks", "no_tricks"),
    ],
)
def test_set_reads_an_option_s_value_as_the_table_words_it(
    tmp_path: Path, lang: str, worded: str, code: str
) -> None:
    """What rules show and explain print for a value, --set reads back (issue 27)."""
    rule_set = "doppelkopf" if worded.startswith("black") else "klaverjassen"
    shown = run_cli(tmp_path, "--lang", lang, "rules", "show", rule_set, "--json", "--set", worded)
    assert shown.returncode == 0, shown.stderr
    name = worded.partition("=")[0]
    value = json.loads(shown.stdout)["options"][name]["value"]
    assert (" ".join(value) if isinstance(value, list) else value) == code


@pytest.mark.parametrize(
    ("lang", "ddv", "klaberjass"),
    [
        ("en", "(doppelkopf-ddv), 4 or 5 players", "(klaberjass), 2 players"),
        ("de", "(doppelkopf-ddv), 4 oder 5 Spieler", "(klaberjass), 2 Spieler"),
        ("nl", "(doppelkopf-ddv), 4 of 5 spelers", "(klaberjass), 2 spelers"),
    ],
)
def test_rules_show_players_in_words(tmp_path: Path, lang: str, ddv: str, klaberjass: str) -> None:
    shown = _shown(tmp_path, "doppelkopf-ddv", "--lang", lang)
    assert shown.splitlines()[0].endswith(ddv), shown.splitlines()[0]
    shown = _shown(tmp_path, "klaberjass", "--lang", lang)
    assert shown.splitlines()[0].endswith(klaberjass), shown.splitlines()[0]
    assert "True" not in shown and "False" not in shown, shown


def test_rules_show_json_keeps_raw_values(tmp_path: Path) -> None:
    data = json.loads(_shown(tmp_path, "doppelkopf-ddv", "--json", "--lang", "de"))
    assert data["players"] == [4, 5]
    assert data["options"]["fox"]["value"] is True
    assert data["options"]["second_ten_of_hearts_beats_first"]["default"] is False
    kj = json.loads(_shown(tmp_path, "klaverjassen", "--json", "--lang", "nl"))
    assert kj["options"]["four_of_a_kind_ranks"]["value"] == ["A", "K", "Q", "10"]
    assert kj["players"] == [4]
