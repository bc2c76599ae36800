"""Player names as typed: in any case, wherever a name is typed, with a did-you-mean for a
near miss.

A match's names are one word each and differ in more than case (``new`` refuses ``anna``
beside ``Anna``), so a typed name that equals one of them in any case means that player,
and is stored as the match spells it. A name that is no player but close to one (``Ana``,
``Dirck``) is refused with the name meant; one close to none is left to the refusal that
names every player. Closeness is difflib's, imported only when a name is not found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.reasons import because


def unnamed(seat: int) -> str:
    """The name a seat no one named goes by (``P2`` for the second seat), where the
    referee is asked without names: ``--json`` gives it, people read the seat in their
    table's words (``Spieler 2``: ``text.language.use_seats``)."""
    return f"P{seat}"


def unnamed_seats(names: Sequence[str], typed: Sequence[str]) -> dict[str, int]:
    """The names among ``names`` (in seat order) that the referee gave seats no one named
    (``unnamed``, and not typed), each with its seat's number: ``Anna P1 P2 P3`` asked
    with Anna named gives ``{P1: 2, P2: 3, P3: 4}``."""
    given = {unnamed(n) for n in range(1, len(names) + 1)}
    return {
        name: seat
        for seat, name in enumerate(names, 1)
        if name in given and spelled(name, typed) is None
    }


def spelled(word: str, players: Sequence[str]) -> str | None:
    """The player ``word`` names in any case, as the match spells it; None if none."""
    if word in players:
        return word
    folded = word.casefold()
    return next((p for p in players if p.casefold() == folded), None)


NEAR = 0.6
"""How alike (difflib's ratio, 0 to 1) a typed name and a player's must be to be taken
for a typo of it (``Ana`` for Anna 0.86, ``Dirck`` for Dirk 0.89; ``Zed`` for Ben 0.33)."""


def near(word: str, players: Sequence[str]) -> str | None:
    """The player whose name is closest to ``word`` when it is close (a typo), or None."""
    import difflib  # only a name not found asks: deferred for start-up

    folded = {p.casefold(): p for p in players}
    close = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=NEAR)
    return folded[close[0]] if close else None


def player(word: str, players: Sequence[str], *, where: str | None = None) -> str:
    """The player ``word`` names, as the match spells it; a near miss is refused with the
    name meant (a usage mistake); any other word is handed back as typed, for the
    refusal that lists the players."""
    found = spelled(word, players)
    if found is not None:
        return found
    meant = near(word, players)
    if meant is not None:
        raise ScorekeeperError(
            because("session.name_near", "players", name=word, meant=meant, players=tuple(players)),
            where=where,
            kind="usage",
        )
    return word


def actor(text: str, players: Sequence[str]) -> str:
    """An action typed with its actor first (``anna re``), the actor as the match spells
    them."""
    first, space, rest = text.strip().partition(" ")
    if not first:
        return text
    return player(first, players) + space + rest


def facts(items: Sequence[str], keys: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """``KEY=VALUE`` facts with every name in them (the facts whose declaration says they
    name players, ``QuickKey.names``) as the match spells it."""
    out = []
    for item in items:
        key, eq, value = item.partition("=")
        how = getattr(keys.get(key.strip()), "names", "") if eq else ""
        if not how or not value:
            out.append(item)
            continue
        parts = [_named(part, how, players, f"quick.{key.strip()}") for part in value.split(",")]
        out.append(key + eq + ",".join(parts))
    return out


def _named(part: str, how: str, players: Sequence[str], where: str) -> str:
    """One entry of a fact with the name in it as the match spells it (``how``: ``word``
    the whole entry, ``first`` its first word, ``colon`` what stands before a colon)."""
    if how == "word":
        word = part.strip()
        return part.replace(word, player(word, players, where=where), 1) if word else part
    if how == "colon":
        name, colon, rest = part.partition(":")
        if not colon:
            return part
        word = name.strip()
        return name.replace(word, player(word, players, where=where), 1) + colon + rest
    first = part.split()
    if not first:
        return part
    return part.replace(first[0], player(first[0], players, where=where), 1)


def merged(typed: Sequence[str]) -> list[str]:
    """Names typed in several places (a trick, ``--player``, facts) as one table: the
    first spelling of each name in any case, in the order first typed."""
    out: list[str] = []
    for word in typed:
        if word and spelled(word, out) is None:
            out.append(word)
    return out


def in_facts(items: Sequence[str], keys: Mapping[str, Any]) -> list[str]:
    """The names ``KEY=VALUE`` facts give, in the order typed (any case)."""
    found: list[str] = []
    for item in items:
        key, eq, value = item.partition("=")
        how = getattr(keys.get(key.strip()), "names", "") if eq else ""
        for part in value.split(",") if how else ():
            name = part.partition(":")[0] if how == "colon" else part
            words = name.split()
            if words and (how != "word" or len(words) == 1):
                found.append(words[0])
    return found


def judged_facts(
    items: Sequence[str],
    actions: Sequence[str],
    keys: Mapping[str, Any],
    table: Sequence[str] | None,
) -> tuple[list[str], list[str]]:
    """``judge``'s facts and actions with each name in any case as ``--names`` spells it
    (``table``), else as first typed."""
    typed = list(
        table or merged([*in_facts(items, keys), *(a.split()[0] for a in actions if a.split())])
    )
    return facts(items, keys, typed), [actor(a, typed) for a in actions]


def judged_seats(
    plays: Sequence[tuple[str, Any]], player: str | None, partner: str | None
) -> tuple[list[tuple[str, Any]], str | None, str | None]:
    """``judge``'s trick, player and partner with each name in any case as first typed
    (the trick, then ``--player``, ``--partner``)."""
    seats = merged([*(who for who, _ in plays), player or "", partner or ""])
    return (
        [(spelled(who, seats) or who, card) for who, card in plays],
        spelled(player, seats) if player else player,
        spelled(partner, seats) if partner else partner,
    )
