"""The status bar of the table session: its data (plain, for tests and ``--json``-like
use) and its one line of words.

Hand n (of N where the match has an end), the dealer, who sits out, whose turn, the
trick so far, what was said, the running totals, Bock or doubling in force.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.lang import game_word
from scorekeeper.match import Match
from scorekeeper.rounds import RoundPlace, round_place
from scorekeeper.session import Session
from scorekeeper.table.native import said_phrase
from scorekeeper.table.words import say, signed
from scorekeeper.view.said import chosen
from scorekeeper.view.sheet import column_scores
from scorekeeper.view.sides import sides_data, sides_lines
from scorekeeper.view.words import cards


def hands_in_match(match: Match) -> int | None:
    """How many hands (games of the round) the match has, where its rule set or the
    match's round fixes it (``[match] hands``, ``[match.games]``, ``round_games``)."""
    place = round_place(match)
    return place.of if place is not None and place.of else None


def hand_count(
    match: Match, number: int, place: RoundPlace | None = None
) -> tuple[int, int | None]:
    """The number the table gives the hand ``number`` and the hands of the match: where
    the match is played in a round of games, the game of the round (an obligatory solo
    on top, a redeal, do not count: ``scorekeeper.rounds``; ``place`` where it is known
    already), else the hand's number."""
    place = place if place is not None else round_place(match)
    if place is None or not place.of:
        return number, None
    return min(place.played + 1, place.of), place.of


def round_count(number: int, of: int, in_file: int) -> str:
    """The game of the round where it is not the hand's number in the file (an
    obligatory solo on top, a redeal): both, so that neither is mistaken for the other."""
    return say("table.bar.game_of", number=number, total=of, hand=in_file)


def bar_data(session: Session, lang: str = "en") -> dict[str, Any]:
    m = session.match
    hand = session.current_hand()
    trick = hand.current_trick
    said = [s for s in hand.game.said() if not getattr(s, "implied", False)]
    place = round_place(m)
    number, of = hand_count(m, hand.number, place)
    return {
        "hand": number,
        "of": of,
        "in_file": hand.number,  # the hand's number in the match file (amend --hand N)
        "vorgefuehrt": list(place.owing) if place is not None and place.due else [],
        "dealer": hand.dealer,
        "sits_out": [p for p in m.players if p not in hand.players],
        "to_play": hand.to_play(),
        "trick": {
            "number": trick.number,
            "plays": [[p.player, p.card.code] for p in trick.plays],
        }
        if trick is not None
        else None,
        "said": [_said(s.player, str(s.kind), lang, m.rules.family) for s in said],
        "totals": m.totals(),
        "columns": column_scores(m, m.totals()),  # per fixed team where teams play
        "sides": sides_data(hand),  # who is Re and Kontra, as far as the table knows
        "bock": int(getattr(hand.game, "bock", 0) or 0),
        "multiplier": _multiplier(hand.game),
        "over": m.over(),
        "lang": lang,
    }


def _said(player: str, kind: str, lang: str, family: str) -> str:
    """One thing said, as the table says it: a trump chosen or an ace called in words
    (``Carla koos harten als troef``), anything else as it is typed (``Ben kraak``)."""
    return chosen(player, kind) or f"{player} {said_phrase(kind, lang, family)}"


def _multiplier(game: object) -> int:
    """The doubling in force, where the game keeps one (Bierkopf's chain of doubles)."""
    for holder in (game, getattr(game, "chain", None)):
        value = getattr(holder, "multiplier", None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 1


def bar_text(data: dict[str, Any], width: int | None = None) -> str:
    """The status bar: the running totals first (they always stay in view), then the
    hand; packed into lines of ``width`` columns where it is given."""
    parts = bar_parts(data)
    return "\n".join(packed(parts, width)) if width else " | ".join(parts)


def bar_parts(data: dict[str, Any]) -> list[str]:
    """The status bar's parts, each a phrase: the totals (per team where teams play),
    the hand, the dealer, who sits out, whose turn, the trick, what was said, Bock."""
    # a player's name and points stay together when the line is wrapped
    totals = [t.replace(" ", "\u00a0") for t in signed(data.get("columns") or data["totals"])]
    parts = [say("table.bar.totals", totals=totals)]
    if data["over"]:  # nothing more is dealt or played: no dealer, no turn
        return [*parts, say("table.bar.over")]
    if data["of"] and data.get("in_file", data["hand"]) != data["hand"]:
        parts.append(round_count(data["hand"], data["of"], data["in_file"]))
    elif data["of"]:
        parts.append(say("table.bar.hand_of", number=data["hand"], total=data["of"]))
    else:
        parts.append(say("table.bar.hand", number=data["hand"]))
    parts.append(say("table.bar.dealer", dealer=data["dealer"]))
    if data["sits_out"]:
        parts.append(say("table.bar.sits_out", players=data["sits_out"]))
    if data.get("vorgefuehrt"):
        parts.append(say("table.bar.vorgefuehrt", players=data["vorgefuehrt"]))
    if data["to_play"]:
        parts.append(say("table.bar.to_play", player=data["to_play"]))
    if data["trick"]:
        plays = cards(" ".join(f"{p}:{c}" for p, c in data["trick"]["plays"]))
        parts.append(say("table.bar.trick", number=data["trick"]["number"], plays=plays))
    if data["said"]:
        parts.append(say("table.bar.said", said=data["said"]))
    parts += sides_lines(data.get("sides"), lambda key: game_word(key, data.get("lang", "en")))
    if data["bock"]:
        parts.append(say("table.bar.bock", level=2 ** data["bock"]))
    if data["multiplier"] > 1:
        parts.append(say("table.bar.doubled", multiplier=data["multiplier"]))
    return parts


def standing_lines(session: Session, lang: str = "en") -> list[str]:
    """Where the table stands, for a session that starts or resumes: the partners where
    teams play, then the status bar's parts one a line (the totals, the hand, the dealer,
    the trick on the table, whose turn, what was said in this hand)."""
    from scorekeeper.table.words import partners

    lines = []
    if teams := partners(session.match):
        from scorekeeper.lang.terms import pair

        lines.append(say("table.new.teams", teams=[pair(team, lang) for team in teams]))
    return lines + [part.replace("\u00a0", " ") for part in bar_parts(bar_data(session, lang))]


def packed(parts: list[str], width: int) -> list[str]:
    """Parts joined by `` | `` into lines of at most ``width`` columns; a part longer than
    a line is wrapped on its own lines."""
    import textwrap

    lines: list[str] = []
    open_line = False  # whether the last line may take another part
    for part in parts:
        if open_line and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " | " + part
            continue
        wrapped = textwrap.wrap(part, width) or [""]
        lines.extend(wrapped)
        open_line = len(wrapped) == 1
    return lines
