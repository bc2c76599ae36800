"""Quick entry: a Doppelkopf hand from what a paper score sheet holds.

The facts are declared once (``FACTS``): name, kind, help and check. ``hand --keys``, the
command line's parsing (``Family.quick_keys``), the help texts and the validation all come
from that declaration. What the players said is replayed through the same announcement
chain a hand played card by card uses (``announcements.Chain``), with the sides taken from
the sheet; the value comes from the same ``scoring.score``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.base import QuickKey
from scorekeeper.games.doppelkopf.announcements import Chain
from scorekeeper.games.doppelkopf.notation import Announce, read
from scorekeeper.games.doppelkopf.records import (
    CONTRA,
    EXTRA_OPTIONS,
    RE,
    SIDES,
    Announcement,
    Extra,
    Facts,
    kind_option,
    side_word,
)
from scorekeeper.games.doppelkopf.rounds import (
    bock_level,
    is_obligatory_solo,
    solo_name,
    unclarified_solo,
)
from scorekeeper.games.doppelkopf.rules import options, spec
from scorekeeper.games.doppelkopf.scoring import score
from scorekeeper.result import HandResult, redeal_result

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset


@dataclass
class Sheet:
    """The facts read so far, for the checks of the facts that depend on them."""

    rules: Ruleset
    players: list[str]
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def re(self) -> list[str]:
        return self.values["re"]

    @property
    def total(self) -> int:
        return spec(self.rules).card_points.total

    def side(self, player: str) -> str:
        return RE if player in self.re else CONTRA


def refuse(message: str, rule: str, name: str) -> IllegalActionError:
    return IllegalActionError(message, rule=rule, where=f"quick.{name}")


def _re(sheet: Sheet, value: Any) -> list[str]:
    players = sheet.players
    if (
        not isinstance(value, list)
        or not 1 <= len(value) <= 2
        or any(p not in players for p in value)
        or len(set(value)) != len(value)
    ):
        raise refuse(
            f"re must list the Re players (one or two of {', '.join(players)})", "teams", "re"
        )
    return value


def _re_points(sheet: Sheet, value: Any) -> int:
    total = sheet.total
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= total:
        raise refuse(
            f"re_points must be Re's card points, 0 to {total}", "card_points.total", "re_points"
        )
    return value


def _all_tricks(sheet: Sheet, value: Any) -> str | None:
    rules, total, re_points = sheet.rules, sheet.total, sheet.values["re_points"]
    if value not in (None, *SIDES):
        raise refuse('all_tricks is "re" or "contra"', "quick", "all_tricks")
    if (value == RE and re_points != total) or (value == CONTRA and re_points != 0):
        raise refuse(
            f"a side that took every trick has all {total} card points",
            "card_points.total",
            "all_tricks",
        )
    every_card_counts = all(rules.card_points(c) > 0 for c in rules.deck.cards)
    if value is None and every_card_counts and re_points in (0, total):
        return RE if re_points == total else CONTRA
    return value


def _extras(sheet: Sheet, value: Any) -> list[Extra]:
    rules, worth = sheet.rules, spec(sheet.rules).extras
    opts = options(rules)
    extras: list[Extra] = []
    for entry in value or []:
        words = str(entry).split()
        if len(words) != 2 or words[0] not in sheet.players or words[1] not in EXTRA_OPTIONS:
            raise refuse(
                f"extra {entry!r} must be 'Name kind' with kind one of {', '.join(EXTRA_OPTIONS)}",
                "extras",
                "extras",
            )
        option = kind_option(words[1])
        if not opts.on(option):
            raise refuse(f"extra {entry!r}: option {option} is off", f"options.{option}", "extras")
        extras.append((sheet.side(words[0]), words[1], worth.worth(words[1])))
    return extras


def _revoke(sheet: Sheet, value: Any) -> str | None:
    if value not in (None, *SIDES):
        raise refuse('revoke is "re" or "contra"', "quick", "revoke")
    return value


def _redeal(sheet: Sheet, value: Any) -> bool:
    return bool(value)


def _solo(sheet: Sheet, value: Any) -> str | None:
    if value is None:
        return None
    solos = spec(sheet.rules).solos
    if value not in solos:
        raise refuse(f"solo {value!r} is not one of: {', '.join(solos) or 'none'}", "solos", "solo")
    if len(sheet.re) != 1:
        raise refuse("a solo has one Re player, the soloist", "solos", "re")
    return value


@dataclass(frozen=True)
class Fact:
    """One fact of a quick hand: its kind, its help and the check that reads its value."""

    name: str
    kind: str  # int, word, list, bool (as ``QuickKey`` parses them)
    help: str
    check: Callable[[Sheet, Any], Any]

    def key(self) -> QuickKey:
        return QuickKey(self.kind, self.help)


# In the order the help lists them.
FACTS = (
    Fact("re", "list", "the Re players (two names, or one for a player alone)", _re),
    Fact("re_points", "int", "Re's card points, 0 to 240", _re_points),
    Fact("all_tricks", "word", "re or contra, when one side took every trick", _all_tricks),
    Fact(
        "extras",
        "list",
        "extra points as 'Name kind': fox, charlie, charlie2, charlie_captured, doppelkopf",
        _extras,
    ),
    Fact("revoke", "word", "re or contra: the side that revoked", _revoke),
    Fact("redeal", "bool", "true when the hand was thrown in", _redeal),
    Fact("solo", "word", "the solo played (see the rule set's [solos]); re is the soloist", _solo),
)
# In the order the checks read them (a later check may use an earlier value).
CHECK_ORDER = ("re", "re_points", "all_tricks", "solo", "extras", "revoke")


def quick_keys() -> dict[str, QuickKey]:
    return {f.name: f.key() for f in FACTS}


def refuse_unknown(facts: Mapping[str, Any]) -> None:
    unknown = sorted(set(facts) - {f.name for f in FACTS})
    if unknown:
        raise IllegalActionError(
            f"unknown key {unknown[0]!r}; keys: {', '.join(f.name for f in FACTS)}",
            rule="quick",
            where=f"quick.{unknown[0]}",
        )


def read_sheet(rules: Ruleset, players: list[str], facts: Mapping[str, Any]) -> Sheet:
    """Every fact checked, in ``CHECK_ORDER``."""
    by_name = {f.name: f for f in FACTS}
    sheet = Sheet(rules, players)
    for name in CHECK_ORDER:
        sheet.values[name] = by_name[name].check(sheet, facts.get(name))
    return sheet


def replay(sheet: Sheet, actions: Sequence[Action]) -> tuple[list[Announcement], set[str]]:
    """What was said, through the announcement chain, with the sides from the sheet;
    and the declarations made (wedding, poverty...)."""
    rules = sheet.rules
    chain = Chain(rules)
    aliases = spec(rules).announcements.aliases
    declared: set[str] = set()
    for action in actions:
        if action.actor not in sheet.players:
            raise IllegalActionError(
                f"{action}: {action.actor} deals and sits out this hand", rule="match.sit_out"
            )
        said = read(action, aliases, chain.levels)
        if said is None:
            raise IllegalActionError(
                f"{action}: unknown announcement {action.verb!r}", rule="announcements"
            )
        if not isinstance(said, Announce):
            declared.add(said.verb)
            continue
        side = sheet.side(action.actor)
        if said.kind in SIDES and said.kind != side:
            raise IllegalActionError(
                f"{action}: {action.actor} is on the {side_word(side, rules)} side", rule="teams"
            )
        chain.verify(str(action), said.kind, side)
        chain.add(action.actor, said.kind, side)
    return chain.said, declared


def _game(sheet: Sheet, declared: set[str], obligatory: bool) -> tuple[str, str | None]:
    """The kind of game as the sheet names it, and the solo played (if any)."""
    rules, re, solo = sheet.rules, sheet.re, sheet.values["solo"]
    lone = len(re) == 1
    if solo is not None:
        return solo_name(rules, solo, re[0], obligatory), solo
    kind = "normal"
    for verb in ("wedding", "poverty"):
        if verb in declared:
            kind = verb
    if lone and kind == "normal":
        return f"silent wedding, {re[0]} alone", None
    if lone and kind == "wedding" and unclarified_solo(rules):
        becomes = unclarified_solo(rules)
        assert becomes is not None
        return solo_name(rules, becomes, re[0], False) + " (wedding without partner)", becomes
    if lone and kind == "wedding":
        return f"wedding, {re[0]} alone", None
    return kind, None


def score_quick(
    rules: Ruleset,
    table: Sequence[str],
    players: list[str],
    facts: Mapping[str, Any],
    actions: Sequence[Action],
    context: Mapping[str, object],
) -> HandResult:
    """The value of a hand entered quick."""
    refuse_unknown(facts)
    if facts.get("redeal"):
        return redeal_result(list(table), "new deal", "options.five_nines")
    sheet = read_sheet(rules, players, facts)
    re = sheet.re
    said, declared = replay(sheet, actions)
    solo = sheet.values["solo"]
    obligatory = solo is not None and is_obligatory_solo(rules, re[0], context)
    game_type, solo = _game(sheet, declared, obligatory)
    lone = len(re) == 1
    return score(
        rules,
        table,
        Facts(
            re,
            [p for p in players if p not in re],
            sheet.values["re_points"],
            sheet.values["all_tricks"],
            said,
            [] if lone else sheet.values["extras"],
            game_type,
            lone=lone,
            solo=solo,
            obligatory=obligatory,
            revoke=sheet.values["revoke"],
            bock=bock_level(rules, table, context),
        ),
    )
