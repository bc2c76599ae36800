"""The live page shows a hand's value as the terminal does (issue 28 item 5, issue 29): the
view's value lines, the points added after the doubling on a line of their own, each
line in the phone's language whatever language the server replayed the match in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import run_cli

pytest.importorskip("starlette", reason="the serve extra is not installed")

from scorekeeper.serve import page
from scorekeeper.serve.live import read_state, speaking
from scorekeeper.text import language
from scorekeeper.view.words import say

SEED = ["re=Anna,Carla", "re_points=165", "-a", "Anna re", "-a", "Ben contra", "-a", "Anna no90"]
EXTRAS = "extras=Anna fox,Carla charlie"


def _page_lines(document: str) -> list[str]:
    box = document.split('<section class="value">', 1)[1].split("</section>", 1)[0]
    items = re.findall(r"<li[^>]*>(.*?)</li>", box, flags=re.S)
    return [re.sub(r"<[^>]+>", "", i).replace("&amp;", "&").strip() for i in items]


def _terminal_lines(out: str) -> list[str]:
    """The value's lines as ``scorekeeper hand`` prints them, without their rules' column
    (a rule key in English, its name in words at a German or Dutch table, which may wrap
    onto lines of its own, indented to the column)."""
    lines = [line for line in out.splitlines() if line.startswith("  ") and line[2] != " "]
    return [re.sub(r"\s{2,}\S.*$", "", line.strip()) for line in lines]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_page_s_value_reads_as_the_terminal_s(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "m.toml"
    args = ["new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", str(path)]
    assert run_cli(tmp_path, *args).returncode == 0  # an English match
    hand = ["--lang", lang, "hand", *SEED, EXTRAS, "--match", str(path)]
    res = run_cli(tmp_path, *hand, env={"COLUMNS": "200"})
    assert res.returncode == 0, res.stderr
    terminal = _terminal_lines(res.stdout)
    language.choose("en")  # the server replays in its own language, once
    state = read_state(path)
    with speaking(lang):
        shown = _page_lines(page.live(state, lang, False))
    assert shown == terminal, (shown, terminal)
    after = {"en": "added after the doubling", "de": "Danach addiert", "nl": "Daarna erbij"}
    assert any(line.startswith(after[lang]) for line in shown), shown


def _shown(document: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", document))


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("rule_set", ["doppelkopf-ddv", "doppelkopf", "klaverjassen"])
def test_the_page_counts_the_hands_once_as_the_terminal_does(
    tmp_path: Path, lang: str, rule_set: str
) -> None:
    """One count of the match's hands, in the words and with the number of the table's
    status line (``Spiel 4 von 24``): no second count beside it (``Partie 3 von 24``),
    none at 0 (``Partie 0``)."""
    from scorekeeper.table.bar import bar_data

    for hands in (0, 3):
        path = tmp_path / f"m{hands}.toml"
        args = ["demo", rule_set, "--hands", str(hands), "--match", str(path)]
        assert run_cli(tmp_path, *args).returncode == 0
        state = read_state(path)
        assert state.session is not None
        with speaking(lang):
            shown = _shown(page.live(state, lang, False)).lower()
            bar = bar_data(state.session, lang)
            assert bar["hand"] == hands + 1
            key = "table.bar.hand_of" if bar["of"] else "table.bar.hand"
            count = say(key, number=bar["hand"], total=bar["of"]).lower()
            progress = say("sheet.progress").lower()
        assert shown.count(count) == 1, (count, shown)
        assert progress not in shown, shown


@pytest.mark.parametrize("rule_set", ["klaverjassen", "doppelkopf"])
def test_the_last_hand_s_points_are_counted_as_the_sheet_counts(
    tmp_path: Path, rule_set: str
) -> None:
    """Klaverjassen's fixed pairs: what the last hand gave each pair (``Anna/Carla +32``),
    as the terminal says it after a hand; not four players' scores beside the pairs'
    totals. Doppelkopf (no fixed teams): each player's."""
    from scorekeeper.table.words import team_signed

    path = tmp_path / "m.toml"
    assert run_cli(tmp_path, "demo", rule_set, "--hands", "2", "--match", path).returncode == 0
    state = read_state(path)
    assert state.session is not None
    match = state.session.match
    box = (
        page.live(state, "en", False).split('<section class="value">', 1)[1].split("</section>")[0]
    )
    last = re.findall(r"<div>(.*?)</div>", box)[-1].replace("\u00a0", " ")  # kept together
    last = last.replace("&amp;", "&")  # a pair: Anna & Carla
    assert last == ", ".join(team_signed(match, match.hands[-1].result.scores)), last
    assert (" & " in last) == (rule_set == "klaverjassen"), last  # a pair: Anna & Carla


def test_the_sides_are_what_the_table_knows_never_the_recorded_deal(tmp_path: Path) -> None:
    """Kloepper with its deal recorded: no sides on the page before a queen or the called
    ace shows them (the deal is not the table's to see); Doppelkopf: Re as soon as a
    queen of clubs is played, in the terminal's words; Klaverjassen: its fixed pairs."""
    from table_helpers import new_match, record_deal

    from scorekeeper.session import Session

    players = ["Anna", "Ben", "Carla", "Dirk"]
    for folder in ("k", "d", "v"):
        (tmp_path / folder).mkdir()
    kloepper = new_match(tmp_path / "k", "kloepper", players)
    record_deal(kloepper, 3)
    assert 'class="sides"' not in page.live(read_state(kloepper), "en", False)
    doppelkopf = new_match(tmp_path / "d", "doppelkopf", players)
    with Session.edit(doppelkopf) as session:
        session.record(["Ben QC"])
    with speaking("de"):
        shown = _shown(page.live(read_state(doppelkopf), "de", False))
    assert "Re: Ben" in shown and "Kontra:" not in shown, shown
    klaverjassen = new_match(tmp_path / "v", "klaverjassen", players)
    shown = _shown(page.live(read_state(klaverjassen), "en", False))
    assert "Anna + Carla" in shown and "Ben + Dirk" in shown, shown


@pytest.mark.parametrize(
    ("lang", "game"),
    [("de", "stille Hochzeit, Anna allein"), ("nl", "stille bruiloft, Anna alleen")],
)
def test_a_game_worded_by_the_engine_is_in_the_page_s_words(
    tmp_path: Path, lang: str, game: str
) -> None:
    """The match replayed in English (the server's language); the sheet's game column on
    a German or Dutch phone worded whole in its language, not word by word ('silent
    bruiloft' was shown)."""
    path = tmp_path / "m.toml"
    args = ["new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", str(path)]
    assert run_cli(tmp_path, *args).returncode == 0
    assert run_cli(tmp_path, "hand", "re=Anna", "re_points=150", "-m", str(path)).returncode == 0
    language.choose("en")
    state = read_state(path)
    with speaking("en"):
        assert "silent wedding, Anna alone" in page.live(state, "en", False)
    with speaking(lang):
        shown = page.live(state, lang, False)
    assert game in shown and "silent" not in shown


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_what_a_hand_waits_for_begins_as_a_sentence_and_points_keep_to_their_names(
    tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "m.toml"
    args = ["new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "-m", str(path)]
    assert run_cli(tmp_path, *args).returncode == 0
    state = read_state(path)
    with speaking(lang):
        shown = page.live(state, lang, False)
        game_line = say("serve.game", game="X").split("X")[0]  # 'Spielart: '
    waits = shown.split('<div class="turn wait">', 1)[1].split("<", 1)[0]
    assert waits[:1].isupper(), waits
    assert game_line not in shown  # the sentence says what the hand waits for, once
    assert run_cli(tmp_path, "hand", "--keys", "-m", str(path)).returncode == 0
    path2 = tmp_path / "d.toml"
    args = ["new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", str(path2)]
    assert run_cli(tmp_path, *args).returncode == 0
    assert run_cli(tmp_path, "hand", *SEED[:2], "-m", str(path2)).returncode == 0
    with speaking(lang):
        shown = page.live(read_state(path2), lang, False)
    assert "Dirk\u00a0-" in shown and "Anna\u00a0+" in shown  # 'Dirk -1' never broken
