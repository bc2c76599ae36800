"""Shared helpers for the CLI tests: run the real command, build a legal hand, check refusals."""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
"""The table of every test match: Anna deals first, so Ben leads the first trick."""


def _shipped_rule_sets() -> list[str]:
    from scorekeeper.rules.source import shipped_dirs

    return sorted({path.stem for folder in shipped_dirs() for path in folder.glob("*.toml")})


SHIPPED_RULE_SETS = _shipped_rule_sets()
"""Every rule set that comes with scorekeeper, by id: tests that walk every game take this
list, so a new rule set is walked without a test to edit."""


HOST_SETTINGS = frozenset(
    (
        "LANG",
        "LANGUAGE",
        "COLUMNS",
        "LINES",
        "PYTHONIOENCODING",
        "PYTHONUTF8",
        "NO_COLOR",
        "FORCE_COLOR",
        "TTY_COMPATIBLE",
        "TTY_INTERACTIVE",
        "XDG_DATA_HOME",
        "XDG_CACHE_HOME",
    )
)
"""What a developer's shell may set that changes what a command prints: left out of every
run, so that a test's outcome is the same on every machine (a test sets what it needs)."""


def cli_env(
    home: Path, match: Path | None = None, extra: dict[str, str] | None = None
) -> dict[str, str]:
    """The environment for a scorekeeper run: our own data folder, no inherited match."""
    env = {k: v for k, v in os.environ.items() if k not in HOST_SETTINGS}
    env = {k: v for k, v in env.items() if not k.startswith(("SCOREKEEPER_", "LC_"))}
    env["LANG"] = "C.UTF-8"  # English and UTF-8, whatever the developer's machine says
    env.update(extra or {})
    env["SCOREKEEPER_HOME"] = str(home)
    env.pop("XDG_DATA_HOME", None)
    if match is not None:
        env["SCOREKEEPER_MATCH"] = str(match)
    return env


def run_cli(
    home: Path,
    *args: str | Path,
    match_env: Path | None = None,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m scorekeeper ARGS`` as a separate process and capture everything.

    ``env`` adds variables (``SCOREKEEPER_LOCK_WAIT``...) to the clean environment.
    """
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *map(str, args)],
        env=cli_env(home, match_env, env),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )


def in_process(home: Path, monkeypatch: Any) -> Callable[..., subprocess.CompletedProcess[str]]:
    """The app run in this process (CliRunner) in the data folder ``home``, answering as
    :func:`run_cli` does: returncode, stdout and stderr. ``monkeypatch`` is pytest's."""
    from typer.testing import CliRunner

    from scorekeeper.cli.app import app

    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    monkeypatch.delenv("SCOREKEEPER_MATCH", raising=False)
    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)
    runner = CliRunner()

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        res = runner.invoke(app, [str(a) for a in args], catch_exceptions=False)
        return subprocess.CompletedProcess(args, res.exit_code, res.stdout, res.stderr)

    return run


def ok(res: subprocess.CompletedProcess[str]) -> str:
    """The output of a run that must succeed; its stdout and stderr are shown where it did not."""
    assert res.returncode == 0, res.stdout + res.stderr
    return str(res.stdout)


def snapshot(path: Path) -> tuple[bytes, list[str]]:
    """The match file's bytes and its folder's listing, to prove a refusal changed nothing."""
    return path.read_bytes(), sorted(p.name for p in path.parent.iterdir())


def assert_refused(
    res: subprocess.CompletedProcess[str],
    *,
    rule: str | None = None,
    kind: str | None = None,
    names: tuple[str, ...] = (),
    path: Path | None = None,
    before: tuple[bytes, list[str]] | None = None,
    code: int | None = None,
) -> str:
    """A refusal: exit 1 (2 for a usage mistake: ``kind="usage"``, or ``code=2`` for words
    that could not be read, which name the rule whose words were expected), one line on
    stderr naming the rule, nothing on stdout, file unchanged.

    ``rule`` is the expected rule-set key or a section of it ("deck" takes "deck.ranks");
    None only requires that some rule is named. ``kind`` instead: a refusal that is not
    about a game's rules, whose line ends with its kind (``[usage]``, ``[match file]``). ``names`` must all appear in the message
    (in any case).
    Returns the error line.
    """
    where = f"stdout={res.stdout!r} stderr={res.stderr!r}"
    if code is None:
        code = 2 if kind == "usage" else 1
    assert res.returncode == code, where
    assert "Traceback" not in res.stderr, where
    lines = [line for line in res.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one line on stderr: {where}"
    line = lines[0]
    if kind is not None:  # not a game's rule: the line says what kind of problem it is
        assert line.endswith(f"[{kind}]"), where
        assert "[rule: " not in line, where
    else:
        assert "[rule: " in line, f"the message names no rule: {where}"
    if rule is not None and kind is None:
        tag = line.rsplit("[rule: ", 1)[1].rstrip("]").strip()
        assert tag == rule or tag.startswith(rule + "."), where
    for name in names:  # case aside: "xz" names what was typed as "XZ"
        assert name.lower() in line.lower(), f"{name!r} not named: {where}"
    assert res.stdout.strip() == "", where
    if path is not None and before is not None:
        assert snapshot(path) == before, "the match file or its folder changed"
    return line


@dataclass
class FixedHand:
    """A legal Doppelkopf hand built from a seeded deal, with announcements at set points.

    ``steps`` is the session to type: ("announce", player, what...) or ("trick", [cards])
    where a trick may be split in two steps around an announcement. ``actions`` is the
    same hand as the match file's action strings, for replaying through the engine.
    """

    seed: int
    deal: dict[str, list[str]]
    re: list[str]
    contra: list[str]
    steps: list[tuple] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    tricks: list[dict] = field(default_factory=list)  # number, winner, points, cards


def doppelkopf_rules():
    from scorekeeper import ruleset

    return ruleset.load("doppelkopf")


@functools.cache
def fixed_hand(seed: int = 7) -> FixedHand:
    """Deal with ``scorekeeper.simulate`` (seeded) and play random legal cards.

    The first seed from ``seed`` on that gives the two queens of clubs to two different
    players is used (a normal game). Announcements: a Re player says re before the first
    card, a Contra player says contra after trick 1, the other Re player says no90 after
    the second card of trick 2 (so trick 2 is typed in two parts). Where the record
    without the deal cannot tell the announcer's side, the side is named ("Dirk no90 re").
    Cached: callers must not change what they get.
    """
    from scorekeeper.hand import Hand
    from scorekeeper.simulate import deal

    rules = doppelkopf_rules()
    while True:
        rng = random.Random(seed)
        dealt = deal(rules, PLAYERS, rng)
        holders = [p for p, cards in dealt.items() for c in cards if c.code == "QC"]
        if len(set(holders)) == 2:
            break
        seed += 1
    codes = {p: [c.code for c in cards] for p, cards in dealt.items()}
    re = [p for p in PLAYERS if p in holders]
    contra = [p for p in PLAYERS if p not in holders]
    fh = FixedHand(seed, codes, re, contra)
    hand = Hand(rules, PLAYERS, PLAYERS[0], deal=codes)
    blind = Hand(rules, PLAYERS, PLAYERS[0])  # what the CLI knows: no deal recorded

    def say(player: str, what: str) -> None:
        text = f"{player} {what}"
        if not blind.can(text):  # the record cannot tell the side yet: name it
            text += " re" if player in re else " contra"
        for h in (hand, blind):
            h.apply(text)
        fh.actions.append(text)
        fh.steps.append(("announce", player, *text.split()[1:]))

    say(re[0], "re")
    current: list[str] = []
    later = {4: (contra[0], "contra"), 6: (re[1], "no90")}
    while not hand.finished:
        if hand.cards_played in later:
            if current:  # the first part of a trick, typed before the announcement
                fh.steps.append(("trick", current))
                current = []
            say(*later.pop(hand.cards_played))
        player = hand.to_play()
        assert player is not None
        card = rng.choice(hand.legal_cards(player) or [])
        text = f"{player} {card.code}"
        out = hand.apply(text)
        blind.apply(text)
        fh.actions.append(text)
        current.append(card.code)
        if out.trick is not None:
            fh.steps.append(("trick", current))
            fh.tricks.append(
                {
                    "number": out.trick.number,
                    "winner": out.trick.winner,
                    "points": out.trick.points,
                    "cards": [p.card.code for p in out.trick.plays],
                }
            )
            current = []
    return fh
