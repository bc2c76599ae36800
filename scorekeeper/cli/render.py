"""Rendering for people (rich) and for programs (plain JSON). The engine never prints.

rich is imported here only, on first use, and this module only when a command has something
to show; the score sheet (``scorekeeper.view``) is plain text and needs no rich.

Console markup is written without rich when rich would write the bare text (the end of
this module). Importing rich costs a command about as much as everything else it does
after start-up. Most lines a command prints are one line of text with a style or two
(``[dim]next: Carla to play[/]``); written to a pipe or a file, rich prints exactly the
text without its markup. :func:`text_of` gives that text for the markup it knows to read
the way rich does, and None for anything else (then rich renders it): a tag other than a
plain style, an emoji code, a tab or a control character rich would change, or a stream
rich treats as a terminal. A property test holds these lines to rich's own output.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Any, TextIO

from scorekeeper.text import say, say_count, translate
from scorekeeper.view.said import said_line
from scorekeeper.view.words import cards


def own(text: str) -> str:
    """A shipped rule set's own words (explain, summary, notes) in the current language."""
    return translate("explain", text) if text else text


if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Outcome
    from scorekeeper.match import Match
    from scorekeeper.result import HandResult


class _Console:
    """rich's console, made on first use: ``score`` and ``--json`` never import rich."""

    def __init__(self, stderr: bool = False) -> None:
        self._stderr = stderr
        self._console: Any = None

    def print(self, *objects: Any, **options: Any) -> None:
        """rich's ``print``; one plain line of markup is written without rich (:func:`write`)."""
        if self._console is None and not options and len(objects) == 1:
            stream = sys.stderr if self._stderr else sys.stdout
            if isinstance(objects[0], str) and write(stream, objects[0]):
                return
        self.__getattr__("print")(*objects, **options)

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            from scorekeeper.shown import inert_rich

            inert_rich()  # data's escape sequences shown, rich's colours kept
            stream = sys.stderr if self._stderr else sys.stdout
            # on a terminal lines wrap between words; to a file or a pipe they stay whole
            wrap = terminal_like(stream)
            self._console = Console(stderr=self._stderr, highlight=False, soft_wrap=not wrap)
        return getattr(self._console, name)


console: Any = _Console()
err_console: Any = _Console(stderr=True)


def emit_json(data: Any) -> None:
    import json  # only for --json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")


def error(message: str) -> None:
    err_console.print(f"[bold red]{say('cli.error')}[/] {escape(message)}")


def warn(message: str) -> None:
    err_console.print(f"[bold yellow]{say('cli.warning')}[/] {escape(message)}")


def outcome(out: Outcome, match: Match | None = None) -> None:
    if out.action.is_play:
        console.print(f"{escape(cards(out.action.text))}")
    for message in out.messages:
        console.print(escape(message))
    for revoke in out.revokes:
        warn(revoke.text())
    if out.result is not None:
        result(out.result, title=say("cli.hand_over"), match=match)


def next_up(match: Match) -> None:
    """One line saying what the table does next."""
    mh = match.open_hand
    if mh is None or mh.hand is None:
        if reason := match.over():
            console.print(f"[bold]{say('cli.match_over')}[/] {escape(reason)}")
        else:
            line = say("cli.next_hand", hand=len(match.hands) + 1, dealer=match.next_dealer())
            console.print(f"[dim]{escape(line)}[/]")
        return
    player = mh.hand.to_play()
    if player:
        console.print(f"[dim]{escape(say('cli.next_player', player=player))}[/]")
    else:
        console.print(f"[dim]{escape(say('cli.next', what=mh.hand.game.why_not_ready()))}[/]")


def outcome_dict(out: Outcome) -> dict[str, Any]:
    return {
        "action": out.action.text,
        "trick": out.trick.to_dict() if out.trick else None,
        "revokes": [r.text() for r in out.revokes],
        "messages": out.messages,
        "result": out.result.to_dict() if out.result else None,
    }


def result(res: HandResult, title: str | None = None, match: Match | None = None) -> None:
    """A hand's value item by item and its scores (per fixed team where teams play, given
    the ``match``)."""
    title = title or say("cli.value")
    from scorekeeper.view.words import term

    if res.redeal:
        console.print(f"[bold]{title}:[/] {escape(term(res.items[0].label))}")
        return

    pts = ", ".join(f"{term(side)} {p}" for side, p in res.card_points.items())
    winner = res.winner or say("cli.nobody")
    line = say("cli.result", game=res.game_type, points=pts, winner=winner, value=res.value)
    console.print(f"[bold]{title}:[/] {escape(line)}")
    from scorekeeper.view.value import value_rows

    rows: list[tuple[str, ...]] = [
        (escape(text), f"[dim]{escape(rule)}[/]" if rule else "")
        for text, rule in value_rows(res.items)
    ]

    if console._console is not None or not write_table(sys.stdout, rows):
        from rich.table import Table

        table = Table(show_header=False, box=None, padding=(0, 2))
        for row in rows:
            table.add_row(*row)
        console.print(table)
    from scorekeeper.view.value import line_start

    for note in res.notes:  # a line of its own: from a capital at a German or Dutch table
        console.print(f"[dim]{escape(line_start(note))}[/]")
    from scorekeeper.table.words import team_signed

    scores = ", ".join(team_signed(match, res.scores))
    console.print(escape(say("cli.scores", scores=scores)))


def hand_status(hand: Hand) -> dict[str, Any]:
    trick = hand.current_trick
    player = hand.to_play()
    data: dict[str, Any] = {
        "hand": hand.number,
        "dealer": hand.dealer,
        "players": hand.players,
        "contract": hand.contract.name,
        "to_play": player,
        "cards_played": hand.cards_played,
        "tricks": [t.to_dict() for t in hand.completed_tricks()],
        "current_trick": trick.to_dict() if trick else None,
        "revokes": [r.text() for r in hand.revokes],
        "voids": [str(v) for v in hand.voids()],
        "voids_known": _voids_once(hand),
        "sides": sides_data(hand),
        "finished": hand.finished,
    }
    data["announcements"] = [
        {"player": a.player, "kind": a.kind, "side": a.side, "implied": a.implied}
        for a in hand.game.said()
    ]
    if player and hand.holding(player) is not None:
        legal = hand.legal_cards(player) or []
        data["legal_cards"] = [c.code for c in legal]
    return data


def _voids_once(hand: Hand) -> list[str]:
    """What the plays prove about suits players no longer hold, each player's suit said
    once (where it first showed), not again at every later trick."""
    seen: dict[tuple[str, str], str] = {}
    for void in hand.voids():
        seen.setdefault((void.params["player"], str(void.params["suit"])), str(void))
    return list(seen.values())


def sides_data(hand: Hand) -> dict[str, Any] | None:
    from scorekeeper.view.sides import sides_data as known

    return known(hand)


def status(data: dict[str, Any]) -> None:
    head = say_count(
        "cli.status",
        data["cards_played"],
        hand=data["hand"],
        dealer=data["dealer"],
        contract=data["contract"],
        cards=data["cards_played"],
    )
    console.print(escape(head))
    for t in data["tricks"]:
        plays = cards(" ".join(f"{p}:{c}" for p, c in t["plays"]))
        line = say(
            "cli.status_trick",
            number=t["number"],
            plays=plays,
            winner=t["winner"],
            points=t["points"],
        )
        console.print(escape(line))
    if data["current_trick"]:
        plays = cards(" ".join(f"{p}:{c}" for p, c in data["current_trick"]["plays"]))
        number = data["current_trick"]["number"]
        console.print(escape(say("cli.status_so_far", number=number, plays=plays)))
    for a in data.get("announcements", []):
        if not a["implied"]:
            console.print(escape(said_line(a)))
    from scorekeeper.lang import game_word
    from scorekeeper.text import language

    lang = language.current()
    for v in data.get("voids_known", data["voids"]):
        console.print(f"  [dim]{escape(v)}[/]")
    for r in data["revokes"]:
        console.print(f"  [yellow]{escape(r)}[/]")
    from scorekeeper.view.sides import sides_lines

    # the sides after the hand's own lines, as the totals
    for line in sides_lines(data.get("sides"), lambda key: game_word(key, lang)):
        console.print(escape(line))
    if data["finished"]:
        console.print(escape(say("cli.status_over")))
    elif data["to_play"]:
        if "legal_cards" in data:
            legal = cards(" ".join(data["legal_cards"]))
            line = say("cli.may_play_after", player=data["to_play"], cards=legal)
        else:
            line = say("cli.to_play", player=data["to_play"])
        console.print(escape(line))


SHEET_ROWS = 30
"""Rows ``score`` shows of a longer match (a session's worth); ``--all`` shows every row."""


def score_sheet(
    match: Match, chart: bool = False, lang: str | None = None, every: bool = False
) -> None:
    """The score sheet in the game's own form, fitted to the terminal's width and encoding,
    game words in ``lang`` (default: the language the view speaks), the last
    ``SHEET_ROWS`` hands (``every``: all); with ``chart`` the running totals drawn below."""
    from scorekeeper.text import language
    from scorekeeper.view.sheet import build
    from scorekeeper.view.terminal import render

    last = None if every else SHEET_ROWS
    sheet = build(match, lang or language.current(), last)
    width, encoding = output_size()
    text = render(sheet, width, encoding, last)
    if chart:
        from scorekeeper.view.chart import draw

        text += draw(sheet, width, encoding)
    sys.stdout.write(text)
    sys.stdout.flush()


def output_size() -> tuple[int, str | None]:
    """The terminal's width (``COLUMNS``, else the terminal, else 80) and output encoding."""
    return columns(), getattr(sys.stdout, "encoding", None)


def columns(fallback: int = 80) -> int:
    """``shutil.get_terminal_size(...).columns``, without importing shutil (which imports
    the bz2 and lzma compressors for its archives)."""
    import os

    try:
        width = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        width = 0
    if width <= 0:
        try:
            width = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            width = fallback
        width = width or fallback
    return width


# Console markup written without rich, when rich would write the bare text.

_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
"""rich's markup tag (``rich.markup.RE_TAGS``)."""

_ESCAPABLE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
"""What ``rich.markup.escape`` escapes."""

STYLES = frozenset({"bold", "dim", "italic", "bold red", "bold yellow", "bold green", "/"})
"""Tags read here: styles only (a colour or an attribute); ``[/]`` closes the last."""

_RICH_CHANGES = re.compile(r"[\x07\x08\x0b\x0c\x0d\t]|:\S*?:")
"""Characters rich removes or expands (bell, backspace, tab...) and emoji codes."""


def escape(text: str) -> str:
    """``text`` as markup that shows it as it is: exactly ``rich.markup.escape``."""

    def doubled(match: re.Match[str]) -> str:
        backslashes, tag = match.groups()
        return f"{backslashes}{backslashes}\\{tag}"

    markup = _ESCAPABLE.sub(doubled, text)
    if markup.endswith("\\") and not markup.endswith("\\\\"):
        return markup + "\\"
    return markup


def text_of(markup: str) -> str | None:
    """The text rich shows for ``markup`` (its tags gone, escapes read); None when the
    markup has anything this module does not read exactly as rich does."""
    out: list[str] = []
    position = 0
    opened = 0
    for match in _TAG.finditer(markup):
        full, escapes, tag = match.groups()
        start, end = match.span()
        out.append(markup[position:start].replace("\\[", "["))
        position = end
        halves, escaped = divmod(len(escapes), 2)
        out.append("\\" * halves)
        if escaped:
            out.append(full[len(escapes) :])
        elif tag.strip() not in STYLES:
            return None
        elif tag.strip() == "/":
            if not opened:
                return None  # rich refuses a close with nothing open
            opened -= 1
        else:
            opened += 1
    out.append(markup[position:].replace("\\[", "["))
    text = "".join(out)
    return None if _RICH_CHANGES.search(text) else text


def terminal_like(stream: Any) -> bool:
    """Whether rich would write escape codes to ``stream`` (rich's own test, in short)."""
    forced = os.environ.get("TTY_COMPATIBLE", "")
    if forced in ("0", "1"):
        return forced == "1"
    if (force := os.environ.get("FORCE_COLOR")) is not None:
        return force != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False


def write(stream: TextIO, markup: str) -> bool:
    """Write ``markup``'s line to ``stream`` as rich would; False (nothing written) when
    rich must do it."""
    if terminal_like(stream):
        return False
    text = text_of(markup)
    if text is None:
        return False
    stream.write(text + "\n")
    return True


def _width() -> int:
    """The width rich gives a stream that is not a terminal: ``$COLUMNS``, else 80."""
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() else 80


def table_lines(rows: list[tuple[str, ...]], pad: int = 2) -> list[str] | None:
    """The lines rich writes to a file for a table without header or box (``Table(
    show_header=False, box=None, padding=(0, pad))``) of ``rows`` of markup; None when a
    cell is not plain or the table would not fit the width unwrapped."""
    if not rows or len({len(row) for row in rows}) != 1:
        return None
    cells: list[list[str]] = []
    for row in rows:
        texts = [text_of(cell) for cell in row]
        if any(t is None or "\n" in t or not t.isascii() for t in texts):
            return None
        cells.append(texts)  # type: ignore[arg-type]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    if sum(widths) + 2 * pad * len(widths) > _width():
        return None
    space = " " * pad
    return [
        "".join(f"{space}{t.ljust(w)}{space}" for t, w in zip(row, widths, strict=True))
        for row in cells
    ]


def write_table(stream: TextIO, rows: list[tuple[str, ...]]) -> bool:
    """Write the table :func:`table_lines` reads as rich would; False when rich must."""
    if terminal_like(stream):
        return False
    lines = table_lines(rows)
    if lines is None:
        return False
    stream.write("".join(line + "\n" for line in lines))
    return True
