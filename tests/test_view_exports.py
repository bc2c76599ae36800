"""The sheet for phones and chats through the real command line (issue 28, items 4 and 7):
the chat form is one fixed-width block, a hand in play is not counted as exported, totals
are never broken between a name and its number, the page data is plain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

NAMES = ["An`na", "Ben", "Carla", "Dirk"]


def sk(home: Path, *args: str | Path) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def match(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    home = tmp_path_factory.mktemp("view")
    path = home / "m.toml"
    sk(home, "new", "doppelkopf", *NAMES, "--match", path)
    for re in ("An`na,Carla", "Ben,Dirk", "An`na,Dirk"):
        sk(home, "hand", f"re={re}", "re_points=165", "--match", path)
    sk(home, "play", "An`na", "QC", "--match", path)  # the fourth hand is begun
    return home, path


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_chat_form_is_one_fixed_width_block(match: tuple[Path, Path], lang: str) -> None:
    home, path = match
    out = sk(home, "--lang", lang, "export", "-f", "chat", "--match", path)
    lines = out.splitlines()
    fence = lines[0]
    assert set(fence) == {"`"} and len(fence) >= 3
    assert fence not in "\n".join(lines[1:-1])  # no run of backticks inside closes it
    assert lines[-1] == fence and fence not in lines[1:-1]
    assert all(len(line) <= 40 for line in lines[1:-1]), out
    assert "An`na" in out


def test_a_hand_in_play_is_not_counted_as_exported(match: tuple[Path, Path]) -> None:
    home, path = match
    for fmt, lang, said in (
        ("html", "en", "Exported 3 hands"),
        ("chat", "de", "3 Spiele"),
        ("json", "en", "Exported 3 hands"),  # the history's forms too: the row of the hand
        ("csv", "nl", "3 spellen"),  # in play is written, not counted
    ):
        out = sk(home, "--lang", lang, "export", "-f", fmt, "-m", path, "-o", home / f"x.{fmt}")
        assert said in out, out


@pytest.mark.parametrize("width", range(20, 61))
def test_totals_are_never_broken_inside_an_entry(match: tuple[Path, Path], width: int) -> None:
    home, path = match
    res = run_cli(home, "score", "--match", path, env={"COLUMNS": str(width)})
    text = res.stdout
    start = text.index("Totals:")
    block = text[start:].split("\n")
    entries = " ".join(line.strip() for line in block[:3]).split("Progress")[0]
    for line in block[:3]:
        if not line.strip() or line.startswith(("Progress", "Match")):
            break
        # a wrapped line never ends on a bare name nor starts with a bare number
        assert not line.rstrip().endswith(tuple(NAMES)), (width, line)
        assert not line.strip()[:1].lstrip("-").isdigit(), (width, line)
    assert "Dirk" in entries


def test_page_data_is_plain(match: tuple[Path, Path]) -> None:
    from scorekeeper.session import Session
    from scorekeeper.view.page import match_data

    _home, path = match
    data = match_data(Session.open(path).match, "de")
    assert json.loads(json.dumps(data)) == data
    assert [r["finished"] for r in data["rows"]] == [True, True, True, False]
    assert data["chart"]["hands"] == [0, 1, 2, 3]
    assert [s["name"] for s in data["chart"]["series"]] == NAMES
