"""The Dutch second reading (issue 27, item 4), by a reader who did not write the texts: a
full Amsterdam hand typed in Dutch through the real piped table, and the rule texts read as
a Dutch card table says them. Each test names the old wording it replaced."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import SHIPPED_RULE_SETS, in_process, ok, run_cli
from table_helpers import piped

from scorekeeper import matchlog
from scorekeeper.text import catalog, translations

# a full hand of Amsterdam klaverjassen as a Dutch table types it: Ben makes hearts trump
# and goes nat with 77 against 85; Anna & Carla say 'geen roem' after the first trick, so
# their 70 roem does not count
HAND = """\
Ben troef harten
Ben KlA
Carla Kl8
Dirk KlV
Anna KlB
Anna geen roem
Ben HV
Carla HB
Dirk HH
Anna H10
Carla H9
Dirk R10
Anna SV
Ben H8
Carla SB
Dirk SA
Anna SH
Ben S10
Dirk RV
Anna RH
Ben R8
Carla R9
Anna Kl10
Ben Kl7
Carla H7
Dirk KlH
Carla S7
Dirk R7
Anna RB
Ben S9
Ben HA
Carla S8
Dirk RA
Dirk geen roem
Anna Kl9
stand
stoppen
"""


@pytest.fixture(scope="module")
def amsterdam(tmp_path_factory: pytest.TempPathFactory) -> str:
    """What the piped Dutch table says for the whole hand (stdout and stderr)."""
    home = tmp_path_factory.mktemp("nl")
    path = home / "kj.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(home, "new", "klaverjassen", *players, "--match", path, "--lang", "nl"))
    res = piped(home, path, HAND)
    assert res.returncode == 0, res.stderr
    assert not res.stderr, res.stderr
    return str(res.stdout)


def test_the_hand_is_over_and_won_by_a_pair_in_one_form(amsterdam: str) -> None:
    """Was 'Spel 1 uit: ...; winnaar Anna & Carla' (a pair or two players are no 'winnaar')."""
    assert "Spel 1 is uit: Ben & Dirk harten ♥, roem 0:0, nat;" in amsterdam
    assert "; gewonnen door Anna & Carla; waarde 162" in amsterdam
    assert "winnaar" not in amsterdam
    assert "Spel 1 uit" not in amsterdam


def test_roem_is_melded_not_said(amsterdam: str) -> None:
    """Was 'Anna & Carla zeggen geen roem' and 'geen roem gezegd (70)'; then 'Roem van Anna &
    Carla telt niet: geen roem gemeld (70)', whose '(70)' read as if the other side got 70."""
    assert "Anna & Carla melden geen roem: hun roem telt niet in dit spel" in amsterdam
    assert "70 roem van Anna & Carla telt niet: geen roem gemeld" in amsterdam
    assert "(70)" not in amsterdam
    assert "zeggen geen roem" not in amsterdam and "gezegd" not in amsterdam


def test_nat_names_the_roem_total_after_a_colon(amsterdam: str) -> None:
    """Was 'alle 162 (162 kaartpunten plus alle roem, 0)', which reads as a list item '0'."""
    assert "alle 162 (162 kaartpunten plus alle roem: 0) gaan naar Anna & Carla" in amsterdam


def test_the_sheet_s_mark_fits_a_pair_and_a_player(amsterdam: str) -> None:
    """Was '* maakte troef' under a pair's column (a pair takes the plural)."""
    assert "* troef gemaakt" in amsterdam
    assert "maakte troef" not in amsterdam


def test_the_three_handed_decline_is_melded(tmp_path: Path) -> None:
    home = tmp_path
    path = home / "kj3.toml"
    players = ["Anna", "Ben", "Carla"]
    ok(run_cli(home, "new", "klaverjassen-3", *players, "--match", path, "--lang", "nl"))
    res = piped(home, path, "Ben pas\nCarla troef ruiten\nCarla geen roem\nstoppen\n")
    assert "Carla meldt geen roem: die telt niet in dit spel" in res.stdout, res.stdout + res.stderr


_SCORES = re.compile(r"\b(scoren|scoort|scoorde|scoorden|gescoord)\b")


def test_no_dutch_text_says_scoren() -> None:
    """A Dutch table gets points ('krijgt', 'krijgen') and counts a hand ('geteld'); it does
    not 'scoren' (was in the explain texts of every game and in the revoke notes)."""
    words = translations("nl")
    found = [
        (key, said)
        for key, english in catalog.entries()
        if _SCORES.search(said := words.pgettext(key, english) if key else words.gettext(english))
    ]
    assert not found, found


@pytest.mark.parametrize("rule_set", SHIPPED_RULE_SETS)
def test_explain_in_dutch_never_says_scoren(
    rule_set: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path, monkeypatch)
    monkeypatch.setenv("SCOREKEEPER_LANG", "nl")
    text = ok(run("explain", rule_set))
    for topic in ("telling", "opties"):
        text += run("explain", rule_set, topic).stdout
    assert "telling" in text or "Telling" in text, text[:300]
    assert not _SCORES.search(text), (rule_set, _SCORES.findall(text))


def _new(home: Path, rule_set: str, players: list[str]) -> Path:
    path = home / f"{rule_set}.toml"
    ok(run_cli(home, "new", rule_set, *players, "--match", path, "--lang", "nl"))
    return path


@pytest.mark.parametrize("said", ["wegleggen", "weggooien"])
def test_the_three_handed_discard_is_wegleggen(tmp_path: Path, said: str) -> None:
    """One word for laying the talon's cards away: the messages said 'legt weg' but the
    example they gave was 'weggooien'; now both say 'wegleggen' (and 'weggooien' is still
    read)."""
    path = _new(tmp_path, "klaverjassen-3", ["Anna", "Ben", "Carla"])
    chosen = ok(run_cli(tmp_path, "act", "Ben pas", "Carla troef ruiten", "--match", path))
    assert "Carla neemt de stok en legt 2 kaarten weg ('Carla wegleggen S7 R8')" in chosen
    assert "weggooien" not in chosen
    ok(run_cli(tmp_path, "act", f"Carla {said} S7 R8", "--match", path))
    actions = matchlog.read(path)[0].hands[-1].actions
    assert actions == ["Ben pass", "Carla trump diamonds", "Carla discard 7S 8D"]


@pytest.mark.parametrize("said", ["solo vleesloos", "vleesloze solo", "solo zonder troef"])
def test_the_meatless_solo_is_the_vleesloze_solo(tmp_path: Path, said: str) -> None:
    """One term for the solo without trumps, the glossary's 'vleesloze solo' (the status
    said 'solo zonder troef'); the table's other words for it are still read."""
    path = _new(tmp_path, "doppelkopf-ddv", ["Anna", "Ben", "Carla", "Dirk"])
    declared = ok(run_cli(tmp_path, "declare", "Ben", *said.split(), "--match", path))
    status = ok(run_cli(tmp_path, "status", "--match", path))
    assert "Ben speelt een vleesloze solo" in declared
    assert "Spel 1, deler Anna, vleesloze solo;" in status
    assert "zonder troef" not in declared + status
    assert matchlog.read(path)[0].hands[-1].actions == ["Ben solo meatless"]


def test_one_dutch_word_each_for_the_discard_the_contract_and_the_meatless_solo() -> None:
    words = translations("nl")
    said = [
        words.pgettext(key, english) if key else words.gettext(english)
        for key, english in catalog.entries()
    ]
    for rival in ("weggooien", "soort spel", "Soort spel", "solo zonder troef"):
        assert not [s for s in said if rival in s], rival
    assert "Spelsoort: {game}" in said


def test_completion_offers_the_solo_kinds_in_dutch(tmp_path: Path) -> None:
    """After 'Ben solo ' a Dutch table was offered 'queens', 'jacks' and 'meatless' (the
    English kinds read back too, so they came first); now the Dutch words, each of which
    reads back as its solo."""
    from scorekeeper.session import Session
    from scorekeeper.table.complete import candidates

    players = ["Anna", "Ben", "Carla", "Dirk"]
    path = _new(tmp_path, "doppelkopf-ddv", players)
    hand = Session.open(path).current_hand()
    offered = candidates(hand, players, "Ben solo ", "nl")
    assert {"vrouwen", "boeren", "vleesloos", "klaveren"} <= set(offered), offered
    assert not {"queens", "jacks", "meatless", "clubs"} & set(offered), offered
    assert candidates(hand, players, "Ben solo vl", "nl") == ["vleesloos"]
    ok(run_cli(tmp_path, "declare", "Ben", "solo", "vleesloos", "--match", path))
    assert matchlog.read(path)[0].hands[-1].actions == ["Ben solo meatless"]


def test_the_second_pack_is_a_pak_not_a_spel(tmp_path: Path) -> None:
    """'spel' is the glossary's word for a hand: the upturned card came from 'het tweede
    spel'; a pack of cards is a 'pak'."""
    path = tmp_path / "up.toml"
    choice = "trump_choice=upturn_forced"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    made = ok(
        run_cli(
            tmp_path, "new", "klaverjassen", *players, "--set", choice, "-m", path, "--lang", "nl"
        )
    )
    status = ok(run_cli(tmp_path, "status", "--match", path))
    wait = "Anna (de deler) moet een kaart van het tweede pak omdraaien ('omdraaien H7')"
    assert wait in made and wait in status
    words = translations("nl")
    said = [words.pgettext(k, e) if k else words.gettext(e) for k, e in catalog.entries()]
    assert not [s for s in said if re.search(r"tweede spel\b|twee spellen van", s)]


def test_an_option_named_twice_is_named_in_dutch(tmp_path: Path) -> None:
    """Was 'options.four_of_a_kind_ranks noemt A meer dan eens' (the rule key as a word)."""
    res = run_cli(
        tmp_path,
        "--lang",
        "nl",
        "rules",
        "show",
        "klaverjassen",
        "--set",
        "four_of_a_kind_ranks=A,A",
    )
    assert res.returncode != 0
    said = "optie 'rangen voor vier gelijke' noemt A meer dan eens"
    assert said in res.stderr, res.stderr


def test_the_match_is_afgelopen() -> None:
    """Was 'Partij uit:' (telegraphic; the texts say 'afgelopen' for a match that ended)."""
    words = translations("nl")
    assert words.pgettext("sheet.over", "Match over:") == "Partij afgelopen:"
    assert words.pgettext("cli.match_over", "Match over:") == "Partij afgelopen:"


def test_a_quick_hand_is_won_by_its_side_as_at_the_table(tmp_path: Path) -> None:
    """'hand' said 'winnaar: Re' where the table says 'gewonnen door': one form for both."""
    path = _new(tmp_path, "doppelkopf", ["Anna", "Ben", "Carla", "Dirk"])
    said = ok(run_cli(tmp_path, "hand", "re=Anna,Carla", "re_points=150", "--match", path))
    assert "kaartpunten Re 150, Contra 90; gewonnen door Re; waarde 1" in said, said
    assert "winnaar" not in said
    words = translations("nl")
    winner = words.pgettext("table.match.winner", "The winner: {players!l} ({points}).")
    assert winner == "Gewonnen door {players!l} ({points})."
