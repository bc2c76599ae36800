"""Perft for card games: how many legal action sequences lead from a fixed deal to depth d.

Run: python bench/perft.py [--depth D] [--seeds N] [--after N] [--compare] [RULESET ...]

For every rule set (or those named), N fixed seeded deals are recorded and, from the
start of the hand (before any declaration, bid or card), every sequence of actions that
``Hand.legal_actions()`` allows is followed to depth D, on one hand object: each action
pushed and popped (``Hand.push``, ``Hand.pop``, as python-chess's ``Board``). The script
prints the number of sequences per depth: a change in what the engine allows shows as a
changed count, the way chess engines check move generation against known perft numbers.
Counts are exact and repeatable; the CPU seconds are printed beside them for information
(``--compare``: beside a hand rebuilt from the deal for every sequence, as before
``push``; ``--after N``: from the position after N actions of a seeded random line).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import ruleset, simulate
from scorekeeper.actions import Action
from scorekeeper.hand import Hand
from scorekeeper.rules import Ruleset

PLAYERS = ["Anna", "Ben", "Carla", "Dirk", "Erik", "Frida"]


def start(rules: Ruleset, seed: int) -> Hand:
    """The hand dealt with ``seed`` at the start, before any declaration, bid or card."""
    table = PLAYERS[: rules.player_counts[0]]
    players = Hand(rules, table, table[0]).players
    return Hand(rules, table, table[0], deal=simulate.deal(rules, players, random.Random(seed)))


def perft(hand: Hand, depth: int, counts: list[int]) -> None:
    """Add to ``counts[d]`` the sequences of length d + 1 that extend the hand as it is:
    each action pushed, counted from, and popped (``Hand.push``, ``Hand.pop``)."""
    actions = hand.legal_actions()
    counts[len(counts) - depth] += len(actions)
    if depth == 1:
        return
    for action in actions:
        hand.push(action)
        perft(hand, depth - 1, counts)
        hand.pop()


def rebuilt(hand: Hand, line: list[Action], depth: int, counts: list[int]) -> None:
    """The yardstick of ``--compare``: the same count the way it was made before
    ``Hand.push``, a hand rebuilt from its deal and ``line`` for every sequence."""
    again = Hand(hand.rules, hand.table, hand.dealer, deal=hand.dealt)
    for action in line:
        again.apply(action)
    actions = again.legal_actions()
    counts[len(counts) - depth] += len(actions)
    if depth == 1:
        return
    for action in actions:
        rebuilt(hand, [*line, action], depth - 1, counts)


def advanced(hand: Hand, actions: int, seed: int) -> list[Action]:
    """Play up to ``actions`` actions of a seeded random line (a card where one is
    allowed) and return them: a position in the middle of the hand."""
    rng = random.Random(seed)
    line: list[Action] = []
    while len(line) < actions and (allowed := hand.legal_actions()):
        line.append(rng.choice([a for a in allowed if a.is_play] or allowed))
        hand.apply(line[-1])
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--after", type=int, default=0, help="count from after N actions")
    parser.add_argument(
        "--compare", action="store_true", help="also time a hand rebuilt for every sequence"
    )
    parser.add_argument("rulesets", nargs="*")
    args = parser.parse_args()
    ids = args.rulesets or sorted(ruleset.available())
    header = " ".join(f"{'d=' + str(d):>10}" for d in range(1, args.depth + 1))
    print(f"{'rule set':<26}{'seed':>5} {header} {'seconds':>9}")
    for rule_set in ids:
        rules = ruleset.load(rule_set)
        for seed in range(args.seeds):
            hand = start(rules, seed)
            line = advanced(hand, args.after, seed)
            counts = [0] * args.depth
            began = time.process_time()
            perft(hand, args.depth, counts)
            took = time.process_time() - began
            figures = " ".join(f"{c:>10}" for c in counts)
            print(f"{rule_set:<26}{seed:>5} {figures} {took:>9.3f}", end="")
            if args.compare:
                again = [0] * args.depth
                began = time.process_time()
                rebuilt(hand, line, args.depth, again)
                before = time.process_time() - began
                assert again == counts, (again, counts)
                print(f"  rebuilt: {before:.3f} s, {before / max(took, 1e-9):.1f}x", end="")
            print()


if __name__ == "__main__":
    main()
