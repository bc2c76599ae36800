"""The help's examples in the game's own words.

The help's English sources (and their German and Dutch words in the catalogue) give
Doppelkopf's examples: ``announce Ben re``, ``trick QC 10H AD 9D``, ``hand re=Anna,Carla
re_points=165``. When the help is asked at a table of another game (the current match's,
the event's, or the game a command names: ``explain klaverjassen --help``), each of
Doppelkopf's examples is replaced by that game's (``announce Ben pass``, ``trick JH 9H AH
10H``), both worded as the table writes them (cards by their short form, game words as
the table types them: ``Ben passe``, ``HB H9 HA H10``). The examples are data
(``examples.toml``), in the canonical words of the match file.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from scorekeeper.caches import memo

DATA = Path(__file__).with_name("examples.toml")
SOURCE = "doppelkopf"
"""The game whose examples the help's sources give."""
ENGLISH = "en"


@memo("cli.examples", "(none: the shipped examples file)", maxsize=None)
def _data() -> Mapping[str, Mapping[str, Any]]:
    with DATA.open("rb") as f:
        return tomllib.load(f)


def family_of(ruleset: str) -> tuple[str, str] | None:
    """(family, rule set id) of a rule set id or file, where one loads; else None."""
    from scorekeeper import ruleset as rs
    from scorekeeper.errors import ScorekeeperError

    try:
        rules = rs.load(ruleset)
    except (ScorekeeperError, OSError, ValueError):
        return None
    if rules.family not in _data():
        return None
    game = ruleset if "/" not in ruleset and not ruleset.endswith(".toml") else rules.id
    return rules.family, game


def _said_as(lang: str, family: str) -> Callable[[str], str]:
    from scorekeeper.table.native import phrase

    return lambda text: phrase(text, lang, family)


def _cards(text: str, lang: str) -> str:
    """``Anna:AH Ben:9H`` or ``KH QC 9S`` with each card as the table writes it."""
    from scorekeeper.table.native import card_form

    def one(word: str) -> str:
        name, sep, code = word.rpartition(":")
        return f"{name}{sep}{card_form(code, lang)}"

    return " ".join(one(w) for w in text.split())


def _named_facts(facts: str, lang: str, family: str) -> str:
    """Quick-hand facts (``playing=Carla trump=hearts``) as a table of ``lang`` types
    them: each fact by its name there (``spelend``), a suit by its word (``harten``);
    names and numbers as they are."""
    from scorekeeper.lang.terms import fact_name
    from scorekeeper.table.native import spoken

    out = []
    for item in facts.split():
        key, _, value = item.partition("=")
        value = spoken(value, lang, family) if key == "trump" else value
        out.append(shlex.quote(f"{fact_name(key, lang)}={value}"))  # 'spelend team=Carla'
    return " ".join(out)


def _option_set(key: str, value: str, lang: str) -> str:
    """``--set`` of an option by its name at the table (quoted where it has spaces)."""
    from scorekeeper.lang.terms import option_name, setting_value

    return f"--set {shlex.quote(f'{option_name(key, lang)}={setting_value(value, lang)}')}"


def _keyed(ex: Mapping[str, Any], lang: str, family: str, worded: bool) -> tuple[str, str, str]:
    """The examples that name facts or options (``facts``, ``amended``, ``set``): by their
    names at the table with ``worded``, else by their keys."""
    from scorekeeper.lang.terms import setting_value

    key, _, value = ex["set"].partition("=")
    if not worded:
        return ex["facts"], ex["amended"], f"--set {key}={setting_value(value, lang)}"
    return (
        _named_facts(ex["facts"], lang, family),
        _named_facts(ex["amended"], lang, family),
        _option_set(key, value, lang),
    )


def fragments(
    family: str, lang: str, game: str | None = None, *, worded: bool = True
) -> dict[str, str]:
    """Each example of ``family`` as the help writes it in ``lang``, by kind; with
    ``worded`` (as the help shows them) facts and options by their names at the table
    (``Re-Augen=165``, ``--set Fuchs=nein``), else by their keys, as the help's sources
    write Doppelkopf's (``re_points=165``, ``--set fox=nein``)."""
    from scorekeeper.lang.naming import card_name
    from scorekeeper.lang.terms import ruleset_name, spoken_topic
    from scorekeeper.table.native import card_form, spoken

    ex = _data()[family]
    said = _said_as(lang, family)
    game = game or ex["game"]
    players: list[str] = ex["players"]
    cards = [card_form(c, lang) for c in ex["trick"]]
    n = len(players)
    named = card_name(ex["trick"][0], "de" if lang == ENGLISH else lang, "full")
    spoken_list = [said(s) for s in ex["said"]]
    declared = [said(s) for s in ex["declared"]]
    actions = [said(a) for a in ex["actions"]]
    dealt = " ".join(card_form(c, lang) for c in ex["dealt"])
    deal = " ".join([f'"{players[0]}={dealt} ..."', *(f'"{p}=..."' for p in players[1:])])
    facts, amended, option = _keyed(ex, lang, family, worded)
    trump = f" --trump {spoken(ex['trump'], lang, family)}" if ex.get("trump") else ""
    out = {
        "set": option,
        "table": f"{game} {' '.join(players)}",
        "trick": " ".join(cards),
        "named": f"{players[1]} {named}",
        "played": f"{players[1]} {cards[0]}",
        "card": cards[0],
        "said": spoken_list[0],
        "said2": f"  |  scorekeeper announce {spoken_list[1]}" if len(spoken_list) > 1 else "",
        "words": ", ".join(spoken(w, lang, family) for w in ex["words"]),
        "declared": declared[0],
        "declared2": f"  |  scorekeeper declare {declared[1]}" if len(declared) > 1 else "",
        "declarations": ", ".join(spoken(w, lang, family) for w in ex["declarations"]),
        "acts": f'"{spoken_list[0]}" "{players[1]} {cards[0]}" "{players[2 % n]} {cards[1]}"',
        "deal": deal,
        "hand": " ".join([facts, *(f'-a "{a}"' for a in actions[:2])]),
        "entered": " ".join([facts, *(f'-a "{a}"' for a in actions[:1])]),
        "judged_facts": " ".join(
            [
                *(f"-f {shlex.quote(f)}" for f in shlex.split(facts)),
                *(f'-a "{a}"' for a in actions[:1]),
            ]
        ),
        "facts": facts,
        "amended": f"amend 4 {amended}",
        "judged": f'"{_cards(ex["judged"][0], lang)}" --player {players[min(2, n - 1)]}'
        f' --hand "{_cards(ex["held"], lang)}"{trump}',
        "judged_trick": f'"{_cards(ex["judged"][1], lang)}"{trump}',
        "topic": f"{game} {spoken_topic(ex['topic'], lang)}",
        "competition": ex["competition"] or "",
        "game_name": ruleset_name(game, lang),
        "game": game,
    }
    return out


def _pairs(family: str, game: str, lang: str) -> dict[str, str]:
    source = fragments(SOURCE, lang, worded=False)  # as the help's sources write them
    target = fragments(family, lang, game)
    pairs: dict[str, str] = {}
    for kind, old in source.items():
        new = target[kind]
        if not old or old == new or kind == "game_name":
            continue
        if kind == "competition" and not new:
            from scorekeeper.text import translate

            new = translate("help", "COMPETITION", lang)  # none plays it: the help's word
        pairs.setdefault(old, new)
        if old.lower() != old:  # the table's help writes what is typed in small letters
            pairs.setdefault(old.lower(), new.lower())
    return pairs


_FACTS = re.compile(r"Doppelkopf: [^\n]*?redeal=?\.")
"""The hand help's sentence on Doppelkopf's facts (one line once the help is flowed)."""


def filled(text: str, game: tuple[str, str] | None, lang: str) -> str:
    """A help text with the examples of ``game`` (family, rule set id) for Doppelkopf's,
    in ``lang``; as it is without a game, or at a Doppelkopf table of the sources' id."""
    if game is None and lang != ENGLISH:  # Doppelkopf's, as a table of the language types them
        game = (SOURCE, SOURCE)
    if game is None or (game == (SOURCE, SOURCE) and lang == ENGLISH) or not text:
        return text
    family, ruleset = game
    text = _FACTS.sub(lambda _: _facts_sentence(family, ruleset, lang), text)
    pairs = _pairs(family, ruleset, lang)
    if not pairs:
        return text
    found = re.compile("|".join(_guarded(p) for p in sorted(pairs, key=len, reverse=True)))
    return found.sub(lambda m: pairs[m.group(0)], text)


def _guarded(fragment: str) -> str:
    """A fragment as a pattern that matches whole words only (``QC``, not in ``QCX``; a
    rule set's id not inside a longer one: ``doppelkopf`` not in ``doppelkopf-ddv``,
    which was filled again into ``doppelkopf-ddv-ddv``)."""
    before = r"(?<![\w=])" if fragment[:1].isalnum() else ""
    after = r"(?![\w-])" if fragment[-1:].isalnum() else ""
    return before + re.escape(fragment) + after


def _facts_sentence(family: str, ruleset: str, lang: str) -> str:
    """``Klaverjassen (Amsterdam): playing=, trump=, ...`` (the keys as the command takes them)."""
    from scorekeeper import ruleset as rs
    from scorekeeper.games import family_for
    from scorekeeper.lang.terms import ruleset_name

    rules = rs.load(ruleset)
    from scorekeeper.lang.terms import fact_name

    keys = ", ".join(f"{fact_name(key, lang)}=" for key in family_for(rules).asked_keys(rules))
    return f"{ruleset_name(rules.name, lang)}: {keys}."
