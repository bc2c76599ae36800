"""Settling up: balances at a price per point and the fewest transfers, checked against
cases whose minimal answers are known, a brute-force search, and the real command line."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from cli_helpers import run_cli
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.settle import balances, fewest_transfers


def brute_force(owed: list[int]) -> int:
    """The fewest transfers, by trying every zero-sum group holding the first debt."""
    owed = [c for c in owed if c]
    if not owed:
        return 0
    best = len(owed) - 1  # anyone can settle a whole table in n - 1 transfers
    rest = range(1, len(owed))
    for size in range(1, len(owed) - 1):
        for others in combinations(rest, size):
            group = (0, *others)
            if sum(owed[i] for i in group) == 0:
                left = [owed[i] for i in rest if i not in others]
                best = min(best, size + brute_force(left))
    return best


def settled(cents: dict[str, int]) -> dict[str, int]:
    """What each player is left with after the transfers: must be zero for everyone."""
    left = dict(cents)
    for t in fewest_transfers(cents):
        assert t.cents > 0 and t.payer != t.payee
        assert cents[t.payer] < 0 < cents[t.payee]  # debtors pay, creditors receive
        left[t.payer] += t.cents
        left[t.payee] -= t.cents
    return left


KNOWN = [
    ({"A": 10, "B": -10}, 1),
    ({"A": 10, "B": -10, "C": 5, "D": -5}, 2),
    ({"A": 15, "B": -10, "C": -5}, 2),
    ({"A": 3, "B": 3, "C": -2, "D": -2, "E": -2}, 4),
    ({"A": 10, "B": -3, "C": -7, "D": 4, "E": -4}, 3),
    ({"A": 6, "B": -6, "C": 6, "D": -6}, 2),
    ({"A": 5, "B": 5, "C": 5, "D": -15}, 3),
    ({"A": 4, "B": -1, "C": -1, "D": -1, "E": -1, "F": 0}, 4),
    ({"A": 0, "B": 0}, 0),
]


@pytest.mark.parametrize(("cents", "fewest"), KNOWN)
def test_known_minimal_answers(cents: dict[str, int], fewest: int) -> None:
    assert len(fewest_transfers(cents)) == fewest
    assert brute_force(list(cents.values())) == fewest
    assert set(settled(cents).values()) <= {0}


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=5))
def test_transfers_settle_every_balance_exactly_and_are_fewest(amounts: list[int]) -> None:
    cents = {f"P{i}": a for i, a in enumerate([*amounts, -sum(amounts)])}
    assert set(settled(cents).values()) <= {0}
    assert len(fewest_transfers(cents)) == brute_force(list(cents.values()))


@given(
    st.lists(st.integers(-10_000, 10_000), min_size=2, max_size=6),
    st.decimals(min_value=0, max_value=100, places=3),
)
def test_balances_add_up_to_zero_within_a_cent_of_exact(totals: list[int], price: Decimal) -> None:
    table = {f"P{i}": t for i, t in enumerate(totals)}
    average, cents = balances(table, price)
    assert average == Fraction(sum(totals), len(totals))
    assert sum(cents.values()) == 0
    for p, t in table.items():
        assert abs(Fraction(cents[p]) - (t - average) * Fraction(price) * 100) < 1


def _ok(home: Path, *args: str | Path) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_doppelkopf_pays_the_totals_as_they_stand(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "--price", "0.05")
    (match,) = (tmp_path / "matches").glob("*.toml")
    assert "price = 0.05\n" in match.read_text(encoding="utf-8")
    _ok(tmp_path, "hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re")  # Re +4
    _ok(tmp_path, "hand", "re=Anna,Ben", "re_points=200")  # Re +3
    data = json.loads(_ok(tmp_path, "settle", "--json"))
    assert data["totals"] == {"Anna": 7, "Ben": -1, "Carla": 1, "Dirk": -7}
    assert data["zero_sum"] is True and data["price"] == "0.05"
    assert data["balances_cents"] == {"Anna": 35, "Ben": -5, "Carla": 5, "Dirk": -35}
    assert [(t["from"], t["to"], t["cents"]) for t in data["transfers"]] == [
        ("Ben", "Carla", 5),
        ("Dirk", "Anna", 35),
    ]
    text = _ok(tmp_path, "settle")
    assert "the totals add up to zero" in text and "Dirk pays Anna 0.35" in text
    assert "Anna: +7 points, receives 0.35" in text and "not over yet" in text


def test_a_price_is_given_or_kept_and_never_made_up(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk")
    (match,) = (tmp_path / "matches").glob("*.toml")
    before = match.read_bytes()
    assert "price" not in before.decode("utf-8")  # no price: the header is as before
    res = run_cli(tmp_path, "settle")
    assert res.returncode == 2 and "no price per point" in res.stderr and res.stdout == ""
    assert match.read_bytes() == before
    assert "Nobody pays anybody" in _ok(tmp_path, "settle", "--price", "1")
    assert match.read_bytes() == before  # --price alone changes nothing
    assert "kept in the match file" in _ok(tmp_path, "settle", "--price", "0.5", "--save")
    assert "price = 0.5\n" in match.read_text(encoding="utf-8")
    assert json.loads(_ok(tmp_path, "settle", "--json"))["price"] == "0.5"
    bad = run_cli(tmp_path, "settle", "--price", "-1")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    words = run_cli(tmp_path, "settle", "--price", "abc")
    assert words.returncode == 2 and "env var" not in words.stderr


def test_a_bad_price_in_the_header_is_a_match_file_problem(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "--price", "2")
    (match,) = (tmp_path / "matches").glob("*.toml")
    text = match.read_text(encoding="utf-8")
    assert "price = 2.0\n" in text
    match.write_text(text.replace("price = 2.0", 'price = "two"'), encoding="utf-8")
    res = run_cli(tmp_path, "check", match)
    assert res.returncode == 1 and "price must be a number" in res.stderr


def test_where_only_winners_score_the_average_is_the_reference(tmp_path: Path) -> None:
    match = tmp_path / "kl.toml"
    _ok(tmp_path, "demo", "--current", "kloepper", "--hands", "5", "--match", match)
    data = json.loads(_ok(tmp_path, "settle", "--price", "0.25", "--match", match, "--json"))
    totals = data["totals"]
    average = Fraction(sum(totals.values()), len(totals))
    assert data["zero_sum"] is (sum(totals.values()) == 0)
    for p, t in totals.items():
        assert abs(data["balances_cents"][p] - (t - average) * 25) < 1
    assert sum(data["balances_cents"].values()) == 0
    text = _ok(tmp_path, "settle", "--price", "0.25", "--match", match)
    if not data["zero_sum"]:
        assert "against the table's average" in text


# ---------------------------------------------------------------------- loss money


def test_loss_money_beside_the_price_per_point(tmp_path: Path) -> None:
    """Stepped loss money (issue 30): 0.50 for each of the first three lost games, 1.00
    from the fourth; paid into the club's till, beside the balances."""
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "--price", "0.05")
    for _ in range(5):
        _ok(tmp_path, "hand", "re=Anna,Ben", "re_points=130")  # Carla and Dirk lose 5
    _ok(tmp_path, "hand", "re=Carla,Ben", "re_points=130")  # Anna and Dirk lose 1
    data = json.loads(_ok(tmp_path, "settle", "--loss-money", "0.50,4:1.00", "--json"))
    assert data["price"] == "0.05" and data["totals"]["Ben"] == 6  # the settlement stays
    loss = data["loss_money"]
    assert loss["steps"] == [{"from": 1, "amount": "0.50"}, {"from": 4, "amount": "1.00"}]
    assert loss["lost"] == {"Anna": 1, "Ben": 0, "Carla": 5, "Dirk": 6}
    # Carla 3 x 0.50 + 2 x 1.00 = 3.50; Dirk 3 x 0.50 + 3 x 1.00 = 4.50
    assert loss["cents"] == {"Anna": 50, "Ben": 0, "Carla": 350, "Dirk": 450}
    assert loss["total"] == "8.50" and loss["total_cents"] == 850
    text = _ok(tmp_path, "settle", "--loss-money", "0.50,4:1.00")
    assert "Dirk: 6 lost games, 4.50" in text and "Anna: 1 lost game, 0.50" in text
    assert "Loss money in all: 8.50" in text and "Dirk pays" in text
    german = run_cli(tmp_path, "--lang", "de", "settle", "--loss-money", "0.50,4:1.00")
    assert "Dirk: 6 verlorene Spiele, 4,50 €" in german.stdout
    assert "ab dem 4. verlorenen Spiel" in german.stdout
    dutch = run_cli(tmp_path, "--lang", "nl", "settle", "--loss-money", "0.50,4:1.00")
    assert "Verliesgeld in totaal: € 8,50" in dutch.stdout


def test_loss_money_alone_and_its_usage_mistakes(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk")  # no price kept
    _ok(tmp_path, "hand", "re=Anna,Ben", "re_points=130")
    (match,) = (tmp_path / "matches").glob("*.toml")
    before = match.read_bytes()
    data = json.loads(_ok(tmp_path, "settle", "--loss-money", "0.25", "--json"))
    assert "price" not in data and data["loss_money"]["cents"]["Carla"] == 25
    for bad in ("abc", "0.505", "0:1.00", "1:0.50,1:1.00", "-1", "nan", "4:"):
        res = run_cli(tmp_path, "settle", "--loss-money", bad)
        assert res.returncode == 2 and "Traceback" not in res.stderr, bad
        assert "is not loss money" in res.stderr, bad
    assert match.read_bytes() == before
