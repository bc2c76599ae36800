"""Klaverjassen mechanics: trump choice, fixed partnerships, roem, nat and pit, the three-player
talon, and Wilde Boom's challenges and declarations.

The numbers (card points, roem values, pit, the session length, multipliers) come from the
rule set; this module holds what is structural: the order in which players may choose
trump under each method of option ``trump_choice``, who sits with whom, which roem each
trick holds (``klaverjassen_roem``), and how a hand's points are shared out. Full and
quick hands are scored by the same function (``score``) from the same ``Facts``, so both
give the same result for the same hand.

Actions, actor first (the rule sets' notes say the same for the table):

- trump choice: ``Ben pass``, ``Carla trump hearts`` or ``Carla hearts`` (suit words,
  letters H D C S, symbols, or the rule set's ``trump.suit_aliases`` such as ``harten``);
  with an upturned card of a second pack the dealer records ``Anna upturn 7H`` and the
  players answer ``Ben accept`` or ``Ben pass``;
- three players: the trump maker's ``Carla discard 7S 8D`` after taking the talon;
- any player, before the last card: ``Ben decline_roem`` (the team gives up its roem);
- Wilde Boom: ``Ben kraak``, ``Carla rekraak``, ``Dirk superkraak`` (after trump, before
  the first card); ``Anna roem KH QH JH`` (a combination from the hand, before Anna's
  first card); ``Anna stuk`` (right after Anna played the first of king and queen of trumps).

Quick entry (``scorekeeper hand``): ``playing`` (a player of the playing team, or team1 /
team2), ``trump``, ``points`` (the playing team's card points with the last trick),
``roem`` and ``roem_other`` (each team's counted roem), optional ``all_tricks=false``,
``revoke`` and ``kraak``; for three players ``points_of`` and ``roem_of`` as ``Name:N``
lists instead of points and roem, and ``redeal=true`` for a thrown-in deal. Nat and pit are
always worked out, never typed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, format_cards
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.games.base import Family, GameHand, QuickKey, whole_numbers
from scorekeeper.games.klaverjassen_roem import (
    Roem,
    declared_combination,
    four_of_a_kind_ranks,
    highest_declaration,
    tally,
    trick_roem,
)
from scorekeeper.result import HandResult, ValueItem, redeal_result

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Trick
    from scorekeeper.match import Match
    from scorekeeper.ruleset import Ruleset

PARTNERS, ALONE = "partners", "alone"
KING, QUEEN = "K", "Q"
TEAM_KEYS = ("team1", "team2")
METHODS = ("free", "dealer_first", "forced_left", "upturn_forced", "upturn_other_suit")
BID_VERBS = ("pass", "trump", "accept", "upturn")


# ---------------------------------------------------------------------- words


def suit_words(rules: Ruleset) -> dict[str, str]:
    """Every word a table may use for a suit, lower case, to its letter."""
    words: dict[str, str] = {}
    for suit, name in SUIT_NAMES.items():
        words[name] = suit
        words[name.rstrip("s")] = suit
        words[suit.lower()] = suit
        words[SUIT_SYMBOLS[suit]] = suit
    for alias, suit in (rules.get("trump.suit_aliases") or {}).items():
        words[str(alias).lower()] = str(suit)
    return words


def parse_suit(rules: Ruleset, text: str, where: str) -> str:
    suit = suit_words(rules).get(text.strip().lower())
    if suit is None or suit not in rules.deck.suits:
        raise IllegalActionError(
            f"{where}: {text!r} is not a suit; write hearts, diamonds, clubs or spades "
            "(or H, D, C, S, or a suit symbol)",
            rule="trump",
        )
    return suit


def suit_label(suit: str) -> str:
    return f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}"


def kraak_levels(rules: Ruleset) -> list[str]:
    return list(rules.get("kraak.levels") or [])


def kraak_word(rules: Ruleset, word: str) -> str:
    aliases = {str(k).lower(): str(v) for k, v in (rules.get("kraak.aliases") or {}).items()}
    return aliases.get(word.lower(), word.lower())


# ---------------------------------------------------------------------- sides


def side_names(rules: Ruleset, table: Sequence[str]) -> dict[str, list[str]]:
    """The sides of the table: two fixed teams (seats 1 and 3, 2 and 4) or every player alone."""
    if rules.get("teams.mode") == PARTNERS:
        teams = [list(table[0::2]), list(table[1::2])]
        return {"/".join(team): team for team in teams}
    return {p: [p] for p in table}


def side_of(sides: Mapping[str, Sequence[str]], player: str) -> str:
    return next(name for name, members in sides.items() if player in members)


# ---------------------------------------------------------------------- the value


@dataclass
class Facts:
    """Everything a hand's score depends on: what a paper score sheet holds."""

    sides: dict[str, list[str]]
    playing: str  # the side that chose trump
    trump: str
    points: dict[str, int]  # card points with the last trick (and the talon's discards)
    roem: dict[str, list[Roem]]  # roem each side counts (after declines)
    pit: str | None = None  # the side that took every trick
    kraak: int = 0  # challenges made: 1 kraak, 2 rekraak, 3 superkraak
    revoke: str | None = None  # the side that revoked
    maker: str | None = None
    notes: list[str] = field(default_factory=list)


def last_trick_bonus(rules: Ruleset) -> int:
    return int(rules.require("play.last_trick_bonus"))


def hand_total(rules: Ruleset) -> int:
    """All card points of a hand with the last trick: 162."""
    return int(rules.require("card_points.total")) + last_trick_bonus(rules)


def _roem_text(rules: Ruleset, amount: int) -> str:
    if rules.option("roem_notation") == "tally":
        marks = tally(rules, amount)
        if marks and marks != "-":
            return f"{amount} {marks}"
    return str(amount)


def score(rules: Ruleset, table: Sequence[str], facts: Facts) -> HandResult:
    """Share out a hand's points, item by item, as the rule set's ``[scoring]`` says."""
    sides = facts.sides
    playing = facts.playing
    others = [s for s in sides if s != playing]
    order = [playing, *others]  # the playing side first, on the sheet as in the items
    total = hand_total(rules)
    items: list[ValueItem] = []
    notes = list(facts.notes)
    totals: dict[str, int] = {}
    roem_of = {s: sum(r.points for r in facts.roem.get(s, [])) for s in sides}
    for side in order:
        pts = facts.points[side]
        items.append(
            ValueItem(
                f"{side}: card points with the last trick", pts, "card_points.total", side=side
            )
        )
        for r in facts.roem.get(side, []):
            items.append(ValueItem(f"{side}: {r.label}", r.points, r.rule, side=side))
        totals[side] = pts + roem_of[side]
    pit_bonus = 0
    if facts.pit is not None and facts.revoke is None:
        if facts.pit == playing or rules.option("pit_for_defenders"):
            pit_bonus = int(rules.require("scoring.pit"))
            items.append(
                ValueItem(
                    f"{facts.pit}: pit, every trick", pit_bonus, "scoring.pit", side=facts.pit
                )
            )
            totals[facts.pit] += pit_bonus
        else:
            notes.append(
                f"{facts.pit} took every trick but scores no pit as defenders "
                "[rule: options.pit_for_defenders]"
            )
    everything = sum(totals.values())
    all_roem = sum(roem_of.values())
    scores_by_side = {s: 0 for s in sides}
    nat = False

    def note(text: str, rule: str) -> None:
        items.append(ValueItem(text, 0, rule, op="note"))

    def versus(side: str, against: Sequence[str]) -> str:
        return " + ".join(str(totals[s]) for s in against) if against else "0"

    if facts.revoke is not None:
        offender = facts.revoke
        # RULINGS.md names the award exactly: the cards and the roem of both sides, no pit
        awarded = total + all_roem
        for s in sides:
            if s != offender:
                scores_by_side[s] = awarded
        note(
            f"revoke by {offender}: it scores nothing; "
            f"{' and '.join(s for s in sides if s != offender)} score {total} plus all roem "
            f"({all_roem}) = {awarded}",
            "options.revoke_penalty",
        )
        winner: str | None = " and ".join(s for s in sides if s != offender)
    elif facts.kraak:
        levels = kraak_levels(rules)
        last = levels[facts.kraak - 1]
        # kraak and superkraak come from the opponents, rekraak from the playing team
        challenger = playing if facts.kraak % 2 == 0 else others[0]
        other = others[0] if challenger == playing else playing
        if totals[challenger] > totals[other]:
            winner = challenger
            note(
                f"{last} by {challenger}: {totals[challenger]} beats {totals[other]}, so "
                f"{challenger} takes all {everything} points",
                "kraak",
            )
        else:
            winner = other
            note(
                f"{last} by {challenger} failed: {totals[challenger]} is not more than "
                f"{totals[other]}, so {other} takes all {everything} points",
                "kraak",
            )
        scores_by_side[winner] = everything
    elif totals[playing] > sum(totals[s] for s in others):
        winner = playing
        scores_by_side = dict(totals)
        note(
            f"{playing} chose trump and made it: {totals[playing]} against "
            f"{versus(playing, others)}",
            "scoring",
        )
    else:
        nat = True
        winner = " and ".join(others)
        for s in others:
            scores_by_side[s] = everything
        note(
            f"nat: {playing} chose trump but has {totals[playing]}, not more than "
            f"{versus(playing, others)}; it scores nothing, {winner} "
            f"{'scores' if len(others) == 1 else 'each score'} all {everything} "
            f"({total} plus all roem {all_roem}{' plus pit' if pit_bonus else ''})",
            "scoring",
        )
    factor = 1
    mult = int(rules.get("kraak.multiplier") or 1)
    for level in kraak_levels(rules)[: facts.kraak]:
        items.append(ValueItem(level, mult, "kraak.multiplier", op="times"))
        factor *= mult
    if facts.trump in (rules.get("scoring.trump_doubles") or []):
        double = int(rules.require("scoring.trump_double_factor"))
        items.append(
            ValueItem(
                f"{SUIT_NAMES[facts.trump]} trumps", double, "scoring.trump_doubles", op="times"
            )
        )
        factor *= double
    for s in scores_by_side:
        scores_by_side[s] *= factor
    scores = {p: 0 for p in table}
    for s, members in sides.items():
        for p in members:
            scores[p] = scores_by_side[s]
    marks = [f"{playing} {suit_label(facts.trump)}"]
    marks.append("roem " + ":".join(_roem_text(rules, roem_of[s]) for s in order))
    if facts.kraak:
        marks.append(kraak_levels(rules)[facts.kraak - 1])
    if nat:
        marks.append("NAT")
    if pit_bonus:
        marks.append("PIT" if facts.pit == playing else f"PIT {facts.pit}")
    if facts.revoke is not None:
        marks.append(f"revoke {facts.revoke}")
    details: dict[str, Any] = {
        "playing": playing,
        "maker": facts.maker,
        "trump": SUIT_NAMES[facts.trump],
        "card_points": {s: facts.points[s] for s in order},
        "roem": {s: roem_of[s] for s in order},
        "totals": {s: totals[s] for s in order},
        "side_scores": {s: scores_by_side[s] for s in order},
        "nat": nat,
        "pit": facts.pit,
        "kraak": kraak_levels(rules)[facts.kraak - 1] if facts.kraak else None,
        "factor": factor,
        "revoke": facts.revoke,
    }
    if rules.option("roem_notation") == "tally":
        details["roem_tally"] = {s: tally(rules, roem_of[s]) for s in order}
    return HandResult(
        game_type=", ".join(marks),
        sides={s: list(sides[s]) for s in order},
        card_points={s: facts.points[s] for s in order},
        winner=winner,
        items=items,
        value=max(scores_by_side.values()),
        scores=scores,
        notes=notes,
        details=details,
    )


# ---------------------------------------------------------------------- trump choice


@dataclass(frozen=True)
class Step:
    """One turn of the trump choice: who acts, what they may do."""

    kind: str  # "choose" a suit, "accept" the upturned one, "upturn" a card, "redeal"
    player: str
    may_pass: bool = True
    not_upturned: bool = False  # the suit named may not be the upturned card's

    def describe(self, upturned: Card | None) -> str:
        if self.kind == "upturn":
            return f"{self.player} (the dealer) to turn up a card of the second pack ('upturn 7H')"
        if self.kind == "accept":
            shown = f"{upturned} ({SUIT_NAMES[upturned.suit]})" if upturned else "the card"
            if self.may_pass:
                return f"{self.player} to accept {shown} as trump or pass"
            return f"{self.player} must accept {shown} as trump"
        if self.kind == "choose":
            other = (
                f" other than {SUIT_NAMES[upturned.suit]}" if self.not_upturned and upturned else ""
            )
            if self.may_pass:
                return f"{self.player} to name a trump suit or pass"
            return f"{self.player} must name a trump suit{other}"
        return "everybody passed: the cards are dealt again"


def trump_script(rules: Ruleset, players: Sequence[str], dealer: str) -> list[Step]:
    """The turns of the trump choice under option ``trump_choice``, in order."""
    method = rules.option("trump_choice")
    i = players.index(dealer)
    order = [players[(i + k) % len(players)] for k in range(1, len(players) + 1)]  # dealer last
    left = order[0]
    dealer_chooses = rules.get("trump.all_pass", "dealer_chooses") == "dealer_chooses"
    if method == "free":
        steps = [Step("choose", p) for p in order[:-1]]
        steps.append(Step("choose", dealer, may_pass=not dealer_chooses))
        return steps if dealer_chooses else [*steps, Step("redeal", dealer)]
    if method == "dealer_first":
        steps = [Step("choose", dealer), *(Step("choose", p) for p in order[:-1])]
        last = Step("choose", dealer, may_pass=False) if dealer_chooses else Step("redeal", dealer)
        return [*steps, last]
    if method == "forced_left":
        return [Step("choose", left, may_pass=False)]
    if method == "upturn_forced":
        return [
            Step("upturn", dealer),
            *(Step("accept", p) for p in order),
            Step("upturn", dealer),
            Step("accept", left, may_pass=False),
        ]
    if method == "upturn_other_suit":
        return [
            Step("upturn", dealer),
            *(Step("accept", p) for p in order),
            Step("choose", left, may_pass=False, not_upturned=True),
        ]
    raise ScorekeeperError(f"unknown trump_choice {method!r}", rule="options.trump_choice")


# ---------------------------------------------------------------------- one hand


@dataclass(frozen=True)
class Declaration:
    player: str
    combo: Roem


@dataclass(frozen=True)
class Said:
    """Something said at the table this hand, as the status display lists it."""

    player: str
    kind: str
    side: str
    implied: bool = False


class KlaverjassenHand(GameHand):
    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        rules = self.rules
        four_of_a_kind_ranks(rules)  # refuse a bad option value before anything is recorded
        self.sides = side_names(rules, hand.players)
        self.script = trump_script(rules, hand.players, hand.dealer)
        self.steps_done = 0
        self.upturned: list[Card] = []
        self.trump: str | None = None
        self.maker: str | None = None
        self.redeal = False
        self.talon_size = int(rules.get("talon.size") or 0)
        self.discard_count = int(rules.get("talon.discard") or 0)
        self.discards: list[Card] = []
        self.declined: list[str] = []  # sides that gave up their roem
        self.kraaks: list[tuple[str, str]] = []  # (player, level)
        self.declarations: list[Declaration] = []
        self.stuk: list[tuple[str, Card]] = []  # (player, the card still to come)
        self.roem_by_trick: dict[int, list[Roem]] = {}
        self._contracts: dict[str | None, Contract] = {}
        self._suits = suit_words(rules)

    # -- what may be typed
    @property
    def verbs(self) -> tuple[str, ...]:  # type: ignore[override]
        """The action words of this hand, some complete with their cards.

        ``scorekeeper.simulate`` tries "Player WORD" for each of these when nobody can play,
        so a few whole actions (sample upturned cards, the talon's discard when the deal is
        known) let a random table finish the trump choice and the discard.
        """
        words = [*BID_VERBS, *(SUIT_NAMES[s] for s in self.rules.deck.suits), "decline_roem"]
        if self.rules.option("trump_choice").startswith("upturn"):
            words += [f"upturn 7{s}" for s in self.rules.deck.suits]
            words += [f"upturn 8{s}" for s in self.rules.deck.suits]
        if self.talon_size:
            words.append("discard")
            talon = self.talon()
            if talon is not None:
                words.append("discard " + format_cards(talon))
        if self.has_kraak:
            words += kraak_levels(self.rules)
        if self.has_declarations:
            words += ["roem", "stuk"]
        return tuple(words)

    @property
    def has_kraak(self) -> bool:
        return bool(self.rules.get("kraak"))

    @property
    def has_declarations(self) -> bool:
        return bool(self.rules.get("declarations"))

    def talon(self) -> list[Card] | None:
        """The talon's cards: what the deal left over (known only with the deal)."""
        if not self.talon_size or self.hand.dealt is None:
            return None
        left = Counter(self.rules.deck.counts)
        for cards in self.hand.dealt.values():
            left.subtract(cards)
        return sorted(left.elements(), key=lambda c: c.code)

    # -- the contract in force
    def contract(self) -> Contract:
        if self.trump not in self._contracts:
            name = f"{suit_label(self.trump)} trumps" if self.trump else "trump not chosen yet"
            self._contracts[self.trump] = Contract.from_rules(
                self.rules, "trump", self.trump, name=name
            )
        return self._contracts[self.trump]

    def same_side(self, a: str, b: str) -> bool | None:
        return side_of(self.sides, a) == side_of(self.sides, b)

    @property
    def announcements(self) -> list[Said]:
        """Trump, challenges, declarations, stuk and declined roem so far, in that order."""
        said: list[Said] = []
        if self.trump is not None and self.maker is not None:
            said.append(
                Said(self.maker, f"trump {SUIT_NAMES[self.trump]}", side_of(self.sides, self.maker))
            )
        said += [Said(p, level, side_of(self.sides, p)) for p, level in self.kraaks]
        said += [
            Said(d.player, f"roem {d.combo.text}", side_of(self.sides, d.player))
            for d in self.declarations
        ]
        said += [Said(p, "stuk", side_of(self.sides, p)) for p, _ in self.stuk]
        said += [Said(self.sides[s][0], "decline_roem", s) for s in self.declined]
        return said

    # -- the trump choice
    def step(self) -> Step | None:
        if self.trump is not None or self.redeal or self.steps_done >= len(self.script):
            return None
        return self.script[self.steps_done]

    def _bid(self, action: Action) -> tuple[str, str | None] | None:
        """(kind, suit) if the action is part of the trump choice, else None."""
        verb = action.verb
        if verb in ("pass", "accept", "upturn"):
            return verb, None
        if verb == "trump":
            if len(action.args) != 1:
                raise IllegalActionError(
                    f"{action}: name one suit, like '{action.actor} trump hearts'", rule="trump"
                )
            return "choose", parse_suit(self.rules, action.args[0], str(action))
        if verb in self._suits and not action.args:
            return "choose", parse_suit(self.rules, verb, str(action))
        return None

    def _verify_bid(self, action: Action, kind: str, suit: str | None) -> None:
        rule = "options.trump_choice"

        def refuse(msg: str) -> None:
            raise IllegalActionError(f"{action}: {msg}", rule=rule)

        if self.trump is not None:
            refuse(f"trump is already {SUIT_NAMES[self.trump]}, chosen by {self.maker}")
        if self.redeal:
            refuse("everybody passed; this deal is thrown in")
        step = self.step()
        assert step is not None
        upturned = self.upturned[-1] if self.upturned else None
        now = step.describe(upturned)
        if action.actor != step.player:
            refuse(f"not {action.actor}'s turn in the trump choice: {now}")
        if kind == "pass":
            if step.kind == "upturn":
                refuse(f"the dealer turns up a card first: {now}")
            if not step.may_pass:
                refuse(f"{action.actor} may not pass: {now}")
            return
        if kind == "upturn":
            if step.kind != "upturn":
                refuse(f"no card is turned up now: {now}")
            if len(action.args) != 1:
                refuse(f"name the card turned up, like '{action.actor} upturn 7H'")
            try:
                card = self.rules.deck.parse(action.args[0])
            except ScorekeeperError as exc:
                raise IllegalActionError(f"{action}: {exc.message}", rule="deck.ranks") from None
            if card in self.upturned:
                refuse(f"{card} was already turned up; the next card of the second pack differs")
            return
        if kind == "accept":
            if step.kind != "accept":
                refuse(f"there is no upturned card to accept now: {now}")
            return
        if step.kind != "choose":
            refuse(f"no suit is named now: {now}")
        if step.not_upturned and upturned is not None and suit == upturned.suit:
            refuse(
                f"{action.actor} must name a suit other than {SUIT_NAMES[suit]}, the suit "
                f"of the upturned {upturned} that everybody passed"
            )

    def _apply_bid(self, action: Action, kind: str, suit: str | None) -> list[str]:
        self.steps_done += 1
        if kind == "upturn":
            card = self.rules.deck.parse(action.args[0])
            self.upturned.append(card)
            nxt = self.step()
            return [f"{action.actor} turns up {card}" + (f"; {nxt.describe(card)}" if nxt else "")]
        if kind == "pass":
            nxt = self.step()
            if nxt is not None and nxt.kind == "redeal":
                self.redeal = True
                return [f"{action.actor} passes; everybody passed: the same dealer deals again"]
            upturned = self.upturned[-1] if self.upturned else None
            return [f"{action.actor} passes" + (f"; {nxt.describe(upturned)}" if nxt else "")]
        if kind == "accept":
            suit = self.upturned[-1].suit
        assert suit is not None
        self.trump = suit
        self.maker = action.actor
        messages = [
            f"{action.actor} {'accepts' if kind == 'accept' else 'chooses'} "
            f"{suit_label(suit)} as trump; {self._verb_for(side_of(self.sides, action.actor), 'play')}"
        ]
        if self.talon_size:
            talon = self.talon()
            if talon is not None and self.hand.holdings is not None:
                self.hand.holdings[action.actor].extend(talon)
            messages.append(
                f"{action.actor} takes the talon and lays {self.discard_count} cards away "
                f"('{action.actor} discard C1 C2')"
            )
        return messages

    # -- actions
    def verify_action(self, action: Action) -> None:
        bid = self._bid(action)
        if bid is not None:
            self._verify_bid(action, *bid)
            return
        verb = kraak_word(self.rules, action.verb) if self.has_kraak else action.verb
        if verb == "decline_roem":
            self._verify_decline(action)
        elif verb == "discard" and self.talon_size:
            self._verify_discard(action)
        elif self.has_kraak and verb in kraak_levels(self.rules):
            self._verify_kraak(action, verb)
        elif self.has_declarations and verb == "roem":
            self._verify_declaration(action)
        elif self.has_declarations and verb == "stuk":
            self._verify_stuk(action)
        else:
            words = [*BID_VERBS, "SUIT", "decline_roem"]
            if self.talon_size:
                words.append("discard")
            if self.has_kraak:
                words += kraak_levels(self.rules)
            if self.has_declarations:
                words += ["roem", "stuk"]
            raise IllegalActionError(
                f"{action}: {action.verb!r} is neither a card nor an action of {self.rules.name} "
                f"(actions: {', '.join(words)})",
                rule="actions",
            )

    def apply_action(self, action: Action) -> list[str]:
        bid = self._bid(action)
        if bid is not None:
            return self._apply_bid(action, *bid)
        verb = kraak_word(self.rules, action.verb) if self.has_kraak else action.verb
        side = side_of(self.sides, action.actor)
        if verb == "decline_roem":
            self.declined.append(side)
            return [f"{self._verb_for(side, 'decline')} their roem for this hand"]
        if verb == "discard":
            cards = self._cards(action)
            self.discards = cards
            if self.hand.holdings is not None:
                for c in cards:
                    self.hand.holdings[action.actor].remove(c)
            return [
                f"{action.actor} lays away {len(cards)} cards; their card points go to the "
                "winner of the last trick"
            ]
        if verb in kraak_levels(self.rules):
            self.kraaks.append((action.actor, verb))
            factor = int(self.rules.require("kraak.multiplier")) ** len(self.kraaks)
            return [f"{action.actor} says {verb} for {side}: the hand counts x{factor}"]
        if verb == "roem":
            combo = declared_combination(self.rules, self._cards(action), str(action))
            self.declarations.append(Declaration(action.actor, combo))
            return [f"{action.actor} declares {combo.text}"]
        if verb == "stuk":
            # history already holds this action; the play it follows comes just before
            played = self.hand.history[-2].card
            assert played is not None and self.trump is not None
            other = Card(QUEEN if played.rank == KING else KING, self.trump)
            self.stuk.append((action.actor, other))
            pts = int(self.rules.require("declarations.stuk"))
            return [f"{action.actor} declares stuk ({played} and {other}): {pts} for {side}"]
        return []

    def _verb_for(self, side: str, verb: str) -> str:
        """'Ben/Dirk play', 'Ben plays': a team is plural, a player alone singular."""
        return f"{side} {verb}" if len(self.sides[side]) > 1 else f"{side} {verb}s"

    def _refuse(self, action: Action, message: str, rule: str) -> None:
        raise IllegalActionError(f"{action}: {message}", rule=rule)

    def _cards(self, action: Action) -> list[Card]:
        try:
            return [self.rules.deck.parse(a) for a in action.args]
        except ScorekeeperError as exc:
            raise IllegalActionError(f"{action}: {exc.message}", rule="deck.ranks") from None

    def _verify_decline(self, action: Action) -> None:
        side = side_of(self.sides, action.actor)
        if self.trump is None:
            self._refuse(
                action, "roem is declined once trump is chosen, before the last card", "roem"
            )
        if side in self.declined:
            self._refuse(action, f"{side} already declined their roem", "roem")

    def _verify_discard(self, action: Action) -> None:
        rule = "talon.discard"
        if self.trump is None:
            self._refuse(
                action, "the talon is taken by the trump maker, once trump is chosen", rule
            )
        if action.actor != self.maker:
            self._refuse(action, f"only the trump maker {self.maker} discards", rule)
        if self.discards:
            self._refuse(
                action, f"{self.maker} already laid away {format_cards(self.discards)}", rule
            )
        cards = self._cards(action)
        if len(cards) != self.discard_count or len(set(cards)) != len(cards):
            self._refuse(
                action,
                f"the trump maker lays away exactly {self.discard_count} different cards",
                rule,
            )
        holding = self.hand.holding(action.actor)
        if holding is not None:
            for c in cards:
                if c not in holding:
                    self._refuse(
                        action,
                        f"{action.actor} does not hold {c} (holds {format_cards(holding)}, "
                        "the talon included)",
                        "deal",
                    )

    def _verify_kraak(self, action: Action, verb: str) -> None:
        rule = "kraak"
        levels = kraak_levels(self.rules)
        if self.trump is None:
            self._refuse(action, f"{verb} comes after trump is chosen", rule)
        if self.hand.started_play:
            self._refuse(action, f"too late: {verb} is said before the first card", rule)
        expected = levels[len(self.kraaks)] if len(self.kraaks) < len(levels) else None
        if expected is None:
            self._refuse(action, f"{levels[-1]} was the last challenge", rule)
        if verb != expected:
            self._refuse(action, f"the next challenge is {expected}, not {verb}", rule)
        playing = side_of(self.sides, self.maker or "")
        mine = side_of(self.sides, action.actor)
        by_playing = len(self.kraaks) % 2 == 1  # rekraak is the playing team's answer
        if by_playing and mine != playing:
            self._refuse(action, f"{verb} is said by the trump maker's team {playing}", rule)
        if not by_playing and mine == playing:
            self._refuse(
                action, f"{verb} is said by the opponents of the trump maker {self.maker}", rule
            )

    def _verify_declaration(self, action: Action) -> None:
        rule = "declarations"
        player = action.actor
        if self.hand.plays_by[player]:
            self._refuse(
                action, f"{player} already played a card; combinations are declared before", rule
            )
        cards = self._cards(action)
        combo = declared_combination(self.rules, cards, str(action))
        dealt = self.hand.dealt.get(player) if self.hand.dealt else None
        for c in cards:
            if dealt is not None and c not in dealt:
                self._refuse(action, f"{player} does not hold {c}", "deal")
            if self.hand.played[c]:
                self._refuse(action, f"{c} is already played", rule)
            for d in self.declarations:
                if c in d.combo.cards:
                    self._refuse(
                        action, f"{c} is already in {d.player}'s declared {d.combo.label}", rule
                    )
        if combo.rule == "declarations.runs":
            order = list(self.rules.require("roem.sequence_order"))
            ends = {order.index(combo.cards[0].rank) - 1, order.index(combo.cards[-1].rank) + 1}
            for d in self.declarations:
                touches = d.combo.cards[0].suit == combo.cards[0].suit and any(
                    order.index(c.rank) in ends for c in d.combo.cards
                )
                if d.player == player and d.combo.rule == "declarations.runs" and touches:
                    self._refuse(
                        action,
                        f"touches {player}'s declared {d.combo.label}: one run is declared whole",
                        rule,
                    )

    def _verify_stuk(self, action: Action) -> None:
        rule = "declarations.stuk"
        player = action.actor
        if self.trump is None:
            self._refuse(action, "stuk needs a trump suit", rule)
        king, queen = Card(KING, self.trump), Card(QUEEN, self.trump)  # type: ignore[arg-type]
        last = self.hand.history[-1] if self.hand.history else None
        if (
            last is None
            or not last.is_play
            or last.actor != player
            or last.card not in (king, queen)
        ):
            self._refuse(
                action,
                f"stuk is declared right after {player} plays the first of {king} and {queen}",
                rule,
            )
        assert last is not None and last.card is not None
        other = queen if last.card == king else king
        if any(p.card == other for p, _, _ in self.hand.plays_by[player]):
            self._refuse(
                action,
                f"{player} already played {other}: stuk is declared with the first of the two",
                rule,
            )
        if self.hand.played[other]:
            who = next(p.player for t in self.hand.tricks for p in t.plays if p.card == other)
            self._refuse(action, f"{other} was played by {who}", rule)
        holding = self.hand.holding(player)
        if holding is not None and other not in holding:
            self._refuse(action, f"{player} does not hold {other}", rule)

    # -- play
    def ready_to_play(self) -> bool:
        if self.trump is None or self.redeal:
            return False
        return not (self.talon_size and not self.discards)

    def why_not_ready(self) -> str:
        if self.redeal:
            return "everybody passed; the same dealer deals again"
        step = self.step()
        if step is not None:
            return "trump is not chosen yet: " + step.describe(
                self.upturned[-1] if self.upturned else None
            )
        return (
            f"{self.maker} takes the talon and must lay {self.discard_count} cards away first "
            f"('{self.maker} discard C1 C2')"
        )

    def not_ready_rule(self) -> str:
        if self.redeal:
            return "trump.all_pass"
        return "options.trump_choice" if self.trump is None else "talon.discard"

    def verify_play(self, action: Action) -> None:
        card = action.card
        if card in self.discards:
            raise IllegalActionError(
                f"{action}: {card} was laid away by {self.maker} and is out of play",
                rule="talon.discard",
            )
        for d in self.declarations:
            if card in d.combo.cards and d.player != action.actor:
                raise IllegalActionError(
                    f"{action}: {card} is in {d.player}'s declared {d.combo.label}",
                    rule="declarations",
                )
        for player, other in self.stuk:
            if card == other and player != action.actor:
                raise IllegalActionError(
                    f"{action}: {player} declared stuk and so holds {card}",
                    rule="declarations.stuk",
                )

    def on_trick(self, trick: Trick) -> list[str]:
        roem = trick_roem(self.rules, trick.cards, self.trump)
        self.roem_by_trick[trick.number] = roem
        message = f"trick {trick.number} to {trick.winner} ({trick.points} points): {trick.reason}"
        if roem:
            side = side_of(self.sides, trick.winner or "")
            message += f"; roem for {side}: " + ", ".join(r.text for r in roem)
        return [message]

    def is_over(self) -> bool:
        return self.redeal or super().is_over()

    # -- result
    def facts(self) -> Facts:
        h = self.hand
        assert self.trump is not None and self.maker is not None
        sides = self.sides
        tricks = h.completed_tricks()
        points = {s: 0 for s in sides}
        roem: dict[str, list[Roem]] = {s: [] for s in sides}
        for t in tricks:
            side = side_of(sides, t.winner or "")
            points[side] += t.points
            for r in self.roem_by_trick.get(t.number, []):
                roem[side].append(Roem(f"trick {t.number}: {r.label}", r.points, r.rule, r.cards))
        last = side_of(sides, tricks[-1].winner or "")
        points[last] += last_trick_bonus(self.rules)
        notes: list[str] = []
        if self.discards:
            worth = sum(self.card_points(c) for c in self.discards)
            points[last] += worth
            notes.append(
                f"the discards {format_cards(self.discards)} ({worth} points) go to {last}, "
                "winner of the last trick [rule: talon.discards_to]"
            )
        if self.declarations:
            best = highest_declaration(
                self.rules, [(side_of(sides, d.player), d.combo) for d in self.declarations]
            )
            assert best is not None
            team, top = best
            notes.append(
                f"highest declaration: {top.label} ({team}); only {team} scores declarations "
                "[rule: declarations]"
            )
            for d in self.declarations:
                if side_of(sides, d.player) == team:
                    roem[team].append(
                        Roem(
                            f"declared by {d.player}: {d.combo.label}", d.combo.points, d.combo.rule
                        )
                    )
        for player, _card in self.stuk:
            side = side_of(sides, player)
            pts = int(self.rules.require("declarations.stuk"))
            roem[side].append(Roem(f"stuk declared by {player}", pts, "declarations.stuk"))
        for side in self.declined:
            if roem[side]:
                notes.append(
                    f"{side} declined their roem ({sum(r.points for r in roem[side])}) [rule: roem]"
                )
            roem[side] = []
        winners = {side_of(sides, t.winner or "") for t in tricks}
        pit = winners.pop() if len(winners) == 1 else None
        revoke = None
        if h.revokes:
            revoke = side_of(sides, h.revokes[0].player)
            notes.append(h.revokes[0].text())
        return Facts(
            sides={s: list(m) for s, m in sides.items()},
            playing=side_of(sides, self.maker),
            trump=self.trump,
            points=points,
            roem=roem,
            pit=pit,
            kraak=len(self.kraaks),
            revoke=revoke,
            maker=self.maker,
            notes=notes,
        )

    def result(self) -> HandResult:
        if self.redeal:
            return redeal_result(
                self.hand.table, "everybody passed: the same dealer deals again", "trump.all_pass"
            )
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand."""
        if self.redeal:
            return {"redeal": True}
        f = self.facts()
        out: dict[str, Any] = {"playing": self.maker, "trump": SUIT_NAMES[f.trump]}
        roem = {s: sum(r.points for r in f.roem[s]) for s in f.sides}
        total = hand_total(self.rules)
        if self.rules.get("teams.mode") == PARTNERS:
            other = next(s for s in f.sides if s != f.playing)
            out["points"] = f.points[f.playing]
            out["roem"] = roem[f.playing]
            out["roem_other"] = roem[other]
        else:
            out["points_of"] = [f"{p}:{f.points[p]}" for p in f.sides]
            out["roem_of"] = [f"{p}:{roem[p]}" for p in f.sides]
        full = [s for s in f.sides if f.points[s] == total]
        if full and f.pit != full[0]:
            out["all_tricks"] = False
        if f.revoke is not None:
            out["revoke"] = self.hand.revokes[0].player
        if f.kraak:
            out["kraak"] = kraak_levels(self.rules)[f.kraak - 1]
        return out


# ---------------------------------------------------------------------- the family


class Klaverjassen(Family):
    name = "klaverjassen"
    hand_class = KlaverjassenHand

    def trick_notes(self, rules: Ruleset, contract: Contract, cards: Sequence[Card]) -> list[str]:
        roem = trick_roem(rules, cards, contract.trump_suit)
        return [f"roem for the trick's winner: {r.text} [rule: {r.rule}]" for r in roem]

    def validate(self, rules: Ruleset) -> list[str]:
        problems = whole_numbers(
            rules,
            (
                "play.last_trick_bonus",
                "card_points.total",
                "roem.stuk",
                "roem.four_of_a_kind",
                "roem.four_jacks",
                "scoring.pit",
                "match.hands",
            ),
        )
        if "trump" not in (rules.get("contracts") or {}):
            problems.append("contracts.trump: missing (the trump game with {T} for the suit)")
        mode = rules.get("teams.mode")
        if mode not in (PARTNERS, ALONE):
            problems.append(f"teams.mode: {PARTNERS!r} or {ALONE!r}, not {mode!r}")
        if mode == PARTNERS and rules.player_counts != [4]:
            problems.append("players: partnerships need exactly four players")
        if rules.get("trump.all_pass") not in ("dealer_chooses", "redeal"):
            problems.append("trump.all_pass: 'dealer_chooses' or 'redeal'")
        if rules.get("options.trump_choice.choices") and not set(
            rules.get("options.trump_choice.choices")
        ) <= set(METHODS):
            problems.append(f"options.trump_choice.choices: known methods are {', '.join(METHODS)}")
        for table in ("roem.runs", "roem.tally", "declarations.runs"):
            value = rules.get(table)
            if table.startswith("declarations") and value is None:
                continue
            if not isinstance(value, Mapping) or not value:
                problems.append(f"{table}: missing table")
        order = rules.get("roem.sequence_order")
        if not isinstance(order, list) or sorted(order) != sorted(rules.deck.ranks):
            problems.append("roem.sequence_order: must list every rank of the deck once")
        if rules.get("talon"):
            size, discard = rules.get("talon.size"), rules.get("talon.discard")
            if not isinstance(size, int) or not isinstance(discard, int) or discard != size:
                problems.append(
                    "talon.discard: the trump maker lays away as many cards as the talon holds"
                )
            for count in rules.player_counts:
                if rules.hand_size * count + (size or 0) != len(rules.deck):
                    problems.append("talon.size: the deal and the talon must use the whole deck")
        if rules.get("kraak"):
            problems += whole_numbers(rules, ["kraak.multiplier"])
            if not kraak_levels(rules):
                problems.append("kraak.levels: list the challenges in order")
        if rules.get("declarations"):
            problems += whole_numbers(
                rules,
                ("declarations.four_of_a_kind", "declarations.four_jacks", "declarations.stuk"),
            )
            if sorted(rules.get("declarations.suit_order") or []) != sorted(rules.deck.suits):
                problems.append("declarations.suit_order: must list every suit once")
        try:
            four_of_a_kind_ranks(rules)
        except ScorekeeperError as exc:
            problems.append(exc.message)
        return problems

    def cards_in_play(self, hand: Hand) -> Counter[Card] | None:
        expected = Counter(hand.rules.deck.counts)
        game = hand.game
        if isinstance(game, KlaverjassenHand):
            expected.subtract(game.discards)
            if game.talon_size and not game.discards:
                return None
        return +expected

    def match_over(self, match: Match) -> str | None:
        played = [mh for mh in match.hands if mh.result is not None and not mh.result.redeal]
        need = int(match.rules.require("match.hands"))
        if len(played) < need:
            return None
        sides = side_names(match.rules, match.players)
        totals = match.totals()
        by_side = {s: totals[members[0]] for s, members in sides.items()}
        best = max(by_side.values())
        top = [s for s, v in by_side.items() if v == best]
        standing = ", ".join(f"{s} {v}" for s, v in by_side.items())
        if len(top) > 1:
            return f"{need} hands played: {standing}; a draw"
        return (
            f"{need} hands played: {standing}; {top[0]} win{'s' if len(sides[top[0]]) == 1 else ''}"
        )

    # -- quick entry
    def quick_keys(self) -> dict[str, QuickKey]:
        return {
            "playing": QuickKey(
                "word", "the playing team: one of its players (the trump maker) or team1 / team2"
            ),
            "trump": QuickKey(
                "word", "the trump suit: hearts, diamonds, clubs, spades (or H D C S)"
            ),
            "points": QuickKey(
                "int", "the playing team's card points with the last trick, 0 to 162"
            ),
            "roem": QuickKey("int", "the roem the playing team counts (0 if declined)"),
            "roem_other": QuickKey("int", "the roem the other team counts (0 if declined)"),
            "points_of": QuickKey(
                "list",
                "three players: each player's card points as Name:points (last trick and discards included)",
            ),
            "roem_of": QuickKey("list", "three players: each player's counted roem as Name:points"),
            "all_tricks": QuickKey(
                "bool",
                "false when a side has all 162 card points without having taken every trick",
            ),
            "revoke": QuickKey("word", "a player of the side that revoked (or team1 / team2)"),
            "kraak": QuickKey(
                "word", "Wilde Boom: the last challenge, kraak, rekraak or superkraak"
            ),
            "redeal": QuickKey("bool", "true when everybody passed and the cards were thrown in"),
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
        return QuickHand(rules, list(table), facts, actions).result()


class QuickHand:
    """A hand read from the score sheet's facts, checked, and turned into ``Facts``."""

    def __init__(
        self,
        rules: Ruleset,
        table: list[str],
        facts: Mapping[str, Any],
        actions: Sequence[Action],
    ) -> None:
        self.rules = rules
        self.table = table
        self.given = dict(facts)
        self.actions = list(actions)
        self.sides = side_names(rules, table)
        self.partners = rules.get("teams.mode") == PARTNERS
        four_of_a_kind_ranks(rules)

    def refuse(self, key: str, message: str, rule: str = "quick") -> IllegalActionError:
        return IllegalActionError(f"quick: {message}", rule=rule, where=f"quick.{key}")

    def _side(self, key: str, text: Any) -> tuple[str, str | None]:
        """(side, player or None) for a player name or team1/team2."""
        word = str(text).strip()
        if self.partners and word.lower() in TEAM_KEYS:
            side = list(self.sides)[TEAM_KEYS.index(word.lower())]
            return side, None
        player = self._player(key, word)
        return side_of(self.sides, player), player

    def _player(self, key: str, word: str) -> str:
        matches = [p for p in self.table if p == word] or [
            p for p in self.table if p.lower() == word.lower()
        ]
        if len(matches) != 1:
            teams = " or team1 / team2" if self.partners else ""
            raise self.refuse(
                key,
                f"{key} {word!r} is not a player here ({', '.join(self.table)}{teams})",
                "teams",
            )
        return matches[0]

    def _int(self, key: str, value: Any, low: int, high: int, rule: str) -> int:
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise self.refuse(
                    key, f"{key} must be a whole number, not {value!r}", rule
                ) from None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.refuse(key, f"{key} must be a whole number from {low} to {high}", rule)
        return value

    def _roem_amount(self, key: str, value: Any) -> int:
        amount = self._int(key, value, 0, 10_000, "roem")
        if amount % 10 or tally(self.rules, amount) is None:
            raise self.refuse(
                key,
                f"{key} {amount}: no set of roem adds up to that (roem comes as 20, 50, 100, 200 "
                "and their sums)",
                "roem",
            )
        return amount

    def _per_player(self, key: str, value: Any) -> dict[str, str]:
        entries = value if isinstance(value, list) else [value]
        out: dict[str, str] = {}
        for entry in entries:
            name, sep, amount = str(entry).partition(":")
            if not sep:
                raise self.refuse(key, f"{key}: write each entry as Name:points, not {entry!r}")
            player = self._player(key, name.strip())
            if player in out:
                raise self.refuse(key, f"{key}: {player} is named twice")
            out[player] = amount.strip()
        return out

    def result(self) -> HandResult:
        rules, given = self.rules, self.given
        keys = Klaverjassen().quick_keys()
        unknown = sorted(set(given) - set(keys))
        if unknown:
            raise self.refuse(unknown[0], f"unknown key {unknown[0]!r}; keys: {', '.join(keys)}")
        wrong = ("points_of", "roem_of") if self.partners else ("points", "roem", "roem_other")
        for key in wrong:
            if key in given:
                instead = "points, roem, roem_other" if self.partners else "points_of, roem_of"
                raise self.refuse(key, f"{key} is not used by {rules.name}; use {instead}")
        if given.get("redeal"):
            if rules.get("trump.all_pass") != "redeal":
                raise self.refuse(
                    "redeal",
                    f"in {rules.name} the dealer must choose trump when all pass",
                    "trump.all_pass",
                )
            return redeal_result(
                self.table, "everybody passed: the same dealer deals again", "trump.all_pass"
            )
        if "playing" not in given:
            raise self.refuse(
                "playing", "playing must name the trump maker (or team1 / team2)", "teams"
            )
        playing, maker = self._side("playing", given["playing"])
        if "trump" not in given:
            raise self.refuse("trump", "trump must name the trump suit", "trump")
        try:
            trump = parse_suit(rules, str(given["trump"]), "quick")
        except IllegalActionError as exc:
            raise self.refuse("trump", exc.message.removeprefix("quick: "), "trump") from None
        total = hand_total(rules)
        sides = self.sides
        points: dict[str, int] = {}
        roem_amounts: dict[str, int] = {}
        if self.partners:
            if "points" not in given:
                raise self.refuse(
                    "points",
                    f"points must give the playing team's card points, 0 to {total}",
                    "card_points.total",
                )
            mine = self._int("points", given["points"], 0, total, "card_points.total")
            other = next(s for s in sides if s != playing)
            points = {playing: mine, other: total - mine}
            roem_amounts = {
                playing: self._roem_amount("roem", given.get("roem", 0)),
                other: self._roem_amount("roem_other", given.get("roem_other", 0)),
            }
        else:
            given_points = self._per_player("points_of", given.get("points_of", []))
            missing = [p for p in self.table if p not in given_points]
            for p, text in given_points.items():
                points[p] = self._int("points_of", text, 0, total, "card_points.total")
            if len(missing) > 1:
                raise self.refuse(
                    "points_of",
                    f"points_of must give every player's card points (at most one left out); "
                    f"missing {', '.join(missing)}",
                    "card_points.total",
                )
            if missing:
                rest = total - sum(points.values())
                if rest < 0:
                    raise self.refuse(
                        "points_of", f"points_of adds up to more than {total}", "card_points.total"
                    )
                points[missing[0]] = rest
            if sum(points.values()) != total:
                raise self.refuse(
                    "points_of",
                    f"points_of must add up to {total}, not {sum(points.values())}",
                    "card_points.total",
                )
            points = {p: points[p] for p in self.table}
            given_roem = self._per_player("roem_of", given.get("roem_of", []))
            roem_amounts = {
                p: self._roem_amount("roem_of", given_roem.get(p, 0)) for p in self.table
            }
        all_tricks = given.get("all_tricks", True)
        full = [s for s in sides if points[s] == total]
        pit = full[0] if full and all_tricks else None
        if all_tricks is False and not full:
            raise self.refuse(
                "all_tricks",
                f"all_tricks=false only matters when a side has all {total} card points",
            )
        if pit is not None and not rules.get("declarations"):
            for s in sides:
                if s != pit and roem_amounts[s]:
                    raise self.refuse(
                        "roem_other" if self.partners else "roem_of",
                        f"{s} took no trick (all {total} card points went to {pit}), so it has no roem",
                        "roem",
                    )
        revoke = None
        if "revoke" in given:
            revoke, _ = self._side("revoke", given["revoke"])
        kraak = self._kraak(playing)
        roem = {
            s: ([Roem("roem", roem_amounts[s], "roem")] if roem_amounts[s] else []) for s in sides
        }
        return score(
            rules,
            self.table,
            Facts(
                sides={s: list(m) for s, m in sides.items()},
                playing=playing,
                trump=trump,
                points=points,
                roem=roem,
                pit=pit,
                kraak=kraak,
                revoke=revoke,
                maker=maker,
            ),
        )

    def _kraak(self, playing: str) -> int:
        rules = self.rules
        levels = kraak_levels(rules)
        said = 0
        for action in self.actions:
            verb = kraak_word(rules, action.verb)
            if not levels or verb not in levels:
                known = (
                    f"; only the challenges {', '.join(levels)} are actions here" if levels else ""
                )
                raise IllegalActionError(
                    f"{action}: quick entry takes the facts as keys{known}; declined roem is "
                    "simply left out of roem",
                    rule="quick",
                )
            if levels.index(verb) != said:
                raise IllegalActionError(
                    f"{action}: the next challenge is {levels[said] if said < len(levels) else 'none'}",
                    rule="kraak",
                )
            mine = side_of(self.sides, action.actor)
            if (mine == playing) != (said % 2 == 1):
                raise IllegalActionError(
                    f"{action}: {verb} is said by "
                    + ("the playing team" if said % 2 else "the opponents of the playing team"),
                    rule="kraak",
                )
            said += 1
        if "kraak" in self.given:
            word = kraak_word(rules, str(self.given["kraak"]))
            if word in ("none", "0", ""):
                level = 0
            elif word in levels:
                level = levels.index(word) + 1
            else:
                raise self.refuse(
                    "kraak",
                    f"kraak must be one of {', '.join(levels)}"
                    if levels
                    else f"{rules.name} has no challenges",
                    "kraak",
                )
            if self.actions and level != said:
                raise self.refuse(
                    "kraak", "kraak disagrees with the challenges given as actions", "kraak"
                )
            said = level
        return said


FAMILY = Klaverjassen()
