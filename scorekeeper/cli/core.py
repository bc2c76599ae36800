"""What every command shares, without Typer: how a refusal ends it (one clear line, or
the JSON object, and its exit code) and reading the words players type in the match's
language for options, rulings and amendments.

A command parses words, asks the session (or the referee) and renders the answer. Errors
go to stderr as one clear line (with the rule-set key), the exit code is 1 (2 for a
usage mistake), and the match file is left exactly as it was. The guard that ends a
command so (:func:`.quick.guarded`) is the process's end, in :mod:`.quick`; the match a
command works on is opened by :func:`.work.editing`. On a command that goes well nothing
here runs. Nothing heavy is imported here, Typer and click included: the table's commands
run without them (:mod:`.quick`); :mod:`.common` adds the Typer options.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from scorekeeper.errors import ScorekeeperError
from scorekeeper.lang.typed import typed, typed_cards, typed_facts
from scorekeeper.reasons import Reason, because, reason_of
from scorekeeper.text.language import UnknownLanguage

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset
    from scorekeeper.session import Session


def echo(line: str) -> None:
    """One line on standard output, byte for byte as ``typer.echo`` writes it, flushed at
    once: nothing removed (a colour sequence in data is shown as its escape by the stream,
    :class:`scorekeeper.shown.VisibleStream`, also through a pipe)."""
    out = sys.stdout
    out.write(line + "\n")
    out.flush()


def json_wanted() -> bool:
    return "--json" in sys.argv


def unknown_language(exc: UnknownLanguage) -> ScorekeeperError:
    """The refusal of a language the environment names (``SCOREKEEPER_LANG=fr``): a usage
    mistake, naming the setting and the languages scorekeeper speaks."""
    from scorekeeper.text.language import LANGUAGES

    unknown = because("lang.unknown", "lang", lang=exc.code, known=list(LANGUAGES))
    return ScorekeeperError(unknown, where=exc.where, kind="usage")


def closed_pipe() -> NoReturn:
    """Standard output was closed by its reader (``scorekeeper matches | head -1``): end
    quietly, as a program stopped by SIGPIPE does (exit 141), with nothing on stderr.

    What is still buffered goes to /dev/null, so that Python's last flush cannot fail.
    Nothing is lost: a command writes its match file before it prints.
    """
    import signal

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    raise SystemExit(128 + signal.SIGPIPE)


USAGE_REASONS = frozenset(
    {
        # a card typed that cannot be read
        "actions.needs_actor",
        "actions.not_player",
        "actions.one_card",
        "actions.unknown_card",
        "cards.empty",
        "cards.no_such",
        "cards.unknown",
        "cards.unknown_suit",
        "lang.ambiguous",
        "lang.not_a_card",
        "lang.unknown_card",
        # a word no game of the rule set knows
        "games.neither",
        "games.unknown_game",
        "bierkopf.unknown_verb",
        "doppelkopf.game.unknown",
        "doppelkopf.quick.solo_unknown",
        "doppelkopf.quick.unknown_announcement",
        "doppelkopf.solo.unknown",
        "klaberjass.unknown_verb",
        "klaberjass.unknown_word",
        "klaberjass.unknown_word_suit",
        "klaverjassen.unknown_verb",
        "kloepper.unknown_verb",
        # a fact or a value missing or in the wrong form
        "cli.deal_usage",
        "cli.hand_facts",
        "cli.play_usage",
        "games.not_bool",
        "games.not_number",
        "games.quick.choice",
        "games.quick.kind",
        "games.quick.unknown",
        "klaberjass.quick.points_form",
        "klaberjass.quick.sequence_form",
        "session.fact_form",
        "session.fact_refused",
        "session.fact_twice",
        # an option or a rule set that does not exist, a value it does not take
        "cli.set_form",
        "cli.set_twice",
        "rules.option.none",
        "rules.option.not_a_choice",
        "rules.option.not_a_value",
        "rules.option.takes",
        "rules.option.type_kept",
        "rules.option.unknown",
        "rules.option.unknown_for",
        "rules.option.unknown_for_near",
        "rules.option.unknown_near",
        "rules.options_make",
        "rules.unknown_ruleset",
        "referee.topic",
    }
)
"""Refusals of words the program could not read: no game's rule is broken, the table
typed something else than it meant. Their kind stays ``rule`` (the text keeps naming the
rule-set key whose words were expected); they exit 2 as every usage mistake does."""


def exit_code(exc: ScorekeeperError) -> int:
    """2 for a usage mistake (a card or a word that cannot be read, a missing or malformed
    value, an unknown option), 1 for a refusal under the rules or of the file."""
    if exc.kind == "usage":
        return 2
    reason = exc.reason or reason_of(exc.message)
    while reason is not None:
        if reason.key in USAGE_REASONS:
            return 2
        inner = reason.params.get("why")  # a refusal that wraps another (hand.refused)
        reason = inner if isinstance(inner, Reason) else None
    return 1


def fail(exc: ScorekeeperError) -> None:
    if json_wanted():
        import json

        sys.stderr.write(json.dumps(exc.to_dict(), ensure_ascii=False) + "\n")
    else:
        from scorekeeper.cli import render

        for line in str(exc).splitlines():
            # a file name's bytes that are not UTF-8 show as bytes (\xff), not as \udcff
            render.error(
                line.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            )
    raise SystemExit(exit_code(exc))


def options(
    pairs: list[str] | None,
    file: Path | None = None,
    ruleset: str | None = None,
    lang: str | None = None,
) -> dict[str, Any]:
    """Option values from ``--options FILE`` and ``--set name=value`` (these win); with
    the ``ruleset``, names and values as the table's language words them are read too
    (``Gleichstand=keine``): the language of ``lang`` (a new match's), else the view's."""
    found: dict[str, Any] = {}
    given: set[str] = set()
    if file is not None:
        from scorekeeper.rules.source import read_options

        found.update(read_options(file))
    for pair in pairs or []:
        if "=" not in pair:
            raise ScorekeeperError(because("cli.set_form", "options", pair=pair))
        key, value = pair.split("=", 1)
        if key.strip() in given:
            raise ScorekeeperError(because("cli.set_twice", "options", key=key.strip()))
        given.add(key.strip())
        found[key.strip()] = value.strip()
    if ruleset is not None and pairs:
        from scorekeeper.lang.typed import typed_options
        from scorekeeper.text import language

        return typed_options(ruleset, found, lang or language.typed())
    return found


def typed_amendment(
    session: Session, trick: int | None, action: int | None, values: Sequence[str]
) -> list[str]:
    """``amend``'s values read in the match's language: a trick's cards, an action's
    words or a quick hand's facts. English values stay exactly as typed."""
    from scorekeeper.lang import DEFAULT
    from scorekeeper.matchlog.files import for_match
    from scorekeeper.ruleset import load
    from scorekeeper.text.language import match_lang

    if match_lang(session.header) == DEFAULT:
        return list(values)
    rules = load(for_match(session.header.ruleset, session.path), session.header.options)
    if trick is not None:
        return typed_cards(session, values, rules)
    if action is not None:
        return [" ".join(typed(session, v.split(), rules)) for v in values]
    return typed_facts(session, values, rules)


def _nicknamed(rules: Ruleset, asked: dict[str, Any]) -> dict[str, Any]:
    """English ``judge`` input as typed, but for a card's nickname (``Dulle`` -> 10H)."""
    from scorekeeper.lang.reading import nickname

    def one(word: str) -> str:
        who, colon, card = word.rpartition(":")
        return who + colon + (nickname(card, "en", rules.family) or card)

    out = dict(asked)
    for key in ("trick", "hand"):
        if out.get(key):
            out[key] = " ".join(one(w) for w in str(out[key]).split(" "))
    return out


def _trump_suit(said: Any) -> str | None:
    """The suit code ``--trump`` names (``hearts``, ``H``), or None."""
    from scorekeeper.cards import SUIT_NAMES

    word = str(said or "").strip().casefold()
    return next((c for c, n in SUIT_NAMES.items() if word in (n, c.casefold())), None)


def judged(rules: Ruleset, asked: dict[str, Any]) -> dict[str, Any]:
    """``judge``'s words read in the language of ``--lang``, else the current match's,
    else the environment's (``SCOREKEEPER_LANG``, the locale), the first of them that is
    not English (German or Dutch; every language reads English forms too): the trick's
    and the hand's cards (by their nicknames too), the trump suit, the facts and what was
    said. English input stays exactly as typed, nicknames read."""
    from scorekeeper.lang import DEFAULT, environment_lang, read_cards, read_trick, translate
    from scorekeeper.text.language import chosen, matched

    # every language reads the English forms too: the first one not English is read
    langs = (chosen(), matched(), environment_lang())
    lang = next((x for x in langs if x not in (None, DEFAULT)), DEFAULT)
    if lang == DEFAULT:
        return _nicknamed(rules, asked)

    def words(text: str) -> str:
        return " ".join(translate(text, lang, family=rules.family))

    out = dict(asked)
    if out.get("trump"):
        from scorekeeper.cards import SUIT_NAMES
        from scorekeeper.lang.reading import read_suit

        suit = read_suit(out["trump"], lang)  # by its letter too: R, Kl, Ka
        out["trump"] = SUIT_NAMES[suit] if suit is not None else words(out["trump"])
    trump = _trump_suit(out.get("trump"))  # nel, jas: the nine and jack of that suit
    if out.get("trick"):
        out["trick"] = read_trick(out["trick"], lang, rules.deck, rules.family, trump)
    if out.get("hand") is not None:
        out["hand"] = " ".join(read_cards(out["hand"], lang, rules.deck, rules.family, trump))
    if out.get("game"):
        out["game"] = _game_key(out["game"], lang, rules.family)
    out["action"] = [words(a) for a in out.get("action") or []] or out.get("action")
    from scorekeeper.games import family_for
    from scorekeeper.lang.terms import fact_key

    keys = family_for(rules).quick_keys()  # a fact by its name here too: 'Re-Augen'
    facts = [f.partition("=") for f in out.get("fact") or []]
    out["fact"] = [
        fact_key(k.strip(), keys, lang) + s + ",".join(words(v) for v in v.split(","))
        for k, s, v in facts
    ] or out.get("fact")
    return out


def _game_key(text: str, lang: str, family: str) -> str:
    """``judge --game`` as a table of ``lang`` names the game (``vrouwensolo``, ``vrouwen``,
    ``Schweinchen``, ``normaal spel``): its key (``queens``, ``piglets``, ``normal``); a
    word not read stays as typed (the rule set refuses it, listing its games)."""
    from scorekeeper.lang import language, translate
    from scorekeeper.lang.data import fold

    for code, name in language(lang).terms.items():
        if fold(name) == fold(text) and code in ("normal", "normal game", "piglets"):
            return "normal" if code.startswith("normal") else code
    read = translate(text, lang, family=family)
    if len(read) == 2 and read[0] == "solo":
        return read[1]
    return read[0] if len(read) == 1 else text
