"""English templates of ``scorekeeper serve``: the terminal's lines and the phones' pages."""

TEXTS: dict[str, str] = {
    # the terminal
    "serve.listening": "The live sheet of {match} for every phone at the table:",
    "serve.scorer_url": "The scorer's page (open it on one phone only; it works once):",
    "serve.wifi": (
        "Join the table's Wi-Fi first, then scan the code or type the address. If a phone "
        "cannot reach it, the firewall may block port {port}: allow it, or try another "
        "address above."
    ),
    "serve.local_only": (
        "Only this computer can open it (127.0.0.1); 'scorekeeper serve --lan' lets the "
        "phones at the table in."
    ),
    "serve.no_lan": (
        "No private network address found: connect this computer to the table's Wi-Fi, "
        "or serve on this computer alone without --lan."
    ),
    "serve.keys": "Type 'r' and Enter to revoke the scorer's phone and make a new scorer's page; Ctrl-C stops.",
    "serve.keys_beside": "The phones' pages stop when the table session ends.",
    "serve.revoked": "The scorer's phone is revoked. A new scorer's page:",
    "serve.stopped": "Stopped serving.",
    "serve.not_beside": (
        "No phones are served by this session: start it with 'scorekeeper table --serve'."
    ),
    "serve.no_extra": (
        "'scorekeeper serve' needs the optional packages of the serve extra: "
        "pip install 'scorekeeper[serve]'"
    ),
    "serve.port_taken": "Port {port} is taken on {host}: choose another with --port.",
    # the page
    "serve.page_title": "Live sheet",
    "serve.connecting": "Connecting…",
    "serve.connected": "Live",
    "serve.disconnected": "Disconnected: reconnecting…",
    "serve.stale": "The record changed meanwhile; nothing was recorded.",
    "serve.hand": "Hand {number}",
    "serve.hand_of": "Hand {number} of {total}",
    "serve.dealer": "dealer {dealer}",
    "serve.game": "Game: {game}",
    "serve.to_play": "{player} to play",
    "serve.trick": "Trick {number}",
    "serve.last_trick": "Trick {number}, taken by {winner}",
    "serve.said": "Said",
    "serve.sides": "Who plays with whom",
    "serve.totals": "Totals",
    # what a player says, on the scorer's buttons and in the list of what was said: a
    # sentence per verb where the table's word is a verb, else the words quoted
    "serve.says": "{player}: {what}",
    "serve.says.announce": "{player} announces {what}",
    "serve.says.call": "{player} calls {what}",
    "serve.says.alone": "{player} plays alone",
    "serve.says.knock": "{player} knocks",
    "serve.says.double": "{player} doubles",
    "serve.says.pass": "{player} passes",
    "serve.says.accept": "{player} accepts",
    "serve.says.decline": "{player} declines",
    "serve.says.trump": "{player} names {what} trump",
    "serve.says.turnup": "{player} turns up {what}",
    "serve.says.bottom": "{player} shows the bottom card {what}",
    "serve.says.exchange": "{player} exchanges the trump seven",
    "serve.says.sequence": "{player} declares the sequence {what}",
    "serve.says.bella": "{player} declares bella",
    "serve.says.decline_roem": "{player} gives up the side's roem",
    "serve.last_value": "Hand {number}'s value",
    "serve.sheet": "Score sheet",
    "serve.record": "Record",
    "serve.undo": "Undo the last entry",
    "serve.handover": "Hand the scorer's role to another phone",
    "serve.handover_done": (
        "Open this on the other phone (it works once); this phone stops recording then:"
    ),
    "serve.recorded": "Recorded: {what}",
    "serve.undone": "Undone: {what}",
    "serve.redo": "Redo",
    "serve.redone": "Put back: {what}",
    "serve.changed": "The record changed meanwhile ({what}); nothing was recorded.",
    "serve.changed_other": "The record was corrected meanwhile; nothing was recorded.",
    "serve.not_scorer": "Only the scorer's phone may record.",
    "serve.bad_request": "The request could not be read.",
    "serve.too_many": "Too many open pages from this device: close some and reload.",
    "serve.quick.title": "Enter a whole hand from the score sheet",
    "serve.quick.said": "What was said, one line each: the name, then the words:",
    "serve.quick.record": "Record the hand",
    "serve.quick.recorded": "Hand {number} recorded: {scores}",
    "serve.referee.title": "Your referee (private)",
    "serve.referee.hand": "Your cards (stay on your phone):",
    "serve.referee.ask": "Which may I play?",
    "serve.referee.nothing": "No trick is waiting for a card now.",
    "serve.referee.may": "You may play: {cards}",
    "serve.referee.may_not": "Not {card}: {why}",
}
