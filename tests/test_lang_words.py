"""The games' own words in what scorekeeper prints: a German Doppelkopf table reads
"Kontra", "keine 90", "Normalspiel", "Damensolo"; a Dutch Klaverjas table "troef harten",
"nat"; English stays word for word as before. Through the real command line, on match
files in a temporary folder."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import PLAYERS, SHIPPED_RULE_SETS, run_cli

from scorekeeper.lang.terms import term


def _ok(home: Path, *args: str) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_the_engine_terms_in_each_language() -> None:
    assert term("contra", "de") == "Kontra" and term("Kontra", "de") == "Kontra"
    assert term("no90", "de") == "keine 90" and term("no 90", "nl") == "geen 90"
    assert term("normal game", "de") == "Normalspiel" and term("normal", "nl") == "normaal spel"
    assert term("queens solo", "de") == "Damensolo"
    assert term("trump hearts", "nl") == "troef harten"
    assert term("Ben re", "de") == "Ben Re"  # names stay, words change
    assert term("failed", "nl") == "nat"
    assert term("Anna/Carla", "nl") == "Anna/Carla"
    assert term("no90", "en") == "no90" and term("normal game", "en") == "normal game"


def test_a_german_doppelkopf_table_reads_its_words(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", "de")
    assert "Ben sagt Re an" in _ok(tmp_path, "announce", "Ben", "Re")
    assert "Carla sagt Kontra an" in _ok(tmp_path, "announce", "Carla", "Kontra")
    _ok(tmp_path, "trick", "Kreuz Dame, Herz Zehn, KaA, D♦")
    assert "Ben sagt keine 90 an" in _ok(tmp_path, "announce", "Ben", "keine", "90")
    status = _ok(tmp_path, "status")
    assert "Normalspiel" in status and "normal game" not in status
    assert "Carla sagte Kontra an" in status  # by a Kontra player: the side not said twice
    assert "Ben: keine 90 (Re)" in status
    data = json.loads(_ok(tmp_path, "status", "--json"))
    assert data["contract"] == "normal game"  # --json stays language-neutral
    assert [a["kind"] for a in data["announcements"]] == ["re", "contra", "no90"]


def test_a_german_quick_hand_and_sheet(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", "de")
    out = _ok(
        tmp_path, "hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re", "-a", "Ben contra"
    )
    assert "Normalspiel; Augen Re 165, Kontra 75" in out, out
    assert "+1 Kontra unter 90" in out and "Contra" not in out
    sheet = _ok(tmp_path, "score")
    assert "Normalspiel" in sheet and "normal " not in sheet, sheet


def test_a_german_ddv_solo_by_its_english_or_german_name(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf-ddv", *PLAYERS, "--lang", "de")
    out = _ok(tmp_path, "hand", "re=Ben", "re_points=200", "solo=queens")
    assert "Damensolo, Ben (Pflichtsolo)" in out, out
    out = _ok(tmp_path, "hand", "re=Ben", "re_points=200", "solo=Damen")
    assert "Damensolo, Ben" in out, out
    assert "Damensolo, Ben" in _ok(tmp_path, "score")
    log = (tmp_path / "matches").glob("*.toml")
    assert all('solo = "queens"' in p.read_text("utf-8") for p in log)


def test_a_dutch_klaverjas_table_reads_its_words(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "klaverjassen", *PLAYERS, "--lang", "nl")
    out = _ok(tmp_path, "act", "Ben pas", "Carla troef harten")
    assert "Carla kiest harten ♥ als troef" in out, out
    _ok(tmp_path, "trick", "klaveren boer, HH, VKl, R7")
    status = _ok(tmp_path, "status")
    assert "harten ♥ troef" in status and "Carla koos harten als troef" in status, status
    assert "kondigde troef" not in status, status  # trump is chosen, not announced
    assert "hearts" not in status and "trump" not in status


def test_english_words_stay_as_they_were(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", "en")
    assert "Ben announces re" in _ok(tmp_path, "announce", "Ben", "re")
    assert "Carla announces contra" in _ok(tmp_path, "announce", "Carla", "contra")
    status = _ok(tmp_path, "status")
    assert "normal game" in status and "Carla announced Contra" in status, status


# ------------------------------------------------------------------ explain, rules show

SHIPPED = SHIPPED_RULE_SETS


def test_every_rule_set_text_is_translated() -> None:
    """Strict: every explain, summary and note of a shipped rule set has its German and
    Dutch words (msgctxt "explain"); `catalog check` lists a gap."""
    from scorekeeper.text import catalog

    gaps = [p for p in catalog.problems(rule_words=True) if " explain " in p]
    assert gaps == [], gaps[:10]


def test_every_section_of_every_rule_set_has_a_heading_in_de_and_nl() -> None:
    from scorekeeper import referee
    from scorekeeper import ruleset as rs
    from scorekeeper.lang import language

    for name in SHIPPED:
        rules = rs.load(name)
        keys = {s["section"] for t in referee.TOPICS for s in referee.explain(rules, t)["sections"]}
        keys |= {k for k, v in rules.data.items() if isinstance(v, dict) and v.get("explain")}
        for lang in ("de", "nl"):
            sections = language(lang).sections
            for key in keys:
                parts = key.split(".")
                named = parts[1:] if parts[0] == "options" else parts
                assert parts[0] in sections, (lang, name, key)
                if parts[0] != "options":
                    assert all(p in sections for p in named), (lang, name, key)


def test_explain_and_rules_show_speak_the_language(tmp_path: Path) -> None:
    german = _ok(tmp_path, "explain", "doppelkopf", "announcements", "--lang", "de")
    # a heading names the rule in words, not by its key (issue 27: '[announcements.window]')
    assert "\nZeitpunkte (Ansagen)\n" in german and "[announcements" not in german, german
    assert "Re (die Partei der Alten) und Kontra" in german
    dutch = _ok(tmp_path, "--lang", "nl", "explain", "klaverjassen-wilde-boom", "scoring")
    assert "\nStreepjes (roem)\n" in dutch and "\nVerzaken\n" in dutch, dutch
    assert "[roem.tally]" not in dutch and "[revoke]" not in dutch, dutch
    shown = _ok(tmp_path, "rules", "show", "kloepper", "--lang", "de")
    assert "Klopfen: Wer eine schwarze Dame hat" in shown and "[knock]" not in shown, shown
    english = _ok(tmp_path, "explain", "doppelkopf", "announcements", "--lang", "en")
    assert "\nannouncements.window\n" in english and "Ansagen" not in english


# ------------------------------------------------------------------ cards by their names


def test_a_german_match_shows_its_cards_by_their_german_names(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", "de")
    out = _ok(tmp_path, "trick", "Kreuz Dame, Herz Zehn, KaA, D♦")
    assert "Ben D♣\nCarla 10♥\nDirk A♦\nAnna D♦\n" in out, out
    assert "10♥ von Carla: der höchste Trumpf" in out
    assert "Stich 1: Ben:D♣ Carla:10♥ Dirk:A♦ Anna:D♦" in _ok(tmp_path, "status")
    english = _ok(tmp_path, "status", "--lang", "en")  # the words and the cards of English
    assert "trick 1: Ben:QC Carla:10H Dirk:AD Anna:QD" in english, english
    data = json.loads(_ok(tmp_path, "status", "--json"))
    assert data["tricks"][0]["plays"][0] == ["Ben", "QC"]
    (match,) = (tmp_path / "matches").glob("*.toml")
    assert '"Ben QC",\n    "Carla 10H",' in match.read_text("utf-8")


def test_a_dutch_refusal_names_the_card_as_the_table_does(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "klaverjassen", *PLAYERS, "--lang", "nl")
    _ok(tmp_path, "act", "Ben pas", "Carla troef harten")
    assert "Ben B♣\nCarla H♥\n" in _ok(tmp_path, "trick", "klaveren boer, HH, VKl, R7")
    (match,) = (tmp_path / "matches").glob("*.toml")
    before = match.read_bytes()
    res = run_cli(tmp_path, "play", "R7")
    assert res.returncode == 1 and "Carla 7♦: 7♦ is al gespeeld" in res.stderr, res.stderr
    assert match.read_bytes() == before


def test_the_table_session_in_german_names_cards_and_words(tmp_path: Path) -> None:
    from table_helpers import new_match

    from scorekeeper.session import Session
    from scorekeeper.table.session import TableSession
    from scorekeeper.text import language

    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang="de")
    table = TableSession(path, lang="de")
    language.choose("de")
    try:
        helped = table.handle("help").lines[0]
        assert "keine 90" in helped and "fünf Neunen" in helped and "no90" not in helped
        # the announcement, then the side it shows (issue 28)
        said = ["Carla sagt Kontra an", "Kontra: Carla"]
        assert table.handle("carla kontra").lines == said
        lines = table.handle("krd hz kaa ka9").lines
    finally:
        language.reset()
    cards = [line for line in lines if not line.startswith(("Re:", "Kontra:"))]
    assert cards[:4] == ["Ben D♣", "Carla 10♥", "Dirk A♦", "Anna 9♦"], lines
    assert lines[1:3] == ["Re: Ben", "Kontra: Carla"]  # Ben's queen of clubs shows him Re
    recorded = Session.open(path).log.hands[0].actions
    assert recorded == ["Carla contra", "Ben QC", "Carla 10H", "Dirk AD", "Anna 9D"]


# ------------------------------------------------------------------ click's own words


def test_click_and_typer_speak_german_and_dutch(tmp_path: Path) -> None:
    helped = _ok(tmp_path, "--lang", "de", "announce", "--help")
    for word in ("Aufruf: scorekeeper announce", "Argumente", "Optionen", "[Pflicht]"):
        assert word in helped, (word, helped)
    assert "Zeigt diese Hilfe und beendet das Programm." in helped and "Usage:" not in helped
    missing = run_cli(tmp_path, "--lang", "nl", "announce")
    assert missing.returncode == 2 and "Ontbrekend argument 'SPELER'." in missing.stderr
    assert "Gebruik: scorekeeper announce" in missing.stderr and "Fout" in missing.stderr
    unknown = run_cli(tmp_path, "score", "--bogus", "--lang", "de")
    assert unknown.returncode == 2 and "Unbekannte Option: --bogus" in unknown.stderr
    bad = run_cli(tmp_path, "settle", "--price", "abc", env={"LANG": "de_DE.UTF-8"})
    assert "Ungültiger Wert für '--price': 'abc' ist keine gültige Zahl" in bad.stderr, bad.stderr
    english = run_cli(tmp_path, "announce", "--lang", "en")
    assert "Missing argument 'PLAYER'." in english.stderr and "Usage:" in english.stderr


def test_click_speaks_english_again_in_the_same_process() -> None:
    from typer.testing import CliRunner

    from scorekeeper.cli.app import app

    runner = CliRunner()
    german = runner.invoke(app, ["--lang", "de", "announce", "--help"])
    assert "Aufruf:" in german.output and "Zeigt diese Hilfe" in german.output
    english = runner.invoke(app, ["--lang", "en", "announce", "--help"])
    assert "Usage:" in english.output and "Show this message and exit." in english.output
    dutch = runner.invoke(app, ["--lang", "nl", "score", "--bogus"])
    assert dutch.exit_code == 2 and "Onbekende optie: --bogus" in dutch.output
    plain = runner.invoke(app, ["--lang", "en", "score", "--bogus"])
    assert "No such option: --bogus" in plain.output


# ------------------------------------------------------------------ numbers and dates


def test_money_and_dates_as_each_language_writes_them(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", "de", "--price", "0.5")
    _ok(tmp_path, "hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re")
    german = _ok(tmp_path, "settle")
    assert "Abrechnung zu 0,50 € je Punkt" in german and "Ben zahlt Carla 2,00 €" in german, german
    dutch = _ok(tmp_path, "settle", "--price", "1234.5", "--lang", "nl")
    assert "Ben betaalt Carla € 4.938,00" in dutch, dutch
    english = _ok(tmp_path, "settle", "--lang", "en")
    assert "Ben pays Carla 2.00" in english and "at 0.5 per point" in english, english
    data = json.loads(_ok(tmp_path, "settle", "--json"))
    assert data["price"] == "0.5"  # programs read numbers as before
    (match,) = (tmp_path / "matches").glob("*.toml")
    day = match.stem[:8]  # the file is named by the day it was started: 20261124-...
    listed = _ok(tmp_path, "matches", "--lang", "de")
    assert f"{day[6:8]}.{day[4:6]}.{day[:4]}" in listed, listed
    listed = _ok(tmp_path, "matches", "--lang", "nl")
    assert f"{day[6:8]}-{day[4:6]}-{day[:4]}" in listed, listed
    assert f"{day[:4]}-{day[4:6]}-{day[6:8]}" in _ok(tmp_path, "matches", "--lang", "en")


def test_the_games_words_under_announce_help_in_dutch(tmp_path: Path) -> None:
    helped = _ok(tmp_path, "--lang", "nl", "announce", "--help")
    assert "Naast kaarten: roepen AAS of alleen" in " ".join(helped.split()), helped
    assert "Besides cards" not in helped
    assert "Besides cards" in _ok(tmp_path, "--lang", "en", "announce", "--help")


# ------------------------------------------------------------------ the walk-through in docs/


def test_the_german_and_dutch_walkthrough_says_what_it_shows(tmp_path: Path) -> None:
    """Every command of docs/languages.md's 'In German and Dutch' block (README links to it),
    run in order in one data folder; each '# ...' line under a command is in what it printed."""
    import shlex

    doc = (Path(__file__).parent.parent / "docs" / "languages.md").read_text("utf-8")
    block = doc.split("## In German and Dutch", 1)[1].split("```sh", 1)[1]
    block = block.split("```", 1)[0]
    said = ""
    checked = 0
    for line in block.strip().splitlines():
        if line.startswith("#"):
            want = " ".join(line[1:].split())
            assert want in said, (want, said)
            checked += 1
            continue
        words = shlex.split(line)
        at = words.index("scorekeeper")  # LANG=de_DE.UTF-8 scorekeeper ...
        env = dict(w.split("=", 1) for w in words[:at])
        res = run_cli(tmp_path, *words[at + 1 :], env=env)
        said = " ".join((res.stdout + res.stderr).split())
    assert checked >= 15


# ------------------------------------------------------------------ the table, typed into


def _table(home: Path, typed: str, *args: str, env: dict[str, str] | None = None) -> str:
    import subprocess
    import sys

    from cli_helpers import cli_env

    res = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", *args],
        input=typed,
        env=cli_env(home, extra=env),
        capture_output=True,
        text=True,
        timeout=60,
    )
    return res.stdout + res.stderr


def test_the_table_session_through_the_command_line_in_german_and_dutch(tmp_path: Path) -> None:
    typed = "carla kontra\nkrd hz kaa ka9\nstatus\nhelp\nquit\n"
    german = _table(tmp_path, typed, "doppelkopf", *PLAYERS, env={"LANG": "de_DE.UTF-8"})
    for line in (
        "Carla sagt Kontra an",
        "Ben D♣\nRe: Ben\nKontra: Carla\nCarla 10♥\nDirk A♦\nAnna 9♦",
        "Stich 1 an Carla (24 Augen): 10♥ von Carla: der höchste Trumpf",
        "Spiel 1, Geber Anna, Normalspiel; 4 Karten gespielt",
        "die Wörter dieses Spiels: Re, Kontra, keine 90",
    ):
        assert line in german, (line, german)
    typed = "pas\ntroef harten\nklb hh vkl r7\nxyz\nquit\n"
    dutch = _table(tmp_path, typed, "klaverjassen", *PLAYERS, "--lang", "nl")
    for line in (
        "Carla kiest harten ♥ als troef; Anna & Carla spelen",
        "Ben B♣\nCarla H♥\nDirk V♣\nAnna 7♦",
        "Slag 1 naar Carla (9 kaartpunten): H♥ van Carla: de enige troef",
        "'xyz' is nu geen kaart, opdracht of woord van Amsterdams klaverjassen",
        "bijvoorbeeld kla kl10",
    ):
        assert line in dutch, (line, dutch)
    files = sorted((tmp_path / "matches").glob("*.toml"))
    assert '"Carla contra",\n    "Ben QC",' in files[0].read_text("utf-8")
    assert '"Carla trump hearts",\n    "Ben JC",' in files[1].read_text("utf-8")


def test_demo_sheets_in_german_and_dutch_keep_no_english_term(tmp_path: Path) -> None:
    """Seeded demos: Kloepper's sides, DDV's extra point against the queens and a Wilde
    Boom run's length in the table's words (the demo's hands are the same every run)."""
    kloepper = _ok(
        tmp_path, "--lang", "de", "demo", "--current", "kloepper", "--hands", "3", "--seed", "5"
    )
    assert "* Damen" in kloepper and "Queens" not in kloepper and "Others" not in kloepper
    dutch = _ok(
        tmp_path, "--lang", "nl", "demo", "--current", "kloepper", "--hands", "3", "--seed", "5"
    )
    assert "* vrouwen" in dutch and "anderen 61" in dutch, dutch  # result: issue 28
    ddv = _ok(
        tmp_path,
        "--lang",
        "de",
        "demo",
        "--current",
        "doppelkopf-ddv",
        "--hands",
        "1",
        "--seed",
        "5",
    )
    assert "gegen die Alten für Kontra" in " ".join(ddv.split()), ddv
    boom = _ok(
        tmp_path,
        "--lang",
        "de",
        "demo",
        "--current",
        "klaverjassen-wilde-boom",
        "--hands",
        "3",
        "--seed",
        "5",
    )
    assert "Folge von vier in Pik" in " ".join(boom.split()), boom
    english = _ok(
        tmp_path, "--lang", "en", "demo", "--current", "kloepper", "--hands", "3", "--seed", "5"
    )
    assert "* Queens" in english


def test_the_sheet_speaks_the_language_of_the_view(tmp_path: Path) -> None:
    """The sheet's game words follow what the rest of the output speaks: a Dutch match's
    sheet under --lang en says 'failed', a demo under --lang de says 'Kontra'."""
    demo = _ok(
        tmp_path, "--lang", "de", "demo", "--current", "doppelkopf", "--hands", "3", "--seed", "9"
    )
    assert "Kontra 155" in demo and "Contra" not in demo, demo  # result: issue 28
    demo = _ok(
        tmp_path,
        "--lang",
        "nl",
        "demo",
        "--current",
        "klaverjassen-3",
        "--hands",
        "2",
        "--seed",
        "7",
    )
    assert "♠ Ben, nat" in demo and "Anna en Carla" in demo and "failed" not in demo, demo
    english = _ok(tmp_path, "score", "--lang", "en")
    assert "♠ Ben, failed" in english and "Anna and Carla" in english, english
    dutch = _ok(tmp_path, "export", "--format", "markdown", "--lang", "nl")
    assert "♠ Ben, nat" in dutch and "failed" not in dutch, dutch


def test_a_player_named_like_a_game_term_keeps_the_name() -> None:
    """A player called Charlie stays Charlie at a German table (never Karlchen), while the
    games' words in the same text are still shown in German."""
    from scorekeeper.lang.terms import term
    from scorekeeper.text import language

    try:
        language.use_match("de", ["Anna", "Charlie", "Fox", "Dirk"])
        assert term("Charlie", "de") == "Charlie"
        assert term("Anna and Charlie", "de") == "Anna und Charlie"
        assert term("Fox and Dirk", "nl") == "Fox en Dirk"
        assert term("contra", "de") == "Kontra"
        language.use_match("de", ["Anna", "Ben", "Carla", "Dirk"])
        assert term("Charlie", "de") == "Karlchen"  # the game's word when nobody is named so
    finally:
        language.reset()
