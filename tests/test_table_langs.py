"""The table session in German and Dutch: a whole hand of each game typed with the
cards' full names and the game's words of the match's language; the match file holds the
canonical codes, exactly as if the hand had been typed in English."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_helpers import Case, drive, new_match, record_deal, typed_hand
from test_table_games import CASES

from scorekeeper.lang import card_name
from scorekeeper.session import Session
from scorekeeper.text import language


@pytest.fixture(autouse=True)
def _words_shown_in_english() -> None:
    """What is typed is in the match's language; what the session says stays English here
    (as with --lang en), so that these tests read the same words as the English ones."""
    language.choose("en")


# What the English choosers say, as a table of each language says it.
WORDS = {
    "de": {
        "re": "re",
        "trump hearts": "trumpf herz",
        "pass": "passe",
        "accept": "annehmen",
        "knock": "klopfen",
        "double": "doppeln",
        "turnup": "aufdecken",
    },
    "nl": {
        "re": "re",
        "trump hearts": "troef harten",
        "pass": "pas",
        "accept": "akkoord",
        "knock": "kloppen",
        "double": "dubbelen",
        "turnup": "omdraaien",
    },
}


def said_in(lang: str):  # type: ignore[no-untyped-def]
    def said(words: str) -> str:
        if words in WORDS[lang]:
            return WORDS[lang][words]
        head, _, rest = words.partition(" ")
        if head == "turnup":
            return f"{WORDS[lang]['turnup']} {card_name(rest, lang, 'full').lower()}"
        return f"{head} {WORDS[lang].get(rest, rest)}"

    return said


def say_re(hand, said):  # type: ignore[no-untyped-def]
    if hand.cards_played:
        return None
    re = [a for a in said if a.verb == "re"]
    return f"{re[0].actor.lower()} re" if re else None


ALL = [Case("doppelkopf", ["Anna", "Ben", "Carla", "Dirk"], say_re, 3, ["announces re"]), *CASES]


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("case", ALL, ids=[c.game for c in ALL])
def test_a_whole_hand_typed_in_the_matchs_language(
    lang: str, case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, players, choose, seed, said = case
    (tmp_path / "en").mkdir()
    (tmp_path / lang).mkdir()
    english = new_match(tmp_path / "en", game, players)
    path = new_match(tmp_path / lang, game, players, lang=lang)
    record_deal(english, seed)
    record_deal(path, seed)
    lines = typed_hand(
        path,
        choose,  # type: ignore[arg-type]
        card_word=lambda code: card_name(code, lang, "full").lower(),
        said_word=said_in(lang),
    )
    codes = {c.code.lower() for c in Session.open(path).match.rules.deck.cards}
    assert not codes & {w for line in lines for w in line.split()}  # no English card code
    drive(path, "\r".join(lines) + "\r", lang=lang)
    captured = capsys.readouterr()
    assert "error" not in captured.err, captured.err
    typed_english = typed_hand(english, choose)  # type: ignore[arg-type]
    drive(english, "\r".join(typed_english) + "\r")
    assert Session.open(path).log.hands == Session.open(english).log.hands
    assert Session.open(path).match.hands[0].finished
    for word in said:
        assert word in captured.out, (word, captured.out)


def test_a_quick_hand_answered_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_match(tmp_path, "doppelkopf", ["Anna", "Ben", "Carla", "Dirk"], lang="de")
    keys = asked(path)  # the facts this game and table take
    answers = {"re": "Anna,Carla", "re_points": "165"}
    typed = "".join(answers.get(k, "") + "\r" for k in keys) + "Anna re\rBen kontra\r\r"
    drive(path, "hand\r" + typed, lang="de")
    assert "Hand 1 over:" in capsys.readouterr().out
    record = Session.open(path).log.hands[0]
    assert record.quick is not None
    assert record.actions == ["Anna re", "Ben contra"]


def test_a_german_match_speaks_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    language = pytest.importorskip("scorekeeper.text.language")
    from scorekeeper.table.words import say

    path = new_match(tmp_path, "doppelkopf", ["Anna", "Ben", "Carla", "Dirk"], lang="de")
    drive(path, "quit\r", lang="de", view=None)
    out = capsys.readouterr().out
    language.choose("de")
    try:
        expected = say("table.quit", path=str(path))
    finally:
        language.reset()
    assert expected in out


def test_a_dutch_table_is_offered_and_told_its_own_words(tmp_path: Path) -> None:
    from scorekeeper.table.complete import candidates
    from scorekeeper.table.session import TableSession

    path = new_match(tmp_path, "klaverjassen", ["Anna", "Ben", "Carla", "Dirk"], lang="nl")
    table = TableSession(path, lang="nl")
    players = table.current().match.players
    offered = candidates(table.hand(), players, "", "nl")
    assert "pas" in offered and "troef" in offered and "pass" not in offered
    assert candidates(table.hand(), players, "troef h", "nl") == ["harten"]
    assert "troef" in table.handle("help").lines[0]
    refusal = table.handle("xx").errors[0]
    assert "pas, troef klaveren" in refusal
    assert table.handle("troef harten").ok
    assert candidates(table.hand(), players, "klv", "nl") == ["KlV"]


def test_a_german_refusal_shows_german_examples(tmp_path: Path) -> None:
    from scorekeeper.table.session import TableSession

    path = new_match(tmp_path, "doppelkopf", ["Anna", "Ben", "Carla", "Dirk"], lang="de")
    table = TableSession(path, lang="de")
    assert "like 'anna kontra'" in table.handle("kontra").errors[0]
    assert "like kra kr10" in table.handle("xx").errors[0]


def asked(path: Path) -> dict[str, object]:
    """The facts a quick hand asks at this match's table, fact by fact."""
    m = Session.open(path).match
    return m.family.asked_keys(m.rules)
