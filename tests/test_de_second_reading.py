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
