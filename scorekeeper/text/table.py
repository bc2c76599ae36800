"""English templates of the table session (``scorekeeper table``): its prompt, status bar,
replies to a line, the quick hand's questions, and the one-shot commands' new lines."""

TEXTS: dict[str, str] = {
    # the prompt: whose turn and what is expected
    "table.prompt.card": "{player} to play",
    "table.prompt.act": "{player}: {what}",
    "table.prompt.next_hand": "hand {number}, {dealer} deals",
    "table.prompt.over": "match over",
    "table.prompt.unreadable": "match file unreadable (Enter tries again)",
    "table.prompt.fact": "{fact} ({kind}: {help}; empty to leave out)",
    "table.prompt.said_like": "what was said, like '{example}' (empty when done)",
    # the status bar
    "table.bar.hand": "hand {number}",
    "table.bar.hand_of": "hand {number} of {total}",
    "table.bar.game_of": "game {number} of {total} in the round (hand {hand})",
    "table.bar.vorgefuehrt": "obligatory solo due now (vorgeführt): {players!l}",
    "table.bar.dealer": "dealer {dealer}",
    "table.bar.sits_out": "sitting out: {players!l}",
    "table.bar.to_play": "{player} to play",
    "table.bar.trick": "trick {number}: {plays}",
    "table.bar.said": "said: {said!l}",
    "table.bar.totals": "totals: {totals!l}",
    "table.bar.bock": "Bock x{level}",
    "table.bar.doubled": "doubled x{multiplier}",
    "table.bar.over": "match over",
    # replies
    "table.said.play": "{action}",
    "table.hand.over": "Hand {number} over: {game}; card points {points}; winner {winner}; value {value}",
    "table.hand.redeal": "Hand {number}: {what}",
    "table.hand.scores": "scores: {scores!l}",
    "table.hand.totals": "totals: {totals!l}",
    "table.next.dealer": "{dealer} deals next.",
    "table.match.over": "Match over: {reason}",
    "table.match.winner": "The winner: {players!l} ({points}).",
    "table.match.tie": "A tie at the top: {players!l} ({points}).",
    "table.undone": "Undone: {what}",
    "table.redone": "Redone: {what}",
    "table.undo.ask": "Undo: {what}. Remove it? (yes/no)",
    "table.undo.prompt": "remove it? (yes/no)",
    "table.undo.yes": "yes",
    "table.undo.kept": "Nothing undone.",
    "table.renamed": "{old} is now {new} in the whole match.",
    "table.rename.usage": "write 'rename OLD NEW', like 'rename {example} {new}'",
    "table.quit": "Bye; every entry is in {path}.",
    "table.resume": "{game}: {players!l}; match file {path}",
    "table.who": ("'{words}' could be said by {players!l}; write who says it, like '{example}'"),
    "table.unknown": (
        "'{words}' is no card, command or word of {game} now; expected {expected}"
        " (Tab shows what may be typed; 'help' lists the commands)"
    ),
    "table.expected.cards": "a card ({player} to play), like {example}",
    "table.expected.words": "one of: {words!l}",
    "table.expected.new_hand": "the first card or word of hand {number}",
    "table.too_many_cards": "{player} is not to play now ({next} is); a trick starts with {next}",
    "table.oneshot.form": (
        "the session reads '{command}' as the command does: {form}"
        " (it records in this match: no --match or --json)"
    ),
    "table.form.topic": "TOPIC",
    "table.form.hand": 'hand KEY=VALUE... [-a "PLAYER WORDS"]...  (hand --keys: the facts)',
    "table.form.announce": "announce PLAYER WORDS...",
    "table.form.declare": "declare PLAYER WORDS...",
    "table.form.act": 'act "PLAYER WORDS"...',
    "table.form.play": "play [PLAYER] CARD",
    "table.form.trick": "trick CARD...",
    "table.form.deal": "deal PLAYER=CARDS...",
    "table.quote": "a quote is not closed in '{line}': close it, or leave the quotes out",
    "table.over": "the match is over ({reason}); start a new one with: {command}",
    "table.file.missing": (
        "the match file {path} is not there (moved or deleted?); the session stays open"
        " and reads it again at the next line"
    ),
    "table.file.denied": (
        "the match file {path} may not be read (permissions); the session stays open and"
        " reads it again at the next line"
    ),
    "table.file.unreadable": (
        "the match file {path} cannot be read ({why}); the session stays open and reads"
        " it again at the next line"
    ),
    "table.changed": (
        "the match changed meanwhile: {changes!j}. Nothing was recorded: look at the"
        " prompt and type it again"
    ),
    "table.changed.card": "{player} played {card} from another device",
    "table.changed.said": "{player} said '{words}' from another device",
    "table.changed.quick": "hand {number} was entered from another device",
    "table.changed.undone": "an entry was taken back from another device",
    "table.changed.other": (
        "an entry was taken back or corrected, or a player renamed, from another device"
    ),
    "table.changed.more": "{count} more",
    "table.quick.cancelled": "quick hand left; nothing recorded",
    "table.quick.open": "hand {number} is being played card by card; finish or undo it first",
    "table.topics_how": "('{command} TOPIC'):",
    "table.help": (
        "Type a card (qc), a whole trick in play order (qc 10h ad 9d), what a player says "
        "(ben re, kontra when only one player may say it), or a command: {commands!l}. "
        "Tab completes what is allowed now."
    ),
    "table.help.game": (
        "Type a card ({card}), a whole trick in play order ({trick}), what a player says "
        "({example}; the words of this game: {words!l}; the name may be left out when only "
        "one player may say it now), or a command: {commands!l}. Tab completes what is "
        "allowed now."
    ),
    "table.commands.undo": "{command}: take back the last entry",
    "table.commands.redo": "{command}: bring back what undo took (until a new entry)",
    "table.commands.rename": "{command} OLD NEW: correct a player's name in the whole match",
    "table.commands.score": "{command}: the score sheet",
    "table.commands.status": "{command}: the hand so far",
    "table.commands.explain": "{command} [TOPIC]: the rules of this game",
    "table.commands.judge": "{command}: which cards the player to play may play, and why",
    "table.commands.hand": "{command}: a quick hand from the score sheet, fact by fact",
    "table.commands.scorer": (
        "{command}: with --serve, take the scorer's role from the phone that has it and "
        "show a new scorer's page for another phone"
    ),
    "table.commands.help": "{command}: this text",
    "table.commands.quit": "{command}: leave (everything is already saved)",
    "table.judge.nobody": "nobody is to play a card now: {why}",
    "table.judge.unknown_hand": (
        "{player} to play; without the deal any card not yet accounted for may be played: {cards}"
    ),
    "table.judge.may_play": "{player} may play: {cards}",
    # one-shot commands
    "table.words.heading": "What players say, game by game (from each rule set's [actions]):",
    "table.new.leads": "{player} leads the first trick.",
    "table.new.before_play": "Before the first card: {why}.",
    "table.new.teams": "Partners: {teams!j}.",
    "table.status.sits_out": "Sitting out this hand: {players!l}.",
    "table.status.to_act": "{what}",
    "table.status.totals": "Totals: {totals!l}",
    "table.status.team_points": "Card points so far: {points!l}",
    "table.status.over": "Match over: {reason}",
}
