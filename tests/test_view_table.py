"""What the table sees (issue 28, items 1-3), through the real command line and the real
``scorekeeper table`` session through a pipe: totals per team where teams play, partners
named when a session starts, who is Re and Kontra the moment the record shows it, card
points per side, voids said once, and where the table stands when a session resumes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli
from table_helpers import piped

TEAMS = {"en": "Partners", "de": "Partner", "nl": "Maten"}


def sk(home: Path, *args: str | Path) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return res.stdout


@pytest.mark.parametrize(
    ("ruleset", "pair"), [("klaverjassen", "Anna & Carla"), ("bierkopf", "Anna & Carla")]
)
@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_team_games_count_per_team(tmp_path: Path, ruleset: str, pair: str, lang: str) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "demo", ruleset, "--hands", "2", "--match", path)
    status = sk(tmp_path, "--lang", lang, "status", "--match", path)
    last = status.strip().splitlines()[-1]
    assert pair in last and not re.search(r"Anna [+-]?\d", last), last  # not Anna's own
    res = piped(tmp_path, path, "quit\n", env={"SCOREKEEPER_LANG": lang})
    head = res.stdout.splitlines()[:3]
    assert head[1] == f"{TEAMS[lang]}: Anna & Carla; Ben & Dirk.", head
    assert pair in head[2] and not re.search(r"Anna [+-]?\d", head[2]), head


def test_after_a_quick_hand_the_scores_are_per_team(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "bierkopf", *PLAYERS, "--match", path)
    out = sk(tmp_path, "hand", "team=Anna", "points=91", "--match", path)
    assert "scores: Anna & Carla +2, Ben & Dirk +0" in out  # pairs as the table writes them


def test_doppelkopf_says_the_sides_when_the_record_shows_them(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--match", path)
    lines = "Ben QC\nCarla 9S\nDirk AS\nAnna KS\nBen 9S\nCarla 10S\nDirk AH\nAnna 10S\n"
    res = piped(tmp_path, path, lines + "Carla QC\nquit\n", env={"SCOREKEEPER_LANG": "de"})
    out = res.stdout
    assert out.count("Re: Ben\n") == 1  # said once, when Ben's queen of clubs fell
    # the second queen of clubs: both sides known, with the card points taken so far
    assert "Re: Ben, Carla (49 Augen)" in out and "Kontra: Anna, Dirk (0 Augen)" in out
    status = sk(tmp_path, "--lang", "de", "status", "--match", path)
    assert "Re: Ben, Carla (49 Augen)" in status
    # Anna and Carla showed out of trumps in trick 1: said once each, not at every trick
    assert status.count("Anna ist in Stich") == 1


def test_an_announcement_tells_a_side(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--match", path)
    res = piped(tmp_path, path, "Dirk contra\nquit\n", env={"SCOREKEEPER_LANG": "nl"})
    assert "Contra: Dirk" in res.stdout
    assert "Contra: Dirk" in sk(tmp_path, "--lang", "nl", "status", "--match", path)


def test_a_resumed_table_shows_where_it_stands(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--match", path)
    sk(tmp_path, "play", "Ben", "QC", "--match", path)
    sk(tmp_path, "announce", "Ben", "re", "--match", path)
    sk(tmp_path, "play", "Carla", "9S", "--match", path)
    out = piped(tmp_path, path, "quit\n").stdout.splitlines()
    assert "hand 1" in out and "dealer Anna" in out and "Dirk to play" in out
    assert "trick 1: Ben:QC Carla:9S" in out
    assert "said: Ben re" in out or any(line.startswith("said: Ben") for line in out)
    assert "Re: Ben" in out


RE = {"en": "Re", "de": "Re", "nl": "Re"}
CONTRA = {"en": "Contra", "de": "Kontra", "nl": "Contra"}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize(
    "lines",
    [
        "Ben re\nBen QC\n",  # announced first, then his queen of clubs: nothing new
        "Ben QC\nBen re\n",  # the queen first, then the announcement: nothing new
        "announce Ben re\nplay Ben QC\n",  # the one-shot lines say the sides as well
    ],
)
def test_a_side_already_known_is_not_said_again(tmp_path: Path, lang: str, lines: str) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--match", path)
    res = piped(tmp_path, path, lines + "quit\n", env={"SCOREKEEPER_LANG": lang})
    assert res.returncode == 0, res.stderr
    said = [line for line in res.stdout.splitlines() if line == f"{RE[lang]}: Ben"]
    # once when the session starts? no: nothing is known then; once when Ben showed it
    assert len(said) == 1, res.stdout


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_contra_after_both_queens_is_not_news(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--match", path)
    res = piped(
        tmp_path, path, "Ben QC\nCarla QC\nDirk contra\nquit\n", env={"SCOREKEEPER_LANG": lang}
    )
    assert res.returncode == 0, res.stderr
    contra = [ln for ln in res.stdout.splitlines() if ln.startswith(f"{CONTRA[lang]}: Anna, Dirk")]
    assert len(contra) == 1, res.stdout  # said with Carla's queen, not again with Dirk's word


POINTS_SO_FAR = {"en": "Card points so far", "de": "Augen bisher", "nl": "Kaartpunten tot nu toe"}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_fixed_team_is_named_alike_before_and_after_its_first_hand(
    tmp_path: Path, lang: str
) -> None:
    """Bierkopf's pairs were 'Anna/Carla' until the first hand was scored and 'Anna+Carla'
    (as its results name them) afterwards, in the status bar, status and the sheet: now
    'Anna & Carla' throughout, as the language file writes partners (issue 27)."""
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "bierkopf", *PLAYERS, "--lang", lang, "--match", path)
    before = sk(tmp_path, "status", "--match", path).strip().splitlines()[-1]
    res = piped(tmp_path, path, "quit\n")
    assert "Anna & Carla" in before and "Anna/Carla" not in before, before
    assert "Anna & Carla" in res.stdout and "Anna/Carla" not in res.stdout, res.stdout
    sk(tmp_path, "hand", "team=Anna", "points=91", "--match", path)
    after = sk(tmp_path, "status", "--match", path).strip().splitlines()[-1]
    assert "Anna & Carla" in after and "Anna+Carla" not in after, after


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_status_counts_a_teams_card_points_during_the_hand(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "klaverjassen", *PLAYERS, "--match", path)
    sk(tmp_path, "act", "Ben pass", "Carla trump hearts", "--match", path)
    assert POINTS_SO_FAR[lang] not in sk(tmp_path, "--lang", lang, "status", "--match", path)
    sk(tmp_path, "trick", "AC", "KC", "QC", "JC", "--match", path)  # Ben takes 11+4+3+2
    status = sk(tmp_path, "--lang", lang, "status", "--match", path)
    assert f"{POINTS_SO_FAR[lang]}: Anna & Carla 0, Ben & Dirk 20" in status, status
    data = run_cli(tmp_path, "status", "--json", "--match", path).stdout
    assert '"team_points"' in data and '"Ben/Dirk": 20' in data, data
