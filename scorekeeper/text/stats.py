"""English templates of the statistics across matches (``scorekeeper stats``)."""

TEXTS: dict[str, str] = {
    "stats.header": "matches: {matches}, hands: {hands} ({games})",
    "stats.game_header": "{game}: matches {matches}, hands {hands}",
    "stats.demos": "{n} demo matches left out (stats --demo counts them)",
    "stats.demos.one": "{n} demo match left out (stats --demo counts it)",
    "stats.game_count": "{game}: {n} matches",
    "stats.game_count.one": "{game}: {n} match",
    "stats.nothing": "no finished hands to count",
    "stats.skipped": "left out {name}: {message}",
    "stats.bad_date": "--since {value}: give a date as YYYY-MM-DD, like 2026-11-01",
    "stats.no_player": "no match counted has a player named {player}",
    "stats.no_game": (
        "no match in the data folder plays {game}: give a rule set id or a family "
        "of the matches listed ({games})"
    ),
    "stats.no_match_yet": "no {game} match is in the data folder: it holds no match yet",
    "stats.player.hands": (
        "matches: {matches}, hands: {hands}; won {won}, lost {lost}, tied {tied}"
    ),
    "stats.player.points": "points {points}, {average} per hand; best hand {best}, worst hand {worst}",
    "stats.player.streaks": "longest run of hands won {won}, of hands lost {lost}",
    "stats.player.partners": "partners (hands won of hands together): {partners}",
    "stats.partner": "{name} {won} of {together}",
    "stats.special.re": "as Re: won {won} of {played}",
    "stats.special.contra": "as Contra: won {won} of {played}",
    "stats.special.solo": "solo {kind}: won {won} of {played}",
    "stats.special.announce": "announced {kind}: made good {good} of {made}",
    "stats.special.extra": "extra points won: {kind} {n}",
    "stats.special.maker": "trump maker: made {made} of {played} ({rate}%), nat {nat}",
    "stats.special.pit": "pit {n}",
    "stats.special.roem": "roem {n}",
    "stats.special.bella": "bella {n}",
    "stats.special.sequences": "sequences announced {n}",
    "stats.special.knock": "knocked {n}, won {won} of those hands",
    "stats.special.lone": "alone: won {won} of {played}",
    "stats.special.all_tricks": "all tricks {n}",
    "stats.special.double": "doubled {n}, won {won} of those hands",
}
