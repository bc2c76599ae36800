"""Every word a table says is read back (issue 27, item 2), through the real command line
and the real ``scorekeeper table`` through a pipe, in en, de and nl:

- ``explain``'s topics by every name and title the list of topics prints (any case,
  ``die Partie``, ``de partij``), at the table too (a title of several words);
- a quick hand's facts by their names at the table (``Re-Augen=165``, ``spelend=Carla``),
  for ``hand``, ``judge -f`` and the help's own examples;
- a quick hand's questions answered as a person answers them (``nein``, ``nee``: nothing
  more said, or the fact left out), ending where the hand ends, a command after it read
  as the session's own;
- yes and no (``ja``, ``jawohl``, ``nee``) to the table's undo question;
- the cards' nicknames (``Dulle``, ``Fuchs``, ``Karlchen``, Dutch ``vos``) at the table
  and in ``judge --lang``.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from cli_helpers import ok, run_cli
from table_helpers import new_match, piped
from tmux_helpers import tmux_sessions  # noqa: F401  (tmux_sessions: tmux)

from scorekeeper.session import Session

FOUR = ["Anna", "Ben", "Carla", "Dirk"]
EXPLAIN = {"en": "explain", "de": "erklären", "nl": "uitleg"}
UNDO = {"en": "undo", "de": "zurück", "nl": "ongedaan"}
QUICK = {"en": "hand", "de": "schnell", "nl": "snel"}
SHEET = {"en": "score", "de": "stand", "nl": "stand"}
NO = {"en": "no", "de": "nein", "nl": "nee"}
PROMPT = {"en": "Ben to play>", "de": "Ben ist dran>", "nl": "Ben is aan de beurt>"}


def _lang(lang: str) -> str | None:
    return None if lang == "en" else lang


def _topic_list(home: Path, lang: str, ruleset: str) -> list[tuple[str, str]]:
    """(name, title) of each topic as ``explain RULESET`` lists it in ``lang``."""
    out = ok(run_cli(home, "--lang", lang, "explain", ruleset, env={"COLUMNS": "200"}))
    rows = [line.split(None, 1) for line in out.splitlines()[1:] if line.startswith("  ")]
    assert len(rows) == 7, out
    return [(name, " ".join(title.split())) for name, title in rows]


# ------------------------------------------------------------------- explain topics


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_topic_name_and_title_the_list_prints_is_read(tmp_path: Path, lang: str) -> None:
    """Each name and each title of the list of topics, as printed and in small letters,
    explains that topic: the one-shot command and the table (through a pipe) alike."""
    topics = _topic_list(tmp_path, lang, "doppelkopf")
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=_lang(lang))
    lines = []
    for name, title in topics:
        for typed in (name, title, title.lower(), title.upper()):
            heading = ok(run_cli(tmp_path, "--lang", lang, "explain", "doppelkopf", typed))
            assert heading.splitlines()[0].endswith(f": {title}"), (typed, heading)
            lines.append(f"{EXPLAIN[lang]} {typed}")
    lines.append(f"{EXPLAIN[lang]} doppelkopf {topics[-2][1]}")  # the rule set's id before it
    res = piped(tmp_path, path, "\n".join(lines) + "\n")
    assert res.returncode == 0, res.stdout + res.stderr
    headings = [x for x in res.stdout.splitlines() if x.startswith("Doppelkopf: ")]
    titles = [title for _, title in topics for _ in range(4)] + [topics[-2][1]]
    assert headings[1:] == [f"Doppelkopf: {t}" for t in titles], res.stdout


def test_a_wrong_topic_of_several_words_is_refused_with_the_list(tmp_path: Path) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR, lang="de")
    before = path.read_bytes()
    res = piped(tmp_path, path, "erklären Unsinn und Quatsch\n")
    assert (
        "'unsinn und quatsch'" in res.stdout + res.stderr
        and "abrechnung" in res.stdout + res.stderr
    )
    assert path.read_bytes() == before


# ------------------------------------------------------------------- quick-hand facts

WORDED = {
    ("doppelkopf", "de"): [
        ["Re=Anna,Carla", "Re-Augen=150"],
        ["re=Anna,Carla", "re_augen=150"],
        ["RE=Anna,Carla", "RE AUGEN=150"],
    ],
    ("doppelkopf", "nl"): [["Re=Anna,Carla", "Re-punten=150"], ["re=Anna,Carla", "re_punten=150"]],
    ("klaverjassen", "de"): [["Spielpartei=Ben", "Trumpf=Herz", "Augen=100"]],
    ("klaverjassen", "nl"): [
        ["spelend=Ben", "troef=harten", "punten=100"],
        ["spelend team=Ben", "troef=harten", "punten=100"],
        ["spelend_team=Ben", "Troef=H", "Kaartpunten=100"],
    ],
    ("kloepper", "de"): [["Damen=Anna,Carla", "Damen-Augen=70"]],
}
CODES = {
    "doppelkopf": ["re=Anna,Carla", "re_points=150"],
    "klaverjassen": ["playing=Ben", "trump=hearts", "points=100"],
    "kloepper": ["queens=Anna,Carla", "queens_points=70"],
}


def _quick(path: Path) -> object:
    """The first hand's facts as the match file holds them (keys and canonical values)."""
    return tomllib.loads(path.read_text("utf-8"))["hand"][0]["quick"]


@pytest.mark.parametrize(("game", "lang"), list(WORDED))
def test_a_quick_hand_s_facts_are_read_by_their_names(tmp_path: Path, game: str, lang: str) -> None:
    """``hand`` with each fact by its name at the table (in any case, with spaces or
    ``_`` or ``-``) records the hand the keys do."""
    (tmp_path / "coded").mkdir()
    coded_path = new_match(tmp_path / "coded", game, FOUR, lang=lang)
    ok(run_cli(tmp_path, "hand", *CODES[game], "--match", coded_path))
    coded = Session.open(coded_path).match
    assert coded.totals() != {p: 0 for p in FOUR}
    for i, facts in enumerate(WORDED[game, lang]):
        (tmp_path / str(i)).mkdir()
        path = new_match(tmp_path / str(i), game, FOUR, lang=lang)
        ok(run_cli(tmp_path, "hand", *facts, "--match", path))
        assert Session.open(path).match.totals() == coded.totals(), facts
        assert _quick(path) == _quick(coded_path)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_name_of_a_fact_reads_as_its_key(lang: str) -> None:
    """Each fact's every name in the language file, as written, in small letters, with
    ``_`` for spaces and hyphens, is that fact; a word naming none stays as typed."""
    from scorekeeper.lang import language
    from scorekeeper.lang.terms import fact_key

    facts = language(lang).facts
    assert {"re", "re_points", "playing", "trump", "points", "maker", "queens"} <= set(facts)
    keys = list(facts)
    for key, names in facts.items():
        for name in names:
            for typed in (name, name.lower(), re.sub(r"[ -]", "_", name), name.upper()):
                assert fact_key(typed, keys, lang) == key, (typed, key)
        assert fact_key(key, keys, lang) == key
    assert fact_key("Unsinn", keys, lang) == "Unsinn"


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("game", ["doppelkopf", "klaverjassen", "klaberjass", "kloepper"])
def test_the_help_s_quick_hand_example_is_worded_and_read(
    tmp_path: Path, lang: str, game: str
) -> None:
    """``hand --help`` at a German or Dutch table of each game shows the game's own
    example with every fact by its name there (no key such as ``playing=``, no English
    suit), and that example, run as it stands, records the hand."""
    from scorekeeper.cli.examples import fragments
    from scorekeeper.lang import language

    ex = fragments(game, lang)
    players = ex["table"].split()[1:]
    path = new_match(tmp_path, game, players, lang=lang)
    helped = " ".join(
        ok(run_cli(tmp_path, "hand", "--help", "--match", path, env={"COLUMNS": "200"})).split()
    )
    assert f"scorekeeper hand {ex['hand']}" in helped, helped
    keys = [item.partition("=")[0] for item in shlex.split(ex["facts"])]
    for key in keys:
        assert key in {n for names in language(lang).facts.values() for n in names}, key
    for code in ("playing=", "trump=", "re_points=", "maker=", "queens=", "hearts", "points="):
        assert not re.search(rf"(?<![\w-]){code}", helped), code
    ok(run_cli(tmp_path, "hand", *shlex.split(ex["hand"]), "--match", path))
    assert Session.open(path).match.hands[0].finished


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_judge_reads_facts_by_their_names(tmp_path: Path, lang: str) -> None:
    worded = ok(
        run_cli(
            tmp_path,
            "--lang",
            lang,
            "judge",
            "doppelkopf",
            "-f",
            "Re=Anna,Carla",
            "-f",
            f"{'Re-Augen' if lang == 'de' else 'Re-punten'}=165",
            "--json",
        )
    )
    coded = ok(
        run_cli(
            tmp_path,
            "--lang",
            lang,
            "judge",
            "doppelkopf",
            "-f",
            "re=Anna,Carla",
            "-f",
            "re_points=165",
            "--json",
        )
    )
    assert worded == coded


# ------------------------------------------------------------------- quick hand in a pipe


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_piped_quick_hand_ends_at_a_no_and_the_next_line_is_the_session_s(
    tmp_path: Path, lang: str
) -> None:
    """Doppelkopf's quick hand through a pipe, answered as a person answers: the facts
    (``no`` to redeal), what was said, then ``nein``: the hand is recorded there; the
    next line (the sheet) is the session's, not something said."""
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=_lang(lang))
    said = {"en": "Anna re", "de": "Anna Re", "nl": "Anna Re"}[lang]
    lines = [QUICK[lang], "Anna,Carla", "150", "", "", "", NO[lang], said, NO[lang], SHEET[lang]]
    res = piped(tmp_path, path, "\n".join(lines) + "\n")
    assert res.returncode == 0, res.stdout + res.stderr
    m = Session.open(path).match
    assert len(m.hands) == 1 and m.hands[0].finished
    assert m.totals() == {"Anna": 2, "Ben": -2, "Carla": 2, "Dirk": -2}  # won, Re said
    assert "Anna  Ben  Carla  Dirk" in " ".join(res.stdout.split("│")) or "Carla" in res.stdout
    assert len([x for x in res.stdout.splitlines() if "Carla" in x and "Dirk" in x]) >= 3


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_piped_quick_hand_ends_where_a_command_follows_what_was_said(
    tmp_path: Path, lang: str
) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=_lang(lang))
    lines = [QUICK[lang], "Anna,Carla", "150", "", "", "", "", SHEET[lang], SHEET[lang]]
    res = piped(tmp_path, path, "\n".join(lines) + "\n")
    assert res.returncode == 0, res.stdout + res.stderr
    m = Session.open(path).match
    assert len(m.hands) == 1 and m.hands[0].finished
    assert m.totals() == {"Anna": 1, "Ben": -1, "Carla": 1, "Dirk": -1}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_no_to_a_fact_that_is_not_yes_or_no_leaves_it_out(tmp_path: Path, lang: str) -> None:
    """Klaverjassen's quick hand through a pipe: ``nee`` to who revoked, and to all
    tricks (it only matters with all card points), is the fact left out; the hand is
    recorded after the last fact (this game takes nothing said)."""
    path = new_match(tmp_path, "klaverjassen", FOUR, lang=lang)
    suit = {"de": "Herz", "nl": "harten"}[lang]
    lines = [QUICK[lang], "Ben", suit, "100", "20", "0", NO[lang], NO[lang], NO[lang]]
    res = piped(tmp_path, path, "\n".join(lines) + "\n")
    assert res.returncode == 0, res.stdout + res.stderr
    m = Session.open(path).match
    assert len(m.hands) == 1 and m.hands[0].finished
    assert sorted(m.totals().values()) == [62, 62, 120, 120]  # per player, team by team


# ------------------------------------------------------------------- yes and no


@pytest.mark.parametrize(
    ("lang", "answer", "undone"),
    [
        ("de", "ja", True),
        ("de", "Jawohl", True),
        ("de", "nein", False),
        ("nl", "ja", True),
        ("nl", "jawel", True),
        ("nl", "nee", False),
        ("en", "yes", True),
        ("en", "no", False),
    ],
)
def test_the_undo_question_reads_the_table_s_yes_and_no(
    tmp_path: Path, lang: str, answer: str, undone: bool
) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=_lang(lang))
    ok(run_cli(tmp_path, "hand", "re=Anna,Carla", "re_points=150", "--match", path))
    res = piped(tmp_path, path, f"{UNDO[lang]}\n{answer}\n")
    assert res.returncode == 0, res.stdout + res.stderr
    assert len(Session.open(path).match.hands) == (0 if undone else 1), res.stdout


# ------------------------------------------------------------------- nicknames


@pytest.mark.parametrize(
    ("lang", "line", "card"),
    [
        ("de", "Ben Dulle", "10H"),
        ("de", "Ben Fuchs", "AD"),
        ("de", "Ben Karlchen", "JC"),
        ("nl", "Ben vos", "AD"),
        ("nl", "Ben Dulle", "10H"),
        ("en", "Ben Dulle", "10H"),
    ],
)
def test_a_card_s_nickname_is_read_at_the_table(
    tmp_path: Path, lang: str, line: str, card: str
) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=_lang(lang))
    res = piped(tmp_path, path, line + "\n")
    assert res.returncode == 0, res.stdout + res.stderr
    hand = Session.open(path).match.hands[0]
    assert [a.card.code for a in hand.hand.history if a.card is not None] == [card]


@pytest.mark.parametrize(("lang", "nick"), [("de", "Karlchen"), ("de", "Fuchs"), ("nl", "vos")])
def test_judge_reads_nicknames_and_the_table_s_cards(tmp_path: Path, lang: str, nick: str) -> None:
    """``judge --lang`` reads a nickname and the cards as the table names them, to the
    same answer as the codes."""
    from scorekeeper.lang.reading import nickname

    code = nickname(nick, lang, "doppelkopf")
    assert code is not None
    ace = {"de": "Herz Ass", "nl": "harten aas"}[lang]
    worded = run_cli(
        tmp_path,
        "--lang",
        lang,
        "judge",
        "doppelkopf",
        "--trick",
        f"Anna:{ace} Ben:{nick}",
        "--json",
    )
    coded = run_cli(
        tmp_path, "--lang", lang, "judge", "doppelkopf", "--trick", f"Anna:AH Ben:{code}", "--json"
    )
    assert ok(worded) == ok(coded)


# ------------------------------------------------------------------- completion

COMPLETED = {
    "de": [
        ("Du", ["Dulle"]),
        ("fu", ["fuchs"]),
        ("Ben Karl", ["Karlchen"]),
        ("erklären Ab", ["Abrechnung"]),
        ("erklären Karten und ", ["Rangfolge"]),
        ("erklären doppelkopf Bed", ["Bedienen"]),
        ("Kreuz D", ["Dame"]),
    ],
    "nl": [
        ("vo", ["vos"]),
        ("Dul", ["Dulle"]),
        ("uitleg tel", ["telling"]),
        ("uitleg de ", ["partij"]),
        ("uitleg aankondigingen en ", ["verdubbelen"]),
        ("klaveren b", ["boer"]),
    ],
    "en": [("Dul", ["Dulle"]), ("explain sco", ["scoring"]), ("explain cards and ", ["ranking"])],
}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_completion_offers_nicknames_and_topics_in_the_table_s_words(
    tmp_path: Path, lang: str
) -> None:
    from scorekeeper.table.complete import candidates

    path = new_match(tmp_path, "doppelkopf", FOUR, lang=_lang(lang))
    s = Session.open(path)
    hand = s.current_hand()
    for before, offered in COMPLETED[lang]:
        assert candidates(hand, FOUR, before, lang) == offered, before
    topics = candidates(hand, FOUR, f"{EXPLAIN[lang]} ", lang)
    listed = [name.casefold() for name, _ in _topic_list(tmp_path, lang, "doppelkopf")]
    assert listed == [topic.casefold() for topic in topics]  # the list begins each with a capital


def test_completion_offers_a_nickname_only_for_a_card_that_may_be_played(tmp_path: Path) -> None:
    """Once a trick is led in diamonds, Ben (holding them, as the deal says nothing) may
    play the fox: ``Fu`` completes; ``nel`` waits for trump in Klaverjassen."""
    from scorekeeper.table.complete import candidates

    path = new_match(tmp_path, "klaverjassen", FOUR, lang="nl")
    hand = Session.open(path).current_hand()
    assert candidates(hand, FOUR, "ne", "nl") == []  # no trump chosen: no nel yet


@pytest.mark.parametrize(
    ("lang", "typed", "shown"),
    [("de", "Du", "Dulle"), ("de", "erklären Ab", "Abrechnung"), ("nl", "uitleg de ", "partij")],
)
def test_tab_completes_in_the_table_s_words_in_a_terminal(  # type: ignore[no-untyped-def]
    tmp_path: Path, tmux, lang: str, typed: str, shown: str
) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=lang)
    t = tmux(path, width=120)
    t.wait(PROMPT[lang])  # the line editor is there: keys before it would be lost
    t.literal(typed)
    t.keys("Tab")
    screen = t.wait(f"{typed.rsplit(' ', 1)[0] + ' ' if ' ' in typed.strip() else ''}{shown}")
    assert "Traceback" not in screen
