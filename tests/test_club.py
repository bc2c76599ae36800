"""Club nights, tournaments and seasons (issue 30), through the real CLI on real files:
an event of rounds and tables, each table a normal match file; seat draws; the DDV list
checks, penalty points and Pflichtsoli; standings; exports; loss money."""

from __future__ import annotations

import csv
import io
import itertools
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_refused, in_process, ok, run_cli
from code_words import code_words

from scorekeeper.club import draw
from scorekeeper.club.competition import Penalties
from scorekeeper.club.event import Penalty
from scorekeeper.club.lists import Row, _check_game, penalty_entries
from scorekeeper.club.standings import placement_points
from scorekeeper.settle import loss_money

THIRTEEN = [
    "Anna",
    "Ben",
    "Carla",
    "Dirk",
    "Emil",
    "Frida",
    "Gert",
    "Hanna",
    "Ida",
    "Jan",
    "Kai",
    "Lea",
    "Mia",
]


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    return in_process(tmp_path, monkeypatch)


def as_json(res: Any) -> Any:
    return json.loads(ok(res))


def event_file(home: Path, name: str) -> Path:
    return home / "events" / f"{name}.toml"


# ---------------------------------------------------------------------- a club night


def test_a_club_night_of_three_rounds_for_thirteen_players(run: Any, tmp_path: Path) -> None:
    ok(run("event", "new", "night", "ddv-tournament", "--set", "games=2", "--season", "2026"))
    ok(run("event", "register", "night", *THIRTEEN))
    sitters = []
    for number in (1, 2, 3):
        plan = as_json(run("event", "draw", "night", "--json"))
        assert [len(t["players"]) for t in plan["tables"]] == [4, 4, 4]
        assert len(plan["sitting_out"]) == 1
        sitters += plan["sitting_out"]
        seated = [p for t in plan["tables"] for p in t["players"]]
        assert sorted(seated + plan["sitting_out"]) == sorted(THIRTEEN)
        for table in plan["tables"]:
            assert (tmp_path / table["match"]).is_file()  # a normal match file
            first, second, third, _ = table["players"]
            ok(
                run(
                    "event",
                    "enter",
                    "night",
                    str(number),
                    str(table["table"]),
                    f"re={first},{third}",
                    "re_points=165",
                    "-a",
                    f"{first} re",
                )
            )
            ok(
                run(
                    "event",
                    "enter",
                    "night",
                    str(number),
                    str(table["table"]),
                    f"re={second},{third}",
                    "re_points=100",
                )
            )
    assert len(set(sitters)) == 3, "nobody sits out twice while others have not"
    refused = run("event", "draw", "night")
    assert_refused(refused, rule="event")
    checked = as_json(run("event", "check", "night", "--round", "2", "--json"))
    assert all(t["sound"] for t in checked) and len(checked) == 3
    assert all(t["games"] == 2 and t["of"] == 2 for t in checked)
    standings = as_json(run("event", "standings", "night", "--json"))
    lines = {line["player"]: line for line in standings["lines"]}
    assert sum(line["points"] for line in lines.values()) == 0  # Doppelkopf adds up to 0
    for sitter in sitters:
        assert "sat_out" in lines[sitter]["status"]
    assert [line["place"] for line in standings["lines"]] == list(range(1, 14))
    # the match files are the truth: one of them played over changes the standings
    first_table = tmp_path / "matches" / "night-round1-table1.toml"
    ok(run("undo", "--yes", "--match", first_table))
    after = {
        line["player"]: line
        for line in as_json(run("event", "standings", "night", "--json"))["lines"]
    }
    assert after != lines


def test_the_night_exports_html_markdown_csv_and_json(run: Any, tmp_path: Path) -> None:
    ok(run("event", "new", "n", "doppelkopf-club"))
    ok(run("event", "register", "n", "@Anna", "Ben", "Carla", "Dirk"))  # a name like a formula
    plan = as_json(run("event", "draw", "n", "--json"))
    players = plan["tables"][0]["players"]
    ok(run("event", "enter", "n", "1", "1", f"re={players[0]},{players[1]}", "re_points=130"))
    html = tmp_path / "standings.html"
    ok(run("event", "standings", "n", "--format", "html", "-o", html))
    page = html.read_text(encoding="utf-8")
    assert "@media print" in page and "&lt;" not in page.split("<body>")[0]
    rows = list(csv.reader(io.StringIO(ok(run("event", "standings", "n", "--format", "csv")))))
    assert rows[0][:3] == ["Place", "Player", "Points"]
    assert "'@Anna" in [r[1] for r in rows]  # inert in a spreadsheet
    md = ok(run("event", "standings", "n", "--format", "markdown"))
    assert md.startswith("# n: standings after 1 round\n") and "| Place |" in md
    data = json.loads(ok(run("event", "standings", "n", "--format", "json")))
    assert {line["player"] for line in data["lines"]} == {"@Anna", "Ben", "Carla", "Dirk"}
    plan_html = ok(run("event", "tables", "n", "--format", "html"))
    assert "Position 1" in plan_html and "@media print" in plan_html
    slips = ok(run("event", "tables", "n", "--slips", "--format", "markdown"))
    assert slips.count("| Game |") == 1 and "keeps the list" in slips
    placement = {line["player"]: line["placement"] for line in data["lines"]}
    assert sorted(placement.values()) == [-2, -2, 2, 2]  # two level pairs: places averaged


def test_usage_and_refusals(run: Any, tmp_path: Path) -> None:
    assert_refused(run("event", "new", "x", "no-such-competition"), kind="usage")
    ok(run("event", "new", "x", "ddv-tournament"))
    before = event_file(tmp_path, "x").read_bytes()
    assert run("event", "standings", "x", "--format", "pdf").returncode == 2
    assert_refused(run("event", "register", "x", "Anna", "anna"), kind="usage")
    assert_refused(run("event", "new", "x", "ddv-tournament"), kind="usage")
    assert_refused(run("event", "tables", "x"), kind="usage")
    assert_refused(run("event", "new", "y", "ddv-tournament", "--set", "colour=red"), kind="usage")
    assert event_file(tmp_path, "x").read_bytes() == before
    ok(run("event", "register", "x", "Anna", "Ben", "Carla"))
    assert_refused(run("event", "draw", "x"), rule="event")  # three cannot fill a four
    res = run_cli(tmp_path, "event", "penalty", "x", "1", "1", "Anna", "minor")
    assert res.returncode == 2 and "Traceback" not in res.stderr  # [usage]: exit 2


# ---------------------------------------------------------------------- DDV lists


def _ddv_round(run: Any, games: int) -> list[str]:
    ok(run("event", "new", "t", "ddv-tournament", "--set", f"games={games}"))
    ok(run("event", "register", "t", "Anna", "Ben", "Carla", "Dirk"))
    return list(as_json(run("event", "draw", "t", "--json"))["tables"][0]["players"])


def test_a_ddv_round_with_a_pflichtsolo_vorgefuehrt_and_penalty_points(run: Any) -> None:
    a, b, c, d = _ddv_round(run, 6)
    enter = lambda *facts: ok(run("event", "enter", "t", "1", "1", *facts))  # noqa: E731
    out = enter(f"re={a}", "solo=queens", "re_points=150")  # of free will: on top
    assert f"Pflichtsolo of {a}: the same dealer deals again" in out
    assert "Games of the round: 0 of 6" in out
    enter(f"re={a},{b}", "re_points=130")
    enter(f"re={c},{d}", "re_points=130")
    out = enter(f"re={a},{c}", "re_points=130")
    # three still owe their solo and three games are left: vorgeführt from game 5
    assert f"Pflichtsolo vorgeführt from game 5: {b}, {c}, {d}" in out
    out = enter(f"re={b}", "solo=jacks", "re_points=100")
    assert f"Pflichtsolo of {b}, vorgeführt: it counts as a game, the deal passes on" in out
    enter(f"re={c}", "solo=clubs", "re_points=130")
    out = enter(f"re={d}", "solo=meatless", "re_points=61")
    assert "Games of the round: 6 of 6" in out and "still to play" not in out
    assert ok(run("event", "penalty", "t", "1", "1", b, "minor")).endswith(
        f"{b} -3, {a} +1, {c} +1, {d} +1\n"
    )
    ok(run("event", "penalty", "t", "1", "1", c, "schwer", "--announcements", "1"))
    ok(run("event", "penalty", "t", "1", "1", a, "minor", "--soloist", d, "--game", "7"))
    ok(run("event", "penalty", "t", "1", "1", d, "conduct", "--points", "5"))
    assert_refused(
        run("event", "penalty", "t", "1", "1", d, "conduct", "--points", "13"), rule="penalty"
    )
    checked = as_json(run("event", "check", "t", "--json"))[0]
    assert checked["sound"] and checked["missing_pflichtsolo"] == []
    vorgefuehrt = [r["game"] for r in checked["rows"] if r["vorgefuehrt"]]
    assert vorgefuehrt == [5, 6, 7]
    penalties = [r["entries"] for r in checked["rows"] if r["game"] == 0]
    assert penalties[1] == {a: 5, b: 5, c: -15, d: 5}
    assert penalties[2][a] == -3 and penalties[2][d] == 3 and penalties[2][b] == 0
    assert sum(penalties[3].values()) == -5  # conduct: the one entry off the zero sum
    points = {
        x["player"]: x["points"] for x in as_json(run("event", "standings", "t", "--json"))["lines"]
    }
    assert sum(points.values()) == -5


def test_a_table_entered_twice_is_compared(run: Any) -> None:
    a, b, c, d = _ddv_round(run, 4)
    ok(run("event", "enter", "t", "1", "1", f"re={a},{b}", "re_points=130"))
    ok(run("event", "enter", "t", "1", "1", f"re={c},{d}", "re_points=130"))
    assert_refused(run("event", "compare", "t", "1", "1"), rule="compare")
    ok(run("event", "enter", "t", "1", "1", "--second", f"re={a},{b}", "re_points=130"))
    ok(run("event", "enter", "t", "1", "1", "--second", f"re={c},{d}", "re_points=80"))
    res = run("event", "compare", "t", "1", "1")
    assert res.returncode == 1
    assert (
        "differ in 4 places" in res.stdout
        and f"game 2: {a} -1 in the first entry, +3" in res.stdout
    )
    assert run("event", "compare", "t", "1", "1", "--json").returncode == 1


def test_the_list_checks_can_fail() -> None:
    row = Row(game=3, entries={"A": 2, "B": -1, "C": -1, "D": 1}, winners=["A", "D"])
    _check_game(row, ["A", "B", "C", "D"], True)
    keys = [r.key for r in row.findings]
    assert keys == ["club.check.sum", "club.check.parity"]
    row = Row(game=4, entries={"A": 2, "B": -2, "C": 2, "D": -2}, winners=["A", "B"])
    _check_game(row, ["A", "B", "C", "D"], True)
    assert [r.key for r in row.findings] == ["club.check.winners"]
    five = Row(game=5, entries={"A": 3, "B": -1, "C": -1, "D": -1, "E": 0}, winners=["A"])
    _check_game(five, ["A", "B", "C", "D"], True)  # the dealer's 0 at a five-table
    assert five.findings == []


# ---------------------------------------------------------------------- the issue's numbers


def test_the_issue_s_penalty_numbers() -> None:
    rules, others = Penalties(), ["B", "C", "D"]
    entries = lambda **kw: penalty_entries(rules, Penalty(1, 1, "A", **kw), others)  # noqa: E731
    assert entries(kind="minor") == {"A": -3, "B": 1, "C": 1, "D": 1}
    assert entries(kind="minor", soloist="C") == {"A": -3, "C": 3}
    assert entries(kind="serious") == {"A": -12, "B": 4, "C": 4, "D": 4}
    assert entries(kind="serious", announcements=2) == {"A": -18, "B": 6, "C": 6, "D": 6}
    assert entries(kind="serious", announcements=1, soloist="B") == {"A": -15, "B": 15}
    assert entries(kind="conduct", points=12) == {"A": -12}


def test_placement_points_with_ties_averaged() -> None:
    four = [3, 1, -1, -3]
    assert placement_points({"A": 20, "B": 5, "C": -5, "D": -20}, four) == {
        "A": 3,
        "B": 1,
        "C": -1,
        "D": -3,
    }
    assert placement_points({"A": 10, "B": 10, "C": 0, "D": -20}, four) == {
        "A": 2,
        "B": 2,
        "C": -1,
        "D": -3,
    }
    five = placement_points({"A": 9, "B": 9, "C": 9, "D": 0, "E": -27}, [4, 2, 0, -2, -4])
    assert five == {"A": 2, "B": 2, "C": 2, "D": -2, "E": -4}
    assert placement_points({"A": 0, "B": 0, "C": 0}, [1, 0, -1])["A"] == Fraction(0)


def test_loss_money_is_stepped() -> None:
    from decimal import Decimal

    steps = [(1, Decimal("0.50")), (4, Decimal("1.00"))]
    assert loss_money({"A": 0, "B": 3, "C": 5}, steps) == {"A": 0, "B": 150, "C": 350}


def test_loss_money_of_an_evening(run: Any) -> None:
    ok(run("event", "new", "n", "doppelkopf-club"))
    ok(run("event", "register", "n", "Anna", "Ben", "Carla", "Dirk"))
    p = as_json(run("event", "draw", "n", "--json"))["tables"][0]["players"]
    for _ in range(4):
        ok(run("event", "enter", "n", "1", "1", f"re={p[0]},{p[1]}", "re_points=130"))
    owed = as_json(run("event", "settle", "n", "--json"))
    assert owed["cents"] == {p[0]: 0, p[1]: 0, p[2]: 250, p[3]: 250}
    assert owed["total"] == "5.00"
    german = ok(run("--lang", "de", "event", "settle", "n"))
    assert "2,50 €" in german and "verlorene Spiele" in german
    other = as_json(run("event", "settle", "n", "--loss-money", "0.20,3:2.00", "--json"))
    assert other["cents"][p[2]] == 20 + 20 + 200 + 200
    assert other["steps"] == [{"from": 1, "amount": "0.20"}, {"from": 3, "amount": "2.00"}]
    assert run("event", "settle", "n", "--loss-money", "x").returncode == 2


# ---------------------------------------------------------------------- draws


def _partitions(players: list[str]) -> list[list[list[str]]]:
    """Every split of 8 players into two tables of four (35)."""
    first, rest = players[0], players[1:]
    return [
        [[first, *mates], [p for p in rest if p not in mates]]
        for mates in itertools.combinations(rest, 3)
    ]


def test_the_draw_against_the_best_possible_eight_players_three_rounds() -> None:
    players = [f"P{i}" for i in range(8)]
    history: list[list[list[str]]] = []
    for number in range(3):
        tables, sitters = draw.draw(players, [4], history, seed=number, ahead=3 - number)
        assert not sitters
        history.append(tables)
    ours = draw.repeats(history)
    first = history[0]  # the first round is arbitrary: the best evening starting from it
    best = min(
        draw.repeats([first, two, three])
        for two in _partitions(players)
        for three in _partitions(players)
    )
    assert best == 8  # 36 seatings of pairs over 28 pairs
    assert ours - best == 0, f"the draw repeats {ours}, the best possible {best}"


def test_drawn_partners_against_the_best_possible() -> None:
    players = [f"P{i}" for i in range(8)]
    history: list[list[list[str]]] = []
    for number in range(3):
        history.append(
            draw.draw(players, [4], history, seed=number, partners=True, ahead=3 - number)[0]
        )
    ours = draw.repeats(history, partners=True)

    def seatings(split: list[list[str]]) -> list[list[list[str]]]:
        def orders(t: list[str]) -> list[list[str]]:
            return [[t[0], t[1], t[2], t[3]], [t[0], t[2], t[1], t[3]], [t[0], t[1], t[3], t[2]]]

        return [[x, y] for x in orders(split[0]) for y in orders(split[1])]

    rounds = [s for split in _partitions(players) for s in seatings(split)]
    best = min(
        draw.repeats([history[0], two, three], partners=True) for two in rounds for three in rounds
    )
    assert ours - best == 0, f"the draw repeats {ours}, the best possible {best}"


def test_a_draw_is_the_same_for_the_same_seed_and_sitting_out_goes_round() -> None:
    history: list[list[list[str]]] = []
    sat: list[str] = []
    for number in range(3):
        one = draw.draw(THIRTEEN, [4], history, seed=number)
        assert one == draw.draw(THIRTEEN, [4], history, seed=number)
        sat += one[1]
        history.append(one[0])
    assert len(set(sat)) == 3
    assert draw.sizes(13, [4, 5]) == [5, 4, 4]
    assert draw.sizes(9, [3]) == [3, 3, 3]
    assert draw.sizes(30, [4, 5]) == [5, 5, 4, 4, 4, 4, 4]


def test_fixed_pairs_move_together() -> None:
    pairs = [("A", "B"), ("C", "D"), ("E", "F"), ("G", "H")]
    history: list[list[list[str]]] = []
    for number in range(3):
        tables, sitters = draw.draw_pairs(pairs, history, seed=number)
        assert not sitters
        for t in tables:
            assert {(t[0], t[2]), (t[1], t[3])} <= set(pairs)  # partners face each other
        history.append(tables)
    met = {frozenset((t[0], t[1])) for r in history for t in r}
    assert len(met) == 6  # three rounds: every pair meets three others, none twice


# ---------------------------------------------------------------------- a Klaverjas season


def _klaverjas_evening(
    run: Any,
    name: str,
    players: list[str],
    day: int,
    absent: dict[str, str],
    substitute: tuple[str, str] | None,
) -> dict[str, Any]:
    ok(run("event", "new", name, "klaverjas-individual", "--set", "rounds=1", "--season", "s1"))
    ok(run("event", "register", name, *players))
    for who, how in absent.items():
        ok(run("event", "absent", name, who, *(["--notified"] if how == "notified" else [])))
    if substitute:
        ok(run("event", "register", name, substitute[0], "--substitute-for", substitute[1]))
    plan = as_json(run("event", "draw", name, "--json", "--seed", str(day)))
    for table in plan["tables"]:
        maker = table["players"][0]
        ok(
            run(
                "event",
                "enter",
                name,
                "1",
                str(table["table"]),
                f"playing={maker}",
                "trump=hearts",
                f"points={80 + day * 3 + table['table']}",
            )
        )
    return plan


def test_a_klaverjas_season_of_seven_evenings(run: Any) -> None:
    members = ["Ans", "Bas", "Cor", "Dik", "Els", "Fem", "Gijs", "Hans", "Ina"]
    plans = []
    for day in range(1, 8):
        absent: dict[str, str] = {}
        substitute = None
        players = list(members)
        if day == 3:
            absent = {"Ina": "notified"}
        if day == 4:
            absent = {"Hans": "unnotified"}
        if day == 5:
            substitute = ("Zef", "Gijs")
        plans.append(_klaverjas_evening(run, f"e{day}", players, day, absent, substitute))
    one = as_json(run("event", "standings", "e1", "--json"))
    by = {line["player"]: line for line in one["lines"]}
    sitter = plans[0]["sitting_out"][0]
    assert by[sitter]["points"] == 1600 and by[sitter]["marks"] == 1  # the issue's numbers
    season = as_json(run("event", "season", "s1", "--json"))
    assert season["count"] == {"rule": "best", "best": 5}
    lines = {line["player"]: line for line in season["lines"]}
    assert "Zef" not in lines
    evenings = {}
    for day in range(1, 8):
        got = as_json(run("event", "standings", f"e{day}", "--json"))["lines"]
        evenings[day] = {line["player"]: line["points"] for line in got}
    lowest3 = min(v for p, v in evenings[3].items())
    assert lines["Ina"]["rounds"][2] == lowest3  # notified: the evening's lowest
    assert lines["Hans"]["rounds"][3] == 0  # not notified: nothing
    gijs = [evenings[d].get("Gijs") for d in range(1, 8)]
    gijs[4] = min(evenings[5][p] for p in evenings[5] if p != "Zef")
    if evenings[5]["Zef"] > min(gijs):  # the substitute's evening replaces the lowest
        gijs[gijs.index(min(gijs))] = evenings[5]["Zef"]
    assert sorted(lines["Gijs"]["rounds"]) == sorted(gijs)
    assert lines["Gijs"]["score"] == sum(sorted(gijs, reverse=True)[:5])
    for p, line in lines.items():
        assert line["score"] == sum(sorted(line["rounds"], reverse=True)[:5]), p
    places = [line["place"] for line in season["lines"]]
    assert places == sorted(places)
    text = ok(run("--lang", "nl", "event", "season", "s1"))
    assert text.startswith("Seizoen s1 (de beste 5 avonden tellen)")


# ---------------------------------------------------------------------- words


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_an_evening_in_the_table_s_words(run: Any, lang: str) -> None:
    ok(run("event", "new", "w", "doppelkopf-club", "--match-lang", lang))
    ok(run("--lang", lang, "event", "register", "w", *THIRTEEN[:5]))
    out = [ok(run("--lang", lang, "event", "draw", "w"))]
    plan = as_json(run("event", "tables", "w", "--json"))
    p = plan["tables"][0]["players"]
    out.append(
        ok(
            run(
                "--lang",
                lang,
                "event",
                "enter",
                "w",
                "1",
                "1",
                f"re={p[1]},{p[2]}",
                "re_points=130",
            )
        )
    )
    out.append(
        ok(
            run(
                "--lang",
                lang,
                "event",
                "penalty",
                "w",
                "1",
                "1",
                p[1],
                {"de": "leicht", "nl": "licht"}[lang],
                "--game",
                "1",
            )
        )
    )
    out.append(ok(run("--lang", lang, "event", "check", "w")))
    out.append(ok(run("--lang", lang, "event", "standings", "w")))
    out.append(ok(run("--lang", lang, "event", "tables", "w", "--slips", "--format", "markdown")))
    text = "\n".join(out)
    found = {line for line in text.splitlines() if code_words(line, lang)}
    assert not found, "\n".join(sorted(found))
    assert {"de": "Sitzplan", "nl": "tafelindeling"}[lang] in text
    assert {"de": "Position 1 gibt zuerst", "nl": "Plaats 1 deelt"}[lang] in text


def test_a_koppel_evening_moves_fixed_pairs(run: Any) -> None:
    ok(run("event", "new", "k", "klaverjas-koppel"))
    ok(run("event", "register", "k", "Ans", "Bas", "Cor", "Dik", "Els", "Fem", "Gijs", "Hans"))
    assert_refused(run("event", "draw", "k"), kind="usage")  # nobody paired yet
    for a, b in (("Ans", "Bas"), ("Cor", "Dik"), ("Els", "Fem"), ("Gijs", "Hans")):
        ok(run("event", "pair", "k", a, b))
    assert_refused(run("event", "pair", "k", "Ans", "Cor"), kind="usage")
    met = set()
    for _ in range(3):
        for t in as_json(run("event", "draw", "k", "--json"))["tables"]:
            one, two = (
                frozenset((t["players"][0], t["players"][2])),
                frozenset((t["players"][1], t["players"][3])),
            )
            assert {one, two} <= {
                frozenset(p)
                for p in (("Ans", "Bas"), ("Cor", "Dik"), ("Els", "Fem"), ("Gijs", "Hans"))
            }
            met.add(frozenset((one, two)))
    assert len(met) == 6  # every pair met the three others once


def test_a_five_table_penalty_needs_its_game(run: Any) -> None:
    ok(run("event", "new", "f", "doppelkopf-club"))
    ok(run("event", "register", "f", "Anna", "Ben", "Carla", "Dirk", "Emil"))
    p = as_json(run("event", "draw", "f", "--json"))["tables"][0]["players"]
    assert len(p) == 5
    ok(run("event", "enter", "f", "1", "1", f"re={p[1]},{p[2]}", "re_points=130"))
    assert_refused(run("event", "penalty", "f", "1", "1", p[1], "minor"), rule="penalty")
    out = as_json(run("event", "penalty", "f", "1", "1", p[1], "minor", "--game", "1", "--json"))
    assert out["entries"] == {p[1]: -3, p[2]: 1, p[3]: 1, p[4]: 1}  # the dealer sat it out


def test_day_prizes_by_the_formule_van_4_and_the_poedel(run: Any) -> None:
    from scorekeeper.club.standings import prize_places

    assert prize_places(3) == {1, 2, 3}
    assert prize_places(20) == {1, 2, 3, 4, 8, 12, 16, 20}
    members = ["Ans", "Bas", "Cor", "Dik", "Els", "Fem", "Gijs", "Hans", "Ina"]
    _klaverjas_evening(run, "p", members, 2, {}, None)
    lines = as_json(run("event", "standings", "p", "--json"))["lines"]
    for line in lines:
        if line["place"] in (1, 2, 3, 4, 8):
            assert line["prize"] == "day", line
        elif line["place"] == lines[-1]["place"]:
            assert line["prize"] == "lowest", line
        else:
            assert line["prize"] == "", line
    assert all(
        x["prize"] == ""
        for x in as_json(run("event", "standings", "p", "--only-round", "--json"))["lines"]
    )
    text = ok(run("--lang", "nl", "event", "standings", "p"))
    assert "dagprijs" in text
    assert ("poedelprijs" in text) == (lines[-1]["place"] not in prize_places(9))


def test_the_poedel_goes_to_the_lowest_outside_the_prizes() -> None:
    from scorekeeper.club.competition import load
    from scorekeeper.club.event import new
    from scorekeeper.club.standings import Line, rank
    from scorekeeper.record import replace

    rules = load("klaverjas-individual")
    lines = [
        Line(p, points=n) for p, n in zip("ABCDEFG", (90, 80, 70, 60, 50, 40, 40), strict=True)
    ]
    ranked = rank(lines, rules, new("x", "klaverjas-individual"))
    assert [x.prize for x in ranked] == ["day"] * 4 + ["", "lowest", "lowest"]
    plain = rank(
        list(ranked),
        replace(rules, prizes="", lowest_prize=False),
        new("x", "klaverjas-individual"),
    )
    assert not any(x.prize for x in plain if x.player in "ABCDE")


# ---------------------------------------------------------------------- the round's time


def _minutes_ago(minutes: int) -> str:
    from datetime import datetime, timedelta

    return (datetime.now().astimezone() - timedelta(minutes=minutes)).isoformat(timespec="seconds")


def test_the_round_s_clock_is_shown_and_its_end_said(run: Any, tmp_path: Path) -> None:
    a, b, c, d = _ddv_round(run, 4)
    plan = as_json(run("event", "tables", "t", "--json"))
    assert plan["clock"]["minutes"] == 100 and plan["clock"]["left"] in (99, 100)
    assert "Round 1: started" in ok(run("event", "tables", "t"))
    started = as_json(run("event", "start", "t", "--at", _minutes_ago(10), "--json"))
    assert started["clock"]["elapsed"] == 10 and started["clock"]["left"] == 90
    out = ok(run("event", "enter", "t", "1", "1", f"re={a},{b}", "re_points=130"))
    assert "10 minutes played, 90 left" in out
    assert "behind the round's pace" not in out  # 3 games of 25 minutes in 90: in time
    ok(run("event", "start", "t", "--at", _minutes_ago(90)))
    out = ok(run("event", "check", "t"))
    assert "Table 1: 3 games left in 10 minutes: behind the round's pace" in out
    ok(run("event", "start", "t", "--at", _minutes_ago(101)))
    checked = as_json(run("event", "check", "t", "--json"))
    assert checked[0]["clock"]["over"] is True and checked[0]["clock"]["left"] == 0
    out = ok(run("event", "enter", "t", "1", "1", f"re={c},{d}", "re_points=130"))
    assert "its 100 minutes ended at" in out and "games entered now are taken" in out
    german = ok(run("--lang", "de", "event", "check", "t"))
    assert "die 100 Minuten sind um" in german
    dutch = ok(run("--lang", "nl", "event", "tables", "t"))
    assert "de 100 minuten zijn om" in dutch


def test_a_competition_that_refuses_late_games(run: Any, tmp_path: Path) -> None:
    own = tmp_path / "competitions" / "strict.toml"
    own.parent.mkdir()
    own.write_text('extends = "ddv-tournament"\n\n[time]\nlate = "refuse"\n', encoding="utf-8")
    ok(run("event", "new", "s", "strict", "--set", "games=4"))
    ok(run("event", "register", "s", "Anna", "Ben", "Carla", "Dirk"))
    a, b, _, _ = as_json(run("event", "draw", "s", "--json"))["tables"][0]["players"]
    ok(run("event", "enter", "s", "1", "1", f"re={a},{b}", "re_points=130"))
    ok(run("event", "start", "s", "--at", _minutes_ago(120)))
    match = tmp_path / "matches" / "s-round1-table1.toml"
    before = match.read_bytes()
    res = run("event", "enter", "s", "1", "1", f"re={a},{b}", "re_points=130")
    assert_refused(res, rule="time")
    assert "no more games are entered" in res.stderr
    assert match.read_bytes() == before
    assert_refused(run("event", "start", "s", "--at", "25:99"), kind="usage")
    bad = tmp_path / "competitions" / "bad.toml"
    bad.write_text('extends = "ddv-tournament"\n\n[time]\nlate = "never"\n', encoding="utf-8")
    assert_refused(run("event", "new", "b", "bad"), kind="usage")


def test_a_competition_without_minutes_has_no_clock(run: Any) -> None:
    ok(run("event", "new", "k", "klaverjas-individual"))
    ok(run("event", "register", "k", "Anna", "Ben", "Carla", "Dirk"))
    assert as_json(run("event", "draw", "k", "--json"))["clock"] is None
    assert "without a clock" in ok(run("event", "start", "k"))
