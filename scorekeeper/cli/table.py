"""``scorekeeper table``: the interactive session at the table (prompt_toolkit).

The session itself (reading a line, recording it through the session layer, completion
candidates, the status bar's data) is :mod:`scorekeeper.table`; this module only puts it
in a terminal: a prompt that says whose turn it is, Tab completion of what is allowed
now, a status bar at the bottom, and the answers printed above the prompt.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper import shown
from scorekeeper.cli.common import MatchOpt, guarded, lock_wait, match_path, options
from scorekeeper.errors import ScorekeeperError

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from scorekeeper.table.session import Reply, TableSession


@guarded
def table(
    ruleset: Annotated[
        str | None,
        typer.Argument(help="Start a new match of this rule set first (leave out to go on)."),
    ] = None,
    players: Annotated[
        list[str] | None, typer.Argument(help="The new match's players, in seating order.")
    ] = None,
    dealer: Annotated[
        str | None, typer.Option(help="Who deals first in a new match (default: the first).")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", help="Language of what is typed: de, nl or en (default: the match's)."
        ),
    ] = None,
    match: MatchOpt = None,
    serve: Annotated[
        bool,
        typer.Option("--serve", help="Serve the live sheet to the phones too (scorekeeper serve)."),
    ] = False,
    lan: Annotated[
        bool, typer.Option("--lan", help="With --serve: let the phones on the network in.")
    ] = False,
) -> None:
    """The session at the table: record a match line by line, with completion.

    A line is a card (qc), a whole trick (qc 10h ad 9d), what a player says (ben re), a
    one-shot command's line (hand re=Anna,Carla re_points=165 -a "Anna re", announce,
    declare, act, deal), or a command (undo, redo, rename OLD NEW, score, status, explain,
    judge, hand, help, quit). Tab completes what is allowed now; every entry is saved at
    once. An entry typed while another device changed the match is refused, saying what
    changed; Ctrl-C leaves a quick hand with nothing recorded.

    Examples: scorekeeper table  |  scorekeeper table doppelkopf Anna Ben Carla Dirk
    """
    if ruleset is not None:
        path = _start(ruleset, players or [], dealer, match, lang)
    else:
        path = match_path(match, changing=True)
    from scorekeeper.lang import match_lang
    from scorekeeper.table.session import TableSession
    from scorekeeper.text import language

    # --lang after 'table' is hoisted to the whole program (cli.quick): read in it too
    typed = lang or language.chosen()
    session = TableSession(path, wait=lock_wait())
    # a missing or broken file is refused before the prompt; the match is opened once, as
    # every reading command opens it (hand by hand, through the replay cache), and kept by
    # the session for its first line (read whole, a long match took 100 MB and seconds)
    session.lang = match_lang(session.current().header, typed)
    if not serve:
        run(session)
        return
    from scorekeeper.cli.serving import beside

    with beside(path, lan):
        run(session)


def _start(
    ruleset: str, players: list[str], dealer: str | None, match: Path | None, lang: str | None
) -> Path:
    """A new match, as ``new`` starts it (its language stored when chosen)."""
    from scorekeeper import ruleset as rs
    from scorekeeper.lang import DEFAULT, resolve_lang
    from scorekeeper.session.new import start_match

    if not players:
        raise ScorekeeperError(
            "name the players of the new match, like 'table doppelkopf Anna Ben Carla Dirk'",
            rule="players",
            kind="usage",
        )
    chosen = resolve_lang(lang or _view_lang())
    rules = rs.load(ruleset, options(None))
    stored = chosen if lang or chosen != DEFAULT else None
    _log, path = start_match(rules, ruleset, players, dealer, match, lang=stored)
    return path


def _view_lang() -> str | None:
    """The language a global ``--lang`` chose for the words shown, if the view has one:
    a new match started by ``table`` then speaks it too."""
    try:
        from scorekeeper.text import language
    except ImportError:
        return None
    return language.current()


def prompt_message(text: str, width: int) -> str:
    """The prompt ``text> `` broken between words so that no line fills the screen of
    ``width`` columns and the answer has room after the last line: a quick hand's long
    question reads whole instead of being cut inside a word by the terminal."""
    import textwrap

    room = max(24, width - 16)
    lines = textwrap.wrap(f"{text}>", room, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines or [">"]) + " "


def run(session: TableSession, *, input: Input | None = None, output: Output | None = None) -> None:
    """The prompt loop: read a line, show the answer, until ``quit`` or end of input."""
    from prompt_toolkit import PromptSession

    from scorekeeper.table.bar import standing_lines
    from scorekeeper.table.words import say

    m = session.current().match
    opening = [say("table.resume", game=m.rules.name, players=m.players, path=str(session.path))]
    opening += standing_lines(session.current(), session.lang)  # where the table stands
    _opening(opening)
    if input is None and not sys.stdin.isatty():
        # lines from a file or a pipe: no line editor, no status bar; exit 1 if one was refused
        if not _read_lines(session):
            raise typer.Exit(1)
        return
    completer = _completer(session)
    if output is None:  # the screen drawn on the terminal itself, past shown's stream
        from prompt_toolkit.output import create_output

        output = create_output(stdout=shown.raw(sys.stdout))
    prompt: PromptSession[str] = PromptSession(
        completer=completer,
        key_bindings=_keys(completer),
        bottom_toolbar=lambda: shown.visible(_bar(session)),
        complete_while_typing=False,
        input_processors=[_visible_controls()],
        input=input,
        output=output,
    )
    while True:
        try:
            width = prompt.output.get_size().columns
            line = prompt.prompt(shown.visible(prompt_message(session.prompt(), width)))
        except KeyboardInterrupt:  # Ctrl-C: a quick hand is left whole, nothing recorded
            if session.quick is not None:
                show(session.cancel_quick(), session)
            continue
        except EOFError:
            line = "quit"
        data = line.encode("utf-8", "surrogateescape")  # bytes the terminal's decoder kept
        if data.decode("utf-8", "replace") != line:
            _not_utf8(data)
            continue
        reply = session.handle(line)
        show(reply, session)
        if reply.quit:
            return


def _opening(lines: list[str]) -> None:
    """The session's first lines: on a terminal broken between words as its answers are
    (the match file's line is longer than a narrow screen: 'partijbesta' / 'nd'), through
    a pipe as they are."""
    if not sys.stdout.isatty():
        for line in lines:
            typer.echo(line)
        return
    from scorekeeper.cli import render

    for line in lines:
        render.console.print(render.escape(line))


def _read_lines(session: TableSession) -> bool:
    """Each line of standard input as if typed at the prompt, until ``quit`` or its end;
    whether every line was accepted. Each line is handled (and an entry written) as soon
    as it arrives, not when the input ends: a session killed meanwhile keeps every line
    it accepted."""
    ok = True
    for line in itertools.chain(_stdin_lines(), ["quit"]):
        if isinstance(line, bytes):  # refused at the door, shown as the bytes it holds
            _not_utf8(line)
            ok = False
            continue
        reply = session.handle(line)
        show(reply, session)
        sys.stdout.flush()  # the answer to each line as it is handled, through a pipe too
        ok = ok and reply.ok
        if reply.quit:
            break
    return ok


def _stdin_lines() -> Iterator[str | bytes]:
    """Standard input's lines as text, each as it arrives; a line that is not UTF-8 as
    its bytes (text that Python read with lone surrogates for such bytes is turned back
    into them)."""
    raw = getattr(sys.stdin, "buffer", None)
    for data in raw if raw is not None else sys.stdin:
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        try:
            yield data.decode("utf-8")
        except UnicodeDecodeError:
            yield data


def _not_utf8(data: bytes) -> None:
    from scorekeeper.cli import render
    from scorekeeper.text import say

    shown = data.rstrip(b"\r\n").decode("utf-8", "backslashreplace")
    render.error(str(ScorekeeperError(say("cli.not_utf8", word=shown), kind="usage")))


def _bar(session: TableSession) -> str:
    from prompt_toolkit.application import get_app

    from scorekeeper.table.bar import bar_data, bar_text

    try:
        data = bar_data(session.current(), session.lang)
        return bar_text(data, get_app().output.get_size().columns)
    except (ScorekeeperError, OSError):  # the reason is the line above the prompt, once
        from scorekeeper.table.words import say

        return say("table.prompt.unreadable")


def _visible_controls() -> Any:
    """A processor of the input line that shows each control character as the stream
    shows it (``\\u202e``): prompt_toolkit draws C0 as ``^[`` but gives a pasted bidi
    override to the terminal, which then shows the line in another order. The cursor
    moves over a shown escape as over one character."""
    from prompt_toolkit.layout.processors import Processor, Transformation
    from prompt_toolkit.layout.utils import explode_text_fragments

    class VisibleControls(Processor):
        def apply_transformation(self, ti: Any) -> Transformation:
            shown_fragments = []
            starts = [0]  # where each typed character starts on the screen
            for style, text, *rest in explode_text_fragments(ti.fragments):
                seen = shown.visible(text)
                shown_fragments.append((style, seen, *rest))
                starts.append(starts[-1] + len(seen))
            starts.append(starts[-1] + 1)  # the cursor after the line

            def to_display(position: int) -> int:
                return starts[min(position, len(starts) - 1)]

            def to_source(position: int) -> int:
                return max(i for i, start in enumerate(starts) if start <= position)

            return Transformation(shown_fragments, to_display, to_source)

    return VisibleControls()


def _keys(completer: Any) -> Any:
    """Tab completes at once when one thing fits (so typed-ahead keys land after it), and
    opens the menu of what fits otherwise."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

    keys = KeyBindings()

    @keys.add("tab")
    def _tab(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        if buffer.complete_state:
            buffer.complete_next()
            return
        found = list(
            completer.get_completions(buffer.document, CompleteEvent(completion_requested=True))
        )
        if len(found) == 1:
            buffer.apply_completion(found[0])
        elif found:
            buffer.start_completion(insert_common_part=True)

    _keep_unreadable_mouse_reports(keys)
    return keys


def _keep_unreadable_mouse_reports(keys: Any) -> None:
    """A mouse report prompt_toolkit cannot read is kept as typed text, never a traceback:
    keys typed at the prompt can look like one (ESC, ``[``, ``1``, ``M``) and prompt_toolkit's
    own handler then failed ('not enough values to unpack'). The line is then read (and
    refused) as any other."""
    from prompt_toolkit.key_binding import KeyPressEvent
    from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings
    from prompt_toolkit.keys import Keys

    (mouse,) = load_mouse_bindings().get_bindings_for_keys((Keys.Vt100MouseEvent,))

    @keys.add(Keys.Vt100MouseEvent)
    def _mouse(event: KeyPressEvent) -> Any:
        try:
            return mouse.handler(event)
        except (ValueError, KeyError, IndexError):
            event.current_buffer.insert_text(event.data)
            return None


def _completer(session: TableSession) -> Any:
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.document import Document

    from scorekeeper.table.complete import candidates

    class TableCompleter(Completer):
        def get_completions(self, document: Document, event: Any) -> Iterable[Completion]:
            before = document.text_before_cursor
            word = document.get_word_before_cursor(WORD=True)
            try:
                found = candidates(
                    session.hand(), session.current().match.players, before, session.lang
                )
            except (ScorekeeperError, OSError):
                return
            for text in found:
                yield Completion(text + " ", start_position=-len(word), display=text)

    return TableCompleter()


def show(reply: Reply, session: TableSession) -> None:
    """Print what the session answered: its lines, a view, or the refusal."""
    from scorekeeper.cli import render

    for line in reply.lines:
        render.console.print(render.escape(line))
    for error in reply.errors:
        render.error(error)
    if reply.view is not None:
        try:
            _view(reply.view, reply.args, session)
        except ScorekeeperError as exc:  # the file went away meanwhile: one line, stay open
            render.error(" ".join(str(exc).split()))


def _topic(args: tuple[str, ...], m: Any) -> str | None:
    """The topic asked for at the table; the rule set's own name before it is allowed, as
    the command line writes it ('erklären doppelkopf Abrechnung')."""
    words = list(args)
    if len(words) > 1 and words[0].casefold() in {m.rules.id.casefold(), m.rules.family}:
        words = words[1:]
    return " ".join(words) if words else None


def _view(name: str, args: tuple[str, ...], session: TableSession) -> None:
    from scorekeeper.cli import render

    current = session.current()
    m = current.match
    if name == "scorer":  # table --serve: the scorer's role for another phone
        from scorekeeper.cli.serving import new_scorer

        for line in new_scorer():  # the address and its code as the server drew them
            typer.echo(line)
    elif name == "score":  # its options as the command takes them (score --chart --all)
        render.score_sheet(m, chart="--chart" in args, every="--all" in args)
    elif name == "status":
        from scorekeeper.cli.work import show_status

        show_status(current)
    elif name == "explain":
        from scorekeeper import referee
        from scorekeeper.cli.referee import explanation
        from scorekeeper.table.reading import spoken_command
        from scorekeeper.text import say

        how = say("table.topics_how", command=spoken_command("explain", session.lang))
        try:
            explanation(referee.explain(m.rules, _topic(args, m)), how)
        except ScorekeeperError as exc:
            render.error(str(exc))
