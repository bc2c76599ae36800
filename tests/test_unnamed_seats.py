"""The referee asked without names (issue 27): a seat no one named is said as the
table says it, in every language (``Spieler 3 ist dran``, ``Speler 2 krijgt de slag``,
the language file's ``seat``), never as the referee's ``P3`` inside a German or Dutch
sentence; ``--json`` keeps ``P1``, ``P2``... as ever."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import ok, run_cli

CODE = re.compile(r"\bP[1-9]\b")
"""The referee's name of a seat no one named."""

SEAT = {"en": "Player", "de": "Spieler", "nl": "Speler"}


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_a_trick_without_names_says_each_seat_in_the_tables_words(
    tmp_path: Path, lang: str
) -> None:
    seat = SEAT[lang]
    asked = ok(run_cli(tmp_path, "--lang", lang, "judge", "doppelkopf", "--trick", "QC 10H"))
    assert not CODE.search(asked), asked
    assert f"{seat} 3" in asked  # the one to play: the third in the trick
    taken = ok(run_cli(tmp_path, "--lang", lang, "judge", "doppelkopf", "--trick", "QC 10H AD KD"))
    assert not CODE.search(taken), taken
    assert taken.startswith(f"{seat} 2")  # who takes it, and in the reason: 10H by seat 2
    assert taken.count(f"{seat} 2") == 2, taken


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_value_without_every_name_says_the_other_seats_by_number(
    tmp_path: Path, lang: str
) -> None:
    facts = ("-f", "playing=Anna", "-f", "trump=H", "-f", "points=90")
    shown = ok(run_cli(tmp_path, "--lang", lang, "judge", "klaverjassen", *facts))
    assert not CODE.search(shown), shown
    assert f"Anna & {SEAT[lang]} 3" in shown  # Anna's partner sits third
    refused = run_cli(tmp_path, "--lang", lang, "judge", "doppelkopf", "-f", "re_points=165")
    assert refused.returncode != 0
    assert not CODE.search(refused.stderr) and f"{SEAT[lang]} 4" in refused.stderr


def test_json_keeps_the_referees_names(tmp_path: Path) -> None:
    args = ("--lang", "de", "judge", "doppelkopf", "--trick", "QC 10H", "--json")
    data = json.loads(ok(run_cli(tmp_path, *args)))
    assert data["trick"] == [["P1", "QC"], ["P2", "10H"]] and data["player"] == "P3"
    args = ("--lang", "nl", "judge", "klaverjassen", "-f", "playing=Anna", "-f", "trump=H")
    value = json.loads(ok(run_cli(tmp_path, *args, "-f", "points=90", "--json")))
    assert "P2" in json.dumps(value)


def test_a_name_typed_stays_a_name(tmp_path: Path) -> None:
    """A player typed as ``P1`` is a name like any other: said as typed."""
    args = ("--lang", "de", "judge", "doppelkopf", "--trick", "Anna:QC P1:10H", "--player", "Ben")
    shown = ok(run_cli(tmp_path, *args))
    assert "P1:10♥" in shown and "Ben ist dran" in shown
