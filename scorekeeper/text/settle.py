"""English templates of settling up (``scorekeeper settle``)."""

TEXTS: dict[str, str] = {
    "settle.zero_sum": (
        "Settling up at {price} per point: the totals add up to zero, "
        "so each player's total is paid as it stands."
    ),
    "settle.average": (
        "Settling up at {price} per point, against the table's average of {average} points: "
        "a player above it receives the difference, a player below it pays it "
        "(partners each settle their own share)."
    ),
    "settle.receives": "{player}: {points} points, receives {amount}",
    "settle.receives.one": "{player}: {points} point, receives {amount}",
    "settle.pays": "{player}: {points} points, pays {amount}",
    "settle.pays.one": "{player}: {points} point, pays {amount}",
    "settle.square": "{player}: {points} points, square",
    "settle.square.one": "{player}: {points} point, square",
    "settle.transfers": "{n} transfers, the fewest that settle every balance:",
    "settle.transfers.one": "{n} transfer settles every balance:",
    "settle.transfer": "{payer} pays {payee} {amount}",
    "settle.nobody": "Nobody pays anybody: every balance is zero.",
    "settle.not_over": "The match is not over yet: these are the standings so far.",
    "settle.no_price": (
        "no price per point: give one with --price 0.05, or keep one in the match "
        "with 'scorekeeper settle --price 0.05 --save' (or 'new ... --price 0.05')"
    ),
    "settle.saved": "The price {price} per point is kept in the match file.",
    "settle.bad_loss_money": (
        "{given!r} is not loss money: an amount like 0.50, or steps like 0.50,4:1.00 "
        "(from lost game 4 on: 1.00)"
    ),
    "settle.loss_money": "Loss money per lost game ({steps!l}), paid into the club's till:",
    "settle.loss_step": "{amount} from lost game {first}",
    "settle.loss_line": "{player}: {count} lost games, {amount}",
    "settle.loss_line.one": "{player}: {count} lost game, {amount}",
    "settle.loss_total": "Loss money in all: {amount}",
}
