"""Benchmark: the engine's figures of issue 12 (P2, P3, P4), each beside its yardstick.

Run: python bench/engine.py [--hands N] [--positions N] [--runs N]
[--only check|memory|legal|instructions]
[--before REV]

- P2 ``check_figures()``: ``scorekeeper check`` (a whole process, parsing included) of a
  card-by-card Doppelkopf match of N hands and of 10 N hands: tricks per second against
  the 100,000 of the target (by wall time and by the process's CPU time: on a shared
  machine the CPU time is the steadier one), and how much 10 N hands cost against N hands
  (at most 11x); the reading part alone (``matchlog.read`` of the 10 N hands in a fresh
  process, CPU) beside the whole check's CPU. With ``--before REV`` the same check and the
  same read by the code of git revision REV (``git archive``, run in turn with today's):
  seconds before and now, and the speed-up.
- P3 ``memory_figures()``: peak resident memory of ``check``, ``score``, ``status``,
  ``hand`` and ``undo`` (each a process) on the 10 N-hand match, against 100 MB.
- P4 ``legal_query_figures()``: the public legal-card query ``following.legal_cards``
  (the trick as cards, the holding as the card mask a hand keeps, a mask out; and, beside
  it, the same query given the holding as cards) on the same random Rotterdam positions
  as liacs/klaverjas ``Round.legal_moves`` (MIT), both timed in one loop shape,
  alternating, the fastest run of each: microseconds per call and the ratio, and on how
  many positions the peer and both forms of ours allow the same cards.
- P4 ``hand_query_figures()``: the same on positions of real Rotterdam hands (random
  deals, the trump chosen, random legal cards played; each position a ``Hand.copy``):
  ``Hand.legal_actions()`` (every action allowed, the family's and the cards: the first
  question of a position, and asked again, answered by the position's ``hand.Turn``),
  its card part (``Hand.playable_cards``, ``Hand.legal_cards``, ``Hand.legal_mask``),
  beside the peer's ``Round.legal_moves`` on the same trick and holding, and on how many
  positions the cards of ``legal_actions()`` are the peer's.
- P4 ``family_query_figures()`` (with ``--only legal``): the first question of a position
  (``Hand.legal_actions()`` on a never-asked copy) on random hands of each family's rule
  set (``FAMILY_RULE_SETS``), beside the peer's ``legal_moves`` on Rotterdam positions in
  the same run: what a search pays per position in every game, the family's own actions
  (announcements, declarations, calls) listed with the cards.
- P4 ``instruction_figures()`` (``--only instructions``, and in a run of everything):
  the same two ``legal_actions()`` figures and the peer's in instructions
  (``valgrind --tool=callgrind``, a process per mode less one that only makes the
  positions), which the machine's load does not change.

The peer's code is brought in at run time, never into the project: from the directory
named by ``SCOREKEEPER_PEER_KLAVERJAS`` (a checkout holding ``klaverjas/game/``), else from
the fetched mirror ``/work/.mirror/liacs+klaverjas/repo`` (read with ``git show``); without
either the script prints ``peer: skipped (not found)``.

The long match is the short one's hands repeated ten times (a match of N random hands,
N a multiple of the table, returns the deal to the first dealer, so it replays the same):
random play into a 10,000-hand match takes minutes. Matches are built in a temporary
folder. Figures are printed, never asserted. ``bench/perf.py`` calls these functions; each
returns its rows as ``(figure, value, yardstick, ratio)``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

Row = tuple[str, float, float, float]

MIRROR = Path("/work/.mirror/liacs+klaverjas/repo")
PEER_FILES = ("cards.py", "meld.py", "tricks.py", "rounds.py")
_PEAK = (
    "import resource, subprocess, sys; "
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


# ---------------------------------------------------------------------------- matches
@contextmanager
def matches(hands: int) -> Iterator[tuple[Path, Path, dict[str, str]]]:
    """A card-by-card Doppelkopf match of ``hands`` hands and one of ten times as many."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SCOREKEEPER_HOME=str(Path(tmp) / "home"))
        short, long = Path(tmp) / f"m{hands}.toml", Path(tmp) / f"m{hands * 10}.toml"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "scorekeeper",
                "demo",
                "--hands",
                str(hands),
                "--match",
                str(short),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        text = short.read_text(encoding="utf-8")
        start = text.index("[[hand]]")
        # hands are separated by a blank line, as the tool writes them
        long.write_text(text[:start] + "\n".join([text[start:]] * 10), encoding="utf-8")
        yield short, long, env


def tricks_in(path: Path) -> int:
    from scorekeeper import matchlog

    log, _ = matchlog.read(path)
    return sum(sum(1 for a in h.actions if " " in a and _is_card(a)) for h in log.hands) // 4


def _is_card(action: str) -> bool:
    from scorekeeper.cards import Card
    from scorekeeper.errors import CardError

    try:
        Card.parse(action.split()[-1])
    except CardError:
        return False
    return len(action.split()) == 2


def wall(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    return timed(cmd, env, cwd)[0]


def timed(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    spent = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return spent, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


@contextmanager
def revision(rev: str) -> Iterator[Path]:
    """The project's files at git revision ``rev``, in a temporary folder (``python -m
    scorekeeper`` run there uses that code: the current folder comes first)."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="before-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", rev], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        yield Path(tmp)


_READ = (
    "import sys, time; from scorekeeper import matchlog; "
    "start = time.process_time(); matchlog.read(sys.argv[1]); "
    "print(time.process_time() - start)"
)


def read_cpu(path: Path, env: dict[str, str], cwd: Path) -> float:
    """CPU seconds of ``matchlog.read(path)`` alone (parsed and shape-checked), in a fresh
    process of the code in ``cwd``: the reading part of a check, its imports left out."""
    cmd = [sys.executable, "-c", _READ, str(path)]
    out = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def peak_mb(cmd: list[str], env: dict[str, str]) -> float:
    """Peak resident memory of ``cmd`` in MB (ru_maxrss of its own watcher process)."""
    out = subprocess.run(
        [sys.executable, "-c", _PEAK, *cmd], env=env, capture_output=True, text=True, check=True
    )
    return int(out.stdout.strip()) / 1024


# ---------------------------------------------------------------------------- P2, P3
def check_figures(hands: int = 1000, runs: int = 3, before: str | None = None) -> list[Row]:
    """P2: check of N and 10 N hands, alternating, medians of ``runs``; with ``before``
    also the 10 N hands by the code of that git revision, in turn with today's."""
    sk = [sys.executable, "-m", "scorekeeper", "check"]
    root = Path(__file__).resolve().parent.parent
    with matches(hands) as (short, long, env), _maybe_revision(before) as old:
        tricks = tricks_in(long)
        times: dict[str, list[tuple[float, float]]] = {"short": [], "long": [], "before": []}
        reads: dict[str, list[float]] = {"now": [], "before": []}
        for _ in range(runs):
            times["short"].append(timed([*sk, str(short)], env, root))
            times["long"].append(timed([*sk, str(long)], env, root))
            reads["now"].append(read_cpu(long, env, root))
            if old is not None:
                times["before"].append(timed([*sk, str(long)], env, old))
                reads["before"].append(read_cpu(long, env, old))
    wall_s, cpu_s = (statistics.median(t[k] for t in times["short"]) for k in (0, 1))
    wall_l, cpu_l = (statistics.median(t[k] for t in times["long"]) for k in (0, 1))
    rows: list[Row] = [
        (f"check {hands * 10} hands: wall seconds", wall_l, 0.0, 0.0),
        (f"check {hands * 10} hands: CPU seconds", cpu_l, 0.0, 0.0),
        (
            f"check {hands * 10} hands: tricks/s (wall) vs 100,000",
            tricks / wall_l,
            100_000,
            tricks / wall_l / 100_000,
        ),
        (
            f"check {hands * 10} hands: tricks/s (CPU) vs 100,000",
            tricks / cpu_l,
            100_000,
            tricks / cpu_l / 100_000,
        ),
        (
            f"check {hands * 10} vs {hands} hands: wall cost ratio vs 11x",
            wall_l / wall_s,
            11,
            wall_l / wall_s / 11,
        ),
        (
            f"check {hands * 10} vs {hands} hands: CPU cost ratio vs 11x",
            cpu_l / cpu_s,
            11,
            cpu_l / cpu_s / 11,
        ),
    ]
    read_now = statistics.median(reads["now"])
    rows.append(
        (
            f"read {hands * 10} hands (matchlog.read): CPU s of check's",
            read_now,
            cpu_l,
            read_now / cpu_l,
        )
    )
    if times["before"]:
        old_wall, old_cpu = (statistics.median(t[k] for t in times["before"]) for k in (0, 1))
        rows.append(
            (
                f"check {hands * 10} hands: CPU s now vs before ({before})",
                cpu_l,
                old_cpu,
                old_cpu / cpu_l,
            )
        )
        rows.append(
            (
                f"check {hands * 10} hands: wall s now vs before ({before})",
                wall_l,
                old_wall,
                old_wall / wall_l,
            )
        )
        old_read = statistics.median(reads["before"])
        rows.append(
            (
                f"read {hands * 10} hands: CPU s now vs before ({before})",
                read_now,
                old_read,
                old_read / read_now,
            )
        )
    return rows


@contextmanager
def _maybe_revision(rev: str | None) -> Iterator[Path | None]:
    if rev is None:
        yield None
        return
    with revision(rev) as path:
        yield path


def memory_figures(hands: int = 1000) -> list[Row]:
    """P3: peak memory of the replaying commands on the 10 N-hand match, against 100 MB."""
    sk = [sys.executable, "-m", "scorekeeper"]
    rows: list[Row] = []
    with matches(hands) as (_, long, env):
        commands = {
            "check": ["check", str(long)],
            "score": ["score", "--match", str(long)],
            "status": ["status", "--match", str(long)],
            "hand": ["hand", "re=Anna,Ben", "re_points=121", "--match", "COPY"],
            "undo": ["undo", "--match", "COPY"],
        }
        for name, args in commands.items():
            copy = long.with_name("copy.toml")
            shutil.copyfile(long, copy)
            mb = peak_mb([*sk, *(str(copy) if a == "COPY" else a for a in args)], env)
            rows.append((f"peak memory of {name}, MB vs 100", mb, 100, mb / 100))
    return rows


# ---------------------------------------------------------------------------- P4
def load_peer() -> Any | None:
    """liacs/klaverjas's ``game`` package, from a checkout or the fetched mirror."""
    named = os.environ.get("SCOREKEEPER_PEER_KLAVERJAS")
    target = Path(tempfile.mkdtemp(prefix="peer-")) / "klaverjas_peer_game"
    target.mkdir()
    try:
        for name in PEER_FILES:
            if named:
                text = (Path(named) / "klaverjas" / "game" / name).read_text(encoding="utf-8")
            elif (MIRROR / ".git").exists() or MIRROR.exists():
                git_dir = MIRROR / ".git" if (MIRROR / ".git").exists() else MIRROR
                text = subprocess.run(
                    ["git", f"--git-dir={git_dir}", "show", f"HEAD:klaverjas/game/{name}"],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            else:
                return None
            (target / name).write_text(text, encoding="utf-8")
    except (OSError, subprocess.CalledProcessError):
        return None
    (target / "__init__.py").write_text("", encoding="utf-8")
    sys.path.insert(0, str(target.parent))
    return importlib.import_module("klaverjas_peer_game.rounds"), importlib.import_module(
        "klaverjas_peer_game.cards"
    )


def positions(count: int, seed: int = 12) -> list[tuple[str, list[str], list[str]]]:
    """Random Rotterdam positions: trump suit, the trick so far, the hand of the player to
    play (as many cards as tricks are left, none of them on the table)."""
    rng = random.Random(seed)
    deck = [r + s for r in ("A", "K", "Q", "J", "10", "9", "8", "7") for s in "CSHD"]
    out = []
    for _ in range(count):
        cards = deck[:]
        rng.shuffle(cards)
        on_table = rng.randrange(4)
        size = rng.randint(1, 8)
        out.append((rng.choice("CSHD"), cards[:on_table], cards[on_table : on_table + size]))
    return out


def timed_loop(call: Callable[..., Any], args: list[tuple[Any, ...]]) -> float:
    """Microseconds of this process's CPU per call (steadier than the wall clock on a
    shared machine)."""
    start = time.process_time()
    for a in args:
        call(*a)
    return (time.process_time() - start) / len(args) * 1e6


def legal_query_figures(count: int = 20_000, runs: int = 5) -> list[Row]:
    """P4: microseconds per call of the public legal-card query ``following.legal_cards``
    (the trick as cards, the holding as the card mask a hand keeps, the mask of the legal
    cards out), ours and the peer's ``Round.legal_moves`` (its round holds the trick, the
    hand is a list of its cards), on the same positions, alternating, the fastest of the
    runs (the least disturbed by the machine's other work); and ours given the holding as
    cards (made a mask, the answer made cards again), beside it."""
    from scorekeeper.cards import Card
    from scorekeeper.contract import Contract
    from scorekeeper.following import legal_cards, mask
    from scorekeeper.games import load

    rules = load("klaverjassen-rotterdam", None)
    following = rules.spec.following
    contracts = {s: Contract.from_rules(rules, "trump", s) for s in "CSHD"}
    drawn = positions(count)
    as_cards = [
        (following, contracts[t], [Card.parse(c) for c in trick], [Card.parse(c) for c in h])
        for t, trick, h in drawn
    ]
    ours = [(f, contract, trick, mask(h)) for f, contract, trick, h in as_cards]
    peer = load_peer()
    peer_args = _peer_positions(peer, drawn) if peer else []
    mine: list[float] = []
    listed: list[float] = []
    theirs: list[float] = []
    for _ in range(runs):
        mine.append(timed_loop(legal_cards, ours))
        listed.append(timed_loop(legal_cards, as_cards))
        if peer:
            theirs.append(timed_loop(lambda r, h: r.legal_moves(h), peer_args))
    us = min(mine)
    rows: list[Row] = [("legal_cards (a mask): us per call", us, 0.5, us / 0.5)]
    cards_us = min(listed)
    rows.append(("legal_cards (cards in, cards out): us per call", cards_us, us, cards_us / us))
    judge = _judge_us(rules, drawn[: max(1, count // 10)])
    rows.append(("the same answered card by card by check_play: us", judge, us, judge / us))
    if not peer:
        print("peer: skipped (not found)")
        return rows
    them = min(theirs)
    same = _agreement(ours, as_cards, peer_args)
    rows.append(("legal_cards: peer us per call / ours (target >= 5x)", them, us, them / us))
    rows.append(("  the same, ours given cards", them, cards_us, them / cards_us))
    rows.append(("positions where both allow the same cards", same, count, same / count))
    return rows


def hand_positions(
    count: int, seed: int = 12, rule_set: str = "klaverjassen-rotterdam"
) -> list[Any]:
    """``count`` positions of random hands of ``rule_set`` (Rotterdam unless named) where a
    card is to be played, each a ``Hand`` of its own (``Hand.copy``): a random deal,
    random actions until play starts (Rotterdam: bids until a trump is chosen), then
    random legal cards (Rotterdam: the roem declined or claimed by no one)."""
    from scorekeeper import simulate
    from scorekeeper.games import load
    from scorekeeper.hand import Hand

    rules = load(rule_set, None)
    table = ["Anna", "Ben", "Carla", "Dirk", "Erik"][: rules.player_counts[0]]
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        hand = Hand(rules, table, table[0], deal=simulate.deal(rules, table, rng))
        while not hand.finished:
            reached = hand.copy()  # the position as an action leaves it: nothing asked yet
            actions = hand.legal_actions()
            cards = [a for a in actions if a.is_play]
            if cards:
                found.append(reached)
                hand.apply(rng.choice(cards))
            else:
                hand.apply(rng.choice(actions))
    return found[:count]


FAMILY_RULE_SETS = (
    "doppelkopf",
    "doppelkopf-ddv",
    "klaberjass",
    "kloepper",
    "bierkopf",
    "klaverjassen-rotterdam",
)


def family_query_figures(count: int = 1500, runs: int = 3) -> list[Row]:
    """The first question of a position (``Hand.legal_actions()``, a never-asked copy) on
    random hands of each family, microseconds of CPU per call, the fastest of the runs,
    beside the peer's ``legal_moves`` on Rotterdam positions in the same run (the
    yardstick: it lists cards alone, where ours lists the family's actions too)."""
    peer = load_peer()
    drawn = positions(count)
    peer_args = _peer_positions(peer, drawn) if peer else []
    rows: list[Row] = []
    them = float("nan")
    if peer:
        them = min(timed_loop(lambda r, h: r.legal_moves(h), peer_args) for _ in range(runs))
    for rule_set in FAMILY_RULE_SETS:
        hands = hand_positions(count, rule_set=rule_set)
        times = []
        for _ in range(runs):
            unasked = [(h.copy(),) for h in hands]
            times.append(timed_loop(lambda h: h.legal_actions(), unasked))
            del unasked
        us = min(times)
        rows.append((f"first question, {rule_set}: us vs the peer's us", us, them, them / us))
    return rows


def hand_query_figures(count: int = 20_000, runs: int = 5) -> list[Row]:
    """P4 on a hand: microseconds per call of ``Hand.legal_actions()`` and of its card
    part on positions of real hands, beside the peer's ``Round.legal_moves`` given the
    same trump, trick and holding (one loop shape, alternating, the fastest run).

    A hand keeps what its position allows (``hand.Turn``) from the first question until
    the next action: ``legal_actions()`` is timed both ways, on the first question of a
    position (copies of positions no one asked anything yet, made untimed before each
    run: what a search that asks each position once pays) and asked again (the same
    positions, asked in every run before)."""
    hands = hand_positions(count)
    peer = load_peer()
    drawn = [
        (
            h.contract.trump_suit,
            [c.code for c in (h.current_trick.cards if h.current_trick else [])],
            [c.code for c in h.holding(h.to_play())],
        )
        for h in hands
    ]
    queries: dict[str, Callable[..., Any]] = {
        "Hand.legal_actions(), asked again": lambda h, p: h.legal_actions(),
        "Hand.playable_cards(player)": lambda h, p: h.playable_cards(p),
        "Hand.legal_cards(player)": lambda h, p: h.legal_cards(p),
        "Hand.legal_mask(player)": lambda h, p: h.legal_mask(p),
    }
    args = [(h, h.to_play()) for h in hands]
    never_asked = [(h.copy(), p) for h, p in args]  # copied before any question
    peer_args = _peer_positions(peer, drawn) if peer else []
    first = "Hand.legal_actions(), first question of a position"
    times: dict[str, list[float]] = {name: [] for name in [first, *queries]}
    theirs: list[float] = []
    for _ in range(runs):
        unasked = [(h.copy(), p) for h, p in never_asked]
        times[first].append(timed_loop(lambda h, p: h.legal_actions(), unasked))
        del unasked
        for name, query in queries.items():
            times[name].append(timed_loop(query, args))
        if peer:
            theirs.append(timed_loop(lambda r, h: r.legal_moves(h), peer_args))
    rows: list[Row] = []
    them = min(theirs) if theirs else float("nan")
    for name in times:
        us = min(times[name])
        rows.append((f"{name} on a hand: peer us / ours (target >= 5x)", them, us, them / us))
    rows += first_question_parts(never_asked, min(times[first]), runs)
    if not peer:
        print("peer: skipped (not found)")
        return rows
    same = _hand_agreement(hands, peer_args)
    rows.append(
        ("hand positions where legal_actions' cards are the peer's", same, count, same / count)
    )
    return rows


def first_question_parts(never_asked: list[Any], first: float, runs: int) -> list[Row]:
    """Where the first question of a position goes: each part of what ``legal_actions()``
    asks, timed alone on copies of the same never-asked positions (made untimed before
    each run, as the first question's are: a copy's first touch is in every part), the
    fastest run; each row: its us, the first question's, its share."""
    from scorekeeper.holdings import card_plays

    def plays(h: Any, p: str) -> Any:
        return card_plays(h.players, h.rules.deck).of(p, h.legal_mask(p))

    def verified(h: Any, p: str) -> None:
        for play in plays(h, p):
            h.game.verify_play(play)

    parts: dict[str, Callable[..., Any]] = {
        "nothing (the loop, a copy's first touch)": lambda h, p: None,
        "the family: is_over() and ready_to_play()": lambda h, p: (
            h.game.is_over(),
            h.game.ready_to_play(),
        ),
        "the family's own actions (GameHand.legal_actions)": lambda h, p: h.game.legal_actions(),
        "the following rule: Hand.legal_mask(player)": lambda h, p: h.legal_mask(p),
        "the mask and its plays (CardPlays.of)": plays,
        "the mask, its plays, the family's verify_play": verified,
    }
    times: dict[str, list[float]] = {name: [] for name in parts}
    for _ in range(runs):
        for name, part in parts.items():
            unasked = [(h.copy(), p) for h, p in never_asked]
            times[name].append(timed_loop(part, unasked))
            del unasked
    rows: list[Row] = []
    for name in parts:
        us = min(times[name])
        rows.append((f"  first question, of it: {name}, us", us, first, us / first))
    return rows


INSTRUCTION_MODES = ("base", "first", "twice", "peer")


def instruction_child(mode: str, count: int) -> None:
    """One process measured by callgrind: the positions made (``base``), then the
    question asked once of each never-asked position (``first``), twice (``twice``), or
    the peer's ``legal_moves`` once on the same trick and holding (``peer``)."""
    hands = hand_positions(count)
    fresh = [(h.copy(), h.to_play()) for h in hands]
    peer = load_peer()
    drawn = [
        (
            h.contract.trump_suit,
            [c.code for c in (h.current_trick.cards if h.current_trick else [])],
            [c.code for c in h.holding(p)],
        )
        for h, p in fresh
    ]
    peer_args = _peer_positions(peer, drawn) if peer else []
    asks = {"base": 0, "first": 1, "twice": 2}.get(mode, 0)
    for _ in range(asks):
        for h, _p in fresh:
            h.legal_actions()
    if mode == "peer":
        for r, held in peer_args:
            r.legal_moves(held)


def instruction_figures(count: int = 2000) -> list[Row]:
    """P4 counted in instructions (``valgrind --tool=callgrind``, whole processes, the
    load of the machine left out): each mode's count less the ``base`` run's, per
    position, ours beside the peer's in the same run."""
    if shutil.which("valgrind") is None:
        print("callgrind: skipped (no valgrind)")
        return []
    counts: dict[str, int] = {}
    env = dict(os.environ, PYTHONHASHSEED="0")
    for mode in INSTRUCTION_MODES:
        cmd = [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--instruction-child",
            mode,
            "--positions",
            str(count),
        ]
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stderr
        counts[mode] = int(out.rsplit("Collected :", 1)[1].split()[0])
    base = counts["base"]
    first = (counts["first"] - base) / count
    again = (counts["twice"] - counts["first"]) / count
    them = (counts["peer"] - base) / count
    return [
        ("instructions: legal_actions(), first question vs peer", first, them, them / first),
        ("instructions: legal_actions(), asked again vs peer", again, them, them / again),
    ]


def _hand_agreement(hands: list[Any], peer_args: list[tuple[Any, list[Any]]]) -> int:
    from scorekeeper.cards import Card

    names = {"spades": "S", "hearts": "H", "clubs": "C", "diamonds": "D"}
    same = 0
    for hand, (r, held) in zip(hands, peer_args, strict=True):
        theirs = {Card.parse(str(c.rank()) + names[str(c.suit())]) for c in r.legal_moves(held)}
        ours = {a.card for a in hand.legal_actions() if a.is_play}
        same += theirs == ours
    return same


def _judge_us(rules: Any, drawn: list[tuple[str, list[str], list[str]]]) -> float:
    """The same query answered card by card by ``check_play`` (the path before the masks)."""
    from scorekeeper.cards import Card
    from scorekeeper.contract import Contract
    from scorekeeper.following import check_play

    following = rules.spec.following
    contracts = {s: Contract.from_rules(rules, "trump", s) for s in "CSHD"}
    args = [
        (contracts[t], [Card.parse(c) for c in trick], [Card.parse(c) for c in hand])
        for t, trick, hand in drawn
    ]

    def judged(contract: Any, trick: list[Any], hand: list[Any]) -> list[Any]:
        return [c for c in hand if check_play(following, contract, trick, c, hand)]

    return timed_loop(judged, args)


def _peer_positions(
    peer: Any, drawn: list[tuple[str, list[str], list[str]]]
) -> list[tuple[Any, list[Any]]]:
    rounds, cards = peer
    suits = {
        "S": cards.Suit.SPADES,
        "H": cards.Suit.HEARTS,
        "C": cards.Suit.CLUBS,
        "D": cards.Suit.DIAMONDS,
    }
    ranks = {r: cards.Rank(i) for i, r in enumerate(("7", "8", "9", "10", "J", "Q", "K", "A"))}

    def card(code: str) -> Any:
        return cards.Card(suits[code[-1]], ranks[code[:-1]])

    out = []
    for trump, trick, hand in drawn:
        r = rounds.Round(0, 0, suits[trump])
        for code in trick:
            r.play_card(card(code))
        out.append((r, [card(c) for c in hand]))
    return out


def _agreement(
    ours: list[tuple[Any, ...]],
    as_cards: list[tuple[Any, ...]],
    peer_args: list[tuple[Any, list[Any]]],
) -> int:
    """On how many positions the peer, our mask query and our card query allow the same."""
    from scorekeeper.cards import BY_INDEX, Card
    from scorekeeper.following import legal_cards

    names = {"spades": "S", "hearts": "H", "clubs": "C", "diamonds": "D"}
    same = 0
    for args, listed, (r, hand) in zip(ours, as_cards, peer_args, strict=True):
        theirs = {Card.parse(str(c.rank()) + names[str(c.suit())]) for c in r.legal_moves(hand)}
        allowed = legal_cards(*args)
        masked = {c for c in BY_INDEX if allowed >> c.index & 1}
        same += theirs == masked == set(legal_cards(*listed))
    return same


# ---------------------------------------------------------------------------- main
def show(rows: list[Row]) -> None:
    for name, value, yardstick, ratio in rows:
        print(f"{name:60} {value:12.3f} {yardstick:12.3f} {ratio:8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=("check", "memory", "legal", "instructions"))
    parser.add_argument("--instruction-child", choices=INSTRUCTION_MODES, help=argparse.SUPPRESS)
    parser.add_argument("--before", help="git revision whose check to time beside today's")
    args = parser.parse_args()
    if args.instruction_child:
        instruction_child(args.instruction_child, args.positions)
        return
    print(f"{'figure':60} {'value':>12} {'yardstick':>12} {'ratio':>8}")
    if args.only in (None, "legal"):
        show(legal_query_figures(args.positions, max(args.runs, 5)))
        show(hand_query_figures(args.positions, max(args.runs, 5)))
        show(family_query_figures(min(args.positions, 1500), args.runs))
    if args.only in (None, "instructions"):
        show(instruction_figures(min(args.positions, 2000)))
    if args.only in (None, "check"):
        show(check_figures(args.hands, args.runs, args.before))
    if args.only in (None, "memory"):
        show(memory_figures(args.hands))


if __name__ == "__main__":
    main()
