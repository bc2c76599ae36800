"""Perft for card games: how many legal action sequences lead from a fixed deal to depth d.

Run: python bench/perft.py [--depth D] [--seeds N] [RULESET ...]

For every rule set (or those named), N fixed seeded deals are recorded and, from the
start of the hand (before any declaration, bid or card), every sequence of actions that
``Hand.legal_actions()`` allows is followed to depth D. The script prints the number of
sequences per depth: a change in what the engine allows shows as a changed count, the way
chess engines check move generation against known perft numbers. Counts are exact and
repeatable; the time is printed beside them for information only.
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
from scorekeeper.cards import Card
from scorekeeper.hand import Hand
from scorekeeper.rules import Ruleset

PLAYERS = ["Anna", "Ben", "Carla", "Dirk", "Erik", "Frida"]


def start(rules: Ruleset, seed: int) -> tuple[list[str], dict[str, list[Card]]]:
    table = PLAYERS[: rules.player_counts[0]]
    hand = Hand(rules, table, table[0])
    return table, simulate.deal(rules, hand.players, random.Random(seed))


def rebuild(rules: Ruleset, table: list[str], deal: dict[str, list[Card]], history: list[Action]) -> Hand:
    hand = Hand(rules, table, table[0], deal=deal)
    for action in history:
        hand.apply(action)
    return hand


def perft(
    rules: Ruleset,
    table: list[str],
    deal: dict[str, list[Card]],
    history: list[Action],
    depth: int,
    counts: list[int],
) -> None:
    """Add to ``counts[d]`` the sequences of length d + 1 that extend ``history``."""
    hand = rebuild(rules, table, deal, history)
    actions = hand.legal_actions()
    counts[len(counts) - depth] += len(actions)
    if depth == 1:
        return
    for action in actions:
        perft(rules, table, deal, [*history, action], depth - 1, counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("rulesets", nargs="*")
    args = parser.parse_args()
    ids = args.rulesets or sorted(ruleset.available())
    header = " ".join(f"{'d=' + str(d):>10}" for d in range(1, args.depth + 1))
    print(f"{'rule set':<26}{'seed':>5} {header} {'seconds':>9}")
    for rule_set in ids:
        rules = ruleset.load(rule_set)
        for seed in range(args.seeds):
            table, deal = start(rules, seed)
            counts = [0] * args.depth
            began = time.perf_counter()
            perft(rules, table, deal, [], args.depth, counts)
            took = time.perf_counter() - began
            figures = " ".join(f"{c:>10}" for c in counts)
            print(f"{rule_set:<26}{seed:>5} {figures} {took:>9.2f}")


if __name__ == "__main__":
    main()
