"""The German second reading (issue 27, item 4) through the real piped table: a German
Klaverjassen table turns a card up with the word it reads in the messages ('deckt ... auf':
'aufdecken', as Klaberjass says it; 'umdrehen' is still read), hears whose turn it is in
German, and never sees the Dutch 'Pit' or a coined noun beside 'Trumpfmacher'."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import ok, run_cli
from table_helpers import piped

from scorekeeper.session import Session


def _klaverjassen(tmp_path: Path) -> Path:
    path = tmp_path / "kj.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    choice = "trump_choice=upturn_other_suit"
    options: list[str | Path] = ["--lang", "de", "--set", choice, "--match", path]
    ok(run_cli(tmp_path, "new", "klaverjassen", *players, *options))
    return path


def test_a_german_table_turns_a_card_up_with_aufdecken_and_hears_whose_turn(
    tmp_path: Path,
) -> None:
    path = _klaverjassen(tmp_path)
    res = piped(tmp_path, path, "Anna aufdecken H7\nBen passe\nCarla umdrehen H8\n")
    actions = Session.open(path).log.hands[0].actions
    assert actions == ["Anna upturn 7H", "Ben pass"], (actions, res.stdout, res.stderr)
    assert "Anna deckt 7♥ auf; jetzt nimmt Ben 7♥ (Herz) als Trumpf oder passt" in res.stdout
    assert "Ben passt; jetzt nimmt Carla 7♥ (Herz) als Trumpf oder passt" in res.stdout
    # 'umdrehen' is still read: refused as a second card turned up, not as an unknown word
    said = "Carla aufdecken 8♥: gerade wird keine Karte aufgedeckt: jetzt nimmt Carla 7♥"
    assert said in res.stderr, res.stderr


def test_the_german_explain_says_one_word_for_the_trump_maker_and_no_pit(tmp_path: Path) -> None:
    for rule_set in ("klaverjassen", "klaverjassen-3", "klaverjassen-wilde-boom"):
        text = ok(run_cli(tmp_path, "explain", rule_set, "--lang", "de"))
        text += "".join(
            ok(run_cli(tmp_path, "explain", rule_set, topic, "--lang", "de"))
            for topic in ("parteien", "abrechnung", "optionen")
        )
        for rival in ("Trumpfbestimmer", "Trumpf gemacht", "Trumpf macht", "Pit", "umdrehen"):
            assert rival not in text, (rule_set, rival)


def test_undo_and_redo_name_what_they_took_without_saying_it_twice(tmp_path: Path) -> None:
    """'Zurückgenommen: ... entfernt' and 'Wiederhergestellt: ... wieder eingetragen' said
    the same thing twice; the line names what went or came back, once."""
    path = _klaverjassen(tmp_path)
    ok(run_cli(tmp_path, "act", "Anna upturn 7H", "Ben pass", "--match", path))
    undone = ok(run_cli(tmp_path, "undo", "--match", path))
    assert undone.strip() == "Zurückgenommen: 'Ben passe'", undone
    redone = ok(run_cli(tmp_path, "redo", "--match", path))
    assert redone.strip() == "Wiederhergestellt: 'Ben passe'", redone


def test_undo_of_a_scored_hand_says_it_is_scored_and_asks_trotzdem(tmp_path: Path) -> None:
    """'das entfernt Spiel 1, gewertet mit ...' and 'Wirklich entfernen?' read as a
    translation; a table says the hand is already scored and asks whether to take it back
    all the same."""
    path = _klaverjassen(tmp_path)
    ok(run_cli(tmp_path, "hand", "playing=Anna", "trump=hearts", "points=100", "-m", path))
    res = piped(tmp_path, path, "zurück\nnein\n")
    asked = "Zurücknehmen: Spiel 1 ist schon gewertet (Anna & Carla +100, Ben & Dirk +62)"
    assert asked in res.stdout, res.stdout
    assert "Trotzdem zurücknehmen? (ja/nein)" in res.stdout, res.stdout
    assert "entfernt" not in res.stdout + res.stderr
    said = run_cli(tmp_path, "undo", "-m", path)
    assert said.returncode == 1, said.stdout + said.stderr
    assert "um es trotzdem zurückzunehmen: 'scorekeeper undo --yes'" in said.stderr


def test_klaberjass_bidding_says_nehmen_as_the_explanation_does(tmp_path: Path) -> None:
    """The bidding lines said 'aufgedeckt K♣: Ben kann Kreuz annehmen' while `explain`
    and the typed word say 'nehmen' ('Ben nehme'); the card comes first, as it is said."""
    path = tmp_path / "kb.toml"
    ok(run_cli(tmp_path, "new", "klaberjass", "Anna", "Ben", "--lang", "de", "--match", path))
    res = piped(tmp_path, path, "Anna aufdecken KC\nBen passe\n")
    assert "K♣ aufgedeckt: Ben kann Kreuz als Trumpf nehmen" in res.stdout, res.stdout
    assert "Ben passt; Anna kann Kreuz als Trumpf nehmen" in res.stdout, res.stdout
    assert "annehmen" not in res.stdout


def _current_klaverjassen(tmp_path: Path) -> None:
    """A German Klaverjassen match, the data folder's current one (stats read the folder)."""
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(tmp_path, "new", "klaverjassen", *players, "--lang", "de"))


def test_every_trick_is_a_durchmarsch_in_the_hand_the_stats_and_explain(tmp_path: Path) -> None:
    """Item 3: German tables say 'Durchmarsch' for a side that takes every trick (the
    club's rules count them: 'mehr Durchmärsche'); the hand's line said 'alle Stiche', the
    stats the Dutch 'Pit', explain 'Prämie für alle Stiche'. One term everywhere."""
    _current_klaverjassen(tmp_path)
    said = ok(run_cli(tmp_path, "hand", "playing=Anna", "trump=hearts", "points=162"))
    assert "+100 Anna & Carla: Durchmarsch" in said, said
    stats = ok(run_cli(tmp_path, "stats", "--lang", "de"))
    assert "Durchmärsche 1" in stats, stats
    assert "Pit" not in stats
    text = "".join(
        ok(run_cli(tmp_path, "explain", rule_set, "abrechnung", "--lang", "de"))
        + ok(run_cli(tmp_path, "explain", rule_set, "optionen", "--lang", "de"))
        for rule_set in ("klaverjassen", "klaverjassen-3", "klaverjassen-wilde-boom")
    )
    assert "Durchmarsch" in text
    assert "Durchmarsch für die Gegner (Optionen)" in text, text
    for rival in ("Prämie für alle Stiche", "100 für alle Stiche", "Pit", "Mars"):
        assert rival not in text, rival


def test_all_tricks_no_is_a_hand_without_a_durchmarsch_not_without_any_trick(
    tmp_path: Path,
) -> None:
    """'ohne jeden Stich bekommen zu haben' reads 'without any trick'; all_tricks=nein is
    a side with all 162 card points that did not take every trick."""
    _current_klaverjassen(tmp_path)
    keys = ok(run_cli(tmp_path, "hand", "--keys"))
    assert "alle 162 Augen hat, aber nicht alle Stiche (kein Durchmarsch)" in keys, keys
    assert "ohne jeden Stich" not in keys


def test_bierkopf_quick_points_names_the_key_as_typed_and_no_1_augen(tmp_path: Path) -> None:
    """'points: die Partei kann nicht 1 Augen haben' quoted the English key as a label and
    counted '1 Augen'; the fact is quoted as the table names it (Augen=1, typed points=1)."""
    path = tmp_path / "bk.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(tmp_path, "new", "bierkopf", *players, "--lang", "de", "--match", path))
    few = run_cli(tmp_path, "hand", "team=Anna", "points=1", "-m", path)
    assert "Augen=1: so wenige Augen kann eine Partei nicht haben" in few.stderr, few.stderr
    many = run_cli(tmp_path, "hand", "team=Anna", "points=119", "-m", path)
    assert "Augen=119: dann hätte die andere Partei 1, und so wenige" in many.stderr, many.stderr
    assert "1 Augen" not in few.stderr + many.stderr


def test_kloepper_status_names_the_side_without_andere_partei(tmp_path: Path) -> None:
    """'Carla: Gegenklopfen (Andere-Partei)': the side's name is not a compound; the
    status names the side as the sheet does."""
    path = tmp_path / "kl.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(tmp_path, "new", "kloepper", *players, "--lang", "de", "--match", path))
    ok(run_cli(tmp_path, "act", "Ben knock", "Carla knock", "-m", path))
    status = ok(run_cli(tmp_path, "status", "-m", path))
    assert "  Ben: Klopfen (Damen)\n" in status, status
    assert "  Carla: Gegenklopfen (Gegenpartei)\n" in status, status  # one name: Gegenpartei
    assert "-Partei" not in status


def test_a_usage_refusal_is_tagged_as_the_table_reads_it(tmp_path: Path) -> None:
    """'[Aufruf]' (click's 'Usage:' heading) tagged a refusal nobody called wrongly."""
    _current_klaverjassen(tmp_path)
    res = run_cli(tmp_path, "undo")
    assert res.returncode == 2, res.stdout + res.stderr
    assert res.stderr.strip().endswith("keine Spiele [Eingabe]"), res.stderr


def test_the_table_lists_what_was_said_not_announced(tmp_path: Path) -> None:
    """A trump choice or a pass is not an announcement: the table's line of what was said
    in the hand read 'angesagt: Ben Trumpf herz'."""
    path = tmp_path / "kj.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(tmp_path, "new", "klaverjassen", *players, "--lang", "de", "--match", path))
    ok(run_cli(tmp_path, "act", "Ben pass", "Carla trump hearts", "-m", path))
    res = piped(tmp_path, path, "ende\n")
    assert "\nGesagt: Carla wählte Herz als Trumpf" in res.stdout, res.stdout
    assert "angesagt:" not in res.stdout


def test_the_sheet_marks_the_trump_maker_without_a_side_of_one(tmp_path: Path) -> None:
    """Klaverjassen for three has no sides: the sheet's legend said 'die Partei, die Trumpf
    bestimmt hat' under one player's column; the mark fits a player and a pair alike."""
    for rule_set, players, points in (
        ("klaverjassen-3", ["Anna", "Ben", "Carla"], "points_of=Ben:100,Anna:30"),
        ("klaverjassen", ["Anna", "Ben", "Carla", "Dirk"], "points=100"),
    ):
        path = tmp_path / f"{rule_set}.toml"
        ok(run_cli(tmp_path, "new", rule_set, *players, "--lang", "de", "--match", path))
        ok(run_cli(tmp_path, "hand", "playing=Ben", "trump=hearts", points, "-m", path))
        sheet = ok(run_cli(tmp_path, "score", "-m", path))
        assert "\n* hat Trumpf bestimmt\n" in sheet, sheet
        assert "Partei, die Trumpf" not in sheet


def test_a_german_kloepper_table_knocks_back_with_gegenklopfen(tmp_path: Path) -> None:
    """Status and explain call the reply 'Gegenklopfen'; typed, 'Carla gegenklopfen' was
    refused as neither a card nor an action."""
    path = tmp_path / "kl.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(tmp_path, "new", "kloepper", *players, "--lang", "de", "--match", path))
    res = piped(tmp_path, path, "Ben klopfe\nCarla gegenklopfen\n")
    assert "Carla klopft dagegen" in res.stdout, res.stdout + res.stderr
    assert "Fehler" not in res.stderr, res.stderr
    actions = Session.open(path).log.hands[0].actions
    assert actions == ["Ben knock", "Carla knock"], actions


def test_a_late_announcement_names_the_card_as_a_table_counts(tmp_path: Path) -> None:
    """'bevor Karte 5 auf dem Tisch liegt (es sind 5)' (issue 27's example): the card is
    counted ('die 5. Karte'), the cards played are named."""
    path = tmp_path / "dk.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(tmp_path, "new", "doppelkopf", *players, "--lang", "de", "--match", path))
    res = piped(tmp_path, path, "kd 9d qd 9d\nad\nDirk Re\n")
    late = "zu spät für Re: die Ansage muss kommen, bevor die 5. Karte auf dem Tisch liegt"
    assert f"{late} (gespielt: 5)" in res.stderr, res.stderr
    assert "es sind" not in res.stderr


def test_bierkopf_s_second_double_names_the_cards_played(tmp_path: Path) -> None:
    path = tmp_path / "bk.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(tmp_path, "new", "bierkopf", *players, "--lang", "de", "--match", path))
    res = run_cli(tmp_path, "act", "Ben double", "Ben QC", "Carla double", "-m", path)
    assert "sobald 2 Karten auf dem Tisch liegen (gespielt: 1)" in res.stderr, res.stderr
    assert "es sind" not in res.stderr


def test_the_side_word_comes_after_a_promise_as_typed(tmp_path: Path) -> None:
    """explain said 'mit Re oder Kontra davor' (before) while the refusal asks for 'Anna
    keine 90 Re' (after): one order, the one read."""
    text = ok(run_cli(tmp_path, "explain", "doppelkopf", "ansagen", "--lang", "de"))
    assert "mit Re oder Kontra dahinter, etwa 'Anna keine 90 Re'" in text, text
    assert "davor" not in text


def test_settle_counts_the_payments_without_a_plural_to_agree(tmp_path: Path) -> None:
    """'3 Zahlungen, die wenigsten, die jeden Stand ausgleichen' (and '1 Zahlungen')."""
    path = tmp_path / "dk.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    ok(run_cli(tmp_path, "new", "doppelkopf", *players, "--lang", "de", "--match", path))
    ok(run_cli(tmp_path, "hand", "re=Anna,Carla", "re_points=150", "-m", path))
    said = ok(run_cli(tmp_path, "settle", "--price", "0.1", "-m", path))
    assert "So gleichen die wenigsten Zahlungen (2) jeden Stand aus:" in said, said


def test_a_german_price_is_written_with_a_decimal_comma_as_it_is_read(tmp_path: Path) -> None:
    """The price is read as '0,05' at a German table and shown as '0,10 €'; the hints
    said '--price 0.05' and 'Preis pro Punkt' beside 'je Punkt'. Language line: 'können so
    eingegeben werden' did not say in what."""
    path = tmp_path / "dk.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    new = ok(run_cli(tmp_path, "new", "doppelkopf", *players, "--lang", "de", "--match", path))
    assert "Karten und Wörter können in dieser Sprache eingegeben werden." in new, new
    ok(run_cli(tmp_path, "hand", "re=Anna,Carla", "re_points=150", "-m", path))
    nan = run_cli(tmp_path, "settle", "--price", "nan", "-m", path)
    boxed = " ".join(nan.stderr.replace("│", " ").split())  # click's box wraps the line
    assert "gib einen Preis je Punkt an, etwa 0,05" in boxed, nan.stderr
    none = run_cli(tmp_path, "settle", "-m", path)
    assert "gib einen mit --price 0,05 an oder speichere einen" in none.stderr, none.stderr
    comma = ok(run_cli(tmp_path, "settle", "--price", "0,05", "--save", "-m", path))
    assert "0,05 € je Punkt" in comma, comma


def test_the_rule_set_list_names_the_base_rule_set(tmp_path: Path) -> None:
    """The column holding the rule set a variant builds on was headed 'erweitert'
    ('extended'), as if the listed set were the extended one."""
    listed = ok(run_cli(tmp_path, "rules", "list", "--lang", "de"))
    head = next(line for line in listed.splitlines() if "Kennung" in line)
    assert "Basis" in head and "erweitert" not in head, listed
