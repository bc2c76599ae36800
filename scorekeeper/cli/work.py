"""What the table's commands do once their words are read: ``play``, ``trick``,
``announce``/``declare``/``act``, ``deal``, ``hand``, ``undo``, ``redo``, ``status``,
``score`` and ``check``; ``rename-player``; and ``serve`` (the serve extra's server,
imported only when it runs).

Without Typer: the Typer commands (:mod:`.recording`, :mod:`.reading`) and the quick path
(:mod:`.quick`) both call these, each through :func:`.quick.guarded`. Each opens the match
through the session (lock, read, replay, change, verify, write: :func:`editing`) and
renders the answer.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.cli.core import echo, typed, typed_cards, typed_facts
from scorekeeper.errors import ScorekeeperError
from scorekeeper.reasons import because
from scorekeeper.text import language, say

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from scorekeeper.session import Session
    from scorekeeper.session.check import CheckReport


def match_path(match: Path | None, *, changing: bool = False) -> Path:
    """The match file a command works on: ``--match``, ``$SCOREKEEPER_MATCH`` or current
    (``changing``: the command writes it; see ``store.current_path``)."""
    from scorekeeper import store

    return store.current_path(match, changing=changing)


def editing(
    match: Path | None, *, replay: bool = True, whole: bool = False
) -> AbstractContextManager[Session]:
    """Open the match for a change (``whole``: see ``Session.edit``); while another process
    writes it, wait and say so."""
    from scorekeeper.session import Session

    path = match_path(match, changing=True)

    def say_waiting() -> None:
        sys.stderr.write(say("cli.waiting", path=path) + "\n")
        sys.stderr.flush()

    return Session.edit(path, replay=replay, whole=whole, wait=lock_wait(), on_wait=say_waiting)


def lock_wait() -> float:
    """Seconds to wait for a match another process is writing: ``$SCOREKEEPER_LOCK_WAIT``."""
    from scorekeeper.session import LOCK_WAIT

    text = os.environ.get("SCOREKEEPER_LOCK_WAIT", "").strip()
    if not text:
        return LOCK_WAIT
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 3600:
        raise ScorekeeperError(
            say("cli.lock_wait", text=text),
            rule="match",
            kind="usage",
        )
    return seconds


def show(outcomes: list[Any], m: Any, json_: bool) -> None:
    """Report recorded actions: JSON records, or tricks, revokes and values for people."""
    from scorekeeper.cli import render

    if json_:
        render.emit_json([render.outcome_dict(o) for o in outcomes])
        return
    for o in outcomes:
        render.outcome(o, m)
    render.next_up(m)
    if m.over() and any(o.result is not None for o in outcomes):
        from scorekeeper.table.words import winner_line

        echo(winner_line(m.totals()))


def record(texts: list[str], match: Path | None, json_: bool) -> None:
    """Apply actions all-or-nothing and report what each did (``announce``, ``declare``,
    ``act``)."""

    with editing(match) as session:
        outcomes = session.record([" ".join(typed(session, text.split())) for text in texts])
    show(outcomes, session.match, json_)


def announce(player: str, what: list[str], match: Path | None = None, json_: bool = False) -> None:
    """``announce PLAYER WHAT...``."""
    record([" ".join([player, *what])], match, json_)


declare = announce  # ``declare PLAYER WHAT...`` records the same way


def act(actions: list[str], match: Path | None = None, json_: bool = False) -> None:
    """``act ACTION...``: raw actions as the match file holds them."""
    record(list(actions), match, json_)


def play(words: list[str], match: Path | None = None, json_: bool = False) -> None:
    """``play [PLAYER] CARD``."""
    with editing(match) as session:
        player, card = _played(session, words)
        out = session.play(card, player=player)
    show([out], session.match, json_)


def _played(session: Any, words: list[str]) -> tuple[str | None, str]:
    """``[PLAYER] CARD`` read: the card may take several words (``Kreuz Dame``). Two
    words that are not one card are a player and a card, as they always were."""
    if not words:
        raise _usage()
    players = {p.casefold() for p in session.match.players}
    if len(words) > 1 and words[0].casefold() in players:
        cards = typed_cards(session, words[1:])
        if len(cards) != 1:
            raise _usage()
        return words[0], cards[0]
    try:
        cards = typed_cards(session, words)
    except ScorekeeperError:
        if len(words) != 2 or _names_a_card(session, words[0]):
            raise
        return words[0], _second(session, words[1])
    if len(cards) == 1:
        return None, cards[0]
    if len(words) != 2:
        raise _usage()
    return words[0], words[1]


def _usage() -> ScorekeeperError:
    """``play`` given no card, or words that are not one."""
    return ScorekeeperError(because("cli.play_usage", "actions"))  # a usage mistake: exit 2


def _names_a_card(session: Any, word: str) -> bool:
    from scorekeeper.lang import DEFAULT, is_card_word, match_lang

    lang = match_lang(session.header)
    return lang != DEFAULT and is_card_word(word, lang)


def _second(session: Any, word: str) -> str:
    """The card of ``play WHO CARD`` when WHO is no player: the engine refuses WHO."""
    try:
        cards = typed_cards(session, [word])
    except ScorekeeperError:
        return word
    return cards[0] if len(cards) == 1 else word


def trick(cards: list[str], match: Path | None = None, json_: bool = False) -> None:
    """``trick CARD...``: a whole trick (or its rest) in play order."""
    with editing(match) as session:
        outcomes = session.trick(typed_cards(session, cards))
    show(outcomes, session.match, json_)


def deal(hands: list[str], match: Path | None = None, json_: bool = False) -> None:
    """``deal PLAYER=CARDS...``: the deal of the next hand."""
    from scorekeeper.cards import parse_cards

    cards: dict[str, list[str]] = {}
    with editing(match) as session:  # opened first: a refusal speaks the match's language
        for item in hands:
            if "=" not in item:
                raise ScorekeeperError(because("cli.deal_usage", "deal", item=item))
        for item in hands:
            name, text = item.split("=", 1)
            cards[name.strip()] = [c.code for c in parse_cards(typed_cards(session, [text]))]
        mh = session.deal(cards)
    if json_:
        from scorekeeper.cli import render

        render.emit_json({"hand": mh.number, "dealer": mh.dealer, "deal": cards})
        return
    echo(say("cli.deal_recorded", hand=mh.number, dealer=mh.dealer))


def hand(
    facts: list[str] | None = None,
    action: list[str] | None = None,
    keys: bool = False,
    match: Path | None = None,
    json_: bool = False,
) -> None:
    """``hand KEY=VALUE... [-a ACTION]...``: a whole hand from the score sheet."""
    if keys:
        show_keys(match, json_)
        return
    if not facts:
        raise ScorekeeperError(because("cli.hand_facts", "quick"))
    from scorekeeper.cli import render

    with editing(match) as session:
        said = [" ".join(typed(session, a.split())) for a in action or []]
        mh = session.quick(typed_facts(session, facts), said)
    assert mh.result is not None
    if json_:
        render.emit_json({"hand": mh.number, "result": mh.result.to_dict()})
        return
    render.result(mh.result, title=say("cli.hand", hand=mh.number), match=session.match)
    from scorekeeper.table.words import next_or_over

    for line in next_or_over(session.match):
        echo(line)


def show_keys(match: Path | None, json_: bool) -> None:
    """``hand --keys``: the facts this match's game takes."""
    from scorekeeper.cli import render
    from scorekeeper.session import Session

    session = Session.open(match_path(match))
    keys = session.quick_keys()
    if json_:
        render.emit_json({k: {"kind": v.kind, "help": v.help} for k, v in keys.items()})
        return
    from scorekeeper.table.words import keys_lines

    for line in keys_lines(session):
        echo(line)


def undo(match: Path | None = None, json_: bool = False, yes: bool = False) -> None:
    """``undo [--yes]``: remove the last recorded action (or quick hand). An undo that
    takes a whole scored hand off the sheet says what it would remove and is refused
    (exit 1) unless ``--yes`` confirms it; one action within a hand is taken at once."""
    with editing(match, replay=False) as session:
        takes = session.undo_takes_hand()
        if takes is not None and not yes:
            from scorekeeper.reasons import because

            raise ScorekeeperError(because("undo.confirm", "undo", what=takes), kind="confirmation")
        what = session.undo()
    if json_:
        from scorekeeper.cli import render

        render.emit_json({"undone": what})
        return
    echo(say("cli.undone", what=what))


def redo(match: Path | None = None, json_: bool = False) -> None:
    """``redo``: put back what the last undo took, until a new entry is made."""
    with editing(match, replay=False) as session:
        what = session.redo()
    if json_:
        from scorekeeper.cli import render

        render.emit_json({"redone": what})
        return
    echo(say("cli.redone", what=what))


def rename_player(old: str, new: str, match: Path | None = None, json_: bool = False) -> None:
    """``rename-player OLD NEW``: correct a player's name in every hand of the match."""
    with editing(match, replay=False) as session:
        done = session.rename_player(old, new)
    if json_:
        from scorekeeper.cli import render

        render.emit_json({"renamed": done})
        return
    echo(say("cli.renamed", **done))


def status(match: Path | None = None, json_: bool = False) -> None:
    """``status``: the hand in progress."""
    from scorekeeper.cli import render
    from scorekeeper.session import Session

    session = Session.open(match_path(match))
    if json_:
        render.emit_json(status_data(session))
        return
    show_status(session)


def status_data(session: Session) -> dict[str, Any]:
    """The hand in progress, the running totals, who sits out, who is to bid or choose
    (``to_act``, when nobody is to play a card) and whether the match is over."""
    from scorekeeper.cli import render

    hand = session.current_hand()
    m = session.match
    data = render.hand_status(hand)
    data["totals"] = m.totals()
    data["sits_out"] = [p for p in m.players if p not in hand.players]
    waiting = not hand.finished and hand.to_play() is None
    actors = [a.actor for a in hand.legal_actions() if not a.is_play] if waiting else []
    data["to_act"] = list(dict.fromkeys(actors))
    data["over"] = m.over()
    data["team_points"] = team_points(session)
    return data


def team_points(session: Session) -> dict[str, int] | None:
    """The card points each fixed team has taken in the hand so far (the sheet's pair
    names), where teams play and a trick is done; else None."""
    from scorekeeper.table.words import partners
    from scorekeeper.view.sheet import team_name

    m = session.match
    teams = partners(m)
    hand = session.current_hand()
    done = hand.completed_tricks()
    if not teams or not done or hand.finished:
        return None
    points = {team_name(m, team): 0 for team in teams}
    of = {p: team_name(m, team) for team in teams for p in team}
    for trick in done:
        if trick.winner in of:
            points[of[trick.winner]] += trick.points or 0
    return points


def show_status(session: Session) -> None:
    """The status for people: the hand, then who sits out, who acts, totals, match over."""
    from scorekeeper.cli import render
    from scorekeeper.table.words import say, team_signed, winner_line

    data = status_data(session)
    hand = session.current_hand()
    if data["over"]:
        echo(say("table.status.over", reason=data["over"]))
        echo(winner_line(data["totals"]))
    else:
        render.status(data)
        if data["team_points"]:
            echo(say("table.status.team_points", points=named_points(data["team_points"])))
        if data["sits_out"]:
            echo(say("table.status.sits_out", players=data["sits_out"]))
        if data["to_act"]:
            from scorekeeper.view.value import line_start  # a line of its own: a capital

            echo(line_start(say("table.status.to_act", what=hand.game.why_not_ready())))
    echo(say("table.status.totals", totals=team_signed(session.match, data["totals"])))


def named_points(points: dict[str, int]) -> list[str]:
    return [f"{name} {value}" for name, value in points.items()]


def score(
    match: Path | None = None, json_: bool = False, chart: bool = False, all_: bool = False
) -> None:
    """``score``: the score sheet in the game's own form."""
    from scorekeeper.cli import render
    from scorekeeper.session import Session

    session = Session.open(match_path(match))
    m = session.match
    if json_:
        from scorekeeper.export import emit_sheet

        emit_sheet(m)
        return
    render.score_sheet(m, chart=chart, every=all_)  # the sheet's words: the view's language


def check(file: Path, strict: bool = False, json_: bool = False) -> None:
    """``check FILE``: every problem of a match file; exit 1 unless it is sound."""
    from scorekeeper.cli.speaking import match_language
    from scorekeeper.session.check import check as check_file

    language.use_match(match_language(file))  # a file missing: the table's words
    report = check_file(file, strict=strict)
    if json_ or report.problems or report.warnings:
        _shown(report, json_=json_)
    if report.ok and not json_:
        from scorekeeper.text import say_count

        echo(say_count("cli.check_ok", report.hands, file=str(file)))
    if not report.ok:
        raise SystemExit(1)


def _shown(report: CheckReport, *, json_: bool) -> None:
    """A check's report as JSON, or its problems and warnings (the renderer is imported
    only then: a sound file's one line needs none of it)."""
    from scorekeeper.cli import render

    if json_:
        render.emit_json(report.to_dict())
        return
    for p in report.problems:
        render.error(p)
    for w in report.warnings:
        render.warn(w)


def serve(
    match: Path | None = None,
    lan: bool = False,
    port: int = 8737,
    stop_after: float | None = None,
    beside: bool = False,
    new_address: bool = False,
) -> None:
    """Serve the match's live sheet until Ctrl-C (``scorekeeper serve``); without the
    serve extra, say how to install it (exit 2); a port taken is a refusal (exit 1),
    except beside the table session, which takes any free one."""
    import sys

    try:
        from scorekeeper.serve.run import PortTaken, Serving
    except ImportError:
        sys.stderr.write(say("serve.no_extra") + "\n")
        raise SystemExit(2) from None
    path = match_path(match, changing=True)
    try:
        serving = Serving(path, lan=lan, port=port, beside=beside, new_address=new_address)
    except PortTaken as err:
        if not beside:
            sys.stderr.write(f"{err}\n")
            raise SystemExit(1) from None
        serving = Serving(path, lan=lan, port=0, beside=beside)  # any free one
    # the keys: the terminal's, or the table session's lines when it runs beside one
    keys = sys.stdin if sys.stdin is not None and (beside or sys.stdin.isatty()) else None
    serving.run(keys, stop_after=stop_after)
