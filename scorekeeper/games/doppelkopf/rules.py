"""Doppelkopf's typed rule set: the tables its rule sets hold, checked once at the door,
the options the mechanics read (``DoppelkopfOptions``), and what they make of a game.

``spec(rules)`` is the rule set in force as a ``DoppelkopfRules`` record;
``options(rules)`` the option values in force as a ``DoppelkopfOptions`` record. The
mechanics read nothing else. ``promises(rules)`` are its promise levels in order, and
``make_contract`` the contract of a normal game or a solo with the options that move or
re-rank particular trumps (piglets, the second ten of hearts, the second Charlie).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar, Literal, cast

from scorekeeper.caches import Cache, cache
from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.errors import CardError, RulesetError
from scorekeeper.reasons import because
from scorekeeper.record import record
from scorekeeper.rules.schema import CommonRules, Explained, Match, Problem, Section, key, said

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset

SIDES = ("re", "contra")


def _card_problem(code: str) -> str | None:
    try:
        Card.parse(code)
    except CardError:
        return said("rules.trump_unknown", card=code)
    return None


@record(frozen=True, kw_only=True)
class Teams(Explained):
    queen: str = key(help="the card whose two holders form Re")
    wedding_tricks: int = key(min=1, help="the tricks in which a wedding finds its partner")
    unclarified_wedding_solo: str | None = key(
        default=None, help="the solo a wedding without partner becomes (a key of [solos])"
    )

    def problems(self) -> Iterable[Problem]:
        if problem := _card_problem(self.queen):
            yield "queen", problem


@record(frozen=True, kw_only=True)
class Declarations(Explained):
    wedding: Literal["before_play"] = key(help="when a wedding is declared")


@record(frozen=True, kw_only=True)
class Promise(Section):
    below: int = key(min=0, help="the other side stays below this many card points")
    target: int = key(min=0, help="the card points the promising side then needs")
    against: int | None = key(
        default=None, min=0, help="card points that score a point against the promise"
    )


@record(frozen=True, kw_only=True)
class Announcements(Explained):
    counted_by: Literal["cards_on_table", "cards_in_hand"] = key(
        help="how an announcement's last moment is counted"
    )
    skip_levels: bool = key(help="a promise may skip levels still open")
    reply_extra_cards: int = key(min=0, help="how much later a reply to Re or Contra may come")
    window: Mapping[str, int] = key(help="each announcement's last moment")
    promise: Mapping[str, Promise] = key(help="what each promise claims")
    names: Mapping[str, str] = key(default={}, help="the sides' names (Kontra)")
    aliases: Mapping[str, str] = key(default={}, help="other words for the announcements")

    def problems(self) -> Iterable[Problem]:
        for kind in (*SIDES, *self.promise):
            if kind not in self.window:
                yield f"window.{kind}", said("rules.points_missing")

    def levels(self) -> list[str]:
        """The promise levels, weakest first (no90, no60, no30, black)."""
        return sorted(self.promise, key=lambda k: self.promise[k].target)

    def side_name(self, side: str) -> str:
        return self.names.get(side, side.capitalize())


# The [scoring] numbers each style needs, beyond the ones both need.
STYLE_KEYS = {
    "additive": ("announced", "promise_said", "against_promise"),
    "multiplied": (
        "against_the_queens",
        "promise_made",
        "promise_failed",
        "promise_failed_threshold",
        "announcement_multiplier",
    ),
}


@record(frozen=True, kw_only=True)
class Scoring(Explained):
    style: Literal["multiplied", "additive"] = key(help="how the items of the value combine")
    re_needs: int = key(min=0, help="card points Re needs to win")
    contra_needs: int = key(min=0, help="card points Contra needs to win")
    contra_only_flips_tie: bool = key(help="only Contra said: Re wins with Contra's target")
    won: int = key(help="points for winning")
    loser_thresholds: tuple[int, ...] = key(help="card points the losers may stay under")
    black: int = key(help="points for losers that are black")
    lone_factor: int = key(min=1, help="how many times a player alone scores the value")
    against_the_queens: int | None = key(default=None, help="Contra won against the queens")
    promise_made: int | None = key(default=None, help="a promise announced and made")
    promise_failed: int | None = key(default=None, help="the losers' promise failed")
    promise_failed_threshold: int | None = key(default=None, help="its threshold")
    announcement_multiplier: int | None = key(default=None, help="for each Re or Contra said")
    announced: int | None = key(default=None, help="for each Re or Kontra said")
    promise_said: int | None = key(default=None, help="for each promise of either side")
    against_promise: int | None = key(default=None, help="reached against a promise")
    clauses: Mapping[str, str] = key(default={}, help="where each rule comes from")

    def problems(self) -> Iterable[Problem]:
        for name in STYLE_KEYS[self.style]:
            if getattr(self, name) is None:
                yield name, said("rules.points_missing")

    def number(self, name: str) -> int:
        """A number the style needs (present: ``problems`` checked it)."""
        value = getattr(self, name)
        assert isinstance(value, int)
        return value


@record(frozen=True, kw_only=True)
class Extras(Explained):
    fox_card: str = key(help="the fox: caught from the other side, an extra point")
    charlie_card: str = key(help="Charlie: taking the last trick, an extra point")
    doppelkopf_min: int = key(min=0, help="card points of a Doppelkopf trick")
    doppelkopf: int = key(help="a Doppelkopf trick's worth")
    fox: int = key(help="a fox's worth")
    charlie: int = key(help="Charlie's worth")
    second_charlie: int = key(help="the second Charlie's worth")
    charlie_captured: int = key(help="a Charlie captured")
    against_the_queens: int | None = key(default=None, help="Contra winning against the queens")

    def problems(self) -> Iterable[Problem]:
        for name in ("fox_card", "charlie_card"):
            if problem := _card_problem(getattr(self, name)):
                yield name, problem

    def worth(self, kind: str) -> int:
        """An extra point's worth by the name a score sheet gives it (charlie2...)."""
        return int(getattr(self, {"charlie2": "second_charlie"}.get(kind, kind)))


@record(frozen=True, kw_only=True)
class DoppelkopfMatch(Match):
    games: Mapping[str, int] = key(default={}, help="games in a round, per table size")


@record(frozen=True, kw_only=True)
class SoloSpec(Section):
    contract: str = key(help="the contract of [contracts] it is played with")
    trump: str | None = key(default=None, help="the trump suit of a suit solo")
    name: str = key(help="the solo's name")


@record(frozen=True, kw_only=True)
class SolosRules(Explained):
    obligatory_leads: bool = key(help="the soloist of an obligatory solo leads")


@record(frozen=True, kw_only=True)
class DoppelkopfRules(CommonRules):
    strict: ClassVar[bool] = True
    option_params: ClassVar[frozenset[str]] = frozenset({"card", "rank", "new"})

    teams: Teams
    declarations: Declarations
    announcements: Announcements
    scoring: Scoring
    extras: Extras
    match: DoppelkopfMatch
    solos: Mapping[str, SoloSpec] = key(default={})
    solos_rules: SolosRules
    revoke: Explained = key(default=Explained())
    actions: Explained = key(default=Explained())
    quick: Explained = key(default=Explained())

    def problems(self) -> Iterable[Problem]:
        yield from super().problems()
        for name, solo in self.solos.items():
            if solo.contract not in self.contracts:
                yield f"solos.{name}", because("doppelkopf.rules.solo_contract").worded()
        becomes = self.teams.unclarified_wedding_solo
        if becomes is not None and becomes not in self.solos:
            yield (
                "teams.unclarified_wedding_solo",
                because("doppelkopf.rules.not_a_solo", solo=becomes).worded(),
            )
        for name, param in (
            ("second_ten_of_hearts_beats_first", "card"),
            ("piglets", "card"),
            ("five_nines", "rank"),
        ):
            if name in self.options and param not in self.options[name].params:
                yield f"options.{name}.{param}", said("rules.missing_key")

        yield from self._bound_problems()

    def _bound_problems(self) -> Iterable[Problem]:
        """Numbers no hand of this deck can reach: card points beyond the deck's total,
        announcement moments beyond the cards of a hand, a table the deck cannot deal."""
        total, deck = self.card_points.total, self.deck
        cards = len(deck.ranks) * len(deck.suits) * deck.copies
        hand = self.deal.hand_size
        for at, value in (
            ("scoring.re_needs", self.scoring.re_needs),
            ("scoring.contra_needs", self.scoring.contra_needs),
            ("extras.doppelkopf_min", self.extras.doppelkopf_min),
            *(
                (f"scoring.loser_thresholds.{i}", v)
                for i, v in enumerate(self.scoring.loser_thresholds)
            ),
            *(
                (f"announcements.promise.{k}.target", p.target)
                for k, p in self.announcements.promise.items()
            ),
            *(
                (f"announcements.promise.{k}.below", p.below)
                for k, p in self.announcements.promise.items()
            ),
        ):
            if not 0 <= value <= total:
                yield at, because("doppelkopf.rules.points", total=total, value=value).worded()
        moments = cards if self.announcements.counted_by == "cards_on_table" else hand
        for kind, moment in self.announcements.window.items():
            if not 0 <= moment <= moments:
                yield (
                    f"announcements.window.{kind}",
                    because(
                        "doppelkopf.rules.window",
                        most=moments,
                        counted=self.announcements.counted_by,
                        value=moment,
                    ).worded(),
                )
        yield from self._table_problems(cards, hand)

    def _table_problems(self, cards: int, hand: int) -> Iterable[Problem]:
        """The whole deck is dealt to the players who play; one more may sit out."""
        if cards % hand:
            yield (
                "deal.packets",
                because("doppelkopf.rules.packets", hand=hand, cards=cards).worded(),
            )
            return
        seats = cards // hand
        tricks = self.play.tricks or hand
        if self.teams.wedding_tricks > tricks:
            yield (
                "teams.wedding_tricks",
                because("doppelkopf.rules.wedding_tricks", tricks=tricks).worded(),
            )
        extra = 1 if self.match.sit_out == "dealer" else 0
        for seated in self.players:
            if not seats <= seated <= seats + extra:
                words = dict(seated=seated, hand=hand, cards=cards, seats=seats, more=seats + 1)
                if extra:
                    yield "players", because("doppelkopf.rules.seats_out", **words).worded()
                else:
                    yield "players", because("doppelkopf.rules.seats", **words).worded()

    def option_card(self, name: str) -> Card:
        """The card an option names (``options.piglets.card``)."""
        return Card.parse(str(self.options[name].params["card"]))

    def option_rank(self, name: str) -> str:
        return str(self.options[name].params["rank"])


@record(frozen=True, kw_only=True)
class DoppelkopfOptions(Section):
    """The option values in force, typed."""

    second_ten_of_hearts_beats_first: bool
    black_means: Literal["no_card_points", "no_tricks"]
    fox: bool
    charlie: bool
    charlie_captured: bool
    second_charlie_beats_first: bool
    piglets: bool
    piglets_announce: Literal["before_play", "on_first_play"]
    piglets_in_suit_solos: bool
    poverty: bool
    poverty_max_trumps: int = key(min=0)
    five_nines: bool
    five_nines_count: int = key(min=1)
    doppelkopf_trick: bool
    obligatory_solos: bool
    vorgefuehrt_deals_on: bool = False
    round_games: int = key(default=0, min=0)
    bock: bool
    bock_after_lost_solo: bool
    bock_after_lost_announcement: bool
    revoke_penalty: Literal["hand_lost"]

    def on(self, name: str) -> bool:
        """A yes/no option by name (the extra points' options, say)."""
        return bool(getattr(self, name))


def spec(rules: Ruleset) -> DoppelkopfRules:
    """The rule set in force, typed."""
    return cast(DoppelkopfRules, rules.spec)


def options(rules: Ruleset) -> DoppelkopfOptions:
    """The option values in force, typed (read once per rule set)."""
    return rules.options_as(DoppelkopfOptions)


def option_problems(rules: Ruleset) -> list[str]:
    """The option values in force, typed (bad types and signs refused by the record's
    bounds), then against the deck and the deal: poverty cannot allow more trumps than a
    hand holds, five nines cannot need more nines than a hand or the deck holds."""
    try:
        opts = options(rules)
    except RulesetError as exc:
        return [line.removeprefix(f"{rules.source}: ") for line in exc.message.splitlines()]
    rs, hand = spec(rules), rules.hand_size
    problems = []
    if opts.poverty_max_trumps > hand:
        why = because("doppelkopf.rules.poverty", hand=hand, value=opts.poverty_max_trumps).worded()
        problems.append(f"options.poverty_max_trumps: {why}")
    if "five_nines" in rs.options:
        rank = rs.option_rank("five_nines")
        most = min(hand, sum(n for card, n in rules.deck.counts.items() if card.rank == rank))
        if opts.five_nines_count > most:
            why = because(
                "doppelkopf.rules.nines", most=most, rank=rank, value=opts.five_nines_count
            ).worded()
            problems.append(f"options.five_nines_count: {why}")
    return problems


def promises(rules: Ruleset) -> list[str]:
    """The promise levels, weakest first (no90, no60, no30, black): sorted once per rule
    set and shared (every hand's chain and value ask; only read, never changed)."""
    found = _LEVELS.get(id(rules))
    if found is None:
        found = _LEVELS.put(id(rules), (rules, spec(rules).announcements.levels()))
    return found[1]


_LEVELS: Cache[int, tuple[Ruleset, list[str]]] = cache("doppelkopf.levels", "id(rules)", 64)


_MADE: Cache[int, tuple[Ruleset, dict[tuple[str | None, bool], Contract]]] = cache(
    "doppelkopf.contracts", "id(rules) -> (rules, {(solo, piglets): contract})", 64
)
"""The contracts made of each rule set (the entry keeps the rule set alive, so its id is
not reused while the entry exists)."""


def make_contract(rules: Ruleset, solo: str | None = None, piglets: bool = False) -> Contract:
    """The contract of a normal game or a solo, with the options that change rankings.

    Options that move or re-rank particular trumps apply only where those cards are trumps
    (ruling of 2026-11-23): the second ten of hearts and the second Charlie only where
    the ten of hearts or the jack of clubs is a trump, piglets as ``piglets_refused`` says.
    A contract is immutable: each is made once per rule set and handed out again.
    """
    kept = _MADE.get(id(rules)) or _MADE.put(id(rules), (rules, {}))
    made = kept[1]
    contract = made.get((solo, piglets))
    if contract is None:
        contract = made[solo, piglets] = _make_contract(rules, solo, piglets)
    return contract


def _make_contract(rules: Ruleset, solo: str | None, piglets: bool) -> Contract:
    rs, opts = spec(rules), options(rules)
    if solo:
        solo_spec = rs.solos[solo]
        contract = Contract.from_rules(rules, solo_spec.contract, solo_spec.trump)
        contract = contract.replace(name=solo_spec.name)
    else:
        contract = Contract.from_rules(rules, "normal")
    twice: set[Card] = set()
    twice_last: set[Card] = set()
    reversals: list[tuple[Card, str]] = []
    ten = rs.option_card("second_ten_of_hearts_beats_first")
    if opts.second_ten_of_hearts_beats_first and contract.is_trump(ten):
        twice.add(ten)
        reversals.append((ten, "options.second_ten_of_hearts_beats_first"))
    charlie = Card.parse(rs.extras.charlie_card)
    if opts.second_charlie_beats_first and contract.is_trump(charlie):
        twice_last.add(charlie)
        reversals.append((charlie, "options.second_charlie_beats_first"))
    trumps = contract.trumps
    promoted: tuple[tuple[Card, str], ...] = ()
    if piglets and piglets_refused(rules, contract) is None:
        pig = rs.option_card("piglets")
        trumps = (pig, *(c for c in trumps if c != pig))
        promoted = ((pig, "options.piglets"),)
    return contract.replace(
        trumps=trumps,
        promoted=promoted,
        second_beats_first=frozenset(twice),
        second_beats_first_last_trick=frozenset(twice_last),
        reversal_rules=tuple(reversals),
    )


def piglets_refused(rules: Ruleset, contract: Contract) -> str | None:
    """Why piglets cannot be played in this contract (the rule), or None when they can:
    where the aces of diamonds are trumps (a normal game, a diamonds solo), and in the
    other suit solos with ``piglets_in_suit_solos``; never where no suit is trumps."""
    if contract.is_trump(spec(rules).option_card("piglets")):
        return None
    if contract.trump_suit is not None:
        return None if options(rules).piglets_in_suit_solos else "options.piglets_in_suit_solos"
    return "options.piglets"
