"""An event (a club night, a tournament evening): its file in the data folder and what
may be done to it.

The event file (``events/NAME.toml``) is plain TOML data: the competition, the players
registered once, substitutes, fixed pairs, absences, and per round its tables, each table
naming its match file (a normal match, made by :func:`scorekeeper.session.new.start_match`
so that full, quick or mixed entry on any device works), and the penalty points entered.
Nothing derived is stored: the standings come from replaying the tables' match files.

As python-chess and PokerKit do, each change has ``verify_*`` (raises with the reason),
and the action itself (verifies, changes, returns a record of what it did). The file is
changed only through :func:`editing`: locked, read, changed, written atomically; a
refusal leaves it untouched.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any

import tomli_w

from scorekeeper import store
from scorekeeper.club import draw
from scorekeeper.club.competition import Competition
from scorekeeper.club.competition import load as load_competition
from scorekeeper.errors import ScorekeeperError
from scorekeeper.matchlog import files
from scorekeeper.reasons import because
from scorekeeper.record import asdict, field, is_record, record
from scorekeeper.record import fields as record_fields
from scorekeeper.rules import data_home
from scorekeeper.session.names import spelled
from scorekeeper.shown import control_at

FORMAT = "scorekeeper-event/1"
PENALTY_KINDS = ("minor", "serious", "conduct")
PENALTY_WORDS = {
    "leicht": "minor",
    "schwer": "serious",
    "unsportlich": "conduct",
    "licht": "minor",
    "zwaar": "serious",
    "onsportief": "conduct",
}
"""The kinds of penalty as a German or Dutch table types them."""
REQUIRED = ("name", "competition", "started", "players")


def now() -> datetime:
    """The time now, local, to the second (a round's clock)."""
    return datetime.now().astimezone().replace(microsecond=0)


def events_dir() -> Path:
    return data_home() / "events"


def refuse(
    message: str, rule: str = "event", /, kind: str = "rule", **params: Any
) -> ScorekeeperError:
    """A refusal keyed ``message`` under the event's ``rule``; ``kind`` as the errors say."""
    return ScorekeeperError(because(message, rule, **params), kind=kind)


@record
class Table:
    number: int
    players: list[str]
    match: str  # the match file, relative to the data folder
    second: str = ""  # the same table entered a second time, to compare

    def path(self) -> Path:
        """The table's match file. An event file read from disk has had every table's
        files checked by :meth:`verify_inside` (one check, with the file, round, table and
        key in its words); a table the draw makes names a file inside by construction."""
        return data_home() / self.match

    def verify_inside(self, where: str, round_number: int) -> None:
        """Refuse (naming the event file ``where``, the round, the table and the key) a
        ``match`` or ``second`` that leads out of the data folder, links included, by the
        data folder's one rule (:func:`scorekeeper.rules.source.escapes`): nothing outside
        it is read or written through an edited event file."""
        for key, value in (("match", self.match), ("second", self.second)):
            if not isinstance(value, str):
                raise refuse("club.bad_event", kind="file", path=where, error=key)
            path = data_home() / self.match  # as path() names it, refused here in full words
            path = path.parent / Path(value).name if key == "second" else path
            if value and store.escapes(path):
                raise refuse(
                    "folder.event_match_outside",
                    kind="file",
                    path=where,
                    round=round_number,
                    table=self.number,
                    key=key,
                    value=value,
                    folder=str(data_home()),
                )


@record
class Round:
    number: int
    seed: int
    tables: list[Table]
    sitting_out: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    started: str = ""  # when its clock started (ISO, with the offset): drawn or 'event start'

    def table(self, number: int) -> Table:
        for t in self.tables:
            if t.number == number:
                return t
        raise refuse("club.no_table", kind="usage", table=number, round=self.number)

    def table_of(self, player: str) -> Table | None:
        return next((t for t in self.tables if player in t.players), None)


@record
class Penalty:
    """Penalty points as entered: the kind and what the amounts depend on."""

    round: int
    table: int
    player: str
    kind: str  # minor, serious, conduct
    soloist: str = ""  # the game was a solo and the slip hurt this soloist
    announcements: int = 0  # the other side's announcements (a serious slip)
    points: int = 0  # unsporting conduct: how many (up to the competition's most)
    game: int = 0  # the hand it happened in (0: not said)
    others: list[str] = field(default_factory=list)  # who else played that game


@record
class Event:
    name: str
    competition: str
    started: str
    players: list[str]
    season: str = ""
    lang: str = ""
    seed: int = 0
    overrides: dict[str, str] = field(default_factory=dict)
    substitutes: dict[str, str] = field(default_factory=dict)  # substitute -> member
    pairs: list[list[str]] = field(default_factory=list)
    absent: dict[str, str] = field(default_factory=dict)  # player -> notified | unnotified
    rounds: list[Round] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)

    # ------------------------------------------------------------------ reading
    @property
    def rules(self) -> Competition:
        return load_competition(self.competition, self.overrides)

    def round(self, number: int | None) -> Round:
        """Round ``number`` (default: the last drawn)."""
        if not self.rounds:
            raise refuse("club.no_round_yet", kind="usage", event=self.name)
        if number is None:
            return self.rounds[-1]
        for r in self.rounds:
            if r.number == number:
                return r
        raise refuse("club.no_round", kind="usage", round=number, rounds=len(self.rounds))

    def player(self, typed: str) -> str:
        """The registered player typed in any case; refused with the names if none."""
        name = spelled(typed, self.players)
        if name is None:
            raise refuse("club.not_registered", kind="usage", name=typed, event=self.name)
        return name

    # ------------------------------------------------------------------ changing
    def verify_register(self, names: Sequence[str], substitute_for: str | None) -> None:
        """Names as a new match takes them, none the competition's game reads as a word
        of its own (``Kontra``, ``pas``): refused now, not at a later draw."""
        from scorekeeper import ruleset
        from scorekeeper.session.new import check_table, reserved_words

        rules = ruleset.load(self.rules.ruleset)
        check_table([*self.players, *names], None, reserved_words(rules, self.lang or None))
        if substitute_for is not None and len(names) != 1:
            raise refuse("club.substitute_one", kind="usage")

    def register(self, names: Sequence[str], substitute_for: str | None = None) -> list[str]:
        """Register players once for the whole event (a substitute stands for a member)."""
        member = self.player(substitute_for) if substitute_for else None
        self.verify_register(names, substitute_for)
        self.players.extend(names)
        if member is not None:
            self.substitutes[names[0]] = member
            self.absent.setdefault(member, "notified")
        return list(names)

    def pair(self, a: str, b: str) -> list[str]:
        """Fix a pair for the evening (koppel): both registered, neither paired yet."""
        one, two = self.player(a), self.player(b)
        paired = {p for pair in self.pairs for p in pair}
        if one == two or {one, two} & paired:
            raise refuse("club.paired", kind="usage", names=[one, two])
        self.pairs.append([one, two])
        return [one, two]

    def mark_absent(self, typed: str, notified: bool) -> str:
        name = self.player(typed)
        self.absent[name] = "notified" if notified else "unnotified"
        return name

    def present(self, absent_now: Sequence[str] = ()) -> list[str]:
        return [p for p in self.players if p not in self.absent and p not in absent_now]

    def verify_draw(self, absent_now: Sequence[str]) -> None:
        rules = self.rules
        if len(self.rounds) >= rules.rounds:
            raise refuse("club.all_drawn", rounds=rules.rounds)
        if rules.partners == "fixed":
            paired = {p for pair in self.pairs for p in pair}
            loose = [p for p in self.present(absent_now) if p not in paired]
            if loose:
                raise refuse("club.not_paired", kind="usage", players=loose)
        present = self.present(absent_now)
        if not draw.sizes(len(present), rules.tables):
            raise refuse("club.too_few", players=len(present), sizes=list(rules.tables))

    def draw(self, absent_now: Sequence[str] = (), seed: int | None = None) -> Round:
        """Draw the next round's tables (seat 1 deals first) and who sits out; the tables'
        match files are made by :func:`open_tables`."""
        absent = [self.player(p) for p in absent_now]
        self.verify_draw(absent)
        rules = self.rules
        number = len(self.rounds) + 1
        chosen = self.seed * 1000 + number if seed is None else seed
        history = [[t.players for t in r.tables] for r in self.rounds]
        if rules.partners == "fixed":
            present = set(self.present(absent))
            pairs = [p for p in self.pairs if set(p) <= present]
            tables, sitters = draw.draw_pairs(pairs, history, chosen)
        else:
            tables, sitters = draw.draw(
                self.present(absent),
                rules.tables,
                history,
                chosen,
                partners=rules.partners == "drawn",
            )
        made = [
            Table(i, players, f"matches/{self.file_name(number, i)}.toml")
            for i, players in enumerate(tables, 1)
        ]
        played = Round(number, chosen, made, sitters, absent, started=now().isoformat())
        self.rounds.append(played)
        return played

    def words(self) -> str:
        """The event's language (its tables'), else the language spoken now."""
        from scorekeeper.text import language

        return self.lang or language.current()

    def file_name(self, round_: int, table: int) -> str:
        """A drawn table's match file name, in the event's words (``friday-runde1-tisch2``);
        an event file names each table's file, so files named before keep loading."""
        from scorekeeper.text import template, translate

        key = "club.table_file"
        words = translate(key, template(key) or "", self.words())
        return words.format(event=self.name, round=round_, table=table)

    def second_name(self, first: str) -> str:
        """The file of a table's second entry beside its first (``...-tisch2-zweite.toml``)."""
        from scorekeeper.text import template, translate

        key = "club.second_file"
        stem = first.removesuffix(".toml")
        return translate(key, template(key) or "", self.words()).format(name=stem) + ".toml"

    def start_round(self, number: int | None, when: datetime) -> Round:
        """The round's clock starts (again) at ``when``: the round begins now, or began
        at the time the organiser gives."""
        played = self.round(number)
        played.started = when.isoformat()
        return played

    def verify_penalty(self, penalty: Penalty) -> None:
        penalty.kind = PENALTY_WORDS.get(penalty.kind.casefold(), penalty.kind.casefold())
        if penalty.kind not in PENALTY_KINDS:
            raise refuse("club.penalty_kind", kind="usage", what=penalty.kind, kinds=PENALTY_KINDS)
        table = self.round(penalty.round).table(penalty.table)
        if penalty.player not in table.players:
            raise refuse(
                "club.not_at_table",
                "penalty",
                name=penalty.player,
                table=table.number,
                round=penalty.round,
            )
        if penalty.soloist and penalty.soloist not in table.players:
            raise refuse(
                "club.not_at_table",
                "penalty",
                name=penalty.soloist,
                table=table.number,
                round=penalty.round,
            )
        most = self.rules.penalties.conduct_most
        if penalty.kind == "conduct" and not 0 < penalty.points <= most:
            raise refuse("club.conduct_points", "penalty", points=penalty.points, most=most)
        if len(table.players) > 4 and not penalty.game:
            raise refuse("club.penalty_game", "penalty", table=table.number)

    def add_penalty(self, penalty: Penalty) -> Penalty:
        self.verify_penalty(penalty)
        self.penalties.append(penalty)
        return penalty

    # ------------------------------------------------------------------ the file
    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        kept = {k: v for k, v in data.items() if k in REQUIRED or v not in ("", {}, [])}
        return {"format": FORMAT, **kept}

    @classmethod
    def from_data(cls, data: dict[str, Any], where: str) -> Event:
        if data.get("format") != FORMAT:
            raise refuse(
                "club.bad_event", kind="file", path=where, error=f"format {data.get('format')!r}"
            )
        try:
            fields = {k: v for k, v in data.items() if k not in ("format", "rounds", "penalties")}
            rounds = [
                Round(**{**r, "tables": [Table(**t) for t in r["tables"]]})
                for r in data.get("rounds", [])
            ]
            penalties = [Penalty(**p) for p in data.get("penalties", [])]
            event = cls(**fields, rounds=rounds, penalties=penalties)
        except (TypeError, KeyError, AttributeError) as exc:
            raise refuse("club.bad_event", kind="file", path=where, error=str(exc)) from None
        if (wrong := misfit(event)) is not None:
            raise refuse("club.bad_event", kind="file", path=where, error=wrong)
        verify_inert(data, where)
        for played in event.rounds:
            for table in played.tables:
                table.verify_inside(where, played.number)
        return event


def misfit(item: Any, at: str = "") -> str | None:
    """The first value of an event file's record (the event, its rounds, tables and
    penalties) that is not of its field's kind, as its key path and the kind wanted
    (``rounds[0].tables[1].players: list[str]``); None when all fit. A hand-edited file
    with ``players = true`` was read, and the commands on it ended in an internal error."""
    for spec in record_fields(item):
        value, key = getattr(item, spec.name), f"{at}{spec.name}"
        if not _fits(value, str(spec.type)):
            return f"{key}: {spec.type}"
        records = value if isinstance(value, list) else []
        for i, element in enumerate(records):
            if is_record(element) and (wrong := misfit(element, f"{key}[{i}].")) is not None:
                return wrong
    return None


def _fits(value: Any, kind: str) -> bool:
    """Whether ``value`` read from TOML is of the field's ``kind`` as annotated: ``str``,
    ``int`` (a bool is not one), ``list[...]``, ``dict[str, ...]`` or a record's class."""
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind.startswith("list[") and kind.endswith("]"):
        inner = kind[5:-1]
        return isinstance(value, list) and all(_fits(v, inner) for v in value)
    if kind.startswith("dict[str, ") and kind.endswith("]"):
        inner = kind[10:-1]
        return isinstance(value, dict) and all(
            isinstance(k, str) and _fits(v, inner) for k, v in value.items()
        )
    return type(value).__name__ == kind  # a record built from its table (Round, Table...)


def verify_inert(data: Any, where: str) -> None:
    """Refuse an event file (``where``) holding a control character in any of its texts (a
    player's name, the event's, a substitute's, a table's file): the one rule for names
    (:func:`scorekeeper.shown.control_in`) holds for a hand-edited file as for ``new``, so
    that no escape sequence or bidi override reaches a standings sheet or a terminal."""
    if (found := control_at(data, in_names=True)) is not None:
        key, value, char = found
        raise refuse(
            "folder.event_control", kind="file", path=where, key=key, value=value, char=char
        )


def path_of(name: str) -> Path:
    return events_dir() / f"{store.check_name(name)}.toml"


def read(name: str) -> Event:
    path = path_of(name)
    try:
        files.before_reading(path)
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise refuse("club.no_event", kind="usage", name=name, folder=str(events_dir())) from None
    except UnicodeDecodeError as exc:
        raise refuse("club.bad_event", kind="file", path=str(path), error=str(exc)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise refuse("club.bad_event", kind="file", path=str(path), error=str(exc)) from None
    return Event.from_data(data, str(path))


def create(event: Event) -> Path:
    """Write a new event file; refused if one of that name exists."""
    load_competition(event.competition, event.overrides)  # refused before anything is made
    path = path_of(event.name)
    try:
        files.create_text(path, tomli_w.dumps(event.to_data()))
    except FileExistsError:
        raise refuse("club.event_exists", kind="usage", name=event.name) from None
    return path


@contextmanager
def editing(name: str) -> Iterator[Event]:
    """The event, locked while it is changed; written atomically when the block ends
    without a refusal (a refusal leaves the file as it was)."""
    path = path_of(name)
    if not path.is_file():
        raise refuse("club.no_event", kind="usage", name=name, folder=str(events_dir()))
    with files.lock(path, wait=10.0):
        event = read(name)
        yield event
        files.write_text(path, tomli_w.dumps(event.to_data()))


def open_tables(event: Event, played: Round, made: list[Path] | None = None) -> list[Path]:
    """Make each table's match file through the normal new-match code (the rule set,
    the names checked, the header replayed); the last made is the current match.

    Every table is checked before the first file is made (``verify_tables``), so that a
    refused draw leaves no file behind; a file that still fails to be made (another
    process took its name meanwhile) takes the ones made before it with it, and the
    current match is again the one it was. ``made`` (of :func:`undone_on_failure`)
    takes the files made, so that a failure after them (the event file not written)
    takes them away too."""
    from scorekeeper.session.new import start_match

    planned = verify_tables(event, played)
    with undone_on_failure() as mine:
        for table, rules in planned:
            _, path = start_match(
                rules,
                event.rules.ruleset,
                table.players,
                path=table.path(),
                lang=event.lang or None,
            )
            mine.append(path)
    if made is not None:
        made += mine
    return mine


@contextmanager
def undone_on_failure(kept: Sequence[Path] = ()) -> Iterator[list[Path]]:
    """The files made in the block (the caller lists them), removed again if the block
    fails; the data folder's current match and the files ``kept`` (an event file) as
    they were (none, where there was none): a refused or failed action leaves every
    file as it found it."""
    pointer = data_home() / "current"  # the data folder's pointer to the current match
    before = {p: p.read_bytes() if p.is_file() else None for p in (pointer, *kept)}
    made: list[Path] = []
    try:
        yield made
    except BaseException:
        for path in made:
            path.unlink(missing_ok=True)
        for path, data in before.items():
            if data is None:
                path.unlink(missing_ok=True)
            elif not path.is_file() or path.read_bytes() != data:
                files.write_bytes(path, data)
        raise


def verify_tables(event: Event, played: Round) -> list[tuple[Table, Any]]:
    """Each table of the round with the rule set its match is made with; refused (the
    table and the reason) when a name is one the game reads as something else or the
    table's match file exists already."""
    from scorekeeper import ruleset
    from scorekeeper.session.new import check_table, reserved_words

    base = ruleset.load(event.rules.ruleset)
    planned = []
    for table in played.tables:
        rules = base.with_options(round_length(event.rules, base, len(table.players)))
        check_table(table.players, None, reserved_words(rules, event.lang or None))
        if table.path().exists() or table.path().is_symlink():
            raise refuse(
                "club.table_file_exists", kind="file", table=table.number, path=table.match
            )
        planned.append((table, rules))
    return planned


def round_length(rules: Competition, base: Any, seated: int) -> dict[str, int]:
    """The option a table's match file is written with when the competition's round is
    not the rule set's (``round_games``: the engine then ends the round, and counts a
    vorgeführt Pflichtsolo, as the event's list does)."""
    games = rules.games_at(seated)
    if "round_games" not in base.option_specs or not games:
        return {}
    own = base.get(f"match.games.{seated}")
    return {} if own == games else {"round_games": games}


def new(
    name: str,
    competition: str,
    *,
    season: str = "",
    lang: str = "",
    seed: int = 0,
    overrides: dict[str, str] | None = None,
    day: date | None = None,
) -> Event:
    return Event(
        name=store.check_name(name),
        competition=competition,
        started=(day or date.today()).isoformat(),
        players=[],
        season=season,
        lang=lang,
        seed=seed,
        overrides=dict(overrides or {}),
    )


def events() -> list[Event]:
    """Every event of the data folder that reads (a broken file is left out)."""
    found = []
    folder = events_dir()
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            found.append(read(path.stem))
        except ScorekeeperError:
            continue
    return found
