"""Quick entry (``scorekeeper hand``): a hand from the score sheet's facts.

The facts are declared once, in ``FACTS``: each with its kind, its help, the tables that
use it and how it is read and checked. ``hand --keys`` and the parsing of the command
line (``quick_keys``), the refusal of an unknown key or of a key the table does not use,
and the checks of each value all come from that declaration. The challenges given as
actions (``Ben kraak``) are replayed through the same chain the full hand walks
(``announcements.Challenges``). Nat and pit are always worked out, never typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import scorekeeper.games.common as common
from scorekeeper.actions import Action, QuickKey
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.klaverjassen.announcements import Challenges
from scorekeeper.games.klaverjassen.bidding import EVERYBODY_PASSED
from scorekeeper.games.klaverjassen.notation import kraak_word, parse_suit, read_kraak, suit_label
from scorekeeper.games.klaverjassen.roem import (
    Roem,
    four_of_a_kind_ranks,
    most_roem,
    roem_values,
    tally,
)
from scorekeeper.games.klaverjassen.rules import spec
from scorekeeper.games.klaverjassen.scoring import Facts, hand_total, score
from scorekeeper.games.klaverjassen.sides import TEAM_KEYS, partnerships, side_names, side_of
from scorekeeper.reasons import because
from scorekeeper.record import record
from scorekeeper.result import HandResult, redeal_result

if TYPE_CHECKING:
    from scorekeeper.reasons import Reason
    from scorekeeper.rules import Ruleset

ANY, PAIRS, THREE = "any", "partners", "alone"  # which tables use a fact
QUICK_KINDS = ("int", "bool", "list", "word")


KIND_WORDS = {kind: because(f"klaverjassen.quick.kind_word.{kind}") for kind in QUICK_KINDS}
"""How each kind of quick fact is written, in words (a reason: the view's language)."""


@record(frozen=True)
class Fact(common.Fact):
    """A Klaverjassen fact: the shared declaration (kind, help, rule) plus the tables that
    use it and, if it must be given, the reason key of its absence."""

    table: str = ANY
    missing: str = ""

    def words(self, table: Any) -> str | Reason:
        if self.refusal is not None:
            return self.refusal(table)
        return because(
            "klaverjassen.quick.kind",
            self.rule,
            key=self.name,
            kind=KIND_WORDS[self.kind].worded(),  # a word in --json, as ever
        )


FACTS: tuple[Fact, ...] = (
    Fact(
        "playing",
        "word",
        "the playing team: one of its players (the trump maker) or team1 / team2",
        rule="teams",
        names="word",
        missing="klaverjassen.quick.missing_playing",
    ),
    Fact(
        "trump",
        "word",
        "the trump suit: hearts, diamonds, clubs, spades (or H D C S)",
        rule="trump",
        missing="klaverjassen.quick.missing_trump",
    ),
    Fact(
        "points",
        "int",
        "the playing team's card points with the last trick, 0 to 162",
        table=PAIRS,
        rule="card_points.total",
        missing="klaverjassen.quick.missing_points",
    ),
    Fact("roem", "int", "the roem the playing team counts (0 if declined)", "roem", table=PAIRS),
    Fact(
        "roem_other", "int", "the roem the other team counts (0 if declined)", "roem", table=PAIRS
    ),
    Fact(
        "points_of",
        "list",
        "three players: each player's card points as Name:points (last trick and discards included)",
        table=THREE,
        rule="card_points.total",
        names="colon",
    ),
    Fact(
        "roem_of",
        "list",
        "three players: each player's counted roem as Name:points",
        "roem",
        table=THREE,
        names="colon",
    ),
    Fact(
        "all_tricks",
        "bool",
        "false when a side has all 162 card points without having taken every trick",
    ),
    Fact(
        "revoke",
        "word",
        "a player of the side that revoked (or team1 / team2)",
        rule="teams",
        names="word",
    ),
    Fact(
        "kraak",
        "word",
        "Wilde Boom: the last challenge, kraak, rekraak or superkraak",
        rule="kraak",
    ),
    Fact("redeal", "bool", "true when everybody passed and the cards were thrown in"),
)
FACT = {f.name: f for f in FACTS}


def quick_keys() -> dict[str, QuickKey]:
    """The facts as the command line reads and lists them (``hand --keys``)."""
    return common.quick_keys(FACTS)


def asked_keys(rules: Ruleset) -> dict[str, QuickKey]:
    """The facts a table of ``rules`` is asked: those of its table (teams or three alone),
    and ``kraak`` only where the rule set has challenges."""
    mine = PAIRS if partnerships(rules) else THREE
    kraak = spec(rules).kraak is not None
    return {
        f.name: f.key() for f in FACTS if f.table in (ANY, mine) and (f.name != "kraak" or kraak)
    }


class QuickHand:
    """A hand read from the score sheet's facts, checked, and turned into ``Facts``."""

    def __init__(
        self,
        rules: Ruleset,
        table: list[str],
        facts: Mapping[str, Any],
        actions: Sequence[Action],
        *,
        entry: bool = False,
    ) -> None:
        self.entry = entry  # entered now: the checks old match files predate apply too
        self.rules = rules
        self.table = table
        self.given = dict(facts)
        self.actions = list(actions)
        self.sides = side_names(rules, table)
        self.partners = partnerships(rules)
        self.total = hand_total(rules)
        four_of_a_kind_ranks(rules)

    # -- refusals and readers
    def refuse(
        self, key: str, why: str, rule: str | None = None, **params: Any
    ) -> IllegalActionError:
        """The refusal of fact ``key``: reason ``klaverjassen.quick.WHY``, under the fact's
        rule unless ``rule`` names another."""
        rule = rule or (FACT[key].rule if key in FACT else "quick")
        reason = because(f"klaverjassen.quick.{why}", rule, key=key, **params)
        return IllegalActionError(reason, where=f"quick.{key}")

    def needed(self, key: str) -> Any:
        if key not in self.given:
            missing = FACT[key].missing.removeprefix("klaverjassen.quick.")
            raise self.refuse(key, missing, total=self.total)
        return self.given[key]

    def _side(self, key: str, text: Any) -> tuple[str, str | None]:
        """(side, player or None) for a player name or team1/team2."""
        word = str(text).strip()
        if self.partners and word.lower() in TEAM_KEYS:
            side = list(self.sides)[TEAM_KEYS.index(word.lower())]
            return side, None
        player = self._player(key, word)
        return side_of(self.sides, player), player

    def _player(self, key: str, word: str) -> str:
        matches = [p for p in self.table if p == word] or [
            p for p in self.table if p.lower() == word.lower()
        ]
        if len(matches) != 1:
            why = "not_player_or_team" if self.partners else "not_player"
            raise self.refuse(key, why, "teams", word=repr(word), players=self.table)
        return matches[0]

    def _int(self, key: str, value: Any, low: int, high: int) -> int:
        rule = FACT[key].rule
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise self.refuse(key, "not_whole", rule, value=repr(value)) from None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.refuse(key, "out_of_range", rule, low=low, high=high)
        return value

    def _roem_amount(self, key: str, value: Any) -> int:
        amount = self._int(key, value, 0, most_roem(self.rules))
        if tally(self.rules, amount) is None:
            raise self.refuse(
                key, "roem_impossible", "roem", amount=amount, values=roem_values(self.rules)
            )
        return amount

    def _per_player(self, key: str, value: Any) -> dict[str, str]:
        entries = value if isinstance(value, list) else [value]
        out: dict[str, str] = {}
        for entry in entries:
            name, sep, amount = str(entry).partition(":")
            if not sep:
                raise self.refuse(key, "entry", "quick", entry=repr(entry))
            player = self._player(key, name.strip())
            if player in out:
                raise self.refuse(key, "named_twice", "quick", player=player)
            out[player] = amount.strip()
        return out

    # -- the facts, in the order a refusal should come
    def _check_keys(self) -> None:
        """Unknown keys and values of the wrong kind (``common.read_facts``), then keys
        this table does not use."""
        given = self.given
        common.read_facts(FACTS, given, self)
        mine = PAIRS if self.partners else THREE
        instead = [f.name for f in FACTS if f.table == mine]
        for fact in FACTS:
            if fact.table not in (ANY, mine) and fact.name in given:
                raise self.refuse(
                    fact.name, "other_table", "quick", game=self.rules.name, instead=instead
                )

    def _trump(self) -> str:
        given = self.needed("trump")
        try:
            return parse_suit(self.rules, str(given), "quick")
        except IllegalActionError:
            raise self.refuse("trump", "not_suit", "trump", word=repr(str(given))) from None

    def _taken(self, key: str, points: int, trump: str, who: str) -> None:
        """Card points must be what whole tricks (with the last trick's bonus and any
        cards laid away) can make with these trumps. A check for new entries: match files
        written before it load as they always did."""
        if not self.entry:
            return
        rs = spec(self.rules)
        possible = common.taken_points(
            self.rules,
            len(self.table),
            trump,
            last_trick=rs.play.last_trick_bonus or 0,
            laid_away=rs.talon.discard if rs.talon else 0,
        )
        if points not in possible:
            raise self.refuse(
                key, "unreachable", "card_points", who=who, points=points, trump=suit_label(trump)
            )

    def _team_points(self, playing: str, trump: str) -> tuple[dict[str, int], dict[str, int]]:
        mine = self._int("points", self.needed("points"), 0, self.total)
        self._taken("points", mine, trump, playing)
        other = next(s for s in self.sides if s != playing)
        points = {playing: mine, other: self.total - mine}
        roem = {
            playing: self._roem_amount("roem", self.given.get("roem", 0)),
            other: self._roem_amount("roem_other", self.given.get("roem_other", 0)),
        }
        return points, roem

    def _player_points(self, trump: str) -> tuple[dict[str, int], dict[str, int]]:
        total = self.total
        given_points = self._per_player("points_of", self.given.get("points_of", []))
        points = {p: self._int("points_of", text, 0, total) for p, text in given_points.items()}
        missing = [p for p in self.table if p not in given_points]
        if len(missing) > 1:
            raise self.refuse("points_of", "points_missing", players=missing)
        if missing:
            rest = total - sum(points.values())
            if rest < 0:
                raise self.refuse("points_of", "points_over", total=total)
            points[missing[0]] = rest
        if sum(points.values()) != total:
            raise self.refuse("points_of", "points_sum", total=total, sum=sum(points.values()))
        for player in self.table:
            self._taken("points_of", points[player], trump, player)
        given_roem = self._per_player("roem_of", self.given.get("roem_of", []))
        roem = {p: self._roem_amount("roem_of", given_roem.get(p, 0)) for p in self.table}
        return {p: points[p] for p in self.table}, roem

    def _roem_total(self, roem: Mapping[str, int]) -> None:
        """Every side's roem comes from the same cards: together no more than a hand holds."""
        together, most = sum(roem.values()), most_roem(self.rules)
        if together > most:
            key = "roem_other" if self.partners else "roem_of"
            raise self.refuse(key, "roem_total", "roem", sum=together, most=most)

    def _pit(self, points: Mapping[str, int], roem: Mapping[str, int]) -> str | None:
        all_tricks = self.given.get("all_tricks", True)
        full = [s for s in self.sides if points[s] == self.total]
        pit = full[0] if full and all_tricks else None
        if all_tricks is False and not full:
            raise self.refuse("all_tricks", "all_tricks", total=self.total)
        if "all_tricks" in self.given and all_tricks is True and not full:
            raise self.refuse("all_tricks", "all_tricks_true", total=self.total)
        if pit is not None and spec(self.rules).declarations is None:
            for s in self.sides:
                if s != pit and roem[s]:
                    key = "roem_other" if self.partners else "roem_of"
                    raise self.refuse(
                        key, "no_tricks_no_roem", "roem", side=s, total=self.total, pit=pit
                    )
        return pit

    def result(self) -> HandResult:
        rules, given = self.rules, self.given
        self._check_keys()
        if given.get("redeal"):
            if spec(rules).trump.all_pass != "redeal":
                raise self.refuse("redeal", "no_redeal", "trump.all_pass", game=rules.name)
            others = [k for k in given if k != "redeal"]
            if others:
                raise self.refuse(others[0], "redeal_alone", "trump.all_pass", keys=others)
            return redeal_result(self.table, EVERYBODY_PASSED, "trump.all_pass")
        playing, maker = self._side("playing", self.needed("playing"))
        trump = self._trump()
        points, roem_amounts = (
            self._team_points(playing, trump) if self.partners else self._player_points(trump)
        )
        self._roem_total(roem_amounts)
        pit = self._pit(points, roem_amounts)
        revoke = self._side("revoke", given["revoke"])[0] if "revoke" in given else None
        kraak = self._kraak(playing, maker)
        roem = {
            s: ([Roem("roem", roem_amounts[s], "roem")] if roem_amounts[s] else [])
            for s in self.sides
        }
        return score(
            rules,
            self.table,
            Facts(
                sides={s: list(m) for s, m in self.sides.items()},
                playing=playing,
                trump=trump,
                points=points,
                roem=roem,
                pit=pit,
                kraak=kraak,
                revoke=revoke,
                maker=maker,
            ),
        )

    # -- the challenges: given as actions, replayed through the one chain, or as a fact
    def _kraak(self, playing: str, maker: str | None) -> int:
        chain = Challenges(self.rules, self.sides)
        levels = chain.levels
        for action in self.actions:
            kraak = read_kraak(self.rules, action) if levels else None
            if kraak is None:
                why = "klaverjassen.quick.action_levels" if levels else "klaverjassen.quick.action"
                raise IllegalActionError(because(why, "quick", action=str(action), levels=levels))
            chain.verify(kraak, playing, maker)
            chain.apply(kraak)
        if "kraak" not in self.given:
            return len(chain)
        level = self._kraak_fact(levels)
        if self.actions and level != len(chain):
            raise self.refuse("kraak", "kraak_disagrees")
        return level

    def _kraak_fact(self, levels: Sequence[str]) -> int:
        word = kraak_word(self.rules, str(self.given["kraak"]))
        if word in ("none", "0", ""):
            return 0
        if word in levels:
            return levels.index(word) + 1
        if levels:
            raise self.refuse("kraak", "kraak_word", levels=levels)
        raise self.refuse("kraak", "no_kraak", game=self.rules.name)


def score_quick(
    rules: Ruleset,
    table: Sequence[str],
    facts: Mapping[str, Any],
    actions: Sequence[Action],
    *,
    entry: bool = False,
) -> HandResult:
    """The value of a quick hand; ``entry``: entered now rather than replayed from a file."""
    return QuickHand(rules, list(table), facts, actions, entry=entry).result()


__all__ = ["FACTS", "Fact", "QuickHand", "quick_keys", "score_quick"]
