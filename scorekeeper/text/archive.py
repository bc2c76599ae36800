"""English templates of the archive: listing, switching, renaming, putting away and
importing matches, and settling up."""

TEXTS: dict[str, str] = {
    "archive.no_such": "no match named {name} in the list (see 'scorekeeper matches')",
    "archive.no_such_archived": (
        "no archived match named {name} (see 'scorekeeper matches --archived')"
    ),
    "archive.bad_name": (
        "'{name}' cannot name a match: use letters, digits, spaces and . _ + -, "
        "starting with a letter or digit, at most 100 characters"
    ),
    "archive.name_taken": (
        "a match named {name} already exists (in the list or the archive); choose another name"
    ),
    "archive.switched": "{name} is now the current match ({path})",
    "archive.renamed": "{old} is now called {name} ({path})",
    "archive.archived": (
        "{name} is put away in the archive ({path}); "
        "'scorekeeper archive --restore \"{name}\"' brings it back"
    ),
    "archive.now_current": "{name} is now the current match",
    "archive.no_current": "there is no current match now; start one or switch to one",
    "archive.restored": "{name} is back in the list ({path})",
    "archive.imported": (
        "{file} imported as {name} (hands: {hands}); "
        "'scorekeeper switch \"{name}\"' makes it the current match"
    ),
    "archive.file_name": (
        "the file name {file} cannot name a match (letters, digits, spaces and . _ + -); "
        'give it a name with --name, like --name "{like}"'
    ),
    "archive.import_refused": "{file} is not a sound match file; nothing was imported",
    "archive.import_not_file": "{file} is not a file; nothing was imported",
    "archive.empty": "no matches yet: start one with 'scorekeeper new RULESET PLAYER...'",
    "archive.empty_archived": "no archived matches",
    "archive.col.name": "match",
    "archive.col.game": "game",
    "archive.col.players": "players",
    "archive.col.hands": "hands",
    "archive.col.started": "started",
    "archive.col.state": "state",
    "archive.state.finished": "finished",
    "archive.state.playing": "in play",
    "archive.state.unreadable": "unreadable: {problem}",
    "archive.state.broken": "unreadable (see below)",
    "archive.stacked": "{game}; {players!l}; hands: {hands}; {started}; {state}",
    "archive.current_mark": "* the current match",
}
