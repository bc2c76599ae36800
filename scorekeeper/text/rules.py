"""English templates of rule-set problems: a file that cannot be read or found, a key that
is missing, unknown or of the wrong type (``missing: a word or text is needed``, ``unknown
key; did you mean ...``), an option's value, and what a rule set must add up to."""

TEXTS: dict[str, str] = {
    # what a value should be
    "rules.type.bool": "true or false",
    "rules.type.int": "a whole number",
    "rules.type.str": "a word or text",
    "rules.type.word": "a word",
    "rules.type.words": "a list of words",
    "rules.type.one_of": "one of {values!l}",
    "rules.type.list": "a list",
    "rules.type.table": "a table",
    "rules.type.either": "{types!o}",
    "rules.type.value": "a value",
    "rules.digits": "a number of {digits} digits",
    "rules.none": "none",
    # the schema's problems, each after its key
    "rules.must_be": "must be {type}, not {value}",
    "rules.not_one_of": "{value} is not one of {allowed!l}",
    "rules.far_beyond": "{value} is far beyond any count of a card game",
    "rules.at_least": "must be at least {least}, not {value}",
    "rules.at_most": "must be at most {most}, not {value}",
    "rules.not_empty": "must not be empty",
    "rules.entry": "needs at least {least} entry",
    "rules.entries": "needs at least {least} entries",
    "rules.missing": "missing: {type} is needed",
    "rules.missing_key": "missing",
    "rules.unknown_key": "unknown key; known keys: {known!l}",
    "rules.unknown_key_near": "unknown key; did you mean {near}?",
    "rules.not_a_string": "missing or not a string",
    "rules.unknown_family": "unknown game family {family!r}; known: {known!l}",
    # what the parts of a rule set must be
    "rules.unknown_rank": "unknown rank {value!r}; known: {known}",
    "rules.unknown_suit": "unknown suit {value!r}; known: {known}",
    "rules.packets": "must be a list of packet sizes, like [3, 3, 3, 3]",
    "rules.players": "must be a list of player counts between 2 and 6, like [4]",
    "rules.points_missing": "missing or not a whole number",
    "rules.points_total": "the deck's card points add up to {computed}, not {total}",
    "rules.rank_twice": "names a rank twice",
    "rules.plain_unranked": (
        "{rank} is a plain card in contract {contract}, so this order must rank it"
    ),
    "rules.trump_unknown": "unknown card {card!r}",
    "rules.trump_not_in_deck": "{card} is not in the deck",
    "rules.deal_short": "{count} players of {size} cards need more than {deck} cards",
    "rules.tricks": "{tricks} tricks need {tricks} cards in each hand; the deal gives {held}",
    # options
    "rules.option.explain": "every option needs an explanation",
    "rules.option.not_a_choice": "{value!r} is not one of its choices",
    "rules.option.not_a_value": "{value!r} is not a value of this option",
    "rules.option.choices": "one of {values!l}",
    "rules.option.takes": "option {name} takes {kind}, not {value!r}",
    "rules.option.none": "{ruleset} has no option {name!r}",
    "rules.option.unknown": "unknown option {name!r} of {ruleset}; options: {options!l}",
    "rules.option.unknown_near": "unknown option {name!r} of {ruleset}; did you mean {near}?",
    "rules.option.unknown_for": "unknown option {name!r} for {ruleset}; options: {options!l}",
    "rules.option.unknown_for_near": (
        "unknown option {name!r} for {ruleset}; did you mean {near}? options: {options!l}"
    ),
    "rules.option.type_kept": "{value!r} is not {type}, as the option is in {parent}",
    "rules.options_make": "options {names!l}: {why}",
    "rules.options_table": "must be a table of option values",
    # finding and reading the files
    "rules.what.ruleset": "rule set",
    "rules.what.options": "file of options",
    "rules.what.competition": "competition",
    "rules.no_file": "no rule set file {name}",
    "rules.not_a_name": (
        "{name} is neither the id of a rule set nor a rule-set file: a rule "
        "set is named by its id (like doppelkopf) or by the path of its .toml file"
    ),
    "rules.unknown_ruleset": "unknown rule set {name!r}; known rule sets: {known!l}",
    "rules.cannot_read": "cannot read: {why}",
    "rules.too_large": "larger than {most} bytes: no {what} is that long",
    "rules.not_plain": "not a plain file (a pipe, a device or a folder): no {what} is read from it",
    "rules.text_control": (
        "{value!r} holds the control character {char}; the names and words of a {what} are "
        "letters, digits and marks"
    ),
    "rules.not_utf8": "not UTF-8 text (byte {byte}); save the file as UTF-8",
    "rules.too_deep": "nested too deep to be a {what}",
    "rules.huge_number": "holds a number of thousands of digits: no {what} needs one",
    "rules.nested": "nested {depth} levels deep; a {what} needs at most {most}",
    "rules.circular": "circular chain {chain}",
    "rules.chain": "a chain of more than {most} rule sets",
    "rules.not_a_ruleset": "missing: not a rule set, it has no {lacks} and extends none",
    "rules.extends_type": "must be a rule set id or a path",
}
