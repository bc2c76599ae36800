"""Every word a German or Dutch table says is read (issue 27, item 2): the session's
commands, yes and no, the ``explain`` topics by their names, the cards' nicknames, and
German and Dutch cards in ``judge --lang``. Each through the real session or command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, cli_env, run_cli
from table_helpers import new_match

from scorekeeper.lang import language, translate
from scorekeeper.lang.reading import nickname, read_cards
from scorekeeper.session import Session
from scorekeeper.table.reading import canonical, command_word
from scorekeeper.table.session import TableSession


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_command_word_of_the_language_file_is_a_command(lang: str, tmp_path: Path) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang=lang)
    table = TableSession(path, lang=lang)
    for word, command in language(lang).commands.items():
        if command == "cancel":
            continue
        for typed in (word, word.capitalize()):
            words = canonical(typed, lang, "doppelkopf", PLAYERS)
            assert words[:1] == [command], (typed, words)
    assert table.handle("hilfe" if lang == "de" else "hulp").lines
    assert table.handle("stopp" if lang == "de" else "stoppen").quit


@pytest.mark.parametrize(
    ("lang", "word", "command"),
    [
        ("de", "stopp", "quit"),
        ("de", "ende", "quit"),
        ("de", "hilfe", "help"),
        ("de", "zurück", "undo"),
        ("de", "stand", "score"),
        ("de", "erklären", "explain"),
        ("de", "schnell", "hand"),
        ("nl", "stoppen", "quit"),
        ("nl", "ongedaan", "undo"),
        ("nl", "hulp", "help"),
        ("nl", "uitleg", "explain"),
        ("nl", "stand", "score"),
        ("nl", "opnieuw", "redo"),
        ("nl", "einde", "quit"),
        ("de", "wiederholen", "redo"),
    ],
)
def test_the_words_a_table_types_for_its_commands(lang: str, word: str, command: str) -> None:
    assert command_word(word, lang) == command
    assert command_word(word.upper(), lang) == command


def test_undo_and_stop_in_german_through_the_session(tmp_path: Path) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang="de")
    table = TableSession(path, lang="de")
    assert not table.handle("Kreuz Dame").errors
    assert len(Session.open(path).match.hands[0].actions) == 1
    reply = table.handle("zurück")
    assert not reply.errors, reply.errors
    assert not Session.open(path).match.hands
    help_text = "\n".join(table.handle("hilfe").lines)
    assert "zurück:" in help_text and "stopp:" in help_text and "undo" not in help_text


def test_a_dutch_table_undoes_with_ongedaan(tmp_path: Path) -> None:
    path = new_match(tmp_path, "klaverjassen", PLAYERS, lang="nl")
    table = TableSession(path, lang="nl")
    before = path.read_bytes()
    reply = table.handle("pas")
    assert not reply.errors, reply.errors
    assert table.handle("ongedaan").errors == []
    assert path.read_bytes() != before or not Session.open(path).match.hands


@pytest.mark.parametrize(("lang", "yes", "no"), [("de", "ja", "nein"), ("nl", "ja", "nee")])
def test_yes_and_no_in_the_table_s_words(lang: str, yes: str, no: str) -> None:
    assert translate(yes, lang) == ["true"]
    assert translate(no, lang) == ["false"]


def test_a_german_quick_hand_thrown_in_with_ja(tmp_path: Path) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang="de")
    res = run_cli(tmp_path / "home", "hand", "redeal=ja", "--match", path)
    assert res.returncode == 0, res.stderr
    assert Session.open(path).match.hands[0].result.redeal


@pytest.mark.parametrize(
    ("lang", "game", "topic", "title"),
    [
        ("de", "doppelkopf", "Abrechnung", "Abrechnung"),
        ("de", "doppelkopf", "Karten", "Karten und Rangfolge"),
        ("de", "doppelkopf", "Bedienen", "Bedienen"),
        ("de", "doppelkopf", "Ansagen", "Ansagen"),
        ("nl", "klaverjassen", "telling", "telling"),
        ("nl", "klaverjassen", "bekennen", "bekennen"),
        ("nl", "klaverjassen", "opties", "opties"),
    ],
)
def test_explain_reads_the_topic_by_its_name(
    tmp_path: Path, lang: str, game: str, topic: str, title: str
) -> None:
    res = run_cli(tmp_path / "home", "explain", game, topic, "--lang", lang)
    assert res.returncode == 0, res.stderr
    assert title in res.stdout.splitlines()[0]


def test_explain_lists_and_refuses_topics_by_the_table_s_names(tmp_path: Path) -> None:
    res = run_cli(tmp_path / "home", "explain", "doppelkopf", "--lang", "de")
    assert "Abrechnung" in res.stdout and "scoring" not in res.stdout
    res = run_cli(tmp_path / "home", "explain", "klaverjassen", "foo", "--lang", "nl")
    assert res.returncode == 2  # an unknown topic: usage
    assert "telling" in res.stderr and "scoring" not in res.stderr


@pytest.mark.parametrize(
    ("lang", "word", "card"),
    [
        ("de", "Dulle", "10H"),
        ("de", "Fuchs", "AD"),
        ("de", "Karlchen", "JC"),
        ("de", "Alte", "QC"),
        ("nl", "Dulle", "10H"),
        ("nl", "Karlchen", "JC"),
        ("en", "Dulle", "10H"),
    ],
)
def test_the_cards_nicknames_are_read_where_a_card_is_expected(
    lang: str, word: str, card: str
) -> None:
    assert nickname(word, lang, "doppelkopf") == card
    assert read_cards(word, lang, family="doppelkopf") == [card]
    assert canonical(word.lower(), lang, "doppelkopf", PLAYERS) == [card]
    assert nickname(word, lang, "klaverjassen") is None  # Doppelkopf's nicknames only


def test_a_nickname_stays_a_game_word_in_a_quick_hand() -> None:
    """``extras=Anna fuchs`` is the fox caught, not the ace of diamonds."""
    assert canonical("Anna fuchs", "de", "doppelkopf", PLAYERS, cards=False) == ["Anna", "fox"]
    assert translate("Anna fuchs", "de", family="doppelkopf") == ["Anna", "fox"]


def test_a_trick_of_nicknames_through_the_command_line(tmp_path: Path) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang="de")
    res = run_cli(tmp_path / "home", "trick", "Dulle", "Fuchs", "Karlchen", "Alte", "--match", path)
    assert res.returncode == 0, res.stderr
    plays = [a.card.code for a in Session.open(path).match.hands[0].actions]
    assert plays == ["10H", "AD", "JC", "QC"]


@pytest.mark.parametrize(
    ("lang", "trick", "hand"),
    [
        ("de", "Anna:Kreuz Dame Ben:Dulle Carla:Fuchs", "Karlchen PA"),
        ("de", "Anna:KrD Ben:H10 Carla:KaA", "Kreuz Bube Pik Ass"),
        (
            "nl",
            "Anna:klaveren vrouw Ben:harten tien Carla:ruiten aas",
            "klaveren boer schoppen aas",
        ),
    ],
)
def test_judge_reads_german_and_dutch_cards_with_lang(
    tmp_path: Path, lang: str, trick: str, hand: str
) -> None:
    res = run_cli(
        tmp_path / "home",
        "judge",
        "doppelkopf",
        "--lang",
        lang,
        "--trick",
        trick,
        "--player",
        "Dirk",
        "--hand",
        hand,
        "--json",
    )
    assert res.returncode == 0, res.stderr
    assert "QC" in res.stdout and "10H" in res.stdout and "AD" in res.stdout
    assert "JC" in res.stdout and "AS" in res.stdout


def _hand_after(tmp_path: Path, game: str, lang: str, said: list[str]):  # type: ignore[no-untyped-def]
    path = new_match(tmp_path, game, PLAYERS, lang=lang)
    if said:
        with Session.edit(path) as s:
            s.record(said)
    return Session.open(path).current_hand()


@pytest.mark.parametrize(
    ("lang", "game", "said", "line", "offered"),
    [
        ("de", "doppelkopf", ["Ben re"], "Ben keine ", "90"),
        ("de", "doppelkopf", ["Ben re"], "Ben kei", "keine 90"),
        ("de", "doppelkopf", [], "Kreuz D", "Dame"),
        ("de", "doppelkopf", [], "Kreuz ", "Bube"),
        ("de", "doppelkopf", [], "hil", "hilfe"),
        ("de", "doppelkopf", [], "zur", "zurück"),
        ("nl", "klaverjassen", ["Ben trump clubs"], "klaveren b", "boer"),
        ("nl", "doppelkopf", ["Ben re"], "Ben g", "geen 90"),
        ("nl", "doppelkopf", ["Ben re"], "Ben geen ", "90"),
        ("nl", "klaverjassen", [], "ongeda", "ongedaan"),
    ],
)
def test_completion_offers_the_table_s_words_of_several_words(
    tmp_path: Path, lang: str, game: str, said: list[str], line: str, offered: str
) -> None:
    from scorekeeper.table.complete import candidates

    hand = _hand_after(tmp_path, game, lang, said)
    found = candidates(hand, PLAYERS, line, lang)
    assert offered in found, found
    assert not {"no90", "undo", "help"} & set(found)


def _plays(path: Path) -> list[str]:
    return [a.card.code for a in Session.open(path).match.hands[0].actions if a.is_play]


@pytest.mark.parametrize(("lang", "nine", "jack"), [("nl", "nel", "jas"), ("de", "Nell", "Jass")])
def test_the_trump_nine_and_jack_by_their_nicknames_once_trump_is_chosen(
    tmp_path: Path, lang: str, nine: str, jack: str
) -> None:
    """Klaverjassen's nel and jas name the nine and jack of the hand's trump suit: not a
    card before trump is chosen, that suit's card after (table, one-shot, judge, explain)."""
    path = new_match(tmp_path, "klaverjassen", PLAYERS, lang=lang)
    table = TableSession(path, lang=lang)
    assert table.handle(nine).errors  # no suit is trump yet: nel names no card
    trump = {"nl": "Ben troef harten", "de": "Ben Trumpf Herz"}[lang]
    assert table.handle(trump).ok
    assert table.handle(nine).ok, "nine of trumps"
    assert _plays(path) == ["9H"]
    res = run_cli(tmp_path / "home", "play", jack, "--match", path)
    assert res.returncode == 0, res.stderr
    assert _plays(path) == ["9H", "JH"]
    judged = run_cli(
        tmp_path / "home", "--lang", lang, "judge", "klaverjassen",
        "--trick", f"Anna:{nine} Ben:{jack}", "--trump", "harten" if lang == "nl" else "Herz",
        "--json",
    )  # fmt: skip
    assert judged.returncode == 0, judged.stderr
    assert "9H" in judged.stdout and "JH" in judged.stdout
    explained = run_cli(tmp_path / "home", "--lang", lang, "explain", "klaverjassen", "cards")
    assert explained.returncode == 0, explained.stderr
    assert f"{nine} (" in explained.stdout, explained.stdout


def test_table_lang_after_the_command_reads_that_language(tmp_path: Path) -> None:
    """``table --lang de`` on a match that names no language reads German (the global
    --lang that scorekeeper moves ahead of the command) and names its cards in German."""
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    res = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--lang", "de", "--match", str(path)],
        env=cli_env(tmp_path / "home", None, None),
        input="kreuz dame\nstatus\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    assert _plays(path) == ["QC"]
    assert "QC" not in res.stdout and "D♣" in res.stdout, res.stdout


@pytest.mark.parametrize(
    ("lang", "lines", "how", "title"),
    [
        ("de", "erklären\nerklären doppelkopf Abrechnung\n", "('erklären THEMA')", "Abrechnung"),
        ("nl", "uitleg\nuitleg doppelkopf telling\n", "('uitleg ONDERWERP')", "telling"),
    ],
)
def test_the_table_s_explain_names_its_own_command_and_reads_the_game_s_name(
    tmp_path: Path, lang: str, lines: str, how: str, title: str
) -> None:
    """The topics at the table say what one types there, not the command line's form; the
    game's name before the topic is read as the command line writes it."""
    from table_helpers import piped

    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang=lang)
    res = piped(tmp_path / "home", path, lines)
    assert res.returncode == 0, res.stderr
    assert how in res.stdout and "scorekeeper explain" not in res.stdout, res.stdout
    assert f"Doppelkopf: {title}" in res.stdout, res.stdout + res.stderr  # its name, no id


@pytest.mark.parametrize(("lang", "said"), [("de", "'ja' ist keine ganze Zahl"), ("nl", "'ja' is")])
def test_a_refused_value_is_quoted_as_typed(tmp_path: Path, lang: str, said: str) -> None:
    """'ja' where a number is asked is quoted as typed, not as the file's 'true'."""
    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang=lang)
    res = run_cli(tmp_path / "home", "hand", "re=Anna", "re_points=ja", "--match", path)
    assert res.returncode != 0
    assert said in res.stderr and "true" not in res.stderr, res.stderr


@pytest.mark.parametrize(
    ("lang", "trump", "call"),
    [
        ("de", "Ben wählte Herz als Trumpf", "Ben rief A♣"),
        ("nl", "Ben koos harten als troef", "Ben riep A♣"),
    ],
)
def test_status_tells_a_trump_chosen_and_an_ace_called(
    tmp_path: Path, lang: str, trump: str, call: str
) -> None:
    """Trump is chosen and an ace called, not announced ('Ben sagte Trumpf Herz an')."""
    said = {}
    for game, action in (("klaverjassen", "Ben trump hearts"), ("kloepper", "Ben call AC")):
        (tmp_path / game).mkdir()
        path = new_match(tmp_path / game, game, PLAYERS, lang=lang)
        assert run_cli(tmp_path / "home", "act", action, "--match", path).returncode == 0
        said[game] = run_cli(tmp_path / "home", "status", "--match", path).stdout
    assert trump in said["klaverjassen"], said
    assert call in said["kloepper"], said


@pytest.mark.parametrize(
    ("lang", "usage", "missing"),
    [("de", "Aufruf:", "Fehlendes Argument"), ("nl", "Gebruik:", "Ontbrekend argument")],
)
def test_a_usage_mistake_on_a_match_in_its_language(
    tmp_path: Path, lang: str, usage: str, missing: str
) -> None:
    """click's own words ('Usage:', 'Missing argument') in the language of the match the
    command acts on, as every other message of the command is; a command that makes a
    match keeps the language of the place."""
    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang=lang)
    for args in (["announce"], ["announce", "Ben", "Re", "--frob"], ["amend"]):
        res = run_cli(tmp_path / "home", *args, "--match", path)
        assert res.returncode == 2, res.stderr
        assert usage in res.stderr and "Usage:" not in res.stderr, res.stderr
        assert "Error" not in res.stderr and "Try '" not in res.stderr, res.stderr
    res = run_cli(tmp_path / "home", "announce", env={"SCOREKEEPER_MATCH": str(path)})
    assert missing in res.stderr, res.stderr
    res = run_cli(tmp_path / "home", "new", "doppelkopf", "--match", path)
    assert "Usage:" in res.stderr, res.stderr
