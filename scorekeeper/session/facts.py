"""Quick facts typed at the table (``re=Anna,Carla re_points=165``), read in one place.

Every command that takes facts (``hand``, ``amend``, ``judge --fact``) reads them here,
by the family's own declaration (``quick_keys()``): which keys exist, their kinds, how a
value is parsed and checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.reasons import because
from scorekeeper.session.names import unnamed


def parse_fact_items(
    items: Sequence[str], keys: Mapping[str, Any], game: str
) -> list[tuple[str, Any]]:
    """``KEY=VALUE`` words as (key, value) pairs in the order typed, each value parsed."""
    parsed: list[tuple[str, Any]] = []
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or key not in keys:
            raise ScorekeeperError(
                because("session.fact_form", "quick", item=item, game=game, keys=tuple(keys))
            )
        try:
            parsed.append((key, keys[key].parse(value)))
        except ScorekeeperError as exc:
            why = exc.reason or exc.message
            raise ScorekeeperError(
                because("session.fact_refused", exc.rule, key=key, value=value, why=why)
            ) from None
    return parsed


def parse_facts(items: Sequence[str], keys: Mapping[str, Any], game: str) -> dict[str, Any]:
    """``KEY=VALUE`` words as a facts table; a key typed twice is refused (which value
    would the table mean?)."""
    facts: dict[str, Any] = {}
    for key, value in parse_fact_items(items, keys, game):
        if key in facts:
            raise ScorekeeperError(because("session.fact_twice", "quick", key=key))
        facts[key] = value
    return facts


def names_from(
    facts: Mapping[str, Any], seated: int, keys: Mapping[str, Any] | None = None
) -> list[str]:
    """Player names for a value question: those the facts mention, then seats no one named
    (``unnamed``: P1, P2...).

    With the family's ``keys``, only the facts its declaration says name players are read,
    each as it names them (a trump suit or a game is never taken for a name)."""
    found: list[str] = []
    for name, value in facts.items():
        how = getattr(keys.get(name), "names", "") if keys is not None else "first"
        for item in value if isinstance(value, list) else [value]:
            word = _named(str(item), how)
            # a name in any case where the declaration says it is one (``re=anna``)
            if (word[:1].isupper() or keys is not None) and word and word not in found:
                found.append(word)
    n = 1
    while len(found) < seated:
        if unnamed(n) not in found:
            found.append(unnamed(n))
        n += 1
    return found


def _named(item: str, how: str) -> str:
    """The player an entry of a fact names (``how``: see ``QuickKey.names``), or ""."""
    if how == "colon":
        item = item.partition(":")[0]
    if how == "word":
        return item.strip()
    words = item.split()
    return words[0] if how in ("first", "colon") and words else ""


def yes_no(text: str, lang: str) -> str:
    """A yes/no answer as the table says it (``ja``, ``nee``, ``yes``; any language the
    program speaks, the table's first) as the ``true`` / ``false`` the facts take; other
    words as typed."""
    from scorekeeper.lang import LANGS, language
    from scorekeeper.lang.data import fold

    word = fold(text)
    for code in (lang, *LANGS):
        voc = language(code)
        if word in voc.yes:
            return "true"
        if word in voc.no:
            return "false"
    return text.strip()


def named_as_seated(key: Any, text: str, players: Sequence[str]) -> str:
    """A fact's value with each player it names written as seated (``anna`` -> ``Anna``);
    a near miss is refused naming the player meant (did you mean ``Carla``?). Words that
    name no one (``team1``, a suit) are left for the game to read."""
    import difflib

    how = getattr(key, "names", "")
    if not how:
        return text
    items = text.split(",") if key.kind == "list" else [text]
    out = []
    for item in items:
        word = _named(item, how)
        if not word:
            out.append(item)
            continue
        seated = [p for p in players if p.casefold() == word.casefold()]
        if seated:
            out.append(item.replace(word, seated[0], 1))
            continue
        folded = {p.casefold(): p for p in players}
        close = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.6)
        near = [folded[c] for c in close]
        near = near or [p for p in players if p.casefold().startswith(word.casefold())][:1]
        if near:
            raise ScorekeeperError(
                because(
                    "session.fact_player", "quick", word=word, near=near[0], players=list(players)
                ),
                kind="usage",
            )
        out.append(item)
    return ",".join(out)


def fact_now(
    family: Any,
    rules: Any,
    players: Sequence[str],
    dealer: str,
    context: dict[str, object],
    given: Mapping[str, Any],
    name: str,
) -> None:
    """Check fact ``name`` of a quick hand at once, with the facts given so far: the game's
    own refusal of its value (a range, a word, a name), by the same checks that score the
    hand; what the game says of facts not answered yet is left for their turn."""
    from scorekeeper.errors import IllegalActionError

    try:
        family.score_quick(rules, list(players), dealer, dict(given), [], dict(context))
    except IllegalActionError as exc:
        for problem in getattr(exc, "problems", [exc]):
            if problem.where == f"quick.{name}":
                raise problem from None
