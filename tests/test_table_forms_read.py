"""What a German or Dutch table types in a quick hand and in ``judge`` is read as the table
writes it (issue 27, second reading): a Klaberjass sequence's cards in the table's card forms
(``Anna:H7 H8 H9``), refused with the table's card forms as the hint; the trump suit by its
letter (Dutch ``R``, ``Kl``; German ``Ka``, ``Kr``) as well as by its name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli


def _match(tmp_path: Path, lang: str) -> tuple[Path, Path]:
    home, path = tmp_path / "home", tmp_path / f"kj-{lang}.toml"
    res = run_cli(home, "new", "klaberjass", "Anna", "Ben", "--lang", lang, "-m", path)
    assert res.returncode == 0, res.stderr
    return home, path


@pytest.mark.parametrize(
    ("lang", "trump", "suit", "runs", "codes"),
    [
        ("nl", "R", "diamonds", "Anna:H7 H8 H9,Ben:Kl10 KlB KlV", ["7H 8H 9H", "10C JC QC"]),
        ("nl", "Kl", "clubs", "Anna:harten 7 harten 8 harten 9", ["7H 8H 9H"]),
        ("de", "Ka", "diamonds", "Anna:H7 H8 H9,Ben:Kr10 KrB KrD", ["7H 8H 9H", "10C JC QC"]),
        ("de", "Kr", "clubs", "Anna:Herz 7 Herz 8 Herz 9", ["7H 8H 9H"]),
    ],
)
def test_a_quick_hand_reads_the_tables_cards_and_trump_letter(
    tmp_path: Path, lang: str, trump: str, suit: str, runs: str, codes: list[str]
) -> None:
    home, path = _match(tmp_path, lang)
    res = run_cli(
        home, "hand", "maker=Anna", f"trump={trump}", "points=Anna:95,Ben:36",
        f"sequences={runs}", "--json", match_env=path,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    result = json.loads(res.stdout)["result"]
    assert result["game_type"] == f"{suit} by Anna"
    labels = " ".join(item["label"] for item in result["items"])
    for run in codes:
        assert run in labels, labels
    # the match file keeps the codes, as an English table's entry would
    sheet = json.loads(run_cli(home, "score", "--json", match_env=path).stdout)
    assert len(sheet["hands"]) == 1


@pytest.mark.parametrize(("lang", "forms"), [("nl", "klaveren vrouw"), ("de", "Kreuz Dame")])
def test_a_card_no_one_writes_is_refused_with_the_tables_card_forms(
    tmp_path: Path, lang: str, forms: str
) -> None:
    home, path = _match(tmp_path, lang)
    before = path.read_bytes()
    res = run_cli(
        home, "hand", "maker=Anna", "trump=H", "points=Anna:95,Ben:36",
        "sequences=Anna:X9 H8 H9", match_env=path,
    )  # fmt: skip
    assert res.returncode != 0 and "Traceback" not in res.stderr
    assert "'X9'" in res.stderr and forms in res.stderr, res.stderr
    assert "QC, 10H" not in res.stderr, res.stderr
    assert path.read_bytes() == before
    # points are not cards: a word there is the points' own refusal, as before
    res = run_cli(
        home, "hand", "maker=Anna", "trump=H", "points=Anna:zestig,Ben:36", match_env=path
    )
    assert res.returncode != 0 and "Anna:62" in res.stderr, res.stderr


@pytest.mark.parametrize(
    ("lang", "letter", "name"),
    [("nl", "R", "ruiten"), ("nl", "Kl", "klaveren"), ("de", "Ka", "Karo"), ("de", "Kr", "Kreuz")],
)
def test_judge_reads_the_trump_suit_by_its_letter(
    tmp_path: Path, lang: str, letter: str, name: str
) -> None:
    args = ["judge", "klaberjass", "--trick", "Anna:AS", "--player", "Ben", "--hand"]
    hand = {"nl": "7H 8R 9Kl", "de": "7H 8Ka 9Kr"}[lang]
    outs = []
    for trump in (letter, name):
        res = run_cli(tmp_path / "home", *args, hand, "--trump", trump, "--lang", lang, "--json")
        assert res.returncode == 0, res.stderr
        outs.append(json.loads(res.stdout))
    assert outs[0] == outs[1]
    legal = [c["card"] for c in outs[0]["legal"] if c["legal"]]
    trump_card = {"R": "8D", "Ka": "8D", "Kl": "9C", "Kr": "9C"}[letter]
    assert legal == [trump_card], outs[0]  # cannot follow spades: must trump


def test_the_table_session_reads_a_dutch_sequence_and_trump_letter(tmp_path: Path) -> None:
    from table_helpers import piped

    home, path = _match(tmp_path, "nl")
    res = piped(home, path, "hand\nAnna\nR\nAnna:95,Ben:36\nAnna:H7 H8 H9\n\n\n\n\n")
    assert res.returncode == 0, res.stderr
    assert "ruiten door Anna" in res.stdout and "+20 Anna" in res.stdout, res.stdout
    sheet = json.loads(run_cli(home, "score", "--json", match_env=path).stdout)
    assert sheet["hands"][0]["totals"] == {"Anna": 115, "Ben": 36}
