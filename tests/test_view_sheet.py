"""The sheet as a paper list (issue 28, item 4), through the real command line: a player
who sat out is marked (not "0 (+0)"), announcements stand in the game column as a paper
list writes them, the result says whose number is whose and who won, and a five-player
table keeps every column at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

FIVE = ["Anna", "Ben", "Carla", "Dirk", "Emil"]


def score(home: Path, path: Path, lang: str, columns: int = 80) -> str:
    res = run_cli(home, "--lang", lang, "score", "--match", path, env={"COLUMNS": str(columns)})
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def five(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    home = tmp_path_factory.mktemp("five")
    path = home / "m.toml"
    assert run_cli(home, "new", "doppelkopf-ddv", *FIVE, "--match", path).returncode == 0
    for re, contra in (("Ben,Dirk", "Carla"), ("Carla,Emil", "Anna"), ("Anna,Dirk", "Ben")):
        first = re.split(",")[0]
        said = ["-a", f"{first} re", "-a", f"{first} no90", "-a", f"{contra} contra"]
        res = run_cli(home, "hand", f"re={re}", "re_points=151", *said, "--match", path)
        assert res.returncode == 0, res.stderr
    return home, path


@pytest.mark.parametrize(
    ("lang", "said", "legend"),
    [
        ("en", "Re n90, Co", "– sat out"),
        ("de", "Re k90, K", "– setzt aus"),
        ("nl", "Re g90, C", "– zit uit"),
    ],
)
def test_a_five_player_sheet_reads_as_a_paper_list(five, lang: str, said: str, legend: str):
    home, path = five
    out = score(home, path, lang)
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    head = lines[1].split()
    assert len(head) == 4 + 5 + 1, head  # #, dealer, game, result, five players, check
    assert all(name in head for name in FIVE)
    rows = [line for line in lines if line[:1].isdigit()]
    # the dealer sat out each hand: Anna the first, Ben the second, Carla the third
    for number, dealer in enumerate(FIVE[:3]):
        cells = rows[number].split()
        assert "(–)" in cells, rows[number]
        assert cells[1] == dealer
    assert "(+0)" not in out
    assert legend in out
    wide = score(home, path, lang, columns=200)
    assert said.replace(" ", "\u00a0", 1) in wide or said in " ".join(wide.split())


def test_the_result_says_whose_number_is_whose(five) -> None:
    home, path = five
    wide = score(home, path, "en", columns=200)
    assert "Re 151, Contra 89 → Re" in wide  # a non-breaking space only while wrapping


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("columns", [100, 80, 64, 50, 40])
def test_cells_wrap_between_words_only(five, lang: str, columns: int) -> None:
    """Every word the sheet shows at a narrow width is a whole word of the wide sheet: a
    cell ("Contra 89", a name, a total) is never cut inside a word, nor a name from its
    number (the issue's "Cont / ra")."""
    home, path = five
    wide = set(score(home, path, lang, columns=300).split())
    narrow = score(home, path, lang, columns=columns)
    # a piece of a word is part of a wide word without being one (the stacked layout adds
    # words of its own, "deals," "won:", which are whole)
    pieces = {w for w in set(narrow.split()) - wide if set(w) - set("─-")}
    cut = [w for w in pieces if any(w in whole for whole in wide)]
    assert not cut, (cut, narrow)
