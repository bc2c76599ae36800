"""The table session's sentences: each from a key of ``scorekeeper.text.table`` (or
another catalogue), so that the languages engineer can translate them."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from scorekeeper.reasons import Reason
from scorekeeper.view.words import cards, term

T = TypeVar("T", bound=Hashable)

if TYPE_CHECKING:
    from scorekeeper.match import Match
    from scorekeeper.result import HandResult, Outcome
    from scorekeeper.session import Session


def say(key: str, /, **params: Any) -> str:
    """The words of one catalogue key."""
    return Reason(key, params).text()


def signed(scores: Mapping[str, int]) -> list[str]:
    from scorekeeper.view.words import side

    return [f"{side(p)} {s:+d}" for p, s in scores.items()]


def team_signed(match: Match | None, scores: Mapping[str, int]) -> list[str]:
    """Scores as the sheet counts them: per fixed team where teams play, else per player."""
    if match is None:
        return signed(scores)
    from scorekeeper.view.sheet import column_scores

    return signed(column_scores(match, scores))


def outcome_lines(out: Outcome, number: int, match: Match | None = None) -> list[str]:
    """What one recorded action did: the card, who took a trick and why, a revoke, and
    when the hand is over its value item by item and the scores (per team where teams
    play, given the ``match``)."""
    lines: list[str] = []
    if out.action.is_play:
        lines.append(say("table.said.play", action=cards(out.action.text)))
    lines.extend(str(m) for m in out.messages)
    lines.extend(f"{say('cli.warning')} {r.text()}" for r in out.revokes)
    if out.result is not None:
        lines.extend(result_lines(out.result, number, match))
    return lines


Known = tuple[tuple[str, ...], tuple[str, ...]] | None
"""Who the table knows to be Re and who Kontra in the open hand (None: nobody yet)."""


def known_sides(match: Match) -> Known:
    """The sides of the open hand as far as the record shows them, to tell whether an
    entry showed the table more of them."""
    from scorekeeper.view.sides import sides_data

    mh = match.open_hand
    data = sides_data(mh.hand) if mh is not None and mh.hand is not None else None
    return (tuple(data["re"]), tuple(data["contra"])) if data else None


def entry_lines(outcomes: list[Outcome], match: Match, before: Known) -> list[str]:
    """What one entry (a card, a trick, what was said) did, action by action; the sides
    said once, right after the action that showed more of them than ``before`` (the
    sides known when the entry was made: a queen of clubs played by a player who had
    announced Re tells the table nothing new); after the last hand, the totals and who
    deals next."""
    number = match.hands[-1].number
    over = outcomes[-1].result is not None
    told = [] if over or known_sides(match) == before else sides_now(match)
    at = _revealing(match, outcomes)
    lines: list[str] = []
    for i, out in enumerate(outcomes):
        lines.extend(outcome_lines(out, number, match))
        if i == at:
            lines.extend(told)
    if over:
        lines.extend(after_hand(match))
    return lines


def _revealing(match: Match, outcomes: list[Outcome]) -> int:
    """The last of the ``outcomes`` that showed the sides (a queen of clubs, a first
    announcement, a wedding's clarifying trick); else the last."""
    from scorekeeper.view.sides import revealed

    mh = match.open_hand
    if mh is None or mh.hand is None:
        return len(outcomes) - 1
    shown = [i for i, o in enumerate(outcomes) if revealed(mh.hand, o.action, o.trick)]
    return shown[-1] if shown else len(outcomes) - 1


def sides_now(match: Match) -> list[str]:
    """Who is Re and who Kontra in the open hand, in the table's words."""
    from scorekeeper.lang import game_word
    from scorekeeper.text import language
    from scorekeeper.view.sides import sides_data, sides_lines

    mh = match.open_hand
    if mh is None or mh.hand is None:
        return []
    lang = language.current()
    return sides_lines(sides_data(mh.hand), lambda key: game_word(key, lang))


def result_lines(res: HandResult, number: int, match: Match | None = None) -> list[str]:
    if res.redeal:
        return [say("table.hand.redeal", number=number, what=res.items[0].label)]
    points = ", ".join(f"{term(side)} {p}" for side, p in res.card_points.items())
    lines = [
        say(
            "table.hand.over",
            number=number,
            game=res.game_type,
            points=points,
            winner=res.winner or "-",
            value=res.value,
        )
    ]
    from scorekeeper.view.value import line_start, value_rows

    lines.extend(
        f"  {text}  [{rule}]" if rule else f"  {text}" for text, rule in value_rows(res.items)
    )
    lines.extend(f"  {line_start(note)}" for note in res.notes)
    lines.append(say("table.hand.scores", scores=team_signed(match, res.scores)))
    return lines


def after_hand(match: Match) -> list[str]:
    """After a hand: the new totals, and who deals next or that the match is over and who
    won it."""
    lines = [say("table.hand.totals", totals=team_signed(match, match.totals()))]
    return lines + next_or_over(match)


def next_or_over(match: Match) -> list[str]:
    """Who deals next, or that the match is over, with its winner."""
    reason = match.over()
    if reason is None:
        return [say("table.next.dealer", dealer=match.next_dealer())]
    return [say("table.match.over", reason=reason), winner_line(match.totals())]


def winner_line(totals: Mapping[str, int]) -> str:
    best = max(totals.values())
    top = [p for p, v in totals.items() if v == best]
    key = (
        "table.match.winner" if len(top) == 1 or len(top) * 2 == len(totals) else "table.match.tie"
    )
    return say(key, players=top, points=best)


def partners(match: Match) -> list[list[str]]:
    """The fixed partnerships, where the seating makes them (partners sit opposite)."""
    players = match.players
    if match.family.seating(match.rules) != "partners" or len(players) % 2:
        return []
    half = len(players) // 2
    return [players[i::half] for i in range(half)]


def opening(match: Match) -> dict[str, Any]:
    """Who deals the next hand, who leads it or speaks first, and the fixed partners."""
    from scorekeeper.hand import Hand

    hand = Hand(match.rules, match.players, match.next_dealer(), context=match.context())
    leader = hand.to_play()
    said = [a.actor for a in hand.legal_actions() if not a.is_play]
    return {
        "dealer": hand.dealer,
        "leader": leader,
        "first_to_act": None if leader is not None or not said else said[0],
        "before_play": None if leader is not None else hand.game.why_not_ready(),
        "sits_out": [p for p in match.players if p not in hand.players],
        "partners": partners(match),
    }


def opening_lines(data: Mapping[str, Any]) -> list[str]:
    lines = []
    if data["sits_out"]:
        lines.append(say("table.status.sits_out", players=data["sits_out"]))
    if data["leader"]:
        lines.append(say("table.new.leads", player=data["leader"]))
    elif data["before_play"]:
        lines.append(say("table.new.before_play", why=data["before_play"]))
    if data["partners"]:
        from scorekeeper.lang.terms import pair
        from scorekeeper.text import language

        teams = [pair(team, language.current()) for team in data["partners"]]
        lines.append(say("table.new.teams", teams=teams))
    return lines


def listed(words: Iterable[T]) -> list[T]:
    """Distinct words (or cards) in their first order."""
    return list(dict.fromkeys(words))


def keys_lines(session: Session) -> list[str]:
    """``hand --keys`` (the command and the session's line): the facts this match's game,
    variant and table take, then how what players said is given."""
    from scorekeeper.lang.terms import fact_name
    from scorekeeper.text import language, translate
    from scorekeeper.view.value import line_start

    keys = session.quick_keys()
    lang = language.current()
    lines = [say("cli.quick_keys", name=session.match.rules.name)]
    for name, key in keys.items():  # by its name at the table (Re-Augen), its kind worded (Zahl)
        shown = line_start(fact_name(name, lang)) + "=" + say("cli.value_kind." + key.kind)
        lines.append(f"  {shown:<18} {key.help}")
    lines.append(say("cli.quick_said"))
    words = session.match.rules.get("actions.explain")
    if words:
        lines.append(f"  {translate('explain', words)}")
    return lines
