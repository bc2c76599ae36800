"""The table session: one typed line at a time, each accepted entry written at once.

:class:`TableSession` answers a line with a :class:`Reply` (lines to show, errors, a view
the front end draws, or quit). Every entry goes through the session layer
(:meth:`scorekeeper.session.Session.edit`: lock, reread, replay, change, verify, atomic
write), so a change made meanwhile by another command is picked up, and a refusal leaves
the match file byte for byte as it was. Nothing here imports prompt_toolkit or rich: the
front end is :mod:`scorekeeper.cli.table`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from scorekeeper.actions import Action
from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand
from scorekeeper.session import LOCK_WAIT, Session
from scorekeeper.table import quick
from scorekeeper.table.native import card_form, phrase, spoken
from scorekeeper.table.reading import (
    COMMANDS,
    Entry,
    canonical,
    read_line,
    said_text,
    same_words,
)
from scorekeeper.table.words import after_hand, listed, outcome_lines, result_lines, say

VIEWS = ("score", "status", "explain")
"""Commands whose answer the front end draws (a table, a rule text)."""


@dataclass
class Reply:
    """What the session answers to one line."""

    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    view: str | None = None
    args: tuple[str, ...] = ()
    quit: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors


class TableSession:
    """The match at ``path``, entered line by line."""

    def __init__(
        self,
        path: Path,
        *,
        lang: str = "en",
        wait: float = LOCK_WAIT,
        on_wait: Callable[[], None] | None = None,
    ) -> None:
        self.path = path
        self.lang = lang
        self.wait = wait
        self.on_wait = on_wait
        self._kept: tuple[bytes, Session] | None = None
        self.quick: quick.QuickHand | None = None

    # ------------------------------------------------------------------ reading
    def current(self) -> Session:
        """The match as the file holds it now: replayed again only when the file's bytes
        are not those this session last read or wrote (another command's change is seen)."""
        data = self.path.read_bytes()
        if self._kept is None or data != self._kept[0]:
            self._kept = (data, Session.open(self.path))
        return self._kept[1]

    @contextmanager
    def editing(self) -> Iterator[Session]:
        """:meth:`Session.edit` (lock, reread, change, write atomically), reusing the match
        this session holds when the file, read again under the lock, holds byte for byte
        what this session last wrote (so another command's change is always seen); a
        refusal forgets it, since it may be half changed."""
        table = self

        class Kept(Session):
            @classmethod
            def open(cls, path: Path) -> Session:
                kept = table._kept
                if kept is not None and path.read_bytes() == kept[0]:
                    return kept[1]
                return Session.open(path)

        edited: Session | None = None
        try:
            with Kept.edit(self.path, wait=self.wait, on_wait=self.on_wait) as session:
                edited = session
                yield session
        except BaseException:
            self._kept = None
            raise
        assert edited is not None
        # the canonical text the session layer wrote (its own ``text()`` where it has one)
        text = getattr(edited, "text", None)
        written = text() if callable(text) else edited.log.dumps()
        self._kept = (written.encode("utf-8"), edited)

    def hand(self) -> Hand:
        return self.current().current_hand()

    # ------------------------------------------------------------------ one line
    def handle(self, line: str) -> Reply:
        """Read one line, record or answer it; a refusal is one line, the file untouched."""
        try:
            if self.quick is not None:
                return self._quick_answer(line)
            session = self.current()
            m = session.match
            words = canonical(line, self.lang, m.rules.family, m.players)
            entry = read_line(words, m.players)
            return self._dispatch(entry, line)
        except ScorekeeperError as exc:
            return Reply(errors=[" ".join(str(exc).split())])

    def _dispatch(self, entry: Entry, line: str) -> Reply:
        if entry.kind == "empty":
            return Reply()
        if entry.kind == "command":
            return self._command(entry)
        if entry.kind == "cards":
            return self._cards(entry)
        return self._words(entry, line)

    def _cards(self, entry: Entry) -> Reply:
        with self.editing() as s:
            if entry.actor is not None and len(entry.cards) == 1:
                outcomes = [s.play(entry.cards[0], player=entry.actor)]
            else:
                nxt = s.next_player()
                if entry.actor is not None and entry.actor != nxt:
                    raise ScorekeeperError(
                        say("table.too_many_cards", player=entry.actor, next=nxt),
                        rule="play.turn_order",
                    )
                outcomes = s.trick(list(entry.cards))
            number = s.match.hands[-1].number
            lines = [ln for o in outcomes for ln in outcome_lines(o, number, s.match)]
            if outcomes[-1].result is not None:
                lines.extend(after_hand(s.match))
        return Reply(lines)

    def _words(self, entry: Entry, line: str) -> Reply:
        with self.editing() as s:
            hand = s.current_hand()
            actor = entry.actor or self._implied_actor(hand, entry, line)
            text = " ".join((actor, *entry.words))
            outcomes = s.record([text])
            number = s.match.hands[-1].number
            lines = [ln for o in outcomes for ln in outcome_lines(o, number, s.match)]
            if outcomes[-1].result is not None:
                lines.extend(after_hand(s.match))
        return Reply(lines)

    def _implied_actor(self, hand: Hand, entry: Entry, line: str) -> str:
        """Who says ``entry.words``: the only player who may say it now (as listed by the
        engine, or accepted from them in another spelling, ``hearts`` for ``trump
        hearts``); else the player to act, so that the engine's refusal names the rule."""
        said = [a for a in hand.legal_actions() if not a.is_play]
        actors = listed(a.actor for a in said if same_words(entry.words, said_text(a)))
        if not actors:
            text = " ".join(entry.words)
            actors = [p for p in hand.players if hand.can(f"{p} {text}")]
        if len(actors) == 1:
            return actors[0]
        if actors:
            example = f"{actors[0].lower()} {line.strip()}"
            raise ScorekeeperError(
                say("table.who", words=line.strip(), players=actors, example=example),
                rule="actions",
                kind="usage",
            )
        verb = entry.words[0].lower() if entry.words else ""
        if verb not in hand.game.verbs and not any(a.verb == verb for a in said):
            raise ScorekeeperError(
                say(
                    "table.unknown",
                    words=line.strip(),
                    game=hand.rules.name,
                    expected=expected(hand, said, self.lang),
                ),
                rule="actions",
                kind="usage",
            )
        return _to_act(hand, said)

    # ------------------------------------------------------------------ commands
    def _command(self, entry: Entry) -> Reply:
        name = entry.command
        if name == "quit":
            return Reply([say("table.quit", path=str(self.path))], quit=True)
        if name == "help":
            return Reply(help_lines(self.hand(), self.lang))
        if name == "undo":
            with Session.edit(self.path, replay=False, wait=self.wait, on_wait=self.on_wait) as s:
                what = s.undo()
            return Reply([say("table.undone", what=what)])
        if name == "judge":
            return Reply(judge_lines(self.hand()))
        if name == "hand":
            return self._quick_start(entry.args)
        return Reply(view=name, args=entry.args)

    # ------------------------------------------------------------------ quick hand
    def _quick_start(self, args: tuple[str, ...]) -> Reply:
        session = self.current()
        if session.match.open_hand is not None:
            raise ScorekeeperError(
                say("table.quick.open", number=session.match.open_hand.number),
                rule="quick",
                kind="usage",
            )
        if args:
            return self._quick_record([a for a in args if "=" in a], [])
        self.quick = quick.QuickHand(session.quick_keys(), session.match.rules.name)
        return Reply()

    def _quick_answer(self, line: str) -> Reply:
        assert self.quick is not None
        if line.strip().lower() in ("quit", "cancel"):
            self.quick = None
            return Reply([say("table.quick.cancelled")])
        if self.lang != "en":  # each item of the answer read in the match's language
            m = self.current().match
            items = [canonical(i, self.lang, m.rules.family, m.players) for i in line.split(",")]
            line = ",".join(" ".join(words) for words in items)
        done = self.quick.answer(line)
        if not done:
            return Reply()
        facts, said = self.quick.facts, self.quick.said
        self.quick = None
        return self._quick_record(facts, said)

    def _quick_record(self, facts: list[str], said: list[str]) -> Reply:
        with self.editing() as s:
            mh = s.quick(facts, said)
            assert mh.result is not None
            lines = result_lines(mh.result, mh.number, s.match) + after_hand(s.match)
        return Reply(lines)

    # ------------------------------------------------------------------ the prompt
    def prompt(self) -> str:
        """Whose turn it is and what is expected, or the quick hand's question."""
        if self.quick is not None:
            return self.quick.question()
        m = self.current().match
        if m.over():
            return say("table.prompt.over")
        hand = self.hand()
        player = hand.to_play()
        if player is not None:
            return say("table.prompt.card", player=player)
        said = [a for a in hand.legal_actions() if not a.is_play]
        if not said:
            return say("table.prompt.next_hand", number=hand.number, dealer=hand.dealer)
        actor = _to_act(hand, said)
        from scorekeeper.lang import game_word

        verbs = listed(game_word(a.verb, self.lang) for a in said if a.actor == actor)
        return say("table.prompt.act", player=actor, what=" / ".join(verbs))


def _to_act(hand: Hand, said: list[Action]) -> str:
    player = hand.to_play()
    if player is not None:
        return player
    if said:
        return said[0].actor
    return hand.players[0]


def expected(hand: Hand, said: list[Action], lang: str = "en") -> str:
    """What may be typed now, in the match's language."""
    family = hand.rules.family
    player = hand.to_play()
    if player is not None:
        cards = hand.playable_cards(player)
        example = " ".join(card_form(c.code, lang).lower() for c in cards[:2])
        return say("table.expected.cards", player=player, example=example)
    if said:
        words = listed(phrase(said_text(a), lang, family) for a in said)[:8]
        return say("table.expected.words", words=words)
    return say("table.expected.new_hand", number=hand.number)


def help_lines(hand: Hand, lang: str = "en") -> list[str]:
    """The session's help for this game: a card, a trick and the game's own words in the
    match's language, then the commands."""
    family = hand.rules.family
    deck = hand.rules.deck.cards
    trick = " ".join(card_form(c.code, lang).lower() for c in deck[: len(hand.players)])
    verbs = listed(spoken(v.split()[0], lang, family) for v in hand.game.verbs)
    lines = [
        say(
            "table.help.game",
            card=card_form(deck[0].code, lang).lower(),
            trick=trick,
            words=verbs,
            example=f"{hand.players[0].lower()} {verbs[0]}" if verbs else "",
            commands=list(COMMANDS),
        )
    ]
    lines.extend(f"  {say('table.commands.' + c)}" for c in COMMANDS)
    return lines


def judge_lines(hand: Hand) -> list[str]:
    """Which cards the player to play may play; with the deal known, why not the others."""
    player = hand.to_play()
    if player is None:
        return [say("table.judge.nobody", why=hand.game.why_not_ready())]
    cards = hand.playable_cards(player)
    codes = " ".join(c.code for c in cards)
    holding = hand.holding(player)
    if holding is None:
        return [say("table.judge.unknown_hand", player=player, cards=codes)]
    lines = [say("table.judge.may_play", player=player, cards=codes)]
    for card in listed(holding):
        verdict = hand.check_card(player, card)
        if not verdict.legal:
            lines.append(f"  {card.code}: {verdict.reason} [{verdict.rule}]")
    return lines
