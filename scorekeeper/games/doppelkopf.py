"""Doppelkopf mechanics: who is Re, weddings, poverty, piglets, announcements, the value.

The numbers (windows, targets, thresholds, multipliers, extra points) come from the rule
set; this module holds what is structural: sides found from the queens of clubs, the
wedding's clarification trick, poverty's card passing, the announcement chain, and how
the value is built item by item. Full and quick hands are scored by the same function
(``score``) from the same ``Facts``, so both give the same value for the same hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.base import Family, GameHand, QuickKey, whole_numbers
from scorekeeper.games.doppelkopf_scoring import (
    CONTRA,
    RE,
    Announcement,
    Facts,
    kind_option,
    other,
    promises,
    score,
    side_word,
)
from scorekeeper.result import HandResult, redeal_result

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Play, Trick
    from scorekeeper.ruleset import Ruleset


def rule_card(rules: Ruleset, key: str) -> Card:
    """A card the rule set names for a mechanism (the queen of clubs, the fox...)."""
    return Card.parse(rules.require(key))


def make_contract(rules: Ruleset, solo: str | None = None, piglets: bool = False) -> Contract:
    """The contract of a normal game or a solo, with the options that change rankings."""
    if solo:
        spec = rules.require(f"solos.{solo}")
        contract = Contract.from_rules(rules, spec["contract"], spec.get("trump"))
        contract = contract.replace(name=spec.get("name", contract.name))
    else:
        contract = Contract.from_rules(rules, "normal")
    twice: set[Card] = set()
    twice_last: set[Card] = set()
    reversals: list[tuple[Card, str]] = []
    if rules.option("second_ten_of_hearts_beats_first"):
        card = rule_card(rules, "options.second_ten_of_hearts_beats_first.card")
        twice.add(card)
        reversals.append((card, "options.second_ten_of_hearts_beats_first"))
    if rules.option("second_charlie_beats_first"):
        card = rule_card(rules, "extras.charlie_card")
        twice_last.add(card)
        reversals.append((card, "options.second_charlie_beats_first"))
    trumps = contract.trumps
    promoted: tuple[tuple[Card, str], ...] = ()
    if piglets:
        pig = rule_card(rules, "options.piglets.card")
        trumps = (pig, *(c for c in trumps if c != pig))
        promoted = ((pig, "options.piglets"),)
    return contract.replace(
        trumps=trumps,
        promoted=promoted,
        second_beats_first=frozenset(twice),
        second_beats_first_last_trick=frozenset(twice_last),
        reversal_rules=tuple(reversals),
    )


DECLARATIONS = ("wedding", "piglets", "poverty", "accept", "decline", "fivenines", "solo")


# ---------------------------------------------------------------------- one hand


class DoppelkopfHand(GameHand):
    verbs = ("re", "contra", "no90", "no60", "no30", "black", *DECLARATIONS)

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.levels = promises(self.rules)
        self.aliases: dict[str, str] = dict(self.rules.get("announcements.aliases", {}))
        self.announcements: list[Announcement] = []
        self.wedding: str | None = None
        self.piglets: str | None = None
        self.poverty: str | None = None
        self.poverty_passed: list[Card] = []
        self.poverty_count = 0
        self.poverty_partner: str | None = None
        self.poverty_returned: str | None = None
        self.redeal: str | None = None
        self.partner: str | None = None  # the wedding partner, once found
        self.clarified_in: int | None = None  # trick that decided the wedding
        self.qc_plays: list[str] = []
        self.solo: str | None = None  # the solo's name, e.g. "queens"
        self.soloist: str | None = None
        self.obligatory = False
        self.bock = bock_level(self.rules, self.hand.table, self.hand.context)
        self.queen = rule_card(self.rules, "teams.queen")
        self.fox = rule_card(self.rules, "extras.fox_card")
        self.charlie = rule_card(self.rules, "extras.charlie_card")
        self.piglet = rule_card(self.rules, "options.piglets.card")
        self.nine = self.rules.require("options.five_nines.rank")
        self._contract = self._make_contract()

    # -- the contract in force
    def _make_contract(self) -> Contract:
        return make_contract(self.rules, self.solo, bool(self.piglets))

    def contract(self) -> Contract:
        return self._contract

    # -- who is on which side
    def sides(
        self, extra_claims: Sequence[tuple[str, str]] = (), extra_qc: Sequence[str] = ()
    ) -> tuple[set[str], set[str], bool, str | None]:
        """(Re players known, Contra players known, complete?, contradiction or None)."""
        players = self.hand.players
        claims = [(a.player, a.side) for a in self.announcements if not a.implied]
        claims += list(extra_claims)
        qc = self.qc_plays + list(extra_qc)
        fixed: set[str] | None = None
        partial: set[str] = set()
        if self.soloist:
            fixed = {self.soloist}
        elif self.poverty and self.poverty_partner:
            fixed = {self.poverty, self.poverty_partner}
        elif self.wedding:
            partial = {self.wedding}
            if self.clarified_in is not None:
                fixed = {self.wedding} | ({self.partner} if self.partner else set())
        elif self.hand.dealt is not None:
            fixed = {p for p, cards in self.hand.dealt.items() if self.queen in cards}
        elif len(qc) >= 2:
            fixed = set(qc)
        else:
            partial = set(qc)
        problem = None
        if fixed is not None:
            for player, side in claims:
                if (side == RE) != (player in fixed):
                    why = "with" if player in fixed else "against"
                    problem = f"{player} plays {why} the queens of clubs"
                    break
            return set(fixed), set(players) - fixed, True, problem
        re = partial | {p for p, side in claims if side == RE}
        contra = {p for p, side in claims if side == CONTRA}
        if both := re & contra:
            problem = f"{sorted(both)[0]} would be on both sides"
        elif len(re) > 2:
            problem = f"more than two Re players ({', '.join(sorted(re))})"
        elif len(contra) > 3:
            problem = "all four players cannot be Contra"
        return re, contra, False, problem

    def side_of(self, player: str) -> str | None:
        re, contra, _, _ = self.sides()
        if player in re:
            return RE
        if player in contra:
            return CONTRA
        return None

    def lone_player(self) -> str | None:
        if self.soloist:
            return self.soloist
        if self.poverty:
            return None
        if self.wedding:
            return self.wedding if self.clarified_in is not None and not self.partner else None
        counts = Counter(self.qc_plays)
        if self.hand.dealt is not None:
            for p, cards in self.hand.dealt.items():
                if cards.count(self.queen) == 2:
                    return p
            return None
        for p, n in counts.items():
            if n == 2:
                return p
        return None

    # -- actions
    def _verb(self, action: Action) -> str:
        return self.aliases.get(action.verb, action.verb)

    def verify_action(self, action: Action) -> None:
        verb = self._verb(action)
        if (verb in DECLARATIONS or verb in (RE, CONTRA, *self.levels)) and (
            action.actor not in self.hand.players
        ):
            raise IllegalActionError(
                f"{action}: {action.actor} deals and sits out this hand", rule="match.sit_out"
            )
        if verb in DECLARATIONS:
            self._verify_declaration(action, verb)
        elif verb in (RE, CONTRA) or verb in self.levels:
            self._verify_announcement(action, verb)
        else:
            super().verify_action(action)

    def apply_action(self, action: Action) -> list[str]:
        verb = self._verb(action)
        if verb in DECLARATIONS:
            return self._apply_declaration(action, verb)
        return self._apply_announcement(action, verb)

    # declarations before the first card
    def _verify_declaration(self, action: Action, verb: str) -> None:
        player = action.actor
        h = self.hand

        def refuse(msg: str, rule: str) -> None:
            raise IllegalActionError(f"{action}: {msg}", rule=rule)

        option = {
            "piglets": "piglets",
            "poverty": "poverty",
            "accept": "poverty",
            "decline": "poverty",
            "fivenines": "five_nines",
        }.get(verb)
        if option and not self.rules.option(option):
            refuse(f"{verb} is not played here (option {option} is off)", f"options.{option}")
        late_ok = verb == "piglets" and self.rules.option("piglets_announce") == "on_first_play"
        if h.started_play and not late_ok:
            refuse(f"{verb} must be declared before the first card is played", "declarations")
        holding = h.dealt.get(player) if h.dealt else None
        if self.announcements and verb in ("wedding", "poverty", "accept", "solo"):
            # Declarations settle the sides, and announcements speak for a side: they come first.
            first = self.announcements[0]
            refuse(
                f"{verb} comes before the announcements, and {first.player} already announced "
                f"{first.kind}",
                "declarations",
            )
        if self.solo and verb not in ("piglets", "fivenines"):
            refuse(f"{self.soloist} already declared a {self.solo} solo", "solos")
        if verb == "solo":
            solos = self.rules.get("solos") or {}
            if not solos:
                refuse(f"{self.rules.name} has no solos (see doppelkopf-ddv)", "solos")
            kind = action.args[0].lower() if action.args else ""
            if kind not in solos:
                refuse(f"name the solo: {', '.join(solos)}", "solos")
            if self.poverty:
                refuse("a solo cannot be declared after a poverty", "solos")
        elif verb == "wedding":
            if self.wedding:
                refuse(f"{self.wedding} already announced a wedding", "declarations.wedding")
            if self.poverty:
                refuse("a poverty is already on the table", "declarations.wedding")
            if holding is not None and holding.count(self.queen) != 2:
                refuse(
                    f"a wedding needs both queens of clubs; {player} holds {holding.count(self.queen)}",
                    "declarations.wedding",
                )
        elif verb == "piglets":
            if self.piglets:
                refuse(f"{self.piglets} already announced piglets", "options.piglets")
            if holding is not None and holding.count(self.piglet) != 2:
                refuse(
                    f"piglets need both aces of diamonds; {player} holds {holding.count(self.piglet)}",
                    "options.piglets",
                )
            if late_ok:
                if h.to_play() != player:
                    refuse(
                        "piglets are announced when playing the first ace of diamonds, on one's turn",
                        "options.piglets_announce",
                    )
                if any(p.card == self.piglet for p, _, _ in h.plays_by[player]):
                    refuse(
                        f"{player} already played an ace of diamonds", "options.piglets_announce"
                    )
                legal = h.legal_cards(player)
                if legal is not None and self.piglet not in legal:
                    refuse(
                        f"{player} cannot play an ace of diamonds now, and piglets are announced "
                        "with it",
                        "options.piglets_announce",
                    )
        elif verb == "poverty":
            if self.poverty or self.wedding:
                refuse("only one wedding or poverty per hand", "options.poverty")
            limit = self.rules.option("poverty_max_trumps")
            if holding is not None:
                trumps = [c for c in holding if self._contract.is_trump(c)]
                if len(trumps) > limit:
                    refuse(
                        f"poverty needs {limit} trumps or fewer; {player} holds {len(trumps)}",
                        "options.poverty_max_trumps",
                    )
            self._count_or_cards(action, holding, limit)
        elif verb in ("accept", "decline"):
            if not self.poverty or self.poverty_partner or self.redeal:
                refuse("there is no poverty waiting for an answer", "options.poverty")
            left = self._left_of(self.poverty)
            if player != left:
                refuse(
                    f"only {left}, left of {self.poverty}, answers the poverty", "options.poverty"
                )
            if verb == "accept":
                given = self._count_or_cards(action, holding, self.poverty_count, returning=True)
                if (
                    isinstance(given, list)
                    and self.poverty_count
                    and len(given) != self.poverty_count
                ):
                    refuse(
                        f"must give back {self.poverty_count} cards, as many as were passed",
                        "options.poverty",
                    )
        elif verb == "fivenines":
            need = self.rules.option("five_nines_count")
            if holding is not None and sum(c.rank == self.nine for c in holding) < need:
                refuse(
                    f"a new deal needs {need} nines; {player} holds {sum(c.rank == self.nine for c in holding)}",
                    "options.five_nines_count",
                )

    def _count_or_cards(
        self, action: Action, holding: list[Card] | None, limit: int, returning: bool = False
    ) -> int | list[Card]:
        if not action.args:
            return 0
        if len(action.args) == 1 and action.args[0].isdigit():
            n = int(action.args[0])
            if n > limit:
                raise IllegalActionError(
                    f"{action}: at most {limit} trumps", rule="options.poverty_max_trumps"
                )
            return n
        try:
            cards = [self.rules.deck.parse(a) for a in action.args]
        except ValueError as exc:
            raise IllegalActionError(f"{action}: {exc}", rule="deck.ranks") from None
        if not returning and len(cards) > limit:
            raise IllegalActionError(
                f"{action}: at most {limit} cards are passed", rule="options.poverty_max_trumps"
            )
        if not returning:
            plain = [c for c in cards if not self._contract.is_trump(c)]
            if plain:
                raise IllegalActionError(
                    f"{action}: a poverty passes trumps; {plain[0]} is not one",
                    rule="options.poverty",
                )
            held = [c for c in holding or [] if self._contract.is_trump(c)]
            if holding is not None and sorted(held, key=str) != sorted(cards, key=str):
                raise IllegalActionError(
                    f"{action}: a poverty passes all of {action.actor}'s trumps "
                    f"({' '.join(map(str, held)) or 'none'})",
                    rule="options.poverty",
                )
        if holding is not None:
            pool = list(holding) + (self.poverty_passed if returning else [])
            for c in cards:
                if c not in pool:
                    raise IllegalActionError(
                        f"{action}: {action.actor} does not hold {c}", rule="deal"
                    )
                pool.remove(c)
        return cards

    def _left_of(self, player: str) -> str:
        ps = self.hand.players
        return ps[(ps.index(player) + 1) % len(ps)]

    def _apply_declaration(self, action: Action, verb: str) -> list[str]:
        player = action.actor
        h = self.hand
        if verb == "solo":
            # A solo goes before a wedding announced earlier: the wedding lapses.
            self.wedding = None
            self.solo = action.args[0].lower()
            self.soloist = player
            self.obligatory = is_obligatory_solo(self.rules, player, h.context)
            self._contract = self._make_contract()
            kind = "obligatory" if self.obligatory else "voluntary"
            lead = f"; {player} leads" if self.obligatory else ""
            return [f"{player} plays a {self._contract.name} ({kind}){lead}"]
        if verb == "wedding":
            self.wedding = player
            return [
                f"{player} announces a wedding: the first of the first three tricks won by another player decides the partner"
            ]
        if verb == "piglets":
            self.piglets = player
            self._contract = self._make_contract()
            return [
                f"{player} announces piglets: both aces of diamonds now rank above the ten of hearts"
            ]
        if verb == "poverty":
            self.poverty = player
            given = self._count_or_cards(
                action,
                h.dealt.get(player) if h.dealt else None,
                self.rules.option("poverty_max_trumps"),
            )
            if isinstance(given, list):
                self.poverty_passed = given
                self.poverty_count = len(given)
                if h.holdings is not None:
                    for c in given:
                        h.holdings[player].remove(c)
            else:
                self.poverty_count = given
            return [
                f"{player} declares poverty and passes {self.poverty_count or 'their'} trump cards to {self._left_of(player)}"
            ]
        if verb == "decline":
            self.redeal = f"{player} declined {self.poverty}'s poverty"
            return [f"{self.redeal}: the same dealer deals again"]
        if verb == "accept":
            assert self.poverty
            self.poverty_partner = player
            holding = h.dealt.get(player) if h.dealt else None
            given = self._count_or_cards(action, holding, self.poverty_count, returning=True)
            if isinstance(given, list):
                self.poverty_returned = " ".join(c.code for c in given)
                if h.holdings is not None:
                    h.holdings[player].extend(self.poverty_passed)
                    for c in given:
                        h.holdings[player].remove(c)
                    h.holdings[self.poverty].extend(given)
                trumps = sum(self._contract.is_trump(c) for c in given)
                return [
                    f"{player} accepts the poverty: {trumps} trump{'s' if trumps != 1 else ''} returned; {player} and {self.poverty} play together"
                ]
            self.poverty_returned = f"{given} trump{'s' if given != 1 else ''}"
            return [
                f"{player} accepts the poverty: {given} trumps returned; {player} and {self.poverty} play together"
            ]
        if verb == "fivenines":
            self.redeal = f"{player} holds five nines"
            return [f"{self.redeal}: the same dealer deals again"]
        return []

    # announcements
    def _side_for(self, action: Action, verb: str) -> str:
        if verb in (RE, CONTRA):
            return verb
        if (action.args and action.args[0].lower() in (RE, CONTRA)) or (
            action.args and self.aliases.get(action.args[0].lower()) in (RE, CONTRA)
        ):
            word = action.args[0].lower()
            return self.aliases.get(word, word)
        known = self.side_of(action.actor)
        if known:
            return known
        said = {a.side for a in self.announcements if a.kind in (RE, CONTRA)}
        if len(said) == 1:
            return said.pop()
        raise IllegalActionError(
            f"{action}: it is not yet known which side {action.actor} is on; "
            f"write '{action.actor} {action.verb} re' or '... contra'",
            rule="announcements",
        )

    def window_limit(self, kind: str, side: str, player: str) -> tuple[bool, str]:
        """Is the announcement still open, and the window in words."""
        h = self.hand
        window = self.rules.get(f"announcements.window.{kind}")
        counted = self.rules.get("announcements.counted_by", "cards_on_table")
        delay = max(0, (self.clarified_in or 1) - 1) if self.wedding else 0
        reply = 0
        if kind in (RE, CONTRA):
            said = {a.kind for a in self.announcements}
            if other(kind) in said and kind not in said:
                reply = int(self.rules.get("announcements.reply_extra_cards", 0))
        if counted == "cards_in_hand":
            need = window - delay - reply
            have = h.cards_in_hand(player)
            return have >= need, f"while holding at least {need} cards ({player} holds {have})"
        limit = window + delay * len(h.players) + reply
        return h.cards_played < limit, f"before card {limit} is on the table ({h.cards_played} are)"

    def _verify_announcement(self, action: Action, verb: str) -> None:
        player = action.actor

        def refuse(msg: str, rule: str) -> None:
            raise IllegalActionError(f"{action}: {msg}", rule=rule)

        if self.redeal:
            refuse("this hand is being dealt again", "announcements")
        if self.poverty and not self.poverty_partner:
            refuse("the poverty must be answered first", "options.poverty")
        if self.wedding and self.clarified_in is None:
            refuse("no announcement before the wedding's partner is known", "teams.wedding_tricks")
        side = self._side_for(action, verb)
        kind = verb
        ok, window = self.window_limit(kind, side, player)
        if not ok:
            refuse(f"too late for {kind}: it must come {window}", f"announcements.window.{kind}")
        *_, problem = self.sides(extra_claims=[(player, side)])
        if problem:
            refuse(
                f"{player} cannot announce for {side_word(side, self.rules)}: {problem}", "teams"
            )
        mine = [a for a in self.announcements if a.side == side]
        if any(a.kind == kind for a in mine):
            first = next(a for a in mine if a.kind == kind)
            refuse(
                f"{side_word(side, self.rules)} already announced {kind} ({first.player})",
                f"announcements.window.{kind}",
            )
        if kind in self.levels:
            if not any(a.kind == side for a in mine):
                refuse(
                    f"{kind} needs {side_word(side, self.rules)}'s own {side_word(side, self.rules)} first",
                    "announcements.promise",
                )
            before = self.levels[: self.levels.index(kind)]
            missing = [k for k in before if not any(a.kind == k for a in mine)]
            if missing:
                if not self.rules.get("announcements.skip_levels", False):
                    refuse(
                        f"{kind} needs {missing[0]} announced first", "announcements.skip_levels"
                    )
                for k in missing:
                    open_, w = self.window_limit(k, side, player)
                    if not open_:
                        refuse(
                            f"cannot skip {k}: it closed ({k} is announced {w})",
                            f"announcements.window.{k}",
                        )

    def _apply_announcement(self, action: Action, verb: str) -> list[str]:
        side = self._side_for(action, verb)
        h = self.hand
        kind = verb
        if kind in self.levels:
            mine = {a.kind for a in self.announcements if a.side == side}
            for k in self.levels[: self.levels.index(kind)]:
                if k not in mine:
                    self.announcements.append(
                        Announcement(action.actor, k, side, h.cards_played, implied=True)
                    )
        self.announcements.append(Announcement(action.actor, kind, side, h.cards_played))
        return [f"{action.actor} announces {kind} for {side_word(side, self.rules)}"]

    # -- play
    def first_leader(self) -> str:
        if (
            self.obligatory
            and self.soloist
            and self.rules.get("solos_rules.obligatory_leads", True)
        ):
            return self.soloist
        return super().first_leader()

    def ready_to_play(self) -> bool:
        if self.redeal:
            return False
        return not (self.poverty and not self.poverty_partner)

    def why_not_ready(self) -> str:
        if self.redeal:
            return f"{self.redeal}; no card is played in this hand"
        return f"{self.poverty}'s poverty must be accepted or declined first"

    def not_ready_rule(self) -> str:
        return "options.five_nines" if self.redeal and "nines" in self.redeal else "options.poverty"

    def verify_play(self, action: Action) -> None:
        card = action.card
        if card == self.queen and not self.wedding and not self.poverty and not self.solo:
            _, _, _, problem = self.sides(extra_qc=[action.actor])
            if problem:
                raise IllegalActionError(
                    f"{action}: contradicts the announcements so far: {problem}; if an "
                    "announcement was recorded wrongly, undo back to it or amend it",
                    rule="teams",
                )
        if (
            self.piglets is None
            and self.rules.option("piglets")
            and self.rules.option("piglets_announce") == "on_first_play"
            and self.hand.dealt is not None
        ):
            return
        if (
            self.piglets == action.actor
            and self.rules.option("piglets_announce") == "on_first_play"
        ):
            announced_at = next(
                (i for i, a in enumerate(self.hand.history) if a.verb == "piglets"), None
            )
            if announced_at == len(self.hand.history) - 1 and card != self.piglet:
                raise IllegalActionError(
                    f"{action}: piglets announced now, so {action.actor} plays an ace of diamonds",
                    rule="options.piglets_announce",
                )

    def on_play(self, play: Play) -> list[str]:
        if play.card == self.queen:
            self.qc_plays.append(play.player)
        return []

    def on_trick(self, trick: Trick) -> list[str]:
        messages = [
            f"trick {trick.number} to {trick.winner} ({trick.points} points): {trick.reason}"
        ]
        if self.wedding and self.clarified_in is None:
            if trick.winner != self.wedding:
                self.partner = trick.winner
                self.clarified_in = trick.number
                messages.append(
                    f"wedding: {self.partner} wins trick {trick.number} and plays with {self.wedding}"
                )
            elif trick.number >= int(self.rules.get("teams.wedding_tricks", 3)):
                self.clarified_in = trick.number
                messages.append(
                    f"wedding: {self.wedding} won the first {trick.number} tricks and plays alone"
                )
        return messages

    def is_over(self) -> bool:
        return bool(self.redeal) or super().is_over()

    # -- result
    def facts(self) -> Facts:
        h = self.hand
        re, contra, complete, problem = self.sides()
        lone = self.lone_player()
        if lone:
            re, contra = {lone}, set(h.players) - {lone}
        elif not complete or problem:
            raise IllegalActionError(
                f"the sides cannot be told from the record: {problem or 'incomplete'}", rule="teams"
            )
        order = h.players
        re_players = [p for p in order if p in re]
        contra_players = [p for p in order if p in contra]
        tally = h.tally(re)
        re_points = tally.points
        all_tricks = None if tally.all_tricks is None else (RE if tally.all_tricks else CONTRA)
        revoke = None
        notes: list[str] = []
        if tally.revoke is not None:
            revoke = RE if tally.revoke_by_side else CONTRA
            notes.append(tally.revoke.text())
        game_type = "normal"
        if self.solo:
            game_type = solo_name(self.rules, self.solo, lone or "", self.obligatory)
        elif self.wedding and not self.partner and unclarified_solo(self.rules):
            game_type = solo_name(self.rules, unclarified_solo(self.rules), lone or "", False)
            game_type += " (wedding without partner)"
        elif self.wedding:
            game_type = "wedding" if self.partner else f"wedding, {self.wedding} alone"
        elif self.poverty:
            game_type = "poverty"
        elif lone:
            game_type = f"silent wedding, {lone} alone"
        if self.piglets:
            notes.append(f"piglets: {self.piglets}")
        if self.poverty and self.poverty_partner:
            returned = self.poverty_returned or "?"
            notes.append(
                f"poverty: {self.poverty} passed to {self.poverty_partner}, who returned {returned}"
            )
        return Facts(
            re_players,
            contra_players,
            re_points,
            all_tricks,
            list(self.announcements),
            [] if lone else self._extras(re),
            game_type,
            lone=bool(lone),
            solo=self.solo or (unclarified_solo(self.rules) if self.wedding and lone else None),
            obligatory=self.obligatory,
            revoke=revoke,
            bock=self.bock,
            notes=notes,
        )

    def _extras(self, re: set[str]) -> list[tuple[str, str, int]]:
        extras: list[tuple[str, str, int]] = []
        pts = self.rules.get("extras", {})
        h = self.hand
        tricks = h.completed_tricks()

        def side(p: str) -> str:
            return RE if p in re else CONTRA

        big = pts.get("doppelkopf_min")
        for t in tricks:
            winner_side = side(t.winner)  # type: ignore[arg-type]
            if big is not None and self.rules.option("doppelkopf_trick") and t.points >= big:
                extras.append((winner_side, "doppelkopf", pts.get("doppelkopf", 1)))
            if self.rules.option("fox"):
                for p in t.plays:
                    if p.card == self.fox and side(p.player) != winner_side:
                        extras.append((winner_side, "fox", pts.get("fox", 1)))
        last = tricks[-1] if tricks else None
        if last is not None:
            winning = next(p for p in last.plays if p.player == last.winner)
            winner_side = side(last.winner)  # type: ignore[arg-type]
            if winning.card == self.charlie and self.rules.option("charlie"):
                twin = [
                    p
                    for p in last.plays
                    if p.card == self.charlie and p.position < winning.position
                ]
                if twin and self.rules.option("second_charlie_beats_first"):
                    extras.append((winner_side, "charlie2", pts.get("second_charlie", 2)))
                else:
                    extras.append((winner_side, "charlie", pts.get("charlie", 1)))
            if self.rules.option("charlie_captured"):
                for p in last.plays:
                    if p.card == self.charlie and side(p.player) != winner_side:
                        extras.append(
                            (winner_side, "charlie_captured", pts.get("charlie_captured", 1))
                        )
        return extras

    def result(self) -> HandResult:
        if self.redeal:
            return redeal_result(
                self.hand.table,
                f"new deal: {self.redeal}",
                "options.five_nines" if "nines" in self.redeal else "options.poverty",
            )
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand."""
        if self.redeal:
            return {"redeal": True}
        f = self.facts()
        out: dict[str, Any] = {"re": f.re_players, "re_points": f.re_points}
        if f.solo:
            out["solo"] = f.solo
        if f.all_tricks:
            out["all_tricks"] = f.all_tricks
        if f.extras:
            winners = {RE: f.re_players[0], CONTRA: f.contra_players[0]}
            out["extras"] = [f"{winners[side]} {kind}" for side, kind, _ in f.extras]
        if f.revoke:
            out["revoke"] = f.revoke
        return out


# ---------------------------------------------------------------------- across hands


def unclarified_solo(rules: Ruleset) -> str | None:
    """The solo a wedding without partner becomes, where the rule set says (DDV)."""
    return rules.get("teams.unclarified_wedding_solo")


def solo_name(rules: Ruleset, solo: str, soloist: str, obligatory: bool) -> str:
    name = rules.get(f"solos.{solo}.name", f"{solo} solo")
    kind = "obligatory" if obligatory else "voluntary"
    return (
        f"{name}, {soloist} ({kind})" if rules.option("obligatory_solos") else f"{name}, {soloist}"
    )


def _results(context: Mapping[str, object]) -> list[HandResult]:
    results = context.get("results") or []
    return [r for r in results if isinstance(r, HandResult) and not r.redeal]  # type: ignore[union-attr]


def is_obligatory_solo(rules: Ruleset, player: str, context: Mapping[str, object]) -> bool:
    """A player's first solo of the match is the obligatory one, when the match asks for one."""
    if not rules.option("obligatory_solos"):
        return False
    return not any(
        r.details.get("obligatory") and r.sides.get(RE) == [player] for r in _results(context)
    )


def bock_reasons(rules: Ruleset, result: HandResult) -> list[str]:
    """Why a finished game starts a Bock round (empty: it does not)."""
    if not rules.option("bock") or result.redeal:
        return []
    reasons = []
    half = int(rules.require("card_points.total")) // 2
    if result.card_points.get(RE) == half and result.card_points.get(CONTRA) == half:
        reasons.append(f"{half}:{half}")
    if (
        rules.option("bock_after_lost_solo")
        and result.details.get("solo")
        and result.winner == CONTRA
    ):
        reasons.append("lost solo")
    if rules.option("bock_after_lost_announcement") and result.winner is not None:
        said = {
            side
            for _, kind, side, *_ in result.details.get("announcements", [])
            if kind in (RE, CONTRA)
        }
        if said - {result.winner}:
            reasons.append("lost Re/Contra")
    return reasons


def bock_level(rules: Ruleset, table: Sequence[str], context: Mapping[str, object]) -> int:
    """How many Bock rounds cover the next game: each trigger doubles the next round.

    A round is one game dealt by each player at the table; rounds started by several
    triggers overlap, and each doubles again (they stack).
    """
    if not rules.option("bock"):
        return 0
    games = _results(context)
    length = len(table)
    n = len(games)
    return sum(1 for i, r in enumerate(games) if bock_reasons(rules, r) and n - i <= length)


# ---------------------------------------------------------------------- the family


class Doppelkopf(Family):
    name = "doppelkopf"
    hand_class = DoppelkopfHand

    def active_players(
        self, rules: Ruleset, table: Sequence[str], dealer: str, context: Mapping[str, object]
    ) -> list[str]:
        """Four play; at a larger table the dealer sits the hand out (and scores 0)."""
        if len(table) > 4 and rules.get("match.sit_out") == "dealer":
            return [p for p in table if p != dealer]
        return list(table)

    def contract_for(
        self, rules: Ruleset, game: str | None = None, trump: str | None = None
    ) -> Contract:
        """``normal``, ``piglets`` (option on) or a solo of the rule set's ``[solos]``."""
        solos = rules.get("solos") or {}
        if game in (None, "normal"):
            return make_contract(rules)
        if game == "piglets":
            if not rules.option("piglets"):
                raise IllegalActionError(
                    "piglets are not played here (option piglets is off)", rule="options.piglets"
                )
            return make_contract(rules, piglets=True)
        if game in solos:
            return make_contract(rules, game)
        games = ", ".join(["normal", "piglets", *solos])
        raise IllegalActionError(
            f"unknown game {game!r} for {rules.name}; games: {games}", rule="solos"
        )

    def playing(self, rules: Ruleset, seated: int) -> int:
        return 4 if seated > 4 and rules.get("match.sit_out") == "dealer" else seated

    def next_dealer(self, match: Any, result: HandResult | None) -> str:
        """After an obligatory solo the same dealer deals again; otherwise as usual."""
        if result is not None and result.details.get("obligatory"):
            return match.current_dealer
        return super().next_dealer(match, result)

    def match_over(self, match: Any) -> str | None:
        games = (match.rules.get("match.games") or {}).get(str(len(match.players)))
        if not games:
            return None
        played = [
            mh.result
            for mh in match.hands
            if mh.result is not None
            and not mh.result.redeal
            and not mh.result.details.get("obligatory")
        ]
        if len(played) >= games:
            return f"the round of {games} games is complete (obligatory solos not counted)"
        return None

    def validate(self, rules: Ruleset) -> list[str]:
        problems = []
        for key in ("window", "promise"):
            if not isinstance(rules.get(f"announcements.{key}"), Mapping):
                problems.append(f"announcements.{key}: missing table")
        for kind in ("re", "contra", *rules.get("announcements.promise", {})):
            if not isinstance(rules.get(f"announcements.window.{kind}"), int):
                problems.append(f"announcements.window.{kind}: missing or not a whole number")
        style = rules.get("scoring.style", "multiplied")
        keys = ["re_needs", "contra_needs", "won", "black", "lone_factor"]
        if style == "additive":
            keys += ["announced", "promise_said", "against_promise"]
        elif style == "multiplied":
            keys += [
                "against_the_queens",
                "promise_made",
                "promise_failed",
                "promise_failed_threshold",
                "announcement_multiplier",
            ]
        else:
            problems.append(f"scoring.style: {style!r} is neither 'multiplied' nor 'additive'")
        problems += whole_numbers(rules, [f"scoring.{key}" for key in keys])
        for name, spec in (rules.get("solos") or {}).items():
            if name == "explain":
                continue
            if (
                not isinstance(spec, Mapping)
                or rules.get(f"contracts.{spec.get('contract')}") is None
            ):
                problems.append(f"solos.{name}: must name a contract of [contracts]")
        for key, spec in (rules.get("announcements.promise") or {}).items():
            if not isinstance(spec, Mapping) or not {"below", "target"} <= set(spec):
                problems.append(f"announcements.promise.{key}: needs below and target")
        return problems

    def quick_keys(self) -> dict[str, QuickKey]:
        return {
            "re": QuickKey("list", "the Re players (two names, or one for a player alone)"),
            "re_points": QuickKey("int", "Re's card points, 0 to 240"),
            "all_tricks": QuickKey("word", "re or contra, when one side took every trick"),
            "extras": QuickKey(
                "list",
                "extra points as 'Name kind': fox, charlie, charlie2, charlie_captured, doppelkopf",
            ),
            "revoke": QuickKey("word", "re or contra: the side that revoked"),
            "redeal": QuickKey("bool", "true when the hand was thrown in"),
            "solo": QuickKey(
                "word", "the solo played (see the rule set's [solos]); re is the soloist"
            ),
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
        unknown = set(facts) - set(self.quick_keys())
        if unknown:
            raise IllegalActionError(
                f"unknown key {sorted(unknown)[0]!r}; keys: {', '.join(self.quick_keys())}",
                rule="quick",
                where=f"quick.{sorted(unknown)[0]}",
            )
        if facts.get("redeal"):
            return redeal_result(list(table), "new deal", "options.five_nines")
        re = facts.get("re")
        if (
            not isinstance(re, list)
            or not 1 <= len(re) <= 2
            or any(p not in players for p in re)
            or len(set(re)) != len(re)
        ):
            raise IllegalActionError(
                f"re must list the Re players (one or two of {', '.join(players)})",
                rule="teams",
                where="quick.re",
            )
        total = int(rules.require("card_points.total"))
        re_points = facts.get("re_points")
        if (
            not isinstance(re_points, int)
            or isinstance(re_points, bool)
            or not 0 <= re_points <= total
        ):
            raise IllegalActionError(
                f"re_points must be Re's card points, 0 to {total}",
                rule="card_points.total",
                where="quick.re_points",
            )
        all_tricks = facts.get("all_tricks")
        if all_tricks not in (None, RE, CONTRA):
            raise IllegalActionError(
                'all_tricks is "re" or "contra"', rule="quick", where="quick.all_tricks"
            )
        if (all_tricks == RE and re_points != total) or (all_tricks == CONTRA and re_points != 0):
            raise IllegalActionError(
                f"a side that took every trick has all {total} card points",
                rule="card_points.total",
                where="quick.all_tricks",
            )
        every_card_counts = all(rules.card_points(c) > 0 for c in rules.deck.cards)
        if all_tricks is None and every_card_counts and re_points in (0, total):
            all_tricks = RE if re_points == total else CONTRA
        contra = [p for p in players if p not in re]
        lone = len(re) == 1
        announcements: list[Announcement] = []
        levels = promises(rules)
        aliases = dict(rules.get("announcements.aliases", {}))
        game_type = "normal"
        for action in actions:
            verb = aliases.get(action.verb, action.verb)
            if action.actor not in players:
                raise IllegalActionError(
                    f"{action}: {action.actor} deals and sits out this hand", rule="match.sit_out"
                )
            if verb in DECLARATIONS:
                game_type = {"wedding": "wedding", "poverty": "poverty"}.get(verb, game_type)
                continue
            if verb not in (RE, CONTRA, *levels):
                raise IllegalActionError(
                    f"{action}: unknown announcement {action.verb!r}", rule="announcements"
                )
            side = RE if action.actor in re else CONTRA
            if verb in (RE, CONTRA) and verb != side:
                raise IllegalActionError(
                    f"{action}: {action.actor} is on the {side_word(side, rules)} side",
                    rule="teams",
                )
            if verb in levels:
                mine = {a.kind for a in announcements if a.side == side}
                if side not in mine:
                    raise IllegalActionError(
                        f"{action}: {verb} needs the side's own {side_word(side, rules)} first",
                        rule="announcements.promise",
                    )
                for k in levels[: levels.index(verb)]:
                    if k not in mine:
                        if not rules.get("announcements.skip_levels", False):
                            raise IllegalActionError(
                                f"{action}: {verb} needs {k} announced first",
                                rule="announcements.skip_levels",
                            )
                        announcements.append(Announcement(action.actor, k, side, implied=True))
            if any(a.kind == verb and a.side == side for a in announcements):
                raise IllegalActionError(
                    f"{action}: already announced", rule=f"announcements.window.{verb}"
                )
            announcements.append(Announcement(action.actor, verb, side))
        solo = facts.get("solo")
        obligatory = False
        if solo is not None:
            if solo not in (rules.get("solos") or {}):
                raise IllegalActionError(
                    f"solo {solo!r} is not one of: {', '.join(rules.get('solos') or {}) or 'none'}",
                    rule="solos",
                    where="quick.solo",
                )
            if not lone:
                raise IllegalActionError(
                    "a solo has one Re player, the soloist", rule="solos", where="quick.re"
                )
            obligatory = is_obligatory_solo(rules, re[0], context)
            game_type = solo_name(rules, solo, re[0], obligatory)
        elif lone and game_type == "normal":
            game_type = f"silent wedding, {re[0]} alone"
        elif lone and game_type == "wedding" and unclarified_solo(rules):
            solo = unclarified_solo(rules)
            game_type = solo_name(rules, solo, re[0], False) + " (wedding without partner)"
        elif lone and game_type == "wedding":
            game_type = f"wedding, {re[0]} alone"
        extras: list[tuple[str, str, int]] = []
        pts = rules.get("extras", {})
        worth = {
            "fox": pts.get("fox", 1),
            "charlie": pts.get("charlie", 1),
            "charlie2": pts.get("second_charlie", 2),
            "charlie_captured": pts.get("charlie_captured", 1),
            "doppelkopf": pts.get("doppelkopf", 1),
        }
        for entry in facts.get("extras", []) or []:
            words = str(entry).split()
            if len(words) != 2 or words[0] not in players or words[1] not in worth:
                raise IllegalActionError(
                    f"extra {entry!r} must be 'Name kind' with kind one of {', '.join(worth)}",
                    rule="extras",
                    where="quick.extras",
                )
            option = kind_option(words[1])
            if not rules.option(option):
                raise IllegalActionError(
                    f"extra {entry!r}: option {option} is off",
                    rule=f"options.{option}",
                    where="quick.extras",
                )
            extras.append((RE if words[0] in re else CONTRA, words[1], worth[words[1]]))
        revoke = facts.get("revoke")
        if revoke not in (None, RE, CONTRA):
            raise IllegalActionError(
                'revoke is "re" or "contra"', rule="quick", where="quick.revoke"
            )
        return score(
            rules,
            table,
            Facts(
                re,
                contra,
                re_points,
                all_tricks,
                announcements,
                [] if lone else extras,
                game_type,
                lone=lone,
                solo=solo,
                obligatory=obligatory,
                revoke=revoke,
                bock=bock_level(rules, table, context),
            ),
        )


FAMILY = Doppelkopf()
