"""A table's list as the DDV keeps it, checked after every game; penalty points; the
Pflichtsolo of each player per round; the round's length; a table entered twice compared.

The list is read from the table's match file, replayed (one source of truth): one row per
game with every player's entry, plus a row per penalty entered for the table. Each row
is checked as the paper list is: the entries add up to zero and are all even or all odd,
and the winners are the ones marked plus. The exceptions are the DDV's: penalty points in
a solo in the soloist's favour may break the parity, unsporting conduct breaks the zero
sum, and at a five-table the dealer's 0 is not counted. Every finding is a keyed
:class:`~scorekeeper.reasons.Reason`, worded by the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scorekeeper.club.competition import Competition, Penalties
from scorekeeper.club.event import Event, Penalty, Round, Table, refuse
from scorekeeper.reasons import Reason, because
from scorekeeper.record import field, record
from scorekeeper.rounds import RoundPlace, round_place


def penalty_entries(rules: Penalties, penalty: Penalty, others: Sequence[str]) -> dict[str, int]:
    """The list entries of a penalty (issue 30's DDV numbers).

    A minor slip: the offender -3 and each other player +1; in a solo where the slip hurt
    the soloist, -3 and +3 to the soloist. A serious slip: -12 and -3 more for each
    announcement of the other side; the others share it (+4 each without announcements);
    in a solo the soloist gets what the offender loses. Unsporting conduct: up to -12,
    no credit (the one entry that breaks the zero sum).
    """
    who = penalty.player
    if penalty.kind == "conduct":
        return {who: -penalty.points}
    if penalty.kind == "minor":
        loss, credit = rules.minor, rules.minor_credit
    else:
        loss = rules.serious + rules.serious_per_announcement * penalty.announcements
        credit = loss // len(others) if loss % len(others) == 0 else rules.serious_credit
    if penalty.soloist and penalty.soloist != who:
        return {who: -loss, penalty.soloist: loss}
    return {who: -loss, **dict.fromkeys(others, credit)}


@record
class Row:
    """One line of the list: a game (``game`` its number) or a penalty (``game`` 0)."""

    game: int
    entries: dict[str, int]
    winners: list[str] = field(default_factory=list)
    solo: str = ""
    soloist: str = ""
    obligatory: bool = False
    vorgefuehrt: bool = False
    dealer: str = ""
    findings: list[Reason] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "entries": dict(self.entries),
            "winners": list(self.winners),
            "solo": self.solo,
            "soloist": self.soloist,
            "obligatory": self.obligatory,
            "vorgefuehrt": self.vorgefuehrt,
            "dealer": self.dealer,
            "findings": [r.to_dict() for r in self.findings],
        }


@record
class TableList:
    """A table's checked list and what the round says of it."""

    round: int
    table: int
    players: list[str]
    rows: list[Row]
    games: int  # the games of the round counted so far
    of: int  # the round's length
    missing_solos: list[str]
    notes: list[Reason]

    @property
    def sound(self) -> bool:
        return not any(r.findings for r in self.rows)

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "table": self.table,
            "players": self.players,
            "games": self.games,
            "of": self.of,
            "sound": self.sound,
            "missing_pflichtsolo": self.missing_solos,
            "rows": [r.to_dict() for r in self.rows],
            "notes": [r.to_dict() for r in self.notes],
        }


def _check_game(row: Row, playing: Sequence[str], ddv: bool) -> None:
    """The DDV's checks of a game's row, where the competition keeps DDV lists
    (``lists = "ddv"``); a list without them (Klaverjas: both pairs score plus) is
    not checked against them."""
    entries = [row.entries.get(p, 0) for p in playing]
    if ddv and sum(entries) != 0:
        row.findings.append(because("club.check.sum", "list", game=row.game, sum=sum(entries)))
    if ddv and len({e % 2 for e in entries}) > 1:
        row.findings.append(because("club.check.parity", "list", game=row.game))
    plus = sorted(p for p in playing if row.entries.get(p, 0) > 0)
    if ddv and row.winners and plus != sorted(row.winners):
        row.findings.append(
            because("club.check.winners", "list", game=row.game, winners=row.winners, plus=plus)
        )


def _match(path: Path) -> Any:
    from scorekeeper.session import Session

    return Session.open(path).match


def _games(match: Any) -> list[Any]:
    return [mh for mh in match.hands if mh.result is not None and not mh.result.redeal]


def dealer_of(table: Table, game: int) -> str:
    """Who dealt game ``game`` of a table (at a five-table: who sat it out)."""
    for mh in _games(_match(table.path())):
        if mh.number == game:
            return str(mh.dealer)
    raise refuse("club.no_game", "penalty", game=game, table=table.number)


def _due_note(place: RoundPlace, rows: Sequence[Row]) -> Reason | None:
    """When the missing Pflichtsoli became due (as the match counts its round): who owed
    them then and how many games were left."""
    if not place.due_from:
        return None
    later = [r.soloist for r in rows if r.game >= place.due_from and r.obligatory]
    owed = [*place.owing, *(p for p in later if p not in place.owing)]
    before = len([n for n in place.counted if n < place.due_from])
    return because(
        "club.vorgefuehrt",
        "pflichtsolo",
        players=owed,
        games=place.of - before,
        game=place.due_from,
    )


def _not_vorgefuehrt(rows: Sequence[Row], due: Reason) -> list[Reason]:
    """Once the missing Pflichtsoli are vorgeführt (as many owe one as games are left),
    every game left must be one of them: a normal game then is said, as a missing
    Pflichtsolo is. (A round too short for everybody's Pflichtsolo, where more owe one
    than games are left, asks no such thing.)"""
    first, owed, left = due.params["game"], due.params["players"], due.params["games"]
    if len(owed) != left:
        return []
    return [
        because("club.check.not_vorgefuehrt", "pflichtsolo", game=row.game, due=first)
        for row in rows
        if row.game >= first and not row.obligatory
    ]


def _row(mh: Any, players: Sequence[str], ddv: bool) -> Row:
    """A game of the list from its replayed result, checked."""
    res = mh.result
    row = Row(
        game=mh.number,
        entries={p: res.scores.get(p, 0) for p in players},
        winners=[p for side in res.winning_sides() for p in res.sides[side]],
        solo=str(res.details.get("solo") or ""),
        soloist=next((m[0] for m in res.sides.values() if len(m) == 1), ""),
        obligatory=bool(res.details.get("obligatory")),
        dealer=mh.dealer,
    )
    _check_game(row, [p for members in res.sides.values() for p in members], ddv)
    return row


def table_list(event: Event, played: Round, table: Table, *, second: bool = False) -> TableList:
    """The checked list of one table of one round; where the round stands is the
    match's own count (``scorekeeper.rounds``: the one the sheet and the table show)."""
    rules: Competition = event.rules
    ddv = rules.lists == "ddv"
    path = (table.path().parent / Path(table.second).name) if second else table.path()
    match = _match(path)
    place = round_place(match) or RoundPlace(of=0, played=0, dealt=0)
    of = rules.games_at(len(table.players)) or place.of  # the competition's round, as drawn
    rows = [_row(mh, table.players, ddv) for mh in _games(match)]
    for row in rows:
        row.vorgefuehrt = row.game in place.vorgefuehrt
    notes: list[Reason] = []
    if ddv and (due := _due_note(place, rows)) is not None:
        notes += [due, *_not_vorgefuehrt(rows, due)]
    rows += [
        _penalty_row(rules, p, table)
        for p in event.penalties
        if p.round == played.number and p.table == table.number
    ]
    missing = list(place.owing) if ddv else []
    if place.played > of:
        notes.append(because("club.round_long", "round", games=place.played, of=of))
    elif place.played >= of and missing:
        notes.append(because("club.solo_missing", "pflichtsolo", players=missing))
    return TableList(
        played.number, table.number, list(table.players), rows, place.played, of, missing, notes
    )


def _penalty_row(rules: Competition, penalty: Penalty, table: Table) -> Row:
    entries = dict.fromkeys(table.players, 0)
    entries.update(penalty_entries(rules.penalties, penalty, penalty.others))
    return Row(game=0, entries=entries)


def compare(event: Event, played: Round, table: Table) -> list[Reason]:
    """A table entered twice: the differences between the two lists, game by game."""
    first = table_list(event, played, table)
    second = table_list(event, played, table, second=True)
    found: list[Reason] = []
    mine = {r.game: r for r in first.rows if r.game}
    other = {r.game: r for r in second.rows if r.game}
    for game in sorted(set(mine) | set(other)):
        if game not in other or game not in mine:
            which = "first" if game in mine else "second"
            found.append(because(f"club.compare.only_{which}", "compare", game=game))
            continue
        for p in table.players:
            a, b = mine[game].entries.get(p, 0), other[game].entries.get(p, 0)
            if a != b:
                found.append(
                    because("club.compare.entry", "compare", game=game, player=p, first=a, second=b)
                )
    return found
