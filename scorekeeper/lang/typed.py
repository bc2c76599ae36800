"""What a player typed, read in the match's language, by one reader for every writer: the
one-shot commands, the table session and whatever else records (a web page).

Card words become codes (``Kreuz Dame`` -> ``QC``), the game's words the match file's
words (``Ben Kontra`` -> ``Ben contra``), a quick hand's fact values the same; names and
numbers stay as typed. English input is handed on exactly as typed, so that what an
English table typed is stored (and refused) as it always was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset
    from scorekeeper.session import Session

__all__ = ["setting_key", "typed", "typed_cards", "typed_facts", "typed_options"]


def _rules(session: Session, rules: Ruleset | None) -> Ruleset:
    return rules if rules is not None else session.match.rules


def typed(
    session: Session,
    words: Sequence[str],
    rules: Ruleset | None = None,
    *,
    lang: str | None = None,
) -> list[str]:
    """What a player typed, read in the match's language (or ``lang``, a phone's own):
    canonical card codes and the match file's words (``Ben Kontra`` -> ``Ben contra``);
    names and numbers as typed. ``rules`` spares a replay (``amend`` reads words before
    the match replays)."""
    from scorekeeper.lang import DEFAULT
    from scorekeeper.text.language import match_lang

    lang = lang or match_lang(session.header)
    if lang == DEFAULT and len(words) <= 2 and not any(" " in w for w in words):
        return list(words)  # an actor and one word: nothing English reads otherwise
    from scorekeeper.lang.reading import translate

    family = _rules(session, rules).family
    return translate(words, lang, family=family, players=session.header.players)


def typed_cards(session: Session, words: Sequence[str], rules: Ruleset | None = None) -> list[str]:
    """Cards as a player of the match's language writes them, as codes. In English a word
    no reading knows is handed on as typed, so that its refusal stays the one it was."""
    from scorekeeper.errors import CardError
    from scorekeeper.lang import DEFAULT
    from scorekeeper.text.language import match_lang

    lang = match_lang(session.header)
    if lang == DEFAULT and all(_old_notation(w) for w in words):
        return list(words)
    from scorekeeper.lang.reading import read_cards

    try:
        rs = _rules(session, rules)
        return read_cards(words, lang, rs.deck, rs.family, hand_trump(session))
    except CardError:
        if lang == DEFAULT:
            return [w for word in words for w in word.replace(",", " ").split()]
        raise


def hand_trump(session: Session) -> str | None:
    """The suit that is trump in the hand being played (for ``nel``, the nine of trumps),
    or None: before trump is chosen, between hands, or a game without a trump suit."""
    played = session.match.open_hand
    if played is None or played.hand is None:
        return None
    suit = played.hand.contract.trump_suit
    return suit if isinstance(suit, str) else None


def _old_notation(word: str) -> bool:
    """A card word the old notation reads alone (``QC``, ``10h``, ``Q♣``)."""
    from scorekeeper.cards import Card

    return " " not in word.strip() and "," not in word and Card.read(word) is not None


def typed_facts(
    session: Session,
    facts: Sequence[str],
    rules: Ruleset | None = None,
    *,
    lang: str | None = None,
) -> list[str]:
    """Quick-entry ``KEY=VALUE`` facts with each value's words read in the match's
    language (or ``lang``, a phone's own: ``all_tricks=kontra`` -> ``all_tricks=contra``);
    English as typed."""
    from scorekeeper.lang import DEFAULT
    from scorekeeper.text.language import match_lang

    lang = lang or match_lang(session.header)
    if lang == DEFAULT:
        return list(facts)
    from scorekeeper.cards import SUIT_NAMES
    from scorekeeper.games import family_for
    from scorekeeper.lang.reading import read_suit
    from scorekeeper.lang.terms import fact_key

    rs = _rules(session, rules)
    keys = family_for(rs).quick_keys()
    out = []
    for fact in facts:
        key, sep, value = fact.partition("=")
        key = fact_key(key.strip(), keys, lang) if sep else key  # its name here: 'Re-Augen'
        suit = read_suit(value, lang) if key.strip() == TRUMP else None
        if suit is not None:  # the trump suit by its letter too (``R``, ``Kl``, ``Ka``)
            out.append(f"{key}={SUIT_NAMES[suit]}")
            continue
        items = [_fact_value(session, item, rules, lang) for item in value.split(",")]
        out.append(key + sep + ",".join(items) if sep else fact)
    return out


TRUMP = "trump"
"""The fact that names the hand's trump suit, in every game that has one."""


def _fact_value(session: Session, item: str, rules: Ruleset | None, lang: str) -> str:
    """One value of a fact in the match's language; an English word that only reads as a
    card by the letters of a suit at its end stays as typed (``solo=queens``, not QS). A
    player's cards (``Anna:H7 H8 H9``, a Klaberjass sequence) are read as every card typed
    at the table is, refused in the table's card forms."""
    from scorekeeper.lang.reading import card_readings

    who, colon, cards = item.partition(":")
    seated = {p.casefold() for p in session.header.players}
    if colon and who.strip().casefold() in seated and _cards_meant(cards, lang):
        from scorekeeper.lang.reading import read_cards

        rs = _rules(session, rules)
        return who + colon + " ".join(read_cards(cards, lang, rs.deck, rs.family))
    if len(item) > 3 and item.isalpha() and card_readings(item, "en"):
        return item
    return " ".join(typed(session, [item], rules, lang=lang))


def _cards_meant(text: str, lang: str) -> bool:
    """Whether the words after a player's colon are cards (some of them read as one, or
    several words: a sequence), not a number of points (``Anna:62``)."""
    from scorekeeper.lang.reading import card_readings

    words = text.replace(",", " ").split()
    if not words or all(w.isdigit() for w in words):
        return False
    return len(words) > 1 or any(card_readings(w, lang) for w in words)


def typed_options(ruleset: str, found: dict[str, object], lang: str) -> dict[str, object]:
    """``--set`` values as the table's language words them (what ``rules show`` and
    ``explain`` print: ``black_means=keine Stiche``, ``four_of_a_kind_ranks=A,K,D,10``)
    as the rule set's codes (``no_tricks``, ``A,K,Q,10``); a code, a number, yes and no
    and an unknown option stay as typed, for the rule set to accept or refuse."""
    from scorekeeper.lang import DEFAULT

    if lang == DEFAULT or not found:
        return found
    from scorekeeper import ruleset as rs

    specs = rs.load(ruleset).option_specs
    out = {setting_key(key, specs, lang): value for key, value in found.items()}
    for name, value in dict(out).items():
        spec = specs.get(name)
        if spec is None or not isinstance(value, str) or isinstance(spec.default, bool | int):
            continue
        if isinstance(spec.default, list):
            items = [_list_item(item.strip(), spec.default, lang) for item in value.split(",")]
            out[name] = ",".join(item for item in items if item)
        else:
            out[name] = _choice(value.strip(), spec.choices, lang)
    return out


def setting_key(key: str, specs: Iterable[str], lang: str) -> str:
    """An option's (or a competition setting's) key from its name in ``lang``, as ``rules
    show`` and ``explain`` print it (``gelijkspel`` -> ``tie``, ``Strafe für
    Nichtbedienen`` -> ``revoke_penalty``, ``Runden`` -> ``rounds``); a known key, and a
    name none has, stay as typed (for the rule set to accept or refuse)."""
    if key in specs or lang == "en":
        return key
    from scorekeeper.lang.data import fold, language

    voc = language(lang)
    form = " ".join(fold(key.replace("_", " ")).split())
    for name in specs:
        label = voc.sections.get(name) or voc.settings.get(name)
        if label and form == " ".join(fold(label).split()):
            return name
    return key


def _choice(word: str, choices: Sequence[object], lang: str) -> str:
    """An option's value as its code: the choice worded so (``keine Stiche``), else as
    typed."""
    from scorekeeper.lang.data import fold
    from scorekeeper.lang.terms import setting_value

    form = " ".join(fold(word).split())
    for choice in choices:
        if form in (fold(str(choice)), " ".join(fold(setting_value(str(choice), lang)).split())):
            return str(choice)
    return word


def _list_item(word: str, default: Sequence[object], lang: str) -> str:
    """An item of a list option as its code: a rank or a suit by its name or letter in
    ``lang`` (``D``, ``Dame`` -> ``Q``; ``Kreuz`` -> ``C``), as the option's own items
    are ranks or suits; else as typed."""
    from scorekeeper.lang.data import fold, language

    voc = language(lang)
    form = fold(word)
    for names in (voc.ranks, voc.suits):
        if default and all(str(item) in names for item in default):
            for code, name in names.items():
                if form in (fold(name.letter), fold(name.name)) or form in name.read:
                    return code
    return word
