"""English templates of the data folder and its files: a match file too large to read, a
path that leads out of the data folder, a rule set outside its match's folder, a name or
an action with characters no name or action may hold."""

TEXTS: dict[str, str] = {
    "folder.too_big": (
        "{path} is {size} MB; a match file may hold at most {limit} MB, so it is not read"
    ),
    "folder.outside": (
        "{path} leads out of the data folder {folder}; nothing there is read or changed through it"
    ),
    "folder.ruleset_outside": (
        "the rule set {name} leads out of the match's folder {folder}; a match names its "
        "rule-set file by a path inside its own folder"
    ),
    "folder.ruleset_absolute": (
        "the match names its rule set by the path {used}, outside its folder {folder}: "
        "a computer this data folder is shared or synced with reads another file there, "
        "or none; put the file in the data folder's rulesets/ and start the match with "
        "its id, or beside the match"
    ),
    "folder.ruleset_from_current": (
        "the rule set is read from {used} in the current folder, not from {beside} beside "
        "the match; move the file beside the match so that it means the same rules "
        "wherever the match is opened"
    ),
    "folder.current_outside": (
        "the current match {path} lies outside the data folder {folder}, so it is not "
        "changed through current; name it with --match to change it"
    ),
    "folder.event_match_outside": (
        "{path}: round {round}, table {table}: {key} = {value!r} leads out of the data "
        "folder {folder}; an event's tables keep their match files inside the data folder, "
        "so nothing is read or written through it"
    ),
    "folder.event_control": (
        "{path}: {key} = {value!r} holds the control character {char}; the names and words "
        "of an event file are letters, digits and marks"
    ),
    "folder.action_control": (
        "hand {hand}: action {action!r} holds the control character {char}, which no action has"
    ),
    "folder.name_control": (
        "player name {name!r} holds the control character {char}; a name is letters, digits "
        "and marks"
    ),
}
