"""English templates of what the TOML reader finds wrong in a file a person edits (a match
file, a rule set, a language file): its reason worded in the table's language beside its
line and column, never the reader's own English ("invalid value"). The English keeps the
reader's words."""

from __future__ import annotations

import re

TEXTS: dict[str, str] = {
    "toml.at": "line {line}, column {column}: {why}",
    "toml.at_end": "at the end of the file: {why}",
    "toml.invalid_value": "invalid value",
    "toml.invalid_statement": "invalid statement",
    "toml.after_statement": "expected newline or end of document after a statement",
    "toml.expected": "expected {expect}",
    "toml.bad_character": "invalid character {char}",
    "toml.declared_twice": "cannot declare {key} twice",
    "toml.overwrite": "cannot overwrite a value",
    "toml.table_end": "expected ']' at the end of a table declaration",
    "toml.array_table_end": "expected ']]' at the end of an array declaration",
    "toml.closed_table": "cannot mutate immutable namespace {key}",
    "toml.redefine": "cannot redefine namespace {key}",
    "toml.equals": "expected '=' after a key in a key/value pair",
    "toml.key_start": "invalid initial character for a key part",
    "toml.unclosed_array": "unclosed array",
    "toml.inline_twice": "duplicate inline table key {key}",
    "toml.unclosed_inline": "unclosed inline table",
    "toml.backslash": "unescaped '\\' in a string",
    "toml.escape": "invalid escape sequence in a string",
    "toml.unterminated": "unterminated string",
    "toml.date": "invalid date or datetime",
}

_READER: list[tuple[str, str]] = [
    ("Invalid value", "toml.invalid_value"),
    ("Invalid statement", "toml.invalid_statement"),
    ("Expected newline or end of document after a statement", "toml.after_statement"),
    ("Expected ']' at the end of a table declaration", "toml.table_end"),
    ("Expected ']]' at the end of an array declaration", "toml.array_table_end"),
    ("Expected '=' after a key in a key/value pair", "toml.equals"),
    ("Expected (?P<expect>.+)", "toml.expected"),
    ("(?:Found invalid|Illegal) character (?P<char>.+)", "toml.bad_character"),
    ("Cannot declare (?P<key>.+) twice", "toml.declared_twice"),
    ("Cannot overwrite a value", "toml.overwrite"),
    ("Cannot mutate immutable namespace (?P<key>.+)", "toml.closed_table"),
    ("Cannot redefine namespace (?P<key>.+)", "toml.redefine"),
    ("Invalid initial character for a key part", "toml.key_start"),
    ("Unclosed array", "toml.unclosed_array"),
    ("Duplicate inline table key (?P<key>.+)", "toml.inline_twice"),
    ("Unclosed inline table", "toml.unclosed_inline"),
    (r"Unescaped '\\' in a string", "toml.backslash"),
    ("Invalid hex value|Escaped character is not a Unicode scalar value", "toml.escape"),
    ("Unterminated string", "toml.unterminated"),
    ("Invalid date or datetime", "toml.date"),
]
"""The TOML reader's reasons (Python's ``tomllib``), each with the key of its words."""

_PLACE = re.compile(r"^(?P<why>.*?)\s*\(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)$", re.S)


def reason(message: str) -> str:
    """The TOML reader's reason (``Invalid value``, without its place) in the current
    language; a reason it did not know in its own words, from a small letter."""
    from scorekeeper.text import say

    for pattern, key in _READER:
        if (found := re.fullmatch(pattern, message.strip(), re.S)) is not None:
            return say(key, **found.groupdict())
    return message[:1].lower() + message[1:]


def problem(error: Exception) -> str:
    """What the TOML reader found wrong, with its line and column, in the current
    language: ``Zeile 2, Spalte 12: ungültiger Wert``."""
    from scorekeeper.text import say

    found = _PLACE.match(str(error))
    if found is None:
        return reason(str(error))
    if found["line"] is None:
        return say("toml.at_end", why=reason(found["why"]))
    return say("toml.at", line=int(found["line"]), column=int(found["column"]), why=reason(found["why"]))
