"""Where match files live: the data folder, the current match, new file names.

New matches go to the user's data folder (``$SCOREKEEPER_HOME`` or the XDG data folder);
the newest becomes the current match. ``--match FILE`` or ``$SCOREKEEPER_MATCH`` picks
another. Opening and changing a match file is the session's business
(:mod:`scorekeeper.session`).
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper import matchlog
from scorekeeper.errors import RulesetError, ScorekeeperError
from scorekeeper.games import load
from scorekeeper.match import Match
from scorekeeper.matchlog import MatchLog, files
from scorekeeper.reasons import because
from scorekeeper.record import record
from scorekeeper.rules import data_home, escapes
from scorekeeper.rules.source import lexically_in

if TYPE_CHECKING:  # the statistics are read only by the commands that list matches
    from scorekeeper.stats.figures import MatchFigures


def matches_dir() -> Path:
    return data_home() / "matches"


def _pointer() -> Path:
    return data_home() / "current"


def current_path(explicit: str | Path | None = None, *, changing: bool = False) -> Path:
    """The match file to use: the one given, $SCOREKEEPER_MATCH, or the current match.

    ``changing``: the command writes the match. A ``current`` naming a file outside the
    data folder (as older versions and ``new --match FILE`` wrote it) is then refused: a
    shared or synced folder's ``current`` never has a file elsewhere changed through it;
    ``--match FILE`` names it."""
    if explicit is not None and str(explicit):
        return _usable(Path(explicit))
    if env := os.environ.get("SCOREKEEPER_MATCH"):
        return _usable(Path(env))
    pointer = _pointer()
    if pointer.is_file() and not pointer.is_symlink():
        text = pointer.read_text(encoding="utf-8").strip()
        if text:
            path = _pointed(text)
            if changing and escapes(path):
                why = because(
                    "folder.current_outside", "match", path=str(path), folder=str(data_home())
                )
                raise ScorekeeperError(why, kind="file")
            return _usable(path)
    raise ScorekeeperError(because("session.no_current", "match"), kind="match file")


def _pointed(text: str) -> Path:
    """The match ``current`` names. It is written relative to the data folder, so that a
    copied or synced folder names its own file; such a path must stay in the folder
    (links included). Older versions wrote an absolute path: one into the ``matches`` or
    ``archive`` of another data folder (this folder copied from there) means this
    folder's file of that name when there is one; any other absolute path is a match the
    user named outside the data folder (``new --match FILE``) and is followed."""
    home = data_home()
    given = Path(text)
    if not given.is_absolute():
        path = home / given
        verify_inside(path)
        return path
    mine = home / given.parent.name / given.name
    if (
        given.parent.name in ("matches", "archive")
        and not lexically_in(given, home)
        and mine.is_file()
    ):
        return mine  # written by an older version in the folder this one was copied from
    return given


def _usable(path: Path) -> Path:
    """``path`` when it can name a match file: a regular file, or none yet. A folder
    (``.``, ``/``), a device or a pipe is refused before anything opens it (reading
    ``/dev/zero`` would never end, a pipe would wait for a writer); so is a file over
    the size limit, before a byte of it is read."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return path  # missing (or unreadable): the reader says so in its own words
    if stat.S_ISREG(mode):
        files.before_reading(path)
        return path
    raise ScorekeeperError(because("session.not_a_file", "match", path=str(path)), kind="file")


def verify_inside(path: Path) -> None:
    """Refuse a path in the data folder that leads out of it (see :func:`escapes`)."""
    if escapes(path):
        why = because("folder.outside", "match", path=str(path), folder=str(data_home()))
        raise ScorekeeperError(why, kind="file")


def set_current(path: Path) -> None:
    """Make ``path`` the current match: written relative to the data folder when it is in
    it (a copied folder then names its own copy), else as an absolute path."""
    home = data_home()
    if lexically_in(path, home) and not escapes(path):
        text = Path(os.path.relpath(os.path.abspath(path), os.path.abspath(home))).as_posix()
    else:
        text = str(path.resolve())
    files.write_bytes(_pointer(), (text + "\n").encode("utf-8"), follow=False)  # its own file


def new_path(players: list[str], ruleset: str, when: datetime) -> Path:
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", Path(ruleset).stem)
    stamp = when.strftime("%Y%m%d-%H%M%S")
    base = matches_dir() / f"{stamp}-{slug}"
    path = base.with_suffix(".toml")
    n = 2
    while path.exists():
        path = Path(f"{base}-{n}.toml")
        n += 1
    return path


def create(log: MatchLog, path: Path, *, current: bool = True) -> None:
    """Write a new match file (refusing to overwrite one) and make it current (unless
    ``current`` is False: a demo)."""
    if path.exists() or path.is_symlink():
        raise ScorekeeperError(
            because("session.exists", "match", path=str(path)), kind="match file"
        )
    Match.from_log(
        log, None, because("session.new_match").worded(), loader=load, path=str(path)
    )  # the header must replay
    matchlog.write(path, log, new=True)  # refused if another process made it meanwhile
    if current:
        set_current(path)


# ---------------------------------------------------------------------- the archive
# A match's name is its file's stem in the data folder; archived matches sit in a folder
# of their own beside it, so that putting one away never deletes anything.

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.+-]{0,99}")


def archive_dir() -> Path:
    return data_home() / "archive"


@record(frozen=True)
class Stored:
    """A match file of the data folder: its name, where it is, whether it is put away."""

    name: str
    path: Path
    archived: bool = False


def stored(*, archived: bool = False) -> list[Stored]:
    """The match files of the data folder (or of its archive), by name (= by start).
    Temporary files killed writers left there (or beside the current-match pointer) are
    removed first; a temporary file is never listed (its name is hidden and ends .tmp)."""
    folder = archive_dir() if archived else matches_dir()
    files.tidy(data_home())
    if not folder.is_dir():
        return []
    files.tidy(folder)
    found = sorted(
        p
        for p in folder.glob("*.toml")
        if p.is_file() and not p.name.startswith(".") and not escapes(p)
    )
    return [Stored(p.stem, p, archived) for p in found]


def current_or_none() -> Path | None:
    """The current match (as ``current_path`` finds it), or None when there is none."""
    try:
        return current_path().resolve()
    except ScorekeeperError:
        return None


def find(name: str, *, archived: bool = False) -> Stored:
    """The match called ``name`` (a name from the list, or a file's path)."""
    folder = archive_dir() if archived else matches_dir()
    stem = name[: -len(".toml")] if name.endswith(".toml") else name
    candidate = folder / f"{stem}.toml"
    if NAME.fullmatch(stem) and candidate.is_file():
        verify_inside(candidate)
        return Stored(stem, candidate, archived)
    given = Path(name)
    if given.is_file() and given.resolve().parent == folder.resolve():
        return Stored(given.stem, given, archived)
    raise ScorekeeperError(
        because(
            "archive.no_such_archived" if archived else "archive.no_such",
            name=name,
        ),
        rule="match",
        kind="usage",
    )


def check_name(name: str) -> str:
    """A new match name, as typed (``.toml`` left off); refused unless a plain file name."""
    stem = name[: -len(".toml")] if name.endswith(".toml") else name
    if not NAME.fullmatch(stem):
        raise ScorekeeperError(because("archive.bad_name", name=name), rule="match", kind="usage")
    return stem


def name_like(text: str) -> str | None:
    """A match name close to ``text`` (its letters, digits and separators), if any."""
    kept = re.sub(r"[^A-Za-z0-9 _.+-]+", " ", text)
    stem = re.sub(r" {2,}", " ", kept).strip(" _.+-")[:100].strip()
    return stem if NAME.fullmatch(stem) else None


def _free(target: Path, *, anywhere: bool = True) -> None:
    """Refuse a name in use (``anywhere``: in the list or the archive, so that a match
    put away can always come back under its name)."""
    folders = (matches_dir(), archive_dir()) if anywhere else (target.parent,)
    if any((folder / target.name).exists() for folder in folders):
        raise ScorekeeperError(
            because("archive.name_taken", name=target.stem), rule="match", kind="usage"
        )


def switch(name: str) -> Stored:
    """Make the match ``name`` the current one."""
    found = find(name)
    set_current(found.path)
    return found


def _relocate(source: Path, target: Path) -> bool:
    """Move a match file under its lock; True if it was the current match."""
    was_current = current_or_none() == source.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    with matchlog.lock(source):
        os.rename(source, target)  # a process waiting for the lock then finds no file
    return was_current


def rename(name: str, new: str) -> Stored:
    """Give the match ``name`` the name ``new`` (its file is renamed, its text kept)."""
    found = find(name)
    target = found.path.with_name(check_name(new) + ".toml")
    if target == found.path:
        return found
    _free(target)
    if _relocate(found.path, target):
        set_current(target)
    return Stored(target.stem, target)


def archive(name: str) -> tuple[Stored, Path | None]:
    """Put the match ``name`` away. If it was current, the newest listed match becomes
    current (none if the list is empty): returns where it went and that new current."""
    found = find(name)
    target = archive_dir() / found.path.name
    _free(target, anywhere=False)
    _carry(_rules_to_carry(found.path, target.parent))  # copied: other matches may name them
    put_away = Stored(found.name, target, True)
    if not _relocate(found.path, target):
        return put_away, None
    remaining = [entry for entry in listing() if entry.figures.problem is None]
    if not remaining:
        _pointer().unlink(missing_ok=True)
        return put_away, None
    newest = remaining[-1].stored.path
    set_current(newest)
    return put_away, newest


def restore(name: str) -> Stored:
    """Bring an archived match back into the list."""
    found = find(name, archived=True)
    target = matches_dir() / found.path.name
    _free(target, anywhere=False)
    _carry(_rules_to_carry(found.path, target.parent))
    _relocate(found.path, target)
    return Stored(found.name, target)


def add(file: Path, name: str | None = None) -> Stored:
    """Copy a checked match file into the data folder, byte for byte, under ``name``,
    with the rule-set files it names by a path from its own folder (:func:`rule_files`),
    so that it plays by the same rules there; refused, with nothing copied, when one of
    them is there already with other bytes."""
    stem = check_name(name if name is not None else file.stem)
    target = matches_dir() / f"{stem}.toml"
    _free(target)
    rules = _rules_to_carry(file, target.parent)
    text = file.read_bytes().decode("utf-8")  # checked: UTF-8, so the bytes stay the same
    made = _carry(rules)
    try:
        files.create_text(target, text)
    except FileExistsError:  # made by another process meanwhile
        _uncarry(made)
        _free(target)
        raise
    except BaseException:
        _uncarry(made)
        raise
    return Stored(stem, target)


# ---------------------------------------------------------------------- rule-set files
# A match may name its rule set by a path from its own folder (``house.toml``); a copy
# or a move of the match into another folder takes those files along, byte for byte.

MAX_CHAIN = 16
"""How many rule-set files a chain of ``extends`` may take along (as the loader allows)."""


def rule_files(match_file: Path) -> list[tuple[Path, str]]:
    """The rule-set files the match file reads by a path from its own folder: its
    ``ruleset`` and each ``extends`` after it named by a relative path, each with that
    path (from the match's folder); none for a rule set named by id or by an absolute
    path, and none from where a file is missing. Refused (:class:`RulesetError`) when one lies outside the match's folder: a
    copy elsewhere could not find it."""
    from scorekeeper.rules.source import read_toml

    ruleset = _ruleset_of(match_file)
    if ruleset is None or not ruleset.endswith(".toml") or Path(ruleset).is_absolute():
        return []
    source = Path(files.for_match(ruleset, match_file))  # refuses a path leading out
    where = Path(os.path.normpath(ruleset))
    found: list[tuple[Path, str]] = []
    while len(found) < MAX_CHAIN and all(source != seen for seen, _ in found):
        if not source.is_file():
            break  # not found: the loader says so where the match is read
        found.append((source, where.as_posix()))
        try:
            parent = read_toml(source).get("extends")
        except RulesetError:
            break  # the loader says what is wrong with it
        if not isinstance(parent, str) or not parent.endswith(".toml"):
            break
        if Path(parent).is_absolute():
            break  # read as it is, wherever the match lies
        where = Path(os.path.normpath(where.parent / parent))
        if where.parts[:1] == ("..",):
            folder = Path(os.path.abspath(match_file)).parent
            why = because("folder.ruleset_outside", name=repr(parent), folder=str(folder))
            raise RulesetError(why.worded(), rule="extends")
        source = source.parent / parent
    return found


def _ruleset_of(path: Path) -> str | None:
    """The ``ruleset`` a match file's header names (only the header is read), or None."""
    files.before_reading(path)
    try:
        with open(path, encoding="utf-8-sig", newline="") as fh:
            head = next(matchlog.pieces(iter(lambda: fh.read(1 << 16), "")))
        value = tomllib.loads(head).get("ruleset")
    except (OSError, ValueError, RecursionError, StopIteration):
        return None
    return value if isinstance(value, str) else None


def _rules_to_carry(match_file: Path, folder: Path) -> list[tuple[Path, bytes]]:
    """Where each rule-set file of ``match_file`` goes in ``folder`` and its bytes, those
    already there byte for byte left out; refused when one is there with other bytes (the
    match would play by other rules) or would lead out of the data folder."""
    carried: list[tuple[Path, bytes]] = []
    for source, where in rule_files(match_file):
        target = folder / where
        verify_inside(target)
        data = source.read_bytes()
        if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
            continue
        if os.path.lexists(target):
            raise RulesetError(because("session.exists", "ruleset", path=str(target)))
        carried.append((target, data))
    return carried


def _carry(carried: list[tuple[Path, bytes]]) -> list[Path]:
    """Write the rule-set files (each a new file); the ones made, to be taken back."""
    made: list[Path] = []
    try:
        for target, data in carried:
            files.create_text(target, data.decode("utf-8"))
            made.append(target)
    except BaseException:
        _uncarry(made)
        raise
    return made


def _uncarry(made: list[Path]) -> None:
    for path in made:
        with suppress(OSError):
            path.unlink()


def _rule_sets_named(found: list[tuple[Path, MatchFigures]]) -> set[Path]:
    """The files among ``found`` that a match among them names as its rule set (carried
    beside it): rule sets, not matches, so no list shows them as broken matches."""
    named: set[Path] = set()
    for path, figures in found:
        ruleset = figures.ruleset
        if figures.problem is None and ruleset.endswith(".toml"):
            with suppress(ScorekeeperError, OSError, ValueError):
                named.add(Path(os.path.realpath(files.for_match(ruleset, path))))
    return named


@record
class Listed:
    """One line of the list: the stored file and what its replay says (its figures,
    from the statistics cache when they are there). ``figures.problem`` is set (and the
    rest left empty) when the file cannot be read or replayed."""

    stored: Stored
    figures: MatchFigures

    @property
    def started(self) -> datetime | None:
        try:
            return datetime.fromisoformat(self.figures.started)
        except ValueError:
            return None

    def to_dict(self, current: Path | None = None) -> dict[str, object]:
        f = self.figures
        out: dict[str, object] = {
            "name": self.stored.name,
            "path": str(self.stored.path),
            "archived": self.stored.archived,
            "current": current is not None and self.stored.path.resolve() == current,
            "ruleset": f.ruleset,
            "players": f.players,
            "hands": f.hands,
            "started": f.started or None,
            "finished": f.finished,
            "ok": f.problem is None,
        }
        if f.problem is not None:
            out["problem"] = {
                "kind": f.problem.get("kind"),
                "rule": f.problem.get("rule"),
                "code": f.problem.get("code") or problem_code(f.problem),
                "message": f.problem.get("message"),
            }
        return out


def problem_code(problem: dict[str, Any]) -> str:
    """The stable code of why a match file cannot be listed (figures cached before codes
    were kept say only their kind): ``unreadable`` (the file cannot be opened),
    ``not_utf8``, ``invalid`` (not a match file: TOML or its shape), ``replay`` (the
    recorded play is refused by its rules), ``too_big`` (over the size limit: not read)."""
    return "unreadable" if problem.get("kind") == "file" else "invalid"


def listing(*, archived: bool = False) -> list[Listed]:
    """Every match of the list (or the archive), oldest first (by start, then name)."""
    from scorekeeper.stats.cache import figures

    found = [Listed(s, _figures(s.path, figures)) for s in stored(archived=archived)]
    rules = _rule_sets_named([(e.stored.path, e.figures) for e in found])
    found = [e for e in found if Path(os.path.realpath(e.stored.path)) not in rules]
    return sorted(found, key=lambda entry: (entry.figures.started, entry.stored.name))


def _figures(path: Path, figures: Callable[[Path], MatchFigures]) -> MatchFigures:
    """A stored match's figures; a file over the size limit is not read."""
    from scorekeeper.stats.figures import MatchFigures

    try:
        files.before_reading(path)
    except ScorekeeperError as exc:
        problem = {"kind": exc.kind, "rule": exc.rule, "code": "too_big", "message": str(exc)}
        return MatchFigures(problem=problem)
    return figures(path)


def every_figures() -> list[tuple[str, MatchFigures]]:
    """The figures of every match of the data folder, the archived ones included; a file
    that is a byte-for-byte copy of one already counted (an import made twice) is not
    counted again."""
    import hashlib  # only statistics ask: deferred for start-up (it loads OpenSSL)

    from scorekeeper.stats.cache import figures

    seen: set[str] = set()
    found = []
    for entry in [*stored(), *stored(archived=True)]:
        try:
            files.before_reading(entry.path)
            digest = hashlib.sha256(entry.path.read_bytes()).hexdigest()
        except (OSError, ScorekeeperError):
            digest = str(entry.path)
        if digest not in seen:
            seen.add(digest)
            found.append((entry.path, entry.name, _figures(entry.path, figures)))
    rules = _rule_sets_named([(path, made) for path, _, made in found])
    return [(name, made) for path, name, made in found if Path(os.path.realpath(path)) not in rules]
