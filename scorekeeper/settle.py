"""Settling up: what each player pays or receives at a price per point, and who pays
whom with the fewest transfers.

Each player's balance is their total minus the table's average total, times the price.
In a game whose totals add up to zero (Doppelkopf) the average is 0: the totals are paid
as they stand. In a game where only the winners score (Kloepper, Klaverjassen, Klaberjass,
Bierkopf) the average is what a player "breaks even" at: above it a player receives,
below it pays; partners each settle their own (equal) share. Amounts are whole cents
(hundredths of the currency); rounding keeps the balances adding up to exactly zero.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from scorekeeper.record import record

EXACT_UP_TO = 12
"""Up to this many players with a balance the fewest transfers are searched exactly."""


@record(frozen=True)
class Transfer:
    payer: str
    payee: str
    cents: int


@record
class Settlement:
    """The totals, the average they are measured against, each balance in cents
    (positive: receives) and the transfers that settle them."""

    price: Decimal
    totals: dict[str, int]
    average: Fraction
    balances: dict[str, int]
    transfers: list[Transfer]

    @property
    def zero_sum(self) -> bool:
        return self.average == 0 and sum(self.totals.values()) == 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "price": str(self.price),
            "zero_sum": self.zero_sum,
            "average": points(self.average),
            "totals": dict(self.totals),
            "balances": {p: money(c) for p, c in self.balances.items()},
            "balances_cents": dict(self.balances),
            "transfers": [
                {"from": t.payer, "to": t.payee, "amount": money(t.cents), "cents": t.cents}
                for t in self.transfers
            ],
        }


def money(cents: int) -> str:
    """Cents as an amount with two decimals: ``-1.05``."""
    return f"{Decimal(cents) / 100:.2f}"


def points(value: Fraction) -> str:
    """An average number of points, to two decimals where it is not whole."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{Decimal(value.numerator) / Decimal(value.denominator):.2f}"


def balances(totals: Mapping[str, int], price: Decimal) -> tuple[Fraction, dict[str, int]]:
    """The average total and each player's balance in cents, adding up to exactly 0."""
    players = list(totals)
    average = Fraction(sum(totals.values()), len(players)) if players else Fraction(0)
    rate = Fraction(price) * 100
    exact = {p: (totals[p] - average) * rate for p in players}
    cents = {p: exact[p].__floor__() for p in players}
    short = -sum(cents.values())  # 0 <= short < len(players): the cents floors left out
    by_remainder = sorted(players, key=lambda p: (-(exact[p] - cents[p]), players.index(p)))
    for p in by_remainder[:short]:
        cents[p] += 1
    return average, cents


def _groups(amounts: list[int]) -> list[list[int]]:
    """Split the indexes of ``amounts`` (adding up to 0) into as many groups adding up to
    0 as possible (each group then needs one transfer fewer than it has members)."""
    n = len(amounts)
    if n > EXACT_UP_TO:
        return [list(range(n))]
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + amounts[low]
    best: dict[int, tuple[int, int]] = {0: (0, 0)}  # mask -> (groups, first group)

    def solve(mask: int) -> int:
        if mask in best:
            return best[mask][0]
        low = mask & -mask
        rest = mask ^ low
        top = (-1, 0)
        sub = rest
        while True:  # every zero-sum group holding the lowest member
            group = sub | low
            if total[group] == 0:
                count = 1 + solve(mask ^ group)
                if count > top[0]:
                    top = (count, group)
            if sub == 0:
                break
            sub = (sub - 1) & rest
        best[mask] = top
        return top[0]

    solve(full)
    groups, mask = [], full
    while mask:
        group = best[mask][1]
        groups.append([i for i in range(n) if group >> i & 1])
        mask ^= group
    return groups


def fewest_transfers(cents: Mapping[str, int]) -> list[Transfer]:
    """Transfers that settle every balance exactly, as few as there can be.

    The players with a balance are split into the most groups that add up to zero; in
    each, the biggest debtor pays the biggest creditor until all are square, which takes
    one transfer fewer than the group has members (each transfer squares at least one).
    """
    owed = [(p, c) for p, c in cents.items() if c]
    if sum(c for _, c in owed) != 0:
        raise ValueError("balances must add up to zero")
    transfers: list[Transfer] = []
    for group in _groups([c for _, c in owed]):
        left = {owed[i][0]: owed[i][1] for i in group}
        while any(left.values()):
            payer = min(left, key=lambda p: (left[p], p))
            payee = max(left, key=lambda p: (left[p], p))
            amount = min(-left[payer], left[payee])
            transfers.append(Transfer(payer, payee, amount))
            left[payer] += amount
            left[payee] -= amount
    order = {p: i for i, p in enumerate(cents)}
    return sorted(transfers, key=lambda t: (order[t.payer], order[t.payee]))


def settle(totals: Mapping[str, int], price: Decimal) -> Settlement:
    average, cents = balances(totals, price)
    return Settlement(price, dict(totals), average, cents, fewest_transfers(cents))


def loss_money(lost: Mapping[str, int], steps: Sequence[tuple[int, Decimal]]) -> dict[str, int]:
    """A club's loss money, in cents, for each player's number of lost games.

    It is stepped: each lost game costs the amount of the last step whose first game it
    has reached (``[(1, 0.50), (4, 1.00)]``: 0.50 for each of the first three lost games,
    1.00 from the fourth on). It is paid into the club's till, not to the other players,
    so it stands beside the price per point rather than in the balances.
    """
    ordered = sorted(steps)
    owed = {}
    for player, count in lost.items():
        cents = 0
        for game in range(1, count + 1):
            rates = [amount for first, amount in ordered if first <= game]
            if rates:
                cents += int((rates[-1] * 100).to_integral_value())
        owed[player] = cents
    return owed


def parse_steps(text: str) -> tuple[tuple[int, Decimal], ...]:
    """Loss money as typed: ``0.50`` (each lost game) or ``0.50,4:1.00`` (0.50 each, 1.00
    from the fourth lost game on): items ``[FROM:]AMOUNT``, FROM a game from 1 (1 when left
    out), AMOUNT in the currency with at most two decimals. ValueError says what is wrong.

    A table that writes a decimal comma (German, Dutch) writes ``0,50`` and ``0,50;4:1,00``
    (items apart by a space or ``;``: ``"0,50 4:1,00"``, quoted for the shell): read where the form above reads nothing, so that
    every line read before reads the same."""
    try:
        return _steps(text.split(","), ".")
    except ValueError as exc:
        if "," not in text:
            raise
        try:
            return _steps(re.split(r"[;\s]+", text.strip()), ",")
        except ValueError:
            raise exc from None


def _steps(items: list[str], decimal: str) -> tuple[tuple[int, Decimal], ...]:
    steps: dict[int, Decimal] = {}
    for item in items:
        first, sep, amount = item.strip().rpartition(":")
        try:
            value = Decimal(amount.strip().replace(" ", "").replace(decimal, "."))
        except InvalidOperation:
            raise ValueError(item.strip()) from None
        start = first.strip() if sep else "1"
        if (
            not start.isdigit()
            or not 1 <= int(start) <= 10_000
            or not value.is_finite()
            or not 0 <= value <= 1_000_000
            or value != value.quantize(Decimal("0.01"))
            or int(start) in steps
        ):
            raise ValueError(item.strip())
        steps[int(start)] = value
    return tuple(sorted(steps.items()))
