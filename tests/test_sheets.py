"""Score sheets in each game's own form, through the real command line (issue 14, items 1,
2 and 4): team columns, marks, the result winner first, progress, any width, any encoding,
names as they are, the chart."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run_cli

GAMES = {
    "klaverjassen": ["Anna", "Ben", "Carla", "Dirk"],
    "doppelkopf-ddv": ["Anna", "Ben", "Carla", "Dirk"],
    "doppelkopf": ["Anna", "Ben", "Carla", "Dirk"],
    "bierkopf": ["Anna", "Ben", "Carla", "Dirk"],
    "kloepper": ["Anna", "Ben", "Carla", "Dirk"],
    "klaberjass": ["Anna", "Ben"],
    "klaverjassen-3": ["Anna", "Ben", "Carla"],
}


def _pair(side: str) -> str:
    """A side the engine names by its two players, as the sheet writes partners."""
    return re.sub(r"\b([A-Z][a-z]+)[/+]([A-Z][a-z]+)\b", r"\1 & \2", side)


def sk(home: Path, *args: str | Path, columns: int = 80, ascii_: bool = False):
    env = {"COLUMNS": str(columns)}
    if ascii_:
        env["PYTHONIOENCODING"] = "ascii"
    res = run_cli(home, *args, env=env)
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    return res


@pytest.fixture(scope="module")
def demos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    home = tmp_path_factory.mktemp("home")
    out = {}
    for game in GAMES:
        path = home / f"{game}.toml"
        res = sk(home, "demo", "--current", game, "--hands", "6", "--seed", "3", "--match", path)
        assert res.returncode == 0, res.stderr
        out[game] = path
    return out


def sheet_json(home: Path, path: Path) -> dict:
    res = sk(home, "score", "--json", "--match", path)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def numbers(text: str) -> list[str]:
    return re.findall(r"[+-]?\d+", text)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("columns", [40, 80, 160])
def test_no_number_is_cut_at_any_width(game, columns, demos, tmp_path) -> None:
    path = demos[game]
    data = sheet_json(tmp_path, path)
    res = sk(tmp_path, "score", "--match", path, columns=columns)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert all(len(line) <= columns for line in lines), [ln for ln in lines if len(ln) > columns]
    assert "…" not in res.stdout
    found = set(numbers(res.stdout))
    # every running total and every hand's score is on the sheet, whole
    for entry in data["sheet"]["columns"]:
        total = data["totals"][entry["members"][0]]
        assert str(total) in found, (entry, total)
    for hand in data["hands"]:
        for p, s in hand["result"]["scores"].items():
            assert f"{s:+d}" in found or s == 0, (hand["number"], p, s)


def test_klaverjassen_has_two_team_columns_and_marks(demos, tmp_path) -> None:
    res = sk(tmp_path, "score", "--match", demos["klaverjassen"], columns=80)
    head = res.stdout.splitlines()[1]
    assert "Anna & Carla" in head and "Ben & Dirk" in head  # pairs as the table writes them
    assert not re.search(r"\bAnna\b(?! &)", head), head  # no player columns
    assert "* the trump maker's side" in res.stdout
    assert re.search(r"nat\b", res.stdout)
    assert "Progress: hand 6 of 16" in res.stdout
    data = sheet_json(tmp_path, demos["klaverjassen"])
    assert [c["members"] for c in data["sheet"]["columns"]] == [["Anna", "Carla"], ["Ben", "Dirk"]]
    assert data["sheet"]["progress"] == {"kind": "hands", "played": 6, "of": 16}
    # the trump maker's team is marked in every row
    for hand, row in zip(data["hands"], data["sheet"]["rows"], strict=True):
        maker = hand["result"]["details"]["maker"]
        members = [c["members"] for c in data["sheet"]["columns"]]
        assert row["marked"] == [maker in m for m in members]


def test_result_column_says_whose_number_is_whose_and_who_won(demos, tmp_path) -> None:
    # issue 28: each side named with its own card points, in the columns' order, and the
    # winner on its own (a side may win with fewer card points)
    data = sheet_json(tmp_path, demos["klaverjassen"])
    res = sk(tmp_path, "score", "--match", demos["klaverjassen"], columns=160)
    order = [c["name"] for c in data["sheet"]["columns"]]
    for hand in data["hands"]:
        r = hand["result"]
        points = ", ".join(f"{_pair(side)} {r['card_points'][side]}" for side in order)
        shown = f"{points} → {_pair(r['winner'])}"
        assert shown in res.stdout, shown


@pytest.mark.parametrize(
    ("game", "progress"),
    [
        ("doppelkopf-ddv", "Progress: game 6 of 24"),
        ("bierkopf", r"Progress: (Anna & Carla|Ben & Dirk) \d+ of 21"),
        ("kloepper", r"Progress: \w+ \d+ of 30"),
        ("klaberjass", r"Progress: \w+ \d+ of 500"),
        ("doppelkopf", "Progress: game 6"),
    ],
)
def test_progress_to_the_end_of_the_match(game, progress, demos, tmp_path) -> None:
    res = sk(tmp_path, "score", "--match", demos[game])
    assert re.search(progress, res.stdout), res.stdout


def test_ddv_list_checks_each_game(demos, tmp_path) -> None:
    res = sk(tmp_path, "score", "--match", demos["doppelkopf-ddv"], columns=120)
    assert "check" in res.stdout.splitlines()[1]
    data = sheet_json(tmp_path, demos["doppelkopf-ddv"])
    for hand, row in zip(data["hands"], data["sheet"]["rows"], strict=True):
        scores = [hand["result"]["scores"][p] for p in data["players"]]
        ok = sum(scores) == 0 and len({s % 2 for s in scores}) == 1
        assert row["check_ok"] is ok
    assert "* Re" in res.stdout


def test_bierkopf_has_two_team_columns(demos, tmp_path) -> None:
    res = sk(tmp_path, "score", "--match", demos["bierkopf"])
    head = res.stdout.splitlines()[1]
    assert "Anna & Carla" in head and "Ben & Dirk" in head


def test_ascii_terminal_prints_a_readable_sheet(demos, tmp_path) -> None:
    for game in ("klaverjassen", "doppelkopf-ddv"):
        res = sk(tmp_path, "score", "--chart", "--match", demos[game], ascii_=True)
        assert res.returncode == 0, res.stderr
        assert res.stdout.isascii()
        assert "Totals:" in res.stdout and "Why" in res.stdout
    assert " ok" in sk(tmp_path, "score", "--match", demos["doppelkopf-ddv"], ascii_=True).stdout


def test_explanations_wrap_at_word_boundaries(demos, tmp_path) -> None:
    data = sheet_json(tmp_path, demos["klaverjassen"])
    res = sk(tmp_path, "score", "--match", demos["klaverjassen"], columns=40)
    why = res.stdout.split("\nWhy\n", 1)[1].split("\nTotals:", 1)[0]
    blocks: dict[int, list[str]] = {}
    number = 0
    for line in why.splitlines():
        assert len(line) <= 40
        if m := re.match(r"\s*(\d+)  (.*)", line):
            number = int(m.group(1))
            blocks[number] = [m.group(2)]
        else:
            blocks[number].append(line.strip())
    for hand in data["hands"]:
        # joined again at the breaks, the lines give back every word whole
        assert " ".join(blocks[hand["number"]]) == " ".join(_pair(hand["reasons"]).split())


def test_names_with_markup_are_printed_as_they_are(tmp_path) -> None:
    path = tmp_path / "m.toml"
    names = ["[bold]Anna", "Ben[/]", "[red]C", "D[/b]"]
    res = sk(tmp_path, "new", "doppelkopf", *names, "--match", path)
    assert res.returncode == 0, res.stderr
    res = sk(tmp_path, "hand", f"re={names[0]},{names[2]}", "re_points=165", "--match", path)
    assert res.returncode == 0, res.stderr
    for columns in (40, 80, 160):
        out = sk(tmp_path, "score", "--match", path, columns=columns).stdout
        for name in names:
            assert name in out, (columns, name, out)


def test_chart_draws_the_running_totals(demos, tmp_path) -> None:
    res = sk(tmp_path, "score", "--chart", "--match", demos["klaberjass"], columns=80)
    assert res.returncode == 0, res.stderr
    chart = res.stdout.split("Running totals\n", 1)[1]
    data = sheet_json(tmp_path, demos["klaberjass"])
    totals = data["totals"]
    assert f"A Anna {totals['Anna']}, B Ben {totals['Ben']}" in chart
    top = str(max(totals.values()))
    assert chart.splitlines()[0].strip().startswith(top)  # the highest total at the top
    assert all(len(line) <= 80 for line in chart.splitlines())


def test_chart_without_hands_says_so(tmp_path) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "kloepper", "Anna", "Ben", "Carla", "Dirk", "--match", path)
    res = sk(tmp_path, "score", "--chart", "--match", path)
    assert res.returncode == 0 and "no finished hand to chart yet" in res.stdout


def test_a_nat_never_credits_the_team_that_scored_nothing(tmp_path) -> None:
    # Ben/Dirk choose trump: 20 card points and 100 roem, 120 against 142: nat. Their
    # +20 and +100 are scored by Anna/Carla, and the explanation says so.
    path = tmp_path / "nat.toml"
    sk(tmp_path, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--match", path)
    res = sk(tmp_path, "hand", "playing=Ben", "trump=H", "points=20", "roem=100", "--match", path)
    assert res.returncode == 0, res.stderr
    data = sheet_json(tmp_path, path)
    result = data["hands"][0]["result"]
    assert result["scores"]["Ben"] == 0 and result["scores"]["Anna"] == 262
    for item in result["items"]:
        if item["op"] == "add" and item["points"]:
            assert item["side"] == "Anna/Carla", item
            assert "Anna/Carla" in item["label"], item
    why = sk(tmp_path, "score", "--match", path, columns=160).stdout
    assert "+100 Ben & Dirk: roem, scored by Anna & Carla (nat)" in why
    assert not re.search(r"\+100 Ben & Dirk: roem(?!, scored by Anna & Carla)", why)


def test_klaverjas_marks_in_the_tables_words(tmp_path) -> None:
    # nat, pit and verzaakt, as a Dutch table writes them; in English the language data's
    # own words
    from scorekeeper.lang import game_word

    path = tmp_path / "kj.toml"
    sk(tmp_path, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--match", path)
    for facts in (
        "playing=Ben trump=H points=20 roem=100",  # nat
        "playing=Carla trump=S points=162",  # pit for Anna/Carla
        "playing=Dirk trump=C points=100 revoke=Carla",  # Anna/Carla revoked
    ):
        res = sk(tmp_path, "hand", *facts.split(), "--match", path)
        assert res.returncode == 0, res.stderr
    for lang in ("nl", "en"):
        res = run_cli(
            tmp_path, "score", "--match", path, env={"COLUMNS": "120", "SCOREKEEPER_LANG": lang}
        )
        assert res.returncode == 0, res.stderr
        rows = res.stdout.splitlines()[3:6]
        nat, pit, revoke = (game_word(k, lang) for k in ("nat", "pit", "revoke"))
        assert f", {nat} " in rows[0], (lang, rows)
        joined = " ".join(res.stdout.split())  # a pair may wrap between its words
        assert f"{pit} Anna & Carla" in joined, rows[1]
        assert f"{revoke} Anna & Carla" in joined, rows[2]
    assert game_word("revoke", "nl") == "verzaakt"


def test_bierkopf_marks_carried_points(tmp_path) -> None:
    # 60:60 carries a game point to the next hand's winners; the sheet says so on both rows
    path = tmp_path / "bk.toml"
    sk(tmp_path, "new", "bierkopf", "Anna", "Ben", "Carla", "Dirk", "--match", path)
    for facts in ("team=Anna points=60", "team=Anna points=100"):
        assert sk(tmp_path, "hand", *facts.split(), "--match", path).returncode == 0
    # wide enough that each row is one line (the result names both teams: issue 28)
    rows = sk(tmp_path, "score", "--match", path, columns=160).stdout.splitlines()[3:5]
    assert "carries 1" in rows[0] and "carried +1" in rows[1], rows
    assert rows[1].split()[-4:] == ["3", "(+3)", "0", "(+0)"], rows


def test_ddv_duty_solo_and_bock_on_the_sheet(tmp_path) -> None:
    # a 120:120 game starts a Bock round; a queens solo played as the duty solo is named
    # and does not count towards the 24 games
    path = tmp_path / "ddv.toml"
    res = sk(
        tmp_path,
        "new",
        "doppelkopf-ddv",
        *GAMES["doppelkopf"],
        "--set",
        "bock=true",
        "--match",
        path,
    )
    assert res.returncode == 0, res.stderr
    for facts in (
        "re=Anna,Carla re_points=120",
        "re=Ben,Dirk re_points=150",
        "solo=queens re=Dirk re_points=150",
    ):
        assert sk(tmp_path, "hand", *facts.split(), "--match", path).returncode == 0
    out = sk(tmp_path, "score", "--match", path, columns=160).stdout
    rows = out.splitlines()[3:6]
    assert "Bock" in rows[1] and "obligatory" in rows[2] and "solo" in rows[2], rows
    assert all(row.rstrip().endswith("✓") for row in rows), rows
    assert "10 (+6)*" in rows[2], rows
    assert "Progress: game 2 of 24" in out


def test_every_command_prints_on_an_ascii_terminal(demos, tmp_path) -> None:
    # not only the sheet: status, rules show, exports to standard output, a recorded action
    path = tmp_path / "kj.toml"
    sk(tmp_path, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--match", path)
    for args in (
        ("rules", "show", "klaverjassen"),
        ("rules", "show", "doppelkopf"),
        ("export", "-f", "markdown", "--match", demos["klaverjassen"]),
        ("export", "-f", "html", "--match", demos["klaverjassen"]),
        ("export", "-f", "csv", "--match", demos["klaverjassen"]),
        ("status", "--match", demos["doppelkopf"]),
        ("act", "Ben pass", "--match", path),
        ("act", "Carla trump hearts", "--match", path),
        ("status", "--match", path),
    ):
        res = sk(tmp_path, *args, ascii_=True)
        assert res.returncode == 0, (args, res.stderr)
        assert res.stdout.isascii() and res.stdout.strip(), args
    assert "Carla" in res.stdout


def test_a_long_match_shows_its_last_rows_unless_all(tmp_path) -> None:
    path = tmp_path / "long.toml"
    res = sk(tmp_path, "demo", "--current", "doppelkopf", "--hands", "33", "--match", path)
    assert res.returncode == 0, res.stderr

    def rows(out: str) -> list[int]:
        table = out.split("\nWhy\n", 1)[0]
        return [int(m.group(1)) for m in re.finditer(r"^\s*(\d+)  \S", table, re.M)]

    data = sheet_json(tmp_path, path)
    out = sk(tmp_path, "score", "--match", path, columns=160).stdout
    assert "3 earlier hands not shown" in out
    assert rows(out) == list(range(4, 34))
    shown = ", ".join(f"{p} {t}" for p, t in data["totals"].items())
    assert f"Totals: {shown}" in out  # over every hand
    full = sk(tmp_path, "score", "--all", "--match", path, columns=160).stdout
    assert "earlier hands" not in full
    assert rows(full) == list(range(1, 34))


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("columns", [40, 60, 80])
def test_a_wrapped_line_is_indented_never_at_column_0(game, columns, demos, tmp_path) -> None:
    # a line of its own starts at column 0; what wraps from it (the title, a stacked
    # row's head, the totals) is indented, so that it does not read as a line of its own
    res = sk(tmp_path, "score", "--match", demos[game], columns=columns)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    starts = ("#", "─", "Why", "Totals:", "Progress:", "Match over:", "* ")
    for number, line in enumerate(lines):
        if number == 0 or not line or line[0] == " ":
            continue
        assert line.startswith(starts) or line[0].isdigit(), (number, line, res.stdout)
    stacked = [ln for ln in lines if re.match(r"\d+ \S+ deals", ln)]
    if columns == 40 and game == "klaverjassen":
        assert stacked, res.stdout  # the narrow layout is the one looked at


def test_a_long_match_built_for_its_last_rows_says_the_same(tmp_path) -> None:
    # only the rows shown are built; the totals, progress and chart count every hand
    path = tmp_path / "long.toml"
    assert (
        sk(tmp_path, "demo", "--current", "doppelkopf", "--hands", "34", "--match", path).returncode
        == 0
    )
    short = sk(tmp_path, "score", "--chart", "--match", path, columns=160).stdout
    full = sk(tmp_path, "score", "--all", "--chart", "--match", path, columns=160).stdout
    assert "4 earlier hands not shown" in short
    for text in (short, full):
        assert "Progress: game" in text
    tail = short.split("\nWhy\n", 1)[1]
    assert tail.split("Running totals", 1)[1] == full.split("Running totals", 1)[1]
    assert tail.split("Totals:", 1)[1] == full.split("Totals:", 1)[1]
    shown_rows = short.split("\nWhy\n", 1)[0].splitlines()[3:]
    all_rows = full.split("\nWhy\n", 1)[0].splitlines()
    assert shown_rows and all(row in all_rows for row in shown_rows)
