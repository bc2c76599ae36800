"""Completion in the table's words for a card begun by its name after a player's name
(issue 27): ``Carla Pik<Tab>`` offers ``Pik Dame``..., not the short forms ``PD``... that
do not begin with what was typed; ``Ben schop<Tab>`` ``schoppen vrouw``. A short form
begun stays a short form (``Carla P`` -> ``PD``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, ok, run_cli

from scorekeeper.session import Session
from scorekeeper.table.complete import candidates
from scorekeeper.text import language


@pytest.mark.parametrize(
    ("lang", "game", "before", "typed", "offered", "short"),
    [
        ("de", "doppelkopf", [("play", "Ben", "QC")], "Carla Pik", "Pik Dame", "PD"),
        ("de", "doppelkopf", [("play", "Ben", "QC")], "Carla P", "PD", "Pik Dame"),
        ("nl", "klaverjassen", [("act", "Ben trump hearts")], "Ben schop", "schoppen vrouw", "SV"),
    ],
)
def test_a_card_begun_by_its_name_completes_to_its_name(
    tmp_path: Path,
    lang: str,
    game: str,
    before: list[tuple[str, ...]],
    typed: str,
    offered: str,
    short: str,
) -> None:
    path = tmp_path / "m.toml"
    ok(run_cli(tmp_path, "new", game, *PLAYERS, "--match", path, "--lang", lang))
    for args in before:
        ok(run_cli(tmp_path, *args, "--match", path))
    match = Session.open(path).match
    language.choose(lang)
    try:
        found = candidates(match.hands[-1].hand, match.players, typed, lang)
    finally:
        language.choose(None)
    assert offered in found, found
    assert short not in found, found
