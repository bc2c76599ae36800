"""Quick entry: a Doppelkopf hand from what a paper score sheet holds.

The facts are declared once (``FACTS``, ``common.Fact``): name, kind, help, rule and
check. ``hand --keys``, the command line's parsing (``Family.quick_keys``), the help texts
and the validation all come from that declaration; ``read_sheet`` adds the checks of facts
against each other. What the players said is replayed through the same announcement
chain a hand played card by card uses (``announcements.Chain``), with the sides taken from
the sheet; the value comes from the same ``scoring.score``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action, QuickKey
from scorekeeper.games.common import Fact, quick_keys, reachable_points, read_facts, refuse
from scorekeeper.games.doppelkopf.hand import Chain
from scorekeeper.games.doppelkopf.notation import Announce, no, read, tell
from scorekeeper.games.doppelkopf.possible import check_declarations, check_extras
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
from scorekeeper.reasons import because
from scorekeeper.record import field, record
from scorekeeper.result import HandResult, redeal_result

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset


@record
class Sheet:
    """What the facts are checked against (the rule set, the players), and, once read,
    the facts themselves (``values``)."""

    rules: Ruleset
    players: list[str]
    values: dict[str, Any] = field(default_factory=dict)
    table: list[str] = field(default_factory=list)  # with a dealer who sits out

    @property
    def re(self) -> list[str]:
        return self.values["re"]

    @property
    def total(self) -> int:
        return spec(self.rules).card_points.total

    def side(self, player: str) -> str:
        return RE if player in self.re else CONTRA


def _re_ok(value: list[str], sheet: Sheet) -> bool:
    return (
        1 <= len(value) <= 2 and set(value) <= set(sheet.players) and len(set(value)) == len(value)
    )


FACTS = (
    Fact(
        "re",
        "list",
        "the Re players (two names, or one for a player alone)",
        rule="teams",
        required=True,
        names="word",
        accept=_re_ok,
        refusal=lambda t: because("doppelkopf.quick.re", "teams", players=t.players),
    ),
    Fact(
        "re_points",
        "int",
        "Re's card points, 0 to 240",
        rule="card_points.total",
        required=True,
        accept=lambda v, t: 0 <= v <= t.total,
        refusal=lambda t: because("doppelkopf.quick.re_points", "card_points.total", total=t.total),
    ),
    Fact(
        "all_tricks",
        "word",
        "re or contra, when one side took every trick",
        choices=SIDES,
        refusal=lambda t: because("doppelkopf.quick.all_tricks", "quick"),
    ),
    Fact(
        "extras",
        "list",
        "extra points as 'Name kind': fox, charlie, charlie2, charlie_captured, doppelkopf",
        rule="extras",
        names="first",
        refusal=lambda t: because("doppelkopf.quick.extras", "extras", kinds=list(EXTRA_OPTIONS)),
    ),
    Fact(
        "revoke",
        "word",
        "re or contra: the side that revoked",
        choices=SIDES,
        refusal=lambda t: because("doppelkopf.quick.revoke", "quick"),
    ),
    Fact("redeal", "bool", "true when the hand was thrown in"),
    Fact(
        "solo",
        "word",
        "the solo played (see the rule set's [solos]); re is the soloist",
        rule="solos",
    ),
)


def fact_keys() -> dict[str, QuickKey]:
    return quick_keys(FACTS)


def read_sheet(
    rules: Ruleset,
    players: list[str],
    given: Mapping[str, Any],
    *,
    entry: bool = False,
    table: Sequence[str] = (),
) -> Sheet:
    """Every fact checked against its declaration, then against each other. ``entry``:
    entered now, so the card points are checked against what whole tricks can make (match
    files written before that check load as they did)."""
    sheet = Sheet(rules, players, table=list(table))
    sheet.values = read_facts(FACTS, given, sheet)
    if entry:
        _check_reachable(sheet)
    sheet.values["all_tricks"] = _all_tricks(sheet)
    _check_solo(sheet)
    sheet.values["extras"] = _extras(sheet)
    values = sheet.values
    check_extras(sheet.rules, values["extras"], values["re_points"], values["all_tricks"])
    return sheet


def _check_reachable(sheet: Sheet) -> None:
    """Re's card points must be a sum whole tricks of this deck can make."""
    points = sheet.values["re_points"]
    if points not in reachable_points(sheet.rules, len(sheet.players)):
        refuse(
            because(
                "doppelkopf.quick.unreachable",
                "card_points",
                points=points,
                other=sheet.total - points,
            ),
            where="quick.re_points",
        )


def _all_tricks(sheet: Sheet) -> str | None:
    rules, total = sheet.rules, sheet.total
    value, re_points = sheet.values["all_tricks"], sheet.values["re_points"]
    if (value == RE and re_points != total) or (value == CONTRA and re_points != 0):
        why = because("doppelkopf.quick.all_tricks_points", "card_points.total", total=total)
        refuse(why, where="quick.all_tricks")
    every_card_counts = all(rules.card_points(c) > 0 for c in rules.deck.cards)
    if value is None and every_card_counts and re_points in (0, total):
        return RE if re_points == total else CONTRA
    return value


def _check_solo(sheet: Sheet) -> None:
    value = sheet.values["solo"]
    if value is None:
        return
    solos = spec(sheet.rules).solos
    if value not in solos:
        known = {"solos": list(solos)} if solos else {"name": sheet.rules.name}
        key = "doppelkopf.quick.solo_unknown" if solos else "doppelkopf.quick.no_solos"
        refuse(because(key, "solos", solo=value, **known), where="quick.solo")
    if len(sheet.re) != 1:
        refuse(because("doppelkopf.quick.solo_alone", "solos"), where="quick.re")


def _extras(sheet: Sheet) -> list[Extra]:
    rules, worth = sheet.rules, spec(sheet.rules).extras
    opts = options(rules)
    extras: list[Extra] = []
    for entry in sheet.values["extras"] or []:
        words = entry.split()
        if len(words) == 2 and words[0] in sheet.table and words[0] not in sheet.players:
            why = because(
                "doppelkopf.quick.extra_sits_out", "match.sit_out", entry=entry, player=words[0]
            )
            refuse(why, where="quick.extras")
        if len(words) != 2 or words[0] not in sheet.players or words[1] not in EXTRA_OPTIONS:
            why = because(
                "doppelkopf.quick.extra", "extras", entry=entry, kinds=list(EXTRA_OPTIONS)
            )
            refuse(why, where="quick.extras")
        option = kind_option(words[1])
        if not opts.on(option):
            why = because(
                "doppelkopf.quick.extra_off", f"options.{option}", entry=entry, option=option
            )
            refuse(why, where="quick.extras")
        extras.append((sheet.side(words[0]), words[1], worth.worth(words[1])))
    return extras


def replay(
    sheet: Sheet, actions: Sequence[Action], *, entry: bool = False
) -> tuple[list[Announcement], set[str]]:
    """What was said, through the announcement chain, with the sides from the sheet;
    and the declarations made (wedding, poverty...). ``entry``: entered now, so
    declarations that contradict each other or the sheet are refused (match files written
    before this check load as they did)."""
    rules = sheet.rules
    chain = Chain(rules)
    aliases = spec(rules).announcements.aliases
    declared: set[str] = set()
    made: list[tuple[Action, str]] = []
    for action in actions:
        if action.actor not in sheet.players:
            no(action, "sits_out", "match.sit_out", player=action.actor)
        said = read(action, aliases, chain.levels)
        if said is None:
            no(action, "quick.unknown_announcement", "announcements", verb=action.verb)
        if not isinstance(said, Announce):
            declared.add(said.verb)
            made.append((action, said.verb))
            continue
        side = sheet.side(action.actor)
        if said.kind in SIDES and said.kind != side:
            words = side_word(side, rules)
            no(action, "quick.other_side", "teams", player=action.actor, side=words)
        chain.verify(str(action), said.kind, side)
        chain.add(action.actor, said.kind, side)
    if entry:
        solo = sheet.values["solo"]
        check_declarations(rules, made, sheet.re[0] if solo else None, solo)
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
        return tell("game.silent_wedding", player=re[0]), None
    if lone and kind == "wedding" and unclarified_solo(rules):
        becomes = unclarified_solo(rules)
        assert becomes is not None
        return tell("game.unclarified", solo=solo_name(rules, becomes, re[0], False)), becomes
    if lone and kind == "wedding":
        return tell("game.wedding_alone", player=re[0]), None
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
    if facts.get("redeal") is True and set(facts) <= {f.name for f in FACTS}:
        others = [key for key in facts if key != "redeal"]
        if others and context.get("entry"):
            # Match files written before this check may hold such a hand: they load (as a
            # redeal) as they always did; only a new entry is refused.
            why = because("doppelkopf.quick.redeal_alone", "quick", keys=others)
            refuse(why, where=f"quick.{others[0]}")
        return redeal_result(list(table), "new deal", "options.five_nines")
    entry = bool(context.get("entry"))
    sheet = read_sheet(rules, players, facts, entry=entry, table=table)
    re = sheet.re
    said, declared = replay(sheet, actions, entry=entry)
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
