"""What the second readers found the catalogues could not mend (issue 27): words the code
passed on as English codes. Four of a kind is named in the table's words ('vier Könige',
'vier heren', not 'vier kings'); the referee's value is titled in the table's language
('Waarde', not 'Value'); Wilde Boom's sheet names the last kraak as the table says it
('Super', not the code 'superkraak')."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import ok, run_cli

FOUR_KINGS = ("judge", "klaverjassen", "--trick", "Anna:KH Ben:KD Carla:KS Dirk:KC", "--trump", "H")


@pytest.mark.parametrize(
    ("lang", "said"), [("de", "vier Könige"), ("nl", "vier heren"), ("en", "four kings")]
)
def test_four_of_a_kind_is_named_in_the_table_s_words(tmp_path: Path, lang: str, said: str) -> None:
    out = ok(run_cli(tmp_path, "--lang", lang, *FOUR_KINGS))
    assert said in out and ("kings" not in out or lang == "en"), out


@pytest.mark.parametrize(("lang", "title"), [("de", "Wert"), ("nl", "Waarde"), ("en", "Value")])
def test_the_referee_s_value_is_titled_in_the_table_s_language(
    tmp_path: Path, lang: str, title: str
) -> None:
    facts = ("-f", "playing=Ben", "-f", "trump=H", "-f", "points=80", "-f", "roem=20")
    out = ok(run_cli(tmp_path, "--lang", lang, "judge", "klaverjassen", *facts))
    assert out.lstrip().startswith(f"{title}:"), out


def test_wilde_boom_s_sheet_names_the_kraak_as_the_table_says_it(tmp_path: Path) -> None:
    match = tmp_path / "wb.toml"
    players = ("Anna", "Ben", "Carla", "Dirk")
    ok(
        run_cli(
            tmp_path, "new", "klaverjassen-wilde-boom", *players, "--lang", "de", "--match", match
        )
    )
    facts = ("playing=Anna", "trump=Herz", "points=100", "roem=0", "roem_other=0", "kraak=Super")
    ok(run_cli(tmp_path, "hand", *facts, "--match", match))
    sheet = ok(run_cli(tmp_path, "score", "--match", match))
    assert "Super" in sheet and "superkraak" not in sheet, sheet


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("new", "--lang", "de", "--help"), ("Aufruf:", "Argumente", "Optionen", "[Pflicht]")),
        (("new", "--lang", "nl", "--help"), ("Gebruik:", "Opties")),
        (("table", "--lang", "de", "--help"), ("Aufruf:", "Optionen")),
    ],
)
def test_a_command_s_own_lang_gives_its_whole_help_in_that_language(
    tmp_path: Path, argv: tuple[str, ...], words: tuple[str, ...]
) -> None:
    """``new --lang de --help``: click's and Typer's words too ('Usage:' and the panel
    titles were English, as the root's --lang callback set them back)."""
    out = ok(run_cli(tmp_path, *argv))
    assert all(w in out for w in words) and "Usage:" not in out, out


@pytest.mark.parametrize(("lang", "near"), [("nl", "ruiten heer (H♦)"), ("de", "Karo König (K♦)")])
def test_the_nearest_card_is_shown_in_the_table_s_short_form(
    tmp_path: Path, lang: str, near: str
) -> None:
    """A misspelt card at a Dutch or German table: the card meant, in the table's short
    form (was the code, 'ruiten heer (KD)')."""
    match = tmp_path / "m.toml"
    ok(run_cli(tmp_path, "new", "doppelkopf", "A", "B", "C", "D", "--lang", lang, "--match", match))
    typed = {"nl": ("ruiten", "hear"), "de": ("Karo", "Köni")}[lang]
    res = run_cli(tmp_path, "play", *typed, "--match", match)
    assert res.returncode == 2 and near in res.stderr and "(KD)" not in res.stderr, res.stderr


@pytest.mark.parametrize(
    ("lang", "who", "said"),
    [
        ("en", "Dirk re", "Dirk plays against the soloist Ben"),
        ("de", "Ben kontra", "Ben spielt das Solo, allein gegen die anderen"),
        ("nl", "Dirk re", "Dirk speelt tegen de solospeler Ben"),
    ],
)
def test_a_claim_against_a_solo_s_sides_names_the_solo(
    tmp_path: Path, lang: str, who: str, said: str
) -> None:
    """In a queens solo the sides are the soloist and the others: a claim against them
    says so (it said 'plays against the queens of clubs', which a queens solo is not)."""
    match = tmp_path / "m.toml"
    ok(run_cli(tmp_path, "new", "doppelkopf-ddv", "Anna", "Ben", "Carla", "Dirk", "--match", match))
    ok(run_cli(tmp_path, "declare", "Ben", "solo", "queens", "--match", match))
    res = run_cli(tmp_path, "--lang", lang, "announce", *who.split(), "--match", match)
    assert res.returncode == 1 and said in res.stderr and "Kreuz" not in res.stderr, res.stderr


@pytest.mark.parametrize(("lang", "paid"), [("de", "Dirk 0,10 €"), ("nl", "Dirk € 0,10"), ("en", "Dirk 0.10")])
def test_a_price_is_read_with_a_decimal_comma(tmp_path: Path, lang: str, paid: str) -> None:
    """``--price 0,05`` as a German or Dutch table writes it (refused before: 'not a
    valid float'); ``0.05`` is read as always."""
    match = tmp_path / "m.toml"
    ok(run_cli(tmp_path, "demo", "doppelkopf", "--hands", "2", "--match", match))
    comma = ok(run_cli(tmp_path, "--lang", lang, "settle", "--price", "0,05", "--match", match))
    point = ok(run_cli(tmp_path, "--lang", lang, "settle", "--price", "0.05", "--match", match))
    assert comma == point and paid in comma, comma
