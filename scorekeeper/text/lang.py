"""English templates of the languages layer: cards and words typed in a language."""

TEXTS: dict[str, str] = {
    "lang.unknown_card": "unknown card {card!r} (read as {lang}); nearest: {nearest}",
    "lang.not_a_card": (
        "unknown card {card!r} (read as {lang}); write a card by its name or short form, "
        "like {forms}"
    ),
    "lang.ambiguous": "{card!r} can mean {cards} in language {lang}; write the card in full",
    "lang.unknown": "unknown language {lang!r}; scorekeeper speaks {known!l}",
    "lang.style": "unknown card-name style {style!r}; use one of {styles!l}",
    "lang.bad_file": "language file {file}: {key} must be {what}",
    "lang.bad_file.text": "a non-empty string",
    "lang.bad_file.texts": "a list of non-empty strings",
    "lang.bad_file.each": "a table for each of {codes}",
    "lang.bad_file.table": "a table",
    "lang.bad_file.words": "a table of words",
    "lang.bad_file.strings": "a table of strings",
    "lang.bad_file.concepts": "a table per concept",
    "lang.bad_file.term": "a table with term and rivals",
    "lang.bad_file.games": "a table for some of {games}",
    "lang.bad_file.card": "a card code, such as 10H",
    "lang.not_toml": "language file {file}: not valid TOML: {why}",
    "lang.family_key": (
        "language file {file}: {key}: {game} is a game's name and names the table of that "
        "game's own words ([{table}.{game}]); write the word there"
    ),
    "lang.unknown_table": (
        "language file {file}: {key}: a table here must be named for a game ({games!l})"
    ),
    "lang.new_lang": "Language: {name} ({lang}): cards and words may be typed in it.",
}
