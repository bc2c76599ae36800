"""English templates of a match file's problems: what its shape should be, where it is not
(each problem is shown as ``file:line: words``), and a file another process is writing."""

TEXTS: dict[str, str] = {
    "matchlog.invalid": "invalid match file",
    "matchlog.value.date_time": "a date-time",
    "matchlog.value.date": "a date",
    "matchlog.value.time": "a time",
    "matchlog.value.list": "a list",
    "matchlog.value.table": "a table",
    "matchlog.at.hand": "hand {hand}",
    "matchlog.at.file": "the file",
    "matchlog.nest": "values nest more than {depth} levels deep; a match file needs only a few",
    "matchlog.column": "column {column}: {message}",
    "matchlog.not_a_file": (
        "not a match file but a folder, a device or a pipe; give the name of a match file"
    ),
    "matchlog.not_utf8": (
        "column {column}: the file is not UTF-8 text (byte 0x{byte:02x}); save it as UTF-8"
    ),
    "matchlog.locked": (
        "{path} is being written by another scorekeeper process; try again in a moment"
    ),
    "matchlog.missing": "missing required field '{key}'",
    "matchlog.unknown_key": "unknown key '{key}'",
    "matchlog.format": "format is {value}; this version of scorekeeper reads {format!r}",
    "matchlog.ruleset_type": "ruleset must be a rule-set id or a path, not {value}",
    "matchlog.ruleset_empty": "ruleset is empty; give a rule-set id or a path",
    "matchlog.dealer_type": "first_dealer must be a player's name, not {value}",
    "matchlog.dealer_unknown": "first_dealer {dealer!r} is not one of the players",
    "matchlog.lang": "lang must be one of {langs!l}, not {value}",
    "matchlog.started": (
        "started must be a TOML date-time such as 2026-11-22T19:30:00+01:00, not {value}"
    ),
    "matchlog.price": "price must be a number from 0 to {most}, such as 0.05, not {value}",
    "matchlog.options_type": "options must be a table, not {value}",
    "matchlog.option_table": "option '{name}' must be a plain value or a list, not a table",
    "matchlog.players_type": "players must be a list of {least} to {most} names, not {value}",
    "matchlog.players_one": "players lists {count} name; a match has {least} to {most} players",
    "matchlog.players_count": (
        "players lists {count} names; a match has {least} to {most} players"
    ),
    "matchlog.player.type": "player {number} must be a name, not {value}",
    "matchlog.player.empty": "player {number} has an empty name",
    "matchlog.player.whitespace": "player name {name!r} contains whitespace",
    "matchlog.player.control": (
        "player name {name!r} holds a control character; a name is letters, digits and marks"
    ),
    "matchlog.player.twice": "player {name!r} is listed twice",
    "matchlog.hand_array": "hand must be an array of tables, written as [[hand]] sections",
    "matchlog.hand_table": "hand {hand} must be a table",
    "matchlog.hand_key": "unknown key '{key}' in hand {hand}",
    "matchlog.no_actions": "hand {hand} has no actions list (write actions = [] for none)",
    "matchlog.quick_type": "hand {hand}: quick must be a table, not {value}",
    "matchlog.amended_type": "hand {hand}: amended must be an array of tables",
    "matchlog.actions_type": "hand {hand}: actions must be a list of strings, not {value}",
    "matchlog.action_type": "hand {hand}, action {action} must be a string, not {value}",
    "matchlog.action_empty": "hand {hand}, action {action} is empty",
    "matchlog.action_player": "action {action!r}: {actor} is not a player of this match",
    "matchlog.deal_type": (
        "hand {hand}: deal must be a table of player names to lists of cards, not {value}"
    ),
    "matchlog.deal_player": "deal for {player!r}: {player} is not a player of this match",
    "matchlog.deal_cards": "deal for {player!r} must be a list of card codes, not {value}",
    "matchlog.deal_card": "deal for {player!r}: card {card} must be a card code, not {value}",
}
