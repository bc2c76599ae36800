"""English templates of the session layer: which match file, a new match's table, quick
facts as typed (``KEY=VALUE``), cards past the end of a trick."""

TEXTS: dict[str, str] = {
    "session.check.where": "{file}: hand {hand}",
    "session.stale": (
        "the match has changed since this entry was made (then hand {hands}, action "
        "{actions}; now hand {now_hands}, action {now_actions}): nothing recorded"
    ),
    "session.fact_player": "'{word}' is no player here: did you mean {near}? (players: {players!l})",
    "session.no_file": "no match file {path}",
    "session.not_a_file": (
        "{path} is a folder, a device or a pipe, not a match file; give the name of a match file"
    ),
    "session.no_current": (
        "no current match: start one with 'scorekeeper new RULESET PLAYER...' "
        "or pick a file with --match FILE"
    ),
    "session.exists": "{path} already exists; choose another file",
    "session.new_match": "the new match",
    "session.changed": "{path} changed while it was exported; export again",
    "session.no_card": "no card can be played now: {why}",
    "session.too_many": "trick {trick} is complete after {card}; cards too many: {more}",
    "session.amend_refused": "amendment refused",
    "session.name_near": "{name!r} is not a player here; did you mean {meant}? (players: {players!l})",
    "session.rename_refused": "the match with {name} in it",
    "session.deal_late": (
        "hand {hand} is under way (cards played: {played}): a deal is recorded before the first card "
        "(undo the cards first, or correct the hand with 'scorekeeper amend')"
    ),
    "session.fact_form": "{item!r}: write KEY=VALUE with a key of {game}: {keys!l}",
    "session.fact_refused": "{key}={value}: {why}",
    "session.fact_twice": "{key} is given twice; give each fact once",
    "session.first_dealer": "the first dealer {dealer} is not one of the players ({players!l})",
    "session.named_twice": "player {name} is named twice; names must differ",
    "session.one_word": "player name {name!r} must be one word",
}
