"""Kloepper mechanics: the black queens' partnership, the call or going alone, the knocks.

The numbers (trumps, the scoring table, the knock values, the match target) come from the
rule set; this module holds what is structural: who plays with whom as far as the record
shows (the two black-queen holders, or the holder of both with the holder of the called
ace, or alone), the knock and the reply knock with their window, the checks that the
record never contradicts itself, and how a hand's points are found. Full and quick hands
are scored by the same function (``score``) from the same ``Facts``, so both give the same
points for the same hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.errors import CardError, IllegalActionError, ScorekeeperError
from scorekeeper.games.base import Family, GameHand, QuickKey, whole_numbers
from scorekeeper.result import HandResult, ValueItem

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Play, Trick
    from scorekeeper.match import Match
    from scorekeeper.ruleset import Ruleset

QUEENS, OTHERS = "queens", "others"
SIDES = (QUEENS, OTHERS)
DECLARATIONS = ("call", "alone")
KNOCK = "knock"


def other(side: str) -> str:
    return OTHERS if side == QUEENS else QUEENS


def side_word(side: str) -> str:
    return "the queens" if side == QUEENS else "the others"


def queen_cards(rules: Ruleset) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in rules.require("teams.queens"))


def callable_aces(rules: Ruleset) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in rules.require("teams.call.aces"))


@dataclass(frozen=True)
class Said:
    """A call, going alone or a knock, as the status of a hand lists it."""

    player: str
    kind: str
    side: str
    implied: bool = False


@dataclass
class Facts:
    """Everything a hand's points depend on: what a score sheet must hold."""

    queens: list[str]  # the queens' side: two players, or one playing alone
    others: list[str]
    queens_points: int
    all_tricks: str | None  # the side that took every trick, if one did
    declarer: str | None = None  # the holder of both black queens, if one declared
    called: str | None = None  # the ace that holder called (None: alone)
    knocker: str | None = None
    replier: str | None = None
    revoke: str | None = None  # the side that revoked
    notes: list[str] = field(default_factory=list)

    @property
    def lone(self) -> bool:
        return len(self.queens) == 1


# ---------------------------------------------------------------------- the points


def score_rows(rules: Ruleset, side: str) -> dict[str, Mapping[str, Any]]:
    """The scoring table's rows for one side, by name (``win``, ``high``...)."""
    return dict(rules.get(f"scoring.{side}") or {})


def _row_label(side: str, row: Mapping[str, Any], lone: bool) -> str:
    if row.get("all_tricks"):
        text = f"{side_word(side)} took every trick"
    else:
        text = f"{side_word(side)} {row.get('at', 0)} card points or more"
    if lone:
        text += ", alone against three" if side == QUEENS else ", against a lone player"
    return text


def game_type(facts: Facts) -> str:
    if facts.declarer and facts.called:
        kind = f"{facts.declarer} calls {facts.called}"
    elif facts.lone:
        kind = f"{facts.queens[0]} alone"
    else:
        kind = "normal"
    if facts.knocker:
        kind += ", knock and reply" if facts.replier else ", knock"
    return kind


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """A hand's points item by item: the knock if there was one, else the scoring table."""
    total = int(rules.require("card_points.total"))
    points = {QUEENS: facts.queens_points, OTHERS: total - facts.queens_points}
    all_tricks = facts.all_tricks
    notes = list(facts.notes)
    if facts.revoke:
        offender = facts.revoke
        points = {offender: 0, other(offender): total}
        all_tricks = other(offender)
        notes.append(
            f"revoke by {side_word(offender)}: scored as if they took no card and no trick "
            "[rule: options.revoke_penalty]"
        )
    lone = facts.lone
    sides = {QUEENS: list(facts.queens), OTHERS: list(facts.others)}
    items: list[ValueItem] = []
    if facts.knocker:
        queens_all = all_tricks == QUEENS
        winner = QUEENS if queens_all else OTHERS
        if facts.replier:
            # The reply claims a trick for the others; it decides the hand alone.
            base, outcome = "knock.reply", ("failed" if queens_all else "made")
            label = (
                f"{facts.replier}'s reply knock failed: the queens took every trick"
                if queens_all
                else f"{facts.replier}'s reply knock made: the others took a trick"
            )
        else:
            base, outcome = "knock", ("made" if queens_all else "failed")
            label = (
                f"{facts.knocker}'s knock made: the queens took every trick"
                if queens_all
                else f"{facts.knocker}'s knock failed: the others took a trick"
            )
        key = f"{base}.{outcome}{'_alone' if lone else ''}"
        pts = int(rules.require(key))
        if lone:
            label += ", alone against three" if winner == QUEENS else ", against a lone knocker"
        items.append(ValueItem(label, pts, key, side=winner))
        notes.append("after a knock only the tricks count, not the card points [rule: knock]")
    else:
        reached: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
        for side in SIDES:
            reached[side] = [
                (name, row)
                for name, row in score_rows(rules, side).items()
                if points[side] >= int(row.get("at", 0))
                and (not row.get("all_tricks") or all_tricks == side)
            ]
        winners = [side for side in SIDES if reached[side]]
        if len(winners) != 1:  # a rule set whose thresholds overlap; validate() prevents it
            raise IllegalActionError(
                f"the scoring table gives {points[QUEENS]}:{points[OTHERS]} to "
                f"{' and '.join(winners) or 'nobody'}",
                rule="scoring",
            )
        winner = winners[0]
        column = "alone" if lone else "points"
        name, row = max(reached[winner], key=lambda nr: int(nr[1][column]))
        pts = int(row[column])
        items.append(
            ValueItem(
                _row_label(winner, row, lone), pts, f"scoring.{winner}.{name}.{column}", side=winner
            )
        )
    scores = {p: 0 for p in table}
    for p in sides[winner]:
        scores[p] = pts
    details: dict[str, Any] = {
        "declarer": facts.declarer,
        "called": facts.called,
        "lone": lone,
        "knock": facts.knocker,
        "reply": facts.replier,
        "all_tricks": all_tricks,
    }
    return HandResult(
        game_type(facts),
        sides,
        dict(points),
        winner,
        items,
        pts,
        scores,
        notes=notes,
        details=details,
    )


# ---------------------------------------------------------------------- one hand


class KloepperHand(GameHand):
    verbs = (*DECLARATIONS, KNOCK)

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self._contract = Contract.from_rules(self.rules, "normal")
        self.queen_cards = queen_cards(self.rules)
        self.aces = callable_aces(self.rules)
        self.declarer: str | None = None
        self.called: Card | None = None
        self.knocker: str | None = None
        self.replier: str | None = None
        # Who played a black queen or a callable ace: what the record shows of the sides.
        self.shown: dict[Card, str] = {}

    def contract(self) -> Contract:
        return self._contract

    @property
    def announcements(self) -> list[Said]:
        """What was said before or early in play, for the hand's status."""
        said: list[Said] = []
        if self.declarer:
            kind = f"call {self.called}" if self.called else "alone"
            said.append(Said(self.declarer, kind, QUEENS))
        if self.knocker:
            said.append(Said(self.knocker, KNOCK, QUEENS))
        if self.replier:
            said.append(Said(self.replier, "reply knock", OTHERS))
        return said

    # -- what the record shows of the sides
    def _holders(self, called: Card | None, extra: Mapping[Card, str]) -> dict[Card, str]:
        """Who holds each black queen (and the called ace), as far as known."""
        wanted = set(self.queen_cards) | ({called} if called else set())
        if self.hand.dealt is not None:
            return {c: p for p, cards in self.hand.dealt.items() for c in cards if c in wanted}
        held = {c: p for c, p in self.shown.items() if c in wanted}
        held.update({c: p for c, p in extra.items() if c in wanted})
        return held

    def _double_holder(self) -> str | None:
        """With the deal recorded: the player dealt both black queens, if one was."""
        if self.hand.dealt is None:
            return None
        for p, cards in self.hand.dealt.items():
            if all(q in cards for q in self.queen_cards):
                return p
        return None

    def _conflict(
        self,
        declarer: str | None,
        called: Card | None,
        knocker: str | None,
        replier: str | None,
        extra: Mapping[Card, str] | None = None,
    ) -> tuple[str, str] | None:
        """Would the record, with these claims and plays, contradict itself? (why, rule)."""
        held = self._holders(called, extra or {})
        queens = {q: held[q] for q in self.queen_cards if q in held}
        all_queens_known = len(queens) == len(self.queen_cards)
        if declarer:
            rule = "teams.call" if called else "teams.alone"
            for q, p in queens.items():
                if p != declarer:
                    return f"{p} holds {q}, yet {declarer} declared both black queens", rule
        elif all_queens_known and len(set(queens.values())) == 1:
            p = next(iter(queens.values()))
            return (
                f"{p} holds both black queens and so calls an ace ('{p} call AH') or goes "
                f"alone ('{p} alone') before the first card",
                "teams.call",
            )
        partner = held.get(called) if called else None
        if called and partner == declarer:
            return f"{declarer} called {called} but holds it", "teams.call.aces"
        if declarer:
            queens_side = {declarer} | ({partner} if partner else set())
        else:
            queens_side = set(queens.values())
        if knocker:
            if declarer and knocker != declarer:
                return (
                    f"{knocker} knocked, but {declarer} holds both black queens; "
                    "only a black-queen holder knocks",
                    "knock",
                )
            if not declarer and all_queens_known and knocker not in queens_side:
                shown = ", ".join(f"{q} {p}" for q, p in queens.items())
                return f"{knocker} knocked without a black queen ({shown})", "knock"
        if replier and (replier == knocker or replier in queens_side):
            return (
                f"{replier} knocked in reply, but {replier} plays on the queens' side; "
                "only an opponent of the queens replies",
                "knock.reply",
            )
        return None

    def queens_side(self) -> tuple[set[str], bool]:
        """The queens' side as far as known, and whether it is complete."""
        held = self._holders(self.called, {})
        if self.declarer:
            if self.called is None:
                return {self.declarer}, True
            partner = held.get(self.called)
            return ({self.declarer, partner} if partner else {self.declarer}), bool(partner)
        holders = {held[q] for q in self.queen_cards if q in held}
        complete = all(q in held for q in self.queen_cards)
        if self.knocker and not complete:
            holders.add(self.knocker)
        return holders, complete or len(holders) == 2

    def side_of(self, player: str) -> str | None:
        queens, complete = self.queens_side()
        if player in queens:
            return QUEENS
        if complete or player == self.replier:
            return OTHERS
        return None

    def same_side(self, a: str, b: str) -> bool | None:
        if a == b:
            return True
        sa, sb = self.side_of(a), self.side_of(b)
        if sa is None or sb is None:
            return None
        return sa == sb

    # -- actions
    def verify_action(self, action: Action) -> None:
        if action.verb in DECLARATIONS:
            self._verify_declaration(action)
        elif action.verb == KNOCK:
            self._verify_knock(action)
        else:
            super().verify_action(action)

    def _declared_card(self, action: Action) -> Card | None:
        if action.verb != "call":
            if action.args:
                raise IllegalActionError(f"{action}: going alone names no card", rule="teams.alone")
            return None
        aces = " ".join(c.code for c in self.aces)
        if len(action.args) != 1:
            raise IllegalActionError(
                f"{action}: name the one ace called, like '{action.actor} call AH' (one of {aces})",
                rule="teams.call.aces",
            )
        try:
            card = self.rules.deck.parse(action.args[0])
        except CardError as exc:
            raise IllegalActionError(f"{action}: {exc.message}", rule="teams.call.aces") from None
        if card not in self.aces:
            raise IllegalActionError(
                f"{action}: {card} cannot be called; the call names the ace of a plain suit "
                f"({aces})",
                rule="teams.call.aces",
            )
        return card

    def _verify_declaration(self, action: Action) -> None:
        player = action.actor
        rule = f"teams.{action.verb}"

        def refuse(msg: str, key: str = rule) -> None:
            raise IllegalActionError(f"{action}: {msg}", rule=key)

        if self.hand.started_play:
            refuse("the call or going alone comes before the first card")
        if self.declarer:
            how = f"called {self.called}" if self.called else "goes alone"
            refuse(f"{self.declarer} already declared both black queens and {how}")
        called = self._declared_card(action)
        holding = self.hand.dealt.get(player) if self.hand.dealt else None
        if holding is not None:
            missing = [q.code for q in self.queen_cards if q not in holding]
            if missing:
                refuse(
                    f"{action.verb} needs both black queens; {player} does not hold "
                    f"{' '.join(missing)}"
                )
            if called and called in holding:
                refuse(
                    f"{player} holds {called}; the ace called must be one the caller does not hold",
                    "teams.call.aces",
                )
        conflict = self._conflict(player, called, self.knocker, self.replier)
        if conflict:
            refuse(*conflict)

    def _verify_knock(self, action: Action) -> None:
        player = action.actor

        def refuse(msg: str, key: str) -> None:
            raise IllegalActionError(f"{action}: {msg}", rule=key)

        if action.args:
            refuse("a knock says nothing more", "knock")
        before = int(self.rules.require("knock.before_trick"))
        limit = (before - 1) * len(self.hand.players)
        if self.hand.cards_played > limit:
            refuse(
                f"too late: knocks come before the first card of trick {before} "
                f"({self.hand.cards_played} cards are on the table)",
                "knock.before_trick",
            )
        if self.knocker is None:
            conflict = self._conflict(self.declarer, self.called, player, None)
        elif self.replier is None:
            if player == self.knocker:
                refuse(f"{player} already knocked", "knock.reply")
            conflict = self._conflict(self.declarer, self.called, self.knocker, player)
        else:
            refuse(
                f"both sides have knocked already ({self.knocker}, then {self.replier})",
                "knock.reply",
            )
        if conflict:
            refuse(*conflict)

    def apply_action(self, action: Action) -> list[str]:
        player = action.actor
        if action.verb == "call":
            self.declarer = player
            self.called = self._declared_card(action)
            return [
                f"{player} holds both black queens and calls {self.called}: "
                "its holder plays with them"
            ]
        if action.verb == "alone":
            self.declarer = player
            return [f"{player} holds both black queens and plays alone against three"]
        if self.knocker is None:
            self.knocker = player
            return [f"{player} knocks: the queens' side claims every trick"]
        self.replier = player
        return [f"{player} knocks in reply: the others claim at least one trick"]

    # -- play
    def ready_to_play(self) -> bool:
        return not (self._double_holder() and not self.declarer)

    def why_not_ready(self) -> str:
        p = self._double_holder()
        return (
            f"{p} holds both black queens and first calls an ace ('{p} call AH') "
            f"or goes alone ('{p} alone')"
        )

    def not_ready_rule(self) -> str:
        return "teams.call"

    def verify_play(self, action: Action) -> None:
        card = action.card
        assert card is not None
        if card in self.queen_cards or card in self.aces:
            conflict = self._conflict(
                self.declarer, self.called, self.knocker, self.replier, {card: action.actor}
            )
            if conflict:
                raise IllegalActionError(f"{action}: {conflict[0]}", rule=conflict[1])

    def on_play(self, play: Play) -> list[str]:
        if play.card in self.queen_cards or play.card in self.aces:
            self.shown[play.card] = play.player
        if play.card in self.queen_cards:
            return [f"{play.player} shows {play.card}: on the queens' side"]
        if self.called is not None and play.card == self.called:
            return [f"{play.player} plays the called {play.card}: partner of {self.declarer}"]
        return []

    def on_trick(self, trick: Trick) -> list[str]:
        return [f"trick {trick.number} to {trick.winner} ({trick.points} points): {trick.reason}"]

    # -- result
    def facts(self) -> Facts:
        h = self.hand
        queens, complete = self.queens_side()
        if not complete:
            raise IllegalActionError("the sides cannot be told from the record yet", rule="teams")
        queen_players = [p for p in h.players if p in queens]
        others = [p for p in h.players if p not in queens]
        tally = h.tally(set(queens))
        queens_points = tally.points
        all_tricks = None if tally.all_tricks is None else (QUEENS if tally.all_tricks else OTHERS)
        revoke = None
        notes: list[str] = []
        if tally.revoke is not None:
            revoke = QUEENS if tally.revoke_by_side else OTHERS
            notes.append(tally.revoke.text())
        return Facts(
            queen_players,
            others,
            queens_points,
            all_tricks,
            self.declarer,
            self.called.code if self.called else None,
            self.knocker,
            self.replier,
            revoke,
            notes,
        )

    def result(self) -> HandResult:
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand (its actions go with ``-a``)."""
        f = self.facts()
        out: dict[str, Any] = {"queens": f.queens, "queens_points": f.queens_points}
        if f.all_tricks:
            out["all_tricks"] = f.all_tricks
        if f.revoke:
            out["revoke"] = f.revoke
        return out


# ---------------------------------------------------------------------- the family


class Kloepper(Family):
    name = "kloepper"
    hand_class = KloepperHand

    def validate(self, rules: Ruleset) -> list[str]:
        problems: list[str] = []
        contract = Contract.from_rules(rules, "normal")
        try:
            queens = queen_cards(rules)
            aces = callable_aces(rules)
        except ScorekeeperError as exc:
            return [f"teams: {exc.message}"]
        for q in queens:
            if q not in rules.deck:
                problems.append(f"teams.queens: {q} is not in the deck")
        for a in aces:
            if a not in rules.deck or contract.is_trump(a):
                problems.append(f"teams.call.aces: {a} must be a plain card of the deck")
        knocks = [
            f"{base}.{key}"
            for base in ("knock", "knock.reply")
            for key in ("made", "made_alone", "failed", "failed_alone")
        ]
        problems += whole_numbers(rules, [*knocks, "knock.before_trick", "match.target"])
        lowest: dict[str, int] = {}
        for side in SIDES:
            rows = score_rows(rules, side)
            if not rows:
                problems.append(f"scoring.{side}: the side needs at least one row")
            for name, row in rows.items():
                if not isinstance(row, Mapping) or not all(
                    isinstance(row.get(k), int) for k in ("points", "alone")
                ):
                    problems.append(f"scoring.{side}.{name}: needs whole numbers points and alone")
                elif not row.get("all_tricks"):
                    at = int(row.get("at", 0))
                    lowest[side] = min(lowest.get(side, at), at)
        total = rules.get("card_points.total")
        if (
            len(lowest) == 2
            and isinstance(total, int)
            and lowest[QUEENS] + lowest[OTHERS] != total + 1
        ):
            problems.append(
                f"scoring: the lowest rows ({lowest[QUEENS]} for the queens, "
                f"{lowest[OTHERS]} for the others) must give every split of {total} "
                "to exactly one side"
            )
        return problems

    def quick_keys(self) -> dict[str, QuickKey]:
        return {
            "queens": QuickKey(
                "list",
                "the queens' side: the two black-queen holders, the holder of both and "
                "the called ace's holder, or one name for a player alone",
            ),
            "queens_points": QuickKey("int", "the queens' side's card points, 0 to 120"),
            "all_tricks": QuickKey("word", "queens or others, when one side took every trick"),
            "revoke": QuickKey("word", "queens or others: the side that revoked"),
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
        players = self.active_players(rules, table, dealer, context)
        keys = self.quick_keys()

        def refuse(msg: str, rule: str, key: str | None = None) -> None:
            raise IllegalActionError(msg, rule=rule, where=f"quick.{key}" if key else None)

        unknown = sorted(set(facts) - set(keys))
        if unknown:
            refuse(
                f"quick: unknown key {unknown[0]!r}; keys: {', '.join(keys)}", "quick", unknown[0]
            )
        queens = facts.get("queens")
        if (
            not isinstance(queens, list)
            or not 1 <= len(queens) <= 2
            or any(p not in players for p in queens)
            or len(set(queens)) != len(queens)
        ):
            refuse(
                f"quick: queens must name the queens' side (one or two of {', '.join(players)})",
                "teams",
                "queens",
            )
        assert isinstance(queens, list)
        total = int(rules.require("card_points.total"))
        all_tricks = facts.get("all_tricks")
        if all_tricks not in (None, *SIDES):
            refuse('quick: all_tricks is "queens" or "others"', "quick", "all_tricks")
        points = facts.get("queens_points")
        if points is None and all_tricks is not None:
            points = total if all_tricks == QUEENS else 0
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= total:
            refuse(
                f"quick: queens_points must be the queens' card points, 0 to {total}",
                "card_points.total",
                "queens_points",
            )
        assert isinstance(points, int)
        if (all_tricks == QUEENS and points != total) or (all_tricks == OTHERS and points != 0):
            refuse(
                f"quick: a side that took every trick has all {total} card points",
                "card_points.total",
                "all_tricks",
            )
        revoke = facts.get("revoke")
        if revoke not in (None, *SIDES):
            refuse('quick: revoke is "queens" or "others"', "quick", "revoke")
        declarer: str | None = None
        called: Card | None = None
        aces = callable_aces(rules)
        for action in actions:
            if action.verb not in DECLARATIONS:
                continue
            rule = f"teams.{action.verb}"
            if declarer:
                refuse(f"{action}: {declarer} already declared both black queens", rule)
            if action.verb == "call":
                names = " ".join(c.code for c in aces)
                try:
                    card = rules.deck.parse(action.args[0]) if len(action.args) == 1 else None
                except CardError:
                    card = None
                if card not in aces:
                    refuse(f"{action}: the call names one ace of {names}", "teams.call.aces")
                if len(queens) != 2 or action.actor not in queens:
                    refuse(
                        f"{action}: the caller and the called ace's holder form the queens' "
                        f"side; queens= must name {action.actor} and the partner",
                        rule,
                    )
                called = card
            elif queens != [action.actor]:
                refuse(
                    f"{action}: a player alone is the queens' side alone: queens={action.actor}",
                    rule,
                )
            declarer = action.actor
        if len(queens) == 1:
            declarer = queens[0]  # one name on the queens' side: that player went alone
        knocker: str | None = None
        replier: str | None = None
        for action in actions:
            if action.verb in DECLARATIONS:
                continue
            if action.verb != KNOCK:
                refuse(
                    f"{action}: {action.verb!r} is not an action of {rules.name} "
                    f"(actions: call, alone, knock)",
                    "actions",
                )
            if knocker is None:
                holders = [declarer] if declarer else list(queens)
                if action.actor not in holders:
                    refuse(
                        f"{action}: only a black-queen holder knocks ({', '.join(holders)})",
                        "knock",
                    )
                knocker = action.actor
            elif replier is None:
                if action.actor in queens:
                    refuse(
                        f"{action}: only an opponent of the queens knocks in reply",
                        "knock.reply",
                    )
                replier = action.actor
            else:
                refuse(f"{action}: both sides have knocked already", "knock.reply")
        return score(
            rules,
            table,
            Facts(
                [p for p in players if p in queens],
                [p for p in players if p not in queens],
                points,
                all_tricks,
                declarer,
                called.code if called else None,
                knocker,
                replier,
                revoke,
            ),
        )

    def match_over(self, match: Match) -> str | None:
        target = int(match.rules.require("match.target"))
        totals = match.totals()
        best = max(totals.values())
        leaders = [p for p, t in totals.items() if t == best]
        if best >= target and len(leaders) == 1:
            return f"{leaders[0]} has {best}, at least {target}, and leads alone"
        return None


FAMILY = Kloepper()
