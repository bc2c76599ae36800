"""Finding rule-set files and reading them safely: one file, one chain of ``extends``.

Whatever a file holds, reading it ends in data or in a ``RulesetError`` naming the file:
bytes that are not UTF-8, malformed TOML, a file too large or nested too deep to be a rule
set, a number of thousands of digits, an ``extends`` chain that is circular or absurdly long.
"""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

try:  # the very blake2b of hashlib, without hashlib loading OpenSSL
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

from scorekeeper.datacopy import copied
from scorekeeper.errors import RulesetError
from scorekeeper.rules.schema import nearest, said
from scorekeeper.shown import control_at

_PACKAGE_DIR = Path(__file__).resolve().parent.parent

# A rule set is a page of text; these bounds are far beyond any real one.
MAX_BYTES = 1_000_000
MAX_DEPTH = 12
MAX_CHAIN = 32

RULESET = "rules.what.ruleset"
OPTIONS = "rules.what.options"
"""What a TOML file read here should be: a rule set or a file of options (the keys of
their words)."""


def data_home() -> Path:
    """The user's scorekeeper folder: $SCOREKEEPER_HOME, else the XDG data folder."""
    if env := os.environ.get("SCOREKEEPER_HOME"):
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "scorekeeper"


def escapes(path: Path) -> bool:
    """Whether ``path`` (in the data folder) leads out of it once links are followed: the
    one rule for every file scorekeeper finds there (matches, rule sets, competitions,
    events). The ``matches`` and ``archive`` folders may themselves be links (to a synced
    folder, say): a file in them must then stay in what they point to."""
    real = Path(os.path.realpath(path))
    home = data_home()
    roots = {home, home / "matches", home / "archive"}
    return not any(real.is_relative_to(os.path.realpath(root)) for root in roots)


def found_in(folder: Path) -> list[Path]:
    """The ``*.toml`` files of one folder where rule sets (or competitions) are looked up;
    in the data folder, only those that stay in it (a link leading out is not followed)."""
    user = lexically_in(folder, data_home())
    return [p for p in sorted(folder.glob("*.toml")) if p.is_file() and not (user and escapes(p))]


def look_up(name: str, folders: Iterable[Path]) -> Path | None:
    """The file ``<name>.toml`` of the first of ``folders`` that holds it as :func:`found_in`
    finds files (in the data folder, only one that stays in it), or None: ``name`` is
    unknown. Refused (``RulesetError``) when only a link leading out of the data folder
    holds it: said so, not "unknown". The one lookup of rule sets and competitions by name."""
    if not name or name.startswith(".") or "/" in name or os.sep in name or "\\" in name:
        return None  # found_in never lists such a file: not a name
    led_out: Path | None = None
    for folder in folders:
        path = folder / f"{name}.toml"
        if not path.is_file():
            continue
        if lexically_in(folder, data_home()) and escapes(path):
            led_out = led_out or path
            continue
        return path
    if led_out is not None:
        raise RulesetError(said("folder.outside", path=str(led_out), folder=str(data_home())))
    return None


def lexically_in(path: Path, folder: Path) -> bool:
    """Whether ``path`` is in ``folder`` as written (links not followed)."""
    return Path(os.path.abspath(path)).is_relative_to(os.path.abspath(folder))


def shipped_dirs() -> list[Path]:
    """The rule sets that come with scorekeeper (not the user's)."""
    return [d for d in (_PACKAGE_DIR / "rulesets", _PACKAGE_DIR.parent / "rulesets") if d.is_dir()]


def ruleset_dirs() -> list[Path]:
    """Where rule sets are looked up, in order: user folder, package, source checkout."""
    dirs = [data_home() / "rulesets", _PACKAGE_DIR / "rulesets", _PACKAGE_DIR.parent / "rulesets"]
    return [d for d in dirs if d.is_dir()]


def available() -> dict[str, Path]:
    """Every rule set id that can be loaded by name, with its file (first found wins)."""
    found: dict[str, Path] = {}
    for d in ruleset_dirs():
        for path in found_in(d):
            found.setdefault(path.stem, path)
    return found


def find(name: str) -> Path:
    """The file of a rule set given by id or by path.

    A rule set is named by its id (looked up in ``ruleset_dirs``) or by the path of its
    ``.toml`` file; anything else (``../../etc/passwd``, a folder) is refused without being
    opened, so that a match file or an ``extends`` can never make scorekeeper read a file
    that is not a rule set."""
    if name.endswith(".toml"):
        path = Path(name)
        if not path.is_file():
            raise RulesetError(said("rules.no_file", name=name))
        return path
    if os.sep in name or "/" in name or "\\" in name or name.startswith("."):
        raise RulesetError(said("rules.not_a_name", name=_shown_name(name)), rule="ruleset")
    found = look_up(name, ruleset_dirs())
    if found is None:
        known = sorted(available()) or [said("rules.none")]
        raise RulesetError(said("rules.unknown_ruleset", name=name, known=known))
    return found


def _shown_name(name: str) -> str:
    """A name as typed, quoted and cut short (a match file may hold anything)."""
    text = repr(name)
    return text if len(text) <= 60 else text[:57] + "..."


def read_toml(path: Path, what: str = RULESET) -> dict[str, Any]:
    """A TOML file's data, or a ``RulesetError`` that names the file and what is wrong
    (``what`` it should be: ``RULESET`` or ``OPTIONS``)."""
    return parse_bytes(read_bytes(path, what), path, what)


def read_bytes(path: Path, what: str = RULESET) -> bytes:
    """A rule set's (or options', or a competition's) file as it is: a plain file of at
    most ``MAX_BYTES`` (its size asked before a byte is read). A pipe, a device or a
    folder put in its place is refused at once, never waited on."""

    def too_large() -> RulesetError:
        return RulesetError(f"{path}: {said('rules.too_large', most=MAX_BYTES, what=said(what))}")

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise RulesetError(f"{path}: {said('rules.not_plain', what=said(what))}")
            if st.st_size > MAX_BYTES:
                raise too_large()
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:  # the system's reason in the table's words (cli.os.ENOENT)
        from scorekeeper.text import os_error

        raise RulesetError(f"{path}: {said('rules.cannot_read', why=os_error(exc))}") from None
    if len(raw) > MAX_BYTES:  # grown while read
        raise too_large()
    return raw


def file_digest(raw: bytes) -> bytes:
    """What a rule set's file is told by: a digest of its exact bytes."""
    return blake2b(raw, digest_size=20).digest()


def parse_bytes(raw: bytes, path: Path, what: str = RULESET) -> dict[str, Any]:
    """A TOML file's bytes into data, with its problems named."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetError(f"{path}: {said('rules.not_utf8', byte=exc.start)}") from None
    return parse_toml(text, str(path), what)


def read_options(path: Path) -> dict[str, Any]:
    """Option values from a TOML file (``fox = false``, or the same under ``[options]``)."""
    try:
        data = read_toml(path, OPTIONS)
    except RulesetError as exc:
        raise RulesetError(exc.message, rule="options") from None
    values = data.get("options", data)
    if not isinstance(values, Mapping):
        raise RulesetError(f"{path}: options: {said('rules.options_table')}", rule="options")
    return dict(values)


def parse_toml(text: str, where: str, what: str = RULESET) -> dict[str, Any]:
    """TOML text into data, with its problems named (``where`` is the file or argument)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        from scorekeeper.text import toml

        raise RulesetError(f"{where}: {toml.problem(exc)}") from None
    except RecursionError:
        raise RulesetError(f"{where}: {said('rules.too_deep', what=said(what))}") from None
    except ValueError:  # an integer of thousands of digits, say
        raise RulesetError(f"{where}: {said('rules.huge_number', what=said(what))}") from None
    if (deepest := nesting(data)) > MAX_DEPTH:
        nested = said("rules.nested", depth=deepest, what=said(what), most=MAX_DEPTH)
        raise RulesetError(f"{where}: {nested}")
    if (found := control_at(data)) is not None:  # a name or word that would act on a screen
        key, value, char = found
        control = said("rules.text_control", value=value, char=char, what=said(what))
        raise RulesetError(f"{where}: {key}: {control}", rule=key.split(".")[0].split("[")[0])
    return data


def nesting(data: Any) -> int:
    """How deep tables and lists nest (counted without recursion: any depth is safe)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        if isinstance(node, Mapping):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return deepest


def merge(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """Tables merge key by key; any other value in ``changes`` replaces the base's."""
    out = copied(dict(base))
    for key, value in changes.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = copied(value)
    return out


Chain = tuple[tuple[str, "str | None", bytes], ...]
"""The files a rule set was read from, in order: each file's resolved path, what it
``extends`` (None: the last) and the digest of its bytes."""


def load_chain(
    path: Path, seen: tuple[Path, ...] = (), read: list[Any] | None = None
) -> dict[str, Any]:
    """A rule set's data with everything it ``extends`` merged under it; ``read``, when
    given, gets each file's entry of the ``Chain``."""
    path = path.resolve()
    if path in seen:
        chain = " -> ".join(p.stem for p in (*seen, path))
        raise RulesetError(f"{path}: extends: {said('rules.circular', chain=chain)}")
    if len(seen) >= MAX_CHAIN:
        raise RulesetError(f"{path}: extends: {said('rules.chain', most=MAX_CHAIN)}")
    raw = read_bytes(path)
    data = parse_bytes(raw, path)
    parent = data.get("extends")
    if read is not None:
        read.append((str(path), parent if isinstance(parent, str) else None, file_digest(raw)))
    if parent is None:
        # not a rule set: say so, and nothing of what it holds (a match file or an
        # ``extends`` may name any .toml file; its values are not shown unless it is one)
        lacks = next((k for k in ("family", "deck") if k not in data), None)
        if lacks is None and not isinstance(data["deck"], Mapping):
            lacks = "deck"
        if lacks is not None:
            why = said("rules.not_a_ruleset", lacks=lacks)
            raise RulesetError(f"{path}: {lacks}: {why}", rule=lacks)
        return data
    if not isinstance(parent, str) or not parent:
        raise RulesetError(f"{path}: extends: {said('rules.extends_type')}", rule="extends")
    base = load_chain(parent_within(path, parent), (*seen, path), read)
    child = {k: v for k, v in data.items() if k != "extends"}
    _check_option_types(path, parent, base, child)
    merged = merge(base, child)
    merged["id"] = child.get("id", path.stem)  # a house rule is not its parent
    merged["extends"] = parent
    return merged


def parent_of(path: Path, parent: str) -> Path:
    """The file an ``extends = parent`` in the file at ``path`` names: a ``.toml`` path
    (relative to that file's folder), else a rule set's id."""
    if parent.endswith(".toml"):
        given = Path(parent)
        return given if given.is_absolute() else path.parent / given
    return find(parent)


def parent_within(path: Path, parent: str) -> Path:
    """:func:`parent_of`, refused (``RulesetError``) when a rule set in the data folder
    names a file outside it (``extends = "../../elsewhere.toml"``, an absolute path, a link
    leading out): a folder that is shared or synced never makes a machine read rules from
    beyond it. A rule set of the user's own, outside the data folder, extends what it
    names, as it always did."""
    found = parent_of(path, parent)
    if lexically_in(path, data_home()) and parent.endswith(".toml") and escapes(found):
        led_out = said("folder.outside", path=parent, folder=str(data_home()))
        raise RulesetError(f"{path}: extends: {led_out}", rule="extends")
    return found


def chain_holds(name: str, chain: Chain) -> bool:
    """Whether the rule set ``name`` would still be read from exactly these files, byte
    for byte (found the same way, each ``extends`` naming the next)."""
    try:
        expected = find(name).resolve()
        for at, (path, parent, digest) in enumerate(chain):
            if str(expected) != path or file_digest(read_bytes(expected)) != digest:
                return False
            if parent is None:
                return at == len(chain) - 1
            expected = parent_of(expected, parent).resolve()
    except (RulesetError, OSError):
        return False
    return False


def _check_option_types(
    path: Path, parent: str, base: Mapping[str, Any], child: Mapping[str, Any]
) -> None:
    """A house rule may change an option's default, never its type; a name its parent has
    no option of is a typo unless the house rule declares a whole new option (with its
    ``explain``), and is refused as an unknown option with the nearest name."""
    options = child.get("options")
    base_options = base.get("options")
    if not isinstance(options, Mapping) or not isinstance(base_options, Mapping):
        return
    for name, spec in options.items():
        if name not in base_options and not (isinstance(spec, Mapping) and "explain" in spec):
            raise RulesetError(
                f"{path}: options.{name}: {unknown_option(str(name), base_options, parent)}",
                rule=f"options.{name}",
            )
        old_spec = base_options.get(name)
        old = old_spec.get("default") if isinstance(old_spec, Mapping) else None
        new = spec.get("default") if isinstance(spec, Mapping) else None
        if old is not None and new is not None and type(old) is not type(new):
            why = said("rules.option.type_kept", value=new, type=type_word(old), parent=parent)
            raise RulesetError(f"{path}: options.{name}.default: {why}", rule=f"options.{name}")


def unknown_option(name: str, known: Iterable[str], ruleset: str) -> str:
    """``unknown option 'fxo' of doppelkopf; did you mean fox?`` (else the options known)."""
    close = nearest(name, known)
    if close:
        return said("rules.option.unknown_near", name=name, ruleset=ruleset, near=close)
    options = sorted(known) or [said("rules.none")]
    return said("rules.option.unknown", name=name, ruleset=ruleset, options=options)


def type_word(value: Any) -> str:
    """How an option's value is described: by the type of its default."""
    if isinstance(value, bool):
        return said("rules.type.bool")
    if isinstance(value, int):
        return said("rules.type.int")
    if isinstance(value, list):
        return said("rules.type.list")
    return said("rules.type.word")
