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
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from scorekeeper.actions import Action
from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand
from scorekeeper.record import field, record, replace
from scorekeeper.session import LOCK_WAIT, Session, StaleEntryError, Version
from scorekeeper.session.cache import digest
from scorekeeper.session.facts import parse_fact_items
from scorekeeper.table import quick
from scorekeeper.table.native import card_form, changed_line, phrase, spoken
from scorekeeper.table.reading import (
    ALIASES,
    COMMANDS,
    Entry,
    canonical,
    command_word,
    find_player,
    read_line,
    said_text,
    same_words,
    spoken_command,
)
from scorekeeper.table.words import (
    after_hand,
    entry_lines,
    keys_lines,
    known_sides,
    listed,
    result_lines,
    say,
)

VIEWS = ("score", "status", "explain")
"""Commands whose answer the front end draws (a table, a rule text)."""


@record
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


@record
class Kept:
    """The match this table session last read or wrote: the digest of the file's bytes
    then, the session, and whether the next entry may change it as it is (a session
    left by an undo, a rename...: read from, reopened for the next change)."""

    key: str
    session: Session
    editable: bool = True


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
        self._kept: Kept | None = None
        self.quick: quick.QuickHand | None = None
        self.undo_asked: str | None = None  # an undo of a whole hand, awaiting yes or no
        self.seen: Version | None = None
        """The version of the match (``Session.version``) the last prompt showed, or this
        session's own last entry left: every entry is made against it (``expect``)."""

    # ------------------------------------------------------------------ reading
    def current(self) -> Session:
        """The match as the file holds it now: opened again only when the file's bytes
        (told by their digest) are not those this session last read or wrote (another
        command's change is seen)."""
        key = self._digest()
        if self._kept is None or key != self._kept.key:
            self._kept = Kept(key, Session.open(self.path), editable=True)
        return self._kept.session

    def _digest(self) -> str:
        """The digest of the match file's bytes as they are now."""
        try:
            data = self.path.read_bytes()
        except OSError as exc:
            self._kept = None
            raise unreadable(self.path, exc) from None
        return digest(data)

    @contextmanager
    def editing(self) -> Iterator[Session]:
        """:meth:`Session.edit` (lock, reread, change, write atomically), reusing the match
        this session holds when the file, read again under the lock, holds byte for byte
        what this session last read or wrote (so another command's change is always
        seen); a refusal forgets it, since it may be half changed. An entry leaves the
        session as if opened from the file it wrote (``Session.rebase``): the next entry
        writes after those bytes, without the whole log read or dumped again."""
        table = self
        before: list[str] = []

        class Reusing(Session):
            @classmethod
            def open(cls, path: Path, *, full: bool = False) -> Session:
                kept = table._kept
                key = digest(path.read_bytes())
                before.append(key)
                if kept is not None and kept.editable and not full and key == kept.key:
                    return kept.session
                return Session.open(path, full=full)

        edited: Session | None = None
        try:
            with Reusing.edit(
                self.path, wait=self.wait, on_wait=self.on_wait, expect=self.seen
            ) as session:
                edited = session
                yield session
        except BaseException:
            self._kept = None
            raise
        assert edited is not None
        self.seen = edited.version
        if edited.wrote is None:  # nothing changed: the file is as it was read
            self._kept = Kept(before[-1], edited, editable=True) if before else None
        else:
            self._kept = Kept(edited.wrote, edited, editable=edited.rebase())

    def hand(self) -> Hand:
        return self.current().current_hand()

    # ------------------------------------------------------------------ one line
    def handle(self, line: str) -> Reply:
        """Read one line, record or answer it; a refusal is one line, the file untouched.

        The line is split as a shell splits a command (quotes group words); a line that
        starts with a one-shot command (``hand re=Anna,Carla -a "Anna re"``, ``announce
        Ben re``, ``act "Ben re"``) is read by that command's own reader, so that it means
        in the session exactly what it means as a command."""
        try:
            if self.undo_asked is not None:
                return self._undo_answer(line)
            if self.quick is not None:
                return self._quick_answer(line)
            words = split_line(line)
            session = self.current()
            if self.seen is None:  # no prompt showed a state: the match as read now
                self.seen = session.version
            m = session.match
            if words and words[0].lower() in ONESHOT and find_player(words[0], m.players) is None:
                if not (words[0].lower() == "hand" and "--keys" in words):
                    self._verify_open(session)
                return self._oneshot(words, m.players)
            text = " ".join(words)
            tokens = canonical(text, self.lang, m.rules.family, m.players, trump=_trump(session))
            entry = read_line(tokens, m.players)
            if entry.kind in ("cards", "words"):
                self._verify_open(session)
            return self._dispatch(entry, text)
        except StaleEntryError as exc:
            self.seen = exc.found  # the next prompt shows the match as it is now
            return Reply(errors=[self._changed(exc)])
        except ScorekeeperError as exc:
            return Reply(errors=[" ".join(str(exc).split())])

    def _verify_open(self, session: Session) -> None:
        """A finished match takes no entry: say so, and how to start the next one."""
        reason = session.match.over()
        if reason is None:
            return
        import shlex

        header = session.header
        lang = getattr(header, "lang", None)  # the new match speaks this one's language
        words = ["scorekeeper", "table", header.ruleset, *header.players]
        command = shlex.join([*words, *(["--lang", lang] if lang else [])])
        raise ScorekeeperError(
            say("table.over", reason=reason, command=command), rule="match", kind="usage"
        )

    def _changed(self, exc: StaleEntryError) -> str:
        """What moved since the prompt, in the table's words (``Carla played QC from
        another device``), and that nothing was recorded."""
        family = self.current().match.rules.family
        changes = [changed_line(hand, text, self.lang, family) for hand, text in exc.since]
        if not changes:
            undone = exc.found[:2] < exc.expected[:2]
            changes = [say("table.changed.undone" if undone else "table.changed.other")]
        if len(changes) > 4:
            changes = [*changes[:3], say("table.changed.more", count=len(changes) - 3)]
        return say("table.changed", changes=changes)

    def _dispatch(self, entry: Entry, line: str) -> Reply:
        if entry.kind == "empty":
            return Reply()
        if entry.kind == "command":
            if entry.command == "explain":  # a topic's title as the list shows it, as typed
                entry = replace(entry, args=tuple(line.split()[1:]))
            return self._command(entry)
        if entry.kind == "cards":
            return self._cards(entry)
        return self._words(entry, line)

    def _cards(self, entry: Entry) -> Reply:
        with self.editing() as s:
            before = known_sides(s.match)
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
            lines = entry_lines(outcomes, s.match, before)
        return Reply(lines)

    def _words(self, entry: Entry, line: str) -> Reply:
        with self.editing() as s:
            hand = s.current_hand()
            actor = entry.actor or self._implied_actor(hand, entry, line)
            text = " ".join((actor, *entry.words))
            before = known_sides(s.match)
            outcomes = s.record([text])
            lines = entry_lines(outcomes, s.match, before)
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
        entry = self._options(entry)
        if name == "quit":
            return Reply([say("table.quit", path=str(self.path))], quit=True)
        if name == "help":
            return Reply(help_lines(self.hand(), self.lang))
        if name == "undo":  # --yes: a whole scored hand without the question, as the command
            return self._undo(asked=None, yes=bool(entry.args))
        if name == "redo":
            with self._correcting() as s:
                what = s.redo()
            self._corrected()
            return Reply([say("table.redone", what=what)])
        if name == "rename":
            return self._rename(entry.args)
        if name == "judge":
            return Reply(judge_lines(self.hand()))
        if name == "hand":  # with words it is read as the command ``hand`` (``_oneshot``)
            return self._quick_start()
        return Reply(view=name, args=entry.args)

    # ------------------------------------------------------------------ corrections
    def _correcting(self) -> AbstractContextManager[Session]:
        """An undo, redo or rename, made against the match this session's prompt showed."""
        return Session.edit(
            self.path, replay=False, wait=self.wait, on_wait=self.on_wait, expect=self.seen
        )

    def _corrected(self) -> None:
        self._kept = None
        self.seen = self.current().version  # the match as this correction left it

    def _options(self, entry: Entry) -> Entry:
        """A session command's words as the one-shot command reads them: its options
        (``score --chart``, ``undo --yes``) kept, and the rule set before ``explain``'s
        topic left out (``explain doppelkopf cards``); anything else it does not take is
        refused with the form that works, never dropped without a word."""
        name, args = entry.command, list(entry.args)
        if name == "explain":  # one topic, by its name or its title ('die Partie')
            rules = self.current().match.rules
            if len(args) > 1 and args[0].casefold() in {rules.id.casefold(), rules.family}:
                args = args[1:]
        takes = COMMAND_OPTIONS.get(name)
        if takes is None:
            return replace(entry, args=tuple(args))  # rename's names: checked by rename
        options = {TAKEN.get(a, a) for a in args if a.startswith("-")}
        rest = [a for a in args if not a.startswith("-")]
        if options - set(takes) or (rest and name != "explain"):
            raise ScorekeeperError(
                say(
                    "table.oneshot.form",
                    command=spoken_command(name, self.lang),
                    form=_form(name, self.lang),
                ),
                rule="actions",
                kind="usage",
            )
        topic = (" ".join(rest),) if rest else ()  # explain's: a title of several words
        return replace(entry, args=tuple(sorted(options)) + topic)

    def _undo(self, asked: str | None, *, yes: bool = False) -> Reply:
        """Undo the last entry; one that takes a whole scored hand off the sheet is asked
        about first (``asked``: the words the table said yes to; ``yes``: said already,
        as ``undo --yes``)."""
        with self._correcting() as s:
            takes = s.undo_takes_hand()
            if takes is not None and str(takes) != asked and not yes:
                self.undo_asked = str(takes)
                return Reply([say("table.undo.ask", what=takes)])
            what = s.undo()
        self._corrected()
        return Reply([say("table.undone", what=what)])

    def _undo_answer(self, line: str) -> Reply:
        asked, self.undo_asked = self.undo_asked, None
        from scorekeeper.session.facts import yes_no

        if yes_no(line, self.lang) == "true":  # ja, jawohl, nee...: as every question reads it
            return self._undo(asked)
        return Reply([say("table.undo.kept")])

    def _rename(self, args: tuple[str, ...]) -> Reply:
        if len(args) != 2:
            players = self.current().match.players
            raise ScorekeeperError(
                say("table.rename.usage", example=players[0], new=players[0].upper()),
                rule="players",
                kind="usage",
            )
        with self._correcting() as s:
            done = s.rename_player(*args)
        self._corrected()
        return Reply([say("table.renamed", **done)])

    # ------------------------------------------------------------------ one-shot commands
    def _oneshot(self, words: list[str], players: list[str]) -> Reply:
        """A line in a one-shot command's own form, read by that command's reader (the
        quick path's, which reads as click does): the same words, the same entry."""
        name, rest = words[0].lower(), words[1:]
        if name == "hand" and not rest:
            return self._quick_start()
        if name in ("play", "trick"):  # the session's own card line, the command word left out
            session = self.current()
            m, text = session.match, " ".join(rest)
            tokens = canonical(text, self.lang, m.rules.family, players, trump=_trump(session))
            entry = read_line(tokens, players)
            if entry.kind == "cards":
                return self._cards(entry)
            raise _usage(name)
        from scorekeeper.cli.quick import parse

        read = parse([name, *rest])
        if read is None or read[2].get("match") or read[2].get("json_"):
            raise _usage(name)
        params = read[2]
        if name == "hand":
            if params.get("keys"):
                return Reply(keys_lines(self.current()))
            return self._quick_record(params.get("facts") or [], params.get("action") or [])
        if name == "deal":
            return self._deal(params["hands"])
        if name == "act":
            return self._record(list(params["actions"]))
        return self._record([" ".join([params["player"], *params["what"]])])

    def _record(self, texts: list[str]) -> Reply:
        """Actions as ``announce`` / ``declare`` / ``act`` record them, all or nothing."""
        from scorekeeper.lang.typed import typed

        with self.editing() as s:
            before = known_sides(s.match)
            outcomes = s.record([" ".join(typed(s, t.split())) for t in texts])
            lines = entry_lines(outcomes, s.match, before)
        return Reply(lines)

    def _deal(self, hands: list[str]) -> Reply:
        """The next hand's deal, as ``deal PLAYER=CARDS...`` records it."""
        from scorekeeper.cards import parse_cards
        from scorekeeper.lang.typed import typed_cards

        if any("=" not in item for item in hands):
            raise _usage("deal")
        with self.editing() as s:
            cards: dict[str, list[str]] = {}
            for item in hands:
                name, text = item.split("=", 1)
                cards[name.strip()] = [c.code for c in parse_cards(typed_cards(s, [text]))]
            mh = s.deal(cards)
        return Reply([say("cli.deal_recorded", hand=mh.number, dealer=mh.dealer)])

    # ------------------------------------------------------------------ quick hand
    def _quick_start(self) -> Reply:
        session = self.current()
        m = session.match
        if m.open_hand is not None:
            raise ScorekeeperError(
                say("table.quick.open", number=m.open_hand.number),
                rule="quick",
                kind="usage",
            )
        from scorekeeper.games import family_for

        family = family_for(m.rules)
        takes = getattr(family, "quick_said", None)  # a family that names them
        said = takes(m.rules) if callable(takes) else None
        if said is None:  # what the game's players say in play
            hand = Hand(m.rules, m.players, m.next_dealer(), context=m.context())
            said = tuple(v.split()[0] for v in hand.game.verbs)
        word = _example_word(said, self.lang, m.rules.family)
        example = f"{m.players[0]} {word}" if word else None
        keys = family.asked_keys(m.rules)
        self.quick = quick.QuickHand(keys, m.rules.name, self.lang, example)
        return Reply()

    def cancel_quick(self) -> Reply:
        """Leave the quick hand (``cancel``, Ctrl-C): nothing is recorded."""
        self.quick = None
        return Reply([say("table.quick.cancelled")])

    def _quick_answer(self, line: str) -> Reply:
        q = self.quick
        assert q is not None
        text = line.strip()
        if self._finished(text):  # klaar, fertig, done: record what is given
            while q.asking() is not None:
                q.skip()
            return self._quick_done(q)
        if text.lower() in ("quit", "cancel") or command_word(text.lower(), self.lang) in (
            "quit",
            "cancel",
        ):
            return self.cancel_quick()
        name = q.asking()
        command = None
        if name is not None:
            self._answer(q, name, text)
            if not q.complete():
                return Reply()
        elif text and not self._nothing_more(text):
            command = self._command_line(text)
            if command is None:
                q.said.append(text)
                return Reply()
        reply = self._quick_done(q)
        if command is not None:  # the line after the hand is the session's own ('stand')
            after = self.handle(line)
            return replace(after, lines=[*reply.lines, *after.lines])
        return reply

    def _answer(self, q: quick.QuickHand, name: str, text: str) -> None:
        """The answer to fact ``name``: taken, or left out (empty; a no to a fact that is
        not yes/no, or one the game refuses as not mattering: 'nee'); refused otherwise,
        and the same fact asked again."""
        if not text or (q.keys[name].kind != "bool" and self._nothing_more(text)):
            q.skip()
            return
        try:
            item, value = self._fact(q, name, text)
        except ScorekeeperError:
            if not self._nothing_more(text):
                raise
            q.skip()
            return
        q.take(name, item, value)

    def _quick_done(self, q: quick.QuickHand) -> Reply:
        """The quick hand recorded; refused: the fact it names asked again, else what was
        said (or the last fact, where nothing said is taken)."""
        try:
            reply = self._quick_record(q.facts(), q.said, read=False)
        except ScorekeeperError as exc:
            where = (exc.where or "").removeprefix("quick.")
            if q.back_to(where):
                raise
            if q.example is not None:
                q.said.clear()  # what was said is asked again
            elif q.order:  # nothing said is taken: the last fact is asked again
                q.back_to(q.order[-1])
            raise
        self.quick = None
        return reply

    def _finished(self, text: str) -> bool:
        """Whether an answer finishes the quick hand (``klaar``, ``fertig``, ``done``: the
        language file's ``done``, the table's language or English), though ``klaar`` is
        also the table's word to stop: in a quick hand it means the hand is done."""
        from scorekeeper.lang import language
        from scorekeeper.lang.data import fold

        word = fold(text)
        return any(word in language(lang).done for lang in dict.fromkeys((self.lang, "en")))

    def _nothing_more(self, text: str) -> bool:
        """Whether an answer to what was said is a no (``nein``, ``nee``, ``no``: nothing
        more was said), which ends the hand as an empty line does."""
        from scorekeeper.session.facts import yes_no

        return len(text) > 1 and yes_no(text, self.lang) == "false"

    def _command_line(self, text: str) -> str | None:
        """The session command a line starts with (``stand``, ``status``, ``help``), where
        no player's name is meant; None for anything else. After a quick hand's facts such
        a line ends the hand (in a pipe too, where no question shows) and is then read."""
        first = text.split()[0]
        low = first.casefold()
        command = command_word(first, self.lang) or ALIASES.get(low, low)
        if command in COMMANDS and find_player(first, self.current().match.players) is None:
            return command
        return None

    def _fact(self, q: quick.QuickHand, name: str, text: str) -> tuple[str, Any]:
        """One answer read as the table says it (its language, yes/no, names in any case)
        and checked at once: (``KEY=VALUE``, the value)."""
        from scorekeeper.lang.typed import typed_facts
        from scorekeeper.session.facts import fact_now, named_as_seated, yes_no

        session = self.current()
        m = session.match
        key = q.keys[name]
        if key.kind == "bool":
            text = yes_no(text, self.lang)
        text = named_as_seated(key, text, m.players)
        # a number as typed: a refusal names what was typed ('ja' is no number), not a
        # word the language read it as
        item = (
            f"{name}={text}" if key.kind == "int" else typed_facts(session, [f"{name}={text}"])[0]
        )
        value = parse_fact_items([item], q.keys, m.rules.name)[0][1]
        context = m.context()
        context["entry"] = True
        given = {**q.given, name: value}
        fact_now(m.family, m.rules, m.players, m.next_dealer(), context, given, name)
        return item, value

    def _quick_record(self, facts: list[str], said: list[str], *, read: bool = True) -> Reply:
        """A quick hand as ``scorekeeper hand`` records it: facts and what was said read by
        the same reader, in the match's language (``read=False``: facts read already)."""
        from scorekeeper.lang.typed import typed, typed_facts

        with self.editing() as s:
            items = typed_facts(s, facts) if read else facts
            mh = s.quick(items, [" ".join(typed(s, a.split())) for a in said])
            assert mh.result is not None
            lines = result_lines(mh.result, mh.number, s.match) + after_hand(s.match)
        return Reply(lines)

    # ------------------------------------------------------------------ the prompt
    def prompt(self) -> str:
        """Whose turn it is and what is expected, or the quick hand's question."""
        if self.undo_asked is not None:
            return say("table.undo.prompt")
        if self.quick is not None:
            return self.quick.question()
        try:
            session = self.current()
            m = session.match
            self.seen = session.version
        except ScorekeeperError:
            return say("table.prompt.unreadable")
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


ONESHOT = ("hand", "announce", "declare", "act", "play", "trick", "deal")
"""One-shot commands whose line the session reads as the command reads it."""

USAGE = {
    "hand": 'hand KEY=VALUE... [-a "PLAYER WORDS"]...  (hand --keys: the facts)',
    "announce": "announce PLAYER WORDS...",
    "declare": "declare PLAYER WORDS...",
    "act": 'act "PLAYER WORDS"...',
    "play": "play [PLAYER] CARD",
    "trick": "trick CARD...",
    "deal": "deal PLAYER=CARDS...",
}


COMMAND_OPTIONS: dict[str, tuple[str, ...]] = {
    "undo": ("--yes",),
    "redo": (),
    "score": ("--chart", "--all"),
    "status": (),
    "explain": (),
    "judge": (),
    "help": (),
    "quit": (),
    "scorer": (),
}
"""The options each session command takes, as the one-shot command of its name does;
``rename`` checks its own two names."""

TAKEN = {"-y": "--yes"}
"""Short options, as the one-shot commands spell them."""


def _form(name: str, lang: str) -> str:
    """A session command's form as this table types it: its word in the table's language
    (``zurück [--yes]``), its options as the one-shot command takes them."""
    shown = [spoken_command(name, lang)]
    shown += [f"[{option}]" for option in COMMAND_OPTIONS[name]]
    if name == "explain":
        shown.append(f"[{say('table.form.topic')}]")
    return " ".join(shown)


def _example_word(said: tuple[str, ...], lang: str, family: str) -> str | None:
    """A word of ``said`` as this table types it, for an example; where none has a form
    of the table's language (Wilde Boom's kraak at a German table), the game's term for
    the first (Kontra); None when nothing is said."""
    if not said:
        return None
    for word in said:
        typed = spoken(word, lang, family)
        if lang == "en" or typed != word:
            return typed
    from scorekeeper.lang import game_word

    return game_word(said[0], lang)


def _usage(name: str) -> ScorekeeperError:
    """A one-shot command's line the session cannot read: the form that works (the
    session records in its own match, so ``--match`` and ``--json`` are not taken)."""
    return ScorekeeperError(
        say("table.oneshot.form", command=name, form=say(f"table.form.{name}")),
        rule="actions",
        kind="usage",
    )


def split_line(line: str) -> list[str]:
    """A line's words as a shell splits them (quotes group words, as for the command)."""
    import shlex

    try:
        return shlex.split(line)
    except ValueError:
        raise ScorekeeperError(
            say("table.quote", line=line.strip()), rule="actions", kind="usage"
        ) from None


def unreadable(path: Path, exc: OSError) -> ScorekeeperError:
    """The match file cannot be read now: one line saying why, in the table's words (the
    session stays open and reads it again at the next line)."""
    if isinstance(exc, FileNotFoundError):
        text = say("table.file.missing", path=str(path))
    elif isinstance(exc, PermissionError):
        text = say("table.file.denied", path=str(path))
    else:
        from scorekeeper.text import os_error

        text = say("table.file.unreadable", path=str(path), why=os_error(exc))
    return ScorekeeperError(text, rule="match", kind="match file")


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
    verbs = listed(spoken(v, lang, family) for v in hand.game.words_read)
    lines = [
        say(
            "table.help.game",
            card=card_form(deck[0].code, lang).lower(),
            trick=trick,
            words=verbs,
            example=_said_example(hand, lang) if hand.game.verbs else "",
            commands=[spoken_command(c, lang) for c in COMMANDS],
        )
    ]
    lines.extend(
        f"  {say('table.commands.' + c, command=spoken_command(c, lang))}" for c in COMMANDS
    )
    return lines


def _said_example(hand: Hand, lang: str) -> str:
    """The help's example of what a player says: the game's first word, with the card it
    takes where it takes one ('anna rufen kra': a call names its ace)."""
    verb = hand.game.verbs[0].split()[0]
    word = spoken(verb, lang, hand.rules.family)
    taking = (a for a in hand.legal_actions() if not a.is_play and a.verb == verb and a.args)
    cards = next((a.cards() for a in taking if _all_cards(a)), [])
    return " ".join([hand.players[0], word, *(card_form(c.code, lang).lower() for c in cards)])


def _all_cards(action: Action) -> bool:
    try:
        action.cards()
    except ValueError:
        return False
    return True


def judge_lines(hand: Hand) -> list[str]:
    """Which cards the player to play may play; with the deal known, why not the others."""
    player = hand.to_play()
    if player is None:
        from scorekeeper.view.value import line_start  # a line of its own: a capital

        return [line_start(say("table.judge.nobody", why=hand.game.why_not_ready()))]
    cards = hand.playable_cards(player)
    codes = " ".join(c.code for c in cards)
    holding = hand.holding(player)
    if holding is None:
        return [say("table.judge.unknown_hand", player=player, cards=codes)]
    from scorekeeper.view.value import rule_named  # the rule in the table's words
    from scorekeeper.view.words import cards as card_words  # B♥ at a Dutch table, not JH

    lines = [say("table.judge.may_play", player=player, cards=codes)]
    for card in listed(holding):
        verdict = hand.check_card(player, card)
        if not verdict.legal:
            why = f"{verdict.reason} [{rule_named(verdict.rule or '')}]"
            lines.append(f"  {card_words(card.code)}: {why}")
    return lines


def _trump(session: Session) -> str | None:
    """The suit that is trump in the hand being played, where a card's nickname names a
    card of it (``nel``: the nine of trumps); None before trump is chosen or between hands."""
    from scorekeeper.lang.typed import hand_trump

    return hand_trump(session)
