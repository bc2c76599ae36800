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
    "lang.new_lang": "Language: {name} ({lang}): cards and words may be typed in it.",
}
