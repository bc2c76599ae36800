"""The ``scorekeeper`` command: parse the words typed at the table, call the engine, render.

Each command is one line a table can type and a script can drive. Errors go to stderr as
one clear line (with the rule-set key), the exit code is 1, and the match file is left
exactly as it was.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from scorekeeper.errors import ScorekeeperError

app = typer.Typer(
    name="scorekeeper",
    help=(
        "Keep the score and settle the rules of Doppelkopf and related trick-taking games.\n\n"
        "Start a match with 'scorekeeper new doppelkopf Anna Ben Carla Dirk', then record what "
        "happens: 'scorekeeper announce Ben re', 'scorekeeper trick QC 10H AD 9D', or a whole "
        "hand from the score sheet with 'scorekeeper hand re=Anna,Carla re_points=165'. "
        "'scorekeeper score' shows the sheet."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
rules_app = typer.Typer(help="List and show the rule sets.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")

F = TypeVar("F", bound=Callable[..., Any])

MatchOpt = Annotated[
    Path | None,
    typer.Option(
        "--match",
        "-m",
        help="Match file to use (default: $SCOREKEEPER_MATCH, else the current match).",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print plain JSON for programs.")]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", help="Change an option: --set fox=false (repeatable)."),
]


def _json_wanted() -> bool:
    return "--json" in sys.argv


def guarded(func: F) -> F:
    """Turn engine errors into one line on stderr and exit code 1; never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except ScorekeeperError as exc:
            _fail(exc)
        except OSError as exc:
            _fail(ScorekeeperError(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": ")))

    return wrapper  # type: ignore[return-value]


def _fail(exc: ScorekeeperError) -> None:
    if _json_wanted():
        import json

        sys.stderr.write(json.dumps(exc.to_dict(), ensure_ascii=False) + "\n")
    else:
        from scorekeeper.cli import render

        for line in str(exc).splitlines():
            render.error(line)
    raise typer.Exit(1)


def _options(pairs: list[str] | None, file: Path | None = None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if file is not None:
        import tomllib

        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ScorekeeperError(f"{file}: {exc}", rule="options") from None
        options.update(data.get("options", data))
    for pair in pairs or []:
        if "=" not in pair:
            raise ScorekeeperError(
                f"--set {pair!r}: write it as name=value, like fox=false", rule="options"
            )
        key, value = pair.split("=", 1)
        options[key.strip()] = value.strip()
    return options


def _path(match: Path | None) -> Path:
    from scorekeeper import store

    return store.current_path(match)


# ---------------------------------------------------------------------- new / demo


@app.command()
@guarded
def new(
    ruleset: Annotated[
        str, typer.Argument(help="Rule set id (see 'scorekeeper rules list') or a rule set file.")
    ],
    players: Annotated[list[str], typer.Argument(help="Players in seating order, clockwise.")],
    dealer: Annotated[
        str | None, typer.Option(help="Who deals first (default: the first player).")
    ] = None,
    set_: SetOpt = None,
    options_file: Annotated[
        Path | None, typer.Option("--options", help="TOML file of option values for this match.")
    ] = None,
    match: Annotated[
        Path | None,
        typer.Option(
            "--match", "-m", help="Write the match to this file instead of the data folder."
        ),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Start a match; it becomes the current match.

    Example: scorekeeper new doppelkopf Anna Ben Carla Dirk --set fox=false
    """
    from scorekeeper import ruleset as rs
    from scorekeeper import store
    from scorekeeper.matchlog import MatchLog

    opts = _options(set_, options_file)
    rules = rs.load(ruleset, opts)
    _warn_unknown_keys(rules)
    if dealer is not None and dealer not in players:
        raise ScorekeeperError(
            f"the first dealer {dealer} is not one of the players ({', '.join(players)})",
            rule="players",
        )
    for p in players:
        if not p or any(ch.isspace() for ch in p):
            raise ScorekeeperError(f"player name {p!r} must be one word", rule="players")
        if players.count(p) > 1:
            raise ScorekeeperError(f"player {p} is named twice; names must differ", rule="players")
    ruleset_ref = ruleset if not ruleset.endswith(".toml") else str(Path(ruleset).resolve())
    log = MatchLog.new(ruleset_ref, list(players), dealer or players[0], rules.overrides)
    path = match or store.new_path(list(players), rules.id, log.started)
    store.create(log, path)
    if json_:
        from scorekeeper.cli import render

        render.emit_json(
            {
                "match": str(path),
                "ruleset": rules.id,
                "players": players,
                "first_dealer": log.first_dealer,
                "options": rules.overrides,
            }
        )
        return
    typer.echo(f"New {rules.name} match: {', '.join(players)}; {log.first_dealer} deals first.")
    typer.echo(f"Match file: {path}")


@app.command()
@guarded
def demo(
    ruleset: Annotated[str, typer.Argument(help="Rule set to demonstrate.")] = "doppelkopf",
    hands: Annotated[int, typer.Option(help="How many hands to play.")] = 4,
    seed: Annotated[int, typer.Option(help="Random seed, to repeat a demo exactly.")] = 1,
    match: Annotated[
        Path | None, typer.Option("--match", "-m", help="Write the demo match here.")
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Play a few random legal hands into a new match file and show the score sheet.

    Example: scorekeeper demo --hands 3
    """
    import random

    from scorekeeper import matchlog, store
    from scorekeeper import ruleset as rs
    from scorekeeper.match import Match
    from scorekeeper.matchlog import HandRecord, MatchLog
    from scorekeeper.simulate import deal, play_random

    rules = rs.load(ruleset)
    names = ["Anna", "Ben", "Carla", "Dirk", "Emil", "Frida"][: rules.player_counts[0]]
    log = MatchLog.new(rules.id, names, names[0])
    path = match or store.new_path(names, f"demo-{rules.id}", log.started)
    rng = random.Random(seed)
    m = Match(rules, names, names[0])
    for _ in range(hands):
        if m.over():
            break
        players = m.family.active_players(rules, names, m.next_dealer(), m.context())
        dealt = deal(rules, players, rng)
        mh = m.start_hand({p: [c.code for c in cs] for p, cs in dealt.items()})
        assert mh.hand is not None
        actions = play_random(mh.hand, rng, announce=0.05)
        mh.actions = list(mh.hand.history)
        mh.result = mh.hand.result()
        log.hands.append(
            HandRecord(actions=actions, deal={p: [c.code for c in cs] for p, cs in dealt.items()})
        )
    store.create(log, path)
    _, replayed = store.load(path)
    from scorekeeper.cli import render

    data = render.sheet_dict(replayed)
    if json_:
        data["match"] = str(path)
        render.emit_json(data)
        return
    render.sheet(data, rules.name)
    typer.echo(f"Demo match written to {path} (now the current match).")
    del matchlog


# ---------------------------------------------------------------------- recording


def _show(outcomes: list[Any], m: Any, json_: bool) -> None:
    """Report recorded actions: JSON records, or tricks, revokes and values for people."""
    from scorekeeper.cli import render

    if json_:
        render.emit_json([render.outcome_dict(o) for o in outcomes])
        return
    for o in outcomes:
        render.outcome(o)
    render.next_up(m)


def _record(texts: list[str], match: Path | None, json_: bool) -> None:
    """Apply actions all-or-nothing and report what each did."""
    from scorekeeper import store

    path = _path(match)
    outcomes = []
    with store.editing(path) as (log, m):
        for text in texts:
            outcomes.append(m.record(log, text))
    _show(outcomes, m, json_)


@app.command()
@guarded
def play(
    words: Annotated[
        list[str],
        typer.Argument(help="[PLAYER] CARD: the player may be left out when it is their turn."),
    ],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record one card played.

    Examples: scorekeeper play QC  |  scorekeeper play Ben QC
    """
    if not 1 <= len(words) <= 2:
        raise ScorekeeperError("play takes [PLAYER] CARD, like 'play Ben QC'", rule="actions")
    from scorekeeper import store

    with store.editing(_path(match)) as (log, m):
        text = " ".join(words) if len(words) == 2 else f"{_next_player(m)} {words[0]}"
        out = m.record(log, text)
    _show([out], m, json_)


def _next_player(m: Any) -> str:
    """Who plays the next card of the match, or a clear refusal if nobody can now."""
    from scorekeeper.hand import Hand

    mh = m.open_hand
    hand = mh.hand if mh is not None else None
    if hand is None:
        hand = Hand(m.rules, m.players, m.next_dealer(), context=m.context())
    player = hand.to_play()
    if player is None:
        raise ScorekeeperError(
            f"no card can be played now: {hand.game.why_not_ready()}",
            rule=hand.game.not_ready_rule(),
        )
    return player


@app.command()
@guarded
def trick(
    cards: Annotated[
        list[str], typer.Argument(help="The cards in play order, starting with the player to play.")
    ],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record a whole trick (or its rest) in play order; the leader is known from the last trick.

    Example: scorekeeper trick QC 10H AD 9D
    """
    from scorekeeper import store

    outcomes = []
    with store.editing(_path(match)) as (log, m):
        for i, card in enumerate(cards):
            player = _next_player(m)
            outcomes.append(m.record(log, f"{player} {card}"))
            done = outcomes[-1].trick
            if done is not None and i < len(cards) - 1:
                raise ScorekeeperError(
                    f"trick {done.number} is complete after {card}; "
                    f"{len(cards) - i - 1} card(s) too many",
                    rule="play.turn_order",
                )
    _show(outcomes, m, json_)


@app.command()
@guarded
def announce(
    player: Annotated[str, typer.Argument(help="Who announces.")],
    what: Annotated[list[str], typer.Argument(help="The announcement, e.g. re, contra, no90.")],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record an announcement (Re, Contra, no 90, ...).

    Examples: scorekeeper announce Ben re  |  scorekeeper announce Ben no90
    """
    _record([" ".join([player, *what])], match, json_)


@app.command()
@guarded
def declare(
    player: Annotated[str, typer.Argument(help="Who declares.")],
    what: Annotated[list[str], typer.Argument(help="The declaration and its cards, if any.")],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record a declaration before play (wedding, piglets, poverty, accept, decline, fivenines).

    Examples: scorekeeper declare Anna wedding  |  scorekeeper declare Anna poverty 9D KD JH
    """
    _record([" ".join([player, *what])], match, json_)


@app.command()
@guarded
def act(
    actions: Annotated[
        list[str], typer.Argument(help="Action strings as the match file holds them, actor first.")
    ],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record one or more raw actions, all or nothing.

    Example: scorekeeper act "Ben re" "Ben QC" "Carla 10H"
    """
    _record(list(actions), match, json_)


@app.command("deal")
@guarded
def deal_cmd(
    hands: Annotated[
        list[str],
        typer.Argument(help="PLAYER=CARDS for each player, cards separated by spaces or commas."),
    ],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record the deal of the next hand; every play is then checked against it at once.

    Example: scorekeeper deal "Anna=QC QC 10H ..." "Ben=..." "Carla=..." "Dirk=..."
    """
    from scorekeeper import store
    from scorekeeper.cards import parse_cards

    cards: dict[str, list[str]] = {}
    for item in hands:
        if "=" not in item:
            raise ScorekeeperError(f"deal {item!r}: write PLAYER=CARDS", rule="deal")
        name, text = item.split("=", 1)
        cards[name.strip()] = [c.code for c in parse_cards(text)]
    with store.editing(_path(match)) as (log, m):
        mh = m.record_deal(log, cards)
    if json_:
        from scorekeeper.cli import render

        render.emit_json({"hand": mh.number, "dealer": mh.dealer, "deal": cards})
        return
    typer.echo(f"Deal of hand {mh.number} recorded (dealer {mh.dealer}).")


@app.command("hand")
@guarded
def hand_cmd(
    facts: Annotated[
        list[str] | None,
        typer.Argument(help="KEY=VALUE facts of the score sheet; lists separated by commas."),
    ] = None,
    action: Annotated[
        list[str] | None,
        typer.Option(
            "--action", "-a", help="An announcement or declaration, like 'Anna re' (repeatable)."
        ),
    ] = None,
    keys: Annotated[
        bool, typer.Option("--keys", help="List the facts this match's game takes, and stop.")
    ] = False,
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record a whole hand from the score sheet (quick entry).

    Each game has its own facts ('scorekeeper hand --keys' lists them). Doppelkopf: re (the
    Re players), re_points, all_tricks (re|contra), extras ("Name fox"), revoke, solo, redeal.

    Example: scorekeeper hand re=Anna,Carla re_points=165 -a "Anna re" -a "Anna no90"
    """
    if keys:
        _show_keys(match, json_)
        return
    if not facts:
        raise ScorekeeperError(
            "give the hand's facts as KEY=VALUE ('scorekeeper hand --keys' lists them)",
            rule="quick",
        )
    from scorekeeper import store
    from scorekeeper.cli import render

    with store.editing(_path(match)) as (log, m):
        parsed = _parse_facts(facts, m.family.quick_keys(), m.rules.name)
        mh = m.record_quick(log, parsed, action or [])
    assert mh.result is not None
    if json_:
        render.emit_json({"hand": mh.number, "result": mh.result.to_dict()})
        return
    render.result(mh.result, title=f"Hand {mh.number}")


def _show_keys(match: Path | None, json_: bool) -> None:
    from scorekeeper import store
    from scorekeeper.cli import render

    _, m = store.load(_path(match))
    keys = m.family.quick_keys()
    if json_:
        render.emit_json({k: {"kind": v.kind, "help": v.help} for k, v in keys.items()})
        return
    typer.echo(f"Quick-entry facts for {m.rules.name}:")
    for name, key in keys.items():
        typer.echo(f"  {name + '=' + key.kind:<18} {key.help}")
    typer.echo(
        "What players said (announcements, calls, knocks, doubles) goes with -a 'Name word'."
    )


@app.command()
@guarded
def undo(match: MatchOpt = None, json_: JsonOpt = False) -> None:
    """Remove the last recorded action (or the last quick hand).

    Example: scorekeeper undo
    """
    from scorekeeper import matchlog
    from scorekeeper.match import Match
    from scorekeeper.match import undo as undo_last

    path = _path(match)
    with matchlog.lock(path):
        log, _ = matchlog.read(path)
        what = undo_last(log)
        Match.from_log(log, None, str(path))
        matchlog.write(path, log)
    if json_:
        from scorekeeper.cli import render

        render.emit_json({"undone": what})
        return
    typer.echo(f"Undone: {what}")


# ---------------------------------------------------------------------- reading


@app.command()
@guarded
def status(match: MatchOpt = None, json_: JsonOpt = False) -> None:
    """Show the hand in progress: tricks, announcements, shown voids, whose turn.

    Example: scorekeeper status
    """
    from scorekeeper import store
    from scorekeeper.cli import render
    from scorekeeper.hand import Hand

    _, m = store.load(_path(match))
    mh = m.open_hand
    hand = mh.hand if mh is not None and mh.hand is not None else None
    if hand is None and m.hands and m.hands[-1].hand is not None and not json_:
        pass
    if hand is None:
        hand = Hand(
            m.rules, m.players, m.next_dealer(), number=len(m.hands) + 1, context=m.context()
        )
    data = render.hand_status(hand)
    data["totals"] = m.totals()
    if json_:
        render.emit_json(data)
        return
    render.status(data)


@app.command()
@guarded
def score(match: MatchOpt = None, json_: JsonOpt = False) -> None:
    """Show the score sheet: one row per hand with its value and why, running totals.

    Example: scorekeeper score --json
    """
    from scorekeeper import store
    from scorekeeper.cli import render

    _, m = store.load(_path(match))
    data = render.sheet_dict(m)
    if json_:
        render.emit_json(data)
        return
    render.sheet(data, m.rules.name)


@app.command()
@guarded
def check(
    file: Annotated[Path, typer.Argument(help="The match file to check.")],
    json_: JsonOpt = False,
) -> None:
    """Check a match file (for instance after editing it by hand); exit 0 if it is sound.

    Example: scorekeeper check match.toml
    """
    from scorekeeper import matchlog
    from scorekeeper.errors import MatchFileError
    from scorekeeper.match import Match

    problems: list[str] = []
    hands = 0
    try:
        log, source_map = matchlog.read(file)
        m = Match.from_log(log, source_map, str(file), every_problem=True)
        hands = len(m.hands)
        for mh in m.hands:
            if mh.hand is not None:
                for p in mh.hand.deck_check():
                    problems.append(f"{file}: hand {mh.number}: {p} [rule: deck.copies]")
                for r in mh.hand.revokes:
                    problems.append(f"{file}: hand {mh.number}: {r.text()}")
    except MatchFileError as exc:
        problems = list(exc.problems)
    if json_:
        from scorekeeper.cli import render

        render.emit_json(
            {"file": str(file), "ok": not problems, "hands": hands, "problems": problems}
        )
    else:
        from scorekeeper.cli import render

        for p in problems:
            render.error(p)
        if not problems:
            typer.echo(f"{file}: ok ({hands} hand{'s' if hands != 1 else ''})")
    if problems:
        raise typer.Exit(1)


@app.command()
@guarded
def export(
    format_: Annotated[str, typer.Option("--format", "-f", help="json or csv.")] = "json",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write to this file instead of standard output."),
    ] = None,
    match: MatchOpt = None,
) -> None:
    """Export the match history (every hand, its value, reasons and totals).

    Example: scorekeeper export --format csv -o match.csv
    """
    from scorekeeper import store
    from scorekeeper.export import to_csv, to_json

    if format_ not in ("json", "csv"):
        raise ScorekeeperError(f"unknown export format {format_!r}; use json or csv", rule="export")
    log, m = store.load(_path(match))
    text = to_json(log, m) if format_ == "json" else to_csv(m)
    if output is None:
        sys.stdout.write(text)
    else:
        from scorekeeper import matchlog

        matchlog.write_text(output, text)
        typer.echo(f"Exported {len(m.hands)} hands to {output}")


# ---------------------------------------------------------------------- referee


@app.command()
@guarded
def judge(
    ruleset: Annotated[str, typer.Argument(help="Rule set id or file.")],
    trick: Annotated[
        str, typer.Option(help='The cards in the trick so far, in play order: "Anna:QC Ben:10H".')
    ] = "",
    player: Annotated[str | None, typer.Option(help="Who is to play next.")] = None,
    hand: Annotated[str | None, typer.Option("--hand", help="The cards that player holds.")] = None,
    game: Annotated[
        str | None, typer.Option(help="The game or contract (a solo, 'piglets'...).")
    ] = None,
    trump: Annotated[
        str | None, typer.Option(help="The trump suit, where chosen per hand.")
    ] = None,
    partner: Annotated[
        str | None, typer.Option(help="The partner of the player to play, where it matters.")
    ] = None,
    last: Annotated[bool, typer.Option("--last", help="It is the last trick of the hand.")] = False,
    players: Annotated[int | None, typer.Option(help="Players at the table.")] = None,
    fact: Annotated[
        list[str] | None,
        typer.Option("--fact", "-f", help="A quick fact KEY=VALUE: asks for a hand's value."),
    ] = None,
    action: Annotated[
        list[str] | None, typer.Option("--action", "-a", help="An announcement with the facts.")
    ] = None,
    names: Annotated[
        str | None, typer.Option("--names", help="Player names in seat order, for --fact.")
    ] = None,
    set_: SetOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Settle a dispute without a match: which cards may be played and why, who takes a
    trick and why, or what a hand is worth item by item.

    Examples: scorekeeper judge doppelkopf --trick "Anna:AH Ben:9H" --player Carla --hand "KH QC 9S"
    | scorekeeper judge doppelkopf --trick "Anna:QH Ben:JD Carla:10D Dirk:QH"
    | scorekeeper judge doppelkopf -f re=Anna,Carla -f re_points=165 -a "Anna re"
    """
    from scorekeeper import referee
    from scorekeeper import ruleset as rs
    from scorekeeper.cards import parse_cards
    from scorekeeper.cli import render
    from scorekeeper.games import family_for

    rules = rs.load(ruleset, _options(set_))
    if fact:
        keys = family_for(rules).quick_keys()
        facts = _parse_facts(fact, keys, rules.name)
        seated = players or rules.player_counts[0]
        table = names.replace(",", " ").split() if names else _names_from(facts, seated)
        result = referee.judge_value(rules, table, facts, action or [])
        if json_:
            render.emit_json({"question": "value", "result": result.to_dict()})
            return
        render.result(result, title="Value")
        return
    ruling = referee.judge_play(
        rules,
        referee.parse_trick(trick, rules),
        game=game,
        trump=trump,
        player=player,
        holding=parse_cards(hand) if hand is not None else None,
        partner=partner,
        last_trick=last,
        players=players,
    )
    if json_:
        render.emit_json(ruling.to_dict())
        return
    render.ruling(ruling)


def _names_from(facts: dict[str, Any], seated: int) -> list[str]:
    """Player names for a value question: those the facts mention, then P1, P2..."""
    found: list[str] = []
    for value in facts.values():
        for item in value if isinstance(value, list) else [value]:
            word = str(item).split()[0] if str(item).split() else ""
            if word[:1].isupper() and word not in found:
                found.append(word)
    n = 1
    while len(found) < seated:
        if f"P{n}" not in found:
            found.append(f"P{n}")
        n += 1
    return found


def _parse_facts(items: list[str], keys: dict[str, Any], game: str) -> dict[str, Any]:
    parsed: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or key not in keys:
            raise ScorekeeperError(
                f"{item!r}: write KEY=VALUE with a key of {game}: " + ", ".join(keys),
                rule="quick",
            )
        parsed[key] = keys[key].parse(value)
    return parsed


@app.command()
@guarded
def explain(
    ruleset: Annotated[str, typer.Argument(help="Rule set id or file.")],
    topic: Annotated[str | None, typer.Argument(help="A topic; leave out to list them.")] = None,
    set_: SetOpt = None,
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Explain a rule set on a topic, with the values in force (the current match's options
    when it plays this rule set).

    Examples: scorekeeper explain doppelkopf  |  scorekeeper explain doppelkopf scoring
    """
    from scorekeeper import referee
    from scorekeeper import ruleset as rs
    from scorekeeper.cli import render

    options = {**_match_options(ruleset, match), **_options(set_)}
    data = referee.explain(rs.load(ruleset, options), topic)
    if json_:
        render.emit_json(data)
        return
    render.explanation(data)


def _match_options(ruleset: str, match: Path | None) -> dict[str, Any]:
    """The options of the current match, if it plays this rule set."""
    from scorekeeper import matchlog, store

    try:
        path = store.current_path(match)
        log, _ = matchlog.read(path)
    except (ScorekeeperError, OSError):
        return {}
    return dict(log.options) if log.ruleset == ruleset else {}


@app.command()
@guarded
def amend(
    hand: Annotated[int, typer.Argument(help="The hand's number on the score sheet.")],
    trick: Annotated[
        int | None, typer.Option(help="Replace this trick (its cards follow as arguments).")
    ] = None,
    action_no: Annotated[
        int | None, typer.Option("--action", help="Replace this action (1 = the hand's first).")
    ] = None,
    values: Annotated[
        list[str] | None,
        typer.Argument(help="The new cards, the new action text, or KEY=VALUE facts."),
    ] = None,
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Correct a hand after the fact; the match is replayed and every later total follows.

    The file keeps what was changed and when.
    Examples: scorekeeper amend 3 --trick 5 QC 10H AD 9D  |  scorekeeper amend 2 --action 4 "Ben re"
    | scorekeeper amend 4 re_points=130
    """
    from datetime import datetime

    from scorekeeper import matchlog
    from scorekeeper.match import amend as amend_log

    path = _path(match)
    with matchlog.lock(path):
        log, _ = matchlog.read(path)
        what = amend_log(log, hand, trick=trick, action=action_no, values=list(values or []))
        what["at"] = datetime.now().astimezone().replace(microsecond=0)
        from scorekeeper.match import Match

        Match.from_log(log, None, "amendment refused")
        matchlog.write(path, log)
    if json_:
        from scorekeeper.cli import render

        render.emit_json({k: str(v) if k == "at" else v for k, v in what.items()})
        return
    typer.echo(f"Hand {hand}: {what['what']} amended; the match was replayed.")


# ---------------------------------------------------------------------- rules


@rules_app.command("list")
@guarded
def rules_list(json_: JsonOpt = False) -> None:
    """List the rule sets that can be played.

    Example: scorekeeper rules list --json
    """
    from scorekeeper import ruleset as rs
    from scorekeeper.cli import render

    rows = []
    for name in sorted(rs.available()):
        try:
            rows.append(rs.load(name).summary())
        except ScorekeeperError as exc:  # one broken file must not hide the others
            first = str(exc).splitlines()[0]
            render.warn(f"rule set {name} cannot be loaded: {first}")
    if json_:
        render.emit_json(rows)
        return
    render.rules_list(rows)


@rules_app.command("show")
@guarded
def rules_show(
    ruleset: Annotated[str, typer.Argument(help="Rule set id or file.")],
    set_: SetOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Show a rule set resolved: its rules, options and their defaults.

    Example: scorekeeper rules show doppelkopf --set fox=false
    """
    from scorekeeper import ruleset as rs
    from scorekeeper.cli import render

    rules = rs.load(ruleset, _options(set_))
    data = render.rules_dict(rules)
    data["unknown_keys"] = _warn_unknown_keys(rules, quiet=json_)
    if json_:
        render.emit_json(data)
        return
    render.rules_show(data)


def _warn_unknown_keys(rules: Any, quiet: bool = False) -> list[str]:
    """Keys no shipped rule set has (typos, most likely): a warning, not a refusal."""
    from scorekeeper import ruleset as rs

    unknown = rs.unknown_keys(rules)
    if unknown and not quiet:
        from scorekeeper.cli import render

        render.warn(
            f"{rules.source}: {', '.join(unknown)}: no {rules.family} rule set has "
            f"{'this key' if len(unknown) == 1 else 'these keys'}; nothing reads "
            f"{'it' if len(unknown) == 1 else 'them'} (a typo?)"
        )
    return unknown


def main() -> None:
    """Console entry point: run the app, never show a traceback for bad input."""
    try:
        app()
    except ScorekeeperError as exc:  # raised outside a command body
        sys.stderr.write(f"error: {exc}\n")
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly, traceback only on request
        if os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        sys.stderr.write(
            f"error: internal error ({type(exc).__name__}: {exc}); "
            "set SCOREKEEPER_DEBUG=1 for the traceback and please report it\n"
        )
        sys.exit(70)
