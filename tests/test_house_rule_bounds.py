"""Well-typed but senseless house-rule values are refused when the rule set or option is
read, naming the key (issue 15, residue). The bounds are the deck's: its card points, the
cards of a hand, the players its deal serves; the tests read them from the rule sets."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

from scorekeeper import ruleset

DOPPELKOPF = ruleset.load("doppelkopf")
TOTAL = DOPPELKOPF.spec.card_points.total
HAND = DOPPELKOPF.hand_size
CARDS = len(DOPPELKOPF.deck)
NINES = sum(n for card, n in DOPPELKOPF.deck.counts.items() if card.rank == "9")


def house(tmp_path: Path, body: str, base: str = "doppelkopf") -> Path:
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "{base}"\nid = "house"\nname = "House"\n{body}\n')
    return path


def start(tmp_path: Path, game: str | Path, *args: str, players: int = 4):  # type: ignore[no-untyped-def]
    names = ["Anna", "Ben", "Carla", "Dirk", "Emil", "Fay"][:players]
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", str(game), *names, *args, "--match", match)
    return res, match


@pytest.mark.parametrize(
    ("body", "key", "words"),
    [
        (f"[scoring]\nre_needs = {TOTAL + 260}", "scoring.re_needs", f"deck's {TOTAL} card points"),
        (f"[scoring]\ncontra_needs = {TOTAL + 1}", "scoring.contra_needs", str(TOTAL)),
        ("[announcements.window]\nre = -3", "announcements.window.re", "not -3"),
        (f"[announcements.window]\nno90 = {CARDS + 1}", "announcements.window.no90", str(CARDS)),
        ("players = [3]", "players", f"to {CARDS // HAND} players"),
        ("players = [4, 6]", "players", "6 players"),
        (f"[extras]\ndoppelkopf_min = {TOTAL + 1}", "extras.doppelkopf_min", str(TOTAL)),
        (
            "[options.poverty_max_trumps]\ndefault = -5\nexplain = 'x'",
            "options.poverty_max_trumps",
            "at least 0",
        ),
    ],
)
def test_a_house_rule_beyond_the_deck_is_refused(
    tmp_path: Path, body: str, key: str, words: str
) -> None:
    res, match = start(tmp_path, house(tmp_path, body))
    assert res.returncode in (1, 2), res.stdout
    assert f"{key}:" in res.stderr and words in res.stderr, res.stderr
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr
    assert not match.exists()


def test_the_dealer_sitting_out_allows_one_more_player(tmp_path: Path) -> None:
    res, _ = start(tmp_path, house(tmp_path, "players = [4, 5]"), players=5)
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("poverty_max_trumps=-5", "must be at least 0, not -5"),
        (f"poverty_max_trumps={HAND + 1}", f"at most the {HAND} cards of a hand"),
        ("five_nines_count=99", f"a hand holds at most {min(HAND, NINES)} cards of rank 9"),
        ("five_nines_count=0", "must be at least 1"),
    ],
)
def test_a_set_option_beyond_the_deck_is_refused(tmp_path: Path, option: str, words: str) -> None:
    res, match = start(tmp_path, "doppelkopf", "--set", option)
    assert res.returncode in (1, 2)
    assert words in res.stderr and f"options.{option.split('=')[0]}" in res.stderr
    assert not match.exists()


@pytest.mark.parametrize(
    "option", [f"poverty_max_trumps={HAND}", f"five_nines_count={min(HAND, NINES)}"]
)
def test_a_set_option_at_the_bound_is_taken(tmp_path: Path, option: str) -> None:
    res, _ = start(tmp_path, "doppelkopf", "--set", option)
    assert res.returncode == 0, res.stderr


def test_duplicate_four_of_a_kind_ranks_are_refused(tmp_path: Path) -> None:
    res, match = start(tmp_path, "klaverjassen", "--set", "four_of_a_kind_ranks=A,A,K")
    assert res.returncode in (1, 2)
    assert "names A more than once" in res.stderr
    assert "[rule: options.four_of_a_kind_ranks]" in res.stderr
    assert not match.exists()


def test_every_shipped_rule_set_is_within_its_bounds() -> None:
    names = list(ruleset.available())
    assert len(names) >= 9
    for name in names:
        ruleset.load(name)
