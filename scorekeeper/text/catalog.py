"""The translation catalogues: keep German and Dutch in step with the English templates.

``python -m scorekeeper.text.catalog sync`` writes the template ``scorekeeper.pot`` from
every English ``TEXTS`` catalogue (and the command line's help texts), adds each new key
to the German and Dutch ``.po`` files with an empty translation (a changed English
template marks its translation fuzzy), and compiles the ``.mo`` files. ``check`` lists
every key without a German or Dutch translation, a translation whose placeholders differ
from the English, and a ``.mo`` file older than its ``.po``; it exits 1 if there is any.
``compile`` only compiles. This is a development tool: it needs Babel (the ``test``
extra); the program itself reads the ``.mo`` files with the standard library.

In a ``.po`` file, ``msgctxt`` is the key, ``msgid`` the English template, ``msgstr`` the
translation, with the same ``{placeholders}`` (and ``!l``, ``:suit``...) as the English.
"""

from __future__ import annotations

import importlib
import io
import pkgutil
import string
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

DOMAIN = "scorekeeper"
LOCALE = Path(__file__).resolve().parent.parent / "locale"
TRANSLATED = ("de", "nl")
HELP = "help"  # the msgctxt of a command-line help text; its msgid is the English help
EXPLAIN = "explain"  # the msgctxt of a shipped rule set's own words (explain, summary, notes)
_DATE = datetime(2026, 11, 23, tzinfo=UTC)  # fixed: a sync changes only what changed


def english() -> dict[str, str]:
    """Every key and its English template, catalogue by catalogue, then the help texts."""
    import scorekeeper.text as package

    found: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"scorekeeper.text.{info.name}")
        found.update(getattr(module, "TEXTS", {}))
    return found


def help_texts() -> list[str]:
    """The English help texts of every command, option and argument of the command line."""
    import typer

    from scorekeeper.cli.app import app
    from scorekeeper.cli.helps import english_helps

    helps = english_helps(typer.main.get_command(app))
    return list(dict.fromkeys([*helps, *quick_helps()]))


def quick_helps() -> list[str]:
    """The help of every quick fact of the shipped games (``hand --keys``), in English."""
    from scorekeeper.games import family_for, load
    from scorekeeper.rules.source import shipped_dirs
    from scorekeeper.text import language

    ids = sorted({p.stem for d in shipped_dirs() for p in d.glob("*.toml")})
    was = language._neutral
    language.neutral(True)  # English whatever the developer's locale says
    try:
        return [k.help for i in ids for k in family_for(load(i)).quick_keys().values()]
    finally:
        language.neutral(was)


def explain_texts() -> list[str]:
    """The shipped rule sets' own words: each section's ``explain``, the options', the
    ``summary`` and ``notes``; and the titles of the ``explain`` topics."""
    import tomllib

    from scorekeeper.referee import TOPIC_TITLES
    from scorekeeper.rules.source import shipped_dirs

    seen: dict[str, None] = dict.fromkeys(TOPIC_TITLES.values())
    for path in sorted({p.name: p for d in shipped_dirs() for p in d.glob("*.toml")}.values()):
        with path.open("rb") as f:
            _rule_words(tomllib.load(f), seen)
    competitions = Path(__file__).resolve().parent.parent / "club" / "competitions"
    for path in sorted(competitions.glob("*.toml")):  # a club preset's notes, what is unsourced
        with path.open("rb") as f:
            data = tomllib.load(f)
        for key in ("notes", "unsourced"):
            seen.update(dict.fromkeys(str(text) for text in data.get(key, [])))
    return list(seen)


def _rule_words(node: object, seen: dict[str, None]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("explain", "summary") and isinstance(value, str) and value.strip():
                seen.setdefault(value, None)
            elif isinstance(value, str) and " " in value.strip() and value.endswith("."):
                seen.setdefault(value, None)  # a setting told as a sentence (klaberjass)
            elif key == "notes" and isinstance(value, list):
                seen.update(dict.fromkeys(v for v in value if isinstance(v, str)))
            else:
                _rule_words(value, seen)
    elif isinstance(node, list):
        for item in node:
            _rule_words(item, seen)


def entries() -> list[tuple[str | None, str]]:
    """(msgctxt, msgid) of every message: the keys, the help texts, the rule sets' words,
    click's and Typer's labels (no msgctxt)."""
    out: list[tuple[str | None, str]] = list(english().items())
    out += [(HELP, text) for text in help_texts()]
    out += [(EXPLAIN, text) for text in explain_texts()]
    from scorekeeper.text.labels import LABELS  # click's and Typer's words: no context

    out += [(None, text) for text in LABELS]
    return out


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def placeholders(template: str) -> Counter[str]:
    """The fields a template fills, with their conversion and format: ``{n:times}``."""
    fields: Counter[str] = Counter()
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is not None:
            fields[f"{name}!{conversion or ''}:{spec or ''}"] += 1
    return fields


def _new_catalog(lang: str | None) -> Catalog:
    from babel.messages.catalog import Catalog

    return Catalog(
        locale=lang,
        domain=DOMAIN,
        project="scorekeeper",
        version="",
        creation_date=_DATE,
        revision_date=_DATE,
        fuzzy=False,
        copyright_holder="scorekeeper",
    )


def read(lang: str) -> Catalog:
    from babel.messages.pofile import read_po

    path = po_path(lang)
    if not path.exists():
        return _new_catalog(lang)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _po_bytes(catalog: Catalog) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, omit_header=False)
    return buf.getvalue()


def _write_po(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_po_bytes(catalog))


def _template(wanted: list[tuple[str | None, str]]) -> Catalog:
    pot = _new_catalog(None)
    for ctx, msgid in wanted:
        pot.add(msgid, context=ctx)
    return pot


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes of a language's ``.po`` file as it is now."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, read(lang))
    return buf.getvalue()


def mo_content(data: bytes) -> tuple[dict[str, str], str]:
    """What a ``.mo`` file says, as the program reads it: every message (context and
    English joined as gettext joins them) with its translation, and the plural rule.

    The header's other lines (the tool's name and version among them) say nothing a
    reader sees, so two ``.mo`` files with the same content are the same catalogue
    whichever Babel wrote them."""
    import gettext

    translations = gettext.GNUTranslations(io.BytesIO(data))
    messages = {k: v for k, v in translations._catalog.items() if k != ""}  # type: ignore[attr-defined]
    header = translations._catalog.get("", "")  # type: ignore[attr-defined]
    plural = next(
        (line for line in str(header).splitlines() if line.lower().startswith("plural-forms")), ""
    )
    return {str(k): str(v) for k, v in messages.items()}, plural.replace(" ", "")


def pot_content(data: bytes) -> list[tuple[str | None, str]]:
    """What a template says: its (msgctxt, msgid) pairs in order, without the header."""
    from babel.messages.pofile import read_po

    return [(m.context, str(m.id)) for m in read_po(io.BytesIO(data)) if m.id]


def _stale_template(pot: Path, wanted: list[tuple[str | None, str]]) -> bool:
    if not pot.exists():
        return True
    return pot_content(pot.read_bytes()) != pot_content(_po_bytes(_template(wanted)))


def _stale_mo(lang: str) -> bool:
    path = mo_path(lang)
    return not path.exists() or mo_content(path.read_bytes()) != mo_content(compiled(lang))


def compile_all() -> None:
    for lang in TRANSLATED:
        mo_path(lang).write_bytes(compiled(lang))


def sync() -> None:
    """Write the ``.pot``, bring every ``.po`` in step with it, compile."""
    wanted = entries()
    _write_po(LOCALE / f"{DOMAIN}.pot", _template(wanted))
    for lang in TRANSLATED:
        old = read(lang)
        by_key = {m.context: m for m in old if m.id and m.context not in (None, HELP, EXPLAIN)}
        new = _new_catalog(lang)
        for ctx, msgid in wanted:
            kept = old.get(msgid, context=ctx)
            if kept is not None:
                new.add(msgid, kept.string, context=ctx, flags=kept.flags)
            elif ctx in by_key and by_key[ctx].string:
                # the English changed: keep the old words as a hint, marked fuzzy
                new.add(msgid, by_key[ctx].string, context=ctx, flags=("fuzzy",))
            else:
                new.add(msgid, "", context=ctx)
        _write_po(po_path(lang), new)
    compile_all()


def problems(langs: tuple[str, ...] = TRANSLATED, *, rule_words: bool = False) -> list[str]:
    """What keeps the catalogues from being complete and current, one line each: every
    key and help text; the rule sets' own words only with ``rule_words``."""
    out: list[str] = []
    wanted = entries()
    pot = LOCALE / f"{DOMAIN}.pot"
    if _stale_template(pot, wanted):
        out.append(f"{pot.name} is not the English of today (run sync)")
    for lang in langs:
        catalog = read(lang)
        for ctx, msgid in wanted:
            if ctx == EXPLAIN and not rule_words:
                continue
            message = catalog.get(msgid, context=ctx)
            where = (
                f"{lang}: {ctx}"
                if ctx not in (HELP, EXPLAIN, None)
                else f"{lang}: {ctx or 'click'} {msgid[:50]!r}"
            )
            if message is None or not message.string:
                out.append(f"{where}: no translation")
            elif message.fuzzy:
                out.append(f"{where}: fuzzy (the English changed; check the words)")
            elif placeholders(str(message.string)) != placeholders(msgid):
                out.append(f"{where}: placeholders differ from the English {msgid!r}")
        if _stale_mo(lang):
            out.append(f"{lang}: {mo_path(lang).name} is not compiled from the .po (run compile)")
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "sync":
        sync()
    elif command == "compile":
        compile_all()
    elif command != "check":
        sys.stderr.write("usage: python -m scorekeeper.text.catalog sync|check|compile\n")
        return 2
    found = problems()
    for line in found:
        print(line)
    words = [p for p in problems(rule_words=True) if p not in found]
    for line in words:
        print(line)
    print(
        f"{len(entries())} messages, {len(found)} problems; {len(words)} rule-set texts untranslated"
    )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
