"""Rule sets: finding, loading, extending, validating them, and resolving their options.

A rule set is a TOML file in ``rulesets/`` (shipped inside the package as
``scorekeeper/rulesets``), in the user's data folder, or anywhere given by path. It may
``extends`` another one and change keys: tables merge key by key, everything else is
replaced. Options are the keys a single match may change (``[options.NAME]`` with
``default``, ``explain`` and, for words, ``choices``).
"""

from __future__ import annotations

import copy
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from scorekeeper.cards import RANKS, SUITS, Card, Deck
from scorekeeper.errors import OptionError, RulesetError

_PACKAGE_DIR = Path(__file__).resolve().parent


def ruleset_dirs() -> list[Path]:
    """Where rule sets are looked up, in order: user folder, package, source checkout."""
    dirs: list[Path] = []
    home = data_home()
    dirs.append(home / "rulesets")
    dirs.append(_PACKAGE_DIR / "rulesets")
    dirs.append(_PACKAGE_DIR.parent / "rulesets")
    return [d for d in dirs if d.is_dir()]


def data_home() -> Path:
    """The user's scorekeeper folder: $SCOREKEEPER_HOME, else the XDG data folder."""
    if env := os.environ.get("SCOREKEEPER_HOME"):
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "scorekeeper"


def available() -> dict[str, Path]:
    """Every rule set id that can be loaded by name, with its file (first found wins)."""
    found: dict[str, Path] = {}
    for d in ruleset_dirs():
        for path in sorted(d.glob("*.toml")):
            found.setdefault(path.stem, path)
    return found


def find(name: str) -> Path:
    """The file of a rule set given by id or by path."""
    if name.endswith(".toml") or os.sep in name or "/" in name:
        path = Path(name)
        if not path.is_file():
            raise RulesetError(f"no rule set file {name}")
        return path
    files = available()
    if name not in files:
        known = ", ".join(sorted(files)) or "none"
        raise RulesetError(f"unknown rule set {name!r}; known rule sets: {known}")
    return files[name]


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{path}: {exc}") from None
    except OSError as exc:
        raise RulesetError(f"{path}: cannot read: {exc.strerror}") from None


def merge(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """Tables merge key by key; any other value in ``changes`` replaces the base's."""
    out = copy.deepcopy(dict(base))
    for key, value in changes.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _load_raw(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    path = path.resolve()
    if path in seen:
        chain = " -> ".join(p.stem for p in (*seen, path))
        raise RulesetError(f"{path}: extends: circular chain {chain}")
    data = _read_toml(path)
    parent = data.get("extends")
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise RulesetError(f"{path}: extends: must be a rule set id or a path")
    parent_path = Path(parent) if parent.endswith(".toml") else None
    if parent_path is not None and not parent_path.is_absolute():
        parent_path = path.parent / parent_path
    base = _load_raw(parent_path or find(parent), (*seen, path))
    child = {k: v for k, v in data.items() if k != "extends"}
    for name, spec in (child.get("options") or {}).items():
        old = (base.get("options") or {}).get(name, {}).get("default")
        new = spec.get("default") if isinstance(spec, Mapping) else None
        if old is not None and new is not None and type(old) is not type(new):
            raise RulesetError(
                f"{path}: options.{name}.default: {new!r} is not {_type_word(old)}, as the "
                f"option is in {parent}",
                rule=f"options.{name}",
            )
    merged = merge(base, child)
    merged["id"] = child.get("id", path.stem)  # a house rule is not its parent
    merged["extends"] = parent
    return merged


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    explain: str
    choices: tuple[Any, ...] = ()

    def coerce(self, value: Any) -> Any:
        """Check (and, from a command-line string, convert) a value for this option."""
        if isinstance(value, str) and not isinstance(self.default, str):
            value = _from_text(self.name, value, self.default)
        if isinstance(self.default, bool) != isinstance(value, bool) or not isinstance(
            value, type(self.default)
        ):
            raise OptionError(
                f"option {self.name} takes {_type_word(self.default)}, not {value!r}",
                rule=f"options.{self.name}",
            )
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(
                f"option {self.name} takes one of {allowed}, not {value!r}",
                rule=f"options.{self.name}",
            )
        return value


def _when_key(value: Any) -> str:
    """How an option value is written as a key of its ``when`` table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _type_word(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, list):
        return "a list"
    return "a word"


def _from_text(name: str, text: str, default: Any) -> Any:
    word = text.strip().lower()
    if isinstance(default, bool):
        if word in ("true", "yes", "on", "1"):
            return True
        if word in ("false", "no", "off", "0"):
            return False
    elif isinstance(default, int):
        try:
            return int(word)
        except ValueError:
            pass
    elif isinstance(default, list):
        return [w.strip() for w in text.split(",") if w.strip()]
    raise OptionError(
        f"option {name} takes {_type_word(default)}, not {text!r}", rule=f"options.{name}"
    )


@dataclass(frozen=True)
class Ruleset:
    """A loaded, validated rule set with its options resolved for one match.

    ``base`` is the rule set as its files say; ``data`` is the same with the changes that
    the options in force make (an option's ``[options.NAME.when.VALUE]`` table is merged
    in when the option has that value), so that an option may change the deck or the
    deal as well as a single number.
    """

    base: dict[str, Any]
    source: str
    overrides: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def data(self) -> dict[str, Any]:
        data = self.base
        for name, spec in self.base.get("options", {}).items():
            value = self.overrides.get(name, spec.get("default"))
            patch = spec.get("when", {}).get(_when_key(value))
            if patch:
                data = merge(data, patch)
        return data

    # -- identity
    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def name(self) -> str:
        return self.data["name"]

    @property
    def family(self) -> str:
        return self.data["family"]

    @property
    def player_counts(self) -> list[int]:
        return list(self.data["players"])

    # -- lookups
    def get(self, dotted: str, default: Any = None) -> Any:
        node: Any = self.data
        for part in dotted.split("."):
            if not isinstance(node, Mapping) or part not in node:
                return default
            node = node[part]
        return node

    def require(self, dotted: str) -> Any:
        value = self.get(dotted)
        if value is None:
            raise RulesetError(f"{self.source}: {dotted}: missing")
        return value

    @cached_property
    def option_specs(self) -> dict[str, Option]:
        specs = {}
        for name, spec in self.base.get("options", {}).items():
            specs[name] = Option(
                name, spec["default"], spec.get("explain", ""), tuple(spec.get("choices", ()))
            )
        return specs

    @cached_property
    def options(self) -> dict[str, Any]:
        values = {name: spec.default for name, spec in self.option_specs.items()}
        values.update(self.overrides)
        return values

    def option(self, name: str) -> Any:
        if name not in self.option_specs:
            raise OptionError(f"{self.id} has no option {name!r}", rule=f"options.{name}")
        return self.options[name]

    def with_options(self, overrides: Mapping[str, Any]) -> Ruleset:
        """This rule set with options changed; unknown options and bad values are refused."""
        checked = dict(self.overrides)
        for name, value in overrides.items():
            spec = self.option_specs.get(name)
            if spec is None:
                known = ", ".join(sorted(self.option_specs)) or "none"
                raise OptionError(
                    f"unknown option {name!r} for {self.id}; options: {known}",
                    rule="options",
                )
            checked[name] = spec.coerce(value)
        changed = Ruleset(self.base, self.source, checked)
        if any(spec.get("when") for spec in self.base.get("options", {}).values()):
            validate(changed)
        return changed

    # -- the game's material
    @cached_property
    def deck(self) -> Deck:
        d = self.data["deck"]
        return Deck(d["ranks"], d["suits"], d.get("copies", 1))

    def card_points(self, card: Card, trump_suit: str | None = None) -> int:
        table = self.data["card_points"]
        if trump_suit is not None and card.suit == trump_suit:
            trump_table = table.get("trump", {})
            if card.rank in trump_table:
                return trump_table[card.rank]
        return table.get(card.rank, 0)

    @property
    def hand_size(self) -> int:
        return sum(self.data["deal"]["packets"])

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "family": self.family,
            "players": self.player_counts,
            "summary": self.data.get("summary", ""),
            "extends": self.data.get("extends"),
            "source": self.source,
        }


def load(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """Load a rule set by id or path, validate it, and apply option overrides."""
    path = find(name)
    data = _load_raw(path)
    data.setdefault("id", path.stem)
    rs = Ruleset(data, str(path))
    validate(rs)
    return rs.with_options(options or {}) if options else rs


def shipped_dirs() -> list[Path]:
    """The rule sets that come with scorekeeper (not the user's)."""
    return [d for d in (_PACKAGE_DIR / "rulesets", _PACKAGE_DIR.parent / "rulesets") if d.is_dir()]


def _leaves(data: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for key, value in data.items():
        if isinstance(value, Mapping):
            out.extend(_leaves(value, (*prefix, key)))
        else:
            out.append((*prefix, key))
    return out


def _open_tables(datas: list[Mapping[str, Any]]) -> set[tuple[str, ...]]:
    """Tables whose entries are all tables (contracts, solos, options...): any name goes."""
    found: set[tuple[str, ...]] = set()

    def walk(node: Mapping[str, Any], path: tuple[str, ...]) -> None:
        if node and all(isinstance(v, Mapping) for v in node.values()):
            found.add(path)
        for key, value in node.items():
            if isinstance(value, Mapping):
                walk(value, (*path, key))

    for data in datas:
        walk(data, ())
    return found


def _shape(path: tuple[str, ...], open_tables: set[tuple[str, ...]]) -> tuple[str, ...]:
    out: list[str] = []
    for key in path:
        out.append("*" if tuple(out) in open_tables else key)
    return tuple(out)


def unknown_keys(rs: Ruleset) -> list[str]:
    """Keys no shipped rule set of the same family has: most likely typos in a house rule.

    Nothing reads such a key, so a misspelt ``[scoring] re_neds = 120`` would otherwise
    change nothing without a word. Names inside tables of tables (a new contract, a new
    solo) are free; their own keys are not.
    """
    shipped = []
    for d in shipped_dirs():
        for path in d.glob("*.toml"):
            with path.open("rb") as fh:
                data = tomllib.load(fh)
            if data.get("family", rs.family) == rs.family:
                shipped.append(data)
    if Path(rs.source).parent.resolve() in {d.resolve() for d in shipped_dirs()}:
        return []
    open_tables = _open_tables(shipped)
    known = {_shape(p, open_tables) for data in shipped for p in _leaves(data)}
    return sorted(
        ".".join(p)
        for p in _leaves(rs.base)
        if _shape(p, open_tables) not in known and p[0] not in ("extends",)
    )


def validate(rs: Ruleset) -> None:
    """Check a rule set's shape and consistency; raise with ``file: key: message``."""
    problems: list[str] = []
    d = rs.data

    def bad(key: str, message: str) -> None:
        problems.append(f"{rs.source}: {key}: {message}")

    for key, kind in (("id", str), ("name", str), ("family", str)):
        if not isinstance(d.get(key), kind):
            bad(key, "missing or not a string")
    from scorekeeper.games import FAMILIES

    if isinstance(d.get("family"), str) and d["family"] not in FAMILIES:
        bad("family", f"unknown game family {d['family']!r}; known: {', '.join(FAMILIES)}")
    players = d.get("players")
    if not (
        isinstance(players, list)
        and players
        and all(isinstance(p, int) and 2 <= p <= 6 for p in players)
    ):
        bad("players", "must be a list of player counts between 2 and 6, like [4]")
    deck = d.get("deck")
    if not isinstance(deck, Mapping):
        bad("deck", "missing table")
        deck = {}
    for key, universe in (("ranks", RANKS), ("suits", SUITS)):
        values = deck.get(key)
        if not isinstance(values, list) or not values:
            bad(f"deck.{key}", "must be a non-empty list")
        elif unknown := [v for v in values if v not in universe]:
            bad(f"deck.{key}", f"unknown {key[:-1]} {unknown[0]!r}; known: {' '.join(universe)}")
    copies = deck.get("copies", 1)
    if not isinstance(copies, int) or copies < 1:
        bad("deck.copies", "must be a whole number of at least 1")
    packets = rs.get("deal.packets")
    if not (
        isinstance(packets, list) and packets and all(isinstance(p, int) and p > 0 for p in packets)
    ):
        bad("deal.packets", "must be a list of packet sizes, like [3, 3, 3, 3]")
    points = d.get("card_points")
    if not isinstance(points, Mapping):
        bad("card_points", "missing table")
    elif not problems:
        for rank in deck["ranks"]:
            if not isinstance(points.get(rank), int):
                bad(f"card_points.{rank}", "missing or not a whole number")
    from scorekeeper.following import VALUES

    for key, allowed in VALUES.items():
        value = rs.get(f"following.{key}")
        if value is not None and value not in allowed:
            bad(f"following.{key}", f"{value!r} is not one of {', '.join(allowed)}")
    plain = rs.get("ranking.plain_order")
    if not isinstance(plain, list) or not plain:
        bad("ranking.plain_order", "must list the ranks of a plain suit, highest first")
    contracts = d.get("contracts")
    if not isinstance(contracts, Mapping) or not contracts:
        bad(
            "contracts",
            "at least one contract (like [contracts.normal]) must say which cards are trumps",
        )
    else:
        for cname, contract in contracts.items():
            trumps = contract.get("trumps", [])
            if not isinstance(trumps, list):
                bad(f"contracts.{cname}.trumps", "must be a list of cards, highest first")
                continue
            for code in trumps:
                try:
                    if "{T}" in code:
                        continue
                    card = Card.parse(code)
                except ValueError:
                    bad(f"contracts.{cname}.trumps", f"unknown card {code!r}")
                    continue
                if (
                    deck
                    and card.rank in deck.get("ranks", ())
                    and card.suit in deck.get("suits", ())
                ):
                    continue
                bad(f"contracts.{cname}.trumps", f"{code} is not in the deck")
    for name, spec in (d.get("options") or {}).items():
        if not isinstance(spec, Mapping) or "default" not in spec:
            bad(f"options.{name}", "must be a table with a default")
            continue
        if not spec.get("explain"):
            bad(f"options.{name}.explain", "every option needs an explanation")
        choices = spec.get("choices")
        if choices is not None and spec["default"] not in choices:
            bad(f"options.{name}.default", f"{spec['default']!r} is not one of its choices")
        when = spec.get("when", {})
        if not isinstance(when, Mapping):
            bad(f"options.{name}.when", "must be a table of values, each with the keys it changes")
        else:
            allowed = (
                {_when_key(c) for c in choices}
                if choices
                else {"true", "false"}
                if isinstance(spec["default"], bool)
                else None
            )
            for key in when:
                if allowed is not None and key not in allowed:
                    bad(f"options.{name}.when.{key}", f"{key!r} is not a value of {name}")
    if not problems and isinstance(points, Mapping) and isinstance(points.get("total"), int):
        computed = sum(points.get(r, 0) for r in deck["ranks"]) * len(deck["suits"]) * copies
        trump_extra = points.get("trump") or {}
        computed += (
            sum(trump_extra.get(r, points.get(r, 0)) - points.get(r, 0) for r in deck["ranks"])
            * copies
            if trump_extra
            else 0
        )
        if computed != points["total"]:
            bad(
                "card_points.total",
                f"the deck's card points add up to {computed}, not {points['total']}",
            )
    if not problems and isinstance(players, list) and isinstance(packets, list):
        from scorekeeper.games import family_for

        per_player = sum(packets)
        for seated in players:
            count = family_for(rs).playing(rs, seated)
            if per_player * count > len(rs.deck):
                bad(
                    "deal.packets",
                    f"{count} players of {per_player} cards need more than {len(rs.deck)} cards",
                )
    if not problems:
        from scorekeeper.games import family_for

        problems.extend(f"{rs.source}: {p}" for p in family_for(rs).validate(rs))
    if problems:
        # The first problem's key (``file: key: message``) is the rule the refusal names.
        first_key = problems[0].split(": ")[1] if problems[0].count(": ") >= 2 else None
        raise RulesetError("\n".join(problems), rule=first_key)
