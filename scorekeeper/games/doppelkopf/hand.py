"""One Doppelkopf hand as a state machine: who is Re, the declarations before play, the
announcements and their windows, the wedding's clarification trick, piglets' card duty.

The declarations' checks and effects are in ``declarations``, the score sheet of the finished hand in ``sheet`` and its value in
``scoring``; this module holds the state they share and the order of play, and the announcement chain
(``Chain``), which full and quick entry share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.actions import Action
from scorekeeper.caches import Cache, cache
from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.games import GameHand
from scorekeeper.games.doppelkopf.declarations import (
    apply_declaration,
    verify_declaration,
)
from scorekeeper.games.doppelkopf.legal import legal_actions
from scorekeeper.games.doppelkopf.notation import (
    DECLARATIONS,
    Announce,
    DoppelkopfAction,
    no,
    read,
    tell,
)
from scorekeeper.games.doppelkopf.records import CONTRA, RE, SIDES, Announcement, other, side_word
from scorekeeper.games.doppelkopf.rounds import bock_level
from scorekeeper.games.doppelkopf.rules import make_contract, options, promises, spec
from scorekeeper.games.doppelkopf.scoring import score
from scorekeeper.games.doppelkopf.sheet import hand_facts, sheet_summary
from scorekeeper.reasons import Reason, because
from scorekeeper.result import HandResult, redeal_result

if TYPE_CHECKING:
    from scorekeeper.games.doppelkopf.game import Sides
    from scorekeeper.hand import Hand, Play, Trick
    from scorekeeper.rules import Ruleset

_UNREAD = object()  # an action not read yet


# Is an announcement kind still open for a side: (open?, the window as a reason).
Window = Callable[[str], tuple[bool, Reason]]


class Chain:
    """What the sides announced so far, in order, implied levels included."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.levels = promises(rules)
        self.skip_levels = spec(rules).announcements.skip_levels
        self.said: list[Announcement] = []

    def kinds(self, side: str) -> set[str]:
        return {a.kind for a in self.said if a.side == side}

    def verify(self, label: str, kind: str, side: str, still_open: Window | None = None) -> None:
        """Refuse ``kind`` for ``side`` if the chain forbids it (``label``: the action)."""
        mine = [a for a in self.said if a.side == side]
        words = side_word(side, self.rules)
        first = next((a for a in mine if a.kind == kind), None)
        if first is not None:
            rule = f"announcements.window.{kind}"
            no(label, "announce.again", rule, side=words, kind=kind, player=first.player)
        if kind not in self.levels:
            return
        if not any(a.kind == side for a in mine):
            no(label, "announce.promise_needs_side", "announcements.promise", kind=kind, side=words)
        missing = self.skipped(kind, side)
        if missing and not self.skip_levels:
            no(label, "announce.skip", "announcements.skip_levels", kind=kind, missing=missing[0])
        for k in missing if still_open else ():
            open_, window = still_open(k)  # type: ignore[misc]
            if not open_:
                no(
                    label,
                    "announce.skip_closed",
                    f"announcements.window.{k}",
                    missing=k,
                    window=window,
                )

    def skipped(self, kind: str, side: str) -> list[str]:
        """The levels below ``kind`` that ``side`` has not announced."""
        if kind not in self.levels:
            return []
        mine = self.kinds(side)
        return [k for k in self.levels[: self.levels.index(kind)] if k not in mine]

    def add(self, player: str, kind: str, side: str, cards_on_table: int = 0) -> None:
        """Record ``kind`` for ``side``, with every level it skips over as implied."""
        for k in self.skipped(kind, side):
            self.said.append(
                Announcement(player, k, side, implied=True, cards_on_table=cards_on_table)
            )
        self.said.append(Announcement(player, kind, side, cards_on_table=cards_on_table))


class DoppelkopfHand(GameHand):
    verbs = ("re", "contra", "no90", "no60", "no30", "black", *DECLARATIONS)
    shared = GameHand.shared | {"_read", "levels", "aliases", "_queens"}  # read only, or by deal

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.chain = Chain(self.rules)
        self.levels = self.chain.levels
        kept = _KEPT.get(id(self.rules)) or _kept(self.rules)
        self.spec, self.opts = kept.spec, kept.opts
        self.queen, self.fox, self.charlie = kept.queen, kept.fox, kept.charlie
        self.piglet, self.nine = kept.piglet, kept.nine
        self._read: dict[tuple[Any, ...], DoppelkopfAction | None] = kept.said  # see _said
        self.aliases = self.spec.announcements.aliases
        self.wedding: str | None = None
        self.piglets: str | None = None
        self.poverty: str | None = None
        self.poverty_passed: list[Card] = []
        self.poverty_count = 0
        self.poverty_partner: str | None = None
        self.poverty_returned: str | None = None
        self.redeal: Reason | None = None  # why the hand is dealt again
        self.partner: str | None = None  # the wedding partner, once found
        self.clarified_in: int | None = None  # trick that decided the wedding
        self.qc_plays: list[str] = []
        self.solo: str | None = None  # the solo's name, e.g. "queens"
        self.soloist: str | None = None
        self.obligatory = False
        # Bock rounds only where the option is on (bock_level reads it too, after the
        # options are looked up again: asked here for every hand)
        self.bock = (
            bock_level(self.rules, self.hand.table, self.hand.context) if self.opts.bock else 0
        )
        self._contract = make_contract(self.rules)
        # piglets are announced with the first ace of diamonds played, not before play:
        # the rule set's, asked at every card
        self.piglets_late = self.opts.piglets_announce == "on_first_play"
        self._queens: tuple[dict[str, list[Card]], dict[str, int]] | None = None

    @property
    def announcements(self) -> list[Announcement]:
        """What the sides announced so far, implied levels included."""
        return self.chain.said

    # -- the contract in force
    def remake_contract(self) -> None:
        self._contract = make_contract(self.rules, self.solo, bool(self.piglets))

    def contract(self) -> Contract:
        return self._contract

    # -- who is on which side
    def _fixed(self, qc: Sequence[str]) -> tuple[set[str] | None, set[str]]:
        """The Re players when settled (else None), and those known to be Re so far."""
        if self.soloist:
            return {self.soloist}, set()
        if self.poverty and self.poverty_partner:
            return {self.poverty, self.poverty_partner}, set()
        if self.wedding:
            if self.clarified_in is None:
                return None, {self.wedding}
            return {self.wedding} | ({self.partner} if self.partner else set()), set()
        if self.hand.dealt is not None:
            return {p for p, n in self._queens_dealt().items() if n}, set()
        if len(qc) >= 2:
            return set(qc), set()
        return None, set(qc)

    def _settled_against(self, player: str, fixed: set[str]) -> Reason:
        """Why ``player``'s claim goes against settled sides: by the solo, by the
        poverty or wedding's pair, or by the queens of clubs."""
        why = "with" if player in fixed else "against"
        if self.soloist:
            return because(
                f"doppelkopf.sides.{why}_soloist", "teams", player=player, soloist=self.soloist
            )
        if self.poverty or self.wedding:
            others = sorted(fixed - {player}) if player in fixed else sorted(fixed)
            return because(f"doppelkopf.sides.{why}_pair", "teams", player=player, players=others)
        return because(f"doppelkopf.sides.{why}_queens", "teams", player=player)

    def sides(
        self, extra_claims: Sequence[tuple[str, str]] = (), extra_qc: Sequence[str] = ()
    ) -> Sides:
        """(Re players known, Contra players known, complete?, contradiction or None)."""
        claims = [(a.player, a.side) for a in self.announcements if not a.implied]
        if extra_claims:
            claims += extra_claims
        fixed, partial = self._fixed([*self.qc_plays, *extra_qc] if extra_qc else self.qc_plays)
        problem = None
        if fixed is not None:
            for player, side in claims:
                if (side == RE) != (player in fixed):
                    problem = self._settled_against(player, fixed)
                    break
            # _fixed makes its set anew: the caller's to keep
            return fixed, set(self.hand.players) - fixed, True, problem
        re = partial | {p for p, side in claims if side == RE}
        contra = {p for p, side in claims if side == CONTRA}
        if both := re & contra:
            problem = because("doppelkopf.sides.both", "teams", player=sorted(both)[0])
        elif len(re) > 2:
            problem = because("doppelkopf.sides.too_many_re", "teams", players=sorted(re))
        elif len(contra) > 3:
            problem = because("doppelkopf.sides.all_contra", "teams")
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
        dealt = self.hand.dealt is not None
        counts = self._queens_dealt() if dealt else Counter(self.qc_plays)
        return next((p for p, n in counts.items() if n == 2), None)

    def _queens_dealt(self) -> dict[str, int]:
        """How many queens of the teams each player was dealt (the deal recorded): the
        sides and the player alone are asked at every announcement and at the end, and
        the deal never changes, so they are counted once per deal."""
        dealt = self.hand.dealt
        assert dealt is not None
        kept = self._queens
        if kept is None or kept[0] is not dealt:
            counts = {p: cards.count(self.queen) for p, cards in dealt.items()}
            kept = self._queens = (dealt, counts)
        return kept[1]

    def left_of(self, player: str) -> str:
        ps = self.hand.players
        return ps[(ps.index(player) + 1) % len(ps)]

    # -- actions
    def _said(self, action: Action) -> DoppelkopfAction | None:
        """The typed action (``notation.read``): read once per rule set and action, as both
        are immutable and a match says the same few hundred things (checked, then applied)."""
        # by its fields (an Action's own hash is a Python function: slower)
        same = (action.actor, action.verb, action.card, action.args)
        said = self._read.get(same, _UNREAD)
        if said is _UNREAD:
            said = read(action, self.aliases, self.levels)
            if len(self._read) < 4096:
                self._read[same] = said
        return said  # type: ignore[return-value]

    def verify_action(self, action: Action) -> None:
        said = self._said(action)
        if said is None:
            super().verify_action(action)
            return
        if action.actor not in self.hand.players:
            no(action, "sits_out", "match.sit_out", player=action.actor)
        if isinstance(said, Announce):
            self._verify_announcement(action, said)
        else:
            verify_declaration(self, said)

    def apply_action(self, action: Action) -> list[str]:
        said = self._said(action)
        if isinstance(said, Announce):
            return self._apply_announcement(action, said)
        assert said is not None
        return apply_declaration(self, said)

    def legal_actions(self) -> list[Action]:
        """Every declaration and announcement allowed now (see ``legal.legal_actions``)."""
        return legal_actions(self)

    # announcements
    def side_for(self, action: Action, said: Announce) -> str:
        """The side an announcement speaks for: its own word, the side named, or known."""
        if said.kind in SIDES:
            return said.kind
        if said.side:
            return said.side
        known = self.side_of(action.actor)
        if known:
            return known
        spoken = {a.side for a in self.announcements if a.kind in SIDES}
        if len(spoken) == 1:
            return spoken.pop()
        no(action, "announce.side_unknown", "announcements", player=action.actor, verb=action.verb)

    def announcing_barred(self) -> tuple[str, str] | None:
        """What bars every announcement now (its reason's key and rule), or None: a hand
        to be dealt again, a poverty not yet taken, a wedding not yet clarified."""
        if self.redeal:
            return "announce.redeal", "announcements"
        if self.poverty and not self.poverty_partner:
            return "announce.poverty_open", "options.poverty"
        if self.wedding and self.clarified_in is None:
            return "announce.wedding_open", "teams.wedding_tricks"
        return None

    def window_limit(self, kind: str, side: str, player: str) -> tuple[bool, Reason]:
        """Is the announcement still open, and the window (a reason: its words say it)."""
        h = self.hand
        rules = self.spec.announcements
        window = rules.window[kind]
        delay = max(0, (self.clarified_in or 1) - 1) if self.wedding else 0
        reply = 0
        if kind in SIDES:
            said = {a.kind for a in self.announcements}
            if other(kind) in said and kind not in said:
                reply = rules.reply_extra_cards
        if rules.counted_by == "cards_in_hand":
            need = window - delay - reply
            have = h.cards_in_hand(player)
            words = because(
                "doppelkopf.window.cards_in_hand", None, need=need, player=player, have=have
            )
            return have >= need, words
        limit = window + delay * len(h.players) + reply
        played = h.cards_played
        words = because("doppelkopf.window.cards_on_table", None, limit=limit, played=played)
        return played < limit, words

    def _verify_announcement(self, action: Action, said: Announce) -> None:
        player, kind = action.actor, said.kind
        barred = self.announcing_barred()
        if barred is not None:
            no(action, *barred)
        side = self.side_for(action, said)
        ok, window = self.window_limit(kind, side, player)
        if not ok:
            no(
                action,
                "announce.too_late",
                f"announcements.window.{kind}",
                kind=kind,
                window=window,
            )
        *_, problem = self.sides(extra_claims=[(player, side)])
        if problem:
            words = side_word(side, self.rules)
            no(action, "announce.wrong_side", "teams", player=player, side=words, problem=problem)
        self.chain.verify(str(action), kind, side, lambda k: self.window_limit(k, side, player))

    def _apply_announcement(self, action: Action, said: Announce) -> list[str]:
        side = self.side_for(action, said)
        self.chain.add(action.actor, said.kind, side, self.hand.cards_played)
        if self.hand.quiet:
            return []  # a replay's words are not told
        return [
            tell("announce", player=action.actor, kind=said.kind, side=side_word(side, self.rules))
        ]

    # -- play
    def first_leader(self) -> str:
        if self.obligatory and self.soloist and self.spec.solos_rules.obligatory_leads:
            return self.soloist
        return super().first_leader()

    def ready_to_play(self) -> bool:
        if self.redeal:
            return False
        return not (self.poverty and not self.poverty_partner)

    def why_not_ready(self) -> str:
        if self.redeal:
            return tell("not_ready.redeal", why=self.redeal)
        return tell("not_ready.poverty", poor=self.poverty)

    def not_ready_rule(self) -> str:
        return self.redeal.rule or "options.poverty" if self.redeal else "options.poverty"

    def verify_play(self, action: Action) -> None:
        card = action.card
        self._verify_not_held(action)
        # with the deal the sides are the dealt queens' from the start and every
        # announcement was checked against them: a queen played proves nothing new
        if (
            card == self.queen
            and self.hand.dealt is None
            and not self.wedding
            and not self.poverty
            and not self.solo
        ):
            _, _, _, problem = self.sides(extra_qc=[action.actor])
            if problem:
                no(action, "play.contradicts", "teams", problem=problem)
        if not self.piglets_late:
            return
        if self.piglets is None and self.opts.piglets and self.hand.dealt is not None:
            return
        if self.piglets == action.actor:
            announced_at = next(
                (i for i, a in enumerate(self.hand.history) if a.verb == "piglets"), None
            )
            if announced_at == len(self.hand.history) - 1 and card != self.piglet:
                no(action, "piglets.play_ace", "options.piglets_announce", player=action.actor)

    def _verify_not_held(self, action: Action) -> None:
        """A wedding and piglets say who holds both copies of their card: no one else
        plays one."""
        card, actor = action.card, action.actor
        if card == self.queen and self.wedding and actor != self.wedding:
            no(action, "wedding.queens_held", "declarations.wedding", player=self.wedding)
        if card == self.piglet and self.piglets and actor != self.piglets:
            no(action, "piglets.aces_held", "options.piglets", player=self.piglets)

    def on_play(self, play: Play) -> list[str]:
        if play.card == self.queen and self.hand.dealt is None:  # read only without the deal
            self.qc_plays.append(play.player)
        return []

    def on_trick(self, trick: Trick) -> list[str]:
        if self.hand.quiet and not self.wedding:
            return []  # nothing to decide, nothing told (a replay's tricks)
        messages = self._wedding_clarified(trick)
        if self.hand.quiet:
            return []
        told = tell(
            "trick",
            number=trick.number,
            winner=trick.winner,
            points=trick.points,
            reason=trick.reason,
        )
        return [told, *messages]

    def _wedding_clarified(self, trick: Trick) -> list[str]:
        """Whether this trick decides the wedding (and what is said about it)."""
        messages: list[str] = []
        if self.wedding and self.clarified_in is None:
            if trick.winner != self.wedding:
                self.partner = trick.winner
                self.clarified_in = trick.number
                messages.append(
                    tell(
                        "wedding.partner",
                        partner=self.partner,
                        number=trick.number,
                        wedding=self.wedding,
                    )
                )
            elif trick.number >= self.spec.teams.wedding_tricks:
                self.clarified_in = trick.number
                messages.append(tell("wedding.alone", wedding=self.wedding, number=trick.number))
        return messages

    def is_over(self) -> bool:
        hand = self.hand
        return self.redeal is not None or hand.tricks_done == hand.tricks_per_hand

    # -- result
    def result(self) -> HandResult:
        if self.redeal:
            return redeal_result(
                self.hand.table,
                tell("new_deal", why=self.redeal),
                self.redeal.rule or "options.poverty",
            )
        return score(self.rules, self.hand.table, hand_facts(self))

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand."""
        if self.redeal:
            return {"redeal": True}
        return sheet_summary(hand_facts(self))


class RulesRead:
    """What every hand of a rule set reads of it, made once per rule set: the typed rules
    and options, the cards the rules name (the queen that makes the teams, the fox, the
    charlie, the piglet, the rank of the five nines), and the typed actions read so far
    (``DoppelkopfHand._said``)."""

    __slots__ = ("charlie", "fox", "nine", "opts", "piglet", "queen", "rules", "said", "spec")

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules  # kept alive: the cache is keyed by its id
        rs = self.spec = spec(rules)
        self.opts = options(rules)
        self.queen = Card.parse(rs.teams.queen)
        self.fox = Card.parse(rs.extras.fox_card)
        self.charlie = Card.parse(rs.extras.charlie_card)
        self.piglet = rs.option_card("piglets")
        self.nine = rs.option_rank("five_nines")
        self.said: dict[tuple[Any, ...], DoppelkopfAction | None] = {}


_KEPT: Cache[int, RulesRead] = cache("doppelkopf.rules_read", "id(rules)", 64)


def _kept(rules: Ruleset) -> RulesRead:
    """What every hand of ``rules`` reads of it, made and kept."""
    return _KEPT.put(id(rules), RulesRead(rules))
