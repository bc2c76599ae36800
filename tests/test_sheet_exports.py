"""The sheet's exports through the real command line (issue 14, item 3): Markdown for a
group chat, one self-contained HTML file with the sheet, each hand's explanation, an SVG
chart of the running totals and a print stylesheet; JSON and CSV as before."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cli_helpers import run_cli

NAMES = ["[bold]Anna", "B|en", "<i>Carla", "D&rk"]


def sk(home: Path, *args: str | Path):
    res = run_cli(home, *args)
    assert "Traceback" not in res.stderr, res.stderr
    return res


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


@pytest.fixture(scope="module")
def klaverjas(home: Path) -> Path:
    path = home / "kj.toml"
    res = sk(
        home, "demo", "--current", "klaverjassen", "--hands", "5", "--seed", "2", "--match", path
    )
    assert res.returncode == 0, res.stderr
    return path


@pytest.fixture(scope="module")
def markup(home: Path) -> Path:
    path = home / "names.toml"
    assert sk(home, "new", "doppelkopf", *NAMES, "--match", path).returncode == 0
    for facts in ("re=[bold]Anna,<i>Carla re_points=165", "re=B|en,D&rk re_points=100"):
        res = sk(home, "hand", *facts.split(), "--match", path)
        assert res.returncode == 0, res.stderr
    return path


class Page(HTMLParser):
    """The parts of the exported page the tests look at."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.style = ""
        self._in: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._in and self._in[-1] == tag:
            self._in.pop()

    def handle_data(self, data: str) -> None:
        if self._in and self._in[-1] == "style":
            self.style += data
        self.text.append(data)

    def all(self, tag: str, **attrs: str) -> list[dict[str, str | None]]:
        return [
            a
            for t, a in self.tags
            if t == tag and all(k in a and v in (a[k] or "").split() for k, v in attrs.items())
        ]


def page_of(home: Path, match: Path) -> tuple[str, Page]:
    out = home / "sheet.html"
    res = sk(home, "export", "--format", "html", "--match", match, "-o", out)
    assert res.returncode == 0, res.stderr
    text = out.read_text(encoding="utf-8")
    page = Page()
    page.feed(text)
    return text, page


def test_html_is_one_self_contained_page(home: Path, klaverjas: Path) -> None:
    text, page = page_of(home, klaverjas)
    assert text.startswith("<!DOCTYPE html>")
    # nothing is fetched: no script, no link, no image, no remote url
    assert not page.all("script") and not page.all("link") and not page.all("img")
    assert "@import" not in text and "url(" not in text
    urls = re.findall(r"https?://[^\s\"']+", text)
    assert set(urls) <= {"http://www.w3.org/2000/svg"}, urls
    assert "@media print" in page.style


def test_html_holds_the_sheet_and_each_hands_explanation(home: Path, klaverjas: Path) -> None:
    data = json.loads(sk(home, "score", "--json", "--match", klaverjas).stdout)
    _, page = page_of(home, klaverjas)
    [table] = page.all("table", **{"class": "sheet"})
    assert table is not None
    rows = page.all("tr")
    hands = [a for a in rows if a.get("data-hand")]
    assert [int(a["data-hand"] or 0) for a in hands] == [h["number"] for h in data["hands"]]
    headers = "".join(page.text)
    assert "Anna & Carla" in headers and "Ben & Dirk" in headers  # as the table writes pairs
    items = page.all("li")
    assert [int(a["value"] or 0) for a in items] == [h["number"] for h in data["hands"]]
    for hand in data["hands"]:
        shown = (
            hand["reasons"].replace("Anna/Carla", "Anna & Carla").replace("Ben/Dirk", "Ben & Dirk")
        )
        assert shown in "".join(page.text)  # the pairs as the table writes them


def test_html_chart_has_a_point_per_hand_at_each_running_total(home: Path, klaverjas: Path) -> None:
    data = json.loads(sk(home, "score", "--json", "--match", klaverjas).stdout)
    _, page = page_of(home, klaverjas)
    assert len(page.all("svg")) == 1
    series = page.all("g", **{"class": "series"})
    columns = data["sheet"]["columns"]
    shown = [c["name"].replace("/", " & ") for c in columns]  # a pair as the table writes it
    assert [s["data-name"] for s in series] == shown
    circles = page.all("circle")
    per_series = len(data["hands"]) + 1
    assert len(circles) == per_series * len(columns)
    for k, column in enumerate(columns):
        first = column["members"][0]
        expected = [0] + [h["totals"][first] for h in data["hands"]]
        mine = circles[k * per_series : (k + 1) * per_series]
        assert [int(c["data-total"] or 0) for c in mine] == expected
        assert [int(c["data-hand"] or 0) for c in mine] == list(range(per_series))
        # higher totals are drawn higher (smaller y)
        ys = [float(c["cy"] or 0) for c in mine]
        for i in range(1, len(ys)):
            assert (expected[i] > expected[i - 1]) == (ys[i] < ys[i - 1]) or (
                expected[i] == expected[i - 1] and ys[i] == ys[i - 1]
            )


def test_html_and_markdown_print_names_as_they_are(home: Path, markup: Path) -> None:
    text, page = page_of(home, markup)
    shown = "".join(page.text)
    for name in NAMES:
        assert name in shown, name
    assert "<i>Carla" not in text  # escaped, so not a tag
    res = sk(home, "export", "--format", "markdown", "--match", markup)
    assert res.returncode == 0, res.stderr
    md = res.stdout
    for escaped in (r"\[bold\]Anna", r"B\|en", r"\<i\>Carla", r"D\&rk"):
        assert escaped in md, escaped


def test_markdown_has_the_sheet_as_a_table(home: Path, klaverjas: Path) -> None:
    data = json.loads(sk(home, "score", "--json", "--match", klaverjas).stdout)
    res = sk(home, "export", "-f", "markdown", "--match", klaverjas)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    table = [line for line in lines if line.startswith("|")]
    assert "Anna \\& Carla" in table[0] and "Ben \\& Dirk" in table[0]  # markdown escapes &
    assert set(table[1]) <= set("|-: ")
    assert len(table) == 2 + len(data["hands"]) + 1  # header, rule, hands, total
    totals = data["sheet"]["totals"]
    assert table[-1].replace(" ", "").endswith(f"|{totals[0]}|{totals[1]}|")
    assert "Progress:** hand 5 of 16" in res.stdout
    for hand in data["hands"]:
        assert f"{hand['number']}. " in res.stdout


def test_export_writes_markdown_to_a_file(home: Path, klaverjas: Path) -> None:
    out = home / "out" / "sheet.md"
    out.parent.mkdir(exist_ok=True)  # export makes no folder (it refuses a missing one)
    res = sk(home, "export", "-f", "markdown", "--match", klaverjas, "-o", out)
    assert res.returncode == 0, res.stderr
    assert out.read_text(encoding="utf-8").startswith("**Klaverjassen")


def test_json_and_csv_exports_are_unchanged_in_form(home: Path, klaverjas: Path) -> None:
    data = json.loads(sk(home, "export", "-f", "json", "--match", klaverjas).stdout)
    assert data["format"] == "scorekeeper-export/1" and "sheet" not in data
    csv = sk(home, "export", "-f", "csv", "--match", klaverjas).stdout
    assert csv.splitlines()[0].startswith("hand,dealer,kind,game,winner,value,")
