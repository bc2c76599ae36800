"""English templates of what the command line says itself: confirmations, headers of the
sheets and tables, the kinds of refusal, usage mistakes. ``say("cli.undone", what=...)``
(:func:`scorekeeper.text.say`) gives them in the current language."""

TEXTS: dict[str, str] = {
    # the kinds of refusal (errors.py) and the prefixes of a message on stderr
    "cli.rule": "[rule: {rule}]",
    # why the system refused a file (the system's English words otherwise)
    "cli.os.ENOENT": "no such file or folder",
    "cli.os.EACCES": "permission denied",
    "cli.os.EPERM": "not permitted",
    "cli.os.EISDIR": "is a folder",
    "cli.os.ENOTDIR": "not a folder",
    "cli.os.EEXIST": "already exists",
    "cli.os.ENOSPC": "no space left on the device",
    "cli.os.EROFS": "the file system is read-only",
    "cli.os.ENAMETOOLONG": "the name is too long",
    "cli.os.ELOOP": "too many symbolic links",
    "cli.kind.usage": "usage",
    "cli.kind.match file": "match file",
    "cli.kind.lock": "lock",
    "cli.kind.changed": "changed meanwhile",
    "cli.kind.file": "file",
    "cli.kind.confirmation": "needs confirmation",
    "cli.error": "error:",
    "cli.warning": "warning:",
    "cli.internal": (
        "internal error ({error}); set SCOREKEEPER_DEBUG=1 for the traceback and please report it"
    ),
    "cli.bad_lang": "{value!r}: choose one of {languages!l}",
    # usage mistakes
    "cli.play_usage": "play takes [PLAYER] CARD, like 'play Ben QC'",
    "cli.deal_usage": "deal {item!r}: write PLAYER=CARDS",
    "cli.hand_facts": "give the hand's facts as KEY=VALUE ('scorekeeper hand --keys' lists them)",
    "cli.set_form": "--set {pair!r}: write it as name=value, like fox=false",
    "cli.price_nan": "{value} is not a number: give a price per point like 0.05",
    "cli.set_twice": "--set {key} is given twice; set each option once",
    "cli.not_utf8": "'{word}' is not UTF-8 text; type it again in UTF-8",
    "cli.lock_wait": "SCOREKEEPER_LOCK_WAIT={text!r}: give the seconds to wait, from 0 to 3600",
    "cli.waiting": "waiting: {path} is being written by another scorekeeper process",
    "cli.export_format": "unknown export format {format!r}; use json, csv, markdown, html or chat",
    "cli.ruleset_broken": "rule set {name} cannot be loaded: {error}",
    "cli.output_folder": "{path} is a folder: give the name of a file to write; nothing was written",
    "cli.output_no_folder": "{path}: the folder {folder} does not exist; nothing was written",
    "cli.output_failed": "{path} cannot be written ({reason}); nothing was written",
    # confirmations
    "cli.new_match": "New {name} match: {players!l}; {dealer} deals first.",
    "cli.match_file": "Match file: {path}",
    "cli.demo_written": "Demo match written to {path} (now the current match).",
    "cli.deal_recorded": "Deal of hand {hand} recorded (dealer {dealer}).",
    "cli.undone": "Undone: {what}",
    "cli.redone": "Redone: {what}",
    "cli.renamed": "{old} is now {new} in the whole match (hands that named them: {hands}).",
    "cli.demo_aside": (
        "Demo match written to {path}; the current match is unchanged "
        "('scorekeeper demo --current' makes a demo the current match)."
    ),
    "cli.amended": "Hand {hand}: {what} amended; the match was replayed.",
    "cli.exported": "Exported {count} hands to {path}",
    "cli.exported.one": "Exported {count} hand to {path}",
    "cli.check_ok": "{file}: ok ({count} hands)",
    "cli.check_ok.one": "{file}: ok ({count} hand)",
    "cli.quick_keys": "Quick-entry facts for {name}:",
    # the kind of value a quick-entry fact takes (hand --keys: "points=int")
    "cli.value_kind.word": "word",
    "cli.value_kind.int": "int",
    "cli.value_kind.list": "list",
    "cli.value_kind.bool": "bool",
    "cli.quick_said": (
        "What players said (announcements, calls, knocks, doubles) goes with -a 'Name word'."
    ),
    # a hand's value and what comes next
    "cli.hand": "Hand {hand}",
    "cli.hand_over": "Hand over",
    "cli.value": "Value",
    "cli.result": "{game}; card points {points}; winner: {winner}; value {value}",
    "cli.nobody": "nobody",
    "cli.scores": "scores: {scores}",
    "cli.match_over": "Match over:",
    "cli.next_hand": "next: hand {hand}, dealt by {dealer}",
    "cli.next_player": "next: {player} to play",
    "cli.next": "next: {what}",
    # status
    "cli.status": "Hand {hand}, dealer {dealer}, {contract}; {cards} cards played",
    "cli.status.one": "Hand {hand}, dealer {dealer}, {contract}; {cards} card played",
    "cli.status_trick": "  trick {number}: {plays} -> {winner} ({points})",
    "cli.status_so_far": "  trick {number} so far: {plays}",
    "cli.status_said": "  {player} announced {kind} ({side})",
    "cli.status_said.trump": "  {player} chose {suit} as trumps ({side})",
    "cli.status_said.call": "  {player} called {card} ({side})",
    "cli.status_said.other": "  {player}: {kind} ({side})",
    # each for himself (three-player Klaverjassen): the side is the player, said once
    "cli.status_said.trump.alone": "  {player} chose {suit} as trumps",
    "cli.status_said.call.alone": "  {player} called {card}",
    "cli.status_said.other.alone": "  {player}: {kind}",
    "cli.status_said.own": "  {player} announced {kind}",  # Re by a Re player
    "cli.status_said.role": "  {player}: {kind} ({role})",  # no team (Klaberjass)
    "cli.status_said.team": "  {player}: {kind} ({side})",  # a team by its names: Anna/Carla
    "cli.side.maker": "trump maker",
    "cli.side.opponent": "opponent",
    "cli.status_over": "The hand is over; the next action starts a new hand.",
    "cli.to_play": "{player} to play",
    "cli.may_play_after": "{player} to play: may play {cards}",
    # the columns of the rule sets' tables
    "cli.col.value": "value",
    # rule sets
    "cli.rule_sets": "Rule sets",
    "cli.col.id": "id",
    "cli.col.name": "name",
    "cli.col.players": "players",
    "cli.col.extends": "extends",
    "cli.ruleset_head": "({id}), {players!o} players",
    "cli.options": "Options",
    "cli.col.option": "option",
    "cli.col.default": "default",
    "cli.col.meaning": "meaning",
    "cli.note": "note: {note}",
    # explain: a rule set's true and false
    "cli.value.yes": "yes",
    "cli.value.no": "no",
    "cli.value.none": "none",
    # explain's cards: what tables call some cards ("Dulle (ten of hearts), nel (nine of trumps)")
    "cli.nicknames": "What the table calls some cards, read wherever a card is typed: {names}",
    "cli.of_trumps": "{rank} of trumps",
    # a rule set's cards of the trump suit chosen at the table ("J 9 A 10 K Q 8 7")
    "cli.value.of_trump": "{ranks} of the trump suit",
    # the referee
    "cli.takes": "{player} takes the trick",
    "cli.takes_points": "({points} card points):",
    "cli.nothing_yet": "(nothing yet)",
    "cli.ruling": "{contract}; trick so far: {trick}; {player} to play",
    "cli.may_play": "may play: {cards}",
    "cli.nothing": "nothing",
    "cli.not_card": "  not {card}: {why}",
    "cli.duties": "duties (give --hand to judge each card):",
    "cli.topics": "Topics for {ruleset}",
    "cli.topics_how": "(scorekeeper explain {ruleset} TOPIC):",
    "cli.with_options": "with options {options}",
}
