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
    asked = "Zurücknehmen: Spiel 1 ist schon gewertet (Anna +100, Ben +62"
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
