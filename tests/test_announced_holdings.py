"""What an announcement proves about a hand is checked at once: a wedding says its player
holds both queens of clubs, piglets that their player holds both aces of diamonds, so no
one else can play one (without a recorded deal the table hides the hands, but not these
cards)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import ok, run_cli, snapshot

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
HELD = {
    "en": "Anna announced a wedding and so holds both queens of clubs",
    "de": "Anna hat eine Hochzeit angesagt und hat damit beide Kreuz-Damen",
    "nl": "Anna meldde een bruiloft en heeft dus beide klaverenvrouwen",
}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_wedding_s_queens_are_its_player_s(lang: str, tmp_path: Path) -> None:
    path = tmp_path / "w.toml"
    ok(run_cli(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", lang, "-m", path))
    ok(run_cli(tmp_path, "act", "Anna wedding", "-m", path))
    for player, before_card in (("Ben", None), ("Carla", "10H")):
        if before_card:
            ok(run_cli(tmp_path, "play", "Ben", before_card, "-m", path))  # any other card
        before = snapshot(path)
        res = run_cli(tmp_path, "play", player, "QC", "-m", path, "--lang", "en")
        assert res.returncode == 1 and "declarations.wedding" in res.stderr, res.stderr
        said = run_cli(tmp_path, "play", player, "QC", "-m", path)
        assert HELD[lang] in said.stderr, said.stderr
        assert snapshot(path) == before
    ok(run_cli(tmp_path, "trick", "9D", "AD", "QC", "-m", path))  # Carla, Dirk, Anna's queen


def test_piglets_aces_are_their_player_s(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    ok(run_cli(tmp_path, "new", "doppelkopf", *PLAYERS, "--set", "piglets=true", "-m", path))
    ok(run_cli(tmp_path, "act", "Dirk piglets", "-m", path))
    ok(run_cli(tmp_path, "trick", "10H", "9D", "AD", "-m", path))  # Ben, Carla, Dirk
    before = snapshot(path)
    res = run_cli(tmp_path, "play", "Anna", "AD", "-m", path)
    assert res.returncode == 1, res.stderr
    assert "Dirk announced piglets and so holds both aces of diamonds" in res.stderr
    assert "[rule: options.piglets]" in res.stderr
    assert snapshot(path) == before
    ok(run_cli(tmp_path, "play", "Anna", "10D", "-m", path))
