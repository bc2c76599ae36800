"""The score sheet of a match in its game's own form, as plain records every output draws.

The rule set's ``[sheet]`` table says the form: one column per player or per fixed team,
what each row marks (the trump maker's side, roem, nat, pit, Re, Bock, solos...), the
paper list's checks and how far the match is played. Rows carry the winner first in the
result, each column's hand score and running total, and the hand's value item by item.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.reasons import reason_of
from scorekeeper.record import field, record
from scorekeeper.rounds import RoundPlace, round_place
from scorekeeper.view.value import value_line
from scorekeeper.view.words import SUIT_SYMBOLS, cards, say, term

if TYPE_CHECKING:
    from scorekeeper.match import Match
    from scorekeeper.result import HandResult


@record(frozen=True)
class Column:
    """A column of the sheet: a player, or a fixed team and its members."""

    name: str
    members: tuple[str, ...]

    @property
    def shown(self) -> str:
        """The column's head as the table writes it: a team by its partners as the language
        file's ``pair`` joins them (``Anna & Carla``), a player by the name."""
        if len(self.members) != 2:
            return self.name
        from scorekeeper.lang.terms import pair
        from scorekeeper.text import language

        return pair(self.members, language.current())


NBSP = "\u00a0"  # holds a side's name and its number together where a cell wraps
SAT_OUT = "–"
"""A score cell's mark for a player who sat the hand out (the legend says so)."""


@record
class Row:
    """One hand on the sheet; ``scores``/``totals`` follow the sheet's columns."""

    number: int
    dealer: str
    game: str = ""
    result: str = ""
    marks: list[str] = field(default_factory=list)
    scores: list[int] | None = None  # None: the hand is still in play
    totals: list[int] = field(default_factory=list)
    marked: list[bool] = field(default_factory=list)  # the column carries the legend's mark
    sat_out: list[bool] = field(default_factory=list)  # the column's player sat this hand out
    check: tuple[bool, str] | None = None
    why: str = ""

    def cell(self, i: int) -> str:
        """Column ``i``'s running total with this hand's score, and the legend's mark."""
        if self.scores is None:
            return ""
        if self.sat_out and self.sat_out[i]:
            return f"{self.totals[i]} ({SAT_OUT})"
        mark = "*" if self.marked and self.marked[i] else ""
        return f"{self.totals[i]} ({self.scores[i]:+d}){mark}"

    @property
    def game_text(self) -> str:
        """The game and the row's marks, as one cell."""
        return ", ".join([self.game, *self.marks]) if self.marks else self.game


@record
class Sheet:
    title: str
    columns: list[Column]
    rows: list[Row]
    totals: list[int]
    progress: dict[str, Any] | None
    over: str | None
    legend: str | None
    has_checks: bool
    lang: str = "en"
    earlier: int = 0  # hands before the first row, counted in the totals but not drawn
    history: list[list[int]] | None = None  # running totals after each finished hand

    @property
    def finished(self) -> list[Row]:
        return [r for r in self.rows if r.scores is not None]

    def series(self) -> list[list[int]]:
        """The running total of each column after each finished hand, starting at 0."""
        out = [[0] for _ in self.columns]
        for totals in self.history if self.history is not None else self._row_totals():
            for i, total in enumerate(totals):
                out[i].append(total)
        return out

    def _row_totals(self) -> list[list[int]]:
        return [row.totals for row in self.finished]


def columns_of(match: Match) -> list[Column]:
    """One column per player, or per fixed team (seats 1 and 3 against 2 and 4)."""
    players = list(match.players)
    if match.rules.spec.sheet.columns != "teams" or len(players) % 2:
        return [Column(p, (p,)) for p in players]
    teams = [tuple(players[0::2]), tuple(players[1::2])]
    names = {}
    for mh in match.hands:
        if mh.result is not None and mh.result.sides:
            names = {tuple(sorted(m)): s for s, m in mh.result.sides.items()}
            break
    return [Column(names.get(tuple(sorted(t)), team_name(match, t)), t) for t in teams]


def team_name(match: Match, team: Sequence[str]) -> str:
    """A fixed team's name as its family writes it in every hand's result (Bierkopf's
    ``Anna+Carla``), the same before the first hand; ``Anna/Carla`` otherwise."""
    named = getattr(match.family, "team_name", None)
    return str(named(team)) if callable(named) else "/".join(team)


def column_scores(match: Match, scores: Mapping[str, int]) -> dict[str, int]:
    """Players' ``scores`` (totals, or one hand's) as the sheet's columns count them: per
    fixed team where teams play (the pair's names, as the sheet heads them), else per
    player."""
    return {c.name: scores.get(c.members[0], 0) for c in columns_of(match)}


Word = Callable[[str], str]
"""A game's own term in the sheet's language (``scorekeeper.lang.game_word``)."""


def _result(res: HandResult, columns: list[Column], word: Word) -> str:
    """Each side with its card points, in the sheet's order (the columns' order where
    teams are columns), then who won: ``Re 124, Contra 116 → Re``. The winner is said on
    its own: a side may win with fewer card points (roem, a failed maker)."""
    order = {m: i for i, c in enumerate(columns) for m in c.members}

    def place(side: str) -> int:
        members = res.sides.get(side) or []
        return min((order.get(m, len(order)) for m in members), default=len(order))

    sides = (
        sorted(res.card_points, key=place)
        if len(columns) == len(res.card_points)
        else list(res.card_points)
    )
    points = ", ".join(f"{_side_word(s, word)}{NBSP}{res.card_points[s]}" for s in sides)
    winner = _side_word(res.winner, word) if res.winner else say("sheet.nobody")
    winner = winner.replace(" ", NBSP) if res.winner else winner
    return say("sheet.result", points=points, winner=winner)


def _side_word(side: str, word: Word) -> str:
    """A side as the sheet names it, held together where a cell wraps (``Anna & Carla``)."""
    if side in ("re", "contra"):
        return word(side)
    named = term(side[:1].upper() + side[1:] if side in ("queens", "others") else side)
    return named.replace(" ", NBSP)


def _game(res: HandResult, marks: tuple[str, ...]) -> str:
    details = res.details
    if "trump" in marks and details.get("trump") and details.get("maker"):
        symbol = SUIT_SYMBOLS.get(str(details["trump"]), str(details["trump"]))
        return f"{symbol} {details['maker']}"
    # a game worded by the engine is worded anew in the sheet's language, whole (Doppelkopf's
    # 'silent wedding, Dirk alone': its reason knows 'stille Hochzeit'); else a game and
    # what went with it, each in the table's words, a called card by its name
    # (Kloepper's 'Anna calls AC, knock' -> 'Anna ruft A♣, Klopfen')
    if reason_of(res.game_type) is not None:
        return cards(term(res.game_type))
    return ", ".join(cards(term(part)) for part in res.game_type.split(", "))


def _sat_out(res: HandResult, columns: list[Column]) -> list[bool]:
    """Which columns' players sat this hand out: on no side of a hand that had sides."""
    if not res.sides:
        return [False] * len(columns)
    playing = {p for members in res.sides.values() for p in members}
    return [not (set(c.members) & playing) for c in columns]


def _said(res: HandResult, word: Word) -> str:
    """What each side announced, as a paper list writes it: ``Re k90, K`` (the side's
    word, then its promises; a promise's side is written even where it was implied)."""
    said = res.details.get("announcements") or []
    out: dict[str, list[str]] = {}
    for _player, kind, side, _implied in said:
        words = out.setdefault(side, [_said_word(side)])
        if kind != side:
            words.append(_said_word(kind))
    return ", ".join(NBSP.join(dict.fromkeys(words)) for words in out.values())


PAPER_WORDS = ("re", "contra", "no90", "no60", "no30", "black")
"""Announcements with a paper list's short word (``sheet.said.*``); others in full."""


def _said_word(kind: str) -> str:
    return say(f"sheet.said.{kind}") if kind in PAPER_WORDS else term(kind)


def _side_of(res: HandResult, player: str) -> str | None:
    return next((s for s, members in res.sides.items() if player in members), None)


def _roem(res: HandResult, columns: list[Column], word: Word) -> list[str]:
    roem = res.details.get("roem") or {}
    if not any(roem.values()):
        return []
    amounts = [(c.shown, roem.get(_side_of(res, c.members[0]) or "", 0)) for c in columns]
    named = ", ".join(f"{name} {amount}".replace(" ", NBSP) for name, amount in amounts if amount)
    return [say("sheet.mark.roem", word=word("roem"), amounts=named)]


def _bock(res: HandResult, columns: list[Column], word: Word) -> list[str]:
    bock = res.details.get("bock") or 0
    if not bock:
        return []
    if bock == 1:
        return [say("sheet.mark.word", word=word("bock"))]
    return [say("sheet.mark.bock_n", word=word("bock"), n=bock)]


def _solo(res: HandResult, columns: list[Column], word: Word) -> list[str]:
    if res.details.get("obligatory"):
        return [say("sheet.mark.word", word=word("obligatory_solo"))]
    return [say("sheet.mark.word", word=word("solo"))] if res.details.get("solo") else []


def _carried(res: HandResult, columns: list[Column], word: Word) -> list[str]:
    out = []
    if res.details.get("carried_in"):
        out.append(say("sheet.mark.carried_in", points=res.details["carried_in"]))
    if res.details.get("carry_out"):
        out.append(say("sheet.mark.carry_out", points=res.details["carry_out"]))
    return out


def _doubled(res: HandResult, columns: list[Column], word: Word) -> list[str]:
    factor = res.details.get("multiplier") or 1
    return [say("sheet.mark.doubled", factor=factor)] if factor > 1 else []


def _flag(key: str, term: str, who: str | None = None) -> Callable[..., list[str]]:
    """A mark for a detail of the hand: the game's term, and the side or player named."""

    def marks(res: HandResult, columns: list[Column], word: Word) -> list[str]:
        value = res.details.get(key)
        if not value:
            return []
        if who is None:
            return [say("sheet.mark.word", word=word(term))]
        return [say(f"sheet.mark.word_{who}", word=word(term), **{who: value})]

    return marks


def _kraak(res: HandResult, columns: list[Column], word: Word) -> list[str]:
    return [word(str(res.details["kraak"]))] if res.details.get("kraak") else []


ROW_MARKS: dict[str, Callable[[HandResult, list[Column], Word], list[str]]] = {
    "roem": _roem,
    "nat": _flag("nat", "nat"),
    "pit": _flag("pit", "pit", "side"),
    "revoke": _flag("revoke", "revoke", "side"),
    "kraak": _kraak,
    "bock": _bock,
    "solo": _solo,
    "carried": _carried,
    "doubled": _doubled,
    "knock": _flag("knock", "knock", "player"),
    "alone": _flag("lone", "alone"),
    "bella": _flag("bella", "bella", "player"),
}


def _marked(res: HandResult, columns: list[Column], marks: tuple[str, ...]) -> list[bool]:
    """Which columns carry the legend's mark: the trump maker's side, or Re (the queens)."""
    if "maker" in marks and res.details.get("maker"):
        maker = res.details["maker"]
        return [maker in c.members for c in columns]
    if "side" in marks and res.sides:
        first = next(iter(res.sides.values()))
        return [c.members[0] in first for c in columns]
    return [False] * len(columns)


def _check(res: HandResult, checks: tuple[str, ...]) -> tuple[bool, str] | None:
    """The paper list's own checks of a game: entries sum to zero; all even or all odd."""
    if not checks or res.redeal:
        return None
    playing = [p for members in res.sides.values() for p in members]
    entries = [res.scores.get(p, 0) for p in playing]
    total = sum(entries)
    if "zero_sum" in checks and total != 0:
        return False, say("sheet.check.sum", sum=total)
    if "parity" in checks and len({e % 2 for e in entries}) > 1:
        return False, say("sheet.check.parity")
    return True, say("sheet.check.ok")


def _row(mh: Any, columns: list[Column], running: dict[str, int], match: Match, word: Word) -> Row:
    row = Row(mh.number, mh.dealer)
    res = mh.result
    if res is None:
        row.game = say("sheet.in_play")
        row.totals = [running[c.members[0]] for c in columns]
        return row
    spec = match.rules.spec.sheet
    for p, s in res.scores.items():
        running[p] = running.get(p, 0) + s
    row.scores = [res.scores.get(c.members[0], 0) for c in columns]
    row.totals = [running[c.members[0]] for c in columns]
    row.why = value_line(res.items)
    if res.redeal:
        row.game = say("sheet.redeal")
        row.marked = [False] * len(columns)
        return row
    row.game = _game(res, spec.marks)
    if mh.kind == "quick":
        row.game += " " + say("sheet.quick")
    if said := _said(res, word):
        row.game += ", " + said
    row.sat_out = _sat_out(res, columns)
    row.result = _result(res, columns, word)
    for mark in spec.marks:
        if mark in ROW_MARKS:
            row.marks += ROW_MARKS[mark](res, columns, word)
    row.marked = _marked(res, columns, spec.marks)
    row.check = _check(res, spec.checks)
    return row


def _progress(match: Match, columns: list[Column], totals: list[int]) -> dict[str, Any] | None:
    """How far the match is: hands or games of its round (as the match counts them:
    ``scorekeeper.rounds``), or the leader's total towards the target (language-neutral,
    for ``--json``)."""
    spec = match.rules.spec
    kind = spec.sheet.progress
    if kind in ("hands", "games"):
        place = round_place(match)
        if place is None:
            return None
        return {"kind": kind, "played": place.played, "of": place.of or None, **_round(place)}
    if kind == "target" and columns:
        lead = max(range(len(columns)), key=lambda i: totals[i])
        played = [f for f in (_facts(mh) for mh in match.hands) if f and not f.get("redeal")]
        return {
            "kind": kind,
            "played": len(played),
            "leader": columns[lead].name,
            "total": totals[lead],
            "of": spec.match.target,
        }
    return None


def _round(place: RoundPlace) -> dict[str, Any]:
    """What a round of games adds: the hands dealt, the obligatory solos on top, who still
    owes theirs and whether it is vorgeführt now."""
    if not (place.owing or place.on_top or place.vorgefuehrt):
        return {}
    return {
        "dealt": place.dealt,
        "on_top": len(place.on_top),
        "owing": list(place.owing),
        "vorgefuehrt": place.due,
    }


def _facts(mh: Any) -> Mapping[str, Any] | None:
    """A finished hand's facts (redeal, obligatory...), None while it is open. The
    match keeps them apart from the result, so a long match's results are not read back."""
    return mh.facts if mh.finished else None


def progress_text(progress: dict[str, Any] | None) -> str | None:
    """How far the match is, in words; None before a hand is counted (a sheet with only
    a hand in play has no progress to tell: never "game 0")."""
    if progress is None or progress.get("played") == 0:
        return None
    if progress["kind"] == "target":
        return say(
            "sheet.progress.target",
            name=progress["leader"],
            total=progress["total"],
            target=progress["of"],
        )
    if progress["kind"] == "games" and not progress["of"]:
        text = say("sheet.progress.games_open", n=progress["played"])
    else:
        text = say(f"sheet.progress.{progress['kind']}", n=progress["played"], of=progress["of"])
    if progress.get("on_top"):
        extra = progress["on_top"]
        one = ".one" if extra == 1 else ""
        text = say(f"sheet.progress.on_top{one}", progress=text, count=extra)
    if progress.get("vorgefuehrt"):
        text = say("sheet.progress.vorgefuehrt", progress=text, players=progress["owing"])
    return text


def _legend(match: Match, rows: list[Row], word: Word) -> str | None:
    """What the marks in a score cell mean: ``*`` the trump maker's side, or the first
    side of the hand (Re, the queens); ``–`` sat out."""
    sat_out = any(any(r.sat_out) for r in rows)
    marked = _marked_legend(match, rows, word)
    if sat_out:
        out = say("sheet.legend", mark=SAT_OUT, meaning=say("sheet.legend.sat_out"))
        return f"{marked}, {out}" if marked else out
    return marked


def _marked_legend(match: Match, rows: list[Row], word: Word) -> str | None:
    if not any(any(r.marked) for r in rows):
        return None
    marks = match.rules.spec.sheet.marks
    if "maker" in marks:  # a side of one where each plays for himself (Klaberjass)
        alone = len(match.players) == 2
        meaning = say("sheet.legend.maker.alone" if alone else "sheet.legend.maker")
        return say("sheet.legend", mark="*", meaning=meaning)
    first = next(
        (next(iter(mh.result.sides)) for mh in match.hands if mh.result and mh.result.sides), ""
    )
    return say("sheet.legend", mark="*", meaning=_side_word(first, word))


def build(match: Match, lang: str = "en", last: int | None = None) -> Sheet:
    """The sheet of a match, in the form its rule set's ``[sheet]`` table names; game
    words (nat, pit, Bock, Re...) in ``lang``. With ``last``, only the last hands get a
    row (the hands before count in the totals, the progress and the chart from their
    scores alone: a long match's results are not all read and worded)."""
    from scorekeeper.lang import game_word

    def word(key: str) -> str:
        return game_word(key, lang)

    columns = columns_of(match)
    running = {p: 0 for p in match.players}
    hands = match.hands
    earlier = max(len(hands) - last, 0) if last is not None else 0
    history = []
    for mh in hands[:earlier]:
        for p, points in mh.scores.items():
            running[p] = running.get(p, 0) + points
        if mh.finished:
            history.append([running[c.members[0]] for c in columns])
    rows = [_row(mh, columns, running, match, word) for mh in hands[earlier:]]
    history += [r.totals for r in rows if r.scores is not None]
    totals = [running[c.members[0]] for c in columns]
    return Sheet(
        title=say("sheet.title", name=match.rules.name),
        columns=columns,
        rows=rows,
        totals=totals,
        progress=_progress(match, columns, totals),
        over=match.over(),
        legend=_legend(match, rows, word),
        has_checks=bool(match.rules.spec.sheet.checks),
        lang=lang,
        earlier=earlier,
        history=history,
    )


def to_dict(sheet: Sheet) -> dict[str, Any]:
    """What ``score --json`` adds: the form's columns, their totals, the progress and, per
    row, the marked columns and the list's checks (codes and numbers, never words)."""
    return {
        "columns": [{"name": c.name, "members": list(c.members)} for c in sheet.columns],
        "totals": sheet.totals,
        "progress": sheet.progress,
        "rows": [
            {
                "number": r.number,
                "marked": r.marked,
                "check_ok": None if r.check is None else r.check[0],
            }
            for r in sheet.rows
        ],
    }
