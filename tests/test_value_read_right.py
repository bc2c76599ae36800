"""A hand's value reads right (issue 28, item 5): the items come in the order the value is
made, points added after the multipliers (the seed's extra points, Bierkopf's carried
points) are set apart by a line of their own, so that nobody reads them as doubled; and
every item is in words players use (no "threshold of the failed no90"). Through the real
command line, the real session and the score sheet, in English, German and Dutch, for
every game.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli
from table_helpers import new_match, piped

from scorekeeper.result import ValueItem
from scorekeeper.view.value import parts, value_line

FOUR = ["Anna", "Ben", "Carla", "Dirk"]

AFTER = {
    "en": "added after the doubling, not doubled:",
    "de": "danach addiert, nicht verdoppelt:",
    "nl": "daarna erbij, niet verdubbeld:",
}
JARGON = ("threshold", "Schwelle", "drempel")
ROW = {lang: words if lang == "en" else words[0].upper() + words[1:] for lang, words in AFTER.items()}
"""The same words as a row of their own: from a capital at a German or Dutch table."""


def _hand(tmp_path: Path, rule_set: str, lang: str, *hands: list[str]) -> list[str]:
    """The output of each quick hand entered with ``hand``, in a new match."""
    players = FOUR[:2] if rule_set == "klaberjass" else FOUR
    path = tmp_path / "m.toml"
    args = ["new", rule_set, *players, "-m", str(path)] + (["--lang", lang] if lang != "en" else [])
    assert run_cli(tmp_path, *args).returncode == 0
    out = []
    for facts in hands:
        res = run_cli(tmp_path, "hand", *facts, "--match", path, env={"COLUMNS": "200"})
        assert res.returncode == 0, (facts, res.stderr)
        out.append(res.stdout)
    return out


def _words(text: str) -> str:
    """What a player reads: the text without the rule keys (``scoring.won``)."""
    import re

    return re.sub(r"\b[a-z_]+(\.[a-z_0-9]+)+\b", "", text)


def _item_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.startswith("  ")]


SEED = ["re=Anna,Carla", "re_points=165", "-a", "Anna re", "-a", "Ben contra", "-a", "Anna no90"]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_seeds_extra_points_come_after_a_line_that_says_they_are_not_doubled(
    tmp_path: Path, lang: str
) -> None:
    (out,) = _hand(tmp_path, "doppelkopf", lang, [*SEED, "extras=Anna fox,Carla charlie"])
    lines = _item_lines(out)
    at = [n for n, line in enumerate(lines) if line.startswith(ROW[lang])]
    assert len(at) == 1, out
    before, after = lines[: at[0]], lines[at[0] + 1 :]
    assert before[-1].startswith("x2") and before[-2].startswith("x2"), out
    assert [line[:2] for line in after] == ["+1", "+1"], out  # fox and charlie, not doubled
    assert all(not line.startswith("x") for line in after), out
    assert "14" in out.splitlines()[0]  # (1 + 1 + 1) x2 x2 + 1 + 1


@pytest.mark.parametrize(
    ("lang", "missed", "reached"),
    [
        ("en", "Re announced no90 and missed it", "Contra reached 90 against no90"),
        (
            "de",
            "Re hat keine 90 angesagt und nicht geschafft",
            "Kontra hat 90 gegen keine 90 erreicht",
        ),
        ("nl", "Re kondigde geen 90 aan en haalde het niet", "Contra haalde 90 tegen geen 90"),
    ],
)
def test_a_failed_promise_is_said_as_players_say_it(
    tmp_path: Path, lang: str, missed: str, reached: str
) -> None:
    facts = ["re=Anna,Carla", "re_points=140", "-a", "Anna re", "-a", "Anna no90"]
    (out,) = _hand(tmp_path, "doppelkopf", lang, facts)
    flat = " ".join(out.split())
    assert missed in flat and reached in flat, out
    assert not any(word in _words(out) for word in JARGON), out
    assert "((" not in flat and "))" not in flat, out  # no parentheses inside parentheses


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_bierkopfs_carried_points_come_after_the_doubling(tmp_path: Path, lang: str) -> None:
    _tie, out = _hand(
        tmp_path, "bierkopf", lang, ["points=60"], ["team=Anna", "points=95", "-a", "Carla double"]
    )
    lines = _item_lines(out)
    at = next(n for n, line in enumerate(lines) if line.startswith(ROW[lang]))
    assert lines[at - 1].startswith("x2") and lines[at + 1].startswith("+1"), out
    assert " 5" in out.splitlines()[0]  # 2 x2 + 1


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize(
    ("rule_set", "facts"),
    [
        ("doppelkopf-ddv", [*SEED, "extras=Anna fox"]),
        ("klaverjassen", ["playing=Ben", "trump=hearts", "points=100", "roem=20"]),
        ("klaverjassen-wilde-boom", ["playing=Ben", "trump=spades", "points=100", "kraak=kraak"]),
        ("kloepper", ["queens=Anna,Carla", "queens_points=70"]),
        ("klaberjass", ["maker=Anna", "trump=hearts", "points=Anna:90,Ben:62"]),
    ],
)
def test_every_game_reads_in_order_and_in_players_words(
    tmp_path: Path, lang: str, rule_set: str, facts: list[str]
) -> None:
    """No game adds points after a multiplier but these: no line sets anything apart, and
    no item uses a word no player says."""
    players = FOUR[:2] if rule_set == "klaberjass" else FOUR
    path = new_match(tmp_path, rule_set, players, lang=None if lang == "en" else lang)
    keys = run_cli(tmp_path, "hand", "--keys", "--json", "--match", path)
    assert keys.returncode == 0, keys.stderr
    res = run_cli(tmp_path, "hand", *facts, "--match", path)
    assert res.returncode == 0, res.stderr
    lines = _item_lines(res.stdout)
    assert lines, res.stdout
    assert not any(line.startswith(ROW[lang]) for line in lines), res.stdout
    assert not any(word in _words(res.stdout) for word in JARGON), res.stdout


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_session_and_the_sheet_say_it_the_same_way(tmp_path: Path, lang: str) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=None if lang == "en" else lang)
    line = 'hand re=Anna,Carla re_points=165 -a "Anna re" -a "Ben contra" "extras=Anna fox"\n'
    res = piped(tmp_path, path, line + "score\n")
    assert res.returncode == 0, res.stderr
    shown = [ln.strip() for ln in res.stdout.splitlines() if ln.strip().startswith(ROW[lang])]
    assert len(shown) == 1, res.stdout  # the hand's value in the session
    sheet = run_cli(tmp_path, "score", "--match", path, env={"COLUMNS": "400"})
    assert AFTER[lang] in sheet.stdout, sheet.stdout  # the sheet's reasons


def test_parts_cut_only_where_points_are_added_after_a_multiplier() -> None:
    add, times = ValueItem("a", 1, "r"), ValueItem("t", 2, "r", "times")
    assert parts([add, add, times, times]) == [[add, add, times, times]]
    assert parts([add, times, add, add]) == [[add, times], [add, add]]
    assert parts([add, times, add, times, add]) == [[add, times], [add, times], [add]]
    assert parts([add, add]) == [[add, add]]
    assert value_line([add, times, add]).count(";") == 1
