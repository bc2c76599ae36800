"""Bierkopf mechanics: fixed teams, the doubles and their windows, the carried tie point.

The numbers (trumps, thresholds, game points, the doubling factor and windows, the match
target, what a tie carries) come from the rule set; this module holds what is structural:
partners sit opposite, who may double when (a first double before play, then the teams in
turn), and how a hand's game points are built item by item. What a 60:60 hand carries is
not typed by anyone: each result records it in ``details`` and the next hand reads it from
the match's earlier results. Full and quick hands are scored by the same function
(``score``) from the same ``Facts``, so both give the same game points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.base import Family, GameHand, QuickKey, impossible_points, whole_numbers
from scorekeeper.result import HandResult, ValueItem

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Trick
    from scorekeeper.match import Match
    from scorekeeper.ruleset import Ruleset

DOUBLE = "double"


def teams_of(table: Sequence[str]) -> list[list[str]]:
    """Partners sit opposite: seats 1 and 3 against seats 2 and 4."""
    return [list(table[0::2]), list(table[1::2])]


def team_name(team: Sequence[str]) -> str:
    return "+".join(team)


def team_index(table: Sequence[str], player: str) -> int:
    return table.index(player) % 2


def carried_in(context: Mapping[str, object]) -> int:
    """Game points that earlier tied hands left for this hand's winners."""
    results = context.get("results") or []
    assert isinstance(results, list)
    last = results[-1] if results else None
    if last is None:
        return 0
    return int(last.details.get("carry_out", 0))


def seats_before_play(rules: Ruleset, table: Sequence[str], dealer: str) -> list[str]:
    """Who may make the first double before the first card, in turn from the dealer's left."""
    count = int(rules.require("doubling.before_play_seats"))
    i = table.index(dealer)
    return [table[(i + k) % len(table)] for k in range(1, count + 1)]


def threshold_rows(rules: Ruleset) -> dict[str, Mapping[str, Any]]:
    """The rows of ``[scoring]`` that give game points (``win``, ``high``)."""
    return {k: v for k, v in (rules.get("scoring") or {}).items() if isinstance(v, Mapping)}


@dataclass
class Facts:
    """Everything a hand's game points depend on: what a score sheet must hold."""

    teams: list[list[str]]  # seats 1 and 3, seats 2 and 4
    points: list[int]  # card points of each team
    doubles: list[str]  # who doubled, in order
    carried_in: int = 0  # from earlier 60:60 hands, derived from the match
    revoke: int | None = None  # the team that revoked
    notes: list[str] = field(default_factory=list)


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """Build a hand's game points item by item, as the rule set's ``[scoring]`` says."""
    total = int(rules.require("card_points.total"))
    names = [team_name(t) for t in facts.teams]
    points = list(facts.points)
    notes = list(facts.notes)
    if facts.revoke is not None:
        points[facts.revoke], points[1 - facts.revoke] = 0, total
        notes.append(
            f"revoke by {names[facts.revoke]}: scored as if they took no card and no trick "
            "[rule: options.revoke_penalty]"
        )
    factor = int(rules.require("doubling.factor"))
    sides = {names[0]: list(facts.teams[0]), names[1]: list(facts.teams[1])}
    card_points = {names[0]: points[0], names[1]: points[1]}
    rows = threshold_rows(rules)
    reached = [
        [(name, row) for name, row in rows.items() if points[t] >= int(row["at"])] for t in (0, 1)
    ]
    details: dict[str, Any] = {
        "doubles": list(facts.doubles),
        "multiplier": factor ** len(facts.doubles),
        "carried_in": facts.carried_in,
    }
    items: list[ValueItem] = []
    scores = {p: 0 for p in table}
    if not reached[0] and not reached[1]:
        carry = rules.option("tie") == "carry"
        step = int(rules.require("scoring.tie_carry")) if carry else 0
        carry_out = facts.carried_in + step
        items.append(
            ValueItem(f"{points[0]}:{points[1]}: nobody scores", 0, "options.tie", op="note")
        )
        if carry:
            items.append(
                ValueItem(
                    f"{step} game point carried to the next hand's winners "
                    f"({carry_out} waiting, not doubled)",
                    step,
                    "scoring.tie_carry",
                    op="note",
                )
            )
        details["carry_out"] = carry_out
        return HandResult(
            "tie", sides, card_points, None, items, 0, scores, notes=notes, details=details
        )
    w = 0 if reached[0] else 1
    name, row = max(reached[w], key=lambda nr: int(nr[1]["points"]))
    value = int(row["points"])
    items.append(
        ValueItem(
            f"{names[w]} {row['at']} card points or more ({points[w]})",
            value,
            f"scoring.{name}",
            side=names[w],
        )
    )
    for player in facts.doubles:
        items.append(ValueItem(f"doubled by {player}", factor, "doubling.factor", "times"))
        value *= factor
    if facts.carried_in:
        items.append(
            ValueItem(
                "carried from 60:60 hands (not doubled)",
                facts.carried_in,
                "scoring.tie_carry",
                side=names[w],
            )
        )
        value += facts.carried_in
    details["carry_out"] = 0
    for p in facts.teams[w]:
        scores[p] = value
    game_type = "normal" if not facts.doubles else f"doubled x{details['multiplier']}"
    return HandResult(
        game_type, sides, card_points, names[w], items, value, scores, notes=notes, details=details
    )


# ---------------------------------------------------------------------- one hand


@dataclass(frozen=True)
class Double:
    """One double: who, for which team (0: seats 1 and 3), with how many cards played."""

    player: str
    team: int
    cards_on_table: int
    side: str  # the team's name, for the hand's status
    kind: str = DOUBLE
    implied: bool = False


class BierkopfHand(GameHand):
    verbs = (DOUBLE,)

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self._contract = Contract.from_rules(self.rules, "normal")
        self.teams = teams_of(hand.table)
        self.doubles: list[Double] = []

    def contract(self) -> Contract:
        return self._contract

    @property
    def announcements(self) -> list[Double]:
        """The doubles so far, for the hand's status."""
        return list(self.doubles)

    def same_side(self, a: str, b: str) -> bool | None:
        return team_index(self.hand.table, a) == team_index(self.hand.table, b)

    # -- doubles
    def verify_action(self, action: Action) -> None:
        if action.verb != DOUBLE:
            super().verify_action(action)
            return
        player = action.actor
        h = self.hand

        def refuse(msg: str, rule: str) -> None:
            raise IllegalActionError(f"{action}: {msg}", rule=rule)

        if action.args:
            refuse("a double says nothing more", "doubling")
        on_table = h.cards_played
        if not self.doubles:
            if on_table:
                refuse(
                    f"nobody doubled before the first card, so the stakes stay single "
                    f"({on_table} cards are on the table)",
                    "doubling.before_play_seats",
                )
            seats = seats_before_play(self.rules, h.table, h.dealer)
            if player not in seats:
                refuse(
                    f"before the first card only {', '.join(seats)} may double, in turn from "
                    f"the dealer's left; {player} may not",
                    "doubling.before_play_seats",
                )
            return
        last = self.doubles[-1]
        again = int(self.rules.require("doubling.again_from_card"))
        if on_table < again:
            refuse(
                f"{last.player}'s double ends the doubling before play; the other team may "
                f"double again once {again} cards are on the table ({on_table} are)",
                "doubling.again_from_card",
            )
        if self.rules.get("doubling.alternate", True) and team_index(h.table, player) == last.team:
            refuse(
                f"{player}'s team made the last double ({last.player}); the teams double in turn",
                "doubling.alternate",
            )

    def apply_action(self, action: Action) -> list[str]:
        player = action.actor
        team = team_index(self.hand.table, player)
        self.doubles.append(
            Double(player, team, self.hand.cards_played, team_name(self.teams[team]))
        )
        factor = int(self.rules.require("doubling.factor"))
        return [f"{player} doubles: the game points count x{factor ** len(self.doubles)}"]

    def on_trick(self, trick: Trick) -> list[str]:
        return [f"trick {trick.number} to {trick.winner} ({trick.points} points): {trick.reason}"]

    # -- result
    def facts(self) -> Facts:
        h = self.hand
        tricks = h.completed_tricks()
        points = [sum(t.points for t in tricks if t.winner in team) for team in self.teams]
        revoke = None
        notes: list[str] = []
        if h.revokes:
            first = h.revokes[0]
            revoke = team_index(h.table, first.player)
            notes.append(first.text())
        return Facts(
            [list(t) for t in self.teams],
            points,
            [d.player for d in self.doubles],
            carried_in(h.context),
            revoke,
            notes,
        )

    def result(self) -> HandResult:
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand (its doubles go with ``-a``)."""
        f = self.facts()
        out: dict[str, Any] = {"team": f.teams[0][0], "points": f.points[0]}
        if f.revoke is not None:
            out["revoke"] = f.teams[f.revoke][0]
        return out


# ---------------------------------------------------------------------- the family


class Bierkopf(Family):
    name = "bierkopf"
    hand_class = BierkopfHand

    def validate(self, rules: Ruleset) -> list[str]:
        problems = whole_numbers(
            rules,
            (
                "doubling.before_play_seats",
                "doubling.again_from_card",
                "doubling.factor",
                "scoring.tie_carry",
                "match.target",
            ),
        )
        rows = threshold_rows(rules)
        if not rows:
            problems.append("scoring: needs at least one row like [scoring.win] at = 61")
        for name, row in rows.items():
            if not all(isinstance(row.get(k), int) for k in ("at", "points")):
                problems.append(f"scoring.{name}: needs whole numbers at and points")
        total = rules.get("card_points.total")
        if rows and isinstance(total, int) and problems == []:
            lowest = min(int(r["at"]) for r in rows.values())
            if 2 * lowest <= total:
                problems.append(
                    f"scoring: with {lowest} card points both teams could win a hand of {total}"
                )
        return problems

    def quick_keys(self) -> dict[str, QuickKey]:
        return {
            "team": QuickKey(
                "word", "a player of the team whose card points are given (default: the first)"
            ),
            "points": QuickKey("int", "that team's card points, 0 to 120"),
            "revoke": QuickKey("word", "a player of the team that revoked"),
        }

    def score_quick(
        self,
        rules: Ruleset,
        table: Sequence[str],
        dealer: str,
        facts: Mapping[str, Any],
        actions: Sequence[Action],
        context: Mapping[str, object],
    ) -> HandResult:
        players = list(table)
        keys = self.quick_keys()

        def refuse(msg: str, rule: str, key: str | None = None) -> None:
            raise IllegalActionError(msg, rule=rule, where=f"quick.{key}" if key else None)

        unknown = sorted(set(facts) - set(keys))
        if unknown:
            refuse(
                f"quick: unknown key {unknown[0]!r}; keys: {', '.join(keys)}", "quick", unknown[0]
            )
        named = facts.get("team", players[0])
        if named not in players:
            refuse(f"quick: team names a player ({', '.join(players)})", "teams", "team")
        total = int(rules.require("card_points.total"))
        pts = facts.get("points")
        if not isinstance(pts, int) or isinstance(pts, bool) or not 0 <= pts <= total:
            refuse(
                f"quick: points must be the team's card points, 0 to {total}",
                "card_points.total",
                "points",
            )
        assert isinstance(pts, int)
        if why := impossible_points(rules, pts, len(players)):
            refuse(f"points: {why}", "card_points", "points")
        t = team_index(players, named)
        points = [pts, total - pts] if t == 0 else [total - pts, pts]
        revoke_player = facts.get("revoke")
        if revoke_player is not None and revoke_player not in players:
            refuse(f"quick: revoke names a player ({', '.join(players)})", "teams", "revoke")
        revoke = None if revoke_player is None else team_index(players, revoke_player)
        doubles: list[str] = []
        seats = seats_before_play(rules, players, dealer)
        for action in actions:
            if action.verb != DOUBLE or action.args:
                refuse(f"{action}: not an action of {rules.name} (actions: double)", "actions")
            if not doubles and action.actor not in seats:
                refuse(
                    f"{action}: the first double comes before the first card, from "
                    f"{', '.join(seats)}; {action.actor} may not",
                    "doubling.before_play_seats",
                )
            if (
                doubles
                and rules.get("doubling.alternate", True)
                and team_index(players, action.actor) == team_index(players, doubles[-1])
            ):
                refuse(
                    f"{action}: {doubles[-1]}'s team made the last double; the teams double in turn",
                    "doubling.alternate",
                )
            doubles.append(action.actor)
        return score(
            rules,
            table,
            Facts(teams_of(players), points, doubles, carried_in(context), revoke),
        )

    def match_over(self, match: Match) -> str | None:
        target = int(match.rules.require("match.target"))
        totals = match.totals()
        for team in sorted(teams_of(match.players), key=lambda t: -totals[t[0]]):
            if totals[team[0]] >= target:
                return f"{team_name(team)} reached {target} game points ({totals[team[0]]})"
        return None


FAMILY = Bierkopf()
