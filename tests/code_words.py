"""Finding the match file's codes and English words in German or Dutch text (issue 27):
the list is language data (``[codes]`` of ``scorekeeper/lang/{de,nl}.toml``)."""

from __future__ import annotations

import functools
import re

from scorekeeper.lang import language

# What stays as it is: a dotted key where the file is pointed at (m.toml:2: options.x), a
# file's name (m.toml, d.csv), a KEY= typed on the command line, a --option, a command of
# the program ('scorekeeper score'), a path, a table of the match file ([[hand]]). A rule
# set's key anywhere else is a code: in brackets beside a hand's value or under a heading
# ('[card_points.total]', '[announcements.window]') or bare at the end of a line
# ('scoring.won'); a person reads the rule's name.
# A rule a refusal names in brackets is read: '[Regel: options.revoke_penalty]' is a code,
# '[Regel: Strafe für Nichtbedienen]' the table's words (scanned as any other).
_REFERENCE = re.compile(
    r"\[\[\w+\]\]|\S+\.toml:\d+:(?: [\w.]+)?|\b[\w-]+\.(?:toml|csv|json|html|md|txt|po)\b"
    r"|--[\w-]+|\S*/\S*|\b\w+(?==)|\bscorekeeper [\w-]+"
)
# a rule set's key: a dotted one (scoring.won, card_points.total; not 0.05, not 'z.B.'),
# one in brackets ([four_of_a_kind_ranks], [teams]), one of the rule sets' keys with an
# underscore (tie_carry; not a German argument's name, neuer_name)
_KEY = re.compile(
    r"\[[a-z_]+(?:\.[a-z_0-9]+)*\]|\b[a-z_]{2,}(?:\.[a-z_0-9]{2,})+\b"
    r"|\b[a-z]+(?:_[a-z0-9]+)+\b"
)
_RULE_TAG = re.compile(r"\[(?:[Rr]egel|rule): ([\w.]+)\]")


@functools.cache
def _pattern(lang: str) -> re.Pattern[str]:
    words = sorted(language(lang).codes, key=len, reverse=True)
    alts = "|".join(re.escape(w) + (r"(?![\w-])" if w[-1].isalnum() else "") for w in words)
    return re.compile(rf"(?<![\w'’-])(?:{alts})")


def code_words(text: str, lang: str) -> list[str]:
    """The codes ``text`` holds where a table of ``lang`` reads words (references aside)."""
    keys = [m.group(0) for m in _RULE_TAG.finditer(text) if _is_key(m.group(1), lang)]
    keys += [m.group(0) for m in _fact_keys(lang).finditer(text)]
    plain = _REFERENCE.sub(" ", _RULE_TAG.sub(" ", text))
    found = [m.group(0) for m in _KEY.finditer(plain)]
    keys += [k for k in found if _bare_key(k, lang)]
    plain = _KEY.sub(" ", plain)
    return keys + [m.group(0) for m in _pattern(lang).finditer(plain)]


@functools.cache
def _fact_keys(lang: str) -> re.Pattern[str]:
    """A quick hand's fact by its key before ``=`` (``re_points=``, ``redeal=ja``) where
    this table names it otherwise (``Re-Augen=``, ``eingeworfen=ja``): the key is typed
    on the command line too, but a sentence names the fact as the table does."""
    names = language(lang).facts
    keys = sorted((k for k, v in names.items() if v and v[0] != k), key=len, reverse=True)
    return re.compile(rf"(?<![\w'’-])(?:{'|'.join(map(re.escape, keys))})(?==)")


def _is_key(rule: str, lang: str) -> bool:
    """A rule in brackets named by its key (``teams``, ``options.piglets``), not worded."""
    return "." in rule or "_" in rule or rule in _keys(lang)


def _bare_key(word: str, lang: str) -> bool:
    """A key the text names bare: dotted, or one of the rule sets' keys (``tie_carry``)."""
    if word.startswith("["):
        return _is_key(word.strip("[]"), lang)
    return "." in word or word in _rule_set_keys()


@functools.cache
def _rule_set_keys() -> frozenset[str]:
    """Every key of the shipped rule sets and their options, at any depth."""
    import tomllib

    from scorekeeper.rules.source import shipped_dirs

    keys: set[str] = set()

    def walk(data: object) -> None:
        if isinstance(data, dict):
            keys.update(k for k in data if isinstance(k, str))
            for value in data.values():
                walk(value)
        elif isinstance(data, list):
            for value in data:
                walk(value)

    for folder in shipped_dirs():
        for path in folder.glob("*.toml"):
            walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return frozenset(k for k in keys if "_" in k)


@functools.cache
def _keys(lang: str) -> frozenset[str]:
    """The rule sets' keys that ``lang`` names otherwise (``teams``: Parteien)."""
    return frozenset(k for k, w in language(lang).sections.items() if w != k)


# a Python value shown as the program holds it ("['A', 'A']", "{'re': 1}", "('x',)", None)
_REPR = re.compile(
    r"\[\s*'[^'\]]*'\s*(?:,\s*'[^'\]]*'\s*)*\]|\{\s*'\w+'\s*:|\(\s*'[^']*',\s*\)|\bNone\b"
)
# a card as the match file writes it (QC, 10H, AD): a German or Dutch table names it (D♣)
_CARD_CODE = re.compile(r"(?<![\w=/.-])(?:10|[2-9AKQJ])[CSHD](?![\w♣♠♥♦])")
# what opens a line before its first word: blanks, a rule of a box, a mark
_LEAD = re.compile(r"^[\s│|#•·→>`(\[\-–—]*")
# a line that is a row of figures ('+1 gewonnen', 'x2 Re angesagt', '3 Zahlungen'), a
# legend ('* Re'), a key typed as KEY= ('re=Liste ...'), or a file's problem ('m.toml: ...')
_NOT_A_SENTENCE = re.compile(r"^(?:[+\-−x×]?\d|\\?\*\s|[\w-]+=|\S*[/\\.]\S*:)")


def lower_start(line: str, lang: str | None = None) -> bool:
    """A line that begins with a small letter ('slag 1 naar Anna', 'fout: ...'): a table's
    line begins with a capital, as a sentence does; a row of figures, a legend, a key as
    typed and a file's problem (see ``_NOT_A_SENTENCE``) aside, and a typed word in
    quotes."""
    rest = _LEAD.sub("", line, count=1)
    if not rest or rest[0] in "'\"" or _NOT_A_SENTENCE.match(rest):
        return False
    if lang is not None and re.split(r"[\s:\[]", rest, maxsplit=1)[0] in _commands(lang):
        return False  # the table's help: a command as it is typed, then what it does
    return rest[0].isalpha() and rest[0].islower()


@functools.cache
def _commands(lang: str) -> frozenset[str]:
    """The table session's commands as a table of ``lang`` types them (``zurück``)."""
    return frozenset(language(lang).commands)


def faults(text: str, lang: str) -> list[str]:
    """Every line of ``text`` that a table of ``lang`` should not read: an English code or
    a rule set's key (:func:`code_words`), a Python value as the program holds it, a card
    as the match file writes it, a line that begins with a small letter."""
    found = []
    for line in text.splitlines():
        why = code_words(line, lang)
        why += [m.group(0) for m in _REPR.finditer(line)]
        why += [m.group(0) for m in _CARD_CODE.finditer(_REFERENCE.sub(" ", line))]
        if lower_start(line, lang):
            why.append("small letter first")
        if why:
            found.append(f"{line.strip()}  <- {', '.join(why)}")
    return found
