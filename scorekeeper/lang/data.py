"""The language files (``en.toml``, ``de.toml``, ``nl.toml`` beside this module), read into
typed records: the card names, the short forms and symbols players write, and the games'
own words.

A file is package data; it is read once per process and checked as it is read, so that a
broken file is one clear error naming the file and the key, never a ``KeyError`` later.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scorekeeper.caches import memo
from scorekeeper.errors import ScorekeeperError
from scorekeeper.lang.codes import DEFAULT, LANGS
from scorekeeper.reasons import because
from scorekeeper.record import field, record

__all__ = ["DEFAULT", "LANGS", "Language", "Name", "fold", "language", "parse"]

SUIT_CODES = ("C", "S", "H", "D")
RANK_CODES = ("A", "10", "K", "Q", "J", "9", "8", "7")
FAMILIES = ("doppelkopf", "klaverjassen", "klaberjass", "kloepper", "bierkopf")


def fold(text: str) -> str:
    """A word as it is looked up: any case, hyphens and dots left out (``Kreuz-Dame``)."""
    return text.casefold().replace("-", "").replace(".", "").strip()


@record(frozen=True)
class Name:
    """A suit or rank in one language: its code, its name, the letter(s) of its short
    form, its symbol (suits) and every form a player may write, folded."""

    code: str
    name: str
    letter: str
    symbol: str
    read: frozenset[str]


@record(frozen=True)
class Term:
    """A concept's one term in a language, and the words said for it elsewhere that this
    language's texts never use (``Damen-Solo`` beside ``Damensolo``)."""

    term: str
    rivals: tuple[str, ...] = ()


@record(frozen=True)
class Language:
    """One language file: names of suits and ranks, card-name styles, the games' words
    (``words``: key -> the term; ``terms``: the engine's English phrase -> the term,
    ``normal game`` -> ``Normalspiel``) and what players type (``read``: phrase -> canonical
    words), the latter also per family (``read_family``)."""

    code: str
    name: str
    connectors: tuple[str, ...]
    styles: Mapping[str, str]
    suits: Mapping[str, Name]
    ranks: Mapping[str, Name]
    words: Mapping[str, str]
    read: Mapping[str, str]
    read_family: Mapping[str, Mapping[str, str]]
    terms: Mapping[str, str] = field(default_factory=dict)
    sections: Mapping[str, str] = field(default_factory=dict)
    money: str = "{amount}"
    pair: str = "{first} & {second}"
    """Two partners as this table writes them (``Anna & Carla``)."""
    seat: str = "P{n}"
    """A seat no one named, as this table says it (``Spieler 2``): the referee asked
    without names (``--json`` keeps ``P2``)."""
    commands: Mapping[str, str] = field(default_factory=dict)
    nicknames: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    topics: Mapping[str, str] = field(default_factory=dict)
    codes: tuple[str, ...] = ()
    settings: Mapping[str, str] = field(default_factory=dict)
    values: Mapping[str, str] = field(default_factory=dict)
    rulesets: Mapping[str, str] = field(default_factory=dict)
    """A shipped rule set's English name (folded) -> its name at this table."""
    glossary: Mapping[str, Term] = field(default_factory=dict)
    """One term per concept (``hand`` -> ``Spiel``) and the rivals this table never says."""
    facts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """A quick hand's fact (``re_points``) -> its names at this table (``Re-Augen``), read
    back by ``hand`` and the table; the first is the one shown."""
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    """How a player of this language answers a yes/no question (``ja``, ``nee``), folded;
    the first of each is the word shown."""
    done: tuple[str, ...] = ()
    """What a player of this language says to finish a quick hand's questions (``klaar``,
    ``fertig``, ``done``), folded: the hand recorded with the facts given so far."""

    def phrases(self, family: str | None) -> dict[str, str]:
        """Typed phrase (folded, single spaces) -> canonical words, for ``family``: what
        players type, and each solo's name as this table's texts say it (``Fleischloser``,
        ``klaverensolo``, ``solo zonder troef``), so that what the program says can be
        typed back."""
        found = {
            " ".join(fold(term).split()): key
            for key, term in self.terms.items()
            if key.startswith("solo ")
        }
        found.update(self.read)
        if family is not None:
            found.update(self.read_family.get(family, {}))
        return found


def _bad(code: str, key: str, what: str, **params: Any) -> ScorekeeperError:
    """``key`` of a language file is not what it must be: ``what`` names it
    (``lang.bad_file.WHAT``, worded in the table's language as the rest)."""
    must = because(f"lang.bad_file.{what}", None, **params)
    return ScorekeeperError(
        because("lang.bad_file", None, file=f"{code}.toml", key=key, what=must), kind="file"
    )


def _text(code: str, table: Mapping[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value:
        raise _bad(code, f"{where}{key}", "text")
    return value


def _strings(code: str, table: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise _bad(code, f"{where}{key}", "texts")
    return tuple(value)


def _names(
    code: str, data: Mapping[str, Any], part: str, codes: tuple[str, ...]
) -> dict[str, Name]:
    table = data.get(part)
    if not isinstance(table, Mapping) or set(table) != set(codes):
        raise _bad(code, part, "each", codes=list(codes))
    names: dict[str, Name] = {}
    for item in codes:
        entry = table[item]
        if not isinstance(entry, Mapping):
            raise _bad(code, f"{part}.{item}", "table")
        where = f"{part}.{item}."
        letter = _text(code, entry, "letter", where)
        symbol = entry.get("symbol", "")
        forms = {fold(f) for f in (*_strings(code, entry, "read", where), letter, symbol) if f}
        names[item] = Name(
            item, _text(code, entry, "name", where), letter, symbol, frozenset(forms)
        )
    return names


def _refused(code: str, message: str, key: str, **params: Any) -> ScorekeeperError:
    """A language file refused by ``message`` (``lang.family_key``...), naming its key."""
    return ScorekeeperError(
        because(message, None, file=f"{code}.toml", key=key, **params), kind="file"
    )


def _word_table(code: str, table: Any, where: str, families: bool = False) -> dict[str, str]:
    """``[where]``: typed word -> word; with ``families`` (``[read]``) a game's own table
    ``[read.GAME]`` is read separately, and a game's name is no word of the table itself."""
    if not isinstance(table, Mapping):
        raise _bad(code, where, "words")
    out: dict[str, str] = {}
    for key, value in table.items():
        if families and key in FAMILIES and not isinstance(value, Mapping):
            raise _refused(code, "lang.family_key", f"{where}.{key}", game=key, table=where)
        if isinstance(value, Mapping):
            if families and key in FAMILIES:
                continue  # a family's own table, read separately
            games = list(FAMILIES) if families else []
            if not games:  # a table where only words belong: its words would be lost
                raise _bad(code, f"{where}.{key}", "text")
            raise _refused(code, "lang.unknown_table", f"{where}.{key}", games=games)
        if not isinstance(value, str) or not value:
            raise _bad(code, f"{where}.{key}", "text")
        out[" ".join(fold(key).split())] = value
    return out


def parse(code: str, data: Mapping[str, Any]) -> Language:
    """A language file's parsed TOML as its typed record (raises naming the bad key)."""
    read = data.get("read", {})
    plain = _word_table(code, read, "read", families=True)
    families = {
        fam: _word_table(code, read[fam], f"read.{fam}")
        for fam in FAMILIES
        if isinstance(read, Mapping) and fam in read
    }
    words = data.get("words", {})
    if not isinstance(words, Mapping) or not all(isinstance(v, str) for v in words.values()):
        raise _bad(code, "words", "strings")
    return Language(
        code=_text(code, data, "code", ""),
        name=_text(code, data, "name", ""),
        connectors=tuple(fold(c) for c in _strings(code, data, "connectors", "")),
        styles={s: _text(code, data, s, "") for s in ("short", "full", "symbol")},
        suits=_names(code, data, "suits", SUIT_CODES),
        ranks=_names(code, data, "ranks", RANK_CODES),
        words=dict(words),
        read=plain,
        read_family=families,
        terms=_word_table(code, data.get("terms", {}), "terms"),
        sections=_word_table(code, data.get("sections", {}), "sections"),
        money=_text(code, data, "money", "") if "money" in data else "{amount}",
        pair=_text(code, data, "pair", "") if "pair" in data else "{first} & {second}",
        seat=_text(code, data, "seat", "") if "seat" in data else "P{n}",
        commands=_word_table(code, data.get("commands", {}), "commands"),
        nicknames=_nicknames(code, data.get("nicknames", {})),
        topics=_word_table(code, data.get("topics", {}), "topics"),
        codes=_strings(code, data.get("codes", {}), "words", "codes."),
        settings=_word_table(code, data.get("settings", {}), "settings"),
        values=_word_table(code, data.get("values", {}), "values"),
        rulesets=_word_table(code, data.get("rulesets", {}), "rulesets"),
        glossary=_glossary(code, data.get("glossary", {})),
        facts=_fact_names(code, data.get("facts", {})),
        yes=tuple(fold(w) for w in _strings(code, data, "yes", "")),
        no=tuple(fold(w) for w in _strings(code, data, "no", "")),
        done=tuple(fold(w) for w in _strings(code, data, "done", "")),
    )


def _fact_names(code: str, table: Any) -> dict[str, tuple[str, ...]]:
    """``[facts]``: a quick hand's fact -> its names at this table, a list of texts."""
    if not isinstance(table, Mapping):
        raise _bad(code, "facts", "words")
    return {key: _strings(code, table, key, "facts.") for key in table}


def _glossary(code: str, table: Any) -> dict[str, Term]:
    """``[glossary.CONCEPT]``: ``term`` and its ``rivals``."""
    if not isinstance(table, Mapping):
        raise _bad(code, "glossary", "concepts")
    out: dict[str, Term] = {}
    for concept, entry in table.items():
        if not isinstance(entry, Mapping):
            raise _bad(code, f"glossary.{concept}", "term")
        where = f"glossary.{concept}."
        out[concept] = Term(
            _text(code, entry, "term", where), _strings(code, entry, "rivals", where)
        )
    return out


TRUMP_SUIT = "{T}"
"""In a nickname's card, the suit that is trump in the hand (``nel`` = ``9{T}``)."""


def _nicknames(code: str, table: Any) -> dict[str, dict[str, str]]:
    """``[nicknames.FAMILY]``: a card's nickname at that game's table -> its code."""
    from scorekeeper.cards import Card

    if not isinstance(table, Mapping) or not set(table) <= set(FAMILIES):
        raise _bad(code, "nicknames", "games", games=list(FAMILIES))
    out: dict[str, dict[str, str]] = {}
    for family, names in table.items():
        words = _word_table(code, names, f"nicknames.{family}")
        for word, card in words.items():
            try:  # J{T}: the jack of the hand's trump suit, whichever it is
                Card.parse(card.replace(TRUMP_SUIT, "H"))
            except ValueError:
                raise _bad(code, f"nicknames.{family}.{word}", "card") from None
        out[family] = words
    return out


@memo("lang.language", "language code", maxsize=None)
def language(code: str) -> Language:
    """The language ``code`` (``en``, ``de``, ``nl``), read from its file once."""
    if code not in LANGS:
        raise ScorekeeperError(
            because("lang.unknown", "lang", lang=code, known=list(LANGS)), kind="usage"
        )
    return from_text(code, (Path(__file__).parent / f"{code}.toml").read_text("utf-8"))


def from_text(code: str, text: str) -> Language:
    """A language file's text as its typed record (raises naming the file and the key)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _not_toml(code, text, str(exc)) from None
    return parse(code, data)


def _not_toml(code: str, text: str, why: str) -> ScorekeeperError:
    """A language file TOML refuses; a game's name written as a word of ``[read]`` (or of
    ``[nicknames]``) beside that game's own table is said as such, with the line."""
    import re

    at = re.search(r"at line (\d+)", why)
    lines = text.splitlines()
    if at is not None and 0 < int(at[1]) <= len(lines):
        header = re.fullmatch(r"\s*\[\s*(\w+)\.(\w+)\s*\].*", lines[int(at[1]) - 1])
        if header is not None and header[2] in FAMILIES:
            key = f"{header[1]}.{header[2]}"
            return _refused(code, "lang.family_key", key, game=header[2], table=header[1])
    return _refused(code, "lang.not_toml", "", why=why)
