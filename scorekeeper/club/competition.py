"""A competition's rules as data: rounds, games, table sizes, placement points, tie-breaks,
absence scores, season counting, penalty points, loss money.

Presets ship beside this module (``competitions/*.toml``); a club's own file in the data
folder's ``competitions/`` may say ``extends = "PRESET"`` and change keys, as a house rule
set does. Each preset lists in ``unsourced`` the rules no source gave and how they were
decided. The rules are read once into a frozen :class:`Competition`; the mechanics that
use them (draws, checks, standings) live in the other modules of this package.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from scorekeeper.errors import RulesetError, ScorekeeperError
from scorekeeper.reasons import because
from scorekeeper.record import field, record
from scorekeeper.rules import data_home, found_in
from scorekeeper.rules.source import look_up, parse_bytes, read_bytes

COMPETITION = "rules.what.competition"
"""What a competition's file is called in a refusal (the key of its word)."""

SHIPPED = Path(__file__).resolve().parent / "competitions"
RANK_KEYS = ("points", "placement", "won", "lost", "solos", "marks", "lot")
"""What a ranking may compare, in the order given by ``rank_by`` (``lost``: fewer first)."""
SEASON_COUNTS = ("all", "best", "average_best")
LATE = ("warn", "refuse")
"""What a competition does with a game entered once the round's time is over."""
OVERRIDABLE = ("rounds", "games", "tables", "best")
"""The keys ``event new --set`` may change (whole numbers; ``tables`` a list like 4,5)."""


@record(frozen=True)
class Penalties:
    """The DDV penalty points (issue 30): a minor slip, a serious one, unsporting conduct."""

    minor: int = 3
    minor_credit: int = 1
    serious: int = 12
    serious_per_announcement: int = 3
    serious_credit: int = 4
    conduct_most: int = 12


@record(frozen=True)
class Scores:
    """What a round or an evening scores for a player who does not play it."""

    sitting_out: int = 0
    sitting_out_marks: int = 0
    sitting_out_placement: int = 0
    missed_round: int = 0
    missed_round_placement: int = 0
    notified_absence: int | str = 0  # a number, or "lowest": the evening's lowest total
    unnotified_absence: int = 0
    substitute: str = "counts"  # "counts" or "replaces_lowest"


@record(frozen=True)
class Competition:
    """The rules of a club night, tournament or season, as the preset file gives them."""

    id: str
    name: str
    ruleset: str
    rounds: int
    tables: tuple[int, ...]
    games: dict[str, int]
    rank_by: tuple[str, ...]
    shared_places: bool = False
    partners: str = "table"  # "table" (Doppelkopf), "drawn" or "fixed" (Klaverjas)
    lists: str = ""  # "ddv": the DDV list checks after every game
    minutes: int | None = None  # the round's time
    late: str = "warn"  # once the time is over: "warn", or "refuse" games entered then
    names: dict[str, str] = field(default_factory=dict)
    placement: dict[str, tuple[int, ...]] = field(default_factory=dict)
    scores: Scores = Scores()
    season_count: str = "all"
    season_best: int = 0
    penalties: Penalties = Penalties()
    loss_steps: tuple[tuple[int, Decimal], ...] = ()
    prizes: str = ""  # "van4": the day's prizes by the Formule van 4
    lowest_prize: bool = False  # a prize for the lowest (poedel)
    unsourced: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    source: str = ""

    def games_at(self, size: int) -> int:
        return self.games.get(str(size), 0)

    def title(self, lang: str) -> str:
        """The competition's name in ``lang`` (its own words where the file gives them)."""
        return self.names.get(lang, self.name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "ruleset": self.ruleset,
            "rounds": self.rounds,
            "tables": list(self.tables),
            "games": dict(self.games),
            "rank_by": list(self.rank_by),
            "shared_places": self.shared_places,
            "partners": self.partners,
            "placement": {k: list(v) for k, v in self.placement.items()},
            "season": {"count": self.season_count, "best": self.season_best},
            "loss_money": [{"from": n, "amount": str(a)} for n, a in self.loss_steps],
            "unsourced": list(self.unsourced),
            "notes": list(self.notes),
            "minutes": self.minutes,
            "late": self.late,
        }


def _refuse(message: str, /, **params: Any) -> ScorekeeperError:
    return ScorekeeperError(because(message, "competition", **params), kind="usage")


def _folders() -> list[Path]:
    """Where competitions are looked up: the data folder's first, then the shipped presets."""
    return [f for f in (data_home() / "competitions", SHIPPED) if f.is_dir()]


def available() -> dict[str, Path]:
    """Every competition by id: the data folder's first, then the shipped presets."""
    found: dict[str, Path] = {}
    for folder in _folders():
        for path in found_in(folder):
            found.setdefault(path.stem, path)
    return found


def _read(name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    path = look_up(name, _folders())
    if path is None or name in seen:
        raise _refuse("club.no_competition", name=name, known=sorted(available()))
    try:  # read as a rule set is: a plain file, bounded, parsed with its problems named
        data = parse_bytes(read_bytes(path, COMPETITION), path, COMPETITION)
    except RulesetError as exc:
        raise _refuse("club.bad_competition", name=name, error=exc.message) from None
    base = data.pop("extends", None)
    if isinstance(base, str):
        merged = _read(base, (*seen, name))
        for key, value in data.items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key] = {**merged[key], **value}
            else:
                merged[key] = value
        return merged
    return data


def load(name: str, overrides: Mapping[str, str] | None = None) -> Competition:
    """The competition ``name`` (a preset or a club's file), with ``overrides`` applied."""
    data = _read(name)
    for key, value in (overrides or {}).items():
        _override(data, key, value)
    try:
        return _build(name, data)
    except (KeyError, TypeError, ValueError, AttributeError, InvalidOperation) as exc:
        if isinstance(exc, ScorekeeperError):
            raise
        raise _refuse("club.bad_competition", name=name, error=repr(exc)) from None


def _number(key: str, value: str) -> int:
    if not value.isdigit() or not 0 < int(value) <= 1000:
        raise _refuse("club.bad_setting", key=key, value=value, keys=list(OVERRIDABLE))
    return int(value)


def _override(data: dict[str, Any], key: str, value: str) -> None:
    if key not in OVERRIDABLE:
        raise _refuse("club.bad_setting", key=key, value=value, keys=list(OVERRIDABLE))
    if key == "tables":
        data["tables"] = [_number(key, v) for v in value.split(",")]
    elif key == "games":
        data["games"] = dict.fromkeys(("3", "4", "5"), _number(key, value))
    elif key == "best":
        data.setdefault("season", {})["best"] = _number(key, value)
    else:
        data[key] = _number(key, value)


TABLES = ("games", "names", "placement", "scores", "season", "time", "prizes", "penalties")
"""The keys of a competition that hold a TOML table (a hand-edited ``games = 1.5`` is
refused naming the key, never an internal error)."""


def _build(name: str, data: dict[str, Any]) -> Competition:
    for key in TABLES:
        if key in data and not isinstance(data[key], dict):
            raise ValueError(f"{key} = {data[key]!r}")
    rank_by = tuple(data.get("rank_by", ["points", "lot"]))
    tables = tuple(int(t) for t in data["tables"])
    season = data.get("season", {})
    if not set(rank_by) <= set(RANK_KEYS) or season.get("count", "all") not in SEASON_COUNTS:
        raise ValueError(f"rank_by {rank_by}, season {season}")
    late = data.get("time", {}).get("late", "warn")
    if late not in LATE:
        raise ValueError(f"time.late {late!r}")
    if data.get("prizes", {}).get("formula", "van4") != "van4":
        raise ValueError(f"prizes {data['prizes']}")
    if not tables or any(not 2 <= t <= 6 for t in tables):
        raise ValueError(f"tables {tables}")
    money = data.get("money", {}).get("per_lost_game", [])
    steps = tuple(sorted((int(s["from"]), Decimal(str(s["amount"]))) for s in money))
    return Competition(
        id=str(data.get("id", name)),
        name=str(data.get("name", name)),
        ruleset=str(data["ruleset"]),
        rounds=int(data["rounds"]),
        tables=tables,
        games={str(k): int(v) for k, v in data.get("games", {}).items()},
        rank_by=rank_by,
        shared_places=bool(data.get("shared_places", False)),
        partners=str(data.get("partners", "table")),
        lists=str(data.get("lists", "")),
        minutes=data.get("minutes"),
        late=str(late),
        names={str(k): str(v) for k, v in data.get("names", {}).items()},
        placement={str(k): tuple(int(p) for p in v) for k, v in data.get("placement", {}).items()},
        scores=Scores(**data.get("scores", {})),
        season_count=str(season.get("count", "all")),
        season_best=int(season.get("best", 0)),
        penalties=Penalties(**data.get("penalties", {})),
        loss_steps=steps,
        prizes=str(data.get("prizes", {}).get("formula", "")),
        lowest_prize=bool(data.get("prizes", {}).get("lowest", False)),
        unsourced=tuple(str(u) for u in data.get("unsourced", [])),
        notes=tuple(str(n) for n in data.get("notes", [])),
        source=name,
    )
