"""A loaded rule set: its data, its typed record, its options resolved for one match.

The data layer knows nothing of the game families: whoever loads a rule set hands in a
``Binder`` that names the families and gives, per family, the schema its rule sets are
read with and the mechanics that play them (``scorekeeper.games.BINDER`` does).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Protocol, TypeVar

from scorekeeper.cards import Card, Deck
from scorekeeper.errors import OptionError, RulesetError
from scorekeeper.reasons import Reason, because
from scorekeeper.record import field, fields, record
from scorekeeper.rules.schema import CommonRules, Problem, nearest, read, said, when_key
from scorekeeper.rules.source import Chain, find, load_chain, merge, type_word

T = TypeVar("T")


class Mechanics(Protocol):
    """What the data layer asks of a family's mechanics: how many of the seated play."""

    def playing(self, rules: Ruleset, seated: int) -> int: ...

    def dealt_size(self, rules: Ruleset, players: int) -> int: ...

    def validate(self, rules: Ruleset) -> list[str]: ...


class Binder(Protocol):
    """The families known to whoever loads rule sets."""

    names: tuple[str, ...]

    def bind(self, family: str) -> tuple[type[CommonRules], Mechanics]: ...


@record(frozen=True)
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
            raise OptionError(_takes(self.name, type_word(self.default), value))
        if isinstance(value, list) and not all(isinstance(v, str) for v in value):
            raise OptionError(_takes(self.name, said("rules.type.words"), value))
        if self.choices and value not in self.choices:
            allowed = said("rules.type.one_of", values=[str(c) for c in self.choices])
            raise OptionError(_takes(self.name, allowed, value))
        return value


YES = ("true", "yes", "on", "1", "ja")
NO = ("false", "no", "off", "0", "nein", "nee")
"""The words for yes and no an option takes, the German and Dutch table's among them."""


def _from_text(name: str, text: str, default: Any) -> Any:
    word = text.strip().lower()
    if isinstance(default, bool):
        if word in YES:
            return True
        if word in NO:
            return False
    elif isinstance(default, int):
        if word.lstrip("+-").isdigit() and len(word) <= 9:
            return int(word)
    elif isinstance(default, list):
        return [w.strip() for w in text.split(",") if w.strip()]
    raise OptionError(_takes(name, type_word(default), text))


def _takes(name: str, kind: str, value: Any) -> Reason:
    """``option fox takes true or false, not 'maybe'``."""
    return because("rules.option.takes", f"options.{name}", name=name, kind=kind, value=value)


@record(frozen=True)
class Ruleset:
    """A loaded, validated rule set with its options resolved for one match.

    ``base`` is the rule set as its files say; ``data`` is the same with the changes that
    the options in force make (an option's ``[options.NAME.when.VALUE]`` table is merged
    in when the option has that value), so that an option may change the deck or the
    deal as well as a single number. ``spec`` is ``data`` read into the family's typed
    record; ``mechanics`` is the family that plays it.
    """

    base: dict[str, Any]
    source: str
    overrides: dict[str, Any] = field(default_factory=dict)
    schema: type[CommonRules] = CommonRules
    mechanics: Any = field(default=None, compare=False)
    chain: Chain = field(default=(), compare=False, repr=False)
    """The files it was read from (``source.Chain``), when loaded by name or path."""

    @cached_property
    def data(self) -> dict[str, Any]:
        data = self.base
        options = self.base.get("options")
        # Read before validation: a malformed option is skipped here and refused there.
        for name, spec in options.items() if isinstance(options, Mapping) else ():
            when = spec.get("when") if isinstance(spec, Mapping) else None
            if not isinstance(when, Mapping):
                continue
            patch = when.get(when_key(self.overrides.get(name, spec.get("default"))))
            if isinstance(patch, Mapping) and patch:
                data = merge(data, patch)
        return data

    @cached_property
    def spec(self) -> Any:
        """The typed record of the rule set in force (its family's schema)."""
        record, problems = read(self.schema, self.data)
        if record is None:
            raise self.error(problems)
        return record

    def error(self, problems: list[Problem]) -> RulesetError:
        lines = [
            f"{self.source}: {key}: {message}" if key else f"{self.source}: {message}"
            for key, message in problems
        ]
        return RulesetError("\n".join(lines), rule=problems[0][0] if problems else None)

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

    # -- untyped look-ups (kept for scripts and tests; the engine reads ``spec``)
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
            raise RulesetError(f"{self.source}: {dotted}: {said('rules.missing_key')}")
        return value

    # -- options
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

    def options_as(self, cls: type[T]) -> T:
        """The options in force as a family's typed record (fields named like the options;
        options the record does not name are left out). Read once per rule set."""
        cache = self.__dict__.setdefault("_typed_options", {})
        if cls not in cache:
            names = {f.name for f in fields(cls)}
            values = {k: v for k, v in self.options.items() if k in names}
            record, problems = read(cls, values, strict=False)
            if record is None:
                raise self.error([(f"options.{k}", m) for k, m in problems])
            cache[cls] = record
        return cache[cls]

    def option(self, name: str) -> Any:
        if name not in self.option_specs:
            raise OptionError(
                because("rules.option.none", f"options.{name}", ruleset=self.id, name=name)
            )
        return self.options[name]

    def with_options(self, overrides: Mapping[str, Any]) -> Ruleset:
        """This rule set with options changed; unknown options and bad values are refused,
        and the rule set the changed options make is validated at once."""
        checked = dict(self.overrides)
        for name, value in overrides.items():
            spec = self.option_specs.get(name)
            if spec is None:
                known = sorted(self.option_specs) or [said("rules.none")]
                close = nearest(str(name), self.option_specs)
                raise OptionError(
                    because(
                        "rules.option.unknown_for_near" if close else "rules.option.unknown_for",
                        "options",
                        name=name,
                        ruleset=self.id,
                        near=close,
                        options=known,
                    )
                )
            checked[name] = spec.coerce(value)
        changed = Ruleset(self.base, self.source, checked, self.schema, self.mechanics, self.chain)
        if overrides:
            try:
                validate(changed)
            except OptionError:
                raise
            except RulesetError as exc:  # the values set make the rule set inconsistent
                names = [f"{n}={_as_set(checked[n])}" for n in overrides]
                why = "; ".join(
                    line.removeprefix(f"{self.source}: ") for line in exc.message.splitlines()
                )
                rule = f"options.{next(iter(overrides))}"
                raise OptionError(
                    because("rules.options_make", rule, names=names, why=why)
                ) from None
        return changed

    # -- the game's material
    @cached_property
    def deck(self) -> Deck:
        d = self.spec.deck
        return Deck(d.ranks, d.suits, d.copies)

    def card_points(self, card: Card, trump_suit: str | None = None) -> int:
        points = self.spec.card_points
        if trump_suit is not None and card.suit == trump_suit and card.rank in points.trump:
            return points.trump[card.rank]
        return points.values.get(card.rank, 0)

    @property
    def hand_size(self) -> int:
        return self.spec.deal.hand_size

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


def _identity_problems(data: Mapping[str, Any], binder: Binder | None) -> list[Problem]:
    problems: list[Problem] = []
    for key in ("id", "name", "family"):
        if not isinstance(data.get(key), str):
            problems.append((key, said("rules.not_a_string")))
    family = data.get("family")
    if binder is not None and isinstance(family, str) and family not in binder.names:
        known = list(binder.names)
        problems.append(("family", said("rules.unknown_family", family=family, known=known)))
    return problems


def validate(rs: Ruleset) -> None:
    """Check a rule set's shape and consistency; raise with ``file: key: message``."""
    problems = _identity_problems(rs.data, None)
    if problems:
        raise rs.error(problems)
    record, problems = read(rs.schema, rs.data)
    if record is None:
        raise rs.error(problems)
    rs.__dict__.setdefault("spec", record)  # what ``rs.spec`` would read again
    mechanics = rs.mechanics
    if mechanics is None:
        return
    per_player = record.deal.hand_size
    for seated in record.players:
        count = mechanics.playing(rs, seated)
        if per_player * count > len(rs.deck):
            problems.append(
                (
                    "deal.packets",
                    said("rules.deal_short", count=count, size=per_player, deck=len(rs.deck)),
                )
            )
        tricks, held = record.play.tricks, mechanics.dealt_size(rs, count)
        if tricks is not None and tricks != held:
            problems.append(("play.tricks", said("rules.tricks", tricks=tricks, held=held)))
    if problems:
        raise rs.error(problems)
    family_problems = mechanics.validate(rs)
    if family_problems:
        raise rs.error([_as_problem(p) for p in family_problems])


def _as_problem(line: str) -> Problem:
    """A family's ``key: message`` line as a problem (a line without a key names none)."""
    key, sep, message = line.partition(": ")
    if sep and key and " " not in key:
        return key, message
    return "", line


def load(
    name: str, options: Mapping[str, Any] | None = None, *, binder: Binder | None = None
) -> Ruleset:
    """Load a rule set by id or path, validate it, and apply option overrides.

    With a ``binder`` the rule set is read with its family's schema and checked by its
    family's mechanics too; without one, only as far as every family shares. (The cycle
    collector runs meanwhile: pausing it saved nothing measurable, median 29.7 ms paused
    against 28.9 ms not for the Doppelkopf rule set's first load.)
    """
    path = find(name)
    chain: list[Any] = []
    data = load_chain(path, read=chain)
    data.setdefault("id", path.stem)
    problems = _identity_problems(data, binder)
    if problems:
        raise Ruleset(data, str(path)).error(problems)
    schema: type[CommonRules] = CommonRules
    mechanics = None
    if binder is not None:
        schema, mechanics = binder.bind(data["family"])
    rs = Ruleset(data, str(path), {}, schema, mechanics, tuple(chain))
    validate(rs)
    return rs.with_options(options or {}) if options else rs


def _as_set(value: Any) -> str:
    """An option's value as ``--set`` takes it (``A,A``, ``true``), never Python's form
    (``['A', 'A']``): the view words it in the table's language."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(_as_set(v) for v in value)
    return str(value)
