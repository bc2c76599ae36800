"""A match: the table, the dealer's rotation, every hand replayed, and the running totals.

``Match.from_log`` rebuilds a match from its match file; nothing is stored that could be
derived. ``Match.record`` applies one action (or a quick hand) and, only if the engine
accepts it, changes the ``MatchLog`` that the caller then writes: a refused action leaves
the log untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any, Protocol, overload

from scorekeeper import record as rec
from scorekeeper.actions import Action, QuickKey, Surplus, parse_action
from scorekeeper.collector import paused
from scorekeeper.errors import (
    IllegalActionError,
    MatchFileError,
    RulesetError,
    ScorekeeperError,
)
from scorekeeper.hand import FamilyRules, Hand, Outcome
from scorekeeper.matchlog import HandRecord, MatchLog, SourceMap
from scorekeeper.matchlog.files import for_match
from scorekeeper.matchlog.records import describe, name_problem, path_text
from scorekeeper.reasons import because
from scorekeeper.result import HandResult
from scorekeeper.rules import Ruleset


class MatchRules(FamilyRules, Protocol):
    """What a match asks of its game family (``games.Family``) beside what a hand
    asks: who deals next, when the match is over, a quick hand's result and its facts (all
    of them, and those a table is asked), how the seating makes the sides, and the words an
    action holds that the game does not read."""

    def next_dealer(self, match: Match, result: HandResult | None) -> str: ...
    def match_over(self, match: Match) -> str | None: ...
    def score_quick(
        self,
        rules: Ruleset,
        table: Sequence[str],
        dealer: str,
        facts: Mapping[str, Any],
        actions: Sequence[Action],
        context: Mapping[str, object],
    ) -> HandResult: ...
    def quick_keys(self) -> Mapping[str, QuickKey]: ...
    def asked_keys(self, rules: Ruleset) -> Mapping[str, QuickKey]: ...
    def seating(self, rules: Ruleset) -> str | None: ...
    def surplus(self, rules: Ruleset, action: Action) -> Surplus | None: ...


@rec.record
class Results(Sequence[HandResult | None]):
    """The results of the first ``count`` hands of a match, read from its hands as needed
    (what a new hand is told of the match: made in constant time, however long the match)."""

    def __init__(self, hands: Sequence[MatchHand], count: int) -> None:
        self._hands = hands
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> HandResult | None: ...
    @overload
    def __getitem__(self, index: slice) -> list[HandResult | None]: ...
    def __getitem__(self, index: int | slice) -> HandResult | list[HandResult | None] | None:
        if isinstance(index, slice):
            return [mh.result for mh in self._hands[: self._count][index]]
        if not -self._count <= index < self._count:
            raise IndexError(index)
        return self._hands[index % self._count].result

    def __iter__(self) -> Iterator[HandResult | None]:
        for mh in self._hands[: self._count]:
            yield mh.result

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented


@rec.record
class MatchHand:
    """One hand of the match: a full ``Hand`` or a quick entry, with its result once over."""

    number: int
    dealer: str
    hand: Hand | None = None
    quick: dict[str, Any] | None = None
    actions: list[Action] = rec.field(default_factory=list)
    result: HandResult | None = None

    def __init__(
        self,
        number: int,
        dealer: str,
        hand: Hand | None = None,
        quick: dict[str, Any] | None = None,
        actions: list[Action] = rec.NEW,
        result: HandResult | None = None,
    ) -> None:
        # Written out: one per hand. Assigned one by one: a cached hand's properties
        # (session.cache.CachedHand) take its actions and result.
        self.number = number
        self.dealer = dealer
        self.hand = hand
        self.quick = quick
        self.actions = [] if actions is rec.NEW else actions
        self.result = result

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def kind(self) -> str:
        return "quick" if self.quick is not None else "full"

    @property
    def scores(self) -> Mapping[str, int]:
        """What the hand scored for each player (nothing while it is open)."""
        return self.result.scores if self.result is not None else {}

    @property
    def facts(self) -> Mapping[str, Any]:
        """What a sheet counts of the hand: see :func:`result_facts`."""
        return result_facts(self.result)


def result_facts(result: HandResult | None) -> dict[str, Any]:
    """A result's plain details (numbers, words, yes/no: ``obligatory``, ``solo``...) and
    ``redeal``; nothing while the hand is open."""
    if result is None:
        return {}
    found = {
        k: v for k, v in result.details.items() if v is None or isinstance(v, bool | int | str)
    }
    found["redeal"] = result.redeal
    return found


class Match:
    """A match: its table, its hands replayed, its totals.

    The family that plays the rule set is handed in, by default the one the rule set was
    loaded with (``rules.mechanics``); the engine never looks a family up itself.
    """

    def __init__(
        self,
        rules: Ruleset,
        players: Sequence[str],
        first_dealer: str,
        *,
        family: MatchRules | None = None,
    ) -> None:
        if any(name_problem(p, players[:i]) == "twice" for i, p in enumerate(players)):
            raise ScorekeeperError(because("match.names_differ", "players"))
        if len(players) not in rules.player_counts:
            raise ScorekeeperError(
                because(
                    "match.player_count",
                    "players",
                    game=rules.name,
                    counts=tuple(rules.player_counts),
                    players=len(players),
                )
            )
        if first_dealer not in players:
            raise ScorekeeperError(because("match.first_dealer", "players", dealer=first_dealer))
        self.rules = rules
        self.players = list(players)
        self.first_dealer = first_dealer
        mechanics = family or rules.mechanics
        if mechanics is None:
            raise RulesetError(
                f"{rules.source}: loaded without its game family; load rule sets with "
                "scorekeeper.games.load"
            )
        self.family: MatchRules = mechanics
        self.hands: list[MatchHand] = []
        self.replaying = False  # hands started now are replayed: their messages unused

    # ------------------------------------------------------------------ queries
    @property
    def current_dealer(self) -> str:
        return self.hands[-1].dealer if self.hands else self.first_dealer

    def next_dealer(self) -> str:
        if not self.hands:
            return self.first_dealer
        return self.family.next_dealer(self, self.hands[-1].result)

    @property
    def open_hand(self) -> MatchHand | None:
        hands = self.hands
        if hands and hands[-1].result is None:
            return hands[-1]
        return None

    def totals(self) -> dict[str, int]:
        totals = {p: 0 for p in self.players}
        for mh in self.hands:
            for p, s in mh.scores.items():
                totals[p] = totals.get(p, 0) + s
        return totals

    def over(self) -> str | None:
        return self.family.match_over(self)

    def context(self) -> dict[str, object]:
        """What a new hand may need to know of the match so far (carried points, Bock)."""
        return {
            "hand_number": len(self.hands) + 1,
            "results": Results(self.hands, len(self.hands)),
        }

    # ------------------------------------------------------------------ actions
    def _new_hand(self, deal: Mapping[str, Sequence[str]] | None = None) -> MatchHand:
        if reason := self.over():
            raise IllegalActionError(because("match.over", "match", reason=reason))
        dealer = self.next_dealer()
        number = len(self.hands) + 1
        hand = Hand(
            self.rules,
            self.players,
            dealer,
            deal=deal,
            number=number,
            context=self.context(),
        )
        hand.quiet = self.replaying
        return MatchHand(number, dealer, hand=hand)

    def apply(self, text: str) -> Outcome:
        """Apply one action to the open hand, or to a new hand if none is open."""
        mh = self.open_hand
        fresh = mh is None
        if mh is None:
            mh = self._new_hand()
        if mh.hand is None:
            raise IllegalActionError(because("match.quick_no_actions", "quick"))
        outcome = mh.hand.apply(text)
        if fresh:
            self.hands.append(mh)
        mh.actions.append(outcome.action)
        if outcome.result is not None:
            mh.result = outcome.result
        return outcome

    def start_hand(self, deal: Mapping[str, Sequence[str]] | None) -> MatchHand:
        """Open a new hand, optionally with its deal recorded."""
        if self.open_hand is not None:
            raise IllegalActionError(
                because("match.not_finished", "play.tricks", hand=self.open_hand.number)
            )
        mh = self._new_hand(deal)
        self.hands.append(mh)
        return mh

    def add_quick(
        self, facts: Mapping[str, Any], actions: Sequence[str], *, entry: bool = False
    ) -> MatchHand:
        """Score a quick hand. ``entry``: the facts are being entered now (not replayed
        from a file), so the checks added after old files were written apply too."""
        if self.open_hand is not None:
            raise IllegalActionError(
                because("match.card_by_card", "quick", hand=self.open_hand.number)
            )
        if reason := self.over():
            raise IllegalActionError(because("match.over", "match", reason=reason))
        dealer = self.next_dealer()
        parsed = [parse_action(a, self.players) for a in actions]
        context = self.context()
        if entry:
            context["entry"] = True
        try:
            result = self.family.score_quick(
                self.rules, self.players, dealer, facts, parsed, context
            )
        except (TypeError, AttributeError, KeyError, IndexError):
            # a hand-edited file's fact of the wrong type that the family did not catch
            _check_fact_types(facts, self.family.quick_keys())
            raise
        mh = MatchHand(
            len(self.hands) + 1,
            dealer,
            quick=dict(facts),
            actions=parsed,
            result=result,
        )
        self.hands.append(mh)
        return mh

    # ------------------------------------------------------------------ the log
    @classmethod
    def from_log(
        cls,
        log: MatchLog,
        source_map: SourceMap | None = None,
        filename: str = "<match>",
        *,
        every_problem: bool = False,
        loader: Callable[[str, Mapping[str, Any] | None], Ruleset] | None = None,
        keep_hands: bool = True,
        on_hand: Callable[[MatchHand], None] | None = None,
        entries: Collection[int] = (),
        path: str | None = None,
    ) -> Match:
        """Replay a match file; every problem is reported as ``file:line: message``.

        Normally the first problem stops the replay. With ``every_problem`` every
        independent problem is reported: an action other than a card that is refused is
        skipped and the hand goes on (what was said does not move the turn), while a
        refused card ends the hand's replay (every later card depends on it); a hand that
        fails is left out and the replay goes on with the next hand. The MatchFileError
        then lists them all.

        ``loader`` loads the match's rule set with its family (``scorekeeper.games.load``,
        which the session hands in); the engine itself knows no family.

        Without ``keep_hands`` a finished hand keeps its number, dealer, actions and result
        but lets its ``Hand`` go (``hand`` becomes None), so that memory does not grow with
        the match; ``on_hand`` sees each such hand first, whole.

        ``entries``: the numbers of quick hands whose facts are being entered now (an
        amendment), checked as a new entry is (``add_quick(entry=True)``).

        ``path``: the match file, whose folder a rule-set path is read from
        (``matchlog.files.for_match``); ``filename`` when not given.
        """

        def where(line: int | None) -> str:
            return f"{filename}:{line or 1}" if source_map is not None else filename

        try:
            if loader is None:
                raise RulesetError(f"{filename}: no rule-set loader was handed in")
            rules = loader(for_match(log.ruleset, path or filename), log.options)
        except ScorekeeperError as exc:
            line = (
                source_map.line_of_key("options" if _about_options(exc) else "ruleset")
                if source_map
                else None
            )
            raise MatchFileError([f"{where(line)}: {m}" for m in str(exc).splitlines()]) from None
        try:
            match = cls(rules, log.players, log.first_dealer)
        except ScorekeeperError as exc:
            line = source_map.line_of_key("players") if source_map else None
            raise MatchFileError([f"{where(line)}: {exc}"]) from None
        match.replaying = True
        with paused():
            match._replay_all(log, source_map, where, every_problem, keep_hands, on_hand, entries)
        match.replayed()
        return match

    def _replay_all(
        self,
        log: MatchLog,
        source_map: SourceMap | None,
        where: Callable[[int | None], str],
        every_problem: bool,
        keep_hands: bool,
        on_hand: Callable[[MatchHand], None] | None,
        entries: Collection[int] = (),
    ) -> None:
        """Replay every hand of the log (see ``from_log``)."""
        match = self
        problems: list[str] = []
        for i, record in enumerate(log.hands):
            skipped: list[_ReplayError] | None = [] if every_problem else None
            errors: list[_ReplayError] = []
            try:
                match._replay_hand(i, record, skipped, entry=i + 1 in entries)
            except _ReplayError as err:
                errors.append(err)
            errors[:0] = skipped or []
            found = [
                f"{where(_line_of(source_map, i, err))}: {path_text(('hand', i))}: {err.error}"
                for err in errors
            ]
            if found and not every_problem:
                raise MatchFileError(found) from None
            problems.extend(found)
            if found and match.hands and not match.hands[-1].finished:
                match.hands.pop()  # the broken hand: later hands replay without it
            if not keep_hands:
                match._let_go(on_hand)
        if problems:
            raise MatchFileError(problems)

    def _let_go(self, on_hand: Callable[[MatchHand], None] | None) -> None:
        """Drop the last hand's ``Hand`` once it is finished (after ``on_hand`` saw it)."""
        mh = self.hands[-1] if self.hands else None
        if mh is None or mh.hand is None or not mh.finished:
            return
        if on_hand is not None:
            on_hand(mh)
        hand, mh.hand = mh.hand, None
        hand.game = None  # type: ignore[assignment]  # the hand and its game go at once

    def replayed(self) -> None:
        """The replay is over: what happens from now on is told (the open hand's messages)."""
        self.replaying = False
        mh = self.open_hand
        if mh is not None and mh.hand is not None:
            mh.hand.quiet = False

    def _replay_hand(
        self,
        index: int,
        record: HandRecord,
        skipped: list[_ReplayError] | None = None,
        *,
        entry: bool = False,
    ) -> None:
        """Replay one hand of the log; refused actions other than cards go to ``skipped``
        when it is given, anything else refused is raised."""
        if record.quick is not None:
            self._replay_quick(record, skipped, entry)
            return
        if self.open_hand is not None:
            raise _ReplayError(
                IllegalActionError(
                    because("match.followed", "play.tricks", hand=self.open_hand.number)
                ),
                action_index=None,
            )
        try:
            deal = record.deal
            if deal is not None or not record.actions:
                self.start_hand(deal)
        except ScorekeeperError as exc:
            raise _ReplayError(exc, key=next(iter(record.deal or {}), None)) from None
        mh = self.open_hand
        opened = mh is not None
        actions, j = record.actions, 0
        while j < len(actions):
            text, index = actions[j], j
            j += 1
            try:
                if mh is not None and mh.result is None and mh.hand is not None:
                    # the open hand's next action (what ``apply`` does, one look-up less)
                    outcome = mh.hand.apply(text)
                    mh.actions.append(outcome.action)
                    mh.result = outcome.result
                    continue
                if opened:
                    raise IllegalActionError(
                        because(
                            "match.already_over",
                            "play.tricks",
                            action=text,
                            after=index,
                        )
                    )
                self.apply(text)
                mh, opened = self.hands[-1], True
            except ScorekeeperError as exc:
                if skipped is None or self._moves_cards(text):
                    raise _ReplayError(exc, action_index=index) from None
                skipped.append(_ReplayError(exc, action_index=index))

    def _replay_quick(
        self, record: HandRecord, skipped: list[_ReplayError] | None, entry: bool
    ) -> None:
        try:
            self.add_quick(record.quick, record.actions, entry=entry)  # type: ignore[arg-type]
        except ScorekeeperError as exc:
            # several independent problems of the facts (FactProblems) each get a line
            found = [_ReplayError.at_key(p) for p in getattr(exc, "problems", [exc])]
            if skipped is not None:
                skipped.extend(found[:-1])
            raise found[-1] from None

    def _moves_cards(self, text: str) -> bool:
        """Whether an action plays a card (or cannot be read at all, so might)."""
        try:
            return parse_action(text, self.players).is_play
        except ScorekeeperError:
            return True

    def record(self, log: MatchLog, text: str) -> Outcome:
        """Apply an action and, once accepted, append it to the log's hand."""
        starts_new = self.open_hand is None
        outcome = self.apply(text)
        if starts_new:
            log.hands.append(HandRecord(actions=[outcome.action.text]))
        else:
            log.hands[-1].actions.append(outcome.action.text)
        return outcome

    def record_deal(self, log: MatchLog, deal: Mapping[str, Sequence[str]]) -> MatchHand:
        mh = self.open_hand
        if mh is not None and mh.hand is not None and not mh.hand.history and mh.hand.dealt is None:
            dealt = mh.hand.record_deal(deal)
            log.hands[-1].deal = {p: [c.code for c in cards] for p, cards in dealt.items()}
            return mh
        mh = self.start_hand(deal)
        assert mh.hand is not None and mh.hand.dealt is not None
        log.hands.append(
            HandRecord(
                actions=[],
                deal={p: [c.code for c in cs] for p, cs in mh.hand.dealt.items()},
            )
        )
        return mh

    def record_quick(
        self, log: MatchLog, facts: Mapping[str, Any], actions: Sequence[str]
    ) -> MatchHand:
        mh = self.add_quick(facts, actions, entry=True)
        log.hands.append(HandRecord(actions=[a.text for a in mh.actions], quick=dict(facts)))
        return mh


def _about_options(exc: ScorekeeperError) -> bool:
    """Whether a rule set's refusal is about the match's options (in any language: the
    rule it names, else its words)."""
    return (exc.rule or "").startswith("option") or "option" in exc.message


_KINDS: dict[str, tuple[str, Callable[[object], bool]]] = {
    "int": ("match.kind.int", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "bool": ("match.kind.bool", lambda v: isinstance(v, bool)),
    "word": ("match.kind.word", lambda v: isinstance(v, str)),
    "list": (
        "match.kind.list",
        lambda v: (
            isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))
        ),
    ),
}


def _check_fact_types(facts: Mapping[str, Any], keys: Mapping[str, Any]) -> None:
    """Refuse a quick fact whose value is of the wrong type for its declared kind.

    Facts typed at the table are parsed by their declaration; a match file edited by hand
    can hold anything. Families refuse wrong types in their own words; this is the net
    under them, so that a value of the wrong type is never an internal error.
    """
    for name, value in facts.items():
        key = keys.get(name)
        kind = _KINDS.get(key.kind) if key is not None else None
        if kind is not None and not kind[1](value):
            raise IllegalActionError(
                because(
                    "match.fact_type",
                    "quick",
                    name=name,
                    kind=because(kind[0]),
                    value=describe(value),
                ),
                where=f"quick.{name}",
            )


def _line_of(source_map: SourceMap | None, index: int, err: _ReplayError) -> int | None:
    """The line of a replay problem of hand ``index``: its action, quick key, deal or hand."""
    if source_map is None:
        return None
    line = None
    if err.action_index is not None:
        line = source_map.action_line(index, err.action_index)
    elif err.key:
        line = (
            source_map.quick_line(index, err.key.split(".", 1)[-1])
            if err.key.startswith("quick")
            else source_map.deal_line(index, err.key)
        )
    return line or source_map.hand_line(index)


class _ReplayError(Exception):
    def __init__(
        self,
        error: ScorekeeperError,
        action_index: int | None = None,
        key: str | None = None,
    ) -> None:
        super().__init__(str(error))
        self.error = error
        self.action_index = action_index
        self.key = key

    @classmethod
    def at_key(cls, error: ScorekeeperError) -> _ReplayError:
        """A refused quick fact, placed at its key's line (``where`` names the key)."""
        key, error.where = error.where, None
        return cls(error, key=key or "quick")
